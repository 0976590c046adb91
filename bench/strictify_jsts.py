"""Bench: strictify over the JSON-Schema-Test-Suite (draft 2020-12, groups without `$ref`/`$id`), every target.

    python bench/strictify_jsts.py SUITE [--verbose]

SUITE is a checkout of https://github.com/json-schema-org/JSON-Schema-Test-Suite or its bare git directory
(the suite is not part of this repository). Each group's schema is made the one required property `v` of a
tool, strictified, and then:

- crashes: anything but a `StrictifyError` escaping strictify;
- refusals, split into unsatisfiable (the suite has no valid instance for the group either) and other;
- wire rules: the wire schema linted with `toollint check --target T` (its strict rules and every error-level
  rule), plus the wire facts
  the providers answer 400 to (a node with `enum`/`const` but no `type` or with object/array members on
  OpenAI, an array without `items`, a Gemini type array); a defect the input has too (the suite's invalid
  defaults, an enum whose values differ only in a control character) is copied faithfully, counted apart;
- round trips: every *valid* suite instance, encoded (`StrictifyResult.encode`), is valid on the wire,
  decodes back to itself and is valid against the validator. A value the wire cannot carry by design (an
  open object's extra keys, a value of another type than the one a typeless node's keywords imply) is counted
  apart, with its reason.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

TARGETS = ("anthropic", "openai", "gemini")
EXCLUDED = ('"$ref"', '"$dynamicRef"', '"$id"')


def load_groups(suite: str) -> list[tuple[str, dict]]:
    """(label, group) for the draft2020-12 groups whose schema uses no `$ref`/`$id`."""
    root = Path(suite)
    files: dict[str, str] = {}
    if (root / "tests" / "draft2020-12").is_dir():
        for path in sorted((root / "tests" / "draft2020-12").glob("*.json")):
            files[path.name] = path.read_text(encoding="utf-8")
    else:  # a bare git directory
        names = subprocess.run(["git", "--git-dir", suite, "ls-tree", "--name-only", "HEAD", "tests/draft2020-12/"],
                               capture_output=True, text=True, check=True).stdout.split()
        for name in names:
            if name.endswith(".json"):
                files[Path(name).name] = subprocess.run(["git", "--git-dir", suite, "show", f"HEAD:{name}"],
                                                        capture_output=True, text=True, check=True).stdout
    groups = []
    for name, text in files.items():
        for index, group in enumerate(json.loads(text)):
            if not any(marker in json.dumps(group["schema"]) for marker in EXCLUDED):
                groups.append((f"{name}#{index} {group['description']}", group))
    return groups


def wire_problems(wire: object, target: str) -> list[str]:
    """Wire facts the providers answer 400 to (field notes: OpenAI "schema must have a 'type' key", "array
    schema missing items"; Gemini "Proto field is not repeating" and "missing field" for items)."""
    found = []

    def visit(node: object, where: str) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                visit(item, f"{where}/{index}")
            return
        if not isinstance(node, dict):
            return
        declared = node.get("type")
        types = set(declared) if isinstance(declared, list) else {declared}
        if "array" in types and "items" not in node:
            found.append(f"{where}: array without items")
        for key in ("enum", "const"):
            if key in node:
                values = node[key] if key == "enum" and isinstance(node[key], list) else [node[key]]
                if any(isinstance(v, (dict, list)) for v in values) and target != "gemini":
                    found.append(f"{where}: object or array inside {key}")
                if target in ("openai", "gemini") and declared is None:
                    found.append(f"{where}: {key} without type")
        if target == "gemini" and isinstance(declared, list):
            found.append(f"{where}: type array")
        for key, value in node.items():
            if key in ("properties", "$defs", "definitions", "patternProperties") and isinstance(value, dict):
                for name, sub in value.items():
                    visit(sub, f"{where}/{key}/{name}")
            elif key in ("items", "anyOf", "allOf", "oneOf", "prefixItems", "additionalProperties", "not"):
                visit(value, f"{where}/{key}")

    visit(wire, "")
    return found


def _typeless_mismatch(schema: object, data: object) -> bool:
    """A value of another type than the one a typeless schema's keywords imply (`{"maxItems": 2}` is sent as
    an array): JSON Schema accepts it, a tool author means the implied type, and the wire says so."""
    from toollint.strictifier.shapes import _inferred_types
    from toollint.strictifier.wire import json_type

    if not isinstance(schema, dict) or "type" in schema:
        return False
    inferred = _inferred_types(schema)
    kind = json_type(data)
    return bool(inferred) and kind not in inferred and not (kind == "integer" and "number" in inferred)


def run(suite: str, verbose: bool) -> int:
    from jsonschema import Draft202012Validator

    import toollint
    from toollint.errors import StrictifyError
    from toollint.strictifier.codec import CodecError
    from toollint.strictifier.rewrite import UnsatisfiableSchema
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from helpers import lint_text

    groups = load_groups(suite)
    print(f"JSON-Schema-Test-Suite draft2020-12: {len(groups)} groups without $ref/$id, "
          f"{sum(1 for _, g in groups for t in g['tests'] if t['valid'])} valid instances\n")
    print("| target | crashes | refused: unsatisfiable | refused: other | wire-rule failures | input defects kept | "
          "valid instances | "
          "round trips | wire rejects | decodes wrong | not carried by design (closed object / typeless) | "
          "unchecked (Python `re`) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    failures = 0
    for target in TARGETS:
        count: Counter = Counter()
        notes = []
        for label, group in groups:
            tool = {"name": "t", "description": "Probe.", "input_schema": {
                "type": "object", "properties": {"v": group["schema"]}, "required": ["v"],
                "additionalProperties": False}}
            valid = [t["data"] for t in group["tests"] if t["valid"]]
            try:
                result = toollint.strictify(tool, target=target)
            except UnsatisfiableSchema as error:
                count["unsatisfiable"] += 1
                if valid:
                    count["refused_other"] += 1  # "unsatisfiable" yet the suite has a valid instance
                    notes.append(f"{label}: wrongly unsatisfiable: {error}")
                continue
            except StrictifyError as error:
                count["refused_other"] += 1
                notes.append(f"{label}: refused: {error}")
                continue
            except Exception as error:  # noqa: BLE001 - counted
                count["crashes"] += 1
                notes.append(f"{label}: CRASH {type(error).__name__}: {error}")
                continue
            lint = [f"{f.rule}: {f.message}" for f in lint_text(json.dumps([result.tool], ensure_ascii=False),
                                                                 targets=(target,))
                    if f.rule.startswith("strict-") or f.severity == "error"]
            inherited = {f.rule for f in lint_text(json.dumps([tool], ensure_ascii=False), targets=(target,))}
            if any(p.split(":")[0] in inherited for p in lint):
                count["inherited"] += 1  # the input has the same defect (an invalid default): copied faithfully
                lint = [p for p in lint if p.split(":")[0] not in inherited]
            problems = lint + wire_problems(result.wire_schema, target)
            if problems:
                count["wire_rules"] += 1
                notes.append(f"{label}: wire: {problems[:2]}")
            wire = Draft202012Validator(result.codec_schema)
            validator = Draft202012Validator(result.validator)
            for data in valid:
                value = {"v": data}
                count["instances"] += 1
                try:
                    sent = result.encode(value)
                except CodecError as error:
                    if "closed object" in str(error) or _typeless_mismatch(group["schema"], data):
                        count["by_design"] += 1
                        count["closed" if "closed object" in str(error) else "typeless"] += 1
                        if verbose:
                            notes.append(f"{label}: not carried by design: {error}")
                        continue
                    count["wire_rejects"] += 1
                    notes.append(f"{label}: cannot encode {json.dumps(data)[:60]}: {error}")
                    continue
                try:
                    accepted = wire.is_valid(sent)
                except re.error:  # an ECMA-262 pattern Python's `re` cannot compile (`\p{Letter}`)
                    count["unchecked"] += 1
                    continue
                if not accepted:
                    if _typeless_mismatch(group["schema"], data):
                        count["by_design"] += 1
                        count["typeless"] += 1
                        continue
                    count["wire_rejects"] += 1
                    notes.append(f"{label}: wire rejects {json.dumps(sent)[:80]}")
                    continue
                decoded = result.decode(sent)
                try:
                    agrees = decoded == value and validator.is_valid(decoded)
                except re.error:
                    count["unchecked"] += 1
                    continue
                if not agrees:
                    count["decodes_wrong"] += 1
                    notes.append(f"{label}: {json.dumps(data)[:60]} decodes to {json.dumps(decoded)[:60]}")
                    continue
                count["round_trips"] += 1
        print(f"| {target} | {count['crashes']} | {count['unsatisfiable']} | {count['refused_other']} | "
              f"{count['wire_rules']} | {count['inherited']} | {count['instances']} | {count['round_trips']} | {count['wire_rejects']} | "
              f"{count['decodes_wrong']} | {count['by_design']} ({count['closed']} / {count['typeless']}) | "
              f"{count['unchecked']} |")
        failures += count["crashes"] + count["refused_other"] + count["wire_rules"] + count["wire_rejects"] + \
            count["decodes_wrong"]
        if verbose:
            for note in notes:
                print(f"    {target}: {note}", file=sys.stderr)
    return 1 if failures else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", help="a JSON-Schema-Test-Suite checkout or its bare git directory")
    parser.add_argument("--verbose", action="store_true", help="print each failure on stderr")
    args = parser.parse_args()
    sys.exit(run(args.suite, args.verbose))


if __name__ == "__main__":
    main()
