"""Reporters: findings to text, in one registry.

Each format is a function `(findings, results, **options) -> str` over the same sorted findings, and may have a
streaming twin `(findings, results, **options) -> Iterator[str]` that `check` prints piece by piece
(`with_summary=False` leaves the summary line out, for --quiet). The CLI's `--output-format` choices are this
registry's names. A format's module is imported when the format is used, so start-up does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Reporter:
    module: str
    render: str
    stream: str | None = None  # the streaming twin's name in the same module, if there is one

    def load(self) -> Callable[..., str]:
        function: Callable[..., str] = getattr(import_module(self.module), self.render)
        return function

    def load_stream(self) -> Callable[..., Iterator[str]]:
        assert self.stream is not None
        function: Callable[..., Iterator[str]] = getattr(import_module(self.module), self.stream)
        return function


REPORTERS: dict[str, Reporter] = {
    "full": Reporter("toollint.linter.report.text", "full", "full_chunks"),
    "concise": Reporter("toollint.linter.report.text", "concise", "concise_chunks"),
    "json": Reporter("toollint.linter.report.formats", "json_array"),
    "sarif": Reporter("toollint.linter.report.sarif", "sarif"),
    "github": Reporter("toollint.linter.report.formats", "github"),
}


def render(fmt: str, *args: Any, **options: Any) -> str:
    """The whole report in format `fmt`."""
    return REPORTERS[fmt].load()(*args, **options)


__all__ = ["REPORTERS", "Reporter", "render"]
