"""List the tools of a live MCP server (stdio or Streamable HTTP) without calling any of them.

Our own small JSON-RPC client, stdlib only: the `mcp` SDK would add 50+ packages to the base install
and its 1.x/2.x API churn breaks servers built on the other major version (see README, "Live servers").
"""

from __future__ import annotations

from toollint.errors import ServerError
from toollint.mcp.protocol import Listing
from toollint.mcp.servers import ServerSpec, list_server, list_servers

__all__ = ["Listing", "ServerError", "ServerSpec", "list_server", "list_servers"]
