"""Recall misses the blind review of holdout 13 listed (2026-12-06): values given as a section headed by the
parameter's name (`Operations:`), after "Available IDs:", quoted with a note each (`"upstream" (suppliers)`) or
after a "Filter:" label; a bearer token; and a filter, a policy or a sort order with no description. Each fires
where the text leaves the model guessing and stays quiet where the text settles it, in English and Chinese; the
docstring cases are listed by the mcp SDK's own server, as FastMCP-style servers send them."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool

import toollint


def reported(tools: list[dict[str, Any]], rule: str) -> list[str]:
    return [f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(tools) if f.rule == rule]


# values-only-in-prose: a section of the tool description headed by the parameter's name.

def test_an_operations_section_of_a_framework_tool_lists_the_values():
    def annotation(operation: str, data: dict[str, Any] | None = None) -> str:
        """Annotation: text and leaders.

        Operations:
          create_text    — data: {x, y, text}
          create_leader  — data: {points, text}
          delete / hide  — data: {entity_id}

        Returns the handle of what changed.
        """
        return ""

    tools = listed(annotation)
    assert reported(tools, "values-only-in-prose") == ["operation"]
    finding = next(f for f in toollint.lint(tools) if f.rule == "values-only-in-prose")
    assert "create_text" in finding.note and "hide" in finding.note and "Returns" not in finding.note


@pytest.mark.parametrize("description", [
    "Manage a comment.\n\nActions:\n  - create: 创建一条评论\n  - reply: 回复评论\n  - delete: 删除评论\n",
    "管理评论。\n\n**Actions:**\n1. \"create\": 创建一条评论\n2. \"delete\": 删除评论\n",
    "Manage a comment.\n\n## Supported actions\n- `create` - add one\n- `delete` - remove one\n",
])
def test_an_actions_section_fires_in_english_and_chinese(description):
    assert fires("values-only-in-prose", _tool("manage_comment", description, {"action": {"type": "string"}}))


@pytest.mark.parametrize("description, prop", [
    # the parameter's own section: its entries are parameters
    ("Run a command.\n\nArgs:\n    command: the verb\n    args: its arguments\n", {"type": "string"}),
    # an enum already says it
    ("Manage.\n\nActions:\n  - create: 创建\n  - delete: 删除\n", {"type": "string", "enum": ["create", "delete"]}),
    # an array takes several
    ("Manage.\n\nActions:\n  - create: add\n  - delete: remove\n", {"type": "array", "items": {"type": "string"}}),
    # a section headed by another word
    ("Manage.\n\nExamples:\n  - create: add\n  - delete: remove\n", {"type": "string"}),
    # a single entry is no set
    ("Manage.\n\nActions:\n  - create: add one\n\nReturns the id.", {"type": "string"}),
    # entries at the header's indentation with no bullet are the next lines of prose
    ("管理。\nActions:\nNote: 见文档\nReturns: 结果\n", {"type": "string"}),
])
def test_a_section_that_is_no_value_list_stays_quiet(description, prop):
    name = "args" if "Args:" in description else "action"
    props = {name: prop, "command": {"type": "string", "description": "The verb to run"}}
    assert not fires("values-only-in-prose", _tool("manage", description, props))


# values-only-in-prose: "Available IDs:", notes in parentheses, a "Filter:" label.

@pytest.mark.parametrize("name, text", [
    ("topic_id", 'Topic to explore. Available IDs: "accessibility-inclusion", "app-store-distribution-marketing", '
                 '"swift". Leave empty to see all topics.'),
    ("format", "Image format. Supported formats: png, jpeg, webp"),
    ("direction", '"upstream" (suppliers), "downstream" (customers), or "both"'),
    ("content_format", "(Optional) The format. Options: 'markdown' (default), 'wiki', 'storage', or 'xhtml'."),
    ("platform", '比价平台："jd"（京东）或 "tb"（淘宝）'),
    ("entry_type", "Filter: face, document, phone, email, ip_address"),
])
def test_more_forms_of_a_value_list_fire(name, text):
    assert fires("values-only-in-prose", _tool("pick", "Pick one.", {name: {"type": "string", "description": text}}))


@pytest.mark.parametrize("name, text", [
    ("order_by", "Sort order. Comma-separated list of sort keys: 'name', 'modifiedTime', 'starred'."),
    ("fields", "要返回的字段，用逗号分隔：name, email, phone"),
    ("table", "The table to query. Available tables: 'CustomLog', 'AzureMetrics', etc."),
    ("direction", 'e.g. "upstream" (suppliers) or "downstream" (customers)'),
    ("list_type", "Filter: blocklist, allowlist, or any custom list"),
    ("topic", "Topic. Available IDs include swift and design, or any keyword"),
])
def test_lists_that_are_several_values_or_open_stay_quiet(name, text):
    assert not fires("values-only-in-prose", _tool("pick", "Pick.", {name: {"type": "string", "description": text}}))


def test_quoted_values_with_notes_in_a_framework_docstring_fire():
    def get_supply_chain(ticker: str, direction: str = "upstream") -> str:
        """Get the supply chain for a company.

        Args:
            ticker: Stock ticker (e.g. "AAPL")
            direction: "upstream" (suppliers), "downstream" (customers), or "both"
        """
        return ""

    assert reported(listed(get_supply_chain), "values-only-in-prose") == ["direction"]


# secret-parameter: a bearer token by its one-word name.

@pytest.mark.parametrize("description", ["Connect to an A2A endpoint. Pass `bearer` only if it needs auth.",
                                         "连接到 A2A 端点。需要认证时传入 bearer。"])
def test_a_bearer_parameter_asks_for_a_secret(description):
    assert fires("secret-parameter", _tool("a2a_connect", description, {"bearer": {"type": "string"}}))


def test_a_bearer_flag_asks_for_none():
    assert not fires("secret-parameter", _tool("a2a_connect", "Connect.", {"use_bearer": {"type": "boolean"}}))


# missing-param-description: a filter, a policy, a sort order or a format says nothing of its own form.

@pytest.mark.parametrize("name", ["policy", "filter", "domain_filter", "sort", "order", "number_format", "variables"])
def test_an_undescribed_filter_or_policy_fires(name):
    assert fires("missing-param-description", _tool("inspect", "检查回复是否安全。", {name: {"type": "string"}}))


def test_a_policy_its_docstring_describes_stays_quiet():
    def inspect_response(user_prompt: str, policy: str | None = None) -> str:
        """Check whether a reply is safe.

        Args:
            user_prompt: The user's prompt.
            policy: 策略名称，例如 strict；留空用服务器默认策略
        """
        return ""

    assert "policy" not in reported(listed(inspect_response), "missing-param-description")
