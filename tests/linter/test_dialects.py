"""Every dialect, in JSON and YAML: detected, and a seeded error found at the exact line and column."""

from __future__ import annotations

import pytest
from helpers import ROOT_DIR

from toollint.document.dialects import find_tools
from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.engine import Linter

DIALECTS = ROOT_DIR / "fixtures" / "dialects"

# file: (dialect detected, line, column of the undefined 'country' in `required`)
SEEDED = {
    "anthropic.json": ("anthropic", 14, 7), "anthropic.yaml": ("anthropic", 12, 5),
    "anthropic-request.json": ("anthropic", 18, 11), "anthropic-request.yaml": ("anthropic", 15, 7),
    "openai-chat.json": ("openai-chat", 16, 9), "openai-chat.yaml": ("openai-chat", 14, 7),
    "openai-responses.json": ("openai-responses", 15, 7), "openai-responses.yaml": ("openai-responses", 13, 5),
    "openai-functions.json": ("openai-functions", 15, 9), "openai-functions.yaml": ("openai-functions", 12, 7),
    "mcp-tool.json": ("mcp", 15, 7), "mcp-tool.yaml": ("mcp", 13, 5),
    "mcp-tools-list.json": ("mcp", 16, 11), "mcp-tools-list.yaml": ("mcp", 13, 7),
    "mcp-jsonrpc.json": ("mcp", 19, 13), "mcp-jsonrpc.yaml": ("mcp", 16, 9),
    "gemini.json": ("gemini", 16, 11), "gemini.yaml": ("gemini", 13, 7),
}


def test_every_fixture_is_listed():
    assert sorted(p.name for p in DIALECTS.iterdir()) == sorted(SEEDED)


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_seeded_error_location(name):
    dialect, line, column = SEEDED[name]
    source = read_path(str(DIALECTS / name))
    assert source.problem is None
    tools = find_tools(source.data)
    assert [t.dialect.name for t in tools] == [dialect]
    assert tools[0].name == "get_weather"
    result = Linter(Settings(select=("required-not-defined",))).lint(source)
    assert [(f.rule, f.line, f.column, f.tool) for f in result.findings] == [
        ("required-not-defined", line, column, "get_weather")]
    finding = result.findings[0]
    assert finding.pointer.endswith("/required/1")
    assert source.lines.line_text(line)[column - 1:].lstrip('"').startswith("country")


def test_gemini_openapi_types_are_normalized():
    tools = find_tools(read_path(str(DIALECTS / "gemini.json")).data)
    assert tools[0].openapi_schema and tools[0].schema["type"] == "object"
    assert tools[0].schema["properties"]["city"]["type"] == "string"


@pytest.mark.parametrize(("data", "expected"), [
    ({"name": "a", "parameters": {"type": "object"}}, ["openai-functions"]),
    ({"name": "a", "parametersJsonSchema": {"type": "object"}}, ["gemini"]),
    ({"model": "gpt-5", "tools": [{"type": "function", "function": {"name": "a", "parameters": {}}},
                                  {"type": "web_search"}]}, ["openai-chat"]),
    ({"tools": [{"type": "web_search_20250305", "name": "web_search"}]}, []),
    ({"name": "pkg", "version": "1.0.0", "dependencies": {}}, []),
    ({"compilerOptions": {"strict": True}}, []),
    ({"tools": [{"functionDeclarations": [{"name": "a"}, {"name": "b"}]}]}, ["gemini", "gemini"]),
    ([{"name": "a", "input_schema": {}}, [{"name": "b", "inputSchema": {}}]], ["anthropic", "mcp"]),
])
def test_detection(data, expected):
    assert [t.dialect.name for t in find_tools(data)] == expected


def test_forced_dialect():
    from toollint.document.dialects import DIALECTS as ALL

    tools = find_tools({"name": "a", "parameters": {"type": "OBJECT"}}, ALL["openai-functions"])
    assert [t.dialect.name for t in tools] == ["openai-functions"]
