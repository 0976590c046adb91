"""What the other features take from the linter, in one place: which config file applies, the strictify pairs it
lists, and the structural rules strictify runs before it rewrites a file.

`toollint strictify` imports the linter only through this module, so what it depends on has a name: the config
(`resolve_settings`, `strictify_pairs`) and the linter's verdict that a file is structurally broken
(`structural_errors`), never the engine's or the config parser's internals.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toollint.linter.config import Settings
    from toollint.linter.engine import Finding
    from toollint.strictifier.pairs import Pair

# Structural problems that make a rewrite meaningless or wrong: an invalid regex stays under `"strict": true`, a
# `required` entry naming no property becomes a new required parameter, a misspelled keyword silently disappears.
STRUCTURAL_RULES = ("invalid-json-schema", "unresolved-ref", "required-not-defined", "invalid-regex",
                    "unknown-keyword")
_STRUCTURAL_SETTINGS: dict[str, dict[str, Any]] = {
    "invalid-regex": {"check-backtracking": False},  # slow but valid: the boundary's matcher copes
    "unknown-keyword": {"severity": "error"},
}


def resolve_settings(config: str | None, isolated: bool) -> Settings:
    """The settings of the config file `config`, else of the nearest one at or above the working directory; the
    defaults when `isolated` or when there is none. Raises ConfigError for a missing or invalid file."""
    from toollint.errors import ConfigError
    from toollint.linter.config import Settings, find_config, load_settings

    if isolated:
        return Settings()
    path = Path(config) if config else find_config(Path.cwd())
    if path is None:
        return Settings()
    if not path.is_file():
        raise ConfigError(f"{path}: config file not found")
    return load_settings(path)


def strictify_pairs() -> tuple[Pair, ...]:
    """The source = { output, target, ... } pairs of `[tool.toollint.strictify]` in the config that applies here
    (none without a config). Raises ConfigError."""
    return resolve_settings(None, False).strictify


def structural_errors(source: Any) -> list[Finding]:
    """The structural errors in a parsed file (`STRUCTURAL_RULES`, a misspelled keyword counted as an error),
    sorted by position; no config file is read."""
    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter

    settings = Settings(select=STRUCTURAL_RULES, rule_settings={k: dict(v) for k, v in _STRUCTURAL_SETTINGS.items()})
    return sorted(Linter(settings).lint(source).findings, key=lambda f: f.sort_key())
