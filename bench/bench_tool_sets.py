"""Tool sets over a corpus of MCP `tools/list` results: every server of the corpus used by one client.

    python bench/bench_tool_sets.py [DIR] [--prefix 'mcp__{server}__{tool}']

Each file is one server, named as a client config would name it (the package name without its scope and
`mcp-server-`/`-mcp` affixes). Prints the time to build and check the set, the names defined by several
servers (TL204) and the tools over 64 characters once prefixed (TL205), and the same counts for each server
on its own (prefixing only), so the share of servers that break in a prefixing client is visible.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from pathlib import Path

from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.engine import Linter
from toollint.linter.toolsets import ToolSet, lint_tool_set, member_of

ROOT = Path(__file__).resolve().parent.parent


def server_name(path: Path) -> str:
    package = path.stem.split("__")[-1]
    return re.sub(r"^(?:mcp-server-|server-)|(?:-mcp-server|-mcp)$", "", package) or package


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(ROOT.parent / "shared" / "corpus" / "mcp"))
    parser.add_argument("--prefix", default="mcp__{server}__{tool}")
    args = parser.parse_args()
    settings = Settings(select=("tool-set-name-collision", "prefixed-name-too-long"),
                        rule_settings={"prefixed-name-too-long": {"prefix-format": args.prefix}})
    linter = Linter(settings)
    start = time.perf_counter()
    members = []
    for path in sorted(Path(args.path).glob("*.json")):
        member = member_of(read_path(str(path)), linter, server_name(path))
        if member is not None:
            member.server = True
            members.append(member)
    loaded = time.perf_counter()
    findings = lint_tool_set(linter, ToolSet("corpus", members))
    checked = time.perf_counter()
    tools = sum(len(m.tools) for m in members)
    print(f"servers: {len(members)}, tools: {tools}; read {loaded - start:.2f} s, set checks {checked - loaded:.3f} s")
    by_rule = Counter(f.code for f in findings)
    print(f"TL204 names defined by more than one server: {by_rule['TL204']} "
          f"({len({f.tool for f in findings if f.code == 'TL204'})} distinct names)")
    long_servers = Counter(f.server for f in findings if f.code == "TL205")
    print(f"TL205 tools over the limit once prefixed as {args.prefix!r}: {by_rule['TL205']} of {tools}, "
          f"in {len(long_servers)} of {len(members)} servers")
    for server, count in long_servers.most_common(5):
        print(f"  {count:>4}  {server}")
    for name, count in Counter(f.tool for f in findings if f.code == "TL204").most_common(5):
        print(f"  {count + 1:>4} servers define {name!r}")


if __name__ == "__main__":
    main()
