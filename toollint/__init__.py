"""toollint: lint, strictify and validate the tool definitions LLM agents are given.

Public API: `toollint.strictify(tool, target=...)` (with `StrictifyResult`, `StrictifyError`) and the
`toollint.boundary` module (`Boundary`, `BoundaryError`).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "strictify", "StrictifyError", "StrictifyResult"]

_LAZY = {"strictify": "strictify_tool", "StrictifyError": "StrictifyError", "StrictifyResult": "StrictifyResult"}


def __getattr__(name: str) -> Any:
    # Lazy, so `toollint check` does not pay for strictify's imports at start-up.
    if name in _LAZY:
        return getattr(importlib.import_module("toollint.strictifier.rewrite"), _LAZY[name])
    raise AttributeError(f"module 'toollint' has no attribute {name!r}")
