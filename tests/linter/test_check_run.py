"""`run_check`: one `toollint check` run as a library call, a CheckRequest in and a CheckResult out, with the
findings and the exit code the command line would give, and no click (issue 26)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from helpers import ROOT_DIR

from toollint.errors import ConfigError, RequestError
from toollint.linter import CheckRequest, CheckResult, run_check
from toollint.linter.check_run import exit_code
from toollint.linter.engine import Finding

SNAPSHOT = "tests/data/snapshot_tools.json"  # relative to the checkout, as reports name them
REFUND = "fixtures/refund.json"
REQUIRED = ROOT_DIR / "tests" / "data" / "fix" / "required.json"


@pytest.fixture(autouse=True)
def _in_the_checkout(monkeypatch):
    monkeypatch.chdir(ROOT_DIR)


def test_a_run_returns_the_findings_and_the_exit_code():
    result = run_check(CheckRequest(paths=(SNAPSHOT,), isolated=True, select=("TL1",)))
    assert isinstance(result, CheckResult)
    assert result.findings == sorted(result.findings, key=Finding.sort_key)
    assert {f.severity for f in result.findings} == {"error", "warning"} and len(result.findings) == 5
    assert result.exit_code == 1 and result.fixing is None and result.surveyed is None
    assert [r.path for r in result.run.results] == [SNAPSHOT]


@pytest.mark.parametrize("request_, code", [
    (CheckRequest(paths=(SNAPSHOT,), isolated=True, select=("TL1",), fail_on="never"), 0),
    (CheckRequest(paths=(SNAPSHOT,), isolated=True, select=("TL1",), exit_zero=True), 0),
    (CheckRequest(paths=(REFUND,), isolated=True), 0),
])
def test_the_exit_code_follows_fail_on_and_exit_zero(request_, code):
    assert run_check(request_).exit_code == code


def test_exit_code_by_severity():
    findings = run_check(CheckRequest(paths=(SNAPSHOT,), isolated=True, select=("TL1",))).findings
    warnings = [f for f in findings if f.severity == "warning"]
    assert exit_code(findings, "error") == 1 and exit_code(warnings, "error") == 0
    assert exit_code(warnings, "warning") == 1 and exit_code(findings, "never") == 0 and exit_code([], "info") == 0


def test_show_files_surveys_without_linting():
    result = run_check(CheckRequest(paths=(REFUND,), isolated=True, show_files=True))
    assert [(r.path, r.status, r.tools) for r in result.surveyed] == [(REFUND, "checked", 1)]
    assert result.findings == [] and result.exit_code == 0


def test_diff_reports_the_fixes_and_writes_nothing(tmp_path):
    path = tmp_path / "required.json"
    shutil.copy(REQUIRED, path)
    before = path.read_bytes()
    result = run_check(CheckRequest(paths=(str(path),), isolated=True, diff=True))
    assert result.fixes_reported and result.exit_code == 1 and result.fixed == 2
    assert [f.changed for f in result.fixing.files] == [True] and path.read_bytes() == before


def test_fix_writes_and_lints_the_files_as_written(tmp_path):
    path = tmp_path / "required.json"
    shutil.copy(REQUIRED, path)
    result = run_check(CheckRequest(paths=(str(path),), isolated=True, fix=True))
    assert not result.fixes_reported and result.fixed == 2 and result.exit_code == 0
    assert result.findings == [] and path.read_bytes() != REQUIRED.read_bytes()


def test_refusals_are_errors_not_exits(tmp_path):
    from toollint.linter.inputs import LiveOptions
    from toollint.mcp.servers import ServerSpec

    live = LiveOptions((ServerSpec.from_command("echo hi"),))
    with pytest.raises(RequestError) as refused:
        run_check(CheckRequest(isolated=True, fix=True, live=live))
    assert refused.value.option == "--fix/--diff/--fix-only" and "live server" in str(refused.value)
    with pytest.raises(ConfigError, match="config file not found"):
        run_check(CheckRequest(paths=(REFUND,), config=str(tmp_path / "missing.toml")))


def test_the_request_is_frozen_and_settings_add_to_the_config(tmp_path):
    config = tmp_path / "toollint.toml"
    config.write_text('select = ["TL1"]\nignore = ["TL104"]\ntargets = ["openai"]\n', encoding="utf-8")
    request = CheckRequest(paths=(SNAPSHOT,), config=str(config), ignore=("TL108",), targets=("gemini",))
    with pytest.raises(AttributeError):
        request.paths = ()  # type: ignore[misc]
    settings = run_check(request).settings
    assert settings.select == ("TL1",) and settings.ignore == ("TL104", "TL108")
    assert settings.targets == ("openai", "gemini")


def test_run_check_needs_no_click():
    code = ("import sys\n"
            "from toollint.linter import CheckRequest, run_check\n"
            f"result = run_check(CheckRequest(paths=({SNAPSHOT!r},), isolated=True, select=('TL1',)))\n"
            "assert result.exit_code == 1 and len(result.findings) == 5, result\n"
            "assert 'click' not in sys.modules, 'the library imported click'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT_DIR, timeout=120)
    assert done.returncode == 0, done.stderr


def test_linting_collects_garbage_less_often_and_sets_it_back(monkeypatch) -> None:
    import gc

    from toollint.linter import runner

    seen = []
    before = gc.get_threshold()
    real = runner._lint_paths
    monkeypatch.setattr(runner, "_lint_paths", lambda *args: seen.append(gc.get_threshold()) or real(*args))
    run_check(CheckRequest(paths=(REFUND,), isolated=True))
    assert seen == [(max(before[0], runner.YOUNG_OBJECTS), *before[1:])] and gc.get_threshold() == before
