"""The guard itself must catch what it promises to catch, or every other test here proves nothing."""

from __future__ import annotations

import socket
import urllib.request

import pytest

from hostile.guard import GUARD


def test_guard_records_an_outside_open() -> None:
    with pytest.raises(PermissionError):
        open("/etc/hostname", "rb")  # noqa: SIM115 - the open itself is the event
    assert GUARD.violations
    GUARD.violations.clear()


def test_guard_records_a_connect(http_probe) -> None:
    urllib.request.urlopen(http_probe.url + "/x", timeout=5).read()
    assert http_probe.requests == ["/x"]
    assert any("socket.connect" in v for v in GUARD.violations)
    GUARD.violations.clear()


def test_guard_allows_the_temporary_directory(tmp_path) -> None:
    (tmp_path / "a.json").write_text("{}")
    assert (tmp_path / "a.json").read_text() == "{}"
    assert not GUARD.violations
    socket.socket().close()  # creating a socket is fine; connecting is not
