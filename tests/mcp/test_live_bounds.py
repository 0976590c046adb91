"""Live-server reads are bounded in bytes, count and time (reliability review 2, items 2 and 10).

Each hostile server (tests/mcp/servers/hostile_server.py) would have kept toollint running, growing, or
crashing; now each is one clear exit-2 message about that server, soon after the deadline.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from toollint.errors import ServerError
from toollint.mcp import ServerSpec, list_server

pytestmark = pytest.mark.slow  # live servers

HOSTILE = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).parent / 'servers' / 'hostile_server.py'))}"


def check(mode: str, *args: str, timeout: str = "1") -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "toollint", "check", "--isolated", "--server-timeout", timeout,
                           "--server", f"{HOSTILE} {mode}", *args], capture_output=True, text=True, timeout=30)
    return proc, time.monotonic() - start


@pytest.mark.parametrize("mode", ["notify-flood", "wrongid-flood"])
def test_a_flood_of_other_messages_does_not_postpone_the_deadline(mode):
    proc, took = check(mode)
    assert proc.returncode == 2, proc.stderr
    assert "no answer to `initialize` within 1 s (--server-timeout)" in proc.stderr
    assert took < 8 and "Traceback" not in proc.stderr


def test_a_server_that_sends_pings_and_never_reads_its_stdin_cannot_block_toollint():
    proc, took = check("ping-noread")
    assert proc.returncode == 2, proc.stderr
    assert "does not read its stdin" in proc.stderr or "within 1 s" in proc.stderr
    assert took < 8 and "Traceback" not in proc.stderr


def test_pages_each_within_the_timeout_are_bounded_by_one_deadline_for_the_whole_listing():
    start = time.monotonic()
    with pytest.raises(ServerError) as raised:
        list_server(ServerSpec.from_command(f"{HOSTILE} slow-pages"), timeout=0.4)
    assert "did not finish listing within 4 s (10 x --server-timeout)" in str(raised.value)
    assert time.monotonic() - start < 8


def test_a_reply_longer_than_the_limit_is_refused_not_read(monkeypatch):
    monkeypatch.setattr("toollint.mcp.stdio.MAX_MESSAGE", 1024 * 1024)
    with pytest.raises(ServerError) as raised:
        list_server(ServerSpec.from_command(f"{HOSTILE} huge"), timeout=5)
    assert "wrote a message longer than 1 MB while answering `initialize`" in str(raised.value)


def test_a_reply_nested_200000_deep_is_a_message():
    proc, _ = check("deep", timeout="5")
    assert proc.returncode == 2
    assert "wrote JSON nested too deeply to read" in proc.stderr and "internal error" not in proc.stderr


@pytest.mark.parametrize("mode", ["stderr-escapes", "error-escapes"])
def test_server_stderr_and_error_messages_are_neutralised_and_bounded(mode):
    proc, _ = check(mode, timeout="5")
    assert proc.returncode == 2 and "pwned" in proc.stderr
    assert not any(c in proc.stderr for c in "\x1b\x07\r\u202e")
    assert not any(line.lstrip().startswith("::") for line in proc.stderr.splitlines())
    assert len(proc.stderr) < 20_000  # a 5 MB stderr line is not echoed whole


@pytest.mark.parametrize("save", [False, True])
def test_a_lone_surrogate_in_a_served_name_is_a_finding_not_a_crash(tmp_path, save):
    args = ("--save-snapshot", str(tmp_path / "snap.json")) if save else ()
    proc, _ = check("surrogate", *args, timeout="5")
    assert proc.returncode == 1, proc.stderr
    assert "unpaired UTF-16 surrogate" in proc.stdout and "internal error" not in proc.stderr
    if save:
        assert "\\ud800" in (tmp_path / "snap.json").read_text(encoding="utf-8")


def test_a_grandchild_that_left_the_process_group_is_stopped_too(tmp_path):
    import os
    import signal

    pidfile = tmp_path / "pid"
    with pytest.raises(ServerError):
        list_server(ServerSpec.from_command(f"{HOSTILE} setsid-child {pidfile}"), timeout=1)
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 3
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _alive(pid)
    if left:
        os.kill(pid, signal.SIGKILL)  # never leave it behind, even when the test fails
    assert not left, "the setsid() grandchild outlived toollint"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
