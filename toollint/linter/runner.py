"""Glue for `toollint check`: discover files, read them, lint them, apply per-file ignores.

Many files are linted in worker processes (forked, so they share the imported modules and the
compiled rules); results come back in discovery order, so output stays byte-identical.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from toollint.document.dialects import DIALECTS, find_tools
from toollint.document.sniff import looks_like_tools
from toollint.document.source import Source, SourceProblem, format_for, read_path, read_stdin
from toollint.linter.config import Settings
from toollint.linter.discover import Candidate, _relative_to_root, discover
from toollint.linter.engine import CheckCrashed, FileResult, Finding, Linter
from toollint.mcp.snapshot import server_name

PARALLEL_MIN_FILES = 8
PARALLEL_MIN_BYTES = 512 * 1024
MAX_BATCH = 16


@dataclass
class Run:
    results: list[FileResult] = field(default_factory=list)

    @property
    def refused(self) -> list[FileResult]:
        """Files --fix would not write (changed while it ran): said on stderr, exit 2."""
        return [r for r in self.results if r.status == "refused"]

    @property
    def crashes(self) -> list[FileResult]:
        return [r for r in self.results if r.status == "crashed"]

    @property
    def findings(self) -> list[Finding]:
        return sorted((f for r in self.results for f in r.findings), key=Finding.sort_key)


def lint_source(linter: Linter, source: Source, display: str, explicit: bool = False) -> FileResult:
    try:
        result = linter.lint(source, explicit=explicit)
    except CheckCrashed as error:
        result = FileResult(source.path, status="crashed", error=str(error), source=source)
    result.snapshot_of = server_name(source.data) if source.data is not None else None
    settings = linter.settings
    if settings.per_file_ignores:
        ignored = settings.ignored_for(_relative_to_root(display, settings))
        result.findings = [f for f in result.findings if f.rule not in ignored]
    if result.source is not None and any(f.autofix for f in result.findings):
        source = result.source  # SARIF fixes are text replacements computed on the whole text: keep it (not the data)
        result.source = Source(source.path, source.text, source.format, _lines=source.lines)
    elif result.source is not None:  # keep only the lines code frames show: memory stays flat over many files
        result.source = result.source.excerpt({n for f in result.findings for n in (f.line - 1, f.line)})
    return result


def _skipped(candidate: Candidate, source: Source, discovery: bool) -> FileResult | None:
    """In discovery mode (walked files, or --discovery-mode for the hook's), a file that neither parses nor
    looks like tool definitions is skipped rather than reported: a tsconfig.json, JSON Lines named .json.
    A file that cannot be read at all (permissions, a symlink loop, binary, not UTF-8) is still reported."""
    problem = source.problem
    if problem is None or problem.rule != "parse-error" or (candidate.explicit and not discovery):
        return None
    if source.format == "python":
        from toollint.pysource import might_define_tools  # here: a run of JSON files never reads Python

        if might_define_tools(source.text):
            return None
    elif looks_like_tools(source.text):
        return None
    return FileResult(candidate.display, status="skipped", error=problem.message)


def _lint_candidate(linter: Linter, candidate: Candidate, discovery: bool) -> FileResult:
    source = read_candidate(candidate)
    return _skipped(candidate, source, discovery) or lint_source(linter, source, candidate.display,
                                                                  candidate.explicit and not discovery)


def survey_paths(paths: list[str], settings: Settings, *, force_exclude: bool = False, discovery: bool = False,
                 stdin_filename: str | None = None) -> list[FileResult]:
    """What `check` would make of each file (tools found, skipped, unreadable), without linting: --show-files."""
    results = []
    for candidate in candidates(paths, settings, force_exclude, stdin_filename):
        if candidate.path == "-":
            results.append(FileResult(candidate.display, status="stdin"))
            continue
        source = read_candidate(candidate)
        result = _skipped(candidate, source, discovery)
        if result is None:
            result = FileResult(candidate.display, status="unreadable" if source.problem else "checked",
                                error=source.problem.message if source.problem else None)
            if source.problem is None:
                result.tools = len(find_tools(source.data, DIALECTS.get(settings.dialect or "")))
                result.status = "checked" if result.tools else "no-tools"
                if result.status == "no-tools" and source.format == "python" and not candidate.explicit:
                    continue  # ordinary Python in a walked tree: not a tool file, not worth a line
        results.append(result)
    return results


_worker_linter: Linter | None = None
_worker_discovery = False
_worker_render: Callable[[FileResult], str] | None = None


def read_candidate(candidate: Candidate) -> Source:
    """A discovered file as a Source; one found but not to be read (a symlink out of the tree, a FIFO) is an
    unreadable-file problem, for every feature that reads candidates (check, --fix, --diff)."""
    if candidate.skipped is not None:  # found but not to be read: its reason becomes an unreadable-file finding
        return Source(candidate.display, "", format_for(candidate.display),
                      problem=SourceProblem("unreadable-file", candidate.skipped))
    return read_path(candidate.path, candidate.display)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the main process, which cancels the run (a worker dying of it broke the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _lint_in_worker(candidate: Candidate) -> FileResult:
    assert _worker_linter is not None
    result = _lint_candidate(_worker_linter, candidate, _worker_discovery)
    if _worker_render is not None and result.findings and result.snapshot_of is None:
        # UTF-8 (half the memory of a str holding one CJK character); the text's lines are in it now, so the
        # source goes (a tool set that adds findings later reads the file again). A server snapshot is not
        # rendered here: its findings are labelled with the server's name afterwards.
        result.rendered = _worker_render(result).encode("utf-8")
        result.source = None
    return result


def _fork_context():
    import multiprocessing  # here, not at the top: a run of a few files never starts a pool

    if sys.platform == "win32" or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


def _worth_parallel(sizes: list[int]) -> bool:
    if len(sizes) < PARALLEL_MIN_FILES or (os.cpu_count() or 1) < 2 or _fork_context() is None:
        return False
    return sum(sizes) >= PARALLEL_MIN_BYTES


def lint_paths(paths: list[str], settings: Settings, *, force_exclude: bool = False,
               stdin_filename: str | None = None, jobs: int | None = None, discovery: bool = False,
               progress: Callable[[int, int], None] | None = None,
               render: Callable[[FileResult], str] | None = None) -> Run:
    """Lint every file under `paths`; `progress(done, total)` is called as files finish (for a terminal).
    Files linted in worker processes come back with `render(result)` in `FileResult.rendered` (UTF-8) instead of
    their source."""
    with _fewer_collections():
        return _lint_paths(paths, settings, force_exclude, stdin_filename, jobs, discovery, progress, render)


# Young objects the cyclic garbage collector lets pile up before it looks at them (Python's default is 700).
YOUNG_OBJECTS = 10_000


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector run less often while files are linted (and in the workers forked meanwhile):
    a parsed file is tens of thousands of dicts and lists that live until its findings are made and hold no
    cycle, yet every 700 new ones the collector walked the young ones again, and every few walks the old ones
    too. Reference counting frees them as before; the thresholds are set back after."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_OBJECTS), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _lint_paths(paths: list[str], settings: Settings, force_exclude: bool, stdin_filename: str | None,
                jobs: int | None, discovery: bool, progress: Callable[[int, int], None] | None,
                render: Callable[[FileResult], str] | None) -> Run:
    global _worker_linter, _worker_discovery, _worker_render
    linter = Linter(settings)
    run = Run()
    found = list(candidates(paths, settings, force_exclude, stdin_filename))
    files = [c for c in found if c.path != "-"]
    for candidate in found:
        if candidate.path == "-":
            run.results.append(lint_source(linter, read_stdin(candidate.display), candidate.display))
    sizes = [_size(candidate) for candidate in files] if jobs != 1 else []  # one stat each, for both uses
    if jobs != 1 and _worth_parallel(sizes):
        workers = min(jobs or os.cpu_count() or 2, 8, len(files))
        # Largest files first so no worker is left with a big one at the end; results are put back in order.
        order = sorted(range(len(files)), key=lambda i: -sizes[i])
        _worker_linter, _worker_discovery, _worker_render = linter, discovery, render
        try:
            done = _lint_in_pool([files[i] for i in order], workers, progress)
        finally:
            _worker_linter, _worker_discovery, _worker_render = None, False, None
        results: list[FileResult | None] = [None] * len(files)
        for index, result in zip(order, done, strict=True):
            results[index] = result
        run.results.extend(r for r in results if r is not None)
    else:
        for number, candidate in enumerate(files, start=1):
            run.results.append(_lint_candidate(linter, candidate, discovery))
            if progress is not None:
                progress(number, len(files))
    return run


def _lint_batch(candidates: list[Candidate]) -> list[FileResult]:
    return [_lint_in_worker(candidate) for candidate in candidates]


def _batches(count: int, workers: int) -> list[range]:
    """Consecutive runs of the (largest-first) candidates, one task each. A task costs the main process about half
    a millisecond (pickling, queues, waking its thread), so a large run sends up to MAX_BATCH files per task; but
    each task is at most a quarter of a worker's share of what is left, so the tasks shrink to single files at the
    end and no worker sits idle while another finishes a big batch (guided scheduling: with 400 files, 16-file
    batches could leave one of two workers a whole batch, 4% of the files, behind the other; about 1% of wall time
    measured, bench/scale.md)."""
    batches: list[range] = []
    start = 0
    while start < count:
        size = max(1, min(MAX_BATCH, (count - start) // (workers * 4)))
        batches.append(range(start, start + size))
        start += size
    return batches


def _lint_in_pool(candidates: list[Candidate], workers: int,
                  progress: Callable[[int, int], None] | None = None) -> list[FileResult]:
    """Lint in worker processes. A worker that dies (OOM killer, signal) breaks the pool instead of hanging
    it: the files it left undone are retried one per fresh worker, so the one that kills again is named."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    results: list[FileResult | None] = [None] * len(candidates)
    executor = ProcessPoolExecutor(workers, mp_context=_fork_context(), initializer=_ignore_sigint)
    try:
        batches = _batches(len(candidates), workers)
        futures = [executor.submit(_lint_batch, [candidates[i] for i in batch]) for batch in batches]
        for batch, future in zip(batches, futures, strict=True):
            try:
                results[batch.start:batch.stop] = future.result()
            except BrokenProcessPool:
                continue
            if progress is not None:
                progress(batch.stop, len(candidates))
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    for index, candidate in enumerate(candidates):
        if results[index] is None:
            results[index] = _lint_alone(candidate)
    return [r for r in results if r is not None]


def _lint_alone(candidate: Candidate) -> FileResult:
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    with ProcessPoolExecutor(1, mp_context=_fork_context(), initializer=_ignore_sigint) as executor:
        try:
            return executor.submit(_lint_in_worker, candidate).result()
        except BrokenProcessPool:
            return FileResult(candidate.display, status="crashed",
                              error="the worker process died while checking this file (killed, or out of memory)")


def _size(candidate: Candidate) -> int:
    try:
        return os.path.getsize(candidate.path)
    except OSError:
        return 0


def candidates(paths: list[str], settings: Settings, force_exclude: bool, stdin_filename: str | None):
    if "-" in paths:
        yield Candidate("-", stdin_filename or "-", True)
    yield from discover([p for p in paths if p != "-"], settings, force_exclude=force_exclude)
