"""A committed .gitignore cannot stall or exhaust `check` (reliability review 2, item 4)."""

from __future__ import annotations

import json
import os
import subprocess

from click.testing import CliRunner

from toollint.cli import main
from toollint.linter.gitignore import _tamed

TOOL = {"name": "get_time", "description": "Current time in an IANA time zone; use it when the user asks.",
        "inputSchema": {"type": "object", "properties": {}}}


def _repo(tmp_path, ignore: str | None):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if ignore is not None:
        (tmp_path / ".gitignore").write_text(ignore, encoding="utf-8")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "t.json").write_text(json.dumps({"tools": [TOOL]}), encoding="utf-8")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "b.json").write_text(json.dumps({"tools": [TOOL]}), encoding="utf-8")


def _read(tmp_path) -> str:
    return CliRunner().invoke(main, ["check", "--isolated", "--show-files", str(tmp_path)]).output


def test_runs_of_stars_do_not_backtrack_and_keep_their_meaning(tmp_path):
    _repo(tmp_path, "*" * 60 + "x" + "*" * 60 + "\n" + "*" * 40 + "/build/\n")
    listed = _read(tmp_path)  # seconds to minutes before; milliseconds now
    assert "tools/t.json" in listed and "build/b.json" not in listed
    assert _tamed("a**b/**/c***") == "a*b/**/c*" and _tamed("**/build") == "**/build"


def test_a_gitignore_that_is_no_regular_file_is_not_read(tmp_path):
    _repo(tmp_path, None)
    os.symlink("/dev/zero", tmp_path / ".gitignore")
    assert "tools/t.json" in _read(tmp_path)
