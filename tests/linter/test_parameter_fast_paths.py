"""The parameter rules' fast paths decide exactly what the slower paths they skip would have decided:
the plain-property shortcut of the parameter view, the one-pass union test of missing-unit, the name verdict
that settles missing-unit, and the substring pre-filters in front of the word matchers."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from helpers import lint_text

from toollint.linter.catalog import load_catalog
from toollint.linter.checks.parameters import identifiers, tool_names, units
from toollint.linter.config import Settings
from toollint.linter.paramview import Param, _build, plain_description, type_name
from toollint.schema.walk import SchemaNode


def _options(rule: str) -> Any:
    """The rule's typed options at their defaults (with their compiled lexicons)."""
    return Settings().rule_options(load_catalog()[rule])


def _node(name: str, schema: dict[str, Any]) -> SchemaNode:
    parent = SchemaNode({"type": "object", "properties": {name: schema}}, "/input_schema")
    return SchemaNode(schema, f"/input_schema/properties/{name}", "properties", name, parent)


@pytest.mark.parametrize("schema", [
    {"type": "string"}, {"type": "string", "description": "The id"}, {"type": "number", "title": "Price"},
    {"type": "string", "description": "Price", "title": "Price"}, {"type": "string", "description": "  ", "title": "T"},
    {"type": "integer", "description": "Count", "title": "How many"}, {"type": "string", "title": " "},
])
def test_plain_description_is_the_views_text(schema: dict[str, Any]) -> None:
    view: Param = _build(_node("x", schema), SimpleNamespace(tool=None))
    assert plain_description(schema) == view.description


def _union_by_sets(schema: dict[str, Any]) -> tuple[bool, bool] | None:
    """What missing-unit decided for a union before `_plain_union` (sets and comprehensions)."""
    branches = [b for key in ("anyOf", "oneOf") for b in schema.get(key) or () if isinstance(b, dict)]
    if not branches or any("$ref" in b or not isinstance(b.get("type"), str) for b in branches):
        return None
    kinds = {type_name(b["type"]) for b in branches} - {"null"}
    may = bool(kinds & {"number", "integer", "string"}) and not (
        kinds <= {"string"} and not any("pattern" in b or "format" in b for b in branches))
    return may, any(isinstance(b.get("description"), str) for b in (schema, *branches))


@pytest.mark.parametrize("schema", [
    {"anyOf": [{"type": "string"}, {"type": "null"}]}, {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    {"anyOf": [{"type": "string", "pattern": "^[0-9]+$"}, {"type": "null"}]},
    {"anyOf": [{"type": "string"}, {"type": "boolean"}]}, {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
    {"anyOf": [{"type": "null"}]}, {"anyOf": []}, {"anyOf": [{"$ref": "#/$defs/x"}, {"type": "null"}]},
    {"anyOf": [{"enum": ["a"]}, {"type": "null"}]}, {"oneOf": [{"type": "number", "description": "d"}, "x"]},
    {"anyOf": [{"type": "string"}], "oneOf": [{"type": "string", "format": "int64"}]},
    {"anyOf": [{"type": "Str"}, {"type": "null", "description": "none"}], "description": 3},
    {"allOf": [{"type": "number"}]},
])
def test_plain_union_is_the_set_test_it_replaces(schema: dict[str, Any]) -> None:
    assert units._plain_union(schema) == _union_by_sets(schema)


@pytest.mark.parametrize("name", [
    "timeout_ms", "page_count", "font_weight", "max_results", "price", "amount", "retry-delay", "ms", "weight",
    "num_items", "item_price", "超时时间", "size", "batch_size", "lineHeight",
])
def test_a_name_that_settles_missing_unit_never_reports(name: str) -> None:
    lex = _options("missing-unit")
    named = lex.names[name]
    assert named.never == (named.has_unit or named.count_last or named.not_quantity
                           or (named.quantity is None and named.any_count))
    text = json.dumps({"name": "set_timer", "description": "Start a timer for the user and report back.",
                       "input_schema": {"type": "object", "properties": {
                           name: {"type": "number", "description": "Price of the item"}}}})
    reported = [f for f in lint_text(text, "json") if f.rule == "missing-unit"]
    assert not (named.never and reported)  # the name settles it, whatever the description says


def test_cjk_units_are_skipped_on_ascii_text_only_when_no_single_unit_is_ascii() -> None:
    assert _options("missing-unit").cjk_units_ascii_free
    ascii_units = {**Settings().options(load_catalog()["missing-unit"]), "cjk-single-units": ["m", "秒"]}
    lex = units.MissingUnitOptions.from_options(ascii_units)
    assert not lex.cjk_units_ascii_free
    assert units._states_unit("Distance 5m", lex)


_TEXTS = [
    "The order id, e.g. ORD-1", "Use the id returned by list_orders", "An arbitrary label you choose",
    "自定义名称", "The ISBN of the book", "Ticket number", "Airport code (IATA)", "Any unique string",
    "The customer's account number", "Formatted as a UUID", "获取的订单号", "Nothing special here at all",
    "ſomething aſſigned by you", "IdempotencY key", "Pick from the output of search", "EXAMPLE: 42",
]


@pytest.mark.parametrize("text", _TEXTS)
def test_identifier_hint_scan_never_hides_a_match(text: str) -> None:
    lex = _options("unconstrained-identifier")
    if lex.hints.search(text.lower()) is None:
        assert lex.example is None or lex.example.search(text) is None
        assert lex.provenance is None or lex.provenance.search(text) is None
        assert not identifiers._caller_assigned(text)
    if lex.code_hint.search(text[:60].lower()) is None:
        assert lex.code_phrase_matcher is None or lex.code_phrase_matcher.search(text[:60]) is None


@pytest.mark.parametrize(("text", "found"), [
    ("e.g. 'ORD-2041'", True), ("'active' or 'closed'", False), ("“INV_7”", True), ("`abc12`", True),
    ("'Straße'", False), ("no quotes", False),
])
def test_quoted_sample(text: str, found: bool) -> None:
    assert identifiers._quoted_sample(text) is found
    slow = any(any(c.isdigit() for c in m) or "-" in m or "_" in m for m in identifiers._QUOTED_SAMPLE.findall(text))
    assert slow is found


def _tools(*names: str) -> list[Any]:
    return [SimpleNamespace(name=n) for n in names]


class _Ctx:
    def __init__(self, tools: list[Any], current: Any) -> None:
        self.tools, self.tool, self._cache = tools, current, {}

    def cached(self, key: Any, make: Any) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]


@pytest.mark.parametrize("text", [
    "Use list_orders first", "from LIST_ORDERS.", "the id from get-order", "nothing to see", "list_ordersx",
    "see list_orders", "get_user", "call get-order.",
])
@pytest.mark.parametrize("many", [False, True])
def test_other_tool_prefilter_never_hides_a_mention(text: str, many: bool) -> None:
    tools = _tools("list_orders", "get-order", "get_user", *(f"tool_{i:03d}" for i in range(80 if many else 0)))
    ctx = _Ctx(tools, tools[2])
    names = tool_names.mentionable_names(tools)
    slow = any((names.get(w) or names.get(w.strip(".-"))) and any(o is not ctx.tool for o in
                                                                    (names.get(w) or names.get(w.strip(".-"))))
               for w in tool_names.NAME_LIKE.findall(text.lower()))
    assert tool_names.names_other_tool(text, ctx) == slow  # type: ignore[arg-type]
