"""values-only-in-prose from holdout 19's first batch (a tuning set once measured, 2026-12-06): values the text
calls common or recommended ("Common codes:", "推荐取值：") are some of the set; a fuzzy-matched input takes other
spellings; "The cell can be either vertex or edge" of `cell_id` names what the id points at; an empty string
listed among the values ('"" (general web), "academic"') belongs in the `enum` the help proposes. In English and
Chinese; the docstring cases are listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint


@pytest.mark.parametrize("name, description", [
    ("namespace", 'CloudWatch namespace. Common values:\n - "ContainerInsights": container metrics\n'
                  ' - "AWS/EC2": instance metrics'),
    ("role", "数据库角色。推荐取值：cloudbase_postgres / anon / authenticated / service_role。"),
    ("session", "Session type, fuzzy matched. Options: race, qualifying, sprint"),
    ("cell_id", "The ID of a cell to delete. The cell can be either vertex or edge."),
    ("cell_id", "要删除的单元格 ID。单元格可以是 vertex 或 edge。"),
    ("medium", "Filter by UTM medium. Common values: ['organic', 'cpc', 'email', 'social']"),
])
def test_values_that_are_not_the_whole_set(name, description):
    assert not fires("values-only-in-prose", _tool("query", "Query the service.", {
        name: {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("namespace", 'CloudWatch namespace, one of:\n - "ContainerInsights": container metrics\n'
                  ' - "AWS/EC2": instance metrics'),
    ("role", "数据库角色。可选值：cloudbase_postgres / anon / authenticated"),
    ("session", "Session type. Options: race, qualifying, sprint"),
    ("cell_kind", "The kind of cell. It can be either vertex or edge."),
])
def test_values_that_are_the_whole_set(name, description):
    assert fires("values-only-in-prose", _tool("query", "Query the service.", {
        name: {"type": "string", "description": description}}))


def _help(listing: list) -> list[str]:
    return [f.help or "" for f in toollint.lint(listing) if f.rule == "values-only-in-prose"]


def test_an_empty_string_listed_among_the_values_listed_by_the_sdk():
    def web_search(query: str, focus: str = "", mode: str = "") -> str:
        """Quick web search.

        Args:
            query: the question
            focus: Search focus — "" (general web), "academic" (scholarly sources), or "finance" (SEC filings).
            mode: 检索模式，可选值：fast、deep
        """
        return ""

    # (`mode`'s empty default joins its advised enum, which would reject it otherwise: default-not-valid)
    assert _help(listed(web_search)) == ['add `"enum": ["", "academic", "finance"]`', 'add `"enum": ["fast", "deep", ""]`']
