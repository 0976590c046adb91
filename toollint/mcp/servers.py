"""Which server to list and how: a stdio command line or a Streamable HTTP URL with headers from the environment."""

from __future__ import annotations

import os
import shlex
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from toollint.mcp.http import HttpTransport, redact
from toollint.mcp.protocol import Listing, ServerError, list_tools
from toollint.mcp.stdio import StdioTransport

DEFAULT_TIMEOUT = 10.0  # seconds per answer; `uvx`/`npx` servers take 1-3 s to start on a warm cache


@dataclass(frozen=True)
class ServerSpec:
    """A server to list: `argv` for stdio, or `url` (+ header name -> environment variable) for HTTP."""

    argv: tuple[str, ...] = ()
    url: str | None = None
    header_env: tuple[tuple[str, str], ...] = field(default=())

    @classmethod
    def from_command(cls, command: str) -> ServerSpec:
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise ValueError(f"cannot split the command {command!r}: {error}") from None
        if not argv:
            raise ValueError("the server command is empty")
        return cls(argv=tuple(argv))

    @property
    def label(self) -> str:
        """How messages name the server before it has told us its name (URLs redacted)."""
        if self.url is not None:
            return redact(self.url)
        return shlex.join(self.argv)

    def headers(self) -> dict[str, str]:
        headers = {}
        for name, variable in self.header_env:
            value = os.environ.get(variable)
            if value is None:
                raise ServerError(self.label, f"header {name} should come from the environment variable "
                                  f"{variable}, which is not set")
            headers[name] = value
        return headers


def list_server(spec: ServerSpec, timeout: float = DEFAULT_TIMEOUT) -> Listing:
    """Start or connect, hand-shake, list every tool page, shut down. Never calls a tool."""
    with _terminate_as_interrupt():
        if spec.url is not None:
            http = HttpTransport(spec.url, spec.headers(), timeout, spec.label)
            try:
                return list_tools(http)
            finally:
                http.close()
        stdio = StdioTransport(list(spec.argv), timeout, spec.label)
        try:
            return list_tools(stdio)
        finally:
            stdio.close()


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """Turn SIGTERM into KeyboardInterrupt while a server runs, so the `finally` that reaps it still runs."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield
        return

    def interrupt(signum, frame):  # noqa: ARG001 - signal handler signature
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
