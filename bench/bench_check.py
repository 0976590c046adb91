"""Wall time of `toollint check` against the floor of its stack, on a corpus and on one small file.

The floor is a Python process that imports click, jsonschema, referencing and ruamel.yaml and
json-loads the same files. Targets: at most 5x the floor on the corpus, at most 1.5x on one file.

    python bench/bench_check.py [CORPUS_DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from bench_scale import paired  # alternated runs, bytecode written as by an install

ROOT = Path(__file__).resolve().parent.parent
FLOOR = ("import click, jsonschema, referencing, ruamel.yaml, json, sys\n"
         "for name in sys.argv[1:]:\n"
         "    with open(name, 'rb') as handle:\n"
         "        json.load(handle)\n")


def measure(label: str, files: list[str], target: list[str], runs: int, limit: float) -> None:
    toollint = shutil.which("toollint")
    check = [toollint] if toollint else [sys.executable, "-m", "toollint"]
    (floor, _, _), (ours, _, _) = paired([sys.executable, "-c", FLOOR, *files],
                                         [*check, "check", "--isolated", "--quiet", "--exit-zero", *target], runs)
    ratio = ours / floor
    verdict = "ok" if ratio <= limit else "OVER TARGET"
    print(f"{label:<34} floor {floor * 1000:8.1f} ms   toollint {ours * 1000:8.1f} ms   "
          f"ratio {ratio:5.2f}x (target <= {limit}x) {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(ROOT.parent / "shared" / "corpus" / "mcp"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    corpus = Path(args.corpus)
    files = sorted(str(p) for p in corpus.rglob("*.json"))
    if not files:
        sys.exit(f"no JSON files under {corpus}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, best of {args.runs} runs")
    measure(f"corpus ({len(files)} files)", files, [str(corpus)], args.runs, 5.0)
    refund = str(ROOT / "fixtures" / "refund.json")
    measure("one file (fixtures/refund.json)", [refund], [refund], args.runs, 1.5)


if __name__ == "__main__":
    main()
