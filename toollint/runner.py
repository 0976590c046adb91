"""Glue for `toollint check`: discover files, read them, lint them, apply per-file ignores."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from toollint.config import Settings
from toollint.discover import Candidate, _relative_to_root, discover
from toollint.engine import CheckCrashed, FileResult, Finding, Linter
from toollint.source import Source, parse_bytes, read_path


@dataclass
class Run:
    results: list[FileResult] = field(default_factory=list)

    @property
    def crashes(self) -> list[FileResult]:
        return [r for r in self.results if r.status == "crashed"]

    @property
    def findings(self) -> list[Finding]:
        return sorted((f for r in self.results for f in r.findings), key=Finding.sort_key)


def _sniff_format(raw: bytes, name: str) -> str:
    lowered = name.lower()
    if lowered.endswith((".yaml", ".yml")):
        return "yaml"
    if lowered.endswith(".json"):
        return "json"
    stripped = raw.lstrip(b"\xef\xbb\xbf \t\r\n")
    return "json" if stripped[:1] in (b"{", b"[") else "yaml"


def read_stdin(display: str) -> Source:
    raw = sys.stdin.buffer.read()
    return parse_bytes(raw, display, _sniff_format(raw, display))


def lint_paths(paths: list[str], settings: Settings, *, force_exclude: bool = False,
               stdin_filename: str | None = None) -> Run:
    linter = Linter(settings)
    run = Run()
    for candidate in _candidates(paths, settings, force_exclude, stdin_filename):
        if candidate.path == "-":
            source = read_stdin(candidate.display)
        else:
            source = read_path(candidate.path, candidate.display)
        try:
            result = linter.lint(source)
        except CheckCrashed as error:
            result = FileResult(source.path, status="crashed", error=str(error), source=source)
        ignored = settings.ignored_for(_relative_to_root(candidate.display, settings)) if settings.per_file_ignores else ()
        if ignored:
            result.findings = [f for f in result.findings if f.rule not in ignored]
        run.results.append(result)
    return run


def _candidates(paths: list[str], settings: Settings, force_exclude: bool, stdin_filename: str | None):
    if "-" in paths:
        yield Candidate("-", stdin_filename or "-", True)
    yield from discover([p for p in paths if p != "-"], settings, force_exclude=force_exclude)
