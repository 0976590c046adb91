"""`toollint check --fix` on a COPY of a corpus: findings per rule before and after, and what was fixable.

    python bench/bench_fix.py [DIR ...] [--target openai] [--unsafe-fixes]

Copies the corpus to a temporary directory (the original is never touched), lints it, fixes it in place,
lints it again, and prints per rule: findings before, how many of them carried an applicable fix, findings
after, and applicable fixes left after (not counting the fixes --fix dropped, which are listed). It then checks the promises of --fix: no rule has more findings
after than before, no applicable fix is left except the ones reported as dropped, every written file still
parses, and a second --fix changes nothing. Exits 1 when a promise is broken.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.fixer import applicable, fix_paths
from toollint.linter.runner import lint_paths

ROOT = Path(__file__).resolve().parent.parent


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT.parent / "shared" / "corpus")])
    parser.add_argument("--target", action="append", default=[])
    parser.add_argument("--unsafe-fixes", action="store_true")
    args = parser.parse_args()
    settings = Settings(targets=tuple(args.target))
    unsafe = args.unsafe_fixes
    with tempfile.TemporaryDirectory(prefix="toollint-bench-fix-") as scratch:
        copies = []
        for index, path in enumerate(args.paths):
            copy = Path(scratch) / f"{index}-{Path(path).name}"
            shutil.copytree(path, copy)
            copies.append(str(copy))
        originals = {c: _snapshot(Path(c)) for c in copies}

        before = lint_paths(copies, settings).findings
        start = time.perf_counter()
        fixing = fix_paths(copies, settings, unsafe=unsafe)
        elapsed = time.perf_counter() - start
        after = lint_paths(copies, settings).findings
        fixing.forget_dropped(after)  # dropped fixes are reported below, not offered again
        second = fix_paths(copies, settings, unsafe=unsafe, write=False)

        changed = sum(1 for c in copies for name, raw in _snapshot(Path(c)).items() if originals[c].get(name) != raw)
        unreadable = [f.path for f in fixing.files if f.changed and f.path and read_path(f.path).problem is not None]
        dropped = [d for f in fixing.files for d in f.dropped]

    counts = {name: Counter(f.rule for f in findings) for name, findings in (("before", before), ("after", after))}
    fixable = {name: Counter(f.rule for f in findings if applicable(f, unsafe))
               for name, findings in (("before", before), ("after", after))}
    codes = {f.rule: f.code for f in before + after}
    mode = "--fix --unsafe-fixes" if unsafe else "--fix"
    targets = "".join(f" --target {t}" for t in args.target)
    print(f"toollint check {mode}{targets} on a copy of {', '.join(args.paths)}: {len(fixing.files)} files, "
          f"{changed} changed, {sum(fixing.fixed.values())} findings fixed in {elapsed:.2f} s")
    print(f"{'code':<6} {'rule':<28} {'before':>7} {'fixable':>8} {'after':>7} {'fixable after':>14}")
    for rule in sorted(set(counts["before"]) | set(counts["after"]), key=lambda r: codes[r]):
        marker = "  <- fixed" if fixable["before"][rule] else ""
        print(f"{codes[rule]:<6} {rule:<28} {counts['before'][rule]:>7} {fixable['before'][rule]:>8} "
              f"{counts['after'][rule]:>7} {fixable['after'][rule]:>14}{marker}")
    print(f"{'':<6} {'total':<28} {len(before):>7} {sum(fixable['before'].values()):>8} {len(after):>7} "
          f"{sum(fixable['after'].values()):>14}")
    for d in dropped:
        print(f"dropped: {d.finding.code} {d.title}: {d.reason}")

    grew = sorted(rule for rule in counts["after"] if counts["after"][rule] > counts["before"][rule])
    problems = []
    if grew:
        problems.append(f"rules with more findings after --fix: {', '.join(grew)}")
    if sum(fixable["after"].values()):
        problems.append(f"{sum(fixable['after'].values())} applicable fixes left after --fix")
    if unreadable:
        problems.append(f"files that no longer parse: {', '.join(unreadable)}")
    if any(f.changed for f in second.files):
        problems.append("a second --fix would change files again")
    print("OK: no new finding, no applicable fix left, every file parses, a second run changes nothing"
          if not problems else "FAILED: " + "; ".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
