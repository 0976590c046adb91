"""Printing for `toollint check --fix`, `--diff` and `--fix-only`: diffs, the fixed text of stdin, dropped fixes.

Exit codes: `--diff` 1 when there is something to fix; `--fix-only` 0; `--fix` as `check` on what remains;
2 when a file could not be checked.
"""

from __future__ import annotations

import click

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


def report_fixes(fixing: FixRun, *, diff: bool, fix_only: bool, quiet: bool, exit_zero: bool, fail_on: str,
                 output_format: str | None, unsafe: bool, rules) -> int:
    """Print what --diff, --fix-only or --fix on stdin produce; returns the exit code."""
    from toollint.cli.check import exit_code
    from toollint.linter.report import render

    click.echo(dropped_notes(fixing), err=True, nl=False)
    crashed = bool(fixing.run.crashes) or bool(fixing.run.refused)
    for result in fixing.run.crashes:
        click.echo(f"toollint: internal error while checking {result.path}: {result.error} "
                   "(please report it with the file)", err=True)
    for result in fixing.run.refused:
        click.echo(f"toollint: {result.path}: {result.error}", err=True)
    if diff:
        changed = [f for f in fixing.files if f.changed]
        click.echo("".join(f.diff() for f in changed), nl=False)
        if not quiet:
            fixed = sum(fixing.fixed.values())
            click.echo(f"Would fix {fixed} finding(s) in {len(changed)} file(s)." if changed
                       else "Nothing to fix.", err=True)
        return 2 if crashed else (1 if changed else 0)
    from_stdin = any(f.path is None for f in fixing.files)
    for outcome in fixing.files:
        if outcome.path is None:
            click.echo(outcome.text, nl=False)
    if fix_only:
        if not quiet:
            click.echo(fixed_summary(fixing), err=from_stdin)
        return 2 if crashed else 0
    findings = fixing.run.findings
    text = render(output_format or "full", findings, fixing.run.results, color=False, rules=rules,
                                            unsafe_fixes=unsafe, fixed=sum(fixing.fixed.values()))
    click.echo(text, err=True, nl=False)
    if crashed:
        return 2
    return 0 if exit_zero else exit_code(findings, fail_on)
