"""`toollint strictify [--check]` without FILE: every source → strict pair of [tool.toollint.strictify]."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from toollint.cli import main

TOOL = {"name": "refund_order", "description": "Refund a delivered order. Use it only after the customer agreed.",
        "input_schema": {"type": "object", "required": ["amount_cents"], "properties": {
            "amount_cents": {"type": "integer", "minimum": 1, "description": "Amount to refund, in cents."}}}}
PYPROJECT = """[tool.toollint.strictify."tools/a.json"]
output = "strict/a.strict.json"

[tool.toollint.strictify."tools/b.json"]
output = "strict/b.strict.json"
target = "openai"
validator = "strict/b.validator.json"
"""


def strictify(cwd: Path, *args: str):
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, ["strictify", "-q", *args])
    finally:
        os.chdir(previous)


def project(tmp_path: Path, pyproject: str = PYPROJECT) -> Path:
    (tmp_path / "tools").mkdir()
    (tmp_path / "strict").mkdir()
    (tmp_path / "tools" / "a.json").write_text(json.dumps(TOOL, indent=2), encoding="utf-8")
    (tmp_path / "tools" / "b.json").write_text(json.dumps(dict(TOOL, name="refund_b"), indent=2), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    return tmp_path


def test_every_pair_is_written_then_checked(tmp_path):
    root = project(tmp_path)
    missing = strictify(root, "--check")
    assert missing.exit_code == 1
    assert "strict/a.strict.json is missing" in missing.stderr and "strict/b.strict.json is missing" in missing.stderr
    assert strictify(root).exit_code == 0
    assert json.loads((root / "strict" / "a.strict.json").read_text(encoding="utf-8"))["strict"] is True
    assert (root / "strict" / "b.validator.json").is_file()
    assert strictify(root, "--check").exit_code == 0
    assert strictify(root / "tools", "--check").exit_code == 0  # paths are relative to the config file


def test_a_stale_strict_file_fails_the_check_and_names_only_itself(tmp_path):
    root = project(tmp_path)
    assert strictify(root).exit_code == 0
    (root / "tools" / "b.json").write_text(json.dumps(dict(TOOL, name="refund_b", description="Changed."), indent=2),
                                           encoding="utf-8")
    stale = strictify(root, "--check")
    assert stale.exit_code == 1
    assert "strict/b.strict.json is out of date" in stale.stderr and "a.strict.json" not in stale.stderr


def test_a_refused_pair_exits_2_after_checking_the_others(tmp_path):
    root = project(tmp_path)
    (root / "tools" / "a.json").write_text('{"name": "x"', encoding="utf-8")
    result = strictify(root)
    assert result.exit_code == 2 and "tools/a.json:1:" in result.stderr
    assert (root / "strict" / "b.strict.json").is_file()


def test_no_file_and_no_pairs_is_a_usage_error(tmp_path):
    result = strictify(tmp_path)
    assert result.exit_code == 2 and "[tool.toollint.strictify]" in result.stderr


def test_bad_pair_tables_are_config_errors(tmp_path):
    for table, message in (('output = "x"', "must be a table"),
                           ('[tool.toollint.strictify."a.json"]\ntarget = "openai"', "`output` (the strict file) is missing"),
                           ('[tool.toollint.strictify."a.json"]\noutput = "x"\nouput = "y"', "did you mean `output`?"),
                           ('[tool.toollint.strictify."a.json"]\noutput = "x"\ntarget = "mistral"', "`target` must be")):
        text = table if table.startswith("[") else f"[tool.toollint.strictify]\n{table}"
        (tmp_path / "pyproject.toml").write_text(text + "\n", encoding="utf-8")
        result = strictify(tmp_path, "--check")
        assert result.exit_code == 2 and message in result.stderr, (table, result.stderr)
