"""Recall: which of the problems a blind reviewer listed in sampled tools toollint reports.

    python bench/recall_match.py REVIEW.json PACK.json CORPUS_DIR [--select ALL,OPT-IN]

PACK is what the reviewer read (`id`, `server`, `tool`, from `precision_sample.py --recall`'s sampling); REVIEW is
what they wrote before seeing any finding: per tool id, problems as {rule, where (a parameter, dotted for nested, or
"tool"), note}. A problem counts as caught when the tool gets a finding of that rule at that parameter (or anywhere
on the tool, for "tool"), at any severity; the table also says how many were caught at warning or error.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from toollint.linter.config import Settings
from toollint.linter.runner import lint_paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("review")
    parser.add_argument("pack")
    parser.add_argument("corpus")
    parser.add_argument("--select", default="ALL")
    parser.add_argument("--misses", action="store_true", help="print every problem not caught")
    args = parser.parse_args()
    review = json.loads(Path(args.review).read_text(encoding="utf-8"))
    pack = {item["id"]: item for item in json.loads(Path(args.pack).read_text(encoding="utf-8"))}
    files = sorted({str(Path(args.corpus) / f"{item['server']}.json") for item in pack.values()})
    run = lint_paths(files, Settings(select=tuple(args.select.split(","))))
    by_tool = defaultdict(list)
    for finding in run.findings:
        by_tool[(Path(finding.file).stem, finding.tool)].append(finding)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for tool in review:
        item = pack[tool["id"]]
        found = by_tool.get((item["server"], item["tool"].get("name")), [])
        for problem in tool["problems"]:
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
