"""Command-line conventions a ruff user expects: statistics as JSON, a run that found no tool says so,
-o into a missing directory is a usage error, 'did you mean' for rules, selectors and config keys, and
a message with a newline stays on one line in `concise`."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from toollint.cli import main

BAD = {"name": "bad name", "description": "Current time in an IANA time zone. Use it when the user asks the time.",
       "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}


def invoke(cwd: Path, *args: str):
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(previous)


def test_statistics_honour_json(tmp_path):
    (tmp_path / "t.json").write_text(json.dumps(BAD), encoding="utf-8")
    result = invoke(tmp_path, "check", "--isolated", "--statistics", "--output-format", "json", "t.json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rules"] == [{"code": "TL201", "rule": "invalid-tool-name", "severity": "error",
                                                   "count": 1}]


def test_a_run_without_tools_says_so(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "web"}', encoding="utf-8")
    result = invoke(tmp_path, "check", "--isolated", ".")
    assert result.exit_code == 0
    assert "No tool definitions found in . (1 file(s) read" in result.stdout
    assert "All checks passed!" not in result.stdout
    machine = invoke(tmp_path, "check", "--isolated", "--output-format", "json", ".")
    assert json.loads(machine.stdout) == [] and "no tool definitions found in ." in machine.stderr


def test_output_into_a_missing_directory_is_a_usage_error(tmp_path):
    (tmp_path / "t.json").write_text(json.dumps(BAD), encoding="utf-8")
    result = invoke(tmp_path, "check", "--isolated", "-o", "reports/out.sarif", "t.json")
    assert result.exit_code == 2
    assert "the directory of 'reports/out.sarif' does not exist" in result.stderr
    assert "internal error" not in result.stderr and not (tmp_path / "reports").exists()


def test_did_you_mean(tmp_path):
    rule = invoke(tmp_path, "rule", "missing-units")
    assert rule.exit_code == 2 and "did you mean `missing-unit`?" in rule.stderr
    select = invoke(tmp_path, "check", "--isolated", "--select", "missing-units", ".")
    assert select.exit_code == 2 and "--select" in select.stderr and "did you mean `missing-unit`?" in select.stderr
    assert "config error" not in select.stderr
    (tmp_path / "toollint.toml").write_text('ignroe = ["TL301"]\n', encoding="utf-8")
    config = invoke(tmp_path, "check", ".")
    assert config.exit_code == 2 and "unknown key `ignroe` (did you mean `ignore`?)" in config.stderr
    (tmp_path / "toollint.toml").write_text('[rules.missing-unit]\nsevrity = "error"\n', encoding="utf-8")
    option = invoke(tmp_path, "check", ".")
    assert option.exit_code == 2 and "did you mean `severity`?" in option.stderr


def test_concise_keeps_one_finding_per_line(tmp_path):
    tool = dict(BAD, name="bad\nname")
    (tmp_path / "t.json").write_text(json.dumps(tool), encoding="utf-8")
    result = invoke(tmp_path, "check", "--isolated", "--output-format", "concise", "--select", "invalid-tool-name",
                    "t.json")
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and "bad\\nname" in lines[0] and lines[1].startswith("Found 1 problem")
