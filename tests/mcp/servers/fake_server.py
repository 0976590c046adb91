"""A stdio MCP server written with the standard library only, misbehaving on purpose: `fake_server.py MODE [PIDFILE]`.

Modes: `paged` (a good server with three pages of tools), `exits` (dies at once; `exits-late` after 1 s), `banner` (prints text
to stdout), `silent` (never answers; ignores stdin EOF and SIGTERM, and starts a grandchild), `error`
(answers tools/list with a JSON-RPC error), `malformed` (a tool that is not an object), `pingy` (sends a
ping request and a log notification before answering), `modern` (MCP 2026-07-28 only: answers `server/discover`,
refuses `initialize` with -32022, and wants `_meta` on every request), `mute` (a handshake-era server that drops
requests it does not know instead of answering them). Every other mode is of the handshake era and answers an
unknown method with -32601, as JSON-RPC asks. PIDFILE receives the pids of the server and its grandchild, so a
test can check that nothing outlives the run.
"""

import json
import os
import signal
import subprocess
import sys

MODE = sys.argv[1]
if len(sys.argv) > 2:
    pids = [os.getpid()]
    if MODE == "silent":
        pids.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]).pid)
    with open(sys.argv[2], "w") as handle:
        handle.write(" ".join(map(str, pids)))
if MODE.startswith("exits"):
    if MODE == "exits-late":
        import time

        time.sleep(1)
    print("fatal: config file missing", file=sys.stderr)
    sys.exit(3)
if MODE == "silent":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    print("starting up...", file=sys.stderr, flush=True)
    while True:
        signal.pause()

TOOLS = [{"name": f"tool_{i}", "description": f"Tool number {i} of the paged test server; returns its number.",
          "inputSchema": {"type": "object", "properties": {}}} for i in range(5)]
TOOLS[0]["inputSchema"]["properties"]["amount"] = {"type": "number", "description": "How much to pay out"}


VERSION_KEY = "io.modelcontextprotocol/protocolVersion"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    method, ident = message.get("method"), message.get("id")
    if ident is None:
        continue
    meta = (message.get("params") or {}).get("_meta") or {}
    if MODE == "modern" and method != "server/discover" and meta.get(VERSION_KEY) != "2026-07-28":
        send({"jsonrpc": "2.0", "id": ident, "error": {
            "code": -32022, "message": "this server speaks only 2026-07-28",
            "data": {"supported": ["2026-07-28"], "requested": (message.get("params") or {}).get("protocolVersion")}}})
    elif method == "server/discover" and MODE == "modern":
        send({"jsonrpc": "2.0", "id": ident, "result": {
            "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "instructions": "Modern only.",
            "resultType": "complete", "ttlMs": 0, "cacheScope": "private",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "fake-modern", "version": "2.0"}}}})
    elif method == "initialize":
        if MODE == "banner":
            print("Server ready on stdio!", flush=True)
        send({"jsonrpc": "2.0", "id": ident, "result": {
            "protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
            "serverInfo": {"name": f"fake-{MODE}", "version": "1.0"}}})
    elif method == "tools/list":
        if MODE == "error":
            send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32603, "message": "database unavailable"}})
        elif MODE == "malformed":
            send({"jsonrpc": "2.0", "id": ident, "result": {"tools": [TOOLS[0], "tool_1"]}})
        else:
            if MODE == "pingy":
                send({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "hi"}})
                send({"jsonrpc": "2.0", "id": "srv-1", "method": "ping"})
            cursor = int((message.get("params") or {}).get("cursor") or 0)
            page = {"tools": TOOLS[cursor:cursor + 2]}
            if cursor + 2 < len(TOOLS):
                page["nextCursor"] = str(cursor + 2)
            if MODE == "modern":
                page.update({"ttlMs": 60000, "cacheScope": "public", "resultType": "complete"})
            send({"jsonrpc": "2.0", "id": ident, "result": page})
    elif MODE != "mute":
        send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": f"Method not found: {method}"}})
