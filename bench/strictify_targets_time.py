"""Bench: time of `strictify_schema` over a corpus, per target (best of N runs per schema, summed; GC paused).

    python bench/strictify_targets_time.py [CORPUS_DIR] [--repeat N]

Run it alternately against two checkouts (PYTHONPATH=...) to compare them; bench/bench_strictify.py times the
Anthropic target against anthropic's own `transform_schema`.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_strictify import DEFAULT_CORPUS, load_tools  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    from toollint.strictifier.rewrite import strictify_schema

    schemas = [tool.schema for _, tool in load_tools(args.corpus) if tool.schema is not None]
    clock = time.perf_counter_ns
    for target in ("anthropic", "openai", "gemini"):
        best = [float("inf")] * len(schemas)
        gc.collect()
        gc.disable()
        try:
            for _ in range(args.repeat):
                for index, schema in enumerate(schemas):
                    start = clock()
                    try:
                        strictify_schema(schema, target)
                    except Exception:  # noqa: BLE001 - refusals take time too
                        pass
                    best[index] = min(best[index], clock() - start)
        finally:
            gc.enable()
        print(f"{target}: {sum(best) / 1e6:.1f} ms over {len(schemas)} schemas")


if __name__ == "__main__":
    main()
