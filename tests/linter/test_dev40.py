"""Holdout 39's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

undocumented-identifier's help names a sibling tool that returns the id only when that tool looks up the thing
the id names (the last word of its name: `list_group_categories` looks up categories, not groups; a trailing
`_tool` is no word of it; the words before it the id's, the tool's own or filters: `list_outcome_groups` looks up
another kind of group, `list_my_groups` some of them) and, in a set that mixes providers by name prefix (`mlb_*` beside `pointsbet_*`), only
one of the same provider.

values-only-in-prose: a list whose last value is "etc." is open, and so is one that holds a date's form beside a
keyword (`'YYYY', 'YYYY-MM' or 'latest'`).

undeclared-destructive-tool: a tool that removes only what has lapsed ("Sweep expired entries") loses nothing wanted.

missing-param-description: set notation with a piped list (`kind ∈ observation|decision`) defines the parameter."""

from __future__ import annotations

import json

import pytest
from helpers import fires, helps, mcp_tool


def _source(tool_name: str, param: str, siblings: list[tuple[str, str]]) -> str:
    description = " ".join(part.capitalize() for part in param.replace("Id", "_id").split("_")) + "."  # "Group Id."
    tools = [{"name": tool_name, "description": "List the umpires of a season. 列出一个赛季的裁判。",
              "inputSchema": {"type": "object", "properties": {param: {"type": "string", "description": description}},
                              "required": [param]}}]
    tools += [{"name": name, "description": text, "inputSchema": {"type": "object", "properties": {
        "limit": {"type": "integer", "description": "How many to return"}}}} for name, text in siblings]
    found = helps("undocumented-identifier", json.dumps(tools, ensure_ascii=False))
    assert len(found) == 1
    return found[0].split("where the model gets one ", 1)[1].split(", with an example", 1)[0]


@pytest.mark.parametrize("tool_name, param, siblings, source", [
    # another provider's lookup is no source of this provider's ids
    ("mlb_umpires", "sportId", [("pointsbet_sports_list", "List PointsBet sports."),
                                ("pointsbet_events", "List PointsBet events."), ("mlb_teams", "List MLB teams.")],
     "(the tool that returns it)"),
    ("mlb_umpires", "sportId", [("mlb_sports_list", "列出 MLB 的运动项目。"), ("mlb_teams", "List MLB teams.")],
     "(say that `mlb_sports_list` returns one)"),
    # a lookup of something else that shares a word
    ("list_group_users", "group_id", [("list_group_categories", "List group categories.")],
     "(the tool that returns it)"),
    ("list_group_users", "group_id", [("list_groups", "List the groups.")], "(say that `list_groups` returns one)"),
    # a `_tool` suffix names no thing looked up
    ("cancel_job_tool", "job_id", [("list_my_jobs_tool", "List my jobs.")], "(say that `list_my_jobs_tool` returns one)"),
    # verb-first names have no provider prefix to compare
    ("pin_note_to_project", "project_id", [("get_user_recent_projects", "最近的项目。"), ("pin_task", "Pin a task.")],
     "(say that `get_user_recent_projects` returns one)"),
])
def test_the_help_names_a_source_that_returns_the_id(tool_name, param, siblings, source):
    assert _source(tool_name, param, siblings) == source


@pytest.mark.parametrize("siblings, source", [
    ([("list_outcome_groups", "List outcome groups.")], "(the tool that returns it)"),  # another kind of group
    ([("list_my_groups", "列出我的分组。")], "(say that `list_my_groups` returns one)"),  # some of the groups
])
def test_the_words_before_what_a_lookup_finds_pick_some_of_them(siblings, source):
    assert _source("list_group_users", "group_id", siblings) == source


# values-only-in-prose: a list left open by "etc." or by a date's form among its values is no set.

@pytest.mark.parametrize("name, description, reported", [
    ("playerPool", "all | qualified | rookies | etc.", False),
    ("player_pool", "球员范围：all、qualified、rookies 等", False),
    ("playerPool", "all | qualified | rookies", True),
    ("date_b", "'YYYY', 'YYYY-MM', 'YYYY-MM-DD' or 'latest'. The closest archived copy is used.", False),
    ("period", "Bar period (D, W, M)", True),  # one letter is a value, not a date's form
])
def test_an_open_list_is_no_set(name, description, reported):
    tool = mcp_tool("stats", "Get season statistics. 获取赛季统计。", {name: {"type": "string", "description": description}})
    assert bool(helps("values-only-in-prose", tool)) is reported


# undeclared-destructive-tool: a tool that removes only what has lapsed.

@pytest.mark.parametrize("name, description, reported", [
    ("cache_purge", "Sweep expired entries from the on-disk cache.", False),
    ("purge_cache", "清理过期的缓存文件。", False),
    ("cache_delete", "Delete a value from the cache by its key.", True),
])
def test_removing_what_has_lapsed_loses_nothing(name, description, reported):
    tool = mcp_tool(name, description, {"key": {"type": "string", "description": "Cache key, e.g. user:42"}})
    assert fires("undeclared-destructive-tool", tool) is reported


# missing-param-description: set notation with a piped list defines the parameter (`kind ∈ a|b|c`).

@pytest.mark.parametrize("tool_description, reported", [
    ("Append a memory to the journal. kind ∈ observation|decision|action|result.", False),
    ("追加一条记忆。kind ∈ observation|decision|action。", False),
    ("Append a memory to the journal of one kind.", True),
])
def test_set_notation_with_a_piped_list_defines_it(tool_description, reported):
    tool = mcp_tool("append_to_journal", tool_description,
                    {"kind": {"type": "string"}, "text": {"type": "string", "description": "What to remember"}})
    assert fires("missing-param-description", tool) is reported
