"""Structural mutation fuzz: real tool files, well-formed, with values of the wrong kind where the rules read them.

    python bench/fuzz_structural.py [--seconds 120] [--seed 1] [CORPUS_DIR ...]

`fuzz_hostile.py` builds hostile documents from scratch, and text mutations mostly break the JSON; neither gives the
rules what they meet in the wild: a real tool whose `format` is an object, whose `anyOf` is `true`, whose
description is a number. This run takes real tool files (by default `../shared/corpus/mcp`), makes one to three
edits to each sampled file (a value replaced by one of another kind, a key removed, a keyword added, a value
replaced by another part of the document) and runs every rule with every target, `toollint.strictify` for each
target and the boundary on it. It prints each distinct internal error (a check's `CheckCrashed`, or any exception
but a `ToollintError` from strictify and the boundary) once, by where it was raised, and the counts; all must be
zero. A mutated file that crashed is written next to the report (`fuzz_structural_*.json`) to replay.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import toollint  # noqa: E402
from toollint.document.source import parse_text  # noqa: E402
from toollint.errors import ToollintError  # noqa: E402
from toollint.linter.config import Settings  # noqa: E402
from toollint.linter.context import CheckCrashed  # noqa: E402
from toollint.linter.engine import Linter  # noqa: E402

DOCSTRING = "Do a thing.\n\nArgs:\n    path: Path to the file, e.g. 'a/b.txt'\n    amount: Amount in cents\n"
VALUES: list[Any] = [[], {}, [[]], [{}], [None], None, 0, -1, 1.5, True, "", "x", "string", "object", {"type": "string"},
                     {"type": ["string", "null"]}, [1, 2], "a" * 3000, DOCSTRING, "参数：\n  path: 文件路径\n  amount: 金额（元）",
                     {"$ref": "#/nowhere"}, {"anyOf": []}, {"anyOf": [{}]}, {"enum": []}, {"enum": [None, [], {}]},
                     {"properties": []}, {"properties": {"": {}}}, {"items": []}, {"items": [{}]},
                     {"required": [1, None, []]}, {"default": {"a": [1]}}, {"examples": "x"}, {"title": 5},
                     {"description": 7}, {"pattern": "("}, {"format": 3}, "`x` `y`"]
KEYWORDS = ["description", "type", "enum", "default", "items", "properties", "required", "anyOf", "title", "examples",
            "format", "pattern", "minimum", "$ref", "additionalProperties", "const"]
TARGETS = ("anthropic", "openai", "gemini")


def places(value: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every value inside `value`."""
    found, stack = [], [value]
    while stack:
        current = stack.pop()
        items = current.items() if isinstance(current, dict) else enumerate(current) if isinstance(current, list) else ()
        for key, child in items:
            found.append((current, key))
            stack.append(child)
    return found


def mutate(document: Any, rng: random.Random) -> Any:
    document = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        spots = places(document)
        if not spots:
            break
        container, key = rng.choice(spots)
        pick = rng.random()
        if pick < 0.55:
            container[key] = copy.deepcopy(rng.choice(VALUES))
        elif pick < 0.7 and isinstance(container, dict):
            del container[key]
        elif pick < 0.85 and isinstance(container, dict):
            container[rng.choice(KEYWORDS)] = copy.deepcopy(rng.choice(VALUES))
        else:
            other, other_key = rng.choice(spots)
            container[key] = copy.deepcopy(other[other_key])
    return document


def tools_of(document: Any) -> list[Any]:
    found = document.get("tools") if isinstance(document, dict) else document
    return found if isinstance(found, list) else [document]


def where(error: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "/toollint/" in f.filename]
    return f"{frames[-1].filename.split('toollint/')[-1]}:{frames[-1].lineno}" if frames else "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="*", default=[str(ROOT.parent / "shared" / "corpus" / "mcp")])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    documents = []
    for directory in args.corpus:
        for path in sorted(Path(directory).glob("*.json")):
            try:
                documents.append(json.loads(path.read_text(encoding="utf-8")))
            except ValueError:
                continue
    if not documents:
        print(f"no JSON tool files in {', '.join(args.corpus)}", file=sys.stderr)
        return 2
    linter = Linter(Settings(select=("ALL", "OPT-IN"), targets=TARGETS))
    seen: dict[tuple[str, str, str], int] = {}
    runs, start = 0, time.monotonic()
    while time.monotonic() - start < args.seconds:
        tools = tools_of(rng.choice(documents))
        document = mutate(rng.sample(tools, min(4, len(tools))), rng)
        text = json.dumps(document, ensure_ascii=False, indent=1)
        runs += 1
        errors: list[tuple[str, BaseException]] = []
        try:
            linter.lint(parse_text(text, "fuzz.json", "json"))
        except CheckCrashed as error:
            errors.append(("check", error.__cause__ or error))
        for tool in document if isinstance(document, list) else []:
            for target in TARGETS:
                try:
                    toollint.strictify(tool, target)
                except ToollintError:
                    pass
                except Exception as error:  # noqa: BLE001 - what the run looks for
                    errors.append((f"strictify {target}", error))
            try:
                toollint.Boundary.from_tools([tool]).check({"type": "tool_use", "id": "1", "name": str(tool.get(
                    "name") if isinstance(tool, dict) else ""), "input": {"path": "a", "amount": 1}})
            except ToollintError:
                pass
            except Exception as error:  # noqa: BLE001
                errors.append(("boundary", error))
        for feature, error in errors:
            key = (feature, where(error), type(error).__name__)
            if key not in seen:
                seen[key] = runs
                replay = Path(f"fuzz_structural_{args.seed}_{len(seen)}.json")
                replay.write_text(text, encoding="utf-8")
                print(f"{feature}: {type(error).__name__} at {key[1]}: {str(error)[:160]} (replay: {replay})")
    print(f"{runs} mutated files, {len(seen)} distinct internal errors")
    return 1 if seen else 0


if __name__ == "__main__":
    raise SystemExit(main())
