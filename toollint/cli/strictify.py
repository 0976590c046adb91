"""`toollint strictify`: write a file's tools in the target's strict form, same dialect and layout (for OpenAI and
Gemini, a file in another dialect is written in the target's own).

Exit codes: 0 written (or up to date with --check), 1 --check found OUT or VFILE out of date,
2 refused, usage error or unreadable input.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from toollint.profiles import STRICT_TARGETS
from toollint.safeio import UnsafeOutput, atomic_write, read_regular, refuse_clashes
from toollint.strictifier.files import (
    DEFAULT_OPENAI_DIALECT,
    OPENAI_DIALECTS,
    StrictifyFileError,
    strictify_file,
)
from toollint.terminal import escape_controls, escape_json_controls


def _value(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 70 else text[:67] + "..."


def _text_report(report: dict[str, Any]) -> str:
    lines = []
    for tool in report["tools"]:
        if not tool["strict"]:
            note = ', now "strict": false' if tool["changes"] else ""
            lines.append(f"{tool['name']}: left as it is (not selected as strict{note})")
            continue
        changes = tool["changes"]
        lines.append(f"{tool['name']}: {len(changes)} change(s)")
        for change in changes:
            lines.append(f"  {change['pointer']}  {change['keyword']} [{change['kind']}]: {_value(change['before'])} "
                         f"-> {_value(change['after'])}")
    lines.extend(f"note: {note}" for note in report.get("notes", ()))
    budget = report["budget"]
    lines.append(f"{report['target']}: {budget['strict_tools']} strict tool(s), {budget['optional_parameters']} "
                 f"optional parameter(s), {budget['union_parameters']} union-typed parameter(s)")
    return escape_controls("\n".join(lines)) + "\n"


class _Exit(Exception):
    def __init__(self, code: int, message: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _names(values: tuple[str, ...]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


@click.command("strictify")
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option("--target", type=click.Choice((*STRICT_TARGETS, "gemini")), default=None,
              help="The strict mode to write for (default: the one the file's dialect implies; an MCP file must say).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False),
              help="Write the strict file here (default: stdout).")
@click.option("--validator", "validator", type=click.Path(dir_okay=False),
              help="Write the boundary-validator schemas here: a JSON object of tool name -> schema.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when OUT (or VFILE) is missing or out of date.")
@click.option("--lang", type=click.Choice(("auto", "en", "zh")), default="auto", show_default=True,
              help="Language of the sentences added to descriptions (auto: that of the existing description).")
@click.option("--report", "report_format", type=click.Choice(("text", "json")), default="text", show_default=True,
              help="How to print the list of changes (on stderr).")
@click.option("--allow-lossy", is_flag=True, help="Simplify where no faithful strict form exists, and record the loss.")
@click.option("--only", multiple=True, help="Make only these tools strict (repeatable, or comma-separated).")
@click.option("--max-strict", type=click.IntRange(min=0), default=None,
              help="Make at most N tools strict within the request budget: the --prefer tools first, then the "
                   "cheapest (fewest optional and union parameters).")
@click.option("--prefer", multiple=True, help="With --max-strict: the tools that matter most (repeatable, or "
              "comma-separated), kept strict first.")
@click.option("--openai-dialect", type=click.Choice(OPENAI_DIALECTS), default=DEFAULT_OPENAI_DIALECT,
              show_default=True, help="With --target openai, on a file in another dialect (Anthropic, MCP...): "
              "write Chat Completions (`{\"type\": \"function\", \"function\": {...}}`) or Responses tools.")
@click.option("-q", "--quiet", is_flag=True, help="Print no report.")
def strictify_command(file, target, output, validator, check, lang, report_format, allow_lossy, only, max_strict,
                       prefer, openai_dialect, quiet) -> None:
    """Rewrite the tools in FILE so the target's strict mode accepts them, without losing a constraint.

    Constraints the target cannot enforce move into the field's description and stay in the validator
    schema (--validator). The input file is never modified. Without FILE, every source = { output, target }
    pair of [tool.toollint.strictify] in the config is done (with --check: checked).
    """
    if file is None:
        _run_pairs(check, lang, report_format, quiet)
    try:
        _run(file, target, output, validator, check, lang, report_format, allow_lossy, _names(only), max_strict,
             _names(prefer), quiet, openai_dialect)
    except StrictifyFileError as error:
        _stop(2, error.message, file, target, report_format)
    except _Exit as stop:
        _stop(stop.code, stop.message, file, target, report_format)


def _run_pairs(check: bool, lang: str, report_format: str, quiet: bool) -> None:
    """Every configured pair; exit 2 if any was refused, else 1 if any strict file is stale, else 0."""
    from toollint.errors import ConfigError
    from toollint.linter.shared_config import strictify_pairs

    try:
        pairs = strictify_pairs()
    except ConfigError as error:
        click.echo(f"toollint: config error: {error}", err=True)
        sys.exit(2)
    if not pairs:
        if check:  # the pre-commit hook in a repository that has no strict files yet: nothing to keep in date
            click.echo("toollint strictify --check: no strictify pairs configured "
                       "([tool.toollint.strictify]); nothing to check", err=True)
            sys.exit(0)
        raise click.UsageError("give FILE, or list source = { output = ... } pairs under [tool.toollint.strictify]")
    worst = 0
    for pair in pairs:
        try:
            _run(pair.source, pair.target, pair.output, pair.validator, check, lang, report_format, pair.allow_lossy,
                 list(pair.only), None, None, quiet)
        except StrictifyFileError as error:
            worst = 2
            click.echo(error.message, err=True)
        except _Exit as stop:
            worst = max(worst, stop.code)
            click.echo(f"toollint strictify: {stop.message}", err=True)
    sys.exit(worst)


def _stop(code: int, message: str, file: str, target: str, report_format: str) -> None:
    if message and report_format == "json" and code == 2:
        click.echo(escape_json_controls(json.dumps({"file": file, "target": target, "refused": message.splitlines()},
                                                   ensure_ascii=False, indent=2)), err=True)
    elif message:
        click.echo(escape_controls(f"toollint strictify: {message}" if not message.startswith(file) else message),
                   err=True)
    sys.exit(code)


def _run(file, target, output, validator, check, lang, report_format, allow_lossy, only, max_strict, prefer,
         quiet, openai_dialect=DEFAULT_OPENAI_DIALECT) -> None:
    if check and not output:
        raise _Exit(2, "--check needs -o OUT: the strict file to compare with")
    try:
        refuse_clashes([file], [("output", output), ("validator file", validator)])
    except UnsafeOutput as error:
        raise _Exit(2, f"{error} (strictify never modifies its input)") from None
    outcome = strictify_file(file, target, lang=lang, allow_lossy=allow_lossy, only=only or None,
                             max_strict=max_strict, prefer=prefer or None, openai_dialect=openai_dialect)
    target = outcome.report["target"]
    if validator:
        _refuse_twice_named(validator, outcome.report)
    validator_text = json.dumps(outcome.validators, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    if not quiet:
        if report_format == "json":
            click.echo(escape_json_controls(json.dumps(outcome.report, ensure_ascii=False, indent=2)), err=True)
        else:
            click.echo(_text_report(outcome.report), err=True, nl=False)
    if check:
        stale = _stale([(output, outcome.text), (validator, validator_text)])
        if stale:
            raise _Exit(1, "; ".join(stale) + f" (run `toollint strictify {file} --target {target} -o {output}"
                        + (f" --validator {validator}" if validator else "") + "`)")
        return
    _write_outputs(output, outcome.text, validator, validator_text)


def _refuse_twice_named(validator: str, report: dict) -> None:
    """The validator file holds one schema per tool name: two strict tools of one name would lose one."""
    strict_names = [tool["name"] for tool in report["tools"] if tool["strict"]]
    twice = sorted({str(name) for name in strict_names if strict_names.count(name) > 1})
    if twice:
        raise _Exit(2, f"{validator}: {len(twice)} tool name(s) appear twice ({', '.join(map(repr, twice))}); the "
                    "validator file holds one schema per name, so one would be lost: rename the tools")


def _stale(pairs: list[tuple[str | None, str]]) -> list[str]:
    """`--check`: which committed files differ, byte for byte (line endings and encoding count too)."""
    stale = []
    for path, text in pairs:
        if not path:
            continue
        try:
            current = read_regular(path, len(text.encode("utf-8")) + 1)
        except OSError:
            stale.append(f"{path} is missing or not a regular file")
            continue
        if current != text.encode("utf-8"):
            stale.append(f"{path} is out of date")
    return stale


def _write_outputs(output: str | None, text: str, validator: str | None, validator_text: str) -> None:
    try:
        if output:
            atomic_write(output, text)
        else:
            click.echo(text, nl=False)
        if validator:
            atomic_write(validator, validator_text)
    except UnsafeOutput as error:
        raise _Exit(2, f"cannot write: {error}") from None
    except OSError as error:
        raise _Exit(2, f"cannot write {error.filename or ''}: {error.strerror or error}") from None
