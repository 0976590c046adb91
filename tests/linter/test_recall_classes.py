"""Recall misses the blind reviews of holdouts 9 to 11 listed (2026-12-06): a free-form object with no word on its
keys, an `Args:` entry that is nothing but the values, and a key file in a tool that connects to a remote host.
Each fires where the text leaves the model guessing and stays quiet where the text settles it, in English and
Chinese; the docstring cases are listed by the mcp SDK's own server, as FastMCP-style servers send them."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint


def reported(tools: list[dict[str, Any]], rule: str) -> list[str]:
    return [f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(tools) if f.rule == rule]


# missing-param-description: an object whose keys nothing names.

@pytest.mark.parametrize("description, prop", [
    ("Validate a pipeline definition.", {"type": "object", "title": "Pipeline"}),
    ("校验流水线定义。", {"type": "object"}),
    ("Validate a pipeline definition.", {"type": "object", "additionalProperties": True}),
    # values typed, keys still unnamed (`dict[str, str]`): holdout 17's reviewer listed `escalation_thresholds`
    ("Validate a pipeline definition.", {"type": "object", "additionalProperties": {"type": "string"}}),
])
def test_a_free_form_object_with_no_description_fires(description, prop):
    assert fires("missing-param-description", _tool("validate_pipeline", description, {"pipeline": prop}))


@pytest.mark.parametrize("name, description, prop", [
    ("pipeline", "Validate a pipeline.", {"type": "object", "properties": {"stages": {"type": "array"}}}),
    ("pipeline", "Validate a pipeline.", {"type": "object", "additionalProperties": {"type": "object",
                                                                                    "properties": {"run": {}}}}),
    ("pipeline", "Validate a pipeline.", {"type": "object", "title": "Pipeline stages keyed by stage name"}),
    ("headers", "Send an HTTP request.", {"type": "object"}),
    ("env", "Start a process.", {"type": "object"}),
    ("pipeline", "校验流水线定义。\n\n参数：\n    pipeline: 流水线定义，键为阶段名，值为命令列表\n", {"type": "object"}),
])
def test_an_object_whose_keys_are_said_stays_quiet(name, description, prop):
    assert not fires("missing-param-description", _tool("validate_pipeline", description, {name: prop}))


def test_a_dict_parameter_of_a_framework_fires_unless_its_args_entry_says_the_keys():
    def trigger_pipeline(project: str, variables: dict[str, Any] | None = None) -> str:
        """Trigger a pipeline.

        Args:
            project: Project path such as group/app
        """
        return project

    def trigger_documented(project: str, variables: dict[str, Any] | None = None) -> str:
        """Trigger a pipeline.

        Args:
            project: Project path such as group/app
            variables: CI variables to set, name to value, e.g. {"DEPLOY_ENV": "staging"}
        """
        return project

    assert reported(listed(trigger_pipeline), "missing-param-description") == ["variables"]
    assert reported(listed(trigger_documented), "missing-param-description") == []


# values-only-in-prose: an `Args:` entry that only lists the values.

def test_an_args_entry_that_only_lists_values_fires():
    def manage_server(action: str, name: str = "") -> str:
        """Manage registered servers.

        Args:
            action: register, unregister, reconnect, status
            name: The server's name
        """
        return action

    def manage_server_zh(action: str) -> str:
        """管理已注册的服务器。

        参数：
            action: register, unregister, reconnect
        """
        return action

    assert reported(listed(manage_server), "values-only-in-prose") == ["action"]
    assert reported(listed(manage_server_zh), "values-only-in-prose") == ["action"]


def test_an_entry_of_examples_or_of_a_list_parameter_stays_quiet():
    def tag_items(tags: list[str], label: str) -> str:
        """Tag items.

        Args:
            tags: red, green, blue
            label: The label to show, for example draft, final, archived
        """
        return label

    def search(keywords: str) -> str:
        """Search the archive.

        Args:
            keywords: Free text, such as python, fastapi, tutorial
        """
        return keywords

    assert reported(listed(tag_items), "values-only-in-prose") == []
    assert reported(listed(search), "values-only-in-prose") == []


# relative-path: the key file of a tool that connects to a remote host is on the local disk.

@pytest.mark.parametrize("name, text, reported", [
    ("key_path", "Private key file used to log in", True),
    ("ssh_key_path", "PEM file of the private key", True),
    ("identity_file", "Path of the identity file", True),
    ("key_path", "登录用的私钥文件", True),
    ("key_path", "Absolute path of the private key file, e.g. /home/me/.ssh/id_ed25519", False),
    ("key_path", "私钥文件的绝对路径", False),
    ("remote_path", "Directory on the host", False),
    ("key_path", "Private key file on the remote server", False),
])
def test_a_relative_key_file_of_a_remote_connection_fires(name, text, reported):
    """Unless the text makes it absolute or puts it on the remote host, like the tool's other paths."""
    assert fires("relative-path", _tool("ssh_exec", "Run a command on a remote host over SSH.",
                                        {"host": {"type": "string"}, name: {"type": "string", "description": text}})) \
        is reported


# missing-unit: a number that is a time (a start or end offset, a timestamp) has a unit like any duration.

@pytest.mark.parametrize("name, title", [("start_time", "Start Time"), ("end_time", "End Time"), ("开始时间_time", None)])
def test_a_numeric_time_with_no_unit_fires(name, title):
    prop = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
    if title:
        prop["title"] = title
    assert fires("missing-unit", _tool("get_samples", "Get samples from a capture.", {name: prop}))


@pytest.mark.parametrize("prop", [
    {"type": "number", "description": "Offset from the start of the capture, in seconds"},
    {"type": "number", "description": "开始时间（秒）"},
    {"type": "string", "description": "Start time"},
    {"type": "integer", "description": "Unix timestamp of the start"},
])
def test_a_time_with_its_unit_or_no_number_stays_quiet(prop):
    assert not fires("missing-unit", _tool("get_samples", "Get samples from a capture.", {"start_time": prop}))
