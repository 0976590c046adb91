"""toollint: lint, strictify and validate the tool definitions LLM agents are given.

The public API, coherent across the three features:

- `lint(source, *, select=None, ignore=None, targets=(), config=None) -> list[Finding]`: the findings
  `toollint check` prints, for a path, JSON/YAML text, a tool dict or a list of tools.
- `strictify(tool, target="anthropic", ...) -> StrictifyResult`: one tool (a dict or an SDK object)
  rewritten for a provider's strict mode (`.tool`, `.validator`, `.changes`); raises `StrictifyError`
  when no faithful form exists. Every entry point reads SDK tool objects (`toollint.sdk`).
- `Boundary.from_tools(tools)` then `.check(call) -> Outcome`: validate a model's tool calls at run time.
- `ToollintError`: the base of every error raised on purpose (`ConfigError`, `StrictifyError`, `BoundaryError`,
  `SourceError`).

Names are imported lazily, so `toollint check` pays nothing at start-up for strictify and the boundary.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from toollint.boundary import Boundary, Outcome
    from toollint.errors import BoundaryError, ConfigError, SourceError, StrictifyError, ToollintError
    from toollint.linter.api import lint
    from toollint.linter.config import Settings
    from toollint.linter.engine import Finding
    from toollint.sdk import strictify
    from toollint.strictifier.rewrite import StrictifyResult

__all__ = [
    "Boundary", "BoundaryError", "ConfigError", "Finding", "Outcome", "Settings", "SourceError", "StrictifyError",
    "StrictifyResult", "ToollintError", "__version__", "lint", "strictify",
]

_LAZY = {
    "lint": ("toollint.linter.api", "lint"),
    "Finding": ("toollint.linter.engine", "Finding"),
    "Settings": ("toollint.linter.config", "Settings"),
    "strictify": ("toollint.sdk", "strictify"),
    "StrictifyResult": ("toollint.strictifier.rewrite", "StrictifyResult"),
    "Boundary": ("toollint.boundary", "Boundary"),
    "Outcome": ("toollint.boundary", "Outcome"),
    "ToollintError": ("toollint.errors", "ToollintError"),
    "ConfigError": ("toollint.errors", "ConfigError"),
    "StrictifyError": ("toollint.errors", "StrictifyError"),
    "BoundaryError": ("toollint.errors", "BoundaryError"),
    "SourceError": ("toollint.errors", "SourceError"),
}


def __getattr__(name: str) -> object:
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'toollint' has no attribute {name!r}") from None
    return getattr(importlib.import_module(module), attribute)


def __dir__() -> list[str]:
    return sorted(__all__)
