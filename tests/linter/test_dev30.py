"""Holdout 29's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

values-only-in-prose: the characters a free-form name may hold, in parentheses ("Plan name (letters, digits, space,
hyphen, underscore, apostrophe, period, colon, parentheses)"), are a rule for a `pattern`, not values; a list of
real values in parentheses is still one.

missing-param-description: a plain lower-case name that starts a sentence and is then defined ("filter is the IP
quality filter") is the parameter; "The filter is applied after paging" is prose."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Plan name (letters, digits, space, hyphen, underscore, apostrophe, period, colon, parentheses)",
    "计划名称（字母、数字、下划线、连字符）",
])
def test_the_characters_a_name_may_hold_are_no_values(description):
    assert not fires("values-only-in-prose", _tool("delete_plan", "Delete a plan.",
                                                   {"plan_name": {"type": "string", "description": description}}))


def test_character_rules_and_real_values_listed_by_the_sdk():
    def rename_plan(new_name: str, visibility: str = "private") -> str:
        """Rename a plan.

        Args:
            new_name: Plan name (letters, digits, space, hyphen, apostrophe, colon, parentheses)
            visibility: Who sees it (private, team, public)
        """
        return ""

    assert _reported("values-only-in-prose", listed(rename_plan)) == ["visibility"]


@pytest.mark.parametrize("description, reported", [
    ("Build a proxy string. filter is the IP quality filter, e.g. \"medium\".", False),
    ("构建代理字符串。\nfilter is the IP quality filter.", False),
    ("List things. The filter is applied after paging.", True),
    ("List things; the filter is applied after paging.", True),
])
def test_a_name_that_starts_a_defining_sentence(description, reported):
    assert fires("missing-param-description", _tool("proxy_url", description, {"filter": {"type": "string"}})) is reported
