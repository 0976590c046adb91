"""`contract gen` on schemas that ask for more than a case file can hold finishes quickly, with a warning
(reliability review 2, item 10 and lower items)."""

from __future__ import annotations

import json
import time

import pytest

from hostile.util import toollint, write_json


def _tool(schema: dict) -> dict:
    return {"name": "t", "description": "A tool whose schema asks for a lot.",
            "input_schema": {"type": "object", "properties": {"v": schema}, "required": ["v"]}}


@pytest.mark.parametrize("schema", [{"type": "string", "minLength": 10_000_000},
                                    {"type": "array", "minItems": 100_000_000}])
def test_a_huge_minimum_makes_no_valid_call_instead_of_running_for_minutes(tmp_path, schema):
    tools = write_json(tmp_path / "tools.json", [_tool(schema)])
    started = time.monotonic()
    result = toollint("contract", "gen", str(tools), "-o", str(tmp_path / "out"))
    assert time.monotonic() - started < 10
    assert result.exit_code == 0 and "no valid call could be made" in result.stderr


@pytest.mark.slow  # seconds of work by design
def test_thousands_of_required_properties_are_bounded(tmp_path):
    properties = {f"p{i}": {"type": "string"} for i in range(5000)}
    tools = write_json(tmp_path / "tools.json", [{"name": "t", "description": "A tool with very many fields.",
                                                  "input_schema": {"type": "object", "properties": properties,
                                                                   "required": list(properties)}}])
    started = time.monotonic()
    result = toollint("contract", "gen", str(tools), "-o", str(tmp_path / "out"))
    assert time.monotonic() - started < 30
    assert result.exit_code == 0 and "only the first" in result.stderr


def test_tools_whose_names_sanitise_alike_get_files_of_their_own(tmp_path):
    names = ["a/b", "a_b", "x" * 300]
    tools = write_json(tmp_path / "tools.json", [
        {"name": name, "description": "A tool with one simple required field.",
         "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}
        for name in names])
    result = toollint("contract", "gen", str(tools), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "out").glob("*.jsonl"))
    assert len(files) == 3 and all(len(f.name) < 200 for f in files)
    owners = {json.loads(f.read_text(encoding="utf-8").splitlines()[0])["call"]["name"] for f in files}
    assert owners == set(names)
