"""Recall: which of the problems a blind reviewer listed in sampled tools toollint reports.

    python bench/recall_match.py bench/precision_labels/live_holdout3_recall.toml /work/holdout3 [--select ALL,OPT-IN]

The review (`[[tool]]` tables: the tool's `server` file stem and `name`, then `[[tool.problems]]` with `rule`, `where`
(a parameter, dotted for nested, or "tool") and `note`) is what a reviewer wrote about 40 sampled tools before seeing
any finding; CORPUS_DIR holds the servers' listings. A problem counts as caught when the tool gets a finding of that rule at that parameter (or anywhere
on the tool, for "tool"), at any severity; the table also says how many were caught at warning or error.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from toollint._compat import tomllib
from toollint.linter.config import Settings
from toollint.linter.runner import lint_paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("review", help="the reviewer's TOML")
    parser.add_argument("corpus")
    parser.add_argument("--select", default="ALL")
    parser.add_argument("--misses", action="store_true", help="print every problem not caught")
    args = parser.parse_args()
    review = tomllib.loads(Path(args.review).read_text(encoding="utf-8"))["tool"]
    files = sorted({str(Path(args.corpus) / f"{tool['server']}.json") for tool in review})
    run = lint_paths(files, Settings(select=tuple(args.select.split(","))))
    by_tool = defaultdict(list)
    for finding in run.findings:
        by_tool[(Path(finding.file).stem, finding.tool)].append(finding)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for tool in review:
        found = by_tool.get((tool["server"], tool["name"]), [])
        for problem in tool.get("problems", []):
            where = problem["where"].split(".")[-1].replace("[]", "")
            hits = [f for f in found if f.rule == problem["rule"] and
                    (problem["where"] == "tool" or f"/{where}" in f.pointer)]
            row = rows[problem["rule"]]
            row[0] += 1
            row[1] += bool(hits)
            row[2] += any(f.severity in ("warning", "error") for f in hits)
            if args.misses and not hits:
                print(f"missed: #{tool['id']} {tool['name']} {problem['rule']} {problem['where']}: {problem['note']}")
    print("| rule | in-scope problems | caught | at warning/error |\n|---|---:|---:|---:|")
    total = [0, 0, 0]
    for rule in sorted(rows):
        row = rows[rule]
        total = [a + b for a, b in zip(total, row, strict=True)]
        print(f"| {rule} | {row[0]} | {row[1]} | {row[2]} |")
    share = f"{100 * total[1] / total[0]:.0f}%" if total[0] else "—"
    print(f"| **all** ({len(review)} tools) | {total[0]} | {total[1]} ({share}) | {total[2]} |")


if __name__ == "__main__":
    main()
