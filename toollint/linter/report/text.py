"""Human formats: `full` (with a code frame) and `concise` (one line per finding)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from toollint.document.source import Source
from toollint.lazy_regex import lazy_compile
from toollint.linter.engine import FileResult, Finding
from toollint.terminal import one_line as _one_line

_COLORS = {"error": "\x1b[31m", "warning": "\x1b[33m", "info": "\x1b[36m"}
_BOLD, _DIM, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"


def _paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{_RESET}" if color else text


def _location(finding: Finding) -> str:
    """`file:line:col`; for tools read from memory (`toollint.lint(dict)`, a live server without a snapshot),
    whose JSON text nobody sees, the tool and pointer instead: `tool get_time at /tools/0/name`."""
    if not in_memory(finding):
        return _one_line(f"{finding.file}:{finding.line}:{finding.column}")
    parts = [f"server {finding.server}"] if finding.server else []
    if finding.tool:
        parts.append(f"tool {finding.tool}")
    where = ", ".join(parts) or "the tools"
    return _one_line(where + (f" at {finding.pointer}" if finding.pointer else ""))


def in_memory(finding: Finding) -> bool:
    """A finding on text toollint made itself (its "file" is a name in angle brackets: `<tools>`, `<server x>`)."""
    return finding.file.startswith("<") and finding.file.endswith(">") and finding.file not in ("<stdin>",)


def _cells(text: str) -> int:
    """Terminal columns of `text`: CJK and emoji take two, combining marks none (wcwidth, as terminals do).

    Text that went through `_one_line` holds no control but tab, so ASCII text is one column a character."""
    if text.isascii():
        return len(text) - text.count("\t")
    from wcwidth import wcwidth  # imported on the first non-ASCII text only: it costs 20 ms of start-up

    return sum(max(wcwidth(ch), 0) for ch in text)


_NOT_TAB = lazy_compile("[^\t]")


def _blank(text: str) -> str:
    """What lines a caret up under `text`: its tabs, and a space per terminal column of everything else."""
    if text.isascii():
        return _NOT_TAB.sub(" ", text) if "\t" in text else " " * len(text)
    from wcwidth import wcwidth

    return "".join("\t" if ch == "\t" else " " * max(wcwidth(ch), 0) for ch in text)


def summary(findings: list[Finding], results: list[FileResult] | None = None, paths: list[str] | None = None, *,
            unsafe_fixes: bool = False, fixed: int | None = None) -> str:
    """The last line(s): counts by severity, what --fix removed, and how many findings --fix could remove."""
    if not findings and results is not None and not any(r.tools for r in results):
        where = ", ".join(paths or ["."])
        return f"No tool definitions found in {where} ({len(results)} file(s) read; --show-files lists them)."
    if not findings:
        return "All checks passed!" if not fixed else f"{fixed} fixed, 0 remaining. All checks passed!"
    counts = Counter(f.severity for f in findings)
    parts = [f"{counts[s]} {s}{'s' if counts[s] != 1 and s != 'info' else ''}" for s in ("error", "warning", "info")
             if counts[s]]
    noun = "problem" if len(findings) == 1 else "problems"
    lines = [f"Found {len(findings)} {noun} ({', '.join(parts)})."]
    if fixed is not None:
        lines.append(f"{fixed} fixed, {len(findings)} remaining.")
    fixable = sum(1 for f in findings if f.autofix and f.autofix.applies(unsafe_fixes))
    hidden = sum(1 for f in findings if f.autofix and not f.autofix.applies(unsafe_fixes))
    if fixable:
        lines.append(f"[*] {fixable} fixable with the `--fix` option" + (
            f" ({hidden} more with `--unsafe-fixes`)." if hidden else "."))
    elif hidden:
        lines.append(f"{hidden} fixable with the `--fix --unsafe-fixes` options.")
    return "\n".join(lines)


def _mark(finding: Finding, unsafe_fixes: bool) -> str:
    """`[*] ` before the message of a finding --fix (with --unsafe-fixes when given) would remove."""
    return "[*] " if finding.autofix is not None and finding.autofix.applies(unsafe_fixes) else ""


def _concise_block(f: Finding, source: Source | None, color: bool, unsafe_fixes: bool) -> str:
    return (f"{_paint(_location(f), _BOLD, color)}: {_paint(f.code, _COLORS[f.severity], color)} "
            f"{_mark(f, unsafe_fixes)}{_one_line(f.message)} [{f.rule}]\n")


def _full_block(f: Finding, source: Source | None, color: bool, unsafe_fixes: bool) -> str:
    """A header, a code frame and a footer naming the tool and pointer.

    Under the frame, as rustc and ruff print them: `= help:` (the fix) and `= note:` (why, the provider's quote)."""
    head = (f"{_paint(_location(f), _BOLD, color)}: {_paint(f.code, _COLORS[f.severity] + _BOLD, color)} "
            f"{_paint(f.severity, _COLORS[f.severity], color)} {_mark(f, unsafe_fixes)}{_one_line(f.message)} "
            f"[{f.rule}]")
    lines = [head]
    details = []
    if in_memory(f):  # the head names the tool and the pointer; there is no file to frame
        pass
    else:
        if source is not None and source.text:
            lines += _frame(source.lines.line_text, f, color)
        if f.server:
            details.append(f"server: {f.server}")
        if f.tool:
            details.append(f"tool: {f.tool}")
        if f.pointer:
            details.append(f"at: {f.pointer}")
    if f.help:
        lines.append(_paint("  = help: ", _BOLD, color) + _one_line(f.help))
    if f.note:
        lines.append(_paint("  = note: ", _BOLD, color) + _one_line(f.note))
    if details:
        lines.append(_paint("  = " + _one_line("; ".join(details)), _DIM, color))
    return "\n".join(lines) + "\n\n"


_BLOCKS: dict[str, Callable[[Finding, Source | None, bool, bool], str]] = {
    "full": _full_block, "concise": _concise_block}


def render_file(result: FileResult, fmt: str, *, color: bool = False, unsafe_fixes: bool = False) -> str:
    """The blocks of one file's findings, in report order: what a worker process renders for the report
    (`FileResult.rendered`), so the main process only writes it. The same code renders findings in `_chunks`."""
    block = _BLOCKS[fmt]
    return "".join(block(f, result.source, color, unsafe_fixes) for f in sorted(result.findings, key=Finding.sort_key))


def _chunks(fmt: str, findings: list[Finding], results: list[FileResult], *, color: bool = False,
            paths: list[str] | None = None, with_summary: bool = True, unsafe_fixes: bool = False,
            fixed: int | None = None, **_: object) -> Iterator[str]:
    """The blocks of `findings` (sorted), then the summary: yielded one by one, so printing 40,000 findings never
    holds them all in memory. A file rendered already (`FileResult.rendered`, for exactly its findings) is
    yielded whole."""
    block = _BLOCKS[fmt]
    by_path = {r.path: r for r in results}
    done: str | None = None
    for f in findings:
        if f.file == done:
            continue
        result = by_path.get(f.file)
        if result is not None and result.rendered is not None:
            done = f.file
            yield result.rendered.decode("utf-8")
            continue
        yield block(f, result.source if result is not None else None, color, unsafe_fixes)
    if with_summary:
        yield summary(findings, results, paths, unsafe_fixes=unsafe_fixes, fixed=fixed) + "\n"


def concise_chunks(findings: list[Finding], results: list[FileResult], **options: Any) -> Iterator[str]:
    """One line per finding, then the summary line."""
    return _chunks("concise", findings, results, **options)


def concise(findings: list[Finding], results: list[FileResult], **options: Any) -> str:
    return "".join(concise_chunks(findings, results, **options))


def full_chunks(findings: list[Finding], results: list[FileResult], **options: Any) -> Iterator[str]:
    """A block with a code frame per finding, then the summary."""
    return _chunks("full", findings, results, **options)


def full(findings: list[Finding], results: list[FileResult], **options: Any) -> str:
    return "".join(full_chunks(findings, results, **options))


def _frame(line_text, finding: Finding, color: bool) -> list[str]:
    number = finding.line
    text = line_text(number)
    if not text and number > 1:
        return []
    width = len(str(number + 1))
    out = []
    if number > 1 and line_text(number - 1).strip():
        out.append(_paint(f"{number - 1:>{width}} | ", _DIM, color) + _clip(_one_line(line_text(number - 1))))
    out.append(_paint(f"{number:>{width}} | ", _DIM, color) + _clip(_one_line(text)))
    start = finding.column - 1
    end = finding.end_column - 1 if finding.end_line == number and finding.end_column > finding.column else start + 1
    if start < 160:
        end = min(end, 160)
        prefix = _blank(_one_line(text[:start]))
        carets = "^" * max(1, _cells(_one_line(text[start:end])))
        out.append(_paint(f"{'':>{width}} | ", _DIM, color) + prefix + _paint(carets, _COLORS[finding.severity], color))
    return out


def _clip(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[:width] + "…"
