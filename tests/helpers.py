"""Shared test helpers: lint text in memory with chosen settings."""

from __future__ import annotations

from toollint.document.source import parse_text
from toollint.linter.config import Settings
from toollint.linter.engine import Finding, Linter


def lint_text(text: str, fmt: str = "json", *, targets: tuple[str, ...] = (), path: str | None = None,
              **settings) -> list[Finding]:
    source = parse_text(text, path or f"example.{fmt}", fmt)
    result = Linter(Settings(targets=targets, **settings)).lint(source, explicit=True)
    return sorted(result.findings, key=Finding.sort_key)


def rules_of(findings: list[Finding]) -> list[str]:
    return [f.rule for f in findings]
