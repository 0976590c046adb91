"""`toollint contract gen` and `toollint contract run`: contract cases from tool definitions. Click code only."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import click

from toollint.boundary.compiled import EXTRA_POLICIES
from toollint.errors import ToollintError

_TARGETS = ("anthropic", "openai", "gemini")
_target = click.option("--target", type=click.Choice(_TARGETS), default=None,
                       help="The provider the tools were strictified for (its wire forms are decoded first).")
_coerce = click.option("--coerce", is_flag=True,
                       help="Judge with Boundary(coerce=True): unambiguous strings become numbers, booleans, "
                            "arrays and objects.")
_extra = click.option("--extra", type=click.Choice(EXTRA_POLICIES), default="reject", show_default=True,
                      help="Fields a schema silent about additionalProperties does not declare: reject them, "
                           "drop them, or allow them (JSON Schema's reading); the extra-field case follows.")


@click.group("contract", context_settings={"help_option_names": ["-h", "--help"]})
def contract_command() -> None:
    """Contract tests: calls generated from tool definitions, with the boundary's verdict on each."""


@contract_command.command("gen")
@click.argument("tools", type=click.Path(dir_okay=False))
@click.option("-o", "--out", "out", type=click.Path(file_okay=False), default="tests/contract", show_default=True,
              help="Directory for the case files (one <tool>.jsonl per tool).")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same cases.")
@_target
@_coerce
@_extra
def gen_command(tools: str, out: str, seed: int, target: str | None, coerce: bool, extra: str) -> None:
    """Write contract cases for every tool in TOOLS: valid calls, boundary values, known model mistakes."""
    from toollint.contract import generate, write_cases

    warnings: list[str] = []
    try:
        by_tool = generate(tools, seed, target=target, coerce=coerce, warnings=warnings, extra=extra)
        written = [(write_cases(Path(out), name, cases), cases) for name, cases in by_tool.items()]
    except (ToollintError, OSError) as error:
        click.echo(f"toollint contract gen: {error}", err=True)
        sys.exit(2)
    for warning in warnings:
        click.echo(f"toollint contract gen: warning: {warning}", err=True)
    for path, cases in written:
        counts = Counter(case.expect for case in cases)
        click.echo(f"{path}: {len(cases)} cases ({counts['ok']} ok, {counts['error']} error)")


@contract_command.command("run")
@click.argument("tools", type=click.Path(dir_okay=False))
@click.argument("cases", type=click.Path())
@_target
@_coerce
@_extra
def run_command(tools: str, cases: str, target: str | None, coerce: bool, extra: str) -> None:
    """Check the cases in CASES (a .jsonl file or a directory) against TOOLS' boundary.

    Exit 0 when every verdict matches, 1 when any differs (each is listed with file:line), 2 when
    the tools or the cases cannot be read.
    """
    from toollint.contract import check_cases

    try:
        count, failures = check_cases(tools, cases, target=target, coerce=coerce, extra=extra)
    except (ToollintError, OSError) as error:
        click.echo(f"toollint contract run: {error}", err=True)
        sys.exit(2)
    for failure in failures:
        click.echo(str(failure))
    if failures:
        click.echo(f"{len(failures)} of {count} cases differ from the boundary's verdict")
        sys.exit(1)
    click.echo(f"{count} cases: every verdict matches")
