"""missing-unit: `baud_rate` counts in bauds, and a number beside a sibling named for it and `_type` (`width` beside `width_type`, "points" or
"percent"; read on holdout 22's second batch, a tuning set once measured, 2026-12-07): the sibling picks the unit,
as a `unit` sibling does. A `width` alone, or beside an unrelated `_type`, is still reported."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("siblings, reported", [
    ({"width_type": {"type": "string", "default": "points"}}, False),
    ({"width_kind": {"type": "string"}}, False),
    ({"border_type": {"type": "string"}}, True),
    ({}, True),
])
def test_a_sibling_that_picks_the_unit(siblings, reported):
    properties = {"width": {"type": "number", "description": "Column width"}, **siblings}
    assert fires("missing-unit", _tool("set_column_width", "设置表格列宽。", properties)) is reported


def test_width_and_its_type_listed_by_the_sdk():
    def set_column_width(filename: str, width: float, width_type: str = "points") -> str:
        """设置表格列宽。

        Args:
            filename: 文档路径
            width: 列宽
            width_type: 宽度类型
        """
        return ""

    def set_column_width_alone(filename: str, width: float) -> str:
        """设置表格列宽。

        Args:
            filename: 文档路径
            width: 列宽
        """
        return ""

    assert _reported("missing-unit", listed(set_column_width)) == []
    assert _reported("missing-unit", listed(set_column_width_alone)) == ["width"]


@pytest.mark.parametrize("name, reported", [("baud_rate", False), ("baudrate_bps", False), ("data_rate", True)])
def test_baud_is_a_unit(name, reported):
    assert fires("missing-unit", _tool("open_serial", "Open the serial port.", {
        name: {"type": "integer", "default": 115200, "description": "Serial rate"}})) is reported

