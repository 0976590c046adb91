"""Every exception toollint raises on purpose, rooted at `ToollintError` so callers can catch them all."""

from __future__ import annotations


class ToollintError(Exception):
    """Base of every error toollint raises deliberately (bad input, config, refusal)."""


class ConfigError(ToollintError):
    """A configuration file or option is invalid."""


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
