"""Bad input gets a clear finding or skip message: never a traceback, a hang or a modified file."""

from __future__ import annotations

import json
import os
import sys

import pytest
from click.testing import CliRunner
from helpers import said

from toollint.cli import main

GOOD_TOOL = {"name": "get_time", "description": "Current time in an IANA time zone. Use it when the user asks the time.",
             "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}


def run_json(*args: str):
    result = CliRunner().invoke(main, ["check", "--isolated", "--output-format", "json", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout or "[]")


def test_malformed_json_is_located(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text('{\n  "name": "a",\n  "description": "x"\n  "input_schema": {}\n}\n', encoding="utf-8")
    code, findings = run_json(str(path))
    assert code == 1
    assert [(f["rule"], f["line"], f["column"]) for f in findings] == [("parse-error", 4, 3)]
    assert "Expecting ',' delimiter" in findings[0]["message"]


def test_malformed_yaml_is_located(tmp_path):
    path = tmp_path / "tools.yaml"
    path.write_text("tools:\n  - name: a\n    description: [unclosed\n", encoding="utf-8")
    code, findings = run_json(str(path))
    assert code == 1 and findings[0]["rule"] == "parse-error"
    assert findings[0]["line"] == 4 and "invalid YAML" in findings[0]["message"]


def test_one_bad_file_does_not_stop_the_run(tmp_path):
    (tmp_path / "a.json").write_text('{"name": "a", "input_schema": {', encoding="utf-8")  # a tool file, cut short
    bad = dict(GOOD_TOOL, name="bad name")
    (tmp_path / "b.json").write_text(json.dumps(bad), encoding="utf-8")
    _, findings = run_json(str(tmp_path))
    assert {(f["file"].rsplit(os.sep, 1)[-1], f["rule"]) for f in findings} >= {
        ("a.json", "parse-error"), ("b.json", "invalid-tool-name")}


def test_non_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{\n"name": "caf\u00e9"}'.encode("latin-1"))
    _, findings = run_json(str(path))
    assert findings[0]["rule"] == "unreadable-file" and findings[0]["line"] == 2
    assert "not UTF-8" in findings[0]["message"] and "0xe9" in findings[0]["message"]


def test_binary(tmp_path):
    path = tmp_path / "blob.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    _, findings = run_json(str(path))
    assert findings[0]["rule"] == "unreadable-file" and "NUL" in findings[0]["message"]


def test_huge_file_is_not_read(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    _, findings = run_json(str(path))
    assert findings[0]["rule"] == "unreadable-file" and "52,428,800 bytes" in findings[0]["message"]


def test_yaml_alias_bomb(tmp_path):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    lines.append("tools: [{name: boom, inputSchema: {type: object, default: *a9}}]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, findings = run_json(str(path))
    assert findings[0]["rule"] == "unreadable-file" and "alias bomb" in findings[0]["message"]


def test_recursive_yaml_alias(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("tools: &t [*t]\nschema: &s {properties: {x: *s}}\n", encoding="utf-8")
    code, findings = run_json(str(path))  # ruamel.yaml reads the self-reference as null: nothing to lint
    assert (code, findings) == (0, [])


@pytest.mark.parametrize("suffix", ["json", "yaml"])
def test_deep_nesting(tmp_path, suffix):
    depth = 10_000
    path = tmp_path / f"deep.{suffix}"
    path.write_text("[" * depth + "]" * depth, encoding="utf-8")
    code, findings = run_json(str(path))
    assert code == 1 and findings[0]["rule"] in ("parse-error", "unreadable-file")
    assert "nest" in findings[0]["message"]


def test_deep_schema_within_limits_is_linted(tmp_path):
    schema: dict = {"type": "string", "minLength": 5, "maxLength": 1}
    for _ in range(300):
        schema = {"type": "object", "properties": {"x": schema}}
    tool = dict(GOOD_TOOL, input_schema=schema)
    path = tmp_path / "deep_schema.json"
    path.write_text(json.dumps(tool), encoding="utf-8")
    code, findings = run_json("--select", "TL1", str(path))
    assert code == 0 or all(f["rule"] != "parse-error" for f in findings)


def test_ref_cycles_terminate(tmp_path):
    schema = {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "default": 1}},
              "required": ["y"], "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}
    path = tmp_path / "cycle.json"
    path.write_text(json.dumps(dict(GOOD_TOOL, input_schema=schema)), encoding="utf-8")
    code, findings = run_json(str(path))
    assert "required-not-defined" in {f["rule"] for f in findings}


def test_remote_ref_is_reported_not_fetched(tmp_path, monkeypatch):
    import socket

    def no_network(*args, **kwargs):
        raise AssertionError("toollint tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    schema = {"type": "object", "properties": {"x": {"$ref": "https://example.com/schemas/x.json", "default": 3}}}
    path = tmp_path / "remote.json"
    path.write_text(json.dumps(dict(GOOD_TOOL, input_schema=schema)), encoding="utf-8")
    _, findings = run_json(str(path))
    remote = [f for f in findings if f["rule"] == "unresolved-ref"]
    assert remote and "never fetches" in said(remote[0])


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks")
def test_symlink_loops(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    (tmp_path / "ok.json").write_text(json.dumps(GOOD_TOOL), encoding="utf-8")
    _, findings = run_json(str(tmp_path))
    unreadable = [f for f in findings if f["rule"] == "unreadable-file"]
    assert len(unreadable) == 2 and all("cannot read" in f["message"] for f in unreadable)


def test_nan_is_not_json(tmp_path):
    path = tmp_path / "nan.json"
    path.write_text('{"name": "a",\n "input_schema": {"type": "object", "maximum": NaN}}', encoding="utf-8")
    _, findings = run_json(str(path))
    assert (findings[0]["rule"], findings[0]["line"], findings[0]["column"]) == ("parse-error", 2, 48)


def test_files_are_never_modified(tmp_path):
    path = tmp_path / "tools.yaml"
    text = "# comment\ntools:\n  - name: bad name  # keep me\n    inputSchema: {type: object}\n"
    path.write_text(text, encoding="utf-8")
    before = os.stat(path)
    run_json(str(path))
    assert path.read_text(encoding="utf-8") == text and os.stat(path).st_mtime_ns == before.st_mtime_ns


def test_duplicate_yaml_keys(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("name: a\nname: b\ninputSchema: {type: object}\n", encoding="utf-8")
    _, findings = run_json(str(path))
    assert findings[0]["rule"] == "parse-error" and findings[0]["line"] == 2
