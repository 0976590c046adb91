"""Bounded mutation fuzz of `check` (toollint.lint on mutated tool files) and of the Boundary (mutated
arguments): 0 tracebacks, 0 hangs (reliability review 2, "Must show"). Slow tier: `pytest -m slow`.

Each target runs at most RUNS mutations and at most SECONDS; each run has an alarm of HANG seconds.
The seed is fixed, so a failure names a mutation that can be replayed.
"""

from __future__ import annotations

import json
import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import toollint
from toollint.errors import ToollintError

pytestmark = pytest.mark.slow

RUNS, SECONDS, HANG = 1500, 90.0, 20
# Read at import, before the I/O guard is armed: (suffix, text) of every fixture tool file.
CORPUS = [(p.suffix, p.read_text(encoding="utf-8")) for p in sorted((Path(__file__).parents[2] / "fixtures").rglob("*"))
          if p.suffix in (".json", ".yaml", ".yml") and p.stat().st_size < 200_000]
# Hostile tokens: controls, surrogates, huge and non-finite numbers, remote refs, bad patterns, YAML tricks.
# (Strings stay at 10,000 characters: a 100,000-character word is slow in the tokens extra, a known lower item.)
TOKENS = ['"\\ud800"', '"\\u202e\\u001b[2J"', "1e999", "NaN", "9" * 5000, '{"$ref": "http://127.0.0.1:1/x"}',
          '{"$ref": "file:///etc/passwd"}', '"(a+)+$"', '{"pattern": "(a|a)*$"}', "%YAML 1.3\n", "&a [*a, *a]",
          "!!python/object:os.system", '"' + "x" * 10_000 + '"', "[" * 3000, "{", "}", ":", ",", "null", "\x00",
          "---\n", "<<: *b", '{"uniqueItems": true}', '{"minLength": 100000000}']


class Hang(Exception):
    pass


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    def ring(signum, frame):  # noqa: ARG001 - signal handler signature
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def mutate(text: str, rng: random.Random) -> str:
    kind = rng.randrange(6)
    at = rng.randrange(len(text) + 1)
    if kind == 0:
        return text[:at] + rng.choice(TOKENS) + text[at:]
    if kind == 1:
        return text[:at]  # truncated
    if kind == 2:
        end = min(len(text), at + rng.randrange(1, 40))
        return text[:at] + rng.choice(TOKENS) + text[end:]
    if kind == 3:
        depth = rng.choice([100, 1000, 20_000])
        return text[:at] + "[" * depth + "]" * depth + text[at:]
    if kind == 4:
        lines = text.splitlines(keepends=True)
        if lines:
            del lines[rng.randrange(len(lines))]
        return "".join(lines)
    chunk = text[at:at + rng.randrange(1, 200)]
    return text[:at] + chunk * rng.randrange(2, 50) + text[at:]


def run_bounded(target: Callable[[random.Random, int], None]) -> dict[str, Any]:
    rng = random.Random(28)
    start, runs, tracebacks, hangs = time.monotonic(), 0, [], []
    while runs < RUNS and time.monotonic() - start < SECONDS:
        runs += 1
        try:
            with alarm(HANG):
                target(rng, runs)
        except Hang:
            hangs.append(runs)
        except ToollintError:
            pass
        except Exception as error:  # noqa: BLE001 - what the fuzz looks for
            tracebacks.append((runs, f"{type(error).__name__}: {error}"[:300]))
    return {"runs": runs, "tracebacks": tracebacks, "hangs": hangs}


def test_fuzz_check_on_mutated_tool_files(tmp_path):
    def one(rng: random.Random, n: int) -> None:
        suffix, text = rng.choice(CORPUS)
        path = tmp_path / f"m{n % 50}{suffix}"
        path.write_text(mutate(text, rng), encoding="utf-8", errors="surrogatepass")
        toollint.lint(str(path), targets=rng.choice([(), ("openai",), ("anthropic", "gemini")]))

    result = run_bounded(one)
    print(f"{result['runs']} runs, {len(result['tracebacks'])} tracebacks, {len(result['hangs'])} hangs")
    assert result["runs"] >= 50, result
    assert result["tracebacks"] == [] and result["hangs"] == [], result


def _arguments(rng: random.Random) -> Any:
    pick = rng.randrange(10)
    if pick == 0:
        return "[" * rng.choice([50, 3000, 100_000])
    if pick == 1:
        return '{"a": "\\ud800", "a": 1}'
    if pick == 2:
        return {"x": float("nan"), "y": 10 ** rng.choice([300, 5000])}
    if pick == 3:
        return {"items": [{"k": i % 7} for i in range(rng.choice([10, 8000]))]}
    if pick == 4:
        return json.dumps({"s": "a" * rng.choice([10, 50_000]) + "!"})[: rng.randrange(1, 60)]
    if pick == 5:
        return {rng.choice(["order_id", "amount", "q", ""]): rng.choice([None, True, 1.5, "ORD-1\n", [], {}])}
    if pick == 6:
        return {"order_id": "ORD-" + "\u0661" * 8}
    if pick == 7:
        return rng.choice([None, 1, "text", [], "{}"])
    if pick == 8:
        nested: Any = {}
        for _ in range(rng.choice([10, 400])):
            nested = {"x": nested}
        return nested
    return {"order_id": "ORD-20260917", "amount": rng.randrange(-5, 5)}


def _text(arguments: Any) -> str:
    if isinstance(arguments, str):
        return arguments
    try:
        return json.dumps(arguments)
    except ValueError:  # an integer past Python's 4,300-digit str limit: send the digits
        return '{"y": ' + "9" * 5000 + "}"


def test_fuzz_the_boundary_with_mutated_arguments(tmp_path):
    from toollint.boundary import Boundary

    boundaries = []
    for n, (suffix, text) in enumerate(CORPUS):
        path = tmp_path / f"c{n}{suffix}"
        path.write_text(text, encoding="utf-8")
        try:
            boundaries.append(Boundary.from_tools(str(path)))
        except ToollintError:
            continue
    assert boundaries

    def one(rng: random.Random, n: int) -> None:
        boundary = rng.choice(boundaries)
        name = rng.choice(boundary.tools + ["no_such_tool"])
        arguments = _arguments(rng)
        if rng.random() < 0.5:
            call = {"type": "function", "id": f"c{n}", "function": {"name": name, "arguments": _text(arguments)}}
        else:
            call = {"type": "tool_use", "id": f"t{n}", "name": name, "input": arguments}
        outcome = boundary.check(call)
        assert isinstance(outcome.ok, bool) and outcome.code

    result = run_bounded(one)
    print(f"{result['runs']} runs, {len(result['tracebacks'])} tracebacks, {len(result['hangs'])} hangs")
    assert result["runs"] >= 50, result
    assert result["tracebacks"] == [] and result["hangs"] == [], result
