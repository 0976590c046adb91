"""The documentation view reads a Chinese parameter section in traditional script (`參數：`, `參數說明`, `請求參數`) as
it reads `参数：`, and its `返回結果：`/`輸出：` section as what comes back. Read in the parameter-section audit after
holdout 20 (3 of the 24 Chinese-language files of the corpora are in traditional script, 2026-12-06). Listed by the
`mcp` SDK's own server, as FastMCP-style servers send them."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import reported_params as _reported

from toollint.linter.docview import parse


@pytest.mark.parametrize("header", ["參數：", "參數說明：", "請求參數:", "**參數**", "参数："])
def test_a_traditional_parameter_section_is_read(header):
    docs = parse(f"查詢訂單。\n\n{header}\n    order_no: 訂單編號，例如 SO20260101\n    weight: 包裹重量（公斤）\n",
                 ("order_no", "weight"))
    assert docs.entry("order_no").text == "訂單編號，例如 SO20260101"
    assert docs.entry("weight").text == "包裹重量（公斤）"
    assert "order_no" not in docs.prose


def test_a_one_line_traditional_section_is_read():
    docs = parse("查詢訂單。參數：order_no：訂單編號，例如 SO20260101", ("order_no",))
    assert docs.entry("order_no").text == "訂單編號，例如 SO20260101"


def test_a_traditional_section_documents_parameters_of_an_sdk_listing():
    def ship(parcel: dict, mode: str = "fast") -> str:
        """寄送包裹。

        參數：
            parcel: 包裹資料，鍵為 weight_kg（公斤）與 to（收件地址）
            mode: 寄送方式，fast 表示隔日送達，slow 表示三日內

        返回結果：
            追蹤編號
        """
        return ""

    def ship_undocumented(parcel: dict, mode: str = "fast") -> str:
        """寄送包裹，返回追蹤編號。"""
        return ""

    assert _reported("missing-param-description", listed(ship)) == []
    assert _reported("missing-param-description", listed(ship_undocumented)) == ["parcel", "mode"]
