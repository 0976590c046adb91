"""Holdout 38's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

- secret-parameter: a tool that creates or updates a connection to another system (an integration, a connection, a
  connector, a log destination) stores that system's key: the key is the tool's data, as a user's password is
  `create_user`'s, and no server configuration can hold it. A tool that only uses a token to create something else
  (`update_contact(access_token)`) is still reported.
- values-only-in-prose: values after a negation ("Must not use reserved names (a, b, c)") are not the set.
- undeclared-destructive-tool: a tool that takes a link out ("Detach a label from the domain") or says nothing stored
  is deleted loses no data.
- missing-unit: the length of a text (`sld_length_max`) counts characters."""

from __future__ import annotations

import json

import pytest
from helpers import fires, helps, mcp_tool


def _tool(name: str, description: str, param: str = "api_key") -> str:
    return json.dumps([{"name": name, "description": description, "inputSchema": {
        "type": "object", "properties": {param: {"type": "string", "description": "API key"},
                                         "name": {"type": "string", "description": "Display name"}},
        "required": [param]}}], ensure_ascii=False)


@pytest.mark.parametrize("name, description", [
    ("create_action_connection", "Create a new Action Connection to call an external service from workflows."),
    ("update_custom_destination", "Update the fields of a custom log forwarding destination."),
    ("create_cloudflare_account", "Create a new Cloudflare account integration to enable metrics collection."),
    ("create_opsgenie_service", "Create a new Opsgenie integration service for alerting."),
    ("create_dingtalk_bot", "创建钉钉集成，用于把告警推送到群聊。"),
])
def test_a_connection_to_another_system_stores_its_key(name, description):
    assert not fires("secret-parameter", _tool(name, description))


@pytest.mark.parametrize("name, description", [
    ("update_contact", "Update a contact's name and e-mail in the CRM."),
    ("create_invoice", "创建一张发票并发送给客户。"),
    ("get_integration", "Get one integration's settings by its id."),  # a reader, not a writer, of the connection
])
def test_a_token_used_to_make_something_else_is_still_reported(name, description):
    assert fires("secret-parameter", _tool(name, description))


def test_a_connection_the_tool_only_goes_through_is_no_connection_it_stores():
    tool = _tool("create_issue", "Create a GitHub issue in a repository via the GitHub integration.", "access_token")
    assert fires("secret-parameter", tool)


# values-only-in-prose: values after a negation are the ones the parameter may not take.

def _values_helps(description: str) -> list[str]:
    tool = mcp_tool("create_secret", "Create a secret for a job. 为任务创建密钥。",
                    {"name": {"type": "string", "description": description}})
    return helps("values-only-in-prose", tool)


@pytest.mark.parametrize("description, reported", [
    ("Secret name. Must not use reserved names (anthropic, openai, azure, ollama).", False),
    ("密钥名称，不能使用保留名（anthropic, openai, azure）", False),
    ("Region, any except (us-east, us-west, eu-central)", False),
    ("Secret kind (anthropic, openai, azure, ollama).", True),
    ("If not set, one of: anthropic, openai, azure", True),  # a bare "not" negates nothing in the list
])
def test_values_after_a_negation_are_not_the_set(description, reported):
    assert bool(_values_helps(description)) is reported


# undeclared-destructive-tool: a tool that takes a link out, or says nothing stored is deleted.

def _destructive(name: str, description: str) -> bool:
    tool = mcp_tool(name, description, {"id": {"type": "string", "description": "Its id, from list_items"}})
    return fires("undeclared-destructive-tool", tool)


@pytest.mark.parametrize("name, description, reported", [
    ("remove_label", "Detach a label from the domain by label id.", False),
    ("delete_contact_tag", "解绑联系人的标签。", False),
    ("delete_catalog", "Delete a catalog by moving its taps to Uncataloged. No tap, pipeline or data is deleted.", False),
    ("delete_catalog", "删除目录，其中的任务移到未分类。不会删除任何数据。", False),
    ("delete_memories", "Delete the memories matching a query. With dry_run, nothing is removed.", True),
    ("delete_memories", "Delete the memories matching a query.", True),
    ("delete_batch", "Delete a batch's metadata (does not delete runs).", True),  # the metadata goes
])
def test_what_takes_a_link_out_or_keeps_the_data(name, description, reported):
    assert _destructive(name, description) is reported


# missing-unit: a text's length counts characters.

@pytest.mark.parametrize("name, reported", [
    ("sld_length_max", False), ("name_length", False), ("title_length", False),
    ("cable_length", True), ("length", True),
])
def test_the_length_of_a_text_counts_characters(name, reported):
    tool = mcp_tool("get_marketplace", "Browse domains listed for sale on the marketplace.", {name: {"type": "integer"}})
    assert fires("missing-unit", tool) is reported


# description-names-unknown-parameter: a name passed on to another tool of the set is that tool's argument.

@pytest.mark.parametrize("description, reported", [
    ("Back up a catalog. Returns `manifest`, then `archiveBase64`; pass `archiveBase64` unchanged to restore_catalog.",
     False),
    ("备份目录；请传入 `archiveBase64` 给 restore_catalog。", False),
    ("Back up a catalog. Pass `archiveBase64` to limit the size.", True),  # no other tool takes it
])
def test_a_name_passed_to_another_tool_is_its_argument(description, reported):
    tools = json.dumps([
        {"name": "export_catalog", "description": description, "inputSchema": {
            "type": "object", "properties": {"catalog": {"type": "string", "description": "Catalog name"}}}},
        {"name": "restore_catalog", "description": "Restore a catalog from a backup archive.", "inputSchema": {
            "type": "object", "properties": {"archive": {"type": "string", "description": "The archive, base64"}}}},
    ], ensure_ascii=False)
    assert fires("description-names-unknown-parameter", tools) is reported
