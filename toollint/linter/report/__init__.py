"""Reporters: findings to text. Each format is one small function over the same sorted findings."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from toollint.linter.report.formats import github, json_array
from toollint.linter.report.text import concise, concise_chunks, full, full_chunks


def sarif(*args: Any, **options: Any) -> str:
    """SARIF 2.1.0 (its module is imported when asked for: most runs print text)."""
    from toollint.linter.report.sarif import sarif as render

    return render(*args, **options)


FORMATS: dict[str, Callable[..., str]] = {
    "full": full,
    "concise": concise,
    "json": json_array,
    "sarif": sarif,
    "github": github,
}

# Formats that can be printed piece by piece (`with_summary=False` leaves the summary line out, for --quiet).
STREAMS: dict[str, Callable[..., Iterator[str]]] = {"full": full_chunks, "concise": concise_chunks}

__all__ = ["FORMATS", "STREAMS"]
