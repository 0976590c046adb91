"""Holdout 29's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

values-only-in-prose: the characters a free-form name may hold, in parentheses ("Plan name (letters, digits, space,
hyphen, underscore, apostrophe, period, colon, parentheses)"), are a rule for a `pattern`, not values; a list of
real values in parentheses is still one."""

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
