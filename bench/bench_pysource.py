"""Time of `toollint check` on a 1,000-line Python server file against the same tools as a JSON listing.

The server is generated here (FastMCP-style, MCPServer decorators, docstrings with `Args:`, `Annotated`
fields, a pydantic model and an enum); the listing is `toollint dump` of it, so both inputs hold the same
tools. Runs alternate the two commands, best of N. Target: Python at most 2x the JSON listing.

    python bench/bench_pysource.py [--runs N] [--lines 1000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_scale import paired

HEADER = '''import enum
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("generated")


class Priority(str, enum.Enum):
    LOW = "low"
    HIGH = "high"


class Window(BaseModel):
    """A time window."""

    start: str = Field(description="Start, ISO 8601 date-time")
    end: Optional[str] = None
'''

TOOL = '''

@mcp.tool()
def task_{n}(title: str, owner_email: str, budget_cents: Annotated[int, Field(ge=0, description="Budget in cents")] = 0,
             priority: Priority = Priority.LOW, window: Window | None = None,
             mode: Literal["draft", "final"] = "draft", tags: list[str] | None = None, ctx: Context = None) -> str:
    """Create task number {n} in the project tracker and return its id.

    Use it when the user asks to plan work; to change a task use update_task instead.

    Args:
        title: A short title shown in lists, at most 80 characters.
        owner_email: E-mail address of the person responsible.
        window: When the work should happen.
        mode: Save as a draft or publish at once.
        tags: Labels used to filter tasks, e.g. "backend".
    """
    return ""
'''


def generate(lines: int) -> str:
    text, n = HEADER, 0
    while text.count("\n") < lines:
        text += TOOL.format(n=n)
        n += 1
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lines", type=int, default=1000)
    args = parser.parse_args()
    toollint = shutil.which("toollint")
    command = [toollint] if toollint else [sys.executable, "-m", "toollint"]
    with tempfile.TemporaryDirectory() as directory:
        server = Path(directory) / "server.py"
        server.write_text(generate(args.lines), encoding="utf-8")
        listing = Path(directory) / "listing.json"
        listing.write_text(subprocess.run([*command, "dump", str(server)], check=True, capture_output=True,
                                          text=True).stdout, encoding="utf-8")
        tools = server.read_text(encoding="utf-8").count("@mcp.tool()")
        check = [*command, "check", "--isolated", "--quiet", "--exit-zero"]
        (json_time, json_cpu, _), (py_time, py_cpu, _) = paired([*check, str(listing)], [*check, str(server)],
                                                                args.runs)
        in_json, in_py = in_process(listing, server, args.runs * 4)
    ratio = py_time / json_time
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, best of {args.runs} alternated runs")
    print(f"{args.lines}-line server, {tools} tools: JSON listing {json_time * 1000:.1f} ms (cpu {json_cpu * 1000:.1f}), "
          f"Python source {py_time * 1000:.1f} ms (cpu {py_cpu * 1000:.1f}), ratio {ratio:.2f}x "
          f"(target <= 2x) {'ok' if ratio <= 2 else 'OVER TARGET'}")
    print(f"in process, reading and linting only: JSON {in_json * 1000:.1f} ms, Python {in_py * 1000:.1f} ms, "
          f"ratio {in_py / in_json:.2f}x (target <= 2x) {'ok' if in_py / in_json <= 2 else 'OVER TARGET'}")


def in_process(listing: Path, server: Path, runs: int) -> tuple[float, float]:
    """Best of alternated in-process runs of read + lint, without the process start both commands pay."""
    import time

    from toollint.document.source import read_path
    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter

    linter = Linter(Settings())
    best = {str(listing): float("inf"), str(server): float("inf")}
    for _ in range(runs):
        for path in best:
            start = time.perf_counter()
            linter.lint(read_path(path))
            best[path] = min(best[path], time.perf_counter() - start)
    return best[str(listing)], best[str(server)]


if __name__ == "__main__":
    main()
