"""`toollint passk`: pass^k (and pass@k beside it) from recorded runs. Click code only."""

from __future__ import annotations

import sys

import click

from toollint.passk import FORMATS, RunsError, build_report, read_runs
from toollint.terminal import escape_json_controls, safe_lines


def _ks(text: str) -> list[int]:
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise click.BadParameter(f"expected comma-separated whole numbers, got {text!r}") from None
    if not ks or ks[0] < 1:
        raise click.BadParameter(f"every k must be 1 or more, got {text!r}")
    return ks


@click.command("passk", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("runs", nargs=-1, required=True, type=click.Path())
@click.option("-k", "ks", default="1,2,4,8", show_default=True, help="The k values, comma-separated.")
@click.option("--by", type=click.Choice(("task", "tool")), default="task", show_default=True,
              help="One suite, or one group per tool (records carry `tool`; boundary logs always do).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="The runs format: toollint JSONL records, τ²-bench results, an inspect-ai log, or a "
                   "boundary outcome log.")
@click.option("--output-format", type=click.Choice(("text", "json")), default="text", show_default=True)
@click.option("--confidence", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True,
              help="Level of the bootstrap interval over tasks.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bootstrap resampling.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Also draw pass^k and pass@k against k into FILE.svg or FILE.png (needs toollint-llm[plot]).")
def passk_command(runs: tuple[str, ...], ks: str, by: str, fmt: str, output_format: str, confidence: float, seed: int,
          plot_path: str | None) -> None:
    """pass^k from RUNS: the share of tasks whose k trials ALL succeed (unbiased C(c,k)/C(n,k)).

    RUNS: JSONL records {task_id, trial, success | reward, error_kind?, tool?}, τ²-bench results
    (results.json or its directory), inspect-ai logs (.json, .eval), or boundary outcome logs.
    Records with an error_kind (and τ²-bench infrastructure errors) are left out and counted apart.
    Exit 0 with a report, 2 on unreadable input.
    """
    values = _ks(ks)
    try:
        trials = [trial for path in runs for trial in read_runs(path, fmt)]
        report = build_report(trials, values, by=by, level=confidence, seed=seed)
    except (RunsError, ValueError) as error:
        click.echo(safe_lines(f"toollint passk: {error}"), err=True)
        sys.exit(2)
    for warning in report.warnings:
        click.echo(safe_lines(f"toollint passk: warning: {warning}"), err=True)
    report.warnings = [] if output_format == "text" else report.warnings
    # task and tool names come from the run logs: never printed raw (reliability review 2, item 8)
    click.echo(escape_json_controls(report.to_json()) if output_format == "json" else safe_lines(report.to_text()),
               nl=False)
    if plot_path:
        from toollint.passk.plot import PlotUnavailable, draw

        try:
            draw(report, plot_path)
        except (PlotUnavailable, ValueError, OSError) as error:
            click.echo(f"toollint passk: {error}", err=True)
            sys.exit(2)
