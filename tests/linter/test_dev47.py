"""Holdout 47's false undocumented-identifier findings, fixed after it was measured (a tuning set from then on,
2026-12-07):
- a key whose name says it takes other forms (`name_or_id`, `url_or_id`) is read as "name or ID" in its text is;
- a tool whose description opens by looking a thing up by two or more forms ("Get a single AD user by
  sAMAccountName, UPN, mail or cn") names the forms of its one required parameter.
missing-param-description: a parameter the tool description asks to pass for a purpose ("Pass `extra_filter` to
AND an extra raw LDAP clause") or spells out as an abbreviation ("by its distinguished name (DN)" of `dn`) is
described.
relative-path: a mount path inside a container is the container's ("Mount path inside the container (default
/data)")."""

from __future__ import annotations

import json

import pytest
from helpers import fires, mcp_tool


def _lookup(description: str, name: str = "identifier", required: tuple[str, ...] = ("identifier",)) -> str:
    tool = json.loads(mcp_tool("get_user", description, {name: {"type": "string"}, "domain": {"type": "string"}}))
    tool["inputSchema"]["required"] = list(required)
    return json.dumps(tool, ensure_ascii=False)


@pytest.mark.parametrize("name", ["name_or_id", "url_or_id", "id_or_slug"])
def test_a_key_named_for_its_other_forms_is_no_bare_identifier(name):
    text = mcp_tool("get_lobby_group", "Fetch a lobby group from the live API.", {name: {"type": "string"}})
    assert not fires("undocumented-identifier", text)


@pytest.mark.parametrize("name", ["group_id", "lobby_group_id"])
def test_a_key_named_only_as_an_id_is_still_reported(name):
    text = mcp_tool("get_lobby_group", "Fetch a lobby group from the live API.", {name: {"type": "string"}})
    assert fires("undocumented-identifier", text)


@pytest.mark.parametrize("description", [
    "Get a single AD user by sAMAccountName, UPN, mail or cn (exact match).",
    "Get a single AD organizational unit by its `ou` name or full DN (exact).",
    "Get a single Group Policy Object by its `cn` (GUID) or `displayName`.",
    "按 sAMAccountName、UPN 或 mail 获取单个 AD 用户（精确匹配）。",
])
def test_a_lookup_by_named_forms_describes_its_one_key(description):
    assert not fires("undocumented-identifier", _lookup(description))


@pytest.mark.parametrize("description, required", [
    ("Get a user by ID.", ("identifier",)),
    ("Get a torrent by its ID or hash.", ("identifier",)),
    ("Return theorem-like nodes referenced by the given theorem or lemma.", ("identifier",)),
    ("Get a single AD user by sAMAccountName, UPN, mail or cn.", ("identifier", "domain")),  # which key is it?
    ("Get a single AD user by sAMAccountName.", ("identifier",)),  # one form: the key may be something else
    ("按 ID 获取单个用户。", ("identifier",)),
])
def test_a_lookup_by_an_id_or_with_other_keys_still_reports_it(description, required):
    assert fires("undocumented-identifier", _lookup(description, required=required))


@pytest.mark.parametrize("description", [
    "Mount path inside the container (default /data).",
    "Where the volume is mounted in the container.",
    "容器内的挂载路径（默认 /data）。",
])
def test_a_path_inside_a_container_is_not_the_agents(description):
    text = mcp_tool("create_instance", "Create a GPU instance.", {"mount_path": {"type": "string", "description": description}})
    assert not fires("relative-path", text)


@pytest.mark.parametrize("description", [
    "Local directory to copy into the container.",
    "Path of the Dockerfile that builds the container image.",
    "要复制到容器中的本地目录路径。",
])
def test_a_local_path_a_container_tool_reads_is_still_reported(description):
    text = mcp_tool("build_image", "Build a container image.", {"source_path": {"type": "string", "description": description}})
    assert fires("relative-path", text)


@pytest.mark.parametrize("description, name", [
    ("List disabled accounts. Pass `base` (a DN) to scope to an OU, or `extra_filter` to AND an extra raw LDAP "
     "clause (must be pre-escaped).", "extra_filter"),
    ('List security groups.\n\nPass `scope` to restrict to one group scope: "global" or "universal".', "scope"),
    ("列出已禁用的账户。传入 `extra_filter` 以追加一条原始 LDAP 子句。", "extra_filter"),
    ("Fetch any AD entry directly by its distinguished name (DN).", "dn"),
    ("按可分辨名称（DN）直接获取任意 AD 条目。", "dn"),
])
def test_a_parameter_the_text_asks_to_pass_or_spells_out_is_described(description, name):
    text = mcp_tool("find_entries", description, {name: {"type": "string"}, "limit": {"type": "integer"}})
    assert not fires("missing-param-description", text)


@pytest.mark.parametrize("description, name", [
    ("List disabled accounts; see the LDAP docs for `extra_filter`.", "extra_filter"),
    ("Set `scope` to global.", "scope"),
    ("列出已禁用的账户，支持 `extra_filter`。", "extra_filter"),
    ("Fetch any AD entry directly (DN lookups are slow).", "dn"),
])
def test_a_parameter_only_named_is_still_reported(description, name):
    text = mcp_tool("find_entries", description, {name: {"type": "string"}, "limit": {"type": "integer"}})
    assert fires("missing-param-description", text)
