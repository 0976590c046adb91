"""undocumented-identifier on an id whose Chinese description only spells its name word for word ("会话 ID" for
`session_id`, "项目ID" for `project_id`; read on holdout 18's recall review, a tuning set once measured,
2026-12-06, where "查询参数" only spelt `query`): nothing is written about it, as with "Session ID". A description
that says more, or a name with a word the glossary does not hold, keeps it documented. The `Field(description=...)`
case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

from typing import Annotated

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported
from pydantic import Field

import toollint
from toollint.linter.paramview import restates_name


def _tool_with(name: str, description: str) -> str:
    return _tool("get_session", "读取一个会话的消息。", {name: {"type": "string", "description": description}})


@pytest.mark.parametrize("name, description", [
    ("session_id", "会话 ID"),
    ("session_id", "会话ID。"),
    ("project_id", "项目编号"),
    ("team_id", "团队ID"),
    ("userId", "用户 ID 参数"),
])
def test_a_chinese_description_that_spells_the_name_again_is_no_documentation(name, description):
    assert fires("undocumented-identifier", _tool_with(name, description))


@pytest.mark.parametrize("name, description", [
    ("session_id", "会话 ID，由 list_sessions 返回"),
    ("session_id", "要读取的会话"),
    ("vm_id", "留言 ID"),  # `vm` is in no glossary: the description may say what it is
    ("project_id", "用户 ID"),  # other words than the name's
])
def test_a_chinese_description_that_says_more_keeps_it_documented(name, description):
    assert not fires("undocumented-identifier", _tool_with(name, description))


@pytest.mark.parametrize("text, name, spelt", [
    ("查询参数", "query", True),
    ("用户名称", "user_name", True),
    ("查询条件", "query", False),
    ("Team ID", "team_id", True),
])
def test_restates_name_in_chinese(text, name, spelt):
    assert restates_name(text, name) is spelt


def test_a_chinese_field_description_that_spells_the_name_listed_by_the_sdk():
    def get_session(session_id: Annotated[str, Field(description="会话 ID")],
                    message_id: Annotated[str, Field(description="消息 ID，来自 list_messages 的结果")]) -> str:
        """读取一个会话中的一条消息。"""
        return ""

    assert _reported("undocumented-identifier", listed(get_session)) == ["session_id"]


@pytest.mark.parametrize("tool_description", [
    "Mark a todo as completed. Requires the todo's ID (find it using search or view tools first).",
    "Mark a todo as completed. Pass the ID returned by list_todos.",
    "把待办标记为完成。需要待办的 ID（先调用搜索工具获取）。",
])
def test_a_bare_id_whose_source_the_description_gives(tool_description):
    tool = _tool("complete_todo", tool_description, {"id": {"type": "string"}})
    assert not fires("undocumented-identifier", tool)
    assert not fires("unconstrained-identifier", tool)


@pytest.mark.parametrize("tool_description", [
    "Mark a todo as completed. The ID is kept in the logbook.",  # an ID, but not where it comes from
    "Mark a todo as completed, first of all.",  # a cue, but no ID
    "把待办标记为完成。",
])
def test_a_bare_id_whose_source_the_description_does_not_give(tool_description):
    assert fires("undocumented-identifier", _tool("complete_todo", tool_description, {"id": {"type": "string"}}))


def test_a_bare_id_sourced_in_the_docstring_listed_by_the_sdk():
    def complete_todo(id: str) -> str:
        """Mark a todo as completed. Requires the todo's ID (find it using search first)."""
        return ""

    def delete_todo(id: str) -> str:
        """Delete a todo for good."""
        return ""

    assert _reported("undocumented-identifier", listed(complete_todo, delete_todo)) == ["id"]
    assert [f.pointer for f in toollint.lint(listed(complete_todo, delete_todo))
            if f.rule == "undocumented-identifier"] == ["/1/inputSchema/properties/id"]
