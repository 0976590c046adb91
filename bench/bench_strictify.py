"""Benchmark: toollint strictify versus anthropic's `transform_schema`, over the same corpus schemas, in one run.

    python bench/bench_strictify.py [CORPUS_DIR] [--repeat N] [--outcomes]

CORPUS_DIR defaults to ../shared/corpus (JSON files of tool definitions, any dialect). anthropic is a
bench extra only (`pip install 'toollint-llm[bench]'`); the package never imports it.

It prints how each side fared over the input schemas (rewritten / refused / raised), and the total time of
each side and their ratio: each schema is run by both sides back to back, N times, and each side's best
time per schema is summed (GC paused), which keeps the ratio steady on a busy machine. `--outcomes` also strictifies every tool for both targets through the
public API, lints each output with `toollint check --target <t>`'s strict rules, and prints the counts per
outcome and target as a Markdown table (the numbers in bench/strictify_corpus.md).
"""

from __future__ import annotations

import argparse
import copy
import gc
import glob
import json
import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent.parent / "shared" / "corpus"


def load_tools(corpus: str) -> list[tuple[str, object]]:
    """(label, tool) for every tool definition in the corpus, as `toollint check` finds them."""
    from toollint.document.dialects import find_tools
    from toollint.document.source import read_path

    found = []
    for path in sorted(glob.glob(os.path.join(corpus, "**", "*.json"), recursive=True)):
        source = read_path(path)
        if source.problem is not None:
            continue
        for tool in find_tools(source.data):
            found.append((f"{os.path.relpath(path, corpus)}:{tool.label}", tool))
    return found


def count_outcomes(schemas: list[object], transform, refused: tuple[type[BaseException], ...] = ()) -> Counter:
    """How many schemas one side rewrites, refuses (its documented refusal) or raises on."""
    outcome: Counter = Counter()
    for schema in schemas:
        try:
            transform(schema)
            outcome["rewritten"] += 1
        except refused:
            outcome["refused"] += 1
        except Exception:  # noqa: BLE001 - counted, and the bench goes on
            outcome["raised"] += 1
    return outcome


def paired_times(schemas: list[object], repeat: int) -> tuple[float, float, float, float, int]:
    """Total time of each side, each schema timed back to back for both sides, the best of `repeat` runs per
    schema: robust against a busy machine (other processes, CPU frequency changes) and fair to both."""
    from anthropic import transform_schema

    from toollint.strictifier.rewrite import strictify_schema

    clock = time.perf_counter_ns
    ours = [float("inf")] * len(schemas)
    theirs = [float("inf")] * len(schemas)
    theirs_ok = [True] * len(schemas)
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for index, schema in enumerate(schemas):
                start = clock()
                try:
                    strictify_schema(schema, "anthropic")
                except Exception:  # noqa: BLE001 - refusals take time too
                    pass
                middle = clock()
                try:
                    transform_schema(schema)
                except Exception:  # noqa: BLE001
                    theirs_ok[index] = False
                end = clock()
                ours[index] = min(ours[index], middle - start)
                theirs[index] = min(theirs[index], end - middle)
    finally:
        gc.enable()
    both = [i for i, ok in enumerate(theirs_ok) if ok]
    return (sum(ours) / 1e9, sum(theirs) / 1e9, sum(ours[i] for i in both) / 1e9, sum(theirs[i] for i in both) / 1e9,
            len(both))


def outcomes(tools: list[tuple[str, object]]) -> str:
    """Strictify every tool for both targets, lint each output, and return a Markdown table."""
    from toollint.document.source import parse_text
    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter
    from toollint.strictifier.rewrite import StrictifyError, strictify_tool

    rows = []
    reasons: Counter = Counter()
    for target in ("anthropic", "openai"):
        linter = Linter(Settings(targets=(target,), select=("TL501", "TL502", "TL503")))
        counts: Counter = Counter()
        for label, tool in tools:
            try:
                result = strictify_tool(tool.raw, target)
            except StrictifyError as error:
                counts["refused"] += 1
                reasons[(target, error.message.split(";")[0][:110])] += 1
                continue
            except Exception:  # noqa: BLE001 - a traceback is the one outcome that must stay at zero
                counts["traceback"] += 1
                print(f"TRACEBACK {target} {label}", file=sys.stderr)
                traceback.print_exc()
                continue
            text = json.dumps([result.tool], ensure_ascii=False)
            findings = linter.lint(parse_text(text, "out.json", "json")).findings
            if any(f.rule.startswith("strict-") for f in findings):
                counts["strictified, output NOT lint-clean"] += 1
                print(f"DIRTY {target} {label}: {[f.message for f in findings][:2]}", file=sys.stderr)
            else:
                counts["strictified, output lint-clean"] += 1
            if result.lossy:
                counts["lossy"] += 1
        rows.append((target, counts))
    keys = ["strictified, output lint-clean", "strictified, output NOT lint-clean", "refused", "traceback"]
    lines = ["| target | tools | " + " | ".join(keys) + " |", "|---|---:|" + "---:|" * len(keys)]
    for target, counts in rows:
        lines.append(f"| {target} | {len(tools)} | " + " | ".join(str(counts.get(k, 0)) for k in keys) + " |")
    lines.append("")
    lines.append("Refusal reasons:")
    lines.append("")
    for (target, reason), count in sorted(reasons.items()):
        lines.append(f"- {target}, {count}x: {reason}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--repeat", type=int, default=9, help="runs per side; the best is reported (default 5)")
    parser.add_argument("--outcomes", action="store_true", help="also print outcome counts per target")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    tools = load_tools(args.corpus)
    if not tools:
        print(f"no tool definitions under {args.corpus}", file=sys.stderr)
        return 2
    schemas = [copy.deepcopy(tool.schema) for _, tool in tools if isinstance(tool.schema, dict)]
    try:
        import anthropic
    except ImportError:
        print("anthropic is not installed: pip install 'toollint-llm[bench]'", file=sys.stderr)
        return 2

    from anthropic import transform_schema

    from toollint.strictifier.rewrite import StrictifyError, strictify_schema

    ours_outcome = count_outcomes(schemas, lambda s: strictify_schema(s, "anthropic"), (StrictifyError,))
    theirs_outcome = count_outcomes(schemas, transform_schema)
    best_ours, best_theirs, ok_ours, ok_theirs, ok_count = paired_times(schemas, args.repeat)
    print(f"corpus: {args.corpus} ({len(schemas)} input schemas)")
    print(f"toollint strictify_schema(target='anthropic'): {best_ours * 1000:8.1f} ms  {dict(ours_outcome)}")
    print(f"anthropic {anthropic.__version__} transform_schema:       {best_theirs * 1000:8.1f} ms  "
          f"{dict(theirs_outcome)}")
    print(f"ratio toollint/anthropic time: {best_ours / best_theirs:.2f} "
          f"(toollint runs at {best_theirs / best_ours:.2f}x anthropic's speed; target >= 0.5x)")
    print(f"on the {ok_count} schemas transform_schema does not raise on: toollint {ok_ours * 1000:.1f} ms, "
          f"anthropic {ok_theirs * 1000:.1f} ms, ratio {ok_ours / ok_theirs:.2f} "
          f"({ok_theirs / ok_ours:.2f}x its speed)")
    if args.outcomes:
        print()
        print(outcomes(tools))
    return 0


if __name__ == "__main__":
    sys.exit(main())
