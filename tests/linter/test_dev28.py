"""Holdout 27's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

untyped-property: a property of a branch of the input schema's own top-level `oneOf` that the input schema declares
with its type is a condition on that property (`{"plan": {"not": {"type": "null"}}}`), and root-combinator already
reports the `oneOf`. A branch property the schema does not declare, and one under a `oneOf` deeper down (in `$defs`),
are still reported: nothing else says them.

values-only-in-prose: a column of the caller's data (`x_column`: "Column name for x-axis (line, bar, scatter)") and a
free-text field (`publication_info`: "(publisher, date, series)") list no values of their own, while a column to sort
by may; and a quoted `'or'` among quoted values is one of them (`'and', 'or', or 'one'`).

values-only-in-prose, from holdout 27's recall review: "支持：" (supported:) and "支持的格式：" before a list.

missing-param-description: three more ways a tool description defines a parameter by its name: a keyword value
explained (`mode=append: add text at the end`), set notation (`tf ∈ {5m, 30m, 1h}`) and reStructuredText's double
backticks (``` ``params`` (bind values) ```). A name only mentioned still needs a description."""

from __future__ import annotations

import json

import pytest
from helpers import fires, lint_text
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

import toollint


def _untyped(schema: dict) -> list[str]:
    text = json.dumps({"tools": [{"name": "apply_plan", "description": "Apply a saved plan to the document.",
                                  "inputSchema": schema}]})
    return [f.pointer for f in lint_text(text) if f.rule == "untyped-property"]


_DECLARED = {"plan": {"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string"}}}},
             "confirm": {"type": "boolean"}, "plan_id": {"type": "string"}}


def test_conditions_on_declared_properties_in_a_top_level_one_of_are_not_declarations():
    schema = {"type": "object", "properties": _DECLARED,
              "oneOf": [{"required": ["plan"], "properties": {"plan": {"not": {"type": "null"}}, "confirm": {"const": True}}},
                        {"allOf": [{"properties": {"plan_id": {"minLength": 1}}}]}]}
    assert _untyped(schema) == []


def test_an_undeclared_branch_property_is_still_reported():
    schema = {"type": "object", "properties": _DECLARED,
              "oneOf": [{"properties": {"plan": {"not": {"type": "null"}}, "mode": {"const": "fast"}}},
                        {"properties": {"plan_id": {"type": "string"}}}]}
    assert _untyped(schema) == ["/tools/0/inputSchema/oneOf/0/properties/mode"]


def test_a_one_of_deeper_down_is_still_reported():
    appearance = {"type": "object", "properties": {"kind": {"type": "string"}, "rect": {"type": "array", "items": {"type": "number"}}},
                  "oneOf": [{"properties": {"kind": {"const": "Square"}, "rect": {"minItems": 4}}},
                            {"properties": {"kind": {"const": "Text"}}}]}
    schema = {"type": "object", "properties": {"appearance": {"$ref": "#/$defs/Appearance"}},
              "$defs": {"Appearance": appearance}}
    assert _untyped(schema) == [
        "/tools/0/inputSchema/$defs/Appearance/oneOf/0/properties/kind",
        "/tools/0/inputSchema/$defs/Appearance/oneOf/0/properties/rect",
        "/tools/0/inputSchema/$defs/Appearance/oneOf/1/properties/kind",
    ]


@pytest.mark.parametrize("name, description", [
    ("x_column", "Column name for x-axis (line, bar, scatter, histogram)"),
    ("value_columns", "数据列名（折线图、柱状图、散点图）"),
    ("publication_info", "Publication info (publisher, date, series)."),
    ("author_details", "Author details (name, affiliation, email)."),
])
def test_columns_and_free_text_list_no_values(name, description):
    assert not fires("values-only-in-prose", _tool("make_chart", "Make a chart.", {name: {"type": "string",
                                                                                         "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("sort_column", "Column to sort by. Valid options are 'name', 'size' or 'status'."),
    ("chart_type", "One of: line, bar, pie, scatter"),
    ("detail_level", "Level of detail (brief, normal, full)."),
])
def test_a_sort_column_and_other_choices_still_list_values(name, description):
    assert fires("values-only-in-prose", _tool("make_chart", "Make a chart.", {name: {"type": "string",
                                                                                     "description": description}}))


def test_a_quoted_or_is_a_value_listed_by_the_sdk():
    def create_filter(name: str, function: str = "and") -> str:
        """Save a custom filter.

        Args:
            name: The filter's name.
            function: How rules combine: 'and', 'or', or 'one'.
        """
        return ""

    listing = listed(create_filter)
    assert _reported("values-only-in-prose", listing) == ["function"]
    finding = next(f for f in toollint.lint(listing) if f.rule == "values-only-in-prose")
    assert '"enum": ["and", "or", "one"]' in finding.help


@pytest.mark.parametrize("name, description", [
    ("mode", "Update many videos.\n\nmode=append: add text at the end.\nmode=replace: replace `find` with text."),
    ("tf", "Recent OHLCV bars for the symbol. tf ∈ {5m, 30m, 1h, 1d}."),
    ("params", "Run SQL: pass the statement in ``query`` and bind values in ``params`` (the driver's placeholder style)."),
    ("tf", "最近的K线。tf ∈ {5m, 30m, 1h, 1d}。"),
])
def test_a_parameter_the_description_defines_by_name(name, description):
    schema = {name: {"type": "string"}, "query": {"type": "string", "description": "The SQL statement."}}
    assert not fires("missing-param-description", _tool("run_tool", description, schema))


@pytest.mark.parametrize("name, description", [
    ("mode", "Update many videos. The mode decides what happens to the text."),
    ("tf", "Recent OHLCV bars for the symbol, at the given tf."),
])
def test_a_name_only_mentioned_still_needs_a_description(name, description):
    schema = {name: {"type": "string"}, "query": {"type": "string", "description": "The SQL statement."}}
    assert fires("missing-param-description", _tool("run_tool", description, schema))


@pytest.mark.parametrize("description", [
    "搜索范围，支持：webpage（网页）、document（文库）、scholar（学术）、image（图片）",
    "输出格式，支持的格式：json、csv、xml",
    "股票市场，仅支持: sh(上证), sz(深证), hk(港股)",
])
def test_a_chinese_supported_label_opens_a_list(description):
    assert fires("values-only-in-prose", _tool("search", "搜索。", {"scope": {"type": "string", "description": description}}))


def test_supported_without_a_colon_or_as_examples_stays_quiet():
    for description in ("支持 pdf、docx 和 txt 格式", "支持多种格式：例如 pdf、docx"):
        assert not fires("values-only-in-prose", _tool("search", "搜索。", {"fmt": {"type": "string",
                                                                                   "description": description}}))


def test_a_supported_list_in_the_docstring_listed_by_the_sdk():
    def metaso_search(query: str, scope: str = "webpage", size: int = 10) -> str:
        """使用搜索引擎搜索信息

        Args:
            query: 搜索查询词
            scope: 搜索范围，支持：webpage（网页）、document（文库）、scholar（学术）、video（视频）
            size: 返回结果数量，默认10，范围1-20
        """
        return ""

    assert _reported("values-only-in-prose", listed(metaso_search)) == ["scope"]
