"""The MCP handshake and `tools/list` paging, independent of the transport that carries the messages.

Only what listing needs: `initialize`, `notifications/initialized`, `tools/list` with `nextCursor`.
A protocol-level fault (an error answer, a result of the wrong shape) is a `ServerError`; problems in a
tool's schema are left to the linter.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from toollint import __version__
from toollint.errors import ServerError

# Servers on every SDK generation (1.x, 2.x, TypeScript) accept this version and answer with theirs.
PROTOCOL_VERSION = "2025-06-18"
MAX_PAGES = 1000
MAX_MESSAGE = 64 * 1024 * 1024  # bytes of one answer (a stdio line, an HTTP body); more is refused, not read
SESSION_TIMEOUTS = 10  # a whole listing (handshake and every page) gets this many --server-timeout periods


class Deadline:
    """When the current answer is due: `timeout` after the request, but never after the whole listing's end,
    so neither a slow trickle within an answer nor many slow pages keep toollint running
    (reliability review 2, item 2)."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.session_end = time.monotonic() + timeout * SESSION_TIMEOUTS

    def answer(self) -> float:
        """The monotonic time by which the answer to a request sent now must be complete."""
        return min(time.monotonic() + self.timeout, self.session_end)

    def missed(self, method: str) -> str:
        """Why we gave up waiting for `method`."""
        if time.monotonic() >= self.session_end - 1e-3:
            return (f"did not finish listing within {self.timeout * SESSION_TIMEOUTS:g} s "
                    f"({SESSION_TIMEOUTS} x --server-timeout), waiting for `{method}`")
        return f"no answer to `{method}` within {self.timeout:g} s (--server-timeout)"


@dataclass
class Listing:
    """What a server told us: its identity, the `instructions` clients put in the system prompt, its tools."""

    name: str
    version: str | None
    protocol_version: str | None
    instructions: str | None
    tools: list[dict[str, Any]] = field(default_factory=list)
    title: str | None = None


class Transport(Protocol):
    label: str

    def request(self, method: str, params: dict[str, Any]) -> Any:
        """Send a request and return its `result`; raise ServerError on an error answer or no answer."""

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        """Send a notification (no answer expected)."""


def list_tools(transport: Transport) -> Listing:
    """Handshake, then every page of `tools/list`."""
    init = transport.request("initialize", {
        "protocolVersion": PROTOCOL_VERSION, "capabilities": {},
        "clientInfo": {"name": "toollint", "version": __version__}})
    listing = _listing(transport.label, init)
    transport.notify("notifications/initialized")
    cursor: str | None = None
    seen: set[bytes] = set()  # digests, not the cursors: 1,000 pages of 1 MB cursors held 1 GB
    for _ in range(MAX_PAGES):
        result = transport.request("tools/list", {"cursor": cursor} if cursor is not None else {})
        listing.tools.extend(_tools(transport.label, result, len(listing.tools)))
        cursor = result.get("nextCursor")
        if cursor is None:
            return listing
        if not isinstance(cursor, str):
            raise ServerError(transport.label, f"malformed tools/list result: `nextCursor` {str(cursor)[:100]!r} "
                              "is not a string")
        digest = hashlib.sha256(cursor.encode("utf-8", "surrogatepass")).digest()
        if digest in seen:
            raise ServerError(transport.label, f"malformed tools/list result: `nextCursor` {cursor[:100]!r} "
                              "repeats an earlier cursor (paging would loop)")
        seen.add(digest)
    raise ServerError(transport.label, f"tools/list returned more than {MAX_PAGES} pages")


def _listing(label: str, init: Any) -> Listing:
    if not isinstance(init, dict):
        raise ServerError(label, f"malformed initialize result: expected an object, got {_kind(init)}")
    info = init.get("serverInfo")
    if not isinstance(info, dict) or not isinstance(info.get("name"), str):
        raise ServerError(label, "malformed initialize result: no `serverInfo.name` string")
    instructions = init.get("instructions")
    if instructions is not None and not isinstance(instructions, str):
        raise ServerError(label, f"malformed initialize result: `instructions` is {_kind(instructions)}, "
                          "not a string")
    return Listing(info["name"], _text(info.get("version")), _text(init.get("protocolVersion")),
                   instructions, title=_text(info.get("title")))


def _tools(label: str, result: Any, offset: int) -> list[dict[str, Any]]:
    if not isinstance(result, dict):
        raise ServerError(label, f"malformed tools/list result: expected an object, got {_kind(result)}")
    tools = result.get("tools")
    if not isinstance(tools, list):
        raise ServerError(label, f"malformed tools/list result: `tools` is {_kind(tools)}, not a list")
    for index, tool in enumerate(tools, start=offset):
        if not isinstance(tool, dict):
            raise ServerError(label, f"malformed tools/list result: tool #{index} is {_kind(tool)}, not an object")
        if not isinstance(tool.get("name"), str):
            raise ServerError(label, f"malformed tools/list result: tool #{index} has no `name` string")
    return tools


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _kind(value: Any) -> str:
    if value is None:
        return "missing or null"
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), f"a {type(value).__name__}")


def answers(message: dict[str, Any], ident: int) -> bool:
    """Whether `message` is the response to our request `ident`: an integer id, as we sent (`true` and `1.0`
    compare equal to 1 in Python, and were taken for it)."""
    return "method" not in message and type(message.get("id")) is int and message["id"] == ident


def error_text(error: Any) -> str:
    """A JSON-RPC error object as one line: code and message (data is often huge or secret-bearing)."""
    if not isinstance(error, dict):
        return f"a malformed error: {str(error)[:200]}"
    code = error.get("code")
    message = str(error.get("message", ""))[:300]
    return f"JSON-RPC error {code}: {message}" if code is not None else f"JSON-RPC error: {message}"
