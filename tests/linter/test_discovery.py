"""Which files `check` reads and what it makes of them: JSONC and multi-document YAML, files that neither
parse nor look like tools (skipped when discovered, reported when named), hidden directories, .gitignore."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from toollint.cli import main
from toollint.document.jsonc import blank_jsonc
from toollint.document.sniff import looks_like_tools
from toollint.document.source import parse_text

TOOL = {"name": "bad name", "description": "Current time in an IANA time zone. Use it when the user asks the time.",
        "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}
TSCONFIG = '{\n  // build\n  "compilerOptions": {"strict": true, /* x */ "lib": ["es2022",],},\n}\n'
K8S = "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: Service\nspec: {parameters: 1}\n"
JSON_LINES = '{"event": "a"}\n{"event": "b"}\n'


def check(cwd: Path, *args: str):
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, ["check", "--isolated", *args])
    finally:
        os.chdir(previous)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def files_reported(result) -> set[str]:
    return {f["file"] for f in json.loads(result.stdout)}


def test_jsonc_keeps_every_position():
    text = '{\n  // a comment with "quotes", and a comma,\n  "a": [1, 2,], /* b */ "s": "http://x//y",\n}\n'
    blanked = blank_jsonc(text)
    assert blanked is not None and len(blanked) == len(text)
    assert [i for i, c in enumerate(text) if c == "\n"] == [i for i, c in enumerate(blanked) if c == "\n"]
    assert json.loads(blanked) == {"a": [1, 2], "s": "http://x//y"}
    assert blank_jsonc('{"a": "no // comment here"}') is None


def test_a_tool_file_with_comments_is_linted_at_the_right_line():
    text = '{\n  // the time tool\n  "name": "bad name", /* renamed soon */\n  "description": "x",\n}\n'
    source = parse_text(text, "t.json", "json")
    assert source.problem is None and source.data["name"] == "bad name"
    assert source.span("/name").line == 3 and source.text == text


def test_multi_document_yaml_reads_every_document():
    text = "kind: ConfigMap\n---\nname: get_time\ndescription: d\ninput_schema: {type: object}\n"
    source = parse_text(text, "x.yaml", "yaml")
    assert source.problem is None and source.documents == 2
    assert source.data[1]["name"] == "get_time" and source.span("/1/name").line == 3


def test_looks_like_tools():
    assert looks_like_tools('{"name": "x", "input_schema": {')
    assert looks_like_tools("- name: x\n  inputSchema:\n")
    assert not looks_like_tools(TSCONFIG) and not looks_like_tools(JSON_LINES)
    assert not looks_like_tools('{"name": "web", "version": "1.0.0"}')


def test_an_ordinary_repository_gives_findings_only_for_its_tool_file(tmp_path):
    write(tmp_path / "tsconfig.json", TSCONFIG)
    write(tmp_path / ".vscode" / "settings.json", '{\n  // editor\n  "editor.tabSize": 2,\n}\n')
    write(tmp_path / "k8s.yaml", K8S)
    write(tmp_path / "events.json", JSON_LINES)
    write(tmp_path / "broken.yaml", "key: [unclosed\n")
    write(tmp_path / "tools" / "t.json", json.dumps(TOOL))
    result = check(tmp_path, "--output-format", "json", ".")
    assert result.exit_code == 1 and files_reported(result) == {"tools/t.json"}
    listed = check(tmp_path, "--show-files", ".").stdout
    assert "events.json: skipped: not a tool file (invalid JSON: Extra data)" in listed
    assert "broken.yaml: skipped: not a tool file" in listed
    assert "k8s.yaml: skipped: no tool definitions" in listed
    assert ".vscode/settings.json: skipped: no tool definitions" in listed


def test_a_tool_file_that_fails_to_parse_is_still_an_error(tmp_path):
    write(tmp_path / "tools.json", '{"name": "get_time", "input_schema": {"type": "object"')
    result = check(tmp_path, "--output-format", "json", "--discovery-mode", "tools.json")
    assert result.exit_code == 1
    assert [f["rule"] for f in json.loads(result.stdout)] == ["parse-error"]


def test_named_files_are_always_reported_unless_in_discovery_mode(tmp_path):
    write(tmp_path / "events.json", JSON_LINES)
    named = check(tmp_path, "--output-format", "json", "events.json")
    assert named.exit_code == 1 and [f["rule"] for f in json.loads(named.stdout)] == ["parse-error"]
    hook = check(tmp_path, "--output-format", "json", "--discovery-mode", "events.json")
    assert hook.exit_code == 0 and json.loads(hook.stdout) == []


def test_gitignore_is_respected_inside_a_repository(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "generated/\n*.local.json\n!keep.local.json\n")
    write(tmp_path / "sub" / ".gitignore", "scratch.json\n")
    for name in ("generated/t.json", "a.local.json", "keep.local.json", "sub/scratch.json", "sub/t.json",
                 ".github/t.json"):
        write(tmp_path / name, json.dumps(TOOL))
    result = check(tmp_path, "--output-format", "json", ".")
    assert files_reported(result) == {"keep.local.json", "sub/t.json", ".github/t.json"}
    everything = check(tmp_path, "--output-format", "json", "--no-respect-gitignore", ".")
    assert len(files_reported(everything)) == 6
    named = check(tmp_path, "--output-format", "json", "generated/t.json")  # named: always read
    assert files_reported(named) == {"generated/t.json"}


def test_gitignore_is_not_read_outside_a_repository(tmp_path):
    write(tmp_path / ".gitignore", "*.json\n")
    write(tmp_path / "t.json", json.dumps(TOOL))
    assert files_reported(check(tmp_path, "--output-format", "json", ".")) == {"t.json"}


def test_respect_gitignore_can_be_turned_off_in_config(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "t.json\n")
    write(tmp_path / "t.json", json.dumps(TOOL))
    write(tmp_path / "toollint.toml", "respect-gitignore = false\n")
    previous = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(main, ["check", "--output-format", "json", "."])
    finally:
        os.chdir(previous)
    assert files_reported(result) == {"t.json"}


def test_strictify_refuses_a_multi_document_file(tmp_path):
    path = write(tmp_path / "x.yaml", "kind: ConfigMap\n---\nname: get_time\ndescription: d\ninput_schema: {type: object}\n")
    result = CliRunner().invoke(main, ["strictify", "-q", str(path)])
    assert result.exit_code == 2 and "holds 2 YAML documents" in result.stderr
