"""`toollint check`: options → settings → lint_paths → report → exit code."""

from __future__ import annotations

import os
import sys
from collections import Counter
from functools import partial
from itertools import islice

import click

from toollint.cli.live import live_options
from toollint.linter.catalog import SEVERITY_RANK
from toollint.linter.config import FAIL_ON, TARGETS, ConfigError
from toollint.linter.report import REPORTERS
from toollint.linter.shared_config import resolve_settings
from toollint.safeio import UnsafeOutput, atomic_write, refuse_clashes
from toollint.terminal import escape_json_controls, one_line, safe_lines

OUTPUT_FORMATS = tuple(REPORTERS)  # the registry's names: a registered format is a choice


def _split(values: tuple[str, ...]) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


@click.command("check")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default=None,
              help="How to print findings (default: full).")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, writable=True), help="Write the report here.")
@click.option("--select", multiple=True, help="Rules to enable (codes, code prefixes or names; comma-separated).")
@click.option("--extend-select", multiple=True, help="Rules to enable on top of the selection.")
@click.option("--ignore", multiple=True, help="Rules to disable.")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default=None,
              help="Lowest severity that makes the exit code 1 (default: warning).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--target", "targets", multiple=True, type=click.Choice(TARGETS),
              help="Check strict-mode compatibility for this provider (repeatable).")
@click.option("--dialect", default=None, help="Read every object as this dialect instead of detecting it.")
@click.option("--config", type=click.Path(dir_okay=False), help="Use this config file.")
@click.option("--isolated", is_flag=True, help="Ignore all configuration files.")
@click.option("--exclude", "extend_exclude", multiple=True, help="Extra glob patterns to exclude.")
@click.option("--force-exclude", is_flag=True, help="Apply excludes to files named on the command line too.")
@click.option("--stdin-filename", help="The name to report for input read from `-`.")
@click.option("--statistics", is_flag=True, help="Print a count of findings per rule and the tokens per tool and file instead of the findings.")
@click.option("--show-files", is_flag=True, help="List every file considered and what became of it, then exit.")
@click.option("--discovery-mode", is_flag=True,
              help="Treat named files as found in a directory: skip those that neither parse nor look like tool "
                   "definitions (the pre-commit hook uses this).")
@click.option("--respect-gitignore/--no-respect-gitignore", default=None,
              help="Skip what .gitignore ignores while walking directories (default: on).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("--color/--no-color", default=None, help="Colour the output (default: when printing to a terminal).")
@live_options
@click.option("--fix", is_flag=True, help="Apply safe fixes in place (input from - : print the fixed text).")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes that change what a schema accepts.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff and write nothing; exit 1 if there is one.")
@click.option("--fix-only", is_flag=True, help="Apply fixes and print only how many were fixed and how many remain.")
def check_command(paths, output_format, output_file, select, extend_select, ignore, fail_on, exit_zero, targets, dialect,
          config, isolated, extend_exclude, force_exclude, stdin_filename, statistics, show_files, discovery_mode,
          respect_gitignore, quiet, color, live, fix, unsafe_fixes, diff, fix_only) -> None:
    """Lint tool definitions in PATHS (files, directories, or - for stdin; default: .)."""
    from toollint.cli.terminal import Progress, use_color
    from toollint.document.dialects import DIALECTS
    from toollint.errors import ServerError
    from toollint.linter.config import validate_selectors
    from toollint.linter.inputs import lint_inputs
    from toollint.linter.report.text import render_file
    from toollint.linter.runner import survey_paths
    from toollint.suggest import did_you_mean

    if dialect is not None and dialect not in DIALECTS:
        raise click.BadParameter(f"choose from {', '.join(DIALECTS)}{did_you_mean(dialect, DIALECTS)}",
                                 param_hint="--dialect")
    for path in paths:
        if path != "-" and not os.path.lexists(path):
            raise click.BadParameter(f"{path!r} does not exist", param_hint="PATHS")
    if output_file and not os.path.isdir(os.path.dirname(os.path.abspath(output_file))):
        raise click.BadParameter(f"the directory of {output_file!r} does not exist", param_hint="-o/--output-file")
    try:
        for option, values in (("--select", select), ("--extend-select", extend_select), ("--ignore", ignore)):
            validate_selectors(_split(values) or (), option)
    except ConfigError as error:
        raise click.BadParameter(str(error).split(": ", 1)[1], param_hint=str(error).split(":", 1)[0]) from None
    fmt = output_format or "full"
    colored = use_color(color, sys.stdout, to_file=output_file is not None)
    try:
        if select and not _split(select):
            raise click.BadParameter("is empty, which would disable every rule; name at least one rule "
                                     "(or leave --select out)", param_hint="--select")
        if output_file:
            _refuse_output_over(output_file, [p for p in paths if os.path.isfile(p)])
        settings = resolve_settings(config, isolated)
        settings = settings.with_overrides(
            select=_split(select), extend_select=(settings.extend_select + (_split(extend_select) or ())),
            ignore=(settings.ignore + (_split(ignore) or ())), fail_on=fail_on,
            targets=tuple(dict.fromkeys(settings.targets + tuple(targets))) if targets else None,
            dialect=dialect, extend_exclude=settings.extend_exclude + tuple(extend_exclude),
            respect_gitignore=respect_gitignore)
        settings.enabled_rules()
        if show_files:  # list and exit without linting, as ruff does
            surveyed = survey_paths(list(paths) or ["."], settings, force_exclude=force_exclude,
                                    discovery=discovery_mode, stdin_filename=stdin_filename)
            click.echo("".join(one_line(f"{r.path}: {_fate(r)}") + "\n" for r in surveyed), nl=False)
            sys.exit(0)
        fixing = None
        if fix or diff or fix_only:
            if live.servers:
                raise click.BadParameter("fixes edit files; the tools of a live server cannot be edited",
                                         param_hint="--fix/--diff/--fix-only")
            from toollint.linter.fixer import fix_paths

            fixing = fix_paths(list(paths) or ["."], settings, unsafe=unsafe_fixes, write=not diff,
                               force_exclude=force_exclude, stdin_filename=stdin_filename)
        if fixing is not None and (diff or fix_only or fixing.from_stdin):
            run = fixing.run
        else:  # after --fix: the files as written now, with everything a normal run checks
            progress = Progress()
            render = None  # worker processes render the report blocks of their files, when nothing edits them later
            if REPORTERS[fmt].stream and not statistics and fixing is None:
                render = partial(render_file, fmt=fmt, unsafe_fixes=unsafe_fixes, color=colored)
            try:
                run = lint_inputs(list(paths) or ([] if live.servers else ["."]), settings, live,
                                  force_exclude=force_exclude, stdin_filename=stdin_filename,
                                  discovery=discovery_mode, progress=progress, render=render)
            finally:
                progress.clear()
            if fixing is not None:
                fixing.forget_dropped(run.findings)
    except ConfigError as error:
        click.echo(f"toollint: config error: {error}", err=True)
        sys.exit(2)
    except ServerError as error:
        click.echo(f"toollint: {error}", err=True)
        sys.exit(2)
    if fixing is not None and (diff or fix_only or fixing.from_stdin):
        from toollint.cli.fixing import report_fixes

        sys.exit(report_fixes(fixing, diff=diff, fix_only=fix_only, quiet=quiet, exit_zero=exit_zero,
                              fail_on=settings.fail_on, output_format=output_format, unsafe=unsafe_fixes,
                              rules=settings.enabled_rules()))

    findings = run.findings
    where = list(paths) or (["the listed servers"] if live.servers else ["."])
    text: str | None
    if statistics:
        from toollint.tokens import statistics as tokens

        token_sets = tokens.results_tokens(run.results)
        if output_format == "json":
            text = escape_json_controls(tokens.statistics_json(findings, token_sets))
        else:  # tool and file names are untrusted: each line made safe (reliability review 2, item 8)
            text = safe_lines(_statistics(findings) + tokens.render_text(token_sets))
    elif REPORTERS[fmt].stream:
        chunks = REPORTERS[fmt].load_stream()(findings, run.results, color=colored, paths=where, with_summary=not quiet,
                              unsafe_fixes=unsafe_fixes, fixed=sum(fixing.fixed.values()) if fixing else None)
        text = None if output_file is None else "".join(chunks)
    else:
        text = REPORTERS[fmt].load()(findings, run.results, color=colored, rules=settings.enabled_rules(), paths=where)
    if not quiet and not findings and not any(r.tools for r in run.results) and fmt not in ("full", "concise"):
        click.echo(f"toollint: no tool definitions found in {', '.join(where)}", err=True)
    if text is None:
        while batch := "".join(islice(chunks, 256)):  # a write per few hundred blocks, memory still flat
            click.echo(batch, nl=False, color=colored)
    elif output_file:
        _refuse_output_over(output_file, [r.path for r in run.results])
        try:
            atomic_write(output_file, text)
        except (OSError, UnsafeOutput) as error:
            click.echo(f"toollint: cannot write the report: {_os_error_text(error)}", err=True)
            sys.exit(2)
    else:
        click.echo(text, nl=False, color=colored)
    if fixing is not None:
        from toollint.cli.fixing import dropped_notes

        click.echo(dropped_notes(fixing), err=True, nl=False)
    for crashed in run.crashes:
        click.echo(f"toollint: internal error while checking {crashed.path}: {crashed.error} "
                   "(please report it with the file)", err=True)
    refused = fixing.run.refused if fixing is not None else []
    for result in refused:
        click.echo(f"toollint: {result.path}: {result.error}", err=True)
    if run.crashes or refused:
        sys.exit(2)
    sys.exit(0 if exit_zero else exit_code(findings, settings.fail_on))


def _refuse_output_over(output_file: str, inputs: list[str]) -> None:
    try:
        refuse_clashes(inputs, [("report (-o)", output_file)])
    except UnsafeOutput as error:
        raise click.BadParameter(str(error), param_hint="-o/--output-file") from None


def _os_error_text(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return str(error)


def exit_code(findings, fail_on: str) -> int:
    if fail_on == "never":
        return 0
    threshold = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= threshold for f in findings) else 0


def _statistics(findings) -> str:
    counts = Counter((f.code, f.rule, f.severity) for f in findings)
    lines = [f"{count:>6}  {code:<6} {rule:<28} {severity}"
             for (code, rule, severity), count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
    lines.append(f"{len(findings):>6}  total")
    return "\n".join(lines) + "\n"


def _fate(result) -> str:
    """What `check` makes of a file, for --show-files."""
    return {"checked": f"{result.tools} tool(s)", "no-tools": "skipped: no tool definitions",
            "skipped": f"skipped: not a tool file ({result.error})", "stdin": "read from standard input",
            "unreadable": f"error: {result.error}"}[result.status]


