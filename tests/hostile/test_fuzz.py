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


# What a structural mutation puts in place of a value: each kind JSON Schema's keywords can be given by mistake.
VALUES: list[Any] = [[], {}, [[]], [{}], [None], None, 0, -1, 1.5, True, "", "x", "string", "object", {"type": "string"},
                     {"type": ["string", "null"]}, [1, 2], {"$ref": "#/nowhere"}, {"anyOf": []}, {"anyOf": [{}]},
                     {"enum": [None, [], {}]}, {"properties": []}, {"properties": {"": {}}}, {"items": [{}]},
                     {"required": [1, None, []]}, {"default": {"a": [1]}}, {"examples": "x"}, {"title": 5},
                     {"description": 7}, {"pattern": "("}, {"format": 3},
                     "Do it.\n\nArgs:\n    path: Path to the file, e.g. 'a/b.txt'\n    mode: one of: a, b, c",
                     "参数：\n  path: 文件路径\n  amount: 金额（元）"]
KEYWORDS = ["description", "type", "enum", "default", "items", "properties", "required", "anyOf", "title", "examples",
            "format", "pattern", "minimum", "$ref", "additionalProperties", "const"]
# The JSON fixtures, parsed (read at import, before the I/O guard is armed).
DOCUMENTS = [json.loads(text) for suffix, text in CORPUS if suffix == ".json"]


def _places(value: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every value inside `value`."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield value, key
        yield from _places(child)


def mutate_structure(document: Any, rng: random.Random) -> Any:
    """One to three edits of parsed JSON: a value replaced by one of another kind, a key removed, a keyword added,
    or a value replaced by another part of the document. (Text mutations rarely reach the rules: most break the
    JSON; these give the rules well-formed files whose schemas break the metaschema.)"""
    document = json.loads(json.dumps(document))
    for _ in range(rng.randint(1, 3)):
        places = list(_places(document))
        if not places:
            break
        container, key = rng.choice(places)
        pick = rng.random()
        if pick < 0.55:
            container[key] = json.loads(json.dumps(rng.choice(VALUES)))
        elif pick < 0.7 and isinstance(container, dict):
            del container[key]
        elif pick < 0.85 and isinstance(container, dict):
            container[rng.choice(KEYWORDS)] = json.loads(json.dumps(rng.choice(VALUES)))
        else:
            other, other_key = rng.choice(places)
            container[key] = json.loads(json.dumps(other[other_key]))
    return document


def test_fuzz_check_on_structurally_mutated_tools():
    """Every rule (the opt-in ones too) on well-formed files with ill-formed schemas: 0 internal errors. Found,
    on 2026-12-07, six checks that read a keyword's value as the metaschema types it (`"format": {}` in a set's
    test, `"anyOf": true` iterated); the engine now passes over a check that raises on such a schema."""
    def one(rng: random.Random, n: int) -> None:
        text = json.dumps(mutate_structure(rng.choice(DOCUMENTS), rng), ensure_ascii=False, indent=1)
        toollint.lint(text, select=("ALL", "OPT-IN"), targets=rng.choice([(), ("openai",), ("anthropic", "gemini")]))

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
