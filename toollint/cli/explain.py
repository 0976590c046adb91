"""`toollint explain`: click only; the library is `toollint.explainer`."""

from __future__ import annotations

import json
import sys

import click


@click.command("explain")
@click.argument("error_text", required=False)
@click.option("--tools", "tools_file", type=click.Path(dir_okay=False), help="The tools file the request was built from.")
@click.option("--request", "request_file", type=click.Path(dir_okay=False), help="The request body that was sent.")
@click.option("--output-format", type=click.Choice(("text", "json")), default="text")
def explain_command(error_text: str | None, tools_file: str | None, request_file: str | None,
                    output_format: str) -> None:
    """Explain an error text a provider API returned (ERROR_TEXT, or - / nothing to read stdin).

    Pastes are taken as users paste them: JSON or Python-repr error bodies, hard-wrapped lines, a Gemini
    400 that lists several declarations (each is explained). Exit 0 when the text is known, 1 when it is
    not, 2 on a usage error."""
    from toollint.document.source import read_path
    from toollint.explainer import explain_all
    from toollint.explainer.render import render_text
    from toollint.terminal import escape_json_controls

    if tools_file and request_file:
        raise click.UsageError("give --tools or --request, not both")
    if error_text is None or error_text == "-":
        if error_text is None and sys.stdin.isatty():
            raise click.UsageError("no error text: pass it as an argument, or pipe it in (`-` reads stdin)")
        error_text = sys.stdin.read()
    if not error_text.strip():
        raise click.UsageError("no error text: pass it as an argument or on stdin")
    source = None
    path = tools_file or request_file
    if path:
        source = read_path(path)
        if source.problem is not None:
            click.echo(f"toollint: {path}:{source.problem.line}:{source.problem.column}: {source.problem.message}",
                       err=True)
            sys.exit(2)
    explanations = explain_all(error_text, source)
    if output_format == "json":  # one place: its explanation; several: a list of them, in the text's order
        data = [e.as_dict() for e in explanations]
        # the pasted text is echoed: C1 controls, bidi marks and lone surrogates as JSON escapes (review 2, item 8)
        click.echo(escape_json_controls(json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2)))
    else:
        click.echo("\n".join(render_text(e) for e in explanations), nl=False)
    sys.exit(0 if any(e.known for e in explanations) else 1)
