"""The I/O guard for the hostile-input suite: a test FAILS if the code under test opens a socket or a file
outside the test's temporary directory (and the installed code it imports), whatever it catches itself.

CPython audit hooks cannot be removed, so one hook is installed for the session and armed per test.
Connections are recorded, not blocked, so the counting HTTP server below sees any request that leaks.
Opens outside the allowed roots are recorded and blocked (a `file:///dev/zero` ref must not eat memory).
"""

from __future__ import annotations

import http.server
import os
import site
import sys
import sysconfig
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class _Guard:
    def __init__(self) -> None:
        self.armed = False
        self.allowed: tuple[str, ...] = ()
        self.violations: list[str] = []

    def hook(self, event: str, args: tuple) -> None:
        if not self.armed:
            return
        if event == "socket.connect":
            self.violations.append(f"socket.connect{args[1:]!r}")
        elif event == "open":
            path, mode = args[0], args[1]
            if isinstance(path, int):
                return
            if isinstance(path, bytes):
                path = os.fsdecode(path)
            absolute = os.path.abspath(path)
            if absolute.startswith(self.allowed) or absolute == os.devnull:
                return
            writing = mode is not None and any(flag in str(mode) for flag in "wax+")
            flags = args[2] if len(args) > 2 else 0
            if absolute.startswith(_CODE_ROOTS) and f"{os.sep}__pycache__{os.sep}" in absolute:
                return  # Python's (or pytest's assertion rewriting's) bytecode cache of a module imported first
                # inside a guarded test, written only when PYTHONDONTWRITEBYTECODE is unset: not the code's I/O
            if not writing and not (flags or 0) & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                if absolute.startswith(_CODE_ROOTS):
                    return  # imports and package data (rules/*.toml, profiles)
            self.violations.append(f"open({absolute!r}, {mode!r})")
            self.armed = False  # the raise below must not recurse through the hook
            try:
                raise PermissionError(f"hostile-suite guard: open of {absolute!r} outside the test directory")
            finally:
                self.armed = True


def _code_roots() -> tuple[str, ...]:
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(REPO / "toollint"),
             str(REPO / "tests")}  # read-only: pytest reads test sources for its reports
    roots.update(str(path) for path in REPO.glob("*.egg-info"))  # importlib.metadata (the version)
    roots.update(sysconfig.get_paths().values())
    roots.update(site.getsitepackages() if hasattr(site, "getsitepackages") else [])
    return tuple(os.path.abspath(root) + os.sep for root in roots if root)


_CODE_ROOTS = _code_roots()
GUARD = _Guard()
sys.addaudithook(GUARD.hook)


class CountingServer:
    """A local HTTP server that counts every request (it must stay at zero)."""

    def __init__(self) -> None:
        counter = self
        self.requests: list[str] = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                counter.requests.append(self.path)
                body = b'{"type": "integer"}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> CountingServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
