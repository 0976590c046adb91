"""`toollint.lint`: lint tool definitions from Python, in one call, with the same findings as `toollint check`.

Tool sets built at run time (FastMCP, Pydantic, SDK helpers) never exist as files; this lets a unit test
lint them directly:

    assert toollint.lint(server_tools) == []
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Union

from toollint.document.source import parse_text
from toollint.errors import ConfigError, SourceError
from toollint.linter.config import Settings, load_settings
from toollint.linter.engine import Finding, Linter
from toollint.sdk import ACCEPTED, SupportsModelDump, plain_tools

ToolSource = Union[str, "os.PathLike[str]", Mapping[str, Any], SupportsModelDump,
                   Sequence[Mapping[str, Any] | SupportsModelDump]]
"""What `lint` accepts: a path (file or directory), JSON/YAML text, a tool dict, an SDK tool object (mcp
`Tool`, anthropic/openai tool models), or a list of those."""

DATA_NAME = "<tools>"


def lint(source: ToolSource, *, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
         targets: Iterable[str] = (), config: str | os.PathLike[str] | Settings | None = None) -> list[Finding]:
    """Lint `source` and return its findings, sorted by file, line and column.

    `source` is a path to a file or directory, JSON or YAML text, one tool as a dict, or a list of tools
    (any dialect). `select`/`ignore` take rule names, codes or code prefixes as on the command line;
    `targets` adds strict-mode checks for providers ("anthropic", "openai", "gemini"). `config` is a
    `Settings`, or the path of a `pyproject.toml`/`toollint.toml`; by default no config file is read, so
    results do not depend on the working directory.

    Raises `ConfigError` for an unknown rule selector, target or config file, `SourceError` for a
    `source` of any other kind.
    """
    settings = _settings(select, ignore, targets, config)
    source = plain_tools(source)
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path(source)):
        from toollint.linter.runner import lint_paths

        path = os.fspath(source)
        if not os.path.lexists(path):
            raise ConfigError(f"{path}: no such file or directory")
        return lint_paths([path], settings).findings
    if isinstance(source, str):
        text, fmt = source, ("json" if source.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") else "yaml")
    else:
        try:
            text, fmt = json.dumps(source, ensure_ascii=False, indent=2) + "\n", "json"
        except (TypeError, ValueError) as error:  # e.g. a set, or an object that is no SDK model
            raise SourceError(f"the tool definitions are not JSON ({error}); give {ACCEPTED}") from None
    result = Linter(settings).lint(parse_text(text, DATA_NAME, fmt))
    return sorted(result.findings, key=Finding.sort_key)


def _is_path(text: str) -> bool:
    return "\n" not in text and text.lstrip()[:1] not in ("{", "[") and len(text) < 4096


def _settings(select: Iterable[str] | None, ignore: Iterable[str] | None, targets: Iterable[str],
              config: str | os.PathLike[str] | Settings | None) -> Settings:
    from toollint.profiles import PROFILE_NAMES

    if isinstance(config, Settings):
        settings = config
    elif config is not None:
        settings = load_settings(Path(config))
    else:
        settings = Settings()
    unknown = [t for t in targets if t not in PROFILE_NAMES]
    if unknown:
        raise ConfigError(f"unknown target {', '.join(map(repr, unknown))} (choose from {', '.join(PROFILE_NAMES)})")
    settings = settings.with_overrides(
        select=tuple(select) if select is not None else None,
        ignore=settings.ignore + tuple(ignore or ()),
        targets=tuple(dict.fromkeys(settings.targets + tuple(targets))) or None)
    settings.enabled_rules()  # validates the selectors
    return settings
