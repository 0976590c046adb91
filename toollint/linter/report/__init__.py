"""Reporters: findings to text. Each format is one small function over the same sorted findings."""

from __future__ import annotations

from collections.abc import Callable

from toollint.linter.report.formats import github, json_array
from toollint.linter.report.sarif import sarif
from toollint.linter.report.text import concise, full

FORMATS: dict[str, Callable[..., str]] = {
    "full": full,
    "concise": concise,
    "json": json_array,
    "sarif": sarif,
    "github": github,
}

__all__ = ["FORMATS"]
