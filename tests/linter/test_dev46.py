"""Two forms of allowed values from the pooled misses of holdouts 35 to 45 (values-only-in-prose, 2026-12-07):
- a labelled list whose every value is quoted may hold capitalised values ("Filter by type: "StaticBuiltIn",
  "DynamicBuiltIn", "Custom""): the quotes mark literals, where bare capitalised words may be English;
- quoted words alone in a parenthesis that hold the parameter's default are its set ("Taint classification
  ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR')" of a parameter whose default is `UNTRUSTED_INFLOW`)."""

from __future__ import annotations

import pytest
from helpers import fires, mcp_tool

_ENTRY = "Search element properties.\n\n    Args:\n        search: Search text.\n        {name}: {entry}\n    "


def _tool(name: str, entry: str, default: str | None = None) -> str:
    prop: dict = {"type": "string", "title": name.replace("_", " ").title()}
    if default is not None:
        prop["default"] = default
    return mcp_tool("get_properties", _ENTRY.format(name=name, entry=entry), {"search": {"type": "string"}, name: prop})


@pytest.mark.parametrize("entry", [
    'Filter by type: "StaticBuiltIn", "DynamicBuiltIn", "Custom"',
    "Filter by type: 'Static', 'Dynamic' or 'Custom'.",
    '按类型过滤。Property type: "StaticBuiltIn", "DynamicBuiltIn", "Custom"',
])
def test_a_labelled_list_of_quoted_capitalised_values_is_the_set(entry):
    assert fires("values-only-in-prose", _tool("property_type", entry))


@pytest.mark.parametrize("entry", [
    "Filter by type: Static, Dynamic, Custom",  # bare capitalised words: maybe English
    'Filter by type, e.g.: "StaticBuiltIn", "DynamicBuiltIn", "Custom"',
    'Filter by unit: "Length", "Area", "Volume"',  # the label names no part of `property_type`
    '按类型过滤，例如："StaticBuiltIn", "DynamicBuiltIn" 等',
])
def test_quoted_examples_or_another_label_are_not_the_set(entry):
    assert not fires("values-only-in-prose", _tool("property_type", entry))


@pytest.mark.parametrize("entry, default", [
    ("Taint classification of the instruction ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR').", "UNTRUSTED_INFLOW"),
    ('Type of join ("left", "right").', "left"),
    ("指令的污染分类（'UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR'）。", "VERIFIED_OPERATOR"),
])
def test_quoted_words_in_a_parenthesis_holding_the_default_are_the_set(entry, default):
    assert fires("values-only-in-prose", _tool("origin_taint", entry, default))


@pytest.mark.parametrize("entry, default", [
    ("Taint classification of the instruction ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR').", "OTHER"),
    ("Taint classification of the instruction ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR').", None),
    ("Taint classification, such as ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR').", "UNTRUSTED_INFLOW"),
    ("指令的污染分类，例如（'UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR'）。", "UNTRUSTED_INFLOW"),
])
def test_quoted_words_without_the_default_or_as_examples_are_not_the_set(entry, default):
    assert not fires("values-only-in-prose", _tool("origin_taint", entry, default))
