"""Glue for `toollint check`: discover files, read them, lint them, apply per-file ignores.

Many files are linted in worker processes (forked, so they share the imported modules and the
compiled rules); results come back in discovery order, so output stays byte-identical.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from dataclasses import dataclass, field

from toollint.document.source import Source, read_path, read_stdin
from toollint.linter.config import Settings
from toollint.linter.discover import Candidate, _relative_to_root, discover
from toollint.linter.engine import CheckCrashed, FileResult, Finding, Linter

PARALLEL_MIN_FILES = 8
PARALLEL_MIN_BYTES = 512 * 1024


@dataclass
class Run:
    results: list[FileResult] = field(default_factory=list)

    @property
    def crashes(self) -> list[FileResult]:
        return [r for r in self.results if r.status == "crashed"]

    @property
    def findings(self) -> list[Finding]:
        return sorted((f for r in self.results for f in r.findings), key=Finding.sort_key)


def _lint_source(linter: Linter, source: Source, display: str, explicit: bool = False) -> FileResult:
    try:
        result = linter.lint(source, explicit=explicit)
    except CheckCrashed as error:
        result = FileResult(source.path, status="crashed", error=str(error), source=source)
    settings = linter.settings
    if settings.per_file_ignores:
        ignored = settings.ignored_for(_relative_to_root(display, settings))
        result.findings = [f for f in result.findings if f.rule not in ignored]
    if result.source is not None:  # keep only the lines code frames show: memory stays flat over many files
        result.source = result.source.excerpt({n for f in result.findings for n in (f.line - 1, f.line)})
    return result


_worker_linter: Linter | None = None


def _lint_in_worker(candidate: Candidate) -> FileResult:
    assert _worker_linter is not None
    return _lint_source(_worker_linter, read_path(candidate.path, candidate.display), candidate.display,
                        candidate.explicit)


def _fork_context():
    if sys.platform == "win32" or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


def _worth_parallel(candidates: list[Candidate]) -> bool:
    if len(candidates) < PARALLEL_MIN_FILES or (os.cpu_count() or 1) < 2 or _fork_context() is None:
        return False
    total = 0
    for candidate in candidates:
        try:
            total += os.path.getsize(candidate.path)
        except OSError:
            continue
    return total >= PARALLEL_MIN_BYTES


def lint_paths(paths: list[str], settings: Settings, *, force_exclude: bool = False,
               stdin_filename: str | None = None, jobs: int | None = None) -> Run:
    global _worker_linter
    linter = Linter(settings)
    run = Run()
    candidates = list(_candidates(paths, settings, force_exclude, stdin_filename))
    files = [c for c in candidates if c.path != "-"]
    for candidate in candidates:
        if candidate.path == "-":
            run.results.append(_lint_source(linter, read_stdin(candidate.display), candidate.display, True))
    if jobs != 1 and _worth_parallel(files):
        workers = min(jobs or os.cpu_count() or 2, 8, len(files))
        # Largest files first so no worker is left with a big one at the end; results are put back in order.
        order = sorted(range(len(files)), key=lambda i: -_size(files[i]))
        _worker_linter = linter
        try:
            with _fork_context().Pool(workers) as pool:
                done = pool.map(_lint_in_worker, [files[i] for i in order], chunksize=1)
        finally:
            _worker_linter = None
        results: list[FileResult | None] = [None] * len(files)
        for index, result in zip(order, done, strict=True):
            results[index] = result
        run.results.extend(r for r in results if r is not None)
    else:
        for candidate in files:
            run.results.append(_lint_source(linter, read_path(candidate.path, candidate.display), candidate.display,
                                            candidate.explicit))
    return run


def _size(candidate: Candidate) -> int:
    try:
        return os.path.getsize(candidate.path)
    except OSError:
        return 0


def _candidates(paths: list[str], settings: Settings, force_exclude: bool, stdin_filename: str | None):
    if "-" in paths:
        yield Candidate("-", stdin_filename or "-", True)
    yield from discover([p for p in paths if p != "-"], settings, force_exclude=force_exclude)
