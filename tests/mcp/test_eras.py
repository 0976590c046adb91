"""MCP 2026-07-28 is stateless: toollint probes with `server/discover` and falls back to `initialize` (issue 23).

Against real servers the tests start: the official SDK's (mcp 2.3.0 implements 2026-07-28 beside the handshake
era), stdlib servers that speak only one era, and, in the slow tier, a server on mcp 1.x in a venv of its own.
"""

from __future__ import annotations

import json
import shlex
import socket
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

from toollint.mcp import ServerSpec, list_server
from toollint.mcp.protocol import error_text
from toollint.mcp.snapshot import snapshot_data

SERVERS = Path(__file__).parent / "servers"
FAKE = f"{shlex.quote(sys.executable)} {shlex.quote(str(SERVERS / 'fake_server.py'))}"


def _sdk_at_least(version: tuple[int, ...]) -> bool:
    try:
        found = tuple(int(p) for p in metadata.version("mcp").split(".")[:2])
    except (metadata.PackageNotFoundError, ValueError):
        return False
    return found >= version


def test_a_modern_only_server_is_listed_through_server_discover():
    listing = list_server(ServerSpec.from_command(f"{FAKE} modern"), timeout=5)
    assert (listing.name, listing.version, listing.protocol_version) == ("fake-modern", "2.0", "2026-07-28")
    assert listing.instructions == "Modern only." and len(listing.tools) == 5  # every page, each with its _meta
    snapshot = snapshot_data(listing)
    assert (snapshot["ttlMs"], snapshot["cacheScope"], snapshot["resultType"]) == (60000, "public", "complete")
    assert snapshot["protocolVersion"] == "2026-07-28"


def test_a_handshake_era_server_is_listed_through_initialize():
    listing = list_server(ServerSpec.from_command(f"{FAKE} paged"), timeout=5)  # answers discover with -32601
    assert (listing.name, listing.protocol_version, len(listing.tools)) == ("fake-paged", "2025-06-18", 5)
    assert "ttlMs" not in snapshot_data(listing)


def test_a_server_that_drops_the_probe_is_listed_after_the_wait():
    listing = list_server(ServerSpec.from_command(f"{FAKE} mute"), timeout=1)
    assert (listing.name, listing.protocol_version) == ("fake-mute", "2025-06-18")


@pytest.mark.skipif(not _sdk_at_least((2, 3)), reason="mcp 2.3.0 is the first SDK that serves 2026-07-28")
def test_the_official_sdk_server_is_listed_in_the_modern_era(tmp_path):
    listing = list_server(ServerSpec.from_command(f"{shlex.quote(sys.executable)} "
                                                  f"{shlex.quote(str(SERVERS / 'sdk_server.py'))}"), timeout=20)
    assert (listing.name, listing.protocol_version) == ("billing-test", "2026-07-28")
    assert "refund_order" in [t["name"] for t in listing.tools]
    snapshot = snapshot_data(listing)
    assert snapshot["cacheScope"] in ("public", "private") and snapshot["resultType"] == "complete"


@pytest.mark.parametrize(("code", "meaning"), [
    (-32020, "do not match its `_meta` (HeaderMismatch)"),
    (-32021, "requires a client capability toollint does not declare"),
    (-32022, "does not support the requested protocol version"),
])
def test_the_2026_error_codes_get_a_sentence(code, meaning):
    assert meaning in error_text({"code": code, "message": "x"})


@pytest.mark.slow
def test_a_server_on_mcp_1x_is_listed_through_the_handshake(tmp_path):
    """The handshake era for real: the same test server on mcp 1.x, which answers the probe with -32602."""
    venv = tmp_path / "mcp1"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "mcp>=1.20,<2"], check=True, timeout=600)
    listing = list_server(ServerSpec.from_command(f"{shlex.quote(str(python))} "
                                                  f"{shlex.quote(str(SERVERS / 'sdk_server.py'))}"), timeout=20)
    assert listing.name == "billing-test" and listing.protocol_version in ("2025-06-18", "2025-11-25")
    assert "refund_order" in [t["name"] for t in listing.tools]
    assert json.dumps(snapshot_data(listing))  # a snapshot of the handshake era, without 2026 fields
    assert "ttlMs" not in snapshot_data(listing)
    # over Streamable HTTP, mcp 1.x refuses the probe with HTTP 400 ("Missing session ID"): the handshake follows
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([str(python), str(SERVERS / "sdk_server.py"), "--http", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the HTTP server did not start"
                time.sleep(0.1)
        listing = list_server(ServerSpec(url=f"http://127.0.0.1:{port}/mcp"), timeout=20)
        assert listing.name == "billing-test" and listing.protocol_version in ("2025-06-18", "2025-11-25")
    finally:
        server.terminate()
        server.wait(10)
