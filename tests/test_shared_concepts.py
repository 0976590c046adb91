"""Concepts the three features share behave the same everywhere (bugs from when each had its own copy)."""

from __future__ import annotations

import json
import time

from click.testing import CliRunner

from toollint.cli import main

REDOS = {"name": "lookup", "description": "Looks up a thing by its code and returns its details.",
         "input_schema": {"type": "object", "properties": {"code": {
             "type": "string", "description": "The thing's code.", "pattern": "^(a|a)*$", "default": "a" * 40 + "b"}}}}


def test_check_matches_an_exponential_pattern_in_linear_time(tmp_path):
    # At ba18fb3 `re` ran this default against the pattern: 8 s at 26 characters, doubling per character.
    path = tmp_path / "redos.json"
    path.write_text(json.dumps(REDOS), encoding="utf-8")
    started = time.perf_counter()
    result = CliRunner().invoke(main, ["check", "--isolated", "--output-format", "json", str(path)])
    assert time.perf_counter() - started < 5  # the bug took hours at 41 characters; this takes milliseconds
    findings = json.loads(result.stdout)
    assert [f["rule"] for f in findings] == ["default-not-valid"]  # still judged, not skipped


def test_strictify_reads_yaml_on_stdin_as_check_does():
    text = ("name: lookup\ndescription: Looks up a thing by its code and returns its details.\n"
            "input_schema:\n  type: object\n  properties:\n    code: {type: string, description: The code.}\n")
    checked = CliRunner().invoke(main, ["check", "--isolated", "-"], input=text)
    assert checked.exit_code in (0, 1) and "parse-error" not in checked.stdout
    result = CliRunner().invoke(main, ["strictify", "-", "-q"], input=text)
    assert result.exit_code == 0, result.output
    assert "strict: true" in result.stdout and "additionalProperties: false" in result.stdout


GEMINI = {"functionDeclarations": [{"name": "get_weather", "description": "Returns the current weather for a city.",
                                    "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING"}},
                                                   "required": ["city"]}}]}


def test_validate_accepts_every_call_shape_the_boundary_accepts(tmp_path):
    from toollint.boundary import Boundary

    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(GEMINI), encoding="utf-8")
    boundary = Boundary.from_tools(str(tools))
    for call in ({"function_call": {"name": "get_weather", "args": {"city": "Paris"}}},
                 {"name": "get_weather", "arguments": {"city": "Paris"}},
                 {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}):
        assert boundary.check(call).ok
        result = CliRunner().invoke(main, ["validate", str(tools), "--input", json.dumps(call)])
        assert result.exit_code == 0, (call, result.output)
        assert json.loads(result.stdout) == {"city": "Paris"}


def test_arguments_that_look_like_an_untyped_call_stay_arguments(tmp_path):
    tool = {"name": "rename", "description": "Renames a file and returns its new path.",
            "input_schema": {"type": "object", "properties": {"name": {"type": "string"}, "arguments": {"type": "string"}},
                             "required": ["name", "arguments"]}}
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(tool), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tools), "--input", '{"name": "a", "arguments": "b"}'])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"name": "a", "arguments": "b"}
