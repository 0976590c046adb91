"""Bench: the strictify round trip over real tool schemas: original -> encode -> wire -> decode -> original.

    python bench/strictify_roundtrip.py [CORPUS_DIR] [--instances N] [--targets anthropic,openai] [--verbose]

CORPUS_DIR defaults to ../shared/corpus. For every unique input schema and target, hypothesis-jsonschema draws
N instances of the schema's closed variant (objects that say nothing about other keys get
`additionalProperties: false`: strict objects are closed by design), and each instance valid against the
original is encoded (`StrictifyResult.encode`), checked against the wire schema, decoded
(`StrictifyResult.decode`) and compared with the original value and the validator. It prints, per target:
schemas, refusals, instances, exact round trips and mismatches (the wire rejects an encoded value, or the
decoded value differs or is invalid). Exit status 1 when there is a mismatch.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import warnings
from collections import Counter
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# ../shared/corpus beside the checkout (or beside the directory of worktrees)
DEFAULT_CORPUS = next((p for p in (_ROOT.parent / "shared" / "corpus", _ROOT.parent.parent / "shared" / "corpus")
                       if p.is_dir()), _ROOT.parent / "shared" / "corpus")
_CHILDREN = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SINGLE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")


def closed(schema: object) -> object:
    """The schema with every object that leaves other keys open closed."""
    if isinstance(schema, list):
        return [closed(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in _CHILDREN and isinstance(value, dict):
            out[key] = {name: closed(sub) for name, sub in value.items()}
        elif key in _LISTS and isinstance(value, list):
            out[key] = [closed(sub) for sub in value]
        elif key in _SINGLE:
            out[key] = closed(value)
        else:
            out[key] = value
    if isinstance(out.get("properties"), dict) and out["properties"] and "additionalProperties" not in out and \
            "patternProperties" not in out and "unevaluatedProperties" not in out:
        out["additionalProperties"] = False
    return out


def instances(schema: object, count: int) -> list[object]:
    """Up to `count` instances hypothesis-jsonschema draws for `schema` (deterministic)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis_jsonschema import from_schema

    drawn: list[object] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(from_schema(schema))
    def collect(value: object) -> None:
        drawn.append(value)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    unique = []
    for value in drawn:
        if value not in unique:
            unique.append(value)
    return unique


def load_schemas(corpus: str) -> list[tuple[str, object]]:
    from toollint.document.dialects import find_tools
    from toollint.document.source import read_path

    seen, found = set(), []
    for path in sorted(glob.glob(os.path.join(corpus, "**", "*.json"), recursive=True)):
        source = read_path(path)
        if source.problem is not None:
            continue
        for tool in find_tools(source.data):
            if not isinstance(tool.schema, dict):
                continue
            key = json.dumps(tool.schema, sort_keys=True)
            if key not in seen:
                seen.add(key)
                found.append((f"{os.path.relpath(path, corpus)}:{tool.label}", tool.schema))
    return found


def broken(tool: dict) -> bool:
    """Whether the structural pre-check of `toollint strictify` refuses this tool (a misspelled keyword...)."""
    from toollint.document.source import parse_text
    from toollint.strictifier.precheck import broken_input

    return bool(broken_input(parse_text(json.dumps(tool), "tool.json", "json"), "tool.json"))


def run(corpus: str, count: int, targets: list[str], verbose: bool) -> int:
    from jsonschema import Draft202012Validator

    import toollint
    from toollint.errors import StrictifyError
    from toollint.strictifier.codec import CodecError

    schemas = load_schemas(corpus)
    print(f"{len(schemas)} unique input schemas from {corpus}, up to {count} instances each\n")
    print("| target | schemas | broken input | refused | not generated | instances | exact round trips | mismatches | "
          "not carried by design |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    mismatches = 0
    for target in targets:
        tally: Counter = Counter()
        for label, schema in schemas:
            tally["schemas"] += 1
            tool = {"name": "t", "description": "Probe.", "input_schema": schema}
            if broken(tool):
                tally["broken"] += 1  # `toollint strictify` refuses such a file before rewriting it
                continue
            try:
                result = toollint.strictify(tool, target=target)
            except StrictifyError:
                tally["refused"] += 1
                continue
            try:
                values = instances(closed(schema), count)
            except Exception:  # noqa: BLE001 - hypothesis-jsonschema cannot draw for some schemas
                tally["not generated"] += 1
                continue
            original = Draft202012Validator(schema)
            wire = Draft202012Validator(result.codec_schema)
            for value in values:
                if not isinstance(value, dict):
                    continue  # a tool's arguments are always an object, whatever a typeless root allows
                try:
                    if not original.is_valid(value):
                        continue
                except Exception:  # noqa: BLE001 - a pattern Python's `re` cannot compile
                    continue
                tally["instances"] += 1
                try:
                    sent = result.encode(value)
                except CodecError as error:
                    if "closed object" in str(error):
                        tally["by design"] += 1
                        continue
                    tally["mismatches"] += 1
                    if verbose:
                        print(f"  {target} {label}: cannot encode {json.dumps(value)[:80]}: {error}", file=sys.stderr)
                    continue
                decoded = result.decode(sent)
                if not wire.is_valid(sent) or decoded != value or not original.is_valid(decoded):
                    tally["mismatches"] += 1
                    if verbose:
                        print(f"  {target} {label}: {json.dumps(value)[:80]} -> {json.dumps(sent)[:80]} -> "
                              f"{json.dumps(decoded)[:80]}", file=sys.stderr)
                    continue
                tally["exact"] += 1
        print(f"| {target} | {tally['schemas']} | {tally['broken']} | {tally['refused']} | {tally['not generated']} | "
              f"{tally['instances']} | {tally['exact']} | {tally['mismatches']} | {tally['by design']} |", flush=True)
        mismatches += tally["mismatches"]
    return 1 if mismatches else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--instances", type=int, default=5)
    parser.add_argument("--targets", default="anthropic,openai")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    sys.exit(run(args.corpus, args.instances, args.targets.split(","), args.verbose))


if __name__ == "__main__":
    main()
