"""`tools/list` paging keeps no server-chosen cursor alive (reliability review 2, item 2: 1,000 pages with
1 MB cursors held 1 GB). An in-process transport plays the server: no socket, no process."""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

from toollint.errors import ServerError
from toollint.mcp.protocol import MAX_PAGES, list_tools


class HugeCursors:
    label = "huge-cursors"

    def __init__(self) -> None:
        self.page = 0

    def request(self, method: str, params: dict[str, Any], *, wait: float | None = None) -> Any:
        if method == "initialize":
            return {"serverInfo": {"name": "h"}, "protocolVersion": "2025-06-18"}
        self.page += 1
        return {"tools": [], "nextCursor": f"{self.page}:" + "x" * 100_000}

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        pass


def test_many_pages_with_big_cursors_do_not_accumulate_them():
    tracemalloc.start()
    try:
        with pytest.raises(ServerError, match=f"more than {MAX_PAGES} pages"):
            list_tools(HugeCursors())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024  # 1,000 cursors of 100 KB were 100 MB


def test_a_repeated_cursor_is_still_refused():
    class Loop(HugeCursors):
        def request(self, method, params, *, wait=None):
            result = super().request(method, params)
            return result if method == "initialize" else {"tools": [], "nextCursor": "same"}

    with pytest.raises(ServerError, match="repeats an earlier cursor"):
        list_tools(Loop())
