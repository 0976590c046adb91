"""Cost per valid call of `Boundary.check` next to a cached jsonschema validator, in one run.

    python bench/bench_boundary.py [--number N] [--repeat R]

The baseline is what a careful hand-written boundary pays: a `Draft202012Validator` built once and
`list(iter_errors(arguments))` per call. Target: `Boundary.check` at most 1.5x that on a valid call.
Each figure is the best of R runs of N calls, the two timed in alternation so that both see the same
machine load; the best run is the one least disturbed by the rest of the machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jsonschema import Draft202012Validator  # noqa: E402

from toollint.boundary import Boundary  # noqa: E402

ARGUMENTS = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged", "note": "杯子摔碎了"}
TARGET = 1.5


def per_call(ours, baseline, number: int, repeat: int) -> tuple[float, float]:
    """Best per-call µs of each, timed in alternation so both see the same machine load."""
    mine, base = [], []
    for _ in range(repeat):
        base.append(timeit.timeit(baseline, number=number))
        mine.append(timeit.timeit(ours, number=number))
    return min(mine) / number * 1e6, min(base) / number * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=15)
    options = parser.parse_args()

    path = ROOT / "fixtures" / "refund.json"
    schema = json.loads(path.read_text(encoding="utf-8"))["input_schema"]
    boundary = Boundary.from_tools(path)
    validator = Draft202012Validator(schema)
    text = json.dumps(ARGUMENTS, ensure_ascii=False)

    block = {"type": "tool_use", "id": "toolu_01A", "name": "refund_order", "input": ARGUMENTS}
    chat = {"id": "call_1", "type": "function", "function": {"name": "refund_order", "arguments": text}}
    assert boundary.check(block).ok and boundary.check(chat).ok
    assert not list(validator.iter_errors(ARGUMENTS))

    rows = [
        ("Anthropic tool_use (input object)", lambda: boundary.check(block),
         lambda: list(validator.iter_errors(ARGUMENTS))),
        ("OpenAI Chat tool call (JSON text)", lambda: boundary.check(chat),
         lambda: list(validator.iter_errors(json.loads(text)))),
    ]
    print(f"refund_order, valid call; best of {options.repeat} x {options.number:,} calls; µs per call")
    print(f"{'call shape':<36} {'Boundary.check':>15} {'jsonschema':>11} {'ratio':>7}")
    worst = 0.0
    for label, ours, baseline in rows:
        mine, base = per_call(ours, baseline, options.number, options.repeat)
        ratio = mine / base
        worst = max(worst, ratio)
        print(f"{label:<36} {mine:>12.1f} µs {base:>8.1f} µs {ratio:>6.2f}x")
    print(f"baseline: cached Draft202012Validator(schema).iter_errors (plus json.loads for JSON text); "
          f"target <= {TARGET}x: {'met' if worst <= TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
