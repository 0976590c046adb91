"""False-finding classes read on holdout 11 (2026-12-04): a parameter the description defines in a sentence, the
interval of a minute chart, and a list of character kinds. Each stays quiet where the text settles it and still
fires where it does not, in English and Chinese (and Korean, where the class came from)."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool

_TITLED = {"title": "Option Type", "type": "string"}


# missing-param-description: "option_type is PUT or CALL." in the description documents the parameter.

@pytest.mark.parametrize("description", [
    "Add a trade to a portfolio. option_type is PUT or CALL. Returns confirmation.",
    "Get a quote for one contract. option_type: 'call' or 'put'.",
    "添加一笔交易。option_type 为 PUT 或 CALL。",
    "添加一笔交易，可用 option_type 选择期权，默认是 CALL。",  # the copula need not follow the name in Chinese
    "Add a trade. The `option_type` is PUT or CALL.",
])
def test_a_parameter_defined_in_a_sentence_needs_no_description(description):
    assert not fires("missing-param-description", _tool("add_trade", description, {"option_type": _TITLED}))


def test_a_plain_word_name_needs_a_parenthesis_to_count_as_defined():
    prop = {"type": {"type": "string"}}
    assert not fires("missing-param-description", _tool(
        "show_objects", "List objects. Can use type (e.g. host, network) to filter them.", prop))
    assert fires("missing-param-description", _tool(
        "show_objects", "List objects. The type is returned with each object.", prop))


@pytest.mark.parametrize("description", [
    "Add a trade to a portfolio. Returns confirmation.",
    "添加一笔交易，返回确认信息。",
    "Add a trade. The option_type field of the trade is stored as given.",
])
def test_a_parameter_only_named_in_passing_still_needs_a_description(description):
    assert fires("missing-param-description", _tool("add_trade", description, {"option_type": _TITLED}))


# missing-unit: the interval of a minute chart counts minutes.

_INTERVAL = {"interval": {"type": "integer", "description": "interval 파라미터", "default": 1}}


@pytest.mark.parametrize("name, description", [
    ("get_chart", "분봉 차트 조회"),
    ("get_kline", "获取股票的分钟K线数据"),
    ("get_candles", "Fetch 5-minute candles for a symbol."),
])
def test_the_interval_of_a_minute_chart_needs_no_unit(name, description):
    assert not fires("missing-unit", _tool(name, description, _INTERVAL))


@pytest.mark.parametrize("name, description", [
    ("get_chart", "차트 조회"),
    ("get_kline", "获取股票的K线数据"),
    ("poll_status", "Poll the job status every interval."),
])
def test_an_interval_with_no_stated_bar_still_needs_a_unit(name, description):
    assert fires("missing-unit", _tool(name, description, _INTERVAL))


def test_a_korean_unit_word_states_the_unit():
    prop = {"timeout": {"type": "integer", "description": "대기 시간 (밀리초)"}}
    assert not fires("missing-unit", _tool("wait", "잠시 기다립니다.", prop))


# values-only-in-prose: "(alphanumeric, hyphens, underscores)" is a character rule, not a list of values.

@pytest.mark.parametrize("text", ["Gem name (alphanumeric, hyphens, underscores).",
                                  "项目名称（字母, 数字, 下划线）"])
def test_a_list_of_character_kinds_is_no_list_of_values(text):
    assert not fires("values-only-in-prose", _tool("create_gem", "Create a gem.",
                                                   {"name": {"type": "string", "description": text}}))


@pytest.mark.parametrize("text", ["Gem template (default, minimal, asset).", "模板（default, minimal, asset）"])
def test_a_list_of_values_in_parentheses_still_fires(text):
    assert fires("values-only-in-prose", _tool("create_gem", "Create a gem.",
                                               {"template": {"type": "string", "description": text}}))


# undeclared-destructive-tool: a tool set with an `undo` tool lets the model take a deletion back.

def _set(*tools: tuple[str, str]) -> str:
    return "[" + ",".join(_tool(name, description, {"id": {"type": "string", "description": "The id"}})
                          for name, description in tools) + "]"


@pytest.mark.parametrize("undo", [("undo", "Undo the last editor action."),
                                  ("撤销操作", "撤销上一步编辑操作。")])
def test_a_delete_in_a_set_with_an_undo_tool_is_quiet(undo):
    assert not fires("undeclared-destructive-tool", _set(("delete_entity", "Delete an entity from the level."),
                                                         ("删除_节点", "删除场景中的一个节点。"), undo))


@pytest.mark.parametrize("other", [("redo", "Redo the last undone action."), ("list_entities", "列出所有实体。")])
def test_a_delete_in_a_set_without_one_still_fires(other):
    assert fires("undeclared-destructive-tool", _set(("delete_entity", "Delete an entity from the level."), other))
