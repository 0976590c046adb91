"""The `toollint check` command line: exit codes, inputs, config, suppression, selection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint import __version__
from toollint.cli import main

ROOT = ROOT_DIR
REFUND = str(ROOT / "fixtures" / "refund.json")
BAD_NAME = {"name": "bad name", "description": "Current time in an IANA time zone. Use it when the user asks.",
            "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}


def invoke(*args: str, input: str | None = None, cwd: Path | None = None):
    import os

    runner = CliRunner()
    previous = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return runner.invoke(main, list(args), input=input)
    finally:
        os.chdir(previous)


def write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_reference_tool_is_clean():
    result = invoke("check", "--isolated", REFUND)
    assert result.exit_code == 0, result.output
    assert "All checks passed!" in result.output


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0 and __version__ in result.output


def test_exit_codes_follow_fail_on(tmp_path):
    path = write(tmp_path / "t.json", BAD_NAME)
    assert invoke("check", "--isolated", str(path)).exit_code == 1
    assert invoke("check", "--isolated", "--fail-on", "never", str(path)).exit_code == 0
    assert invoke("check", "--isolated", "--exit-zero", str(path)).exit_code == 0
    unknown = dict(BAD_NAME, name="ok_name")
    unknown["input_schema"] = {"type": "object", "properties": {"a": {"type": "string", "descripton": "x"}}}
    path2 = write(tmp_path / "u.json", unknown)
    warn_only = invoke("check", "--isolated", "--select", "unknown-keyword", str(path2))
    assert warn_only.exit_code == 1
    assert invoke("check", "--isolated", "--select", "unknown-keyword", "--fail-on", "error", str(path2)).exit_code == 0


def test_usage_errors_exit_2(tmp_path):
    assert invoke("check", "--isolated", str(tmp_path / "missing.json")).exit_code == 2
    assert invoke("check", "--isolated", "--select", "no-such-rule", REFUND).exit_code == 2
    assert invoke("check", "--output-format", "xml", REFUND).exit_code == 2
    result = invoke("check", "--isolated", "--dialect", "klingon", REFUND)
    assert result.exit_code == 2


def test_stdin_with_filename():
    result = invoke("check", "--isolated", "--select", "TL201", "--output-format", "json", "--stdin-filename", "tools/t.yaml", "-",
                    input="name: bad name\ninputSchema: {type: object}\n")
    findings = json.loads(result.stdout)
    assert result.exit_code == 1
    assert findings[0]["file"] == "tools/t.yaml" and findings[0]["line"] == 1 and findings[0]["column"] == 7


def test_directory_walk_skips_non_tool_files_and_walks_hidden_dirs(tmp_path):
    write(tmp_path / "package.json", {"name": "pkg", "version": "1.0.0", "scripts": {}})
    write(tmp_path / "tsconfig.json", {"compilerOptions": {"strict": True}})
    write(tmp_path / ".github" / "workflows" / "ci.yaml", "on: push\njobs: {}\n")
    write(tmp_path / ".agents" / "tools.json", BAD_NAME)
    write(tmp_path / "node_modules" / "x" / "tool.json", BAD_NAME)
    write(tmp_path / ".venv" / "tool.json", BAD_NAME)
    write(tmp_path / "tools" / "t.json", BAD_NAME)
    result = invoke("check", "--isolated", "--output-format", "json", ".", cwd=tmp_path)
    findings = json.loads(result.stdout)
    assert sorted({f["file"] for f in findings}) == [".agents/tools.json", "tools/t.json"]
    listed = invoke("check", "--isolated", "--show-files", ".", cwd=tmp_path)
    assert listed.exit_code == 0 and listed.stderr == ""  # lists on stdout, lints nothing
    assert listed.stdout.splitlines() == [
        ".agents/tools.json: 1 tool(s)", ".github/workflows/ci.yaml: skipped: no tool definitions",
        "package.json: skipped: no tool definitions", "tools/t.json: 1 tool(s)",
        "tsconfig.json: skipped: no tool definitions"]


def test_exclude_and_force_exclude(tmp_path):
    path = write(tmp_path / "generated" / "t.json", BAD_NAME)
    config = write(tmp_path / "toollint.toml", 'extend-exclude = ["generated"]\n')
    assert invoke("check", "--config", str(config), str(tmp_path)).exit_code == 0
    assert invoke("check", "--config", str(config), str(path)).exit_code == 1  # named explicitly
    assert invoke("check", "--config", str(config), "--force-exclude", str(path)).exit_code == 0


def test_config_discovery_and_settings(tmp_path):
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n\n[tool.toollint]\nignore = ["invalid-tool-name"]\n')
    write(tmp_path / "t.json", BAD_NAME)
    result = invoke("check", "t.json", cwd=tmp_path)
    assert result.exit_code == 0, result.output


def test_nearest_config_wins(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.toollint]\nignore = ["invalid-tool-name"]\n')
    write(tmp_path / "sub" / ".toollint.toml", 'select = ["TL2"]\n')
    write(tmp_path / "sub" / "t.json", BAD_NAME)
    result = invoke("check", "t.json", cwd=tmp_path / "sub")
    assert result.exit_code == 1  # sub/.toollint.toml does not ignore invalid-tool-name


@pytest.mark.parametrize(("config", "message"), [
    ('selct = ["TL1"]\n', "unknown key `selct`"),
    ('select = ["TL999"]\n', "unknown rule or selector 'TL999'"),
    ('[rules.invalid-regex]\nbacktracking = false\n', "unknown option `backtracking`"),
    ('[rules.invalid-regex]\ncheck-backtracking = "no"\n', "must be a bool"),
    ('[rules.no-such-rule]\nseverity = "info"\n', "does not name exactly one rule"),
    ('fail-on = "sometimes"\n', "`fail-on` must be one of"),
    ('targets = ["claude"]\n', "unknown target 'claude'"),
    ('select = [\n', "invalid TOML"),
])
def test_config_errors_exit_2_and_name_the_key(tmp_path, config, message):
    path = write(tmp_path / "toollint.toml", config)
    result = invoke("check", "--config", str(path), REFUND)
    assert result.exit_code == 2
    assert message in result.stderr and "toollint.toml" in result.stderr


def test_isolated_ignores_config(tmp_path):
    write(tmp_path / "toollint.toml", 'selct = 1\n')
    write(tmp_path / "t.json", BAD_NAME)
    assert invoke("check", "--isolated", "t.json", cwd=tmp_path).exit_code == 1


def test_severity_override_and_per_file_ignores(tmp_path):
    path = write(tmp_path / "t.json", BAD_NAME)
    config = write(tmp_path / "toollint.toml", '[rules.invalid-tool-name]\nseverity = "info"\n')
    result = invoke("check", "--config", str(config), "--output-format", "json", str(path))
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["severity"] == "info"
    config = write(tmp_path / "toollint.toml", '[per-file-ignores]\n"t.json" = ["TL201"]\n')
    assert invoke("check", "--config", str(config), str(path)).exit_code == 0


def test_selection_by_code_prefix_and_name(tmp_path):
    path = write(tmp_path / "t.json", BAD_NAME)
    assert invoke("check", "--isolated", "--select", "TL1", str(path)).exit_code == 0
    assert invoke("check", "--isolated", "--select", "TL2", str(path)).exit_code == 1
    assert invoke("check", "--isolated", "--ignore", "invalid-tool-name", str(path)).exit_code == 0
    assert invoke("check", "--isolated", "--select", "TL1", "--extend-select", "TL201", str(path)).exit_code == 1


def test_yaml_suppression_comment(tmp_path):
    path = write(tmp_path / "t.yaml", "name: bad name  # toollint: ignore[invalid-tool-name]\n"
                                      "inputSchema: {type: object}\n")
    result = invoke("check", "--isolated", "--select", "TL0,TL2", str(path))
    assert result.exit_code == 0, result.output
    path.write_text("name: bad name  # toollint: ignore[TL201, unknown-keyword]\ninputSchema: {type: object}\n",
                    encoding="utf-8")
    result = invoke("check", "--isolated", "--select", "TL0,TL1,TL2", "--output-format", "json", str(path))
    findings = json.loads(result.stdout)
    assert [(f["rule"], f["line"]) for f in findings] == [("unused-suppression", 1)]
    assert "unknown-keyword" in findings[0]["message"]


def test_statistics_and_output_file(tmp_path):
    path = write(tmp_path / "t.json", BAD_NAME)
    out = tmp_path / "report.json"
    result = invoke("check", "--isolated", "--output-format", "json", "-o", str(out), str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8"))[0]["rule"] == "invalid-tool-name"
    stats = invoke("check", "--isolated", "--statistics", str(path))
    assert "TL201" in stats.stdout and "total" in stats.stdout


def test_quiet_prints_no_summary(tmp_path):
    clean = invoke("check", "--isolated", "--quiet", REFUND)
    assert clean.exit_code == 0 and clean.stdout == ""


def test_rule_docs_commands():
    result = invoke("rule", "invalid-regex")
    assert result.exit_code == 0 and "## Why is this bad?" in result.output and "TL105" in result.output
    assert invoke("rule", "tl105").output == result.output
    assert invoke("rule", "nope").exit_code == 2
    listing = json.loads(invoke("rules", "--output-format", "json").stdout)
    assert {"code", "name", "severity", "summary", "why", "fix", "examples", "docs"} <= set(listing[0])
    assert len(listing) == len({r["code"] for r in listing})


def test_target_checks_mcp_names_for_providers(tmp_path):
    tool = dict(BAD_NAME, name="files.read")
    tool["inputSchema"] = tool.pop("input_schema")
    path = write(tmp_path / "t.json", tool)
    assert invoke("check", "--isolated", "--select", "TL201", str(path)).exit_code == 0
    assert invoke("check", "--isolated", "--select", "TL201", "--target", "openai", str(path)).exit_code == 1


def test_a_crashing_check_is_an_internal_error_not_a_traceback(tmp_path, monkeypatch):
    from toollint.linter.checks import REGISTRY

    def explode(tool, ctx):
        raise ValueError("boom")

    original = REGISTRY["invalid-tool-name"][0]
    monkeypatch.setitem(REGISTRY, "invalid-tool-name", [original.__class__(
        original.rule, original.scope, explode)])
    path = write(tmp_path / "t.json", BAD_NAME)
    result = invoke("check", "--isolated", str(path))
    assert result.exit_code == 2
    assert "internal error while checking" in result.stderr and "invalid-tool-name crashed: ValueError: boom" in result.stderr
