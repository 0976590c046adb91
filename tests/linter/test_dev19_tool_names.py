"""A sibling tool named without the prefix the server gives every tool ("Workflow ID from list_workflows" in a set
of `n8n_*` tools; read on holdout 18's precision reading, a tuning set once measured, 2026-12-06) still names the
place the value comes from. Only a prefix most of the set shares is dropped, and only when two words remain."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from helpers import framework_listing as listed

import toollint
from toollint.linter.checks.parameters.tool_names import mentionable_names


def _reported(listing: str | list) -> list[str]:
    """The parameters the opt-in unconstrained-identifier reports (selected by name)."""
    tools = json.loads(listing) if isinstance(listing, str) else listing
    return [f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(tools, select=["unconstrained-identifier"])]


def _set(names: list[str], description: str) -> str:
    tools = [{"name": name, "description": f"Do {name}.", "inputSchema": {"type": "object", "properties": {}}}
             for name in names]
    tools.append({"name": names[0].split("_")[0] + "_get_workflow", "description": "Get a workflow's definition.",
                  "inputSchema": {"type": "object", "properties": {"id": {"type": "string",
                                                                         "description": description}}}})
    return json.dumps(tools, ensure_ascii=False)


@pytest.mark.parametrize("description", ["Workflow ID from list_workflows", "工作流 ID，来自 list_workflows"])
def test_a_sibling_named_without_the_servers_prefix(description):
    text = _set(["n8n_list_workflows", "n8n_delete_workflow", "n8n_list_tags"], description)
    assert _reported(text) == []


@pytest.mark.parametrize("description", ["Workflow ID from list_workflows", "工作流 ID，来自 list_workflows"])
def test_no_prefix_is_dropped_when_the_set_shares_none(description):
    text = _set(["n8n_list_workflows", "flows_delete", "tags_list"], description)
    assert _reported(text) == ["id"]


def test_one_word_is_never_a_mention():
    tools = [SimpleNamespace(name=n) for n in ("gh_search", "gh_list_issues", "gh_get_issue")]
    assert sorted(mentionable_names(tools)) == ["get_issue", "gh_get_issue", "gh_list_issues", "gh_search",
                                                "list_issues"]


def test_a_prefixed_sibling_listed_by_the_sdk():
    def n8n_list_workflows() -> str:
        """List the workflows."""
        return ""

    def n8n_delete_workflow(id: str) -> str:
        """Delete a workflow.

        Args:
            id: the workflow to delete
        """
        return ""

    def n8n_get_workflow(id: str) -> str:
        """Get a workflow's definition.

        Args:
            id: Workflow ID from list_workflows
        """
        return ""

    findings = toollint.lint(listed(n8n_list_workflows, n8n_delete_workflow, n8n_get_workflow),
                             select=["unconstrained-identifier"])
    assert [f.pointer for f in findings] == ["/1/inputSchema/properties/id"]
