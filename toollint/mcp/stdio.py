"""The stdio transport: the server is a child process speaking newline-delimited JSON-RPC.

The child runs in its own process group so that closing it also ends what it started (`npx`, `uvx`
wrappers), and it is always reaped: on success, on a fault, on a timeout and on Ctrl-C.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

from toollint.errors import NoAnswer, ServerError
from toollint.mcp.protocol import rpc_error

STDERR_KEEP = 200  # lines of the server's stderr kept for the failure message
_EOF = object()


class StdioTransport:
    def __init__(self, argv: list[str], timeout: float, label: str) -> None:
        self.argv = argv
        self.timeout = timeout
        self.label = label
        self._next_id = 1
        self._lines: queue.Queue[Any] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_KEEP)
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                **_own_group())
        except FileNotFoundError:
            raise ServerError(label, f"command not found: {argv[0]!r} (is it installed and on PATH?)") from None
        except PermissionError:
            raise ServerError(label, f"cannot run {argv[0]!r}: permission denied") from None
        except OSError as error:
            raise ServerError(label, f"cannot start {argv[0]!r}: {error.strerror or error}") from None
        self._readers = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self._readers:
            reader.start()

    # -- reading ---------------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(_EOF)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.append(line.decode("utf-8", "replace").rstrip("\r\n"))

    def stderr(self) -> str:
        self._readers[1].join(0.5)
        return "\n".join(self._stderr)

    def fail(self, reason: str) -> ServerError:
        self.close(force=True)
        return ServerError(self.label, reason, self.stderr())

    # -- writing ---------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any], method: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError):
            raise self._exited(method) from None

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message, method)

    def request(self, method: str, params: dict[str, Any], *, wait: float | None = None) -> Any:
        """The request's `result`. An error answer raises RpcError; no answer within `wait` seconds (the era probe)
        raises NoAnswer and keeps the server running; no answer within the timeout ends it."""
        ident = self._next_id
        self._next_id += 1
        self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}, method)
        deadline = time.monotonic() + (min(wait, self.timeout) if wait is not None else self.timeout)
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(remaining, 0))
            except queue.Empty:
                if wait is not None:
                    raise NoAnswer(self.label, f"no answer to `{method}` within {wait:g} s") from None
                raise self.fail(f"no answer to `{method}` within {self.timeout:g} s (--server-timeout); "
                                "is it an MCP server speaking stdio?") from None
            if line is _EOF:
                raise self._exited(method)
            for message in self._messages(line):
                if message.get("id") == ident and "method" not in message:
                    if "error" in message:
                        raise rpc_error(self.label, method, message["error"], self.stderr())
                    if "result" not in message:
                        raise self.fail(f"answered `{method}` with neither `result` nor `error`")
                    return message["result"]
                if "method" in message and "id" in message:
                    self._answer_server_request(message)

    def _messages(self, line: bytes) -> list[dict[str, Any]]:
        text = line.decode("utf-8", "replace").strip()
        if not text:
            return []
        try:
            data = json.loads(text)
        except ValueError:
            raise self.fail(f"wrote something that is not JSON to stdout: {text[:120]!r}; an MCP stdio server "
                            "must write only JSON-RPC messages to stdout (logs belong on stderr)") from None
        batch = data if isinstance(data, list) else [data]
        if not batch or not all(isinstance(m, dict) for m in batch):
            raise self.fail(f"wrote JSON that is not a JSON-RPC message to stdout: {text[:120]!r}")
        return batch

    def _answer_server_request(self, message: dict[str, Any]) -> None:
        """A server may ask us things (`ping`, `roots/list`); we declared no capabilities, so only ping succeeds."""
        if message["method"] == "ping":
            reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"], "result": {}}
        else:
            reply = {"jsonrpc": "2.0", "id": message["id"],
                     "error": {"code": -32601, "message": "toollint only lists tools"}}
        self._send(reply, message["method"])

    def _exited(self, method: str) -> ServerError:
        try:
            code = self.process.wait(timeout=1.0)
            how = f"exited with code {code}" if code >= 0 else f"was killed by signal {-code}"
        except subprocess.TimeoutExpired:
            how = "closed its stdout"
        return self.fail(f"{how} before answering `{method}`")

    # -- shutting down ---------------------------------------------------------------------------

    def close(self, *, force: bool = False) -> None:
        """Close stdin (the MCP stdio shutdown), then SIGTERM and SIGKILL the process group if it lingers."""
        process = self.process
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        if not force:
            try:
                process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        for sig, grace in ((signal.SIGTERM, 0.2 if force else 1.0), (getattr(signal, "SIGKILL", signal.SIGTERM), 5.0)):
            _signal_group(process, sig)
            try:
                process.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))  # whatever the server left behind
        for reader, stream in zip(self._readers, (process.stdout, process.stderr), strict=True):
            reader.join(1.0)  # the pipes hit EOF once the group is gone
            if stream is not None and not reader.is_alive():
                stream.close()


def _own_group() -> dict[str, Any]:
    if os.name == "posix":
        return {"start_new_session": True}
    return {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    try:
        if os.name == "posix":
            os.killpg(process.pid, sig)
        elif process.poll() is None:
            process.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass
