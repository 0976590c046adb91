"""Run `toollint check` over a corpus and account for every file: checked, skipped, unreadable or crashed.

    python bench/corpus_report.py [DIR ...] [--target anthropic]

Prints per-status file counts, tools found per dialect, findings per rule, and any internal error.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from toollint.document.dialects import find_tools
from toollint.linter.config import Settings
from toollint.linter.runner import lint_paths

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT.parent / "shared" / "corpus")])
    parser.add_argument("--target", action="append", default=[])
    args = parser.parse_args()
    start = time.perf_counter()
    run = lint_paths(args.paths, Settings(targets=tuple(args.target)), jobs=1)  # keep parsed sources for the counts
    elapsed = time.perf_counter() - start
    statuses = Counter(r.status for r in run.results)
    files_on_disk = sum(1 for p in args.paths for f in Path(p).rglob("*") if f.suffix in (".json", ".yaml", ".yml"))
    dialects = Counter(t.dialect.name for r in run.results if r.source is not None and r.source.data is not None
                       for t in find_tools(r.source.data))
    print(f"files on disk: {files_on_disk}; accounted for: {len(run.results)} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}) in {elapsed:.2f} s")
    print(f"tools: {sum(r.tools for r in run.results)} ({', '.join(f'{k} {v}' for k, v in sorted(dialects.items()))})")
    for crashed in run.crashes:
        print(f"INTERNAL ERROR {crashed.path}: {crashed.error}")
    counts = Counter((f.code, f.rule, f.severity) for f in run.findings)
    print(f"findings: {len(run.findings)}")
    for (code, rule, severity), count in sorted(counts.items()):
        print(f"  {code:<6} {rule:<30} {severity:<8} {count:>6}")


if __name__ == "__main__":
    main()
