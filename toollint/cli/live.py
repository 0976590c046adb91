"""The `check` options for live MCP servers and tool sets, gathered into one `live` parameter."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import click

from toollint.mcp import DEFAULT_TIMEOUT  # not mcp.servers: a plain `check` never starts a server


def live_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add --server, --server-url, --header-env, --server-timeout, --save-snapshot and --tool-set."""

    @functools.wraps(func)
    def wrapper(*args: Any, servers, server_urls, header_env, server_timeout, save_snapshot, tool_set,
                **kwargs: Any) -> Any:
        return func(*args, live=_live(servers, server_urls, header_env, server_timeout, save_snapshot, tool_set),
                    **kwargs)

    options = [
        click.option("--server", "servers", multiple=True, metavar="'[NAME=]CMD ARGS'",
                     help="Lint a live MCP server: start CMD (stdio), list its tools, stop it; never calls a "
                          "tool. Repeatable."),
        click.option("--server-url", "server_urls", multiple=True, metavar="[NAME=]URL",
                     help="Lint a live MCP server over Streamable HTTP. Repeatable."),
        click.option("--header-env", multiple=True, metavar="HEADER=VAR",
                     help="Send HEADER to --server-url servers, its value read from environment variable VAR "
                          "(never printed)."),
        click.option("--server-timeout", type=click.FloatRange(min=0.1), default=DEFAULT_TIMEOUT,
                     show_default=True, help="Seconds to wait for each answer of a server (the whole listing: 10 times this)."),
        click.option("--save-snapshot", type=click.Path(), metavar="FILE",
                     help="Write each server's tools/list result (and name, version, instructions) to FILE, "
                          "so findings point into it; with several servers put {server} in FILE."),
        click.option("--tool-set", is_flag=True,
                     help="Check all files and servers of this run as one tool set (one client uses them "
                          "together): name collisions across servers, counts and budgets over the set."),
    ]
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def _live(servers, server_urls, header_env, timeout, save_snapshot, tool_set):
    from toollint.linter.inputs import LiveOptions

    headers = []
    for item in header_env:
        match = re.fullmatch(r"([A-Za-z0-9-]+)=([A-Za-z_][A-Za-z0-9_]*)", item.strip())
        if match is None:
            raise click.BadParameter(f"{item!r}: expected HEADER=ENVIRONMENT_VARIABLE, e.g. "
                                     "Authorization=MCP_TOKEN", param_hint="--header-env")
        headers.append((match.group(1), match.group(2)))
    if headers and not server_urls:
        raise click.BadParameter("headers are sent only to --server-url servers", param_hint="--header-env")
    specs = _specs(servers, server_urls, tuple(headers)) if servers or server_urls else []
    if save_snapshot and not specs:
        raise click.BadParameter("needs --server or --server-url", param_hint="--save-snapshot")
    return LiveOptions(tuple(specs), timeout, save_snapshot, tool_set)


def _specs(servers, server_urls, headers):
    """The servers to list (the MCP client is imported only for a run that lists one)."""
    from toollint.mcp.servers import ServerSpec

    specs = []
    for command in servers:
        try:
            specs.append(ServerSpec.from_command(command))
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--server") from None
    return specs + [ServerSpec.from_url(url, headers) for url in server_urls]
