"""Findings of the default provider-API rules (TL7xx) on a corpus, for reading them one by one.

    python bench/provider_rules.py DIR [--sample 50]

Prints the count per rule and per file, then up to --sample findings of each rule (spread evenly over
the list) with the offending value, so each can be judged a true or false positive. Verdicts go in
bench/provider_rules.md.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict

from toollint import pointer as jp
from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.runner import lint_paths


def _value(path: str, pointer: str, cache: dict) -> str:
    if path not in cache:
        cache[path] = read_path(path).data
    node = cache[path]
    for token in jp.split(pointer):
        node = node[int(token)] if isinstance(node, list) else node[token]
    return json.dumps(node, ensure_ascii=False)[:160]


def main(argv: list[str]) -> int:
    sample = int(argv[argv.index("--sample") + 1]) if "--sample" in argv else 50
    paths = [a for i, a in enumerate(argv) if a != "--sample" and (i == 0 or argv[i - 1] != "--sample")]
    run = lint_paths(paths, Settings(select=("TL7",)))
    by_rule: dict[str, list] = defaultdict(list)
    for finding in run.findings:
        by_rule[f"{finding.code} {finding.rule}"].append(finding)
    tools = sum(r.tools for r in run.results)
    print(f"{len(run.results)} files, {tools} tools, {len(run.findings)} findings")
    for rule, findings in sorted(by_rule.items()):
        files = Counter(f.file for f in findings)
        print(f"\n## {rule}: {len(findings)} findings in {len(files)} files")
        step = max(1, len(findings) // sample)
        cache: dict = {}
        for finding in findings[::step][:sample]:
            print(f"- {finding.file.rsplit('/', 1)[-1]} {finding.tool} {finding.pointer}: "
                  f"{_value(finding.file, finding.pointer, cache)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
