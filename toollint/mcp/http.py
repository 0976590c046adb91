"""The Streamable HTTP transport: each JSON-RPC message is a POST; the answer is JSON or a short SSE stream.

Header values (tokens) come from the environment and never appear in a message; URLs are shown without
their query string or user info, which also tend to carry secrets.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from toollint.errors import RpcError, ServerError
from toollint.mcp.protocol import MAX_MESSAGE, Deadline, answers, modern_headers, rpc_error

MAX_BODY = MAX_MESSAGE


def _rpc_code(body: str) -> int:
    """The JSON-RPC error code in a refused request's body, or -32600 (Invalid Request) when it has none."""
    try:
        code = json.loads(body).get("error", {}).get("code")
    except (ValueError, AttributeError):
        return -32600
    return code if type(code) is int else -32600


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
        followed = urllib.request.Request(newurl, data=req.data, headers=dict(req.header_items()),
                                          method=req.get_method())
        followed.cutoff = getattr(req, "cutoff", None)  # type: ignore[attr-defined]
        return followed


class _Cutoff:
    """Shuts the request's socket down at its deadline. urllib's timeout bounds each socket read, so a status
    line, body or event stream trickled a byte at a time ran on; this makes the deadline one for the whole
    answer (reliability review 2, item 2)."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.fired = False
        self._timers: list[threading.Timer] = []

    def arm(self, sock: socket.socket) -> None:
        timer = threading.Timer(max(self.deadline - time.monotonic(), 0.0), self._cut, (sock,))
        timer.daemon = True
        self._timers.append(timer)
        timer.start()

    def _cut(self, sock: socket.socket) -> None:
        self.fired = True
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def cancel(self) -> None:
        for timer in self._timers:
            timer.cancel()


def _cut_at_deadline(base: type[http.client.HTTPConnection], req: urllib.request.Request):
    """A connection class (for urllib's `do_open`) that arms the request's cutoff once connected."""
    cutoff = getattr(req, "cutoff", None)

    class Connection(base):  # type: ignore[valid-type, misc]
        def connect(self) -> None:
            super().connect()
            if cutoff is not None:
                cutoff.arm(self.sock)

    return Connection


class _HTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req):  # noqa: ANN001, ANN201 - urllib's signature
        return self.do_open(_cut_at_deadline(http.client.HTTPConnection, req), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req):  # noqa: ANN001, ANN201 - urllib's signature
        return self.do_open(_cut_at_deadline(http.client.HTTPSConnection, req), req,
                            context=self._context)  # type: ignore[attr-defined]


_OPENER = urllib.request.build_opener(_SameOriginRedirects, _HTTPHandler, _HTTPSHandler)


def redact(url: str) -> str:
    """The URL without user info, query or fragment."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError:
        return "(a malformed URL)"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{port}" if port else host
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _url_problem(url: str) -> str | None:
    """Why `url` cannot be used (said without repeating what it holds), or None."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number in range
    except ValueError as error:
        return f"not a valid URL ({str(error).split(':')[0]})"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"not an http(s) URL: {redact(url)!r}"
    if parts.username is not None or parts.password is not None:
        return "a URL with user info (user:password@) is not supported; pass credentials with --header-env"
    if any(ord(c) < 0x21 or ord(c) == 0x7f for c in url):
        return "the URL holds a space or a control character"
    return None


class HttpTransport:
    def __init__(self, url: str, headers: dict[str, str], timeout: float, label: str) -> None:
        problem = _url_problem(url)
        if problem is not None:
            raise ServerError(label, problem)
        self.url = url
        self.headers = dict(headers)
        self.timeout = timeout
        self._deadline = Deadline(timeout)
        self.label = label
        self._next_id = 1
        self._session: str | None = None
        self._protocol: str | None = None

    def _post(self, message: dict[str, Any], method: str, cutoff: _Cutoff | None = None,
              extra: dict[str, str] | None = None):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   **self.headers, **(extra or {})}
        if self._session:
            headers["Mcp-Session-Id"] = self._session
        if self._protocol and "MCP-Protocol-Version" not in headers:
            headers["MCP-Protocol-Version"] = self._protocol
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        request.cutoff = cutoff  # type: ignore[attr-defined]
        try:
            return _OPENER.open(request, timeout=self.timeout)  # the user's own server URL
        except _Redirected as redirected:
            raise ServerError(self.label, f"answered `{method}` with a redirect (HTTP {redirected.code}) to "
                              f"{redirected.target}; toollint follows redirects only within the same origin, so "
                              "no header reaches another host: pass that URL to --server-url if you trust it") from None
        except urllib.error.HTTPError as error:
            try:
                detail = _snippet(error.read(2000), hide=self.headers.values())
            except (OSError, http.client.HTTPException):
                detail = ""
            said = (f"answered `{method}` with HTTP {error.code} {error.reason}" + (f": {detail}" if detail else "")
                    + ("; pass credentials with --header-env" if error.code in (401, 403) else ""))
            if 400 <= error.code < 500 and error.code not in (401, 403, 407):
                # a request the server refuses as such (a handshake-era server refuses `server/discover` with
                # 400 "Missing session ID"): an error answer, on which the era probe falls back
                raise RpcError(self.label, said, _rpc_code(detail), None) from None
            raise ServerError(self.label, said) from None
        except (TimeoutError, OSError) as error:
            reason = getattr(error, "reason", error)
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise ServerError(self.label, f"no answer to `{method}` within {self.timeout:g} s "
                                  "(--server-timeout)") from None
            raise ServerError(self.label, f"cannot reach the server: {reason}") from None
        except http.client.HTTPException as error:
            raise ServerError(self.label, f"answered `{method}` with something that is not HTTP "
                              f"({type(error).__name__})") from None

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
        cutoff = _Cutoff(self._deadline.answer())
        try:
            return self._exchange({"jsonrpc": "2.0", "id": ident, "method": method, "params": params},
                                  method, cutoff)
        except (ServerError, OSError, http.client.HTTPException) as error:
            if isinstance(error, RpcError):
                raise  # the server answered, with an error: the caller decides (the era probe falls back)
            if cutoff.fired or time.monotonic() >= cutoff.deadline:
                raise ServerError(self.label, self._deadline.missed(method)) from None
            if isinstance(error, ServerError):
                raise
            if isinstance(error, http.client.IncompleteRead):
                raise ServerError(self.label, f"the answer to `{method}` ended before the length its "
                                  "Content-Length header gave") from None
            raise ServerError(self.label, f"the connection failed while reading the answer to `{method}`: "
                              f"{getattr(error, 'strerror', None) or type(error).__name__}") from None
        finally:
            cutoff.cancel()

    def _exchange(self, message: dict[str, Any], method: str, cutoff: _Cutoff) -> Any:
        ident = message["id"]
        with self._post(message, method, cutoff, modern_headers(method, message["params"])) as answer:
            session = answer.headers.get("Mcp-Session-Id")
            if session and self._session is None:
                self._session = session
            kind = answer.headers.get_content_type()
            if kind == "text/event-stream":
                messages = _sse_messages(answer, cutoff.deadline, self, method)
            elif kind == "application/json":
                raw = answer.read(MAX_BODY + 1)
                if len(raw) > MAX_BODY:
                    raise ServerError(self.label, f"answered `{method}` with more than "
                                      f"{MAX_BODY // (1024 * 1024)} MB; toollint does not read more")
                if getattr(answer, "length", None):  # bytes the Content-Length promised and never came
                    raise http.client.IncompleteRead(raw)
                messages = [self._decode(raw, method)]
            else:
                raise ServerError(self.label, f"answered `{method}` with content type {kind!r}, expected JSON "
                                  "or an event stream; is the URL the server's MCP endpoint?")
            for message in messages:
                for item in message if isinstance(message, list) else [message]:
                    if isinstance(item, dict) and answers(item, ident):
                        return self._result(item, method)
        raise ServerError(self.label, f"the answer to `{method}` held no JSON-RPC response to it")

    def _result(self, message: dict[str, Any], method: str) -> Any:
        if "error" in message:
            raise rpc_error(self.label, method, message["error"])
        if "result" not in message:
            raise ServerError(self.label, f"answered `{method}` with neither `result` nor `error`")
        result = message["result"]
        version = result.get("protocolVersion") if method == "initialize" and isinstance(result, dict) else None
        if isinstance(version, str):
            if not version.isascii() or not version.isprintable() or len(version) > 100:
                raise ServerError(self.label, f"malformed initialize result: `protocolVersion` {version[:100]!r} "
                                  "cannot be sent back in a header")
            self._protocol = version
        return result

    def _decode(self, raw: bytes, method: str) -> Any:
        try:
            return json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise ServerError(self.label, f"answered `{method}` with JSON nested too deeply to read") from None
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


def _snippet(raw: bytes, hide=()) -> str:  # noqa: ANN001 - an iterable of strings
    """The start of a body for a message, with any header value we sent (a token the server echoes) hidden."""
    text = raw.decode("utf-8", "replace")
    for value in hide:
        for secret in sorted({value, *value.split()}, key=len, reverse=True):  # `Bearer X`, or just `X`
            if len(secret) >= 8:
                text = text.replace(secret, "(hidden)")
    return text.strip().replace("\n", " ")[:200]
