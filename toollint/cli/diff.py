"""`toollint diff OLD NEW`: what changed between two snapshots or tool files. Exit 0 nothing breaking or
suspicious, 1 breaking or description changes, 2 unreadable input."""

from __future__ import annotations

import sys

import click


@click.command("diff")
@click.argument("old", type=click.Path(exists=True, dir_okay=False))
@click.argument("new", type=click.Path(exists=True, dir_okay=False))
@click.option("--output-format", type=click.Choice(("text", "json")), default="text", show_default=True)
def diff_command(old: str, new: str, output_format: str) -> None:
    """Compare two versions of a tool set (snapshots from `check --save-snapshot`, or any tool files)."""
    from toollint.differ import diff_files, render_json, render_text, verdict
    from toollint.errors import DiffError
    from toollint.terminal import escape_json_controls, safe_lines

    try:
        changes = diff_files(old, new)
    except DiffError as error:
        click.echo(safe_lines(f"toollint: {error}"), err=True)
        sys.exit(2)
    # names and descriptions come from the snapshots under review: never printed raw (review 2, item 8)
    if output_format == "json":
        click.echo(escape_json_controls(render_json(changes)), nl=False)
    else:
        click.echo(safe_lines(render_text(changes)), nl=False)
    sys.exit(verdict(changes))
