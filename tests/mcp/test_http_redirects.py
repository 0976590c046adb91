"""A token given with --header-env never follows a redirect to another host (reliability review 2, item 3)."""

from __future__ import annotations

import http.server
import threading

import pytest

from toollint.errors import ServerError
from toollint.mcp.http import HttpTransport

pytestmark = pytest.mark.slow  # live HTTP servers


class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: list[dict[str, str]] = []
    location = ""

    def do_POST(self):  # noqa: N802 - http.server's name
        type(self).seen.append(dict(self.headers))
        if self.location:
            self.send_response(302)
            self.send_header("Location", self.location)
            self.end_headers()
            return
        body = b'{"jsonrpc": "2.0", "id": 1, "result": {}}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def _serve(handler: type) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_the_token_is_not_sent_to_the_host_a_redirect_names():
    other = type("Other", (_Recorder,), {"seen": [], "location": ""})
    target = _serve(other)
    first = type("First", (_Recorder,), {"seen": [], "location": f"http://localhost:{target.server_port}/mcp"})
    origin = _serve(first)
    try:
        transport = HttpTransport(f"http://127.0.0.1:{origin.server_port}/mcp",
                                  {"Authorization": "Bearer SECRET-TOKEN-XYZ"}, 5.0, "redirecting")
        with pytest.raises(ServerError) as raised:
            transport.request("initialize", {})
        assert "redirect (HTTP 302)" in str(raised.value) and "SECRET" not in str(raised.value)
        assert first.seen and first.seen[0].get("Authorization") == "Bearer SECRET-TOKEN-XYZ"
        assert other.seen == []  # the second host never heard from toollint
    finally:
        origin.shutdown()
        target.shutdown()
