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
from toollint.mcp.protocol import MAX_MESSAGE, Deadline, answers, rpc_error

STDERR_KEEP = 200  # lines of the server's stderr kept for the failure message
STDERR_LINE = 2000  # bytes kept of one stderr line; the rest of a longer line is dropped
QUEUED = 64  # stdout lines read ahead, and our answers waiting to be written: a flood meets back-pressure
_EOF = object()
_TOO_LONG = object()


class StdioTransport:
    def __init__(self, argv: list[str], timeout: float, label: str) -> None:
        self.argv = argv
        self.timeout = timeout
        self.label = label
        self._deadline = Deadline(timeout)
        self._next_id = 1
        self._closing = threading.Event()
        self._lines: queue.Queue[Any] = queue.Queue(maxsize=QUEUED)
        self._outbox: queue.Queue[bytes | None] = queue.Queue(maxsize=QUEUED)
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
        self._writer = threading.Thread(target=self._write_stdin, daemon=True)
        for thread in (*self._readers, self._writer):
            thread.start()

    # -- reading ---------------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        """Lines of at most MAX_MESSAGE bytes into a bounded queue, so neither one huge line nor a flood of
        small ones grows memory: a server that writes faster than we read waits for us."""
        assert self.process.stdout is not None
        try:
            while line := self.process.stdout.readline(MAX_MESSAGE + 1):
                if len(line) > MAX_MESSAGE:
                    self._put(_TOO_LONG)
                    return
                if not self._put(line):
                    return
        except (OSError, ValueError):
            pass
        self._put(_EOF)

    def _put(self, item: Any) -> bool:
        while not self._closing.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _read_stderr(self) -> None:
        """Keep the start of each of the last STDERR_KEEP lines (a 100 MB line is not echoed in full)."""
        assert self.process.stderr is not None
        continued = False
        try:
            while chunk := self.process.stderr.readline(STDERR_LINE):
                if not continued:
                    self._stderr.append(chunk.decode("utf-8", "replace").rstrip("\r\n"))
                continued = not chunk.endswith(b"\n")
        except (OSError, ValueError):
            pass

    def stderr(self) -> str:
        self._readers[1].join(0.5)
        return "\n".join(self._stderr)

    def fail(self, reason: str) -> ServerError:
        self.close(force=True)
        return ServerError(self.label, reason, self.stderr())

    # -- writing ---------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any], method: str) -> None:
        """Queue a message for the writer thread: a server that does not read its stdin cannot block us."""
        if self.process.poll() is not None and self._outbox.empty():
            raise self._exited(method)
        try:
            self._outbox.put_nowait(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
        except queue.Full:
            raise self.fail(f"does not read its stdin: {QUEUED} messages to it are waiting, "
                            f"the last for `{method}`") from None

    def _write_stdin(self) -> None:
        """Write queued messages in order; `None` closes stdin (the MCP stdio shutdown)."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            while (data := self._outbox.get()) is not None:
                stdin.write(data)
                stdin.flush()
        except (OSError, ValueError):
            pass  # the server closed its stdin or exited: the reader sees that as EOF
        finally:
            try:
                stdin.close()
            except (OSError, ValueError):
                pass

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
        probe_end = time.monotonic() + wait if wait is not None else None
        deadline = self._deadline.answer() if probe_end is None else min(self._deadline.answer(), probe_end)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:  # tested on every line, so a flood of other messages cannot postpone it
                if probe_end is not None and time.monotonic() < self._deadline.session_end:
                    # the era probe went unanswered: the server lives on, and gets the handshake instead
                    raise NoAnswer(self.label, f"no answer to `{method}` within {min(wait or 0, self.timeout):g} s")
                raise self.fail(self._deadline.missed(method) + "; is it an MCP server speaking stdio?")
            try:
                line = self._lines.get(timeout=min(remaining, 0.2))
            except queue.Empty:
                if self._closing.is_set():  # stopped from another thread (another server failed)
                    raise self._exited(method) from None
                continue
            if line is _EOF:
                raise self._exited(method)
            if line is _TOO_LONG:
                raise self.fail(f"wrote a message longer than {MAX_MESSAGE // (1024 * 1024)} MB while "
                                f"answering `{method}`; toollint does not read more")
            for message in self._messages(line):
                if answers(message, ident):
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
        except RecursionError:
            raise self.fail("wrote JSON nested too deeply to read") from None
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
        stragglers = _descendants(process.pid)  # now, while the server lives: later they are init's
        self._closing.set()
        try:
            self._outbox.put_nowait(None)
        except queue.Full:
            pass  # the writer is stuck on a server that does not read: killing it below frees the writer
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
        for pid in stragglers:  # what left the group with setsid() (reliability review 2, lower items)
            try:
                os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            except OSError:
                pass
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


def _descendants(pid: int) -> list[int]:
    """Every process below `pid`, from /proc (Linux; elsewhere none): a grandchild that called setsid() is no
    longer in the server's process group, so signalling the group misses it."""
    children: dict[int, list[int]] = {}
    try:
        entries = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return []
    for entry in entries:
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                parent = int(handle.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
