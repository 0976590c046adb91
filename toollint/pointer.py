"""JSON Pointers (RFC 6901): the one way every finding names a place inside a file."""

from __future__ import annotations

from collections.abc import Iterable


def escape(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join(["/" + escape(t) for t in tokens])


def split(pointer: str) -> list[str]:
    if not pointer:
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"not a JSON Pointer: {pointer!r}")
    tokens = pointer[1:].split("/")
    return [unescape(t) for t in tokens] if "~" in pointer else tokens  # no `~`: no token is escaped


def from_tokens(tokens: Iterable[str | int]) -> str:
    return join("", *tokens)
