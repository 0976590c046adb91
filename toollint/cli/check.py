"""`toollint check`: options → a `CheckRequest` → `run_check` (the library) → the report → the exit code."""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING

import click

from toollint.cli.live import live_options
from toollint.linter.config import FAIL_ON, TARGETS, ConfigError
from toollint.linter.report import REPORTERS
from toollint.safeio import UnsafeOutput, atomic_write, refuse_clashes
from toollint.terminal import escape_json_controls, one_line, safe_lines

if TYPE_CHECKING:
    from toollint.cli.terminal import Progress
    from toollint.linter.check_run import CheckRequest, CheckResult

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
    from toollint.linter.check_run import CheckRequest

    _refuse_bad_options(paths, dialect, output_file, select, extend_select, ignore)
    progress = Progress()
    request = CheckRequest(
        paths=tuple(paths), config=config, isolated=isolated, select=_split(select),
        extend_select=_split(extend_select) or (), ignore=_split(ignore) or (), fail_on=fail_on,
        targets=tuple(targets), dialect=dialect, extend_exclude=tuple(extend_exclude),
        respect_gitignore=respect_gitignore, force_exclude=force_exclude, stdin_filename=stdin_filename,
        discovery=discovery_mode, live=live, show_files=show_files, statistics=statistics, fix=fix,
        unsafe_fixes=unsafe_fixes, diff=diff, fix_only=fix_only, exit_zero=exit_zero,
        output_format=output_format or "full", color=use_color(color, sys.stdout, to_file=output_file is not None),
        progress=progress)
    result = _run(request, progress)
    if result.surveyed is not None:  # --show-files lists and exits without linting, as ruff does
        click.echo("".join(one_line(f"{r.path}: {_fate(r)}") + "\n" for r in result.surveyed), nl=False)
    elif result.fixes_reported:
        from toollint.cli.fixing import report_fixes

        click.echo(_problems(result), err=True, nl=False)
        report_fixes(request, result, quiet=quiet)
    else:
        _print_report(request, result, output_file, quiet)
        click.echo(_problems(result), err=True, nl=False)
    sys.exit(result.exit_code)


def _refuse_bad_options(paths, dialect, output_file, select, extend_select, ignore) -> None:
    """Usage errors (exit 2), in the order the options are checked: each names its option."""
    from toollint.document.dialects import DIALECTS
    from toollint.suggest import did_you_mean

    if dialect is not None and dialect not in DIALECTS:
        raise click.BadParameter(f"choose from {', '.join(DIALECTS)}{did_you_mean(dialect, DIALECTS)}",
                                 param_hint="--dialect")
    for path in paths:
        if path != "-" and not os.path.lexists(path):
            raise click.BadParameter(f"{path!r} does not exist", param_hint="PATHS")
    if output_file and not os.path.isdir(os.path.dirname(os.path.abspath(output_file))):
        raise click.BadParameter(f"the directory of {output_file!r} does not exist", param_hint="-o/--output-file")
    _refuse_bad_selection(select, extend_select, ignore)
    if output_file:
        _refuse_output_over(output_file, [p for p in paths if os.path.isfile(p)])


def _refuse_bad_selection(select, extend_select, ignore) -> None:
    from toollint.linter.config import validate_selectors

    try:
        for option, values in (("--select", select), ("--extend-select", extend_select), ("--ignore", ignore)):
            validate_selectors(_split(values) or (), option)
    except ConfigError as error:
        raise click.BadParameter(str(error).split(": ", 1)[1], param_hint=str(error).split(":", 1)[0]) from None
    if select and not _split(select):
        raise click.BadParameter("is empty, which would disable every rule; name at least one rule "
                                 "(or leave --select out)", param_hint="--select")


def _run(request: CheckRequest, progress: Progress) -> CheckResult:
    """The library run; its refusals become exit code 2 with the message (a usage error names its option)."""
    from toollint.errors import RequestError, ServerError
    from toollint.linter.check_run import run_check

    try:
        try:
            return run_check(request)
        finally:
            progress.clear()
    except RequestError as error:
        raise click.BadParameter(str(error), param_hint=error.option) from None
    except ConfigError as error:
        click.echo(f"toollint: config error: {error}", err=True)
        sys.exit(2)
    except ServerError as error:
        click.echo(f"toollint: {error}", err=True)
        sys.exit(2)


def _where(request: CheckRequest) -> list[str]:
    """What the report says was checked."""
    return list(request.paths) or (["the listed servers"] if request.live.servers else ["."])


def _print_report(request: CheckRequest, result: CheckResult, output_file: str | None, quiet: bool) -> None:
    """The report on stdout (streamed piece by piece where the format can), or written to -o."""
    where = _where(request)
    report = _render(request, result, where, quiet, to_file=output_file is not None)
    if not quiet and not result.findings and not any(r.tools for r in result.run.results) and \
            request.output_format not in ("full", "concise"):
        click.echo(f"toollint: no tool definitions found in {', '.join(where)}", err=True)
    if not isinstance(report, str):
        while batch := "".join(islice(report, 256)):  # a write per few hundred blocks, memory still flat
            click.echo(batch, nl=False, color=request.color)
    elif output_file:
        _refuse_output_over(output_file, [r.path for r in result.run.results])
        try:
            atomic_write(output_file, report)
        except (OSError, UnsafeOutput) as error:
            click.echo(f"toollint: cannot write the report: {_os_error_text(error)}", err=True)
            sys.exit(2)
    else:
        click.echo(report, nl=False, color=request.color)


def _render(request: CheckRequest, result: CheckResult, where: list[str], quiet: bool, *,
            to_file: bool) -> str | Iterator[str]:
    """The report with the reporter registry: its text, or the chunks of a streamed format printed to stdout."""
    if request.statistics:
        return _statistics_text(request, result)
    reporter = REPORTERS[request.output_format]
    if reporter.stream:
        chunks = reporter.load_stream()(result.findings, result.run.results, color=request.color, paths=where,
                                        with_summary=not quiet, unsafe_fixes=request.unsafe_fixes,
                                        fixed=result.fixed)
        return "".join(chunks) if to_file else chunks
    return reporter.load()(result.findings, result.run.results, color=request.color,
                           rules=result.settings.enabled_rules(), paths=where)


def _statistics_text(request: CheckRequest, result: CheckResult) -> str:
    from toollint.tokens import statistics as tokens

    token_sets = tokens.results_tokens(result.run.results)
    if request.output_format == "json":
        return escape_json_controls(tokens.statistics_json(result.findings, token_sets))
    # tool and file names are untrusted: each line made safe (reliability review 2, item 8)
    return safe_lines(_statistics(result.findings) + tokens.render_text(token_sets))


def _problems(result: CheckResult) -> str:
    """For stderr: the fixes not applied, the files a check crashed on, the files --fix would not write."""
    from toollint.cli.fixing import dropped_notes

    lines = [dropped_notes(result.fixing)] if result.fixing is not None else []
    lines += [f"toollint: internal error while checking {crashed.path}: {crashed.error} "
              "(please report it with the file)\n" for crashed in result.run.crashes]
    lines += [f"toollint: {refused.path}: {refused.error}\n" for refused in result.refused]
    return "".join(lines)


def _refuse_output_over(output_file: str, inputs: list[str]) -> None:
    try:
        refuse_clashes(inputs, [("report (-o)", output_file)])
    except UnsafeOutput as error:
        raise click.BadParameter(str(error), param_hint="-o/--output-file") from None


def _os_error_text(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return str(error)


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


