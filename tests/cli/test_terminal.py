"""What a terminal shows, captured from a real pseudo-terminal: colours (NO_COLOR, FORCE_COLOR, --color),
carets under Chinese text aligned by display width, progress on stderr only when stderr is a terminal."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from wcwidth import wcswidth

pytestmark = pytest.mark.slow  # subprocesses on a pseudo-terminal

pty = pytest.importorskip("pty")  # POSIX only

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
BAD = {"name": "bad name", "description": "Current time in an IANA time zone. Use it when the user asks the time.",
       "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE")}
    return {**env, **extra}


def _run(args: list[str], cwd: Path, *, stdout_tty: bool, stderr_tty: bool = False, **env: str) -> tuple[str, str]:
    """Run toollint with stdout and/or stderr on a pseudo-terminal; returns (stdout, stderr) as text."""
    master, slave = pty.openpty()
    out = slave if stdout_tty else subprocess.PIPE
    err = slave if stderr_tty else subprocess.PIPE
    process = subprocess.Popen([sys.executable, "-m", "toollint", *args], cwd=cwd, stdout=out, stderr=err,
                               stdin=subprocess.DEVNULL, env=_env(**env))
    os.close(slave)
    captured = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        captured += chunk
    os.close(master)
    piped_out = process.stdout.read() if process.stdout else b""
    piped_err = process.stderr.read() if process.stderr else b""
    process.wait(timeout=60)
    tty_text = captured.decode("utf-8").replace("\r\n", "\n")
    return (tty_text if stdout_tty else piped_out.decode("utf-8"),
            tty_text if stderr_tty else piped_err.decode("utf-8"))


@pytest.fixture()
def bad_file(tmp_path: Path) -> Path:
    (tmp_path / "t.json").write_text(json.dumps(BAD, indent=2), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("tty", "env", "flags", "colored"), [
    (True, {}, [], True),
    (True, {"NO_COLOR": "1"}, [], False),
    (True, {}, ["--no-color"], False),
    (True, {"NO_COLOR": "1"}, ["--color"], True),
    (False, {}, [], False),
    (False, {"FORCE_COLOR": "1"}, [], True),
    (False, {"CLICOLOR_FORCE": "1"}, [], True),
    (False, {}, ["--color"], True),
])
def test_colour_follows_the_terminal_the_flags_and_the_environment(bad_file, tty, env, flags, colored):
    stdout, _ = _run(["check", "--isolated", *flags, "t.json"], bad_file, stdout_tty=tty, **env)
    assert "invalid-tool-name" in stdout
    assert bool(ANSI.search(stdout)) is colored


def test_carets_line_up_under_chinese_text(tmp_path):
    tool = {"name": "查询订单", "description": "查询订单的物流状态，在用户询问包裹在哪里时使用。",
            "input_schema": {"type": "object", "properties": {"单号": {"type": "string", "pattern": "[a-z",
                                                                       "description": "订单号，例如 ORD-20260917"}}}}
    (tmp_path / "工具.json").write_text(json.dumps(tool, ensure_ascii=False), encoding="utf-8")  # one line
    stdout, _ = _run(["check", "--isolated", "--select", "invalid-regex", "工具.json"], tmp_path, stdout_tty=True)
    lines = ANSI.sub("", stdout).splitlines()
    code = next(line for line in lines if '"pattern"' in line)
    carets = lines[lines.index(code) + 1]
    gutter = code.index("| ") + 2
    target = code.index('"[a-z"')
    assert wcswidth(code[gutter:target]) > len(code[gutter:target])  # wide characters precede the value
    assert carets.index("^") - gutter == wcswidth(code[gutter:target])
    assert carets.count("^") == wcswidth('"[a-z"')


def test_progress_is_shown_on_a_terminal_only(tmp_path):
    for index in range(60):
        (tmp_path / f"t{index:02}.json").write_text(json.dumps(dict(BAD, name=f"tool_{index}")), encoding="utf-8")
    stdout, stderr = _run(["check", "--isolated", "--output-format", "json", "."], tmp_path, stdout_tty=False,
                          stderr_tty=True)
    assert "checked 60/60 files" in stderr
    assert json.loads(stdout) == []  # the report on stdout is untouched
    _, piped = _run(["check", "--isolated", "--output-format", "json", "."], tmp_path, stdout_tty=False)
    assert "checked" not in piped
