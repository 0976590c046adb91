"""How discovery mode (the pre-commit hook's) treats real files: tool files, broken tool files, other files.

    python bench/bench_discovery.py --tools DIR [--tools DIR ...] --other DIR [--other DIR ...]

--tools: directories of real tool definitions (the shared corpus). Prints how many hold tools, and for each
one cut in half (so it no longer parses) whether it still looks like tools, i.e. is still reported.
--other: directories of ordinary JSON/YAML (site-packages, node_modules, /usr/share). Prints how many parse
(JSON, JSONC, multi-document YAML), how many would block a commit without discovery mode, how many are
skipped with it, and how many wrongly look like tool definitions.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from toollint.document.dialects import find_tools
from toollint.document.sniff import looks_like_tools
from toollint.document.source import SUPPORTED_SUFFIXES, format_for, parse_text, read_path


def _files(directories: list[str]) -> list[str]:
    found = []
    for directory in directories:
        for base, _, names in os.walk(directory):
            found += [os.path.join(base, n) for n in names if n.lower().endswith(SUPPORTED_SUFFIXES)]
    return sorted(found)


def tool_files(directories: list[str]) -> None:
    files = _files(directories)
    with_tools = still_reported = 0
    for path in files:
        source = read_path(path)
        if source.problem is not None or not find_tools(source.data):
            continue
        with_tools += 1
        cut = parse_text(source.text[: len(source.text) // 2], path, format_for(path))
        still_reported += cut.problem is not None and looks_like_tools(cut.text)
    print(f"tool files: {len(files)} read, {with_tools} hold tools; cut in half, {still_reported}/{with_tools} "
          f"({100 * still_reported / max(with_tools, 1):.1f}%) still look like tools (reported as parse-error)")


def other_files(directories: list[str]) -> None:
    files = _files(directories)
    outcome: Counter[str] = Counter()
    start = time.perf_counter()
    for path in files:
        source = read_path(path)
        if source.problem is None:
            outcome["parses, has tools" if find_tools(source.data) else "parses, no tools"] += 1
            outcome["  of which multi-document YAML"] += source.documents > 1
        elif source.problem.rule != "parse-error":
            outcome["unreadable (reported)"] += 1
        elif looks_like_tools(source.text):
            outcome["does not parse, looks like tools (reported)"] += 1
        else:
            outcome["does not parse, skipped in discovery mode"] += 1
    elapsed = time.perf_counter() - start
    print(f"other files: {len(files)} JSON/YAML files in {elapsed:.1f} s")
    for what, count in sorted(outcome.items()):
        print(f"  {count:>7}  {what}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", action="append", default=[])
    parser.add_argument("--other", action="append", default=[])
    args = parser.parse_args()
    if args.tools:
        tool_files(args.tools)
    if args.other:
        other_files(args.other)


if __name__ == "__main__":
    main()
