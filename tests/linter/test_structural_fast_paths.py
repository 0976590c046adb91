"""The fast paths of the structural and provider-API checks decide only what the full checks would decide:
each is a sufficient test, and anything it does not accept goes through the full check."""

from __future__ import annotations

import itertools
import json

from helpers import lint_text

from toollint.linter.checks.schema.structure import _EXPECTED, _exact_types, _plainly_expected
from toollint.schema.types import value_has_type
from toollint.schema.validation import risky_patterns, validator_class
from toollint.schema.walk import SCHEMA_TYPES

VALUES = ["", "x", "string", "object", "dict", True, False, 0, 1, -1, 2.5, 2.0, -0.0, float("nan"), float("inf"),
          None, [], [1], ["a"], ["a", "a"], ["a", "b"], ["string", "null"], ["string", "string"], ["strin"], [{}],
          [True], [{}, 1], [[]], {}, {"a": {}}, {"a": 1}, {"a": True}, {"a": ["x"]}, {"a": "b"}]


def test_plainly_expected_implies_the_metaschema_check():
    for key, (check_value, _) in _EXPECTED.items():
        for value in VALUES:
            if _plainly_expected(key, value):
                assert check_value(value), (key, value)


def test_plain_types_imply_the_metaschema_check():
    """A value whose exact type `_PLAIN` lists for its keyword is never reported by invalid-json-schema."""
    from toollint.linter.checks.schema.structure import _PLAIN

    for key, kinds in _PLAIN.items():
        for value in VALUES:
            if type(value) in kinds:
                assert _EXPECTED[key][0](value), (key, value)


def test_exact_types_imply_the_declared_type():
    names = sorted(SCHEMA_TYPES) + ["dict", "float"]
    for size in (1, 2):
        for types in itertools.combinations(names, size):
            allowed = _exact_types(set(types))
            for value in VALUES:
                if type(value) in allowed:
                    assert any(value_has_type(value, t) for t in types), (types, value)


def test_invalid_values_are_still_reported():
    schema = {"type": "object", "properties": {
        "a": {"type": "strin", "minLength": -1, "maxItems": 1.5, "description": 3},
        "b": {"type": "integer", "enum": [1, 2.5, "x"], "required": ["a", "a"], "anyOf": []},
        "c": {"type": "string", "minimum": 5, "maximum": 1, "enum": [True]}}}
    text = json.dumps({"name": "t", "description": "Look up one thing by its name.", "input_schema": schema})
    found = sorted((f.rule, f.pointer) for f in lint_text(text)
                   if f.rule in ("invalid-json-schema", "unsatisfiable-constraint"))
    assert ("invalid-json-schema", "/input_schema/properties/a/type") in found
    assert ("invalid-json-schema", "/input_schema/properties/a/minLength") in found
    assert ("invalid-json-schema", "/input_schema/properties/a/maxItems") in found
    assert ("invalid-json-schema", "/input_schema/properties/a/description") in found
    assert ("invalid-json-schema", "/input_schema/properties/b/required") in found
    assert ("invalid-json-schema", "/input_schema/properties/b/anyOf") in found
    assert ("unsatisfiable-constraint", "/input_schema/properties/b/enum/1") in found
    assert ("unsatisfiable-constraint", "/input_schema/properties/b/enum/2") in found
    assert ("unsatisfiable-constraint", "/input_schema/properties/c/minimum") in found
    assert ("unsatisfiable-constraint", "/input_schema/properties/c/enum") in found


def test_one_validator_class_per_dialect_and_risky_patterns():
    schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": "^(a+)+$"}}}
    first = validator_class(schema, risky_patterns(schema))
    assert validator_class(json.loads(json.dumps(schema))) is first
    assert not first(schema).is_valid({"a": "a" * 40 + "!"})
    assert first(schema).is_valid({"a": "aaa"})


def test_size_nesting_reads_the_path_from_the_nodes():
    """`size_usage` reads each node's path from the walk's chain of nodes; it must be the pointer's tokens."""
    from toollint import pointer as jp
    from toollint.profiles.size import _INDEX, _nesting_level, _path
    from toollint.schema.walk import walk

    leaf = {"type": "object", "properties": {"items": {"type": "object", "properties": {"x/y~": {"type": "string"}}}}}
    schema = {"type": "object", "properties": {
        "items": {"type": "array", "items": leaf},
        "tuple": {"type": "array", "items": [leaf, {"type": "object", "properties": {}}], "prefixItems": [leaf]},
        "map": {"type": "object", "additionalProperties": leaf, "patternProperties": {"items": leaf}},
        "choice": {"anyOf": [leaf, {"$ref": "#/$defs/properties"}]}},
        "$defs": {"properties": leaf, "additionalProperties": {"properties": {"a": leaf}}},
        "dependentSchemas": {"items": leaf}, "dependencies": {"a": leaf, "b": ["a"]}}
    for node in walk(schema, ""):
        want = jp.split(node.pointer)
        path = _path(node)
        assert path is not None and len(path) == len(want), node.pointer
        assert all(a == b or a is _INDEX and b.isdigit() for a, b in zip(path, want, strict=True)), node.pointer
        level = 1 + sum(1 for i, t in enumerate(want) if t in ("properties", "items", "prefixItems",
                                                               "additionalProperties")
                        and (i == 0 or want[i - 1] not in ("properties", "$defs", "definitions")))
        assert _nesting_level(node) == level, node.pointer


def test_plainly_valid_never_accepts_what_jsonschema_rejects():
    """A fuzz of small schemas over the keywords `plainly_valid` decides: whenever it says valid, so do the
    draft-06 to 2020-12 validators (it may hand over what they accept)."""
    import random

    from jsonschema import Draft6Validator, Draft7Validator, Draft201909Validator, Draft202012Validator

    from toollint.schema.types import plainly_valid

    rng = random.Random(11)
    values = [None, True, False, 0, 1, -1, 1.0, 2.5, -0.5, 10, 100, "", "a", "abc", "open", [], [1], ["a", "b"],
              [1, "a"], [None], {}, {"a": 1}]

    def schema(depth: int = 0) -> dict:
        out: dict = {}
        for _ in range(rng.randint(0, 3)):
            key = rng.choice(["type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                              "minLength", "maxLength", "anyOf", "items", "description", "format", "nullable"])
            if key == "type":
                out[key] = rng.choice(["string", "integer", "number", "boolean", "null", "array", "object",
                                       ["string", "null"], ["integer", "array"]])
            elif key == "enum":
                out[key] = rng.sample(values, rng.randint(1, 3))
            elif key == "const":
                out[key] = rng.choice(values)
            elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                out[key] = rng.choice([0, 1, 2.5, 10, -1, True])
            elif key in ("minLength", "maxLength"):
                out[key] = rng.choice([0, 1, 3])
            elif key in ("anyOf", "items") and depth < 2:
                out[key] = [schema(depth + 1) for _ in range(rng.randint(1, 3))] if key == "anyOf" else schema(depth + 1)
            elif key in ("description", "format"):
                out[key] = "date-time" if key == "format" else "text"
            elif key == "nullable":
                out[key] = True
        return out

    validators = (Draft6Validator, Draft7Validator, Draft201909Validator, Draft202012Validator)
    decided = 0
    for _ in range(4000):
        candidate = schema()
        for value in values:
            if plainly_valid(candidate, value, composite=True):
                decided += 1
                for cls in validators:
                    assert cls(candidate).is_valid(value), (candidate, value, cls.__name__)
    assert decided > 1000


def _check_func(rule: str, scope: str = "schema"):
    from toollint.linter.checks import load_checks

    return next(c for c in load_checks()[rule] if c.scope == scope)


def _reports_on(rule: str, schema: dict) -> list:
    """What one schema check reports on the root of `schema`, called directly (no dispatch, no `when`)."""
    from toollint.document.dialects import find_tools
    from toollint.document.source import parse_text
    from toollint.linter.config import Settings
    from toollint.linter.context import Context
    from toollint.linter.engine import Linter
    from toollint.schema.walk import walk

    text = json.dumps({"name": "t", "description": "Look up one thing.", "input_schema": schema})
    source = parse_text(text, "example.json", "json")
    linter = Linter(Settings())
    tools = find_tools(source.data, None)
    ctx = Context(linter, source, tools)
    ctx.tool = tools[0]
    ctx.spec, ctx.options = linter.specs[rule], {}
    check = _check_func(rule)
    for node in walk(tools[0].schema, tools[0].schema_pointer):
        check.func(node, ctx)
    return ctx.findings


def test_unsatisfiable_constraint_skips_only_shapes_it_cannot_report():
    """`when` of unsatisfiable-constraint: a node whose keys it rejects gets no finding from the full check,
    whatever the values (pairs of bounds, enum, const and type in every combination)."""
    check = _check_func("unsatisfiable-constraint")
    keys = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems",
            "maxItems", "enum", "const", "type"]
    values = {"minimum": [5, 0.5], "maximum": [1, 0.7], "exclusiveMinimum": [5], "exclusiveMaximum": [1],
              "minLength": [5], "maxLength": [1], "minItems": [5], "maxItems": [1], "enum": [[], [True]],
              "const": [True], "type": ["integer", "string"]}
    skipped = 0
    for size in (1, 2, 3):
        for chosen in itertools.combinations(keys, size):
            if check.when(chosen):
                continue
            skipped += 1
            for picked in itertools.product(*(values[k] for k in chosen)):
                assert not _reports_on("unsatisfiable-constraint", dict(zip(chosen, picked, strict=True))), chosen
    assert skipped > 20
    assert _reports_on("unsatisfiable-constraint", {"minimum": 5, "maximum": 1})
    assert _reports_on("unsatisfiable-constraint", {"type": "string", "const": True})


def test_array_missing_items_skips_only_nodes_with_items_or_ref():
    check = _check_func("array-missing-items")
    assert check.when(("type",)) and check.when(("type", "description"))
    assert not check.when(("type", "items")) and not check.when(("$ref", "type"))
    found = [f.pointer for f in lint_text(json.dumps({"name": "t", "description": "Look up one thing.",
        "input_schema": {"type": "object", "properties": {"a": {"type": "array"}, "b": {"type": ["array", "null"]},
                                                          "c": {"type": "array", "items": {}}}}}))
             if f.rule == "array-missing-items"]
    assert found == ["/input_schema/properties/a", "/input_schema/properties/b"]


def test_plainly_valid_type_and_member_shortcuts_agree_with_the_general_rule():
    """`_has_declared_type` and `_member` answer exactly as the generic formulas they shortcut."""
    from toollint.schema.types import _has_declared_type, _member

    class Text(str):
        pass

    values = [*VALUES, Text("x"), 10**20, 3.0]
    kinds = [*sorted(SCHEMA_TYPES), "foo", "String", Text("string"), ["string", "null"], ["integer"], [], 5, ["x"]]
    for value in values:
        for kind in kinds:
            kinds_list = [kind] if isinstance(kind, str) else kind
            general = isinstance(kinds_list, list) and any(isinstance(k, str) and value_has_type(value, k)
                                                           for k in kinds_list)
            assert _has_declared_type(value, kind) == general, (value, kind)
    pool = ["x", Text("x"), "y", 1, 1.0, True, None, [], {}]
    for value in ["x", "y", "", Text("x")]:
        for size in range(4):
            for allowed in itertools.combinations(pool, size):
                general = any(type(a) is type(value) and a == value for a in allowed)
                assert _member(value, list(allowed)) == general, (value, allowed)


def test_strict_checks_are_targets_only_and_strict_tools_group_by_target():
    """The strict tool checks never run for a tool without a target (the engine skips `targets_only`), and a
    tool with its own `strict: true` still gets them."""
    from toollint.linter.checks import load_checks

    strict_rules = ("strict-unsupported-keyword", "strict-open-object", "strict-optional-property")
    for rule in strict_rules:
        assert all(c.targets_only for c in load_checks()[rule] if c.scope == "tool"), rule
    tool = {"type": "function", "function": {"name": "t", "description": "Look up one thing.", "strict": True,
            "parameters": {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"},
                                                                    "uniqueItems": True}}}}}
    found = {f.rule for f in lint_text(json.dumps([tool]))}
    assert {"strict-open-object", "strict-optional-property", "strict-unsupported-keyword"} <= found
    tool["function"]["strict"] = False
    found = {f.rule for f in lint_text(json.dumps([tool]))}
    assert not found & set(strict_rules)
