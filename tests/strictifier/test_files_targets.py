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
