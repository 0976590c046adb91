"""A stdio MCP server that attacks its client: `hostile_server.py MODE`.

Each mode answers `initialize` (unless it attacks that answer) and then misbehaves; every mode ends by itself
within a minute, so a test that fails cannot leave it running long.
"""

import json
import sys
import time

MODE = sys.argv[1]
END = time.monotonic() + 60
ESC = "\x1b]0;pwned\x07\x1b[2J\r\u202e"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def initialized(ident):
    send({"jsonrpc": "2.0", "id": ident, "result": {
        "protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
        "serverInfo": {"name": f"hostile-{MODE}", "version": "1.0"}}})


first = json.loads(sys.stdin.readline())
if first.get("method") == "server/discover":  # a server of the handshake era: the probe is unknown to it
    send({"jsonrpc": "2.0", "id": first["id"], "error": {"code": -32601, "message": "Method not found"}})
    first = json.loads(sys.stdin.readline())
if MODE == "setsid-child":  # a daemonised grandchild: it leaves the server's process group
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)
    with open(sys.argv[2], "w") as handle:
        handle.write(str(child.pid))
    time.sleep(60)
    sys.exit(0)
if MODE == "ping-noread":  # asks and asks, never reads what we answer
    for n in range(5000):
        send({"jsonrpc": "2.0", "id": f"p{n}", "method": "ping"})
    time.sleep(60)
    sys.exit(0)
if MODE in ("notify-flood", "wrongid-flood"):  # thousands of lines a write: faster than a client parses them
    other = ({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}
             if MODE == "notify-flood" else {"jsonrpc": "2.0", "id": 999, "result": {}})
    burst = (json.dumps(other) + "\n") * 5000
    while time.monotonic() < END:
        sys.stdout.write(burst)
        sys.stdout.flush()
    sys.exit(0)
if MODE == "deep":
    sys.stdout.write('{"jsonrpc": "2.0", "id": 1, "result": ' + "[" * 200_000 + "]" * 200_000 + "}\n")
    sys.stdout.flush()
    time.sleep(60)
    sys.exit(0)
if MODE == "huge":
    sys.stdout.write('{"jsonrpc": "2.0", "id": 1, "result": {"pad": "' + "x" * (3 * 1024 * 1024) + '"}}\n')
    sys.stdout.flush()
    time.sleep(60)
    sys.exit(0)
if MODE == "stderr-escapes":
    sys.stderr.write(f"log {ESC} line\n::error file=x.json::pwned\n" + "y" * 5_000_000 + "\n")
    sys.stderr.flush()
    sys.exit(3)
initialized(first["id"])
for line in sys.stdin:
    message = json.loads(line)
    ident = message.get("id")
    if ident is None:
        continue
    if MODE == "slow-pages":  # every page late but within the timeout, each with a new cursor
        time.sleep(0.25)
        send({"jsonrpc": "2.0", "id": ident, "result": {"tools": [], "nextCursor": f"c{ident}"}})
    elif MODE == "error-escapes":
        send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32000, "message": f"bad {ESC}\n::add-mask::x"}})
    elif MODE == "surrogate":
        tools = '[{"name": "a\\ud800b", "description": "d", "inputSchema": {"type": "object"}}]'
        sys.stdout.write(f'{{"jsonrpc": "2.0", "id": {ident}, "result": {{"tools": {tools}}}}}\n')
        sys.stdout.flush()
    if time.monotonic() > END:
        break
