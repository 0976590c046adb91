"""List the tools of an MCP server over stdio with newline-delimited JSON-RPC (stdlib only), for bench/gather_corpus.py.

    python bench/mcp_list_tools.py OUT.json COMMAND [ARGS...]

Sends initialize, notifications/initialized and tools/list (following nextCursor), writes the tools array, and
kills the server. Servers are started in /tmp with whatever dummy credentials the caller exports.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading


def list_tools(command: list[str], timeout: float = 25.0) -> list[dict]:
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               cwd="/tmp")
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()

    def send(message: dict) -> None:
        process.stdin.write((json.dumps(message) + "\n").encode())
        process.stdin.flush()

    def answer(request_id: int) -> dict:
        while True:
            try:
                message = json.loads(lines.get(timeout=timeout))
            except ValueError:
                continue  # a log line on stdout
            if message.get("id") == request_id:
                return message

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "toollint-bench", "version": "0"}}})
        answer(1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools: list[dict] = []
        cursor, request_id = None, 2
        while True:
            send({"jsonrpc": "2.0", "id": request_id, "method": "tools/list", "params": {"cursor": cursor} if cursor else {}})
            result = answer(request_id)["result"]
            tools += result.get("tools", [])
            cursor, request_id = result.get("nextCursor"), request_id + 1
            if not cursor:
                return tools
    finally:
        process.kill()


if __name__ == "__main__":
    found = list_tools(sys.argv[2:])
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(found, out, ensure_ascii=False, indent=1)
    print(sys.argv[1], len(found))
