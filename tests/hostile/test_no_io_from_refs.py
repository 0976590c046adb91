"""A1: a `$ref` is never fetched or read, in check, strictify or the boundary (reviewed: HTTP GETs and
`/etc/passwd` opened through validators built without a registry)."""

from __future__ import annotations

import pytest

from hostile.util import tool_use, toollint, write_json
from toollint.boundary import Boundary

pytestmark = pytest.mark.slow  # subprocesses


def _examples_tool(ref: str) -> dict:
    return {"name": "lookup", "description": "Look up one record by id and return it.",
            "input_schema": {"type": "object", "properties": {"x": {"$ref": ref}}},
            "input_examples": [{"x": "a"}]}


def _deep_default_tool(ref: str, levels: int = 70) -> dict:
    inner: dict = {"$ref": ref}
    for _ in range(levels):
        inner = {"allOf": [inner]}
    return {"name": "lookup", "description": "Look up one record by id and return it.",
            "input_schema": {"type": "object", "properties": {"x": {**inner, "default": "a"}}}}


def _union_tool(ref: str) -> dict:
    return {"name": "put_tags", "description": "Store tags.", "input_schema": {
        "type": "object", "required": ["x"], "properties": {
            "x": {"anyOf": [{"$ref": ref}, {"type": "object", "additionalProperties": {"type": "string"}}]}}}}


@pytest.mark.parametrize("make", [_examples_tool, _deep_default_tool], ids=["input_examples", "deep_default"])
def test_check_never_fetches_a_remote_ref(http_probe, tmp_path, make) -> None:
    path = write_json(tmp_path / "t.json", make(http_probe.url + "/probe.json"))
    result = toollint("check", str(path), "--no-color")
    assert result.exit_code in (0, 1), result.output
    assert http_probe.requests == []


@pytest.mark.parametrize("make", [_examples_tool, _deep_default_tool], ids=["input_examples", "deep_default"])
def test_check_never_reads_a_file_ref(tmp_path, make) -> None:
    path = write_json(tmp_path / "t.json", make("file:///etc/passwd"))
    result = toollint("check", str(path), "--no-color")
    assert result.exit_code in (0, 1), result.output  # the guard fails the test if /etc/passwd is opened


@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_strictify_never_fetches(http_probe, tmp_path, target) -> None:
    path = write_json(tmp_path / "t.json", _examples_tool(http_probe.url + "/probe.json"))
    toollint("strictify", str(path), "--target", target, "-q")
    assert http_probe.requests == []


@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_boundary_union_decoding_never_fetches(http_probe, target) -> None:
    boundary = Boundary.from_tools([_union_tool(http_probe.url + "/runtime.json")], target=target)
    outcome = boundary.check(tool_use("put_tags", {"x": [{"key": "a", "value": "b"}]}))
    assert outcome.code  # any outcome: it must not raise
    assert http_probe.requests == []


def test_boundary_never_reads_a_file_ref() -> None:
    boundary = Boundary.from_tools([_union_tool("file:///etc/passwd")], target="openai")
    boundary.check(tool_use("put_tags", {"x": [{"key": "a", "value": "b"}]}))
