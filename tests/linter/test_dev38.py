"""Recall misses of holdouts 31, 32 and 34 (tuning sets), fixed before holdout 38 was judged (2026-12-07).

missing-param-description: a string with no description, no default and no `enum` whose name says it picks one of
the server's own words (`status`, `priority`, `platform`, `action`, `operation`): the model guesses how each value is
spelled. Not when the tool description names the parameter, or lists its values under the plural (`Actions:`)."""

from __future__ import annotations

import json

import pytest
from helpers import helps, mcp_tool


def _helps(name: str, tool_description: str, schema: dict | None = None, **extra) -> list[str]:
    prop = dict(schema if schema is not None else {"type": "string"}, **extra)
    tool = json.dumps([{"name": "manage_items", "description": tool_description, "inputSchema": {
        "type": "object", "properties": {name: prop, "item_id": {"type": "string", "description": "Item to change"}},
        "required": [name]}}], ensure_ascii=False)
    return helps("missing-param-description", tool)


CHOICE_HELP = "add a `description` saying what it holds, its format and an example, or an `enum` of its values"


@pytest.mark.parametrize("name, tool_description", [
    ("operation", "Unified text management tool for adding, formatting and validating text."),
    ("platform", "按关键词搜索社媒账号，返回粉丝数和简介。"),
    ("status", "List the tickets of a project, newest first."),
    ("priority", "创建一个新的待办事项。"),
])
def test_a_choice_nothing_names_is_reported(name, tool_description):
    assert _helps(name, tool_description) == [CHOICE_HELP]


def test_an_optional_choice_is_reported_too():
    schema = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert _helps("status", "List the tickets of a project.", schema) == [CHOICE_HELP]


@pytest.mark.parametrize("tool_description", [
    "Manage comments.\n\nActions:\n  - create: add a comment\n  - delete: remove it",
    "Manage comments. Set action to create or delete.",
    "管理评论。action 为 create 或 delete。",
])
def test_a_choice_the_tool_description_names_is_left_alone(tool_description):
    assert _helps("action", tool_description) == []


@pytest.mark.parametrize("name, schema", [
    ("status", {"type": "string", "enum": ["open", "closed"]}),
    ("status", {"type": "integer"}),
    ("status", {"type": "string", "pattern": "^[a-z]+$"}),
    ("state", {"type": "string"}),  # a US state, an OAuth state: often free text
    ("encoding", {"type": "string"}),  # utf-8: a set everyone knows
    ("display_name", {"type": "string"}),
])
def test_other_strings_are_left_alone(name, schema):
    assert _helps(name, "List the tickets of a project.", schema) == []


# values-only-in-prose: three forms of holdouts 36 and 37's recall misses.

def _values_help(name: str, description: str | None, tool_description: str = "Plan the work. 安排工作。") -> list[str]:
    prop = {"type": "string"} if description is None else {"type": "string", "description": description}
    return helps("values-only-in-prose", mcp_tool("plan", tool_description, {name: prop}))


@pytest.mark.parametrize("description, reported", [
    ('Solver to use ("CBC", "GLPK", "GUROBI", "CPLEX")', True),
    ('求解器（"CBC", "GLPK", "GUROBI"）', True),
    ('Solver to use, e.g. ("CBC", "GLPK", "GUROBI")', False),
    ("Analyzer (`lucene.standard`, `lucene.simple`, `lucene.keyword`)", False),  # dotted: field names as often
])
def test_quoted_values_in_parentheses_in_any_case(description, reported):
    assert bool(_values_help("solver_name", description)) is reported


@pytest.mark.parametrize("tool_description, reported", [
    ("List tasks, optionally filtered by assignee (hamza|sana|ali) and due date.", True),
    ("列出任务，可按 assignee（hamza|sana|ali）筛选。", True),
    ("List tasks, optionally filtered by assignee and due date (today|week).", False),
])
def test_piped_values_in_parentheses_after_the_name(tool_description, reported):
    assert bool(_values_help("assignee", None, tool_description)) is reported


@pytest.mark.parametrize("entry, enum", [
    ("size, oldest (least recently opened), or newest. Default size.", '["size", "oldest", "newest"]'),
    ("size, oldest（最久未打开）, or newest. Default size.", '["size", "oldest", "newest"]'),
    ("size, oldest, or newest. Default: newest", '["size", "oldest", "newest"]'),
    ("size, oldest, or newest. Default relevance.", None),  # the default is another value: some of the set
])
def test_a_bare_list_with_notes_and_its_default(entry, enum):
    tool_description = f"List the files of a folder.\n\nArgs:\n    sort_by: {entry}\n"
    assert _values_help("sort_by", None, tool_description) == ([f"add `\"enum\": {enum}`"] if enum else [])


def test_a_null_default_is_no_default():
    schema = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
    assert _helps("priority", "Query allowlisted system journals.", schema) == [CHOICE_HELP]
