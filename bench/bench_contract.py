"""How well `toollint contract gen` does on real tool files: valid calls made, verdicts stable, time.

    python bench/bench_contract.py [CORPUS_DIR]     (default ../shared/corpus)

For every tool file it generates the cases (seed 0), then checks them again against a fresh
boundary, and prints: tools, cases, the share of tools whose minimal / maximal call the boundary
accepts (a rejected "valid" call means the generator could not satisfy the schema), tools skipped
with a warning, verdicts that differ on re-check (must be 0), files the boundary refuses to load,
and the generation time per tool.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from toollint.contract import generate
from toollint.contract.run import make_boundary
from toollint.contract.verdicts import differences, verdict
from toollint.errors import ToollintError


def main(corpus: Path) -> None:
    files = sorted(corpus.rglob("*.json"))
    tools = cases = minimal_ok = maximal_ok = maximal_seen = differing = refused = 0
    warnings: list[str] = []
    spent = 0.0
    for path in files:
        started = time.perf_counter()
        try:
            by_tool = generate(path, 0, warnings=warnings)
        except ToollintError:
            refused += 1
            continue
        spent += time.perf_counter() - started
        boundary = make_boundary(path)
        for tool_cases in by_tool.values():
            tools += 1
            cases += len(tool_cases)
            ids = {c.id: c for c in tool_cases}
            minimal_ok += ids.get("valid-minimal") is not None and ids["valid-minimal"].expect == "ok"
            if "valid-maximal" in ids:
                maximal_seen += 1
                maximal_ok += ids["valid-maximal"].expect == "ok"
            differing += sum(bool(differences(c, verdict(boundary, c.call))) for c in tool_cases)
    print(f"files {len(files)} (refused by the boundary: {refused}), tools {tools}, cases {cases}")
    print(f"valid-minimal accepted: {minimal_ok}/{tools} ({100 * minimal_ok / max(tools, 1):.1f}%)")
    print(f"valid-maximal accepted: {maximal_ok}/{maximal_seen} ({100 * maximal_ok / max(maximal_seen, 1):.1f}%)")
    print(f"warnings (no valid value for a field or tool): {len(warnings)}")
    print(f"verdicts differing on re-check: {differing}")
    print(f"generation: {spent:.2f} s total, {1000 * spent / max(tools, 1):.1f} ms per tool")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "corpus")
