"""The Streamable HTTP transport: each JSON-RPC message is a POST; the answer is JSON or a short SSE stream.

Header values (tokens) come from the environment and never appear in a message; URLs are shown without
their query string or user info, which also tend to carry secrets.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from toollint.errors import ServerError
from toollint.mcp.protocol import modern_headers, rpc_error

MAX_BODY = 64 * 1024 * 1024


class _Redirected(Exception):
    def __init__(self, code: int, target: str) -> None:
        super().__init__(code, target)
        self.code, self.target = code, target


class _SameOriginRedirects(urllib.request.HTTPRedirectHandler):
    """Follow only a 307/308 to the same origin (scheme, host, port), method, body and headers kept: any other
    redirect is reported, so a token given with --header-env never reaches another host (urllib's default
    handler sent it along; reliability review 2, item 3)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: ANN001, ANN201 - urllib's signature
        old, new = urllib.parse.urlsplit(req.full_url), urllib.parse.urlsplit(newurl)
        same = (old.scheme, old.hostname, old.port) == (new.scheme, new.hostname, new.port)
        if not same or code not in (307, 308):
            raise _Redirected(code, redact(newurl))
        return urllib.request.Request(newurl, data=req.data, headers=dict(req.header_items()),
                                      method=req.get_method())


_OPENER = urllib.request.build_opener(_SameOriginRedirects)


def redact(url: str) -> str:
    """The URL without user info, query or fragment."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))


class HttpTransport:
    def __init__(self, url: str, headers: dict[str, str], timeout: float, label: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ServerError(label, f"not an http(s) URL: {redact(url)!r}")
        self.url = url
        self.headers = dict(headers)
        self.timeout = timeout
        self.label = label
        self._next_id = 1
        self._session: str | None = None
        self._protocol: str | None = None

    def _post(self, message: dict[str, Any], method: str, extra: dict[str, str] | None = None):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   **self.headers, **(extra or {})}
        if self._session:
            headers["Mcp-Session-Id"] = self._session
        if self._protocol and "MCP-Protocol-Version" not in headers:
            headers["MCP-Protocol-Version"] = self._protocol
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        try:
            return _OPENER.open(request, timeout=self.timeout)  # the user's own server URL
        except _Redirected as redirected:
            raise ServerError(self.label, f"answered `{method}` with a redirect (HTTP {redirected.code}) to "
                              f"{redirected.target}; toollint follows redirects only within the same origin, so "
                              "no header reaches another host: pass that URL to --server-url if you trust it") from None
        except urllib.error.HTTPError as error:
            detail = _snippet(error.read(2000))
            raise ServerError(self.label, f"answered `{method}` with HTTP {error.code} {error.reason}"
                              + (f": {detail}" if detail else "")
                              + ("; pass credentials with --header-env" if error.code in (401, 403) else "")) from None
        except (TimeoutError, OSError) as error:
            reason = getattr(error, "reason", error)
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise ServerError(self.label, f"no answer to `{method}` within {self.timeout:g} s "
                                  "(--server-timeout)") from None
            raise ServerError(self.label, f"cannot reach the server: {reason}") from None

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        with self._post(message, method):
            pass

    def request(self, method: str, params: dict[str, Any], *, wait: float | None = None) -> Any:
        """The request's `result`; an error answer raises RpcError. Over HTTP every request has its own answer, so
        `wait` (the era probe's bound on stdio) is the timeout as always."""
        ident = self._next_id
        self._next_id += 1
        deadline = time.monotonic() + self.timeout
        with self._post({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}, method,
                        modern_headers(method, params)) as answer:
            session = answer.headers.get("Mcp-Session-Id")
            if session and self._session is None:
                self._session = session
            kind = answer.headers.get_content_type()
            if kind == "text/event-stream":
                messages = _sse_messages(answer, deadline, self, method)
            elif kind == "application/json":
                messages = [self._decode(answer.read(MAX_BODY), method)]
            else:
                raise ServerError(self.label, f"answered `{method}` with content type {kind!r}, expected JSON "
                                  "or an event stream; is the URL the server's MCP endpoint?")
            for message in messages:
                for item in message if isinstance(message, list) else [message]:
                    if isinstance(item, dict) and item.get("id") == ident and "method" not in item:
                        return self._result(item, method)
        raise ServerError(self.label, f"the answer to `{method}` held no JSON-RPC response to it")

    def _result(self, message: dict[str, Any], method: str) -> Any:
        if "error" in message:
            raise rpc_error(self.label, method, message["error"])
        if "result" not in message:
            raise ServerError(self.label, f"answered `{method}` with neither `result` nor `error`")
        result = message["result"]
        if method == "initialize" and isinstance(result, dict) and isinstance(result.get("protocolVersion"), str):
            self._protocol = result["protocolVersion"]
        return result

    def _decode(self, raw: bytes, method: str) -> Any:
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ServerError(self.label, f"answered `{method}` with a body that is not JSON: "
                              f"{_snippet(raw)!r}") from None

    def close(self) -> None:
        """End the session (DELETE), as the spec asks; a server that does not support it may refuse."""
        if not self._session:
            return
        headers = {**self.headers, "Mcp-Session-Id": self._session}
        request = urllib.request.Request(self.url, headers=headers, method="DELETE")
        try:
            with _OPENER.open(request, timeout=min(self.timeout, 2.0)):
                pass
        except (OSError, urllib.error.HTTPError, _Redirected):
            pass


def _sse_messages(answer, deadline: float, transport: HttpTransport, method: str):
    """JSON-RPC messages from `data:` lines of an event stream, until the stream ends or time runs out."""
    data: list[str] = []
    while True:
        if time.monotonic() > deadline:
            raise ServerError(transport.label, f"no answer to `{method}` within {transport.timeout:g} s "
                              "(--server-timeout)")
        try:
            line = answer.readline(MAX_BODY)
        except (TimeoutError, OSError):
            raise ServerError(transport.label, f"no answer to `{method}` within {transport.timeout:g} s "
                              "(--server-timeout)") from None
        if not line:
            if data:
                yield transport._decode("\n".join(data).encode("utf-8"), method)
            return
        text = line.decode("utf-8", "replace").rstrip("\r\n")
        if text.startswith("data:"):
            data.append(text[5:].removeprefix(" "))
        elif not text and data:
            yield transport._decode("\n".join(data).encode("utf-8"), method)
            data = []


def _snippet(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").strip().replace("\n", " ")[:200]
