"""missing-unit's false-finding classes read on holdout 13 (2026-12-06): lengths on a design canvas, a stroke's
weight, a unit price on an order line, a person's age on an identity check and an order size in shares. Each stays
quiet where the text settles it and still fires where it does not, in English and Chinese."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool


@pytest.mark.parametrize("description, name", [
    ("Set padding values for an auto-layout frame in Figma", "paddingLeft"),
    ("Resize a node in Figma", "width"),
    ("Set the corner radius of a node in Figma", "radius"),
    ("在 Figma 中创建文本节点", "fontSize"),
])
def test_lengths_on_a_design_canvas_are_pixels(description, name):
    assert not fires("missing-unit", _tool("edit_node", description, {name: {"type": "number"}}))


@pytest.mark.parametrize("description, name", [("Set the margins of the printed page.", "padding"),
                                               ("设置打印页面的边距。", "width")])
def test_a_length_off_the_canvas_still_fires(description, name):
    assert fires("missing-unit", _tool("set_page", description, {name: {"type": "number"}}))


@pytest.mark.parametrize("name, text", [("weight", "Stroke weight"), ("strokeWeight", "Weight of the outline"),
                                        ("weight", "描边线宽")])
def test_a_stroke_weight_is_no_mass(name, text):
    assert not fires("missing-unit", _tool("set_stroke", "Set a node's stroke.",
                                           {name: {"type": "number", "description": text}}))


@pytest.mark.parametrize("text", ["Parcel weight", "包裹重量"])
def test_a_parcel_weight_still_fires(text):
    assert fires("missing-unit", _tool("ship", "Ship a parcel.", {"weight": {"type": "number", "description": text}}))


def test_a_rate_on_an_order_line_is_a_unit_price():
    line = {"type": "object", "properties": {"item_code": {"type": "string"}, "qty": {"type": "number"},
                                             "rate": {"type": "number"}}}
    assert not fires("missing-unit", _tool("purchase_order_create", "Create a purchase order.",
                                           {"items": {"type": "array", "items": line}}))


@pytest.mark.parametrize("text", ["New default selling rate", "新的默认单价"])
def test_a_selling_rate_is_a_price(text):
    assert not fires("missing-unit", _tool("item_update", "Update an item.",
                                           {"standard_rate": {"type": "number", "description": text}}))


@pytest.mark.parametrize("text", ["Interest rate of the loan", "贷款利率"])
def test_an_interest_rate_still_asks_percent_or_fraction(text):
    assert fires("missing-unit", _tool("loan_quote", "Quote a loan.", {"rate": {"type": "number", "description": text}}))


@pytest.mark.parametrize("description", ["Verify an identity document from its images. Returns OCR data.",
                                         "核验身份证件图片，返回识别出的数据。"])
def test_an_age_limit_of_an_identity_check_is_in_years(description):
    prop = {"minimum_age": {"type": "number", "description": "Decline if the extracted age is below this value"}}
    assert not fires("missing-unit", _tool("id_verification", description, prop))


def test_the_age_of_a_cache_entry_still_fires():
    prop = {"max_age": {"type": "number", "description": "Serve cached responses younger than this"}}
    assert fires("missing-unit", _tool("fetch_page", "Fetch a page through the cache.", prop))


@pytest.mark.parametrize("description", ["Place an order; the response carries its data. Minimum size 5 shares.",
                                         "下单，返回订单数据。最小 size 为 5 lots。"])
def test_an_order_size_in_shares_states_its_unit(description):
    assert not fires("missing-unit", _tool("place_order", description, {"size": {"type": "number"}}))


def test_an_order_size_with_no_unit_still_fires():
    assert fires("missing-unit", _tool("place_order", "Place an order; the response carries its data.",
                                       {"size": {"type": "number"}}))
