"""--fix and --diff never read through a link out of the tree, and never write over an edit saved while they
ran (reliability review 2, items 1 and 6)."""

from __future__ import annotations

import os

from click.testing import CliRunner

from toollint.cli import main
from toollint.linter import fixer
from toollint.linter.config import Settings

# A tool file with one safe fix (an invisible character) and a secret beside it.
FIXABLE = ('tools:\n  - name: get_time\n    description: "Current time in a time zone.\\u200b Use it when asked."\n'
           '    inputSchema: {type: object, properties: {}}\n# TOKEN=sk-live-SECRET123\n')


def test_diff_and_fix_leave_a_file_outside_the_tree_alone(tmp_path):
    outside = tmp_path / "home" / "creds.yaml"
    outside.parent.mkdir()
    outside.write_text(FIXABLE, encoding="utf-8")
    tools = tmp_path / "repo" / "tools"
    tools.mkdir(parents=True)
    os.symlink(outside, tools / "creds.yaml")
    before = outside.read_bytes()
    previous = os.getcwd()
    os.chdir(tmp_path / "repo")
    try:
        diff = CliRunner().invoke(main, ["check", "--isolated", "--diff", "tools"])
        fixed = CliRunner().invoke(main, ["check", "--isolated", "--fix", "tools"])
    finally:
        os.chdir(previous)
    assert "SECRET123" not in diff.output and "SECRET123" not in fixed.output
    assert "symlink to a file outside the scanned directory" in fixed.output
    assert outside.read_bytes() == before


def test_an_edit_saved_while_fixing_is_not_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "tools.yaml"
    path.write_text(FIXABLE, encoding="utf-8")
    edited = FIXABLE.replace("Current time", "The current time")
    real = fixer.fix_source

    def slow_fix(*args, **kwargs):
        outcome = real(*args, **kwargs)
        path.write_text(edited, encoding="utf-8")  # the user saves while toollint works
        return outcome

    monkeypatch.setattr(fixer, "fix_source", slow_fix)
    run = fixer.fix_paths([str(path)], Settings())
    assert path.read_text(encoding="utf-8") == edited
    assert [r.status for r in run.run.results] == ["refused"]
    assert "changed while toollint was fixing it" in run.run.results[0].error


def test_a_failed_write_is_reported_for_the_file_and_leaves_it_unchanged(tmp_path, monkeypatch):
    import errno

    path = tmp_path / "tools.yaml"
    path.write_text(FIXABLE, encoding="utf-8")

    def full_disk(target, data):
        raise OSError(errno.EFBIG, "File too large")

    monkeypatch.setattr(fixer, "atomic_write", full_disk)
    result = CliRunner().invoke(main, ["check", "--isolated", "--fix", str(path)])
    assert "internal error" not in result.output and result.exit_code != 0
    assert "not fixed: cannot write the fixed file (File too large); it is unchanged" in result.output
    assert path.read_text(encoding="utf-8") == FIXABLE
