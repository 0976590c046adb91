"""`toollint dump`: the tool listing toollint reads from any input, as the model receives it."""

from __future__ import annotations

import json
import sys

import click

from toollint.document.convert import DUMP_DIALECTS


@click.command("dump")
@click.argument("source", required=False, metavar="FILE")
@click.option("--dialect", type=click.Choice(DUMP_DIALECTS), default="mcp", show_default=True,
              help="Print the tools as this dialect writes them: an MCP tools/list result, or a `tools=` list.")
@click.option("--server", metavar="'CMD ARGS'", help="Dump a live MCP server's tools (stdio) instead of a FILE.")
@click.option("--server-url", metavar="URL", help="Dump a live MCP server's tools over Streamable HTTP.")
def dump_command(source: str | None, dialect: str, server: str | None, server_url: str | None) -> None:
    """Print the tools of FILE (JSON, YAML or Python, read statically) or of a live server.

    Python tools are derived as their framework derives them; tools that cannot be derived without running
    the code are named on standard error. Exit 0, or 2 when nothing could be read.
    """
    from toollint.document.dialects import find_tools
    from toollint.document.tools import read_tool_file
    from toollint.errors import ToollintError

    if sum(x is not None for x in (source, server, server_url)) != 1:
        raise click.UsageError("give one FILE, --server or --server-url")
    try:
        if source is not None:
            read, tools = read_tool_file(source)
        else:
            read = _server_source(server, server_url)
            tools = find_tools(read.data)
    except ToollintError as error:
        click.echo(f"toollint: {error}", err=True)
        sys.exit(2)
    _say_skipped(read)
    from toollint.document.convert import as_dialect

    click.echo(json.dumps(as_dialect(tools, dialect), ensure_ascii=False, indent=2))


def _server_source(server: str | None, server_url: str | None):
    from toollint.cli.live import _specs
    from toollint.document.source import parse_text
    from toollint.mcp.servers import list_servers
    from toollint.mcp.snapshot import snapshot_text

    specs = _specs((server,) if server else (), (server_url,) if server_url else (), ())
    listing = list_servers(specs)[0]
    return parse_text(snapshot_text(listing), f"<server {listing.name}>", "json")


def _say_skipped(source) -> None:
    skipped = source.data.get("skipped") if source.format == "python" and isinstance(source.data, dict) else None
    for index, entry in enumerate(skipped or ()):
        span = source.span(f"/skipped/{index}")
        name = f"`{entry['function']}`" if entry.get("function") else "a tool"
        said = entry["note"] if "note" in entry else f"{name} is not in the dump: {entry['reason']}"
        click.echo(f"toollint: {source.path}:{span.line}:{span.column}: {said}", err=True)
