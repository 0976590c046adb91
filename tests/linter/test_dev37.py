"""Holdout 36's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

values-only-in-prose:
- constants after a "格式:" / "Format:" label are samples of the form a code takes ("币种，格式: BTC 或 ETH" of
  `symbol`), unless the parameter picks a format ("格式：JSON 或 YAML" of `format`);
- a note in parentheses after the last value is no part of it ("仅支持: sh(上证), hk(港股), us(美股), 不支持..."
  proposed `us(美股`);
- a piped list is read whole, a dotted value too, or not at all ("npm | PyPI | crates.io | Go | Maven" proposed npm,
  PyPI and crates; a dotted value is a field name as often, so the list is left alone);
- a glob or a regex (`path_glob`, `file_regex`) is an expression, whose text names no values of its own."""

from __future__ import annotations

import json

import pytest
from helpers import helps, lint_text


def _values_help(name: str, description: str, tool_description: str = "Look up data. 查询数据。") -> list[str]:
    tool = json.dumps([{"name": "lookup", "description": tool_description, "inputSchema": {
        "type": "object", "properties": {name: {"type": "string", "description": description}}}}])
    return helps("values-only-in-prose", tool)


@pytest.mark.parametrize("name, description, reported", [
    ("symbol", "币种，格式: BTC 或 ETH", False),
    ("symbol", "Coin symbol, format: BTC or ETH", False),
    ("format", "输出格式：JSON 或 YAML", True),
    ("storage_type", "Storage type: STATIC or DYNAMIC", True),
])
def test_constants_after_a_format_label_are_samples(name, description, reported):
    assert bool(_values_help(name, description)) is reported


@pytest.mark.parametrize("description, enum", [
    ("股票市场，仅支持: sh(上证), sz(深证), hk(港股), us(美股), 不支持加密货币", '["sh", "sz", "hk", "us"]'),
    ("Market, one of: sh (Shanghai), sz (Shenzhen), hk (Hong Kong)", '["sh", "sz", "hk"]'),
])
def test_a_note_after_the_last_value_is_no_part_of_it(description, enum):
    assert _values_help("market", description) == [f"add `\"enum\": {enum}`"]


@pytest.mark.parametrize("description, helps", [
    ("npm | PyPI | crates.io | Go | Maven", []),
    ("npm | PyPI | cargo | go | maven", ['add `"enum": ["npm", "PyPI", "cargo", "go", "maven"]`']),
])
def test_a_piped_list_is_read_whole_or_not_at_all(description, helps):
    assert _values_help("ecosystem", description) == helps



@pytest.mark.parametrize("name, reported", [("path_glob", False), ("file_regex", False), ("search_mode", True)])
def test_a_glob_names_no_values(name, reported):
    tool = json.dumps([{"name": "journal_search", "description": f"""Search the journal.

Args:
    {name}: Narrow the search to a sub-folder. Works on all modes (dense/hybrid/sparse/keyword).
""", "inputSchema": {"type": "object", "properties": {name: {"anyOf": [{"type": "string"}, {"type": "null"}],
                                                              "default": None}}}}])
    assert any(f.rule == "values-only-in-prose" for f in lint_text(tool)) is reported
