"""A finished `check` from the console entry skips the interpreter's teardown, with its output complete and its
exit code kept; other commands, and interrupted or failed runs, exit the normal way."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import ROOT_DIR

SCRIPT = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("TEARDOWN\\n"))
from toollint.cli import run
sys.argv = ["toollint", *sys.argv[1:]]
run()
"""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, cwd=ROOT_DIR,
                          timeout=120)


@pytest.mark.parametrize("args, code", [
    (["check", "--isolated", "fixtures/refund.json"], 0),
    (["check", "--isolated", "--output-format", "json", "tests/data/snapshot_tools.json"], 1),
])
def test_a_finished_check_exits_without_teardown_and_writes_everything(args, code) -> None:
    done = _run(*args)
    assert done.returncode == code, done.stderr
    assert "TEARDOWN" not in done.stderr
    if "json" in args:
        assert json.loads(done.stdout)  # the whole report came out before the process ended
    else:
        assert done.stdout.strip() == "All checks passed!"


@pytest.mark.parametrize("args, code", [(["rules"], 0), (["check", "--no-such-option"], 2),
                                        (["check", "--isolated", "no/such/file.json"], 2)])
def test_other_commands_and_failed_runs_exit_the_normal_way(args, code) -> None:
    done = _run(*args)
    assert done.returncode == code
    assert "TEARDOWN" in done.stderr
