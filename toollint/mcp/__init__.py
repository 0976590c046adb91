"""List the tools of a live MCP server (stdio or Streamable HTTP) without calling any of them.

Our own small JSON-RPC client, stdlib only: the `mcp` SDK would add 50+ packages to the base install
and its 1.x/2.x API churn breaks servers built on the other major version (see docs/live-servers.md).
The names below are imported on first use: `toollint check` loads this package for snapshots, and starting
servers (threads, child processes) is only for runs that list one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toollint.errors import ServerError
    from toollint.mcp.protocol import Listing
    from toollint.mcp.servers import ServerSpec, list_server, list_servers

DEFAULT_TIMEOUT = 10.0  # seconds per answer; `uvx`/`npx` servers take 1-3 s to start on a warm cache

__all__ = ["DEFAULT_TIMEOUT", "Listing", "ServerError", "ServerSpec", "list_server", "list_servers"]
_HOMES = {"Listing": "toollint.mcp.protocol", "ServerError": "toollint.errors", "ServerSpec": "toollint.mcp.servers",
          "list_server": "toollint.mcp.servers", "list_servers": "toollint.mcp.servers"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOMES[name]), name)
