"""Files: nothing outside the tree is read or printed, no output clobbers an input, a link or a device,
and nothing non-regular blocks a run (review items A2-A5, B1, C10, C11)."""

from __future__ import annotations

import json
import os
import stat
import sys

import pytest

from hostile.util import REFUND, toollint, write_json
from toollint.linter.report import REPORTERS

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types")


@posix_only
def test_symlink_leaving_the_tree_is_skipped_and_never_printed(tmp_path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "credentials").write_text("[default]\naws_secret_access_key = EXAMPLEKEY123\n")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "creds.yaml").symlink_to("../secret/credentials")
    write_json(tools / "ok.json", REFUND)
    for fmt in REPORTERS:
        result = toollint("check", str(tools), "--output-format", fmt, "--no-color")
        assert "EXAMPLEKEY123" not in result.output
        assert "creds.yaml" in result.output and "outside" in result.output
        assert result.exit_code == 1
    listed = toollint("check", str(tools), "--show-files")
    assert "outside" in listed.output and "EXAMPLEKEY123" not in listed.output


@posix_only
def test_symlink_inside_the_tree_is_still_read(tmp_path) -> None:
    write_json(tmp_path / "real.json", REFUND)
    (tmp_path / "link.json").symlink_to("real.json")
    result = toollint("check", str(tmp_path), "--show-files")
    assert result.exit_code == 0, result.output


@posix_only
@pytest.mark.parametrize("command", ["check", "strictify"])
def test_fifo_is_skipped_not_waited_for(tmp_path, command) -> None:
    write_json(tmp_path / "a.json", REFUND)
    os.mkfifo(tmp_path / "pipe.json")
    target = str(tmp_path) if command == "check" else str(tmp_path / "pipe.json")
    result = toollint(command, target)
    assert result.exit_code in (1, 2)
    assert "FIFO" in result.output


@posix_only
def test_validate_input_file_fifo_is_refused(tmp_path) -> None:
    write_json(tmp_path / "t.json", REFUND)
    os.mkfifo(tmp_path / "in.json")
    result = toollint("validate", str(tmp_path / "t.json"), "--input-file", str(tmp_path / "in.json"))
    assert result.exit_code == 2 and "FIFO" in result.stderr


@posix_only
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads mode-000 directories")
def test_unreadable_subdirectory_is_reported(tmp_path) -> None:
    write_json(tmp_path / "a.json", REFUND)
    locked = tmp_path / "locked"
    locked.mkdir()
    write_json(locked / "b.json", REFUND)
    locked.chmod(0)
    try:
        result = toollint("check", str(tmp_path), "--output-format", "concise")
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 1 and "locked" in result.output and "cannot list" in result.output


def test_unreadable_subdirectory_is_reported_even_as_root(tmp_path, monkeypatch) -> None:
    """Root ignores mode 000, so the scandir failure is simulated for that one directory."""
    from toollint.linter import discover

    write_json(tmp_path / "a.json", REFUND)
    (tmp_path / "locked").mkdir()
    real_scandir = os.scandir

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(discover.os, "scandir", scandir)
    result = toollint("check", str(tmp_path), "--output-format", "concise")
    assert result.exit_code == 1 and "locked" in result.output and "Permission denied" in result.output


# --- outputs -------------------------------------------------------------------------------------


@posix_only
def test_strictify_writes_through_a_symlink_and_keeps_it(tmp_path) -> None:
    source = write_json(tmp_path / "t.json", REFUND)
    (tmp_path / "real.out.json").write_text("old\n")
    (tmp_path / "out.json").symlink_to("real.out.json")
    result = toollint("strictify", str(source), "-o", str(tmp_path / "out.json"), "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out.json").is_symlink()
    assert json.loads((tmp_path / "real.out.json").read_text())["name"] == "refund_order"


@posix_only
def test_strictify_writes_into_a_fifo_instead_of_replacing_it(tmp_path) -> None:
    """A FIFO stands in for /dev/null (a device node needs root to create): it is written to, not replaced."""
    source = write_json(tmp_path / "t.json", REFUND)
    fifo = tmp_path / "sink"
    os.mkfifo(fifo)
    # The reader holds the FIFO open before strictify runs (a FIFO nobody reads is refused at once; a reader
    # thread still on its way to open() raced with that). The strict file fits in the pipe's buffer.
    descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        result = toollint("strictify", str(source), "-o", str(fifo), "-q")
        received = os.read(descriptor, 1 << 16)
    finally:
        os.close(descriptor)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert b"refund_order" in received


def test_strictify_refuses_a_directory_output(tmp_path) -> None:
    from toollint.safeio import UnsafeOutput, atomic_write

    (tmp_path / "d").mkdir()
    with pytest.raises(UnsafeOutput):
        atomic_write(str(tmp_path / "d"), "x")


def test_check_refuses_to_write_the_report_over_its_input(tmp_path) -> None:
    path = write_json(tmp_path / "t.json", REFUND)
    before = path.read_bytes()
    result = toollint("check", str(path), "-o", str(path))
    assert result.exit_code == 2 and "input" in result.stderr
    assert path.read_bytes() == before


def test_check_refuses_a_report_over_a_scanned_file(tmp_path) -> None:
    write_json(tmp_path / "t.json", REFUND)
    before = (tmp_path / "t.json").read_bytes()
    result = toollint("check", str(tmp_path), "-o", str(tmp_path / "t.json"))
    assert result.exit_code == 2
    assert (tmp_path / "t.json").read_bytes() == before


def test_a_failed_check_keeps_the_old_report(tmp_path, monkeypatch) -> None:
    from toollint.linter import report

    write_json(tmp_path / "t.json", REFUND)
    (tmp_path / "rep.txt").write_text("old\n")

    def broken(*args, **kwargs):
        raise RuntimeError("reporter failed")

    monkeypatch.setattr(report.Reporter, "load", lambda self: broken)
    with pytest.raises(RuntimeError):
        toollint("check", str(tmp_path / "t.json"), "--output-format", "json", "-o", str(tmp_path / "rep.txt"))
    assert (tmp_path / "rep.txt").read_text() == "old\n"


def test_check_report_into_a_missing_directory_is_a_usage_error(tmp_path) -> None:
    write_json(tmp_path / "t.json", REFUND)
    result = toollint("check", str(tmp_path / "t.json"), "-o", str(tmp_path / "missing" / "x.txt"))
    assert result.exit_code == 2 and "does not exist" in result.stderr


def test_strictify_output_and_validator_must_differ(tmp_path) -> None:
    source = write_json(tmp_path / "t.json", REFUND)
    out = tmp_path / "out.json"
    result = toollint("strictify", str(source), "-o", str(out), "--validator", str(out), "-q")
    assert result.exit_code == 2 and "same file" in result.stderr
    assert not out.exists()


@posix_only
def test_new_outputs_get_the_umask_mode(tmp_path) -> None:
    source = write_json(tmp_path / "t.json", REFUND)
    old = os.umask(0o022)
    try:
        toollint("strictify", str(source), "-o", str(tmp_path / "o.json"), "--validator", str(tmp_path / "v.json"))
        toollint("check", str(source), "-o", str(tmp_path / "r.txt"))
    finally:
        os.umask(old)
    for name in ("o.json", "v.json", "r.txt"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644, name


@posix_only
def test_existing_outputs_keep_their_mode(tmp_path) -> None:
    source = write_json(tmp_path / "t.json", REFUND)
    out = tmp_path / "o.json"
    out.write_text("old")
    out.chmod(0o600)
    toollint("strictify", str(source), "-o", str(out), "-q")
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


def test_empty_select_is_an_error(tmp_path) -> None:
    path = write_json(tmp_path / "t.json", {"name": "x", "description": "d", "input_schema": {"type": "string"}})
    for value in ("", ",,,"):
        result = toollint("check", str(path), "--select", value)
        assert result.exit_code == 2 and "--select" in result.stderr


def test_duplicate_tool_names_are_refused_with_a_validator_file(tmp_path) -> None:
    first = {"name": "search", "description": "Search orders by text and return matches.", "input_schema": {
        "type": "object", "properties": {"q": {"type": "string", "minLength": 3, "description": "Query"}},
        "required": ["q"]}}
    second = dict(first, input_schema={"type": "object", "properties": {"n": {"type": "integer"}}})
    source = write_json(tmp_path / "t.json", [first, second])
    result = toollint("strictify", str(source), "-o", str(tmp_path / "s.json"), "--validator",
                      str(tmp_path / "v.json"), "-q")
    assert result.exit_code == 2 and "'search'" in result.stderr and "twice" in result.stderr
    assert not (tmp_path / "v.json").exists() and not (tmp_path / "s.json").exists()


def test_output_to_a_fifo_nobody_reads_is_refused_at_once(tmp_path):
    import time

    tools = write_json(tmp_path / "tools.json", [REFUND])
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    result = toollint("check", "--isolated", str(tools), "-o", str(fifo))
    assert result.exit_code == 2 and time.monotonic() - started < 5
    assert "a FIFO that no process is reading" in result.stderr
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # with a reader it is written through
    try:
        result = toollint("check", "--isolated", str(tools), "-o", str(fifo))
        assert result.exit_code in (0, 1) and os.read(reader, 1 << 16)
    finally:
        os.close(reader)


def test_read_regular_reads_up_to_one_byte_past_the_limit(tmp_path, monkeypatch) -> None:
    """Reading as much as the file holds (not a buffer of the limit) returns what `read(limit + 1)` returned: the
    whole file, or one byte past a limit it exceeds; also when it grew after its size was taken (or its size is
    given as 0, as in /proc)."""
    from toollint import safeio

    path = tmp_path / "tools.json"
    path.write_bytes(b"x" * 100)
    assert [len(safeio.read_regular(str(path), limit)) for limit in (1000, 100, 99, 0)] == [100, 100, 100, 1]
    real_fstat = os.fstat

    def smaller(fd: int) -> os.stat_result:
        status = real_fstat(fd)
        return os.stat_result((status.st_mode, *status[1:6], 10, *status[7:]))  # st_size: 10 bytes

    monkeypatch.setattr(safeio.os, "fstat", smaller)
    assert [len(safeio.read_regular(str(path), limit)) for limit in (1000, 100, 50, 10, 5)] == [100, 100, 51, 11, 6]
