"""Classes read on holdout 16 (2026-12-06). False findings: values-only-in-prose on "Common values", a prefix
filter's examples and the kinds an identifier names; description-contradicts-schema on sibling parameters named
in a list and on a default given in days for an hours parameter; description-names-unknown-parameter suggesting a
parameter's own name. Recall misses: quoted values after a "filter:" label, and a `mode` whose enum values nothing
explains. Each fires where the text leaves the problem and stays quiet where it settles it, in English and Chinese;
the docstring cases are listed by the `mcp` SDK's own server."""

from __future__ import annotations

from typing import Literal

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

# --- values-only-in-prose ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("attribute_type", "Attribute type to filter by. Common values: String, Integer, Lookup, DateTime"),
    ("attribute_type", "属性类型。常用值：String、Integer、Lookup"),
    ("name_startswith", 'Only tables whose name starts with this prefix, such as "new_", "msdyn_" or "adx_".'),
    ("name_startswith", 'Filter by name prefix: "new_", "msdyn_", "adx_"'),
    ("handle", "Handle of the entity to edit: one of line, circle, or polyline"),
    ("entity_handles", "要编辑的图元句柄，可选值：line、circle、polyline"),
])
def test_some_values_a_prefix_or_an_identifiers_kinds_are_no_value_set(name, text):
    assert not fires("values-only-in-prose", _tool("list_tables", "List tables.",
                                                   {name: {"type": "string", "description": text}}))


@pytest.mark.parametrize("text", [
    'Optional day filter: "monday", "tuesday", "wednesday", "thursday".',
    "Day filter: 'monday', 'tuesday', 'wednesday'",
])
def test_quoted_values_after_a_filter_label_are_listed(text):
    def search_sessions(query: str, day: str = "") -> str:
        """Search conference sessions by keyword.

        Args:
            query: what to search for
            day: {text}
        """
        return ""

    search_sessions.__doc__ = (search_sessions.__doc__ or "").replace("{text}", text)
    assert _reported("values-only-in-prose", listed(search_sessions)) == ["day"]


def test_quoted_examples_after_a_filter_label_are_not_listed():
    text = 'Optional track filter (e.g., "Keynote", "Tutorial", "Breakout").'
    assert not fires("values-only-in-prose", _tool("search_sessions", "Search sessions.",
                                                   {"track": {"type": "string", "description": text}}))


# --- description-contradicts-schema ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "What to do with the workflow. Provide exactly one of: 'path', 'filename', or 'graph'.",
    "对工作流的操作。可选值：'path'、'graph'",
])
def test_sibling_parameters_named_in_a_list_are_no_values(text):
    props = {"action": {"type": "string", "enum": ["get", "list", "strip"], "description": text},
             "path": {"type": "string"}, "filename": {"type": "string"}, "graph": {"type": "object"}}
    assert not fires("description-contradicts-schema", _tool("workflow", "Work with workflows.", props))
    props["action"]["description"] = text.replace("'graph'", "'delete'")
    assert fires("description-contradicts-schema", _tool("workflow", "Work with workflows.", props))


@pytest.mark.parametrize("text, default, expected", [
    ("Window to compare against (default: 7 days).", 168, False),
    ("对比的时间窗口，默认 7 天。", 168, False),
    ("Window to compare against (default: 7 days).", 100, True),
])
def test_a_default_in_days_for_an_hours_parameter(text, default, expected):
    props = {"reference_window_hours": {"type": "integer", "default": default, "description": text}}
    assert fires("description-contradicts-schema", _tool("check_drift", "Check drift.", props)) is expected


# --- description-names-unknown-parameter --------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The ID of a group to receive the restrictions. Cannot be used together with the `swapGroup` parameter.",
    "接收权限的组 ID。不能与 `swapGroup` 参数同时使用。",
])
def test_a_parameter_naming_its_own_near_twin_is_no_typo(text):
    props = {"groupname": {"type": "string"}, "swapGroupId": {"type": "string", "description": text}}
    assert not fires("description-names-unknown-parameter", _tool("remove_group", "Remove a group.", props))


def test_a_near_twin_of_a_sibling_is_still_reported():
    text = "Time spent, as 3h. Cannot be provided if `timeSpentSecond` is provided."
    props = {"timeSpent": {"type": "string", "description": text}, "timeSpentSeconds": {"type": "integer"}}
    assert fires("description-names-unknown-parameter", _tool("add_worklog", "Log work.", props))


# --- missing-param-description ------------------------------------------------------------------------------------

def test_a_mode_whose_values_nothing_explains():
    def deepwiki_fetch(url: str, mode: Literal["aggregate", "pages"] = "aggregate") -> str:
        """Fetch a deepwiki.com repo and return Markdown."""
        return ""

    def cost_report(mode: Literal["auto", "calculate", "display"] = "auto") -> str:
        """按日汇总用量与费用。"""
        return ""

    def walked_through(mode: Literal["aggregate", "pages"] = "aggregate") -> str:
        """Fetch a repo: `aggregate` joins every page into one document, `pages` returns them apart."""
        return ""

    assert _reported("missing-param-description", listed(deepwiki_fetch)) == ["mode"]
    assert _reported("missing-param-description", listed(cost_report)) == ["mode"]
    assert _reported("missing-param-description", listed(walked_through)) == []


def test_other_enums_and_a_nested_mode_explain_themselves():
    nested = {"edits": {"type": "array", "items": {"type": "object", "properties": {
        "mode": {"type": "string", "enum": ["replace", "insert_before"]}, "text": {"type": "string"}}}}}
    assert not fires("missing-param-description", _tool("edit_file", "Edit a file.", nested))
    assert not fires("missing-param-description", _tool("export", "Export a report.",
                                                         {"format": {"type": "string", "enum": ["json", "csv"]}}))
