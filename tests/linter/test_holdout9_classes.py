"""False-finding classes read on holdout 9 (2026-12-04): object paths taken for file paths, units written in other
languages, and example or default values taken for an allowed set. Each class must stay quiet where the text
settles it, and must still fire where it does not, in English and Chinese."""

from __future__ import annotations

import pytest
from helpers import fires as _fires
from helpers import mcp_tool as _tool

# relative-path: a path of objects inside an application (a scene, a game tree) is no file on the agent's disk.

@pytest.mark.parametrize("name, description, prop", [
    ("set_part_color", "Set the colour of a part in the open Studio place.",
     {"instancePath": {"type": "string", "description": "Instance path (e.g. Workspace.Model.Part)"}}),
    ("set_property", "Set a property on several parts at once.",
     {"paths": {"type": "array", "items": {"type": "string"}, "description": "Instance paths"}}),
    ("search_scripts", "Search the text of every script in the open place.",
     {"path": {"type": "string", "description": "Subtree to search (e.g. \"game.ServerScriptService\")"}}),
    ("clone_part", "Clone an instance under a new parent in the open place.",
     {"parent_path": {"type": "string", "description": "Path of the parent to place the clone under"}}),
    ("find_file_mentions", "Find every conversation that touched a file.",
     {"filepath": {"type": "string", "description": "File path to search for in conversation history"}}),
    ("设置属性", "在当前场景中设置对象的属性。",
     {"路径": {"type": "string", "description": "对象路径，用点号分隔"}}),
    ("查找文件记录", "查找与某个文件有关的全部对话。",
     {"文件路径": {"type": "string", "description": "要在对话历史中搜索的文件路径"}}),
])
def test_relative_path_is_quiet_on_object_paths_and_search_terms(name, description, prop):
    assert not _fires("relative-path", _tool(name, description, prop))


@pytest.mark.parametrize("name, description, prop", [
    ("read_script", "Read a Lua script file from disk and return its text.",
     {"path": {"type": "string", "description": "Path of the script file (e.g. \"main.lua\")"}}),
    ("write_notes", "Write the notes to a text file.",
     {"output_path": {"type": "string", "description": "Where to write the file, like notes.txt"}}),
    ("读取文件", "读取一个文本文件并返回内容。",
     {"文件路径": {"type": "string", "description": "要读取的文件路径"}}),
])
def test_relative_path_still_fires_on_file_paths(name, description, prop):
    assert _fires("relative-path", _tool(name, description, prop))


# missing-unit: "Timeout en segundos" states the unit, in Spanish.

@pytest.mark.parametrize("description", ["Timeout en segundos", "Délai d'attente en secondes",
                                         "Zeitlimit in Sekunden", "タイムアウト（ミリ秒）", "超时时间（秒）"])
def test_missing_unit_reads_units_in_other_languages(description):
    text = _tool("fetch_page", "Fetch one web page and return its text.",
                 {"timeout": {"type": "number", "description": description}})
    assert not _fires("missing-unit", text)


@pytest.mark.parametrize("description", ["Tiempo de espera de la petición", "请求的超时时间"])
def test_missing_unit_still_fires_without_a_unit_in_any_language(description):
    text = _tool("fetch_page", "Fetch one web page and return its text.",
                 {"timeout": {"type": "number", "description": description}})
    assert _fires("missing-unit", text)


# values-only-in-prose: examples of an open set, and the values a tool picks by default, are no allowed set.

@pytest.mark.parametrize("description", [
    "Exact name or alias. Examples: \"maz-btn\" or \"MazBtn\" for components, \"useToast\" for composables",
    "Comma-separated list of related records to include. Cases already include their links by default "
    "(\"external_issues\" / \"external_issue\"); pass this only to override that.",
    "组件名或别名。示例：\"maz-btn\" 或 \"MazBtn\" 表示组件，\"useToast\" 表示组合函数",
])
def test_values_only_in_prose_is_quiet_on_examples_and_defaults(description):
    text = _tool("get_doc", "Get the documentation of one component.",
                 {"name": {"type": "string", "description": description}})
    assert not _fires("values-only-in-prose", text)


@pytest.mark.parametrize("description", [
    "Which records to include: \"links\" or \"comments\"",
    "\"asc\" for oldest first, \"desc\" for newest first",
    "排序方式：\"asc\" 或 \"desc\"",
])
def test_values_only_in_prose_still_fires_on_a_closed_list(description):
    text = _tool("list_cases", "List the test cases of a project.",
                 {"order": {"type": "string", "description": description}})
    assert _fires("values-only-in-prose", text)
