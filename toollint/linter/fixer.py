"""Apply the fixes findings carry: edit, re-parse, re-lint, repeat until nothing applicable is left (bounded).

Safe fixes go first; a batch of fixes that touch different nodes is applied at once. A result is kept only
when the file still parses and linting it finds fewer problems and no rule reports more than before; when a
batch fails that test it is bisected, and a fix that fails alone is dropped (retried once the text has
changed) and reported, never written.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field

from toollint import pointer as jp
from toollint.document.edits import EditError
from toollint.document.source import Source, parse_text, read_stdin
from toollint.document.writer import apply_edits
from toollint.linter.config import Settings
from toollint.linter.engine import FileResult, Finding, Linter
from toollint.linter.runner import Run, candidates, lint_source, read_candidate
from toollint.safeio import UnsafeOutput, atomic_write

MAX_ROUNDS = 12


@dataclass
class Dropped:
    """A fix that was not applied, and why."""

    finding: Finding
    title: str
    reason: str


@dataclass
class FileFix:
    """What fixing did to one file."""

    display: str
    path: str | None  # None for stdin
    original: str
    text: str
    fixed: Counter[str] = field(default_factory=Counter)  # rule name -> findings removed
    dropped: list[Dropped] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def diff(self) -> str:
        lines = difflib.unified_diff(self.original.splitlines(keepends=True), self.text.splitlines(keepends=True),
                                     fromfile=f"a/{self.display}", tofile=f"b/{self.display}")
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


@dataclass
class FixRun:
    run: Run
    files: list[FileFix]

    @property
    def fixed(self) -> Counter[str]:
        return sum((f.fixed for f in self.files), Counter())

    @property
    def from_stdin(self) -> bool:
        return any(f.path is None for f in self.files)

    def forget_dropped(self, findings: list[Finding]) -> None:
        """Findings of a later run whose fix was tried here and dropped are not offered as fixable."""
        dropped = {_identity(d.finding) for f in self.files for d in f.dropped}
        for finding in findings:
            if _identity(finding) in dropped:
                finding.autofix = None


def applicable(finding: Finding, unsafe: bool) -> bool:
    return finding.autofix is not None and finding.autofix.applies(unsafe)


def fix_paths(paths: list[str], settings: Settings, *, unsafe: bool = False, write: bool = True,
              force_exclude: bool = False, stdin_filename: str | None = None) -> FixRun:
    """Lint and fix every file; write the fixed files when `write` (stdin is never written: see FileFix.text)."""
    linter = Linter(settings)
    run, files = Run(), []
    for candidate in candidates(paths, settings, force_exclude, stdin_filename):
        from_stdin = candidate.path == "-"
        # read_candidate, not read_path: a symlink out of the tree is reported, never printed by --diff or
        # rewritten by --fix (reliability review 2, item 1)
        source = read_stdin(candidate.display) if from_stdin else read_candidate(candidate)
        result, outcome = fix_source(linter, source, candidate.display, unsafe=unsafe)
        outcome.path = None if from_stdin else candidate.path
        refusal = _write(outcome.path, outcome) if write and outcome.changed and outcome.path is not None else None
        if refusal is not None:
            result = FileResult(candidate.display, status="refused", error=refusal)
        run.results.append(result)
        files.append(outcome)
    return FixRun(run, files)


_CHANGED = ("not fixed: the file changed while toollint was fixing it, and writing would lose that edit; "
            "nothing was written (run --fix again)")


def _write(path: str, outcome: FileFix) -> str | None:
    """Write the fixed text unless the file no longer holds what was read (an edit saved meanwhile);
    None when written, else why not. A failed write (read-only directory, disk full, EFBIG) leaves the file
    as it was and is reported for that file, not as an internal error (reliability review 2, item 10)."""
    try:
        with open(path, "rb") as handle:
            current = handle.read()
    except OSError:
        return _CHANGED
    bom = current.startswith(b"\xef\xbb\xbf")
    if current.decode("utf-8-sig", "replace") != outcome.original:
        return _CHANGED
    try:
        atomic_write(path, ("\ufeff" if bom else "") + outcome.text)
    except (OSError, UnsafeOutput) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return f"not fixed: cannot write the fixed file ({reason}); it is unchanged"
    return None


def fix_source(linter: Linter, source: Source, display: str, *, unsafe: bool = False) -> tuple[FileResult, FileFix]:
    """The findings left after fixing `source`, and the fixed text."""
    result = lint_source(linter, source, display)
    outcome = FileFix(display, display, source.text, source.text)
    if source.problem is not None or result.status != "checked":
        return result, outcome
    rejected: dict[tuple[str, str, str], Dropped] = {}  # failed alone against the current text
    dropped: dict[tuple[str, str, str], Dropped] = {}  # failed at some point
    for _ in range(MAX_ROUNDS):
        todo = [f for f in result.findings if applicable(f, unsafe) and _identity(f) not in rejected]
        if not todo:
            break
        safe_first = [f for f in todo if f.autofix is not None and f.autofix.safety == "safe"]
        todo = safe_first or todo  # typo fixes first, so the unsafe ones see the names the author meant
        batch = _compatible(todo)
        text, fixed_result = _apply_batch(linter, source.format, display, outcome.text, result, batch, rejected)
        for key, entry in rejected.items():
            dropped.setdefault(key, entry)
        if text == outcome.text:
            continue
        outcome.fixed.update(_removed(result.findings, fixed_result.findings))
        outcome.text, result = text, fixed_result
        rejected.clear()  # the text changed: a fix that failed before may apply now (each round removes findings)
    left = {_identity(f) for f in result.findings}
    outcome.dropped = [d for key, d in dropped.items() if key in left]
    for finding in result.findings:
        if _identity(finding) in dropped:
            finding.autofix = None  # it was tried and dropped: do not offer it as fixable
    return result, outcome


def _apply_batch(linter: Linter, fmt: str, display: str, text: str, before: FileResult, batch: list[Finding],
                 rejected: dict[tuple[str, str, str], Dropped]) -> tuple[str, FileResult]:
    """Apply the batch; when the result fails, apply each half in turn (bisecting, so a bad fix among hundreds
    costs a few lint runs, not hundreds). A fix that fails alone goes into `rejected`. The fixes of one batch
    touch disjoint nodes, so the second half's pointers still hold after the first half is applied."""
    attempt = _attempt(linter, fmt, display, text, before, batch)
    if not isinstance(attempt, str):
        return attempt
    if len(batch) == 1:
        finding = batch[0]
        title = finding.autofix.title if finding.autofix else ""
        rejected[_identity(finding)] = Dropped(finding, title, attempt)
        return text, before
    middle = len(batch) // 2
    text, before = _apply_batch(linter, fmt, display, text, before, batch[:middle], rejected)
    return _apply_batch(linter, fmt, display, text, before, batch[middle:], rejected)


def _identity(finding: Finding) -> tuple[str, str, str]:
    return finding.code, finding.pointer, finding.message


def _compatible(findings: list[Finding]) -> list[Finding]:
    """Findings whose fixes can be applied together: identical fixes once, no two touching the same node
    (or one inside the other), except appends to the same array, which compose."""
    chosen: list[Finding] = []
    seen: set[tuple[str, ...]] = set()
    nodes: set[str] = set()  # what the chosen fixes touch
    appends: set[str] = set()  # ... of which: array appends
    inside: set[str] = set()  # every ancestor of a touched node
    lines: set[int] = set()  # lines rewritten by text edits
    for finding in findings:
        assert finding.autofix is not None
        edits = finding.autofix.edits
        key = tuple(repr(e) for e in edits)
        if key in seen:
            continue
        touched = [e.touches() for e in edits if e.op != "replace-text"]
        spans = {n for e in edits if e.op == "replace-text" for n in range(e.line, e.end_line + 1)}
        if spans & lines or any(_claimed(p, nodes, appends, inside) for p in touched):
            continue
        seen.add(key)
        chosen.append(finding)
        lines |= spans
        for pointer, edit in zip(touched, [e for e in edits if e.op != "replace-text"], strict=True):
            nodes.add(pointer)
            if edit.op == "insert" and pointer.endswith("/-"):
                appends.add(pointer)
            tokens = jp.split(pointer)
            inside.update(jp.from_tokens(tokens[:i]) for i in range(len(tokens)))
    return chosen


def _claimed(pointer: str, nodes: set[str], appends: set[str], inside: set[str]) -> bool:
    if pointer in nodes:
        return not (pointer in appends and pointer.endswith("/-"))
    if pointer in inside:
        return True
    tokens = jp.split(pointer)
    return any(jp.from_tokens(tokens[:i]) in nodes for i in range(len(tokens)))


def _attempt(linter: Linter, fmt: str, display: str, text: str, before: FileResult,
             batch: list[Finding]) -> tuple[str, FileResult] | str:
    """The fixed text and its findings, or why the batch cannot be applied."""
    edits = [e for f in batch if f.autofix is not None for e in f.autofix.edits]
    try:
        new_text = apply_edits(text, fmt, edits)
    except EditError as error:
        return f"the edit does not apply ({error})"
    if new_text == text:
        return "the edit changes nothing"
    source = parse_text(new_text, display, fmt)
    if source.problem is not None:
        return f"the result would not parse ({source.problem.message})"
    result = lint_source(linter, source, display)
    if result.status != "checked":
        return f"the result could not be checked ({result.error or result.status})"
    old, new = Counter(f.code for f in before.findings), Counter(f.code for f in result.findings)
    added = sorted(code for code in new if new[code] > old[code])
    if added:
        return f"the result would have new findings ({', '.join(added)})"
    if sum(new.values()) >= sum(old.values()):
        return "the finding would remain"
    return new_text, result


def _removed(before: list[Finding], after: list[Finding]) -> Counter[str]:
    counts = Counter(f.rule for f in before)
    counts.subtract(Counter(f.rule for f in after))
    return Counter({rule: n for rule, n in counts.items() if n > 0})
