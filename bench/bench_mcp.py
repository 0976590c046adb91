"""How long listing a live MCP server takes with toollint's own client: start, handshake, tools/list, shut down.

    python bench/bench_mcp.py [--runs 3] [--server 'CMD ARGS' ...]

Default servers: the stdlib test server, the SDK test server (needs `mcp`) and `mcp-server-time` (needs the
package); each is listed `--runs` times on its own (median printed), then all at once as one tool set.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from pathlib import Path

from toollint.mcp import ServerSpec, list_server, list_servers

ROOT = Path(__file__).resolve().parent.parent


def default_servers() -> list[str]:
    python = shlex.quote(sys.executable)
    servers = [f"{python} {ROOT / 'tests' / 'mcp' / 'servers' / 'fake_server.py'} paged"]
    try:
        import mcp  # noqa: F401

        servers.append(f"{python} {ROOT / 'tests' / 'mcp' / 'servers' / 'sdk_server.py'}")
    except ImportError:
        pass
    time_server = Path(sys.executable).parent / "mcp-server-time"
    if time_server.exists():
        servers.append(f"{time_server} --local-timezone UTC")
    return servers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--server", action="append", default=[])
    args = parser.parse_args()
    specs = [ServerSpec.from_command(command) for command in args.server or default_servers()]
    for spec in specs:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            listing = list_server(spec)
            times.append(time.perf_counter() - start)
        print(f"{listing.name:<16} {len(listing.tools):>3} tools  median {statistics.median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}) over {args.runs} runs")
    start = time.perf_counter()
    listings = list_servers(specs)
    print(f"all {len(specs)} at once: {time.perf_counter() - start:.2f} s, "
          f"{sum(len(listing.tools) for listing in listings)} tools")


if __name__ == "__main__":
    main()
