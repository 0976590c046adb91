"""Streamable HTTP answers are bounded in time as a whole, and a broken answer is one clear message
(reliability review 2, items 2, 3 and 10). A local http.server thread plays the hostile server."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator

import pytest

from toollint.errors import ServerError
from toollint.mcp.http import HttpTransport

pytestmark = pytest.mark.slow  # live HTTP servers

INIT = {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "h", "version": "1"}}


class Hostile(http.server.BaseHTTPRequestHandler):
    mode = ""

    def do_POST(self):  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            getattr(self, "mode_" + self.mode.replace("-", "_"))()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def answer(self, body: bytes, kind: str = "application/json", status: int = 200, length: int | None = None):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def trickle(self, data: bytes) -> None:
        for byte in data:
            self.wfile.write(bytes([byte]))
            self.wfile.flush()
            time.sleep(0.2)

    def mode_trickle_body(self):
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "result": INIT}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.trickle(body)

    def mode_trickle_sse(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.trickle(b"data: " + b" " * 200)

    def mode_trickle_status(self):
        self.trickle(b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"a" * 200)

    def mode_short_body(self):
        self.answer(b'{"jsonrpc": "2.0"', length=1000)
        self.close_connection = True

    def mode_deep(self):
        self.answer(b"[" * 200_000 + b"]" * 200_000)

    def mode_crlf_version(self):
        self.answer(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {**INIT, "protocolVersion": "x\r\nEvil: 1"}}).encode())

    def mode_id_true(self):
        self.answer(json.dumps({"jsonrpc": "2.0", "id": True, "result": INIT}).encode())

    def mode_echo_401(self):
        self.answer(f"denied for {self.headers.get('Authorization')}".encode(), "text/plain", status=401)

    def mode_escapes_500(self):
        self.answer(b"oops \x1b]0;pwned\x07\x1b[2J\r\xe2\x80\xae", "text/plain", status=500)

    def log_message(self, *args):
        pass


@pytest.fixture
def serve() -> Iterator:
    servers = []

    def start(mode: str) -> str:
        handler = type("Handler", (Hostile,), {"mode": mode})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/mcp"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def ask(url: str, timeout: float = 1.0, headers: dict | None = None) -> ServerError:
    transport = HttpTransport(url, headers or {}, timeout, "hostile")
    with pytest.raises(ServerError) as raised:
        transport.request("initialize", {})
    return raised.value


@pytest.mark.parametrize("mode", ["trickle-body", "trickle-sse", "trickle-status"])
def test_an_answer_trickled_a_byte_at_a_time_ends_at_the_timeout(serve, mode):
    start = time.monotonic()
    error = ask(serve(mode))
    assert "no answer to `initialize` within 1 s (--server-timeout)" in str(error)
    assert time.monotonic() - start < 3


def test_a_body_shorter_than_its_content_length_is_a_message(serve):
    error = ask(serve("short-body"), timeout=5)
    assert "ended before the length its Content-Length header gave" in str(error)


def test_a_reply_nested_200000_deep_is_a_message(serve):
    assert "JSON nested too deeply to read" in str(ask(serve("deep")))


def test_a_protocol_version_with_cr_lf_is_refused_as_malformed(serve):
    assert "`protocolVersion` 'x\\r\\nEvil: 1' cannot be sent back in a header" in str(ask(serve("crlf-version")))


def test_a_401_body_echoing_the_token_does_not_print_it(serve):
    error = str(ask(serve("echo-401"), headers={"Authorization": "Bearer SECRET-TOKEN-XYZ"}))
    assert "HTTP 401" in error and "SECRET-TOKEN-XYZ" not in error and "(hidden)" in error


@pytest.mark.parametrize("url, reason", [
    ("http://[::1/mcp", "not a valid URL"),
    ("http://127.0.0.1:99999/mcp", "not a valid URL"),
    ("http://user:hunter2@example.invalid/mcp", "user info"),
    ("http://example.invalid/a b", "a space or a control character"),
])
def test_a_bad_url_is_refused_before_any_connection_without_echoing_secrets(url, reason):
    with pytest.raises(ServerError) as raised:
        HttpTransport(url, {}, 1.0, "bad")
    assert reason in str(raised.value) and "hunter2" not in str(raised.value)


def test_an_answer_with_id_true_is_not_taken_for_id_1(serve):
    assert "held no JSON-RPC response to it" in str(ask(serve("id-true")))
