"""null-default-not-nullable on the listings the SDK's own server writes for `x: str = None` and for
`x: str | None = None`, and the title precedence rule on MCP tools."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import framework_listing as listed

import toollint


def findings(tools: Any, rule: str) -> list[toollint.Finding]:
    return [f for f in toollint.lint(tools, select=[rule]) if f.rule == rule]


def test_a_plain_type_defaulting_to_none_is_reported_and_the_optional_form_is_not():
    def search_orders(customer_id: str, status: str = None, limit: int = None) -> str:  # type: ignore[assignment]
        """Search the orders of one customer."""
        return ""

    def list_orders(customer_id: str, status: str | None = None, limit: int = 10) -> str:
        """List the orders of one customer."""
        return ""

    tools = listed(search_orders, list_orders)
    assert tools[0]["inputSchema"]["properties"]["status"]["default"] is None  # what the SDK really writes
    found = findings(tools, "null-default-not-nullable")
    assert [f.pointer for f in found] == ["/0/inputSchema/properties/status/default",
                                          "/0/inputSchema/properties/limit/default"]
    assert found[0].message == "status: `default` is null, but its schema does not accept null"
    assert "`str | None = None`" in found[0].help and "`int | None = None`" in found[1].help
    assert found[0].severity == "info"
    assert not findings(tools, "default-not-valid")  # the case is this rule's, reported once


def test_pydantic_rejects_the_null_the_default_suggests():
    """The premise of the rule, checked on pydantic itself: the default is not validated, an explicit None is."""
    pydantic = pytest.importorskip("pydantic")

    @pydantic.validate_call
    def search(status: str = None) -> Any:  # type: ignore[assignment]
        return status

    assert search() is None
    with pytest.raises(pydantic.ValidationError, match="valid string"):
        search(None)


@pytest.mark.parametrize("schema", [
    {"type": "string", "default": None},
    {"enum": ["open", "shipped"], "default": None},
    {"anyOf": [{"type": "string"}, {"type": "integer"}], "default": None},
])
def test_every_schema_that_rejects_null_is_reported(schema):
    tool = {"name": "t", "description": "Probe.", "input_schema": {"type": "object", "properties": {"x": schema}}}
    assert len(findings(tool, "null-default-not-nullable")) == 1


@pytest.mark.parametrize("schema, required", [
    ({"type": ["string", "null"], "default": None}, False),
    ({"default": None}, False),  # typeless: null is valid
    ({"enum": ["a", None], "default": None}, False),
    ({"type": "string", "default": "a"}, False),
    ({"type": "string", "default": None}, True),  # required: default-not-valid's case
])
def test_what_it_leaves_alone(schema, required):
    tool = {"name": "t", "description": "Probe.", "input_schema": {
        "type": "object", "properties": {"x": schema}, "required": ["x"] if required else []}}
    assert not findings(tool, "null-default-not-nullable")


def test_a_chinese_tool_gets_the_same_finding():
    tool = {"name": "查询", "description": "查询订单。", "input_schema": {"type": "object", "properties": {
        "状态": {"type": "string", "description": "订单状态", "default": None}}}}
    found = findings(tool, "null-default-not-nullable")
    assert [f.pointer for f in found] == ["/input_schema/properties/状态/default"]


# -- display titles ---------------------------------------------------------------------------------

def _mcp(**fields: Any) -> dict[str, Any]:
    return {"tools": [{"name": "list_orders", "description": "List orders.",
                       "inputSchema": {"type": "object", "properties": {}}, **fields}]}


def test_an_annotation_title_that_title_shadows_is_reported():
    found = findings(_mcp(title="List orders", annotations={"title": "Order history"}), "shadowed-annotation-title")
    assert [f.pointer for f in found] == ["/tools/0/annotations/title"]
    assert found[0].severity == "info" and "`title` takes precedence" in found[0].message


@pytest.mark.parametrize("fields", [
    {"annotations": {"title": "Order history"}},  # the shown title: nothing shadows it
    {"title": "List orders", "annotations": {"title": "List orders"}},
    {"title": "List orders"},
    {"title": " ", "annotations": {"title": "Order history"}},  # a blank title is not shown
])
def test_a_title_that_is_shown_is_left_alone(fields):
    assert not findings(_mcp(**fields), "shadowed-annotation-title")


def test_the_display_title_follows_the_spec_precedence():
    from toollint.document.dialects import find_tools

    assert find_tools(_mcp(annotations={"title": "Order history"}))[0].display_title == ("Order history",
                                                                                          "annotations.title")
    assert find_tools(_mcp(title="List", annotations={"title": "Order history"}))[0].display_title == ("List",
                                                                                                     "title")
    assert find_tools(_mcp())[0].display_title == ("list_orders", "name")
