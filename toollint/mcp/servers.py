"""Which server to list and how: a stdio command line or a Streamable HTTP URL with headers from the environment."""

from __future__ import annotations

import os
import re
import shlex
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field

from toollint.errors import ServerError
from toollint.mcp import DEFAULT_TIMEOUT
from toollint.mcp.protocol import Listing, list_tools
from toollint.mcp.stdio import StdioTransport


@dataclass(frozen=True)
class ServerSpec:
    """A server to list: `argv` for stdio, or `url` (+ header name -> environment variable) for HTTP."""

    argv: tuple[str, ...] = ()
    url: str | None = None
    header_env: tuple[tuple[str, str], ...] = field(default=())
    name: str | None = None  # the name the client knows the server by (default: its `serverInfo.name`)

    @classmethod
    def from_command(cls, command: str) -> ServerSpec:
        """`CMD ARGS...`, optionally `NAME=CMD ARGS...` to name the server as the client config does."""
        name, command = _named(command)
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise ValueError(f"cannot split the command {command!r}: {error}") from None
        if not argv:
            raise ValueError("the server command is empty")
        return cls(argv=tuple(argv), name=name)

    @classmethod
    def from_url(cls, url: str, header_env: tuple[tuple[str, str], ...] = ()) -> ServerSpec:
        """`URL` or `NAME=URL`; each header's value is read from the named environment variable."""
        name, url = _named(url)
        return cls(url=url.strip(), header_env=header_env, name=name)

    @property
    def label(self) -> str:
        """How messages name the server before it has told us its name (URLs redacted)."""
        if self.url is not None:
            from toollint.mcp.http import redact

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


_NAMED = re.compile(r"\s*([A-Za-z][\w.-]*)=(\S.*)", re.S)


def _named(text: str) -> tuple[str | None, str]:
    match = _NAMED.fullmatch(text)
    return (match.group(1), match.group(2)) if match else (None, text)


_RUNNING_LOCK = threading.Lock()


def list_server(spec: ServerSpec, timeout: float = DEFAULT_TIMEOUT) -> Listing:
    """Start or connect, hand-shake, list every tool page, shut down. Never calls a tool."""
    with _terminate_as_interrupt():
        return _list(spec, timeout, set())


def list_servers(specs: list[ServerSpec], timeout: float = DEFAULT_TIMEOUT) -> list[Listing]:
    """Several servers at once, one thread each (start-up dominates); on the first failure or on Ctrl-C
    every server still running is stopped before the error propagates."""
    if len(specs) <= 1:
        return [list_server(spec, timeout) for spec in specs]
    running: set[StdioTransport] = set()
    with _terminate_as_interrupt(), ThreadPoolExecutor(max_workers=min(len(specs), 8)) as pool:
        futures = [pool.submit(_list, spec, timeout, running) for spec in specs]
        try:
            wait(futures, return_when=FIRST_EXCEPTION)
            failed = next((f for f in futures if f.done() and f.exception() is not None), None)
            if failed is not None:
                raise failed.exception()  # type: ignore[misc]
            return [future.result() for future in futures]
        except BaseException:
            with _RUNNING_LOCK:
                stopping = list(running)
            for transport in stopping:
                transport.close(force=True)
            raise


def _list(spec: ServerSpec, timeout: float, running: set[StdioTransport]) -> Listing:
    if spec.url is not None:
        from toollint.mcp.http import HttpTransport  # urllib only when a URL is given

        http = HttpTransport(spec.url, spec.headers(), timeout, spec.label)
        try:
            return list_tools(http)
        finally:
            http.close()
    stdio = StdioTransport(list(spec.argv), timeout, spec.label)
    with _RUNNING_LOCK:
        running.add(stdio)
    try:
        return list_tools(stdio)
    finally:
        stdio.close()
        with _RUNNING_LOCK:
            running.discard(stdio)


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
