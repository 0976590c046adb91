"""undocumented-identifier: an id nothing describes is reported even when a sibling tool lists such things
(`groupId` beside `list_groups`; read on holdouts 17-19's recall reviews, tuning sets once measured, 2026-12-06).
Nothing tells the model that the sibling's results are what the parameter takes, so the help names the sibling.
An id whose own text says something is still left alone when such a sibling exists (unconstrained-identifier,
opt-in). In English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import json

import pytest
from helpers import framework_listing as listed
from helpers import lint_text

import toollint


def _group_tools(group_id: dict, lister_description: str) -> str:
    return json.dumps([
        {"name": "add_agent_to_group", "description": "Add an agent to a group. 把代理加入一个组。",
         "inputSchema": {"type": "object", "properties": {"groupId": group_id}, "required": ["groupId"]}},
        {"name": "list_groups", "description": lister_description, "inputSchema": {"type": "object", "properties": {}}},
    ], ensure_ascii=False)


@pytest.mark.parametrize("group_id, lister", [
    ({"type": "string"}, "List the groups of the workspace."),
    ({"type": "string", "description": "Group ID"}, "List the groups of the workspace."),
    ({"type": "string"}, "列出工作区的所有组。"),
    ({"type": "string", "description": "组 ID"}, "列出工作区的所有组。"),
])
def test_an_undescribed_id_a_sibling_lists_is_reported_naming_the_sibling(group_id, lister):
    found = [f for f in lint_text(_group_tools(group_id, lister)) if f.rule == "undocumented-identifier"]
    assert [f.pointer for f in found] == ["/0/inputSchema/properties/groupId"]
    assert "`list_groups` returns one" in found[0].help


@pytest.mark.parametrize("description", [
    "The group to add the agent to, as returned by list_groups",
    "要加入的组，来自 list_groups 的结果",
    "The group the agent joins",  # written about: the sibling is the place to get one (unconstrained's, opt-in)
])
def test_a_described_id_beside_a_lister_is_left_alone(description):
    tools = _group_tools({"type": "string", "description": description}, "List the groups of the workspace.")
    assert not [f for f in lint_text(tools, extend_select=("unconstrained-identifier",))
                if f.rule in ("undocumented-identifier", "unconstrained-identifier")]


def test_an_undescribed_id_a_sibling_lists_listed_by_the_sdk():
    def add_agent_to_group(group_id: str, agent_name: str) -> str:
        """Add an agent to a group.

        Args:
            agent_name: The agent's display name.
        """
        return ""

    def list_groups() -> str:
        """List the groups of the workspace, with their ids."""
        return ""

    found = [f for f in toollint.lint(listed(add_agent_to_group, list_groups)) if f.rule == "undocumented-identifier"]
    assert [f.pointer.rsplit("/", 1)[-1] for f in found] == ["group_id"]
    assert "`list_groups` returns one" in found[0].help
