"""toollint: lint, strictify and validate the tool definitions LLM agents are given."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "strictify", "StrictifyError"]


def __getattr__(name: str):
    # Lazy, so `toollint check` does not pay for strictify's imports at start-up.
    if name in ("strictify", "StrictifyError", "StrictifyResult"):
        from toollint import strictify as _strictify_module

        return getattr(_strictify_module, {"strictify": "strictify_tool"}.get(name, name))
    raise AttributeError(name)
