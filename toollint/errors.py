"""Every exception toollint raises on purpose, rooted at `ToollintError` so callers can catch them all."""

from __future__ import annotations

from typing import Any


class ToollintError(Exception):
    """Base of every error toollint raises deliberately (bad input, config, refusal)."""


class ConfigError(ToollintError):
    """A configuration file or option is invalid."""


class RequestError(ToollintError):
    """A run cannot be done as asked (fixes for the tools of a live server); `option` names the option that asked,
    so the command line reports it as a usage error (exit 2)."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


class StrictifyError(ToollintError):
    """strictify refuses a tool or file: no faithful strict form, or input it must not rewrite.

    `pointer` is the JSON Pointer of the offending subschema inside the tool ("" when it is the whole input).
    """

    def __init__(self, message: str, pointer: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer

    def __str__(self) -> str:
        return f"{self.pointer or '/'}: {self.message}"


class BoundaryError(ToollintError, ValueError):
    """A tool set handed to the boundary cannot be used (unreadable, no tools, a schema that cannot apply)."""


class SourceError(ToollintError, TypeError):
    """What was given as tool definitions is no form toollint reads (a TypeError too, as it always was)."""


class ServerError(ToollintError):
    """A live MCP server could not be listed: the reason, plus the tail of what it wrote to stderr."""

    def __init__(self, server: str, reason: str, stderr: str = "") -> None:
        super().__init__(reason)
        self.server = server
        self.reason = reason
        self.stderr = stderr

    def __str__(self) -> str:
        """The server wrote the reason's details (error messages, bodies) and its stderr: each line made safe
        to print, never passed raw (reliability review 2, item 8)."""
        from toollint.terminal import one_line

        text = one_line(f"server {self.server}: {self.reason}")
        if self.stderr.strip():
            tail = self.stderr.strip().splitlines()[-20:]
            text += "\n  its stderr (last lines):\n" + "\n".join(f"    {one_line(line)}" for line in tail)
        return text


class RpcError(ServerError):
    """The server answered a request with a JSON-RPC error: its `code` and `data` decide what the client does next
    (an unknown `server/discover` means a server of the handshake era). The connection stays open."""

    def __init__(self, server: str, reason: str, code: Any, data: Any, stderr: str = "") -> None:
        super().__init__(server, reason, stderr)
        self.code = code
        self.data = data


class NoAnswer(ServerError):
    """A request that may go unanswered (the era probe) got no answer in time; the connection stays open."""


class DiffError(ToollintError):
    """`toollint diff` cannot compare: a file is unreadable or holds no tool definitions."""
