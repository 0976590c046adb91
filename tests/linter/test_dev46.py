"""Two forms of allowed values from the pooled misses of holdouts 35 to 45 (values-only-in-prose, 2026-12-07):
- a labelled list whose every value is quoted may hold capitalised values ("Filter by type: "StaticBuiltIn",
  "DynamicBuiltIn", "Custom""): the quotes mark literals, where bare capitalised words may be English;
- quoted words alone in a parenthesis that hold the parameter's default are its set ("Taint classification
  ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR')" of a parameter whose default is `UNTRUSTED_INFLOW`).
And holdout 45's false relative-path findings: the `path` of a tool about the nodes of a tree ("Get children of a
node"), which no word puts on a disk, is a node's place.
After holdout 46 (a tuning set from then on): missing-unit reads Korean's 년, 일 and 주 after a number or in
parentheses, and a length of a buffer or pattern as counted in its bytes; values-only-in-prose advises an `enum`
that keeps an empty default."""

from __future__ import annotations

import pytest
from helpers import fires, helps, mcp_tool

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


@pytest.mark.parametrize("tool_name, description, name, prop", [
    ("get_children", "Get children of a node (or root nodes) with pagination.", "path",
     {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}),
    ("list_keys", "List key-value pairs at a node.\n\nFor graph connections, *path* is used as node_id.", "path",
     {"type": "string"}),
    ("connect", "Change how nodes feed each other.", "src_path",
     {"type": "string", "description": "the node whose output feeds the wire."}),
    ("get_children", "获取树中某个节点的子节点，支持分页。", "path", {"type": "string"}),
])
def test_the_path_of_a_node_tool_is_no_files(tool_name, description, name, prop):
    text = mcp_tool(tool_name, description, {"name": {"type": "string"}, name: prop})
    assert not fires("relative-path", text)


@pytest.mark.parametrize("tool_name, description, name, prop", [
    ("get_children", "Get the children of a directory node on the disk.", "path", {"type": "string"}),
    ("list_keys", "List key-value pairs at a node.", "path",
     {"type": "string", "description": "Path of the config file that holds the tree."}),
    ("workflow_deps", "Map a workflow's node classes to the packs that provide them.", "workflow_path",
     {"type": "string"}),
    ("get_children", "获取文件树中某个节点的子节点。", "path", {"type": "string"}),
])
def test_a_path_a_node_tool_puts_on_the_disk_is_still_reported(tool_name, description, name, prop):
    text = mcp_tool(tool_name, description, {"name": {"type": "string"}, name: prop})
    assert fires("relative-path", text)


@pytest.mark.parametrize("description", [
    "보험 가입 기간 (년). 유효 범위: 0-10년.",
    "대기 기간. 최대 30일.",
    "保险期限（年）。有效范围：0-10年。",
    "Insurance duration in years, 0 to 10.",
])
def test_a_duration_whose_text_gives_its_unit_in_korean_or_chinese_is_not_reported(description):
    text = mcp_tool("predict_premium", "보험료를 예측합니다.", {"insurance_duration": {"type": "number", "description": description}})
    assert not fires("missing-unit", text)


@pytest.mark.parametrize("description", ["보험 가입 기간. 유효 범위: 0-10.", "保险期限。有效范围：0-10。", "Insurance duration, 0 to 10."])
def test_a_duration_without_a_unit_is_still_reported(description):
    text = mcp_tool("predict_premium", "보험료를 예측합니다.", {"insurance_duration": {"type": "number", "description": description}})
    assert fires("missing-unit", text)


@pytest.mark.parametrize("description", ["Length of pattern.", "Total length of buffer.", "Length of the payloads.",
                                         "Length of the generated password."])
def test_the_length_of_a_sequence_or_a_text_is_a_count(description):
    text = mcp_tool("cyclic", "Generate cyclic pattern.", {"length": {"type": "integer", "description": description}})
    assert not fires("missing-unit", text)


@pytest.mark.parametrize("description", ["Length of the cable.", "Length of the wall segment.", "Total length.", "线缆长度。"])
def test_a_length_of_a_thing_is_still_reported(description):
    text = mcp_tool("draw_cable", "Draw a cable.", {"length": {"type": "number", "description": description}})
    assert fires("missing-unit", text)


@pytest.mark.parametrize("description", [
    'Filter by share kind: "doc" or "folder". Empty string returns all kinds.',
    '按类型过滤："doc" 或 "folder"。空字符串返回全部。',
])
def test_an_advised_enum_keeps_an_empty_default(description):
    text = mcp_tool("list_shares", "List the shares.", {"kind": {"type": "string", "default": "", "description": description}})
    assert fires("values-only-in-prose", text)
    assert any('"enum": ["doc", "folder", ""]' in h for h in helps("values-only-in-prose", text))


def test_an_advised_enum_of_a_parameter_with_another_default_is_unchanged():
    text = mcp_tool("list_shares", "List the shares.", {"kind": {
        "type": "string", "default": "doc", "description": 'Filter by share kind: "doc" or "folder".'}})
    assert helps("values-only-in-prose", text) == ['add `"enum": ["doc", "folder"]`']
