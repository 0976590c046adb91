"""False-finding classes read on holdout 13 (2026-12-06). missing-unit: lengths on a design canvas, a stroke's
weight, a unit price on an order line, a person's age on an identity check and an order size in shares.
missing-param-description: an `Args:` entry two names share (`t0, t1: ...`) and a shape given in prose
(`data: {x, y}`). values-only-in-prose: a quoted tuple (`'(col,year,month)'`). Each stays quiet where the text
settles it and still fires where it does not, in English and Chinese; the docstring case is listed by the mcp SDK's
own server, as FastMCP-style servers send it."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint


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


# missing-param-description: two names sharing one `Args:` entry; a shape written in prose.

def test_two_names_that_share_an_args_entry_are_both_documented():
    def create_session(t0: int | str, t1: int | str, seed: int = 42, w: int = 0) -> str:
        """Create a replay session.

        Args:
          t0, t1: window bounds, unix milliseconds or "YYYY-MM-DD" (UTC
            midnight); span at most 90 days.
          seed: reproducibility seed.
        """
        return ""

    undocumented = [f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(listed(create_session))
                    if f.rule == "missing-param-description"]
    assert undocumented == ["w"]


def test_two_names_sharing_a_chinese_entry_are_documented():
    description = "创建回放会话。\n\n参数：\n    t0, t1: 时间窗口的起止，毫秒时间戳\n"
    props = {"t0": {"type": "integer"}, "t1": {"type": "integer"}}
    assert not fires("missing-param-description", _tool("create_session", description, props))


@pytest.mark.parametrize("description", [
    "Annotation.\n\nOperations:\n  create_text — data: {x, y, text}\n  delete — data: {entity_id}\n",
    "标注。\n\n操作：\n  create_text — data: {x, y, text}\n",
])
def test_a_shape_given_in_prose_documents_a_plain_name(description):
    props = {"operation": {"type": "string", "enum": ["create_text", "delete"]}, "data": {"type": "object"}}
    assert not fires("missing-param-description", _tool("annotation", description, props))


@pytest.mark.parametrize("description", ["Annotation. The data is returned as is.", "标注。返回 data。"])
def test_a_plain_name_only_mentioned_still_fires(description):
    props = {"operation": {"type": "string", "enum": ["create_text"]}, "data": {"type": "object"}}
    assert fires("missing-param-description", _tool("annotation", description, props))


# values-only-in-prose: a tuple in quotes is one literal value, not a list in parentheses.

@pytest.mark.parametrize("text", ["A date column and its parts: '(col,year)', '(col,year,month)' or '(col,year,week)'.",
                                  "日期列与时间粒度，写作 \"(col,year,month)\"。"])
def test_a_quoted_tuple_is_no_value_list(text):
    assert not fires("values-only-in-prose", _tool("transfer", "Copy a table.",
                                                   {"distribute_key_column": {"type": "string", "description": text}}))


def test_words_in_a_bare_parenthesis_still_list_values():
    text = "Partitioning method (rangeid, random, ntile)"
    assert fires("values-only-in-prose", _tool("transfer", "Copy a table.",
                                               {"method": {"type": "string", "description": text}}))
