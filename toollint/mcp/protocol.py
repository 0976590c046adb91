"""The MCP era negotiation and `tools/list` paging, independent of the transport that carries the messages.

Only what listing needs. MCP 2026-07-28 is stateless: a client probes with `server/discover` and sends the
protocol version, its info and capabilities in every request's `_meta`; a server of the handshake era answers the
probe with an error (or not at all), and the client falls back to `initialize` and `notifications/initialized`.
Then `tools/list` with `nextCursor`. A protocol-level fault (an error answer, a result of the wrong shape) is a
`ServerError`; problems in a tool's schema are left to the linter.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from toollint import __version__
from toollint.errors import NoAnswer, RpcError, ServerError

# The handshake era: servers on every SDK generation (1.x, 2.x, TypeScript) accept this version.
PROTOCOL_VERSION = "2025-06-18"
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
# The stateless era (MCP 2026-07-28, SEP-2575/SEP-2567); the official SDK implements it from mcp 2.3.0.
MODERN_VERSION = "2026-07-28"
VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo"
CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo"
# A server that drops an unknown request instead of answering it gets this long before the handshake is tried.
PROBE_WAIT = 5.0
# The `tools/list` result fields of 2026-07-28 that a snapshot keeps (caching directives, result type).
LIST_FIELDS = ("ttlMs", "cacheScope", "resultType")
MAX_PAGES = 1000
# The JSON-RPC error codes of 2026-07-28, in words (changelog.mdx; field-notes-2026-12.md M14).
ERROR_CODES = {
    -32020: "the request's headers do not match its `_meta` (HeaderMismatch)",
    -32021: "the server requires a client capability toollint does not declare (MissingRequiredClientCapability)",
    -32022: "the server does not support the requested protocol version (UnsupportedProtocolVersion)",
}
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
    list_fields: dict[str, Any] = field(default_factory=dict)  # ttlMs, cacheScope, resultType of tools/list


class Transport(Protocol):
    label: str

    def request(self, method: str, params: dict[str, Any], *, wait: float | None = None) -> Any:
        """Send a request and return its `result`; raise RpcError on an error answer, ServerError on no answer
        (NoAnswer, leaving the connection open, when `wait` bounds the wait)."""

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        """Send a notification (no answer expected)."""


def list_tools(transport: Transport) -> Listing:
    """The era probe (or the handshake), then every page of `tools/list`."""
    meta = _client_meta()
    listing = _discover(transport, meta)
    page_meta = meta if listing is not None else None  # the handshake era: requests carry no `_meta`
    if listing is None:
        listing = _handshake(transport)
    cursor: str | None = None
    seen: set[bytes] = set()  # digests, not the cursors: 1,000 pages of 1 MB cursors held 1 GB
    for _ in range(MAX_PAGES):
        params: dict[str, Any] = {"cursor": cursor} if cursor is not None else {}
        if page_meta is not None:
            params["_meta"] = page_meta
        result = transport.request("tools/list", params)
        listing.tools.extend(_tools(transport.label, result, len(listing.tools)))
        if cursor is None:
            listing.list_fields = {key: result[key] for key in LIST_FIELDS if key in result}
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


def _client_meta() -> dict[str, Any]:
    return {VERSION_KEY: MODERN_VERSION, CLIENT_INFO_KEY: {"name": "toollint", "version": __version__},
            CAPABILITIES_KEY: {}}


def modern_headers(method: str, params: dict[str, Any]) -> dict[str, str]:
    """The HTTP headers a 2026-07-28 request carries, matching its `_meta` (a mismatch is error -32020)."""
    meta = params.get("_meta")
    if not isinstance(meta, dict) or VERSION_KEY not in meta:
        return {}
    return {"MCP-Protocol-Version": str(meta[VERSION_KEY]), "Mcp-Method": method}


def _discover(transport: Transport, meta: dict[str, Any]) -> Listing | None:
    """The 2026-07-28 listing's identity from `server/discover`, or None for a server of the handshake era."""
    try:
        result = transport.request("server/discover", {"_meta": meta}, wait=PROBE_WAIT)
    except NoAnswer:
        return None  # a server that ignores what it does not know: try the handshake
    except RpcError as error:
        supported = error.data.get("supported") if isinstance(error.data, dict) else None
        if error.code == -32022 and isinstance(supported, list) and supported and not any(
                v == MODERN_VERSION or v in HANDSHAKE_VERSIONS for v in supported):
            raise ServerError(transport.label, f"speaks only protocol versions {', '.join(supported)}, none of "
                              f"which toollint knows (it speaks {MODERN_VERSION} and {PROTOCOL_VERSION})") from None
        return None  # every other error (method not found, invalid params, not initialized): the handshake era
    if not isinstance(result, dict) or MODERN_VERSION not in (result.get("supportedVersions") or ()):
        return None  # answers the probe but advertises only handshake-era versions
    info = result.get("_meta", {}).get(SERVER_INFO_KEY) if isinstance(result.get("_meta"), dict) else None
    instructions = result.get("instructions")
    if instructions is not None and not isinstance(instructions, str):
        raise ServerError(transport.label, f"malformed server/discover result: `instructions` is "
                          f"{_kind(instructions)}, not a string")
    name = info.get("name") if isinstance(info, dict) else None
    return Listing(name if isinstance(name, str) and name else transport.label,
                   _text(info.get("version")) if isinstance(info, dict) else None, MODERN_VERSION, instructions,
                   title=_text(info.get("title")) if isinstance(info, dict) else None)


def _handshake(transport: Transport) -> Listing:
    init = transport.request("initialize", {
        "protocolVersion": PROTOCOL_VERSION, "capabilities": {},
        "clientInfo": {"name": "toollint", "version": __version__}})
    listing = _listing(transport.label, init)
    transport.notify("notifications/initialized")
    return listing


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
    """A JSON-RPC error object as one line: code and message (data is often huge or secret-bearing), and what a
    2026-07-28 code means."""
    if not isinstance(error, dict):
        return f"a malformed error: {str(error)[:200]}"
    code = error.get("code")
    message = str(error.get("message", ""))[:300]
    meaning = ERROR_CODES.get(code) if isinstance(code, int) else None
    text = f"JSON-RPC error {code}: {message}" if code is not None else f"JSON-RPC error: {message}"
    return f"{text} ({meaning})" if meaning else text


def rpc_error(label: str, method: str, error: Any, stderr: str = "") -> RpcError:
    """The RpcError for a server's error answer to `method`."""
    code = error.get("code") if isinstance(error, dict) else None
    data = error.get("data") if isinstance(error, dict) else None
    return RpcError(label, f"answered `{method}` with {error_text(error)}", code, data, stderr)
