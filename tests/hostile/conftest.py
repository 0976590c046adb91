"""Fixtures of the hostile-input suite: every test runs under the I/O guard (see guard.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from hostile.guard import GUARD, CountingServer, _Guard


@pytest.fixture(autouse=True)
def io_guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[_Guard]:
    """Arms the guard for one test; the test fails on any socket connect or outside open."""
    monkeypatch.chdir(tmp_path)
    GUARD.violations = []
    GUARD.allowed = (str(tmp_path.resolve()) + os.sep, str(tmp_path) + os.sep)
    GUARD.armed = True
    try:
        yield GUARD
    finally:
        GUARD.armed = False
    assert not GUARD.violations, f"I/O outside the test directory: {GUARD.violations}"


@pytest.fixture
def http_probe() -> Iterator[CountingServer]:
    was = GUARD.armed
    GUARD.armed = False  # the server's own bind/listen is not the code under test
    server = CountingServer()
    with server:
        GUARD.armed = was
        yield server
        GUARD.armed = False
