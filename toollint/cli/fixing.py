"""Printing for `toollint check --fix`, `--diff` and `--fix-only`: diffs, the fixed text of stdin, dropped fixes.

The exit codes are the library's (`linter.check_run`): `--diff` 1 when there is something to fix; `--fix-only` 0;
`--fix` as `check` on what remains; 2 when a file could not be checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from toollint.linter.check_run import CheckRequest, CheckResult
    from toollint.linter.fixer import FixRun


def dropped_notes(fixing: FixRun) -> str:
    """One line per fix that was not applied, naming the file, line, rule and reason."""
    lines = [f"toollint: fix not applied: {d.finding.file}:{d.finding.line}:{d.finding.column}: {d.finding.code} "
             f"{d.title}: {d.reason}"
             for f in fixing.files for d in f.dropped]
    return "".join(line + "\n" for line in lines)


def fixed_summary(fixing: FixRun) -> str:
    fixed = sum(fixing.fixed.values())
    return f"{fixed} fixed, {len(fixing.run.findings)} remaining."


def report_fixes(request: CheckRequest, result: CheckResult, *, quiet: bool) -> None:
    """Print what --diff, --fix-only or --fix on stdin produce (the exit code is `result.exit_code`)."""
    fixing = result.fixing
    assert fixing is not None
    if request.diff:
        _print_diff(fixing, quiet)
        return
    _print_fixed_stdin(fixing)
    if request.fix_only:
        if not quiet:
            click.echo(fixed_summary(fixing), err=fixing.from_stdin)
    else:
        _print_remaining(request, result, fixing)


def _print_diff(fixing: FixRun, quiet: bool) -> None:
    """--diff: the unified diff on stdout, what it would fix on stderr."""
    changed = [f for f in fixing.files if f.changed]
    click.echo("".join(f.diff() for f in changed), nl=False)
    if not quiet:
        fixed = sum(fixing.fixed.values())
        click.echo(f"Would fix {fixed} finding(s) in {len(changed)} file(s)." if changed else "Nothing to fix.",
                   err=True)


def _print_fixed_stdin(fixing: FixRun) -> None:
    """The fixed text of standard input, on stdout (stdin is never written back)."""
    for outcome in fixing.files:
        if outcome.path is None:
            click.echo(outcome.text, nl=False)


def _print_remaining(request: CheckRequest, result: CheckResult, fixing: FixRun) -> None:
    """--fix on stdin: the report of what remains, on stderr (stdout holds the fixed text)."""
    from toollint.linter.report import render

    text = render(request.output_format, result.findings, fixing.run.results, color=False,
                  rules=result.settings.enabled_rules(), unsafe_fixes=request.unsafe_fixes,
                  fixed=sum(fixing.fixed.values()))
    click.echo(text, err=True, nl=False)
