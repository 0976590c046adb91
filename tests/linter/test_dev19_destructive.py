"""undeclared-destructive-tool on a tool that takes a thing out of a container (`remove_agent_from_group`; read on
holdout 18's precision reading, a tuning set once measured, 2026-12-06): the agent and the group both stay, only
the membership goes, and adding it back restores it. Deleting the thing itself is still reported. In English and
Chinese descriptions; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint

_AGENT = {"agent_id": {"type": "string", "description": "ID of the agent, from list_agents"}}


@pytest.mark.parametrize("name, description", [
    ("remove_agent_from_group", "Remove an agent from a group."),
    ("orch_remove_agent_from_group", "把代理从分组中移除。"),
    ("detach_policy_from_role", "Detach a policy from a role."),
])
def test_taking_a_thing_out_of_a_container(name, description):
    assert not fires("undeclared-destructive-tool", _tool(name, description, _AGENT))


@pytest.mark.parametrize("name, description", [
    ("delete_agent", "Delete an agent."),
    ("remove_agent", "把代理移除。"),
    ("orch_delete_agent_group", "Delete a group of agents."),
])
def test_deleting_the_thing_itself(name, description):
    assert fires("undeclared-destructive-tool", _tool(name, description, _AGENT))


def test_taking_a_thing_out_listed_by_the_sdk():
    def remove_contacts_from_list(list_id: str, emails: list[str]) -> str:
        """Remove contacts from a mailing list."""
        return ""

    def delete_list(list_id: str) -> str:
        """Delete a mailing list and its contacts."""
        return ""

    findings = toollint.lint(listed(remove_contacts_from_list, delete_list))
    assert [f.pointer for f in findings if f.rule == "undeclared-destructive-tool"] == ["/1/description"]
