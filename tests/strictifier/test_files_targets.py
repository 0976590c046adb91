"""`toollint strictify` on whole files: the target follows the dialect, broken input is refused, not rewritten,
Gemini is a target, and `--max-strict` keeps as many tools strict as the budget allows (issue 11)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from toollint.cli import main


def run(*args):
    return CliRunner().invoke(main, ["strictify", *map(str, args)])


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


OPENAI_TOOL = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the weather for a city. Use it when the user asks about weather.",
    "parameters": {"type": "object", "properties": {
        "city": {"type": "string", "description": "City name"},
        "days": {"type": "integer", "description": "Days ahead", "minimum": 1}}, "required": ["city"]}}}


def test_the_target_follows_the_files_dialect(tmp_path):
    result = run(write(tmp_path, "openai.json", [OPENAI_TOOL]))
    assert result.exit_code == 0, result.stderr
    function = json.loads(result.stdout)[0]["function"]
    assert function["strict"] is True  # an OpenAI file gets OpenAI's rewrite, marked strict
    assert function["parameters"]["required"] == ["city", "days"]
    mcp = run(write(tmp_path, "mcp.json", {"tools": [{"name": "x", "inputSchema": {"type": "object"}}]}))
    assert mcp.exit_code == 2
    assert "--target" in mcp.stderr and "anthropic, openai, gemini" in mcp.stderr and mcp.stdout == ""


def test_broken_input_is_refused_with_file_line_and_pointer(tmp_path):
    broken = {"name": "find", "description": "Find a record by code. Use it when the user gives a code.",
              "input_schema": {"type": "object", "properties": {
                  "code": {"type": "string", "pattern": "(?P<year>\\d{4})-\\d+", "descripton": "The code"}},
                  "required": ["code", "limit"]}}
    path = write(tmp_path, "broken.json", [broken])
    before = path.read_bytes()
    out = tmp_path / "out.json"
    result = run(path, "-o", out)
    assert result.exit_code == 2 and not out.exists() and path.read_bytes() == before
    for pointer in ("/0/input_schema/properties/code/pattern", "/0/input_schema/properties/code/descripton",
                    "/0/input_schema/required/1"):
        assert "broken.json:" in result.stderr and pointer in result.stderr, result.stderr
    assert all(line.split(":")[1].isdigit() for line in result.stderr.splitlines()[:3])
    assert "Traceback" not in result.stderr


def test_gemini_target_from_the_command_line(tmp_path):
    declaration = {"name": "set_level", "description": "Set the level. Use it when the user asks for a level.",
                   "parameters": {"type": "object", "properties": {
                       "level": {"type": "integer", "enum": [1, 2, 3]}, "note": {"type": ["string", "null"]}}}}
    result = run(write(tmp_path, "gemini.json", {"functionDeclarations": [declaration]}), "--target", "gemini")
    assert result.exit_code == 0, result.stderr
    params = json.loads(result.stdout)["functionDeclarations"][0]["parameters"]
    assert params["properties"]["note"] == {"type": "string", "nullable": True}
    assert "enum" not in params["properties"]["level"] and "additionalProperties" not in params


def _tool(name, optional):
    props = {"id": {"type": "string", "description": "The id"}}
    props.update({f"o{i}": {"type": "string", "description": "An option"} for i in range(optional)})
    return {"name": name, "description": f"Run {name}. Use it when asked to run {name}.",
            "input_schema": {"type": "object", "properties": props, "required": ["id"]}}


def test_max_strict_keeps_the_cheapest_tools_unless_told_which_matter(tmp_path):
    tools = [_tool("big", 22), *(_tool(f"small{i}", 1) for i in range(5))]
    path = write(tmp_path, "many.json", tools)
    result = run(path, "--max-strict", "6", "--report", "json")
    assert result.exit_code == 0, result.stderr
    strict = [t["name"] for t in json.loads(result.stderr)["tools"] if t["strict"]]
    assert strict == [f"small{i}" for i in range(5)]  # file order would keep only big, small0 and small1
    preferred = run(path, "--max-strict", "6", "--prefer", "big", "--report", "json")
    strict = [t["name"] for t in json.loads(preferred.stderr)["tools"] if t["strict"]]
    assert strict == ["big", "small0", "small1"]
    unknown = run(path, "--max-strict", "6", "--prefer", "nope")
    assert unknown.exit_code == 2 and "--prefer names no tool called 'nope'" in unknown.stderr


MCP_FILE = {"tools": [{"name": "find", "description": "Find a record. Use it when the user gives a code.",
                       "inputSchema": {"type": "object", "properties": {"code": {"type": "string"},
                                                                        "limit": {"type": "integer"}},
                                       "required": ["code"]}}]}
ANTHROPIC_TOOL = {"name": "find", "description": "Find a record. Use it when the user gives a code.",
                  "input_schema": MCP_FILE["tools"][0]["inputSchema"]}


def test_openai_target_writes_openai_chat_tools_from_an_mcp_or_anthropic_file(tmp_path):
    for name, data in (("mcp.json", MCP_FILE), ("anthropic.json", [ANTHROPIC_TOOL])):
        result = run(write(tmp_path, name, data), "--target", "openai")
        assert result.exit_code == 0, result.stderr
        written = json.loads(result.stdout)
        assert [t["type"] for t in written] == ["function"]
        function = written[0]["function"]
        assert function["name"] == "find" and function["strict"] is True
        assert function["parameters"]["required"] == ["code", "limit"]
        assert "written as OpenAI Chat Completions" in result.stderr


def test_openai_dialect_option_writes_responses_tools(tmp_path):
    result = run(write(tmp_path, "mcp.json", MCP_FILE), "--target", "openai", "--openai-dialect", "responses")
    assert result.exit_code == 0, result.stderr
    tool = json.loads(result.stdout)[0]
    assert tool["type"] == "function" and tool["name"] == "find" and tool["strict"] is True
    assert tool["parameters"]["additionalProperties"] is False and "function" not in tool


def test_gemini_target_writes_function_declarations_from_an_mcp_file(tmp_path):
    result = run(write(tmp_path, "mcp.yaml", MCP_FILE), "--target", "gemini")
    assert result.exit_code == 0, result.stderr
    import yaml

    declaration = yaml.safe_load(result.stdout)[0]["functionDeclarations"][0]
    assert declaration["name"] == "find" and declaration["parameters"]["required"] == ["code"]
    assert "inputSchema" not in declaration and "additionalProperties" not in declaration["parameters"]


def test_a_one_tool_file_stays_one_tool_and_a_file_in_the_targets_dialect_is_edited_in_place(tmp_path):
    single = run(write(tmp_path, "one.json", ANTHROPIC_TOOL), "--target", "openai")
    assert json.loads(single.stdout)["function"]["name"] == "find"
    source = write(tmp_path, "openai.json", [OPENAI_TOOL])
    same = run(source, "--target", "openai", "--openai-dialect", "responses")
    assert json.loads(same.stdout)[0]["function"]["strict"] is True  # Chat stays Chat: only the schema changes
    assert same.stdout.startswith(source.read_text(encoding="utf-8")[:40])
