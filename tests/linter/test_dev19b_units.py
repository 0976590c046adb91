"""missing-unit from holdout 19's first batch (a tuning set once measured, 2026-12-06): an `amount` that is a
strength or a blend ("isolation strength (0-100)", "blends toward it: 0.5 = halfway") is no money; the `size` of
bold or italic text is a font size, no bytes; "만원 단위" and `_manwon` state the scale of Korean won. A money
amount of a payment and a file's size still need theirs. The docstring case is listed by the `mcp` SDK's own
server."""

from __future__ import annotations

import json

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

import toollint


@pytest.mark.parametrize("tool_name, tool_description, name, prop", [
    ("set_voice_isolation", "Set voice isolation on an audio track.", "amount",
     {"type": "integer", "description": "isolation strength (0-100, default 50)"}),
    ("set_pose", "Command a named pose.", "amount", {"type": "number", "description": "混合强度：1 为原样，0.5 为一半"}),
    ("emphasize_text", "Apply bold, italic or a size to matched text and write a new file.", "size", {"type": "number"}),
    ("salary_net_pay", "한국 연봉 실수령액 계산.", "annual_salary", {"type": "number",
                                                               "description": "세전 연봉 (만원 단위, 예: 4000)"}),
    ("salary_net_pay", "Korean net take-home pay.", "annual_salary_manwon", {"type": "number"}),
])
def test_a_number_whose_unit_is_said_or_needs_none(tool_name, tool_description, name, prop):
    assert not fires("missing-unit", _tool(tool_name, tool_description, {name: prop}))


@pytest.mark.parametrize("tool_name, tool_description, name, prop", [
    ("refund_order", "Refund an order to the customer.", "amount", {"type": "number", "description": "Refund amount"}),
    ("refund_order", "为订单退款。", "amount", {"type": "number", "description": "退款金额"}),
    ("upload_file", "Upload a file to the bucket.", "size", {"type": "integer", "description": "The file's size"}),
])
def test_a_number_that_still_needs_its_unit(tool_name, tool_description, name, prop):
    assert fires("missing-unit", _tool(tool_name, tool_description, {name: prop}))


def test_an_effects_amount_listed_by_the_sdk():
    def set_voice_isolation(track: int, amount: int = 50) -> str:
        """Set voice isolation on an audio track.

        Args:
            track: 1-based audio track number
            amount: isolation strength (0-100)
        """
        return ""

    def charge_card(card_token: str, amount: float) -> str:
        """Charge a card.

        Args:
            card_token: the card's token from tokenize_card
            amount: how much to charge
        """
        return ""

    assert _reported("missing-unit", listed(set_voice_isolation, charge_card)) == ["amount"]


@pytest.mark.parametrize("tool_name, tool_description, name, prop", [
    ("ap_update_installment", "Atualiza uma parcela de um título a pagar.", "interest_amount",
     {"type": "number", "description": "Valor de juros (0 a 9999999999.99, máx 2 decimais, ex: 10.00)"}),
    ("update_bill", "Update a bill.", "fine_amount", {"type": "number", "description": "Fine, e.g. 10.00"}),
    ("volunteer_time_value", "Value volunteer time for an annual report.", "hourly_rate",
     {"type": "number", "default": 0.0}),
    ("calculate_solution", "Calculate a solution's numbers.", "total_amount",
     {"type": "number", "description": "Volume of the solution"}),
])
def test_money_whose_scale_is_shown_or_an_amount_of_something_else(tool_name, tool_description, name, prop):
    assert not fires("missing-unit", _tool(tool_name, tool_description, {name: prop}))


@pytest.mark.parametrize("name, prop, said", [
    ("solute_amount", {"type": "number", "description": "Mass of the solute"}, "is a weight"),
    ("solute_amount", {"type": "number", "description": "质量（溶质）"}, "is a weight"),
    ("fee_amount", {"type": "number", "description": "The fee", "default": 0.0}, "is an amount of money"),
])
def test_an_amount_of_a_mass_or_money_without_scale(name, prop, said):
    findings = [f for f in toollint.lint([json.loads(_tool("prepare_solution", "Prepare a solution.", {name: prop}))])
                if f.rule == "missing-unit"]
    assert len(findings) == 1 and said in findings[0].message
