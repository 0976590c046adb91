"""False-finding classes read on holdout 10 (2026-12-04): a `value` its sibling explains, a path inside a
workspace the tool names by id, and a list of values that leaves out the default. Each class stays quiet where the
structure settles it and still fires where it does not, in English and Chinese."""

from __future__ import annotations

import pytest
from helpers import fires as _fires
from helpers import mcp_tool as _tool


def _money(sibling: str) -> dict:
    return {"type": "object", "description": "The daily budget of the campaign",
            "properties": {sibling: {"type": "string"}, "value": {"type": "string"}}}


# missing-param-description: `{currency, value}` is an amount, `{unit, value}` a measure.

@pytest.mark.parametrize("sibling", ["currency", "unit", "key"])
def test_a_value_beside_its_qualifier_needs_no_description(sibling):
    text = _tool("create_campaign", "Create an advertising campaign with a daily budget.", {"budget": _money(sibling)})
    assert not _fires("missing-param-description", text)


def test_a_value_beside_its_qualifier_in_chinese_needs_no_description():
    text = _tool("创建广告活动", "创建一个带每日预算的广告活动。",
                 {"预算": {"type": "object", "description": "每日预算",
                          "properties": {"currency": {"type": "string"}, "value": {"type": "string"}}}})
    assert not _fires("missing-param-description", text)


@pytest.mark.parametrize("properties", [
    {"budget": _money("note")},  # no qualifier beside it
    {"value": {"type": "string"}},  # top-level: the docstring's place, not a pair's
    {"入参": {"type": "object", "description": "请求体", "properties": {"value": {"type": "string"},
                                                                      "type": {"type": "string"}}}},
])
def test_an_unqualified_value_still_needs_a_description(properties):
    assert _fires("missing-param-description", _tool("create_campaign", "Create an advertising campaign.", properties))


# relative-path: `workspace_id` beside `path` puts the path inside that workspace, on the server's side.

@pytest.mark.parametrize("name, description, prop", [
    ("ask_file", "Ask one ingested document a question.", {"path": {"title": "Path", "type": "string"}}),
    ("上传到工作区", "把文件放进工作区的某个位置。", {"workspace_path": {"title": "Workspace Path", "type": "string"}}),
])
def test_relative_path_is_quiet_inside_a_workspace_named_by_id(name, description, prop):
    properties = {"workspace_id": {"title": "Workspace Id", "type": "string"}, **prop}
    assert not _fires("relative-path", _tool(name, description, properties))


@pytest.mark.parametrize("name, description", [
    ("upload_file", "Upload a local file into the workspace."),
    ("上传文件", "上传一个本地文件到工作区。"),
])
def test_relative_path_still_fires_on_the_local_file_of_an_upload(name, description):
    properties = {"workspace_id": {"title": "Workspace Id", "type": "string"},
                  "file_path": {"type": "string", "description": "Path of the file to upload"}}
    assert _fires("relative-path", _tool(name, description, properties))


# values-only-in-prose: an `enum` of the listed values would reject the default.

_SOLVER_MODES = pytest.mark.parametrize("description", ["Solver mode: one of exact, float, decimal",
                                                        "求解模式，可选值：exact、float、decimal"])


def _solver(default: str, description: str) -> str:
    return _tool("solve", "Solve an equation.", {"mode": {"type": "string", "default": default,
                                                          "description": description}})


@_SOLVER_MODES
def test_values_that_leave_out_the_default_are_no_closed_set(description):
    assert not _fires("values-only-in-prose", _solver("fixed-point", description))


@_SOLVER_MODES
def test_values_that_hold_the_default_are_still_reported(description):
    assert _fires("values-only-in-prose", _solver("exact", description))


# values-only-in-prose misses from holdout 10's recall review: quoted values in parentheses, and values explained
# with 为 or 仅 in a Chinese docstring.

@pytest.mark.parametrize("description", [
    "Filter output by type (\"all\", \"stdout\", \"stderr\", \"input\")",
    "按类型过滤输出（\"all\", \"stdout\", \"stderr\"）",
    "搜索平台，\"all\"为双平台，\"jd\"仅京东，\"taobao\"仅天猫",
])
def test_quoted_values_in_parentheses_or_explained_in_chinese_are_listed_values(description):
    text = _tool("read_console", "Read the console output of a process.",
                 {"filter_type": {"type": "string", "description": description}})
    assert _fires("values-only-in-prose", text)


@pytest.mark.parametrize("description", [
    "Names of the files to read (e.g. \"main\", \"utils\", \"config\")",
    "要读取的文件名（例如 \"main\", \"utils\", \"config\"）",
    "当 \"mode\" 为 \"fast\" 时忽略此参数",
])
def test_quoted_examples_and_conditions_are_not_listed_values(description):
    text = _tool("read_files", "Read several files at once.", {"names": {"type": "string", "description": description}})
    assert not _fires("values-only-in-prose", text)
