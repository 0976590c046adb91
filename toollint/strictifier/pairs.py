"""Source → strict-file pairs from `[tool.toollint.strictify]`, so one `toollint strictify --check` (one
pre-commit hook entry) keeps every committed strict file in step with its source.

    [tool.toollint.strictify."tools/refund.json"]
    output = "tools/refund.strict.json"
    target = "openai"                     # default: anthropic
    validator = "tools/refund.validator.json"

Paths are relative to the directory of the config file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toollint.errors import ConfigError
from toollint.profiles import STRICT_TARGETS
from toollint.suggest import did_you_mean

# key -> (JSON type, description): read by the parser below and by the config JSON Schema
PAIR_KEYS: dict[str, tuple[str, str]] = {
    "output": ("string", "The strict file to write (or compare with, under --check)."),
    "target": ("string", "The strict mode to write for (default: anthropic)."),
    "validator": ("string", "Where to write the boundary-validator schemas (optional)."),
    "allow-lossy": ("boolean", "Simplify where no faithful strict form exists, and record the loss."),
    "only": ("array", "Make only these tools strict."),
}


@dataclass(frozen=True)
class Pair:
    source: str
    output: str
    target: str = "anthropic"
    validator: str | None = None
    allow_lossy: bool = False
    only: tuple[str, ...] = ()


def parse_pairs(value: Any, where: str, root: Path) -> tuple[Pair, ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `strictify` must be a table of source file = {{ output = ..., target = ... }}")
    pairs = []
    for source, table in value.items():
        label = f"{where}: [strictify.{source!r}]"
        if not isinstance(table, dict):
            raise ConfigError(f"{label} must be a table with at least `output`")
        for key, setting in table.items():
            if key not in PAIR_KEYS:
                raise ConfigError(f"{label}: unknown key `{key}`{did_you_mean(key, PAIR_KEYS)}")
            kind = PAIR_KEYS[key][0]
            ok = {"string": isinstance(setting, str), "boolean": isinstance(setting, bool),
                  "array": isinstance(setting, list) and all(isinstance(v, str) for v in setting)}[kind]
            if not ok:
                raise ConfigError(f"{label}: `{key}` must be a {'list of strings' if kind == 'array' else kind}")
        if "output" not in table:
            raise ConfigError(f"{label}: `output` (the strict file) is missing")
        target = table.get("target", "anthropic")
        if target not in STRICT_TARGETS:
            raise ConfigError(f"{label}: `target` must be one of {', '.join(STRICT_TARGETS)}, not {target!r}")
        validator = table.get("validator")
        pairs.append(Pair(_near(root, source), _near(root, table["output"]), target,
                          _near(root, validator) if validator else None, table.get("allow-lossy", False),
                          tuple(table.get("only", ()))))
    return tuple(pairs)


def _near(root: Path, path: str) -> str:
    """A config-relative path as the user would type it from the current directory."""
    absolute = os.path.normpath(os.path.join(root, path))
    relative = os.path.relpath(absolute)
    return absolute if relative.startswith("..") else relative
