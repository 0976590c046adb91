"""`toollint check`: options → settings → lint_paths → report → exit code."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import click

from toollint.cli.live import live_options
from toollint.linter.catalog import SEVERITY_RANK
from toollint.linter.config import FAIL_ON, TARGETS, ConfigError, Settings, find_config, load_settings

OUTPUT_FORMATS = ("full", "concise", "json", "sarif", "github")


def _split(values: tuple[str, ...]) -> tuple[str, ...] | None:
    if not values:
        return None
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def resolve_settings(config: str | None, isolated: bool) -> Settings:
    if isolated:
        return Settings()
    path = Path(config) if config else find_config(Path.cwd())
    if path is None:
        return Settings()
    if not path.is_file():
        raise ConfigError(f"{path}: config file not found")
    return load_settings(path)


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
@click.option("--show-files", is_flag=True, help="List every file considered and what became of it.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("--color/--no-color", default=None, help="Colour the output (default: when printing to a terminal).")
@live_options
def check_command(paths, output_format, output_file, select, extend_select, ignore, fail_on, exit_zero, targets, dialect,
          config, isolated, extend_exclude, force_exclude, stdin_filename, statistics, show_files, quiet,
          color, live) -> None:
    """Lint tool definitions in PATHS (files, directories, or - for stdin; default: .)."""
    from toollint.document.dialects import DIALECTS
    from toollint.errors import ServerError
    from toollint.linter.inputs import lint_inputs
    from toollint.linter.report import FORMATS

    try:
        settings = resolve_settings(config, isolated)
        if dialect is not None and dialect not in DIALECTS:
            raise click.BadParameter(f"choose from {', '.join(DIALECTS)}", param_hint="--dialect")
        settings = settings.with_overrides(
            select=_split(select), extend_select=(settings.extend_select + (_split(extend_select) or ())),
            ignore=(settings.ignore + (_split(ignore) or ())), fail_on=fail_on,
            targets=tuple(dict.fromkeys(settings.targets + tuple(targets))) if targets else None,
            dialect=dialect, extend_exclude=settings.extend_exclude + tuple(extend_exclude))
        settings.enabled_rules()  # validates CLI selectors
        for path in paths:
            if path != "-" and not os.path.lexists(path):
                raise click.BadParameter(f"{path!r} does not exist", param_hint="PATHS")
        run = lint_inputs(list(paths) or ([] if live.servers else ["."]), settings, live,
                          force_exclude=force_exclude, stdin_filename=stdin_filename)
    except ConfigError as error:
        click.echo(f"toollint: config error: {error}", err=True)
        sys.exit(2)
    except ServerError as error:
        click.echo(f"toollint: {error}", err=True)
        sys.exit(2)

    findings = run.findings
    use_color = color if color is not None else (output_file is None and sys.stdout.isatty())
    if show_files:
        for result in run.results:
            what = {"checked": f"{result.tools} tool(s)", "no-tools": "skipped: no tool definitions",
                    "unreadable": "unreadable", "crashed": "internal error"}[result.status]
            click.echo(f"{result.path}: {what}", err=True)
    if statistics:
        from toollint.tokens import statistics as tokens

        token_sets = tokens.results_tokens(run.results)
        if output_format == "json":
            text = tokens.statistics_json(findings, token_sets)
        else:
            text = _statistics(findings) + tokens.render_text(token_sets)
    else:
        text = FORMATS[output_format or "full"](findings, run.results, color=use_color,
                                                rules=settings.enabled_rules())
        if quiet and (output_format or "full") in ("full", "concise"):
            text = "\n".join(text.rstrip("\n").split("\n")[:-1]) + "\n" if findings else ""
    if output_file:
        Path(output_file).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)
    for crashed in run.crashes:
        click.echo(f"toollint: internal error while checking {crashed.path}: {crashed.error} "
                   "(please report it with the file)", err=True)
    if run.crashes:
        sys.exit(2)
    sys.exit(0 if exit_zero else exit_code(findings, settings.fail_on))


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


