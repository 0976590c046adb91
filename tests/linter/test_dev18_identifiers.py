"""undocumented-identifier on an id whose description only spells its name again ("Team ID" for `teamId`, "The
folder ID." for `folder_id`; read on holdout 17's recall review, a tuning set now, 2026-12-06): nothing is written
about it, so it is undocumented-identifier's, not unconstrained-identifier's. A description that says more, a
name that starts with an article-like token (`a_ids` titled "A Ids") stay as they were (a Chinese description that
only spells the name: test_dev19_identifiers.py).
The `Field(description=...)` case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

from typing import Annotated

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported
from pydantic import Field


def _tool_with(name: str, description: str, tool_description: str = "Create an issue in a team.") -> dict:
    return _tool("create_issue", tool_description, {name: {"type": "string", "description": description},
                                                    "title": {"type": "string", "description": "Issue title"}})


@pytest.mark.parametrize("name, description, tool_description", [
    ("teamId", "Team ID", "Create an issue in a team."),
    ("folder_id", "The folder ID.", "Delete a bookmark folder."),
    ("payment_method_id", "Payment method ID", "Set the default payment method."),
    ("teamId", "Team ID", "在团队中创建一个问题。"),
])
def test_a_description_that_spells_the_name_again_is_no_documentation(name, description, tool_description):
    tool = _tool_with(name, description, tool_description)
    assert fires("undocumented-identifier", tool)
    assert not fires("unconstrained-identifier", tool)


@pytest.mark.parametrize("name, description", [
    ("teamId", "Team ID, as returned by list_teams (e.g. TEAM-42)"),
    ("folder_id", "ID of the folder to delete, from list_folders"),
    ("team_id", "团队 ID，由 list_teams 返回"),
])
def test_a_description_that_says_more_keeps_it_documented(name, description):
    assert not fires("undocumented-identifier", _tool_with(name, description))


def test_a_field_description_that_spells_the_name_listed_by_the_sdk():
    def delete_folder(folder_id: Annotated[str, Field(description="The folder ID.")],
                      a_ids: Annotated[list[str], Field(description="IDs of the first meshes, from list_meshes")]) -> str:
        """Delete a bookmark folder."""
        return ""

    assert _reported("undocumented-identifier", listed(delete_folder)) == ["folder_id"]


def test_the_id_of_what_a_prefixed_creating_tool_adds_is_the_callers():
    def gephi_add_node(id: str, label: str = "") -> str:
        """Add a node to the graph."""
        return ""

    def gephi_get_node(id: str) -> str:
        """Read a node of the graph."""
        return ""

    def 图谱_add_node(id: str) -> str:
        """向图谱中添加一个节点。"""
        return ""

    assert _reported("undocumented-identifier", listed(gephi_add_node)) == []
    assert _reported("undocumented-identifier", listed(图谱_add_node)) == []
    assert _reported("undocumented-identifier", listed(gephi_get_node)) == ["id"]
