"""Recall misses of holdout 21's first batch, fixed after the freeze (a tuning set from then on, 2026-12-06):
- undeclared-destructive-tool: a verb after the prefix every tool of the server shares (`uofx_custom_delete_agent_time`
  beside `uofx_custom_get_forms`) is the tool's verb, as in `delete_agent_time`;
- values-only-in-prose: piped values that each carry a note (`low (friction) | medium (had to guess) | high`), as
  the default's mark `(default)` was read before.
In English and Chinese; the docstring cases are listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import reported_params as _reported

import toollint


def _destructive(tools: list[dict]) -> list[str]:
    return [f.tool for f in toollint.lint(tools) if f.rule == "undeclared-destructive-tool"]


def _server(*names: str, description: str = "刪除指定的代理時間段。") -> list[dict]:
    schema = {"type": "object", "properties": {"time_id": {"type": "string", "description": "時間段編號，例如 T-102"}}}
    return [{"name": name, "description": description, "inputSchema": schema} for name in names]


@pytest.mark.parametrize("description", ["刪除指定的代理時間段。", "删除指定的代理时间段。", "Delete one agent time slot."])
def test_a_verb_after_the_servers_prefix_is_the_tools_verb(description):
    tools = _server("uofx_custom_delete_agent_time", "uofx_custom_get_agent_forms", "uofx_custom_set_agent_time",
                    description=description)
    assert _destructive(tools) == ["uofx_custom_delete_agent_time"]


def test_a_verb_after_a_prefix_not_shared_is_not_read():
    # `acme_custom_` is this tool's own words, not the server's prefix: `custom` is no verb and `delete` stands third
    tools = _server("acme_custom_delete_agent_time", "get_agent_forms")
    assert _destructive(tools) == []
    assert _destructive(_server("uofx_custom_delete_agent_time")) == []  # one tool: no prefix to set aside


def test_a_tool_without_a_name_does_not_make_the_prefix_the_whole_name():
    tools = _server("uofx_custom_delete_agent_time", "uofx_custom_get_agent_forms")
    tools.append({"name": "", "description": "Nothing.", "inputSchema": {"type": "object"}})
    assert _destructive(tools) == ["uofx_custom_delete_agent_time"]


def test_a_prefixed_delete_that_says_it_cannot_be_undone_is_quiet():
    tools = _server("uofx_custom_delete_agent_time", "uofx_custom_get_agent_forms",
                    description="刪除指定的代理時間段。This cannot be undone.")
    assert _destructive(tools) == []


def test_piped_values_with_a_note_each_are_a_set():
    def report_issue(description: str, severity: str = "low", level: str = "low") -> str:
        """Report a bug or an improvement idea.

        description: what went wrong (max 200 chars)
        severity: low (friction) | medium (had to guess/workaround) | high (abandoned/wrong output)
        level: 严重程度，low（轻微）| high（严重）| blocker（阻塞）
        """
        return ""

    assert _reported("values-only-in-prose", listed(report_issue)) == ["severity", "level"]


def test_piped_words_in_prose_with_notes_that_give_examples_stay_quiet():
    def report_issue(description: str, severity: str = "low") -> str:
        """Report a bug or an improvement idea.

        severity: how bad it is, for example low (friction) | medium (a guess) | high (abandoned)
        """
        return ""

    assert _reported("values-only-in-prose", listed(report_issue)) == []
