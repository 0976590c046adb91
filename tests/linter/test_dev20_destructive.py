"""undeclared-destructive-tool: terminating a running thing destroys nothing stored (`mobile_terminate_app`,
"停止指定应用"; read on holdout 20's first batch, after the freeze, 2026-12-06). Terminating an instance or a
cluster is still destruction, and so is a tool whose name holds another destroying verb. In English and Chinese;
one case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint


@pytest.mark.parametrize("name, description", [
    ("mobile_terminate_app", "停止指定应用"),
    ("terminate_process", "Terminate a running process by its PID."),
    ("terminate_debug_session", "End the debug session."),
])
def test_ending_a_run_destroys_nothing(name, description):
    assert not fires("undeclared-destructive-tool", _tool(name, description, {"target": {"type": "string"}}))


@pytest.mark.parametrize("name, description", [
    ("terminate_instance", "Terminate an EC2 instance."),
    ("terminate_cluster", "终止集群及其所有节点"),
    ("terminate_and_delete_job", "Terminate a job and delete its records."),
])
def test_ending_a_machine_or_deleting_still_destroys(name, description):
    assert fires("undeclared-destructive-tool", _tool(name, description, {"target": {"type": "string"}}))


def test_terminating_listed_by_the_sdk():
    def terminate_app(package_name: str) -> str:
        """Stop the given app."""
        return ""

    def terminate_instance(instance_id: str) -> str:
        """Terminate the given virtual machine."""
        return ""

    listing = listed(terminate_app, terminate_instance)
    reported = [listing[int(f.pointer.split("/")[1])]["name"] for f in toollint.lint(listing)
                if f.rule == "undeclared-destructive-tool"]
    assert reported == ["terminate_instance"]
