"""The CLI never ends in an internal error or a hang: closed stdin, bad config values, deep input,
dead workers, Ctrl-C (review items B2, B7, C11)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from hostile.util import REFUND, toollint, write_json
from toollint.linter import runner
from toollint.linter.config import Settings

pytestmark = pytest.mark.slow  # subprocesses and signals


def _default_sigint() -> None:
    """Ctrl-C as a terminal delivers it, also when the tests run in a background job (which starts with SIGINT
    ignored, and a child keeps an ignored signal ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_validate_deep_input_is_invalid_json_not_an_internal_error(tmp_path) -> None:
    path = write_json(tmp_path / "t.json", REFUND)
    result = toollint("validate", str(path), "--input", "[" * 100_000)
    assert result.exit_code == 1 and "too deeply" in result.stdout and "internal error" not in result.stderr


def test_config_dialect_list_is_a_config_error(tmp_path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.toollint]\ndialect = []\n")
    path = write_json(tmp_path / "t.json", REFUND)
    result = toollint("check", str(path))
    assert result.exit_code == 2 and "config error" in result.stderr and "dialect" in result.stderr


def _run_with_closed_stdin(tmp_path, *args: str) -> subprocess.CompletedProcess:
    code = "import sys; from toollint.cli import run; sys.argv = ['toollint', *sys.argv[1:]]; run()"
    return subprocess.run([sys.executable, "-c", code, *args],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          preexec_fn=lambda: os.close(0))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
@pytest.mark.parametrize("command", [["check", "-"], ["validate", "t.json"]])
def test_closed_stdin_is_a_clear_message(tmp_path, command, io_guard) -> None:
    write_json(tmp_path / "t.json", REFUND)
    io_guard.armed = False  # a child process: the guard cannot see it, and its imports are its own
    result = _run_with_closed_stdin(tmp_path, *command)
    io_guard.armed = True
    assert "internal error" not in result.stderr
    assert "closed" in (result.stderr + result.stdout)
    assert result.returncode in (1, 2)


def _many_files(tmp_path, count: int = 10) -> list[str]:
    for index in range(count):
        write_json(tmp_path / f"t{index:02d}.json", dict(REFUND, name=f"tool_{index}"))
    return [str(tmp_path)]


_REAL_WORKER = runner._lint_in_worker


def _dies_on_t03(candidate):
    """A worker body that dies on one file (module level: the pool sends functions by name)."""
    if candidate.display.endswith("t03.json"):
        os._exit(137)  # what the OOM killer's SIGKILL looks like to the pool
    return _REAL_WORKER(candidate)


@pytest.mark.skipif(runner._fork_context() is None, reason="needs fork")
def test_a_dead_worker_is_reported_with_its_file_not_a_hang(tmp_path, monkeypatch) -> None:
    paths = _many_files(tmp_path)
    monkeypatch.setattr(runner, "_lint_in_worker", _dies_on_t03)
    monkeypatch.setattr(runner, "_worth_parallel", lambda files: True)
    run = runner.lint_paths(paths, Settings(), jobs=2)
    assert len(run.results) == 10
    crashed = [r for r in run.results if r.status == "crashed"]
    assert [r.path for r in crashed] == [os.path.relpath(tmp_path / "t03.json")] or \
        [os.path.basename(r.path) for r in crashed] == ["t03.json"]
    assert "worker process died" in crashed[0].error


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_to_the_process_group_exits_130(tmp_path, io_guard) -> None:
    _many_files(tmp_path, 40)
    script = textwrap.dedent("""
        import os, signal, sys, time
        from toollint.linter import runner
        real = runner._lint_in_worker
        def slow(candidate):
            time.sleep(0.5)
            return real(candidate)
        runner._lint_in_worker = slow
        runner._worth_parallel = lambda files: True
        from toollint.cli import run
        sys.argv = ["toollint", "check", sys.argv[1]]
        run()
    """)
    io_guard.armed = False
    process = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_default_sigint)
    try:
        import time

        time.sleep(3)
        os.killpg(process.pid, signal.SIGINT)  # the whole group, as a terminal's Ctrl-C does
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        io_guard.armed = True
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr


def test_sarif_uri_is_percent_encoded(tmp_path) -> None:
    folder = tmp_path / "my tools#1 %20"
    folder.mkdir()
    write_json(folder / "bad.json", {"name": "x", "description": "d", "input_schema": {"type": "string"}})
    result = toollint("check", str(folder), "--output-format", "sarif")
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(result.stdout)["runs"][0]["results"]]
    assert uris and all("#" not in uri and " " not in uri and "%2520" in uri for uri in uris)
