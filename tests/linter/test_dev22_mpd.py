"""missing-param-description: a string whose default the tool's prose lists among other values ("Add a section
break (new_page, continuous, even_page, odd_page)" of `break_type="new_page"`; read on holdout 22's second batch, a
tuning set once measured, 2026-12-07) is described there. A default the prose uses as a plain word ("the active
task" of `status="active"`) is not a list, and the parameter is still reported."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Add a section break (new_page, continuous, even_page, odd_page) to the document.",
    "Add a section break: 'new_page' | 'continuous' to the document.",
    "插入分节符（new_page、continuous、even_page）。",
])
def test_a_default_listed_among_values_is_described(description):
    assert not fires("missing-param-description", _tool("add_section_break", description, {
        "break_type": {"type": "string", "default": "new_page"}}))


@pytest.mark.parametrize("description", [
    "Updates the active task of an agent.",
    "更新代理的 active 任务。",
])
def test_a_default_used_as_a_word_is_no_list(description):
    assert fires("missing-param-description", _tool("update_agent", description, {
        "status_type": {"type": "string", "default": "active"}}))


def test_a_listed_default_by_the_sdk():
    def add_section_break(filename: str, break_type: str = "new_page") -> str:
        """Add a section break (new_page, continuous, even_page, odd_page) to a Word document."""
        return ""

    def add_page_break(filename: str, break_type: str = "new_page") -> str:
        """Add a break to a Word document."""
        return ""

    assert _reported("missing-param-description", listed(add_section_break)) == []
    assert _reported("missing-param-description", listed(add_page_break)) == ["break_type"]
