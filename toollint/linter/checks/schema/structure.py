"""Schema rules (TL1) on the keywords themselves: valid values, resolvable references, satisfiable
constraints, valid defaults and examples, known keywords."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, TypeGuard

from toollint import pointer as jp
from toollint.document import edits
from toollint.document.dialects import GEMINI, Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter import fixes
from toollint.linter.checks import check
from toollint.linter.checks.shared import LazyLabel, damerau, describe_value
from toollint.linter.context import Context, node_label
from toollint.linter.options import RuleOptions
from toollint.schema import type_names
from toollint.schema.regex import backtracking_risk, ecma_equivalent, ecma_error
from toollint.schema.types import EXACT_TYPES, plainly_valid, value_has_type
from toollint.schema.validation import risky_patterns, safe_validator, validator_class
from toollint.schema.walk import (
    KNOWN_KEYWORDS,
    SCHEMA_KEYWORDS,
    SCHEMA_LIST_KEYWORDS,
    SCHEMA_MAP_KEYWORDS,
    SCHEMA_TYPES,
    VENDOR_KEYWORDS,
    SchemaNode,
    is_remote_ref,
    refs_and_patterns,
    schema_types,
)
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# invalid-json-schema: the metaschema, as a table of keyword -> what its value must be. One pass,
# no jsonschema metaschema validation (2 ms per schema), and a message that names the keyword.


def _is_schema(value: Any) -> bool:
    return isinstance(value, (dict, bool))


def _nonneg_int(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return (isinstance(value, int) or (isinstance(value, float) and value.is_integer())) and value >= 0


def _number(value: Any) -> TypeGuard[int | float]:
    """A finite JSON number (Infinity and NaN are reported by non-finite-number, not compared here)."""
    return isinstance(value, int) and not isinstance(value, bool) or isinstance(value, float) and math.isfinite(value)


def _unique_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value)


def _type_value(value: Any) -> bool:
    if isinstance(value, str):
        return value in SCHEMA_TYPES
    return (isinstance(value, list) and len(value) > 0 and all(isinstance(v, str) and v in SCHEMA_TYPES for v in value)
            and len(set(value)) == len(value))


_EXPECTED: dict[str, tuple[Any, str]] = {
    "type": (_type_value, f"one of {', '.join(sorted(SCHEMA_TYPES))}, or a non-empty array of unique such names"),
    "enum": (lambda v: isinstance(v, list), "an array"),
    "required": (_unique_strings, "an array of unique property names"),
    "multipleOf": (lambda v: _number(v) and v > 0, "a number greater than 0"),
    "maximum": (_number, "a number"), "minimum": (_number, "a number"),
    "exclusiveMaximum": (_number, "a number (since draft-06; draft-04 used a boolean)"),
    "exclusiveMinimum": (_number, "a number (since draft-06; draft-04 used a boolean)"),
    "pattern": (lambda v: isinstance(v, str), "a string holding a regular expression"),
    "format": (lambda v: isinstance(v, str), "a string"),
    "title": (lambda v: isinstance(v, str), "a string"),
    "description": (lambda v: isinstance(v, str), "a string"),
    "$comment": (lambda v: isinstance(v, str), "a string"),
    "$ref": (lambda v: isinstance(v, str), "a string holding a URI reference"),
    "$schema": (lambda v: isinstance(v, str), "a string holding a URI"),
    "$id": (lambda v: isinstance(v, str), "a string holding a URI reference"),
    "$anchor": (lambda v: isinstance(v, str) and re.fullmatch(r"[A-Za-z_][-A-Za-z0-9._]*", v) is not None,
                "a plain name (letters, digits, '-', '_', '.')"),
    "uniqueItems": (lambda v: isinstance(v, bool), "a boolean"),
    "readOnly": (lambda v: isinstance(v, bool), "a boolean"),
    "writeOnly": (lambda v: isinstance(v, bool), "a boolean"),
    "deprecated": (lambda v: isinstance(v, bool), "a boolean"),
    "examples": (lambda v: isinstance(v, list), "an array"),
    "dependentRequired": (lambda v: isinstance(v, dict) and all(_unique_strings(x) for x in v.values()),
                          "an object mapping property names to arrays of unique property names"),
    "dependencies": (lambda v: isinstance(v, dict) and all(_is_schema(x) or _unique_strings(x) for x in v.values()),
                     "an object mapping property names to schemas or arrays of property names"),
    "items": (lambda v: _is_schema(v) or (isinstance(v, list) and all(_is_schema(x) for x in v)),
              "a schema (or, before 2020-12, an array of schemas)"),
}
_NONNEG = frozenset({"maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties",
                     "maxContains", "minContains"})
for _kw in _NONNEG:
    _EXPECTED[_kw] = (_nonneg_int, "a non-negative integer")
for _kw in SCHEMA_KEYWORDS:
    _EXPECTED[_kw] = (_is_schema, "a schema (an object or a boolean)")
for _kw in SCHEMA_LIST_KEYWORDS:
    _EXPECTED[_kw] = (lambda v: isinstance(v, list) and len(v) > 0 and all(_is_schema(x) for x in v),
                      "a non-empty array of schemas")
for _kw in SCHEMA_MAP_KEYWORDS:
    _EXPECTED[_kw] = (lambda v: isinstance(v, dict) and all(_is_schema(x) for x in v.values()),
                      "an object whose values are schemas")


# A sufficient test per keyword on the exact type of the value, so the common valid values (a description
# string, a properties object of objects, a required list of names) pass without calling the checker above;
# anything else (subclasses such as YAML's mappings, floats, wrong types) goes through `_EXPECTED` as before.
_DICT_OR_BOOL = frozenset({dict, bool})
_PLAIN: dict[str, frozenset[type]] = {
    **dict.fromkeys(("pattern", "format", "title", "description", "$comment", "$ref", "$schema", "$id"),
                    frozenset({str})),
    **dict.fromkeys(("uniqueItems", "readOnly", "writeOnly", "deprecated"), frozenset({bool})),
    **dict.fromkeys(("maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"), frozenset({int})),
    **dict.fromkeys(("enum", "examples"), frozenset({list})),
    **dict.fromkeys(SCHEMA_KEYWORDS, _DICT_OR_BOOL),
    "items": frozenset({dict}),
}
_PLAIN.update((key, frozenset()) for key in _EXPECTED.keys() - _PLAIN.keys())  # every keyword: one lookup
_ONLY_STR = frozenset({str})


def _plainly_expected(key: str, value: Any) -> bool:
    """`_EXPECTED[key]` holds for `value`, decided from exact types alone (False: ask `_EXPECTED`)."""
    kind = type(value)
    if key == "type":
        return kind is str and value in SCHEMA_TYPES
    if kind in _PLAIN[key]:
        return True
    if key in _NONNEG:
        return kind is int and value >= 0
    if kind is dict and key in SCHEMA_MAP_KEYWORDS:
        return set(map(type, value.values())) <= _DICT_OR_BOOL
    if kind is list and key == "required":
        return set(map(type, value)) <= _ONLY_STR and len(set(value)) == len(value)
    if kind is list and key in SCHEMA_LIST_KEYWORDS:
        return bool(value) and set(map(type, value)) <= _DICT_OR_BOOL
    return kind is dict and key == "items"


_DRAFT4 = lazy_compile(r"draft-0[34]/")


def _draft4(tool: Tool | None) -> bool:
    if tool is None:
        return False
    schema = tool.schema
    return isinstance(schema, dict) and isinstance(schema.get("$schema"), str) and bool(_DRAFT4.search(schema["$schema"]))


@check("invalid-json-schema", "schema")
def invalid_json_schema(node: SchemaNode, ctx: Context) -> None:
    tool = ctx.tool
    draft4 = None
    schema = node.schema
    for key, value in schema.items():
        plain = _PLAIN.get(key)
        if plain is None or type(value) in plain:
            continue
        if _plainly_expected(key, value):
            continue
        expected = _EXPECTED[key]
        if tool is not None and tool.openapi_schema and key == "type" and isinstance(value, str):
            continue
        if key in ("exclusiveMaximum", "exclusiveMinimum") and isinstance(value, bool):
            draft4 = _draft4(tool) if draft4 is None else draft4
            if draft4:
                continue
        if key == "required" and isinstance(value, bool):
            ctx.report(jp.join(node.pointer, key),
                       f"`required: {str(value).lower()}` on a property is draft-03 syntax; list the property "
                       "name in the parent object's `required` array instead")
            continue
        check_value, description = expected
        if check_value(value):
            continue
        where = jp.join(node.pointer, key)
        if key == "type" and _report_foreign_type(value, where, ctx):
            continue
        if key in SCHEMA_MAP_KEYWORDS and isinstance(value, dict):
            for name, entry in value.items():
                if not _is_schema(entry):
                    ctx.report(jp.join(where, name), f"`{key}` entry {name!r} must be a schema (an object or a "
                               f"boolean), not {describe_value(entry)}")
        elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list) and value:
            for index, entry in enumerate(value):
                if not _is_schema(entry):
                    ctx.report(jp.join(where, index), f"`{key}[{index}]` must be a schema (an object or a "
                               f"boolean), not {describe_value(entry)}")
        else:
            ctx.report(where, f"`{key}` must be {description}, not {describe_value(value)}")


def _report_foreign_type(value: Any, where: str, ctx: Context) -> bool:
    """`"type": "dict"` and friends: one finding that names the JSON Schema type to use instead."""
    names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    foreign = [(n, type_names.replacement(n)) for n in names if isinstance(n, str) and n not in SCHEMA_TYPES]
    replaced = [(n, r) for n, r in foreign if r is not None]
    if not foreign or len(replaced) < len(foreign):
        return False
    ctx.report(where, "; ".join(type_names.advice(n, r) for n, r in replaced),
               autofix=_foreign_type_fix(value, where))
    return True


# Aliases whose JSON Schema type says less than the name did (a date, a UUID, a set): the rename is for a person.
_LOSSY_ALIASES = frozenset({"date", "datetime", "uuid", "set", "json", "decimal"})


def _foreign_type_fix(value: Any, where: str) -> fixes.Fix | None:
    """`dict` -> `object`, `float` -> `number`, `String` -> `string`: written when each name means one type."""
    names = [value] if isinstance(value, str) else list(value)
    if not all(isinstance(name, str) for name in names):
        return None  # `["OBJECT", []]`: the other entry is invalid-json-schema's, and nothing to rename it to
    fixed = []
    for name in names:
        if name in SCHEMA_TYPES:
            fixed.append(name)
            continue
        replaced = type_names.replacement(name)
        if not replaced or str(name).strip().lower() in _LOSSY_ALIASES:
            return None
        fixed.append(replaced)
    if len(set(fixed)) != len(fixed):
        return None
    new: Any = fixed[0] if isinstance(value, str) else fixed
    return fixes.safe(f"write `{json.dumps(new, ensure_ascii=False)}`", edits.set_value(where, new))


@check("schema-root-not-object", "tool")
def schema_root_not_object(tool: Tool, ctx: Context) -> None:
    schema = tool.schema
    key = tool.schema_field
    if tool.schema_key is None:
        if tool.dialect is GEMINI:
            return  # Gemini declarations without parameters are tools that take none
        ctx.report(tool.name_pointer, f"the tool has no `{key}`", key=True,
                   help=f'give it `"{key}": {{"type": "object", "properties": {{}}}}` if it takes no arguments')
        return
    if not isinstance(schema, dict):
        ctx.report(tool.schema_pointer, f"`{key}` must be a JSON Schema object with `\"type\": \"object\"`, "
                   f"not {describe_value(schema)}")
        return
    declared = schema.get("type")
    if declared == "object" or type_names.replacement(declared) == "object":
        return  # `"type": "dict"` is invalid-json-schema's finding, with the replacement
    if declared is None:
        ctx.report(tool.schema_pointer, f'`{key}` has no `"type": "object"` at its root; providers reject it',
                   key=True)
    else:
        ctx.report(jp.join(tool.schema_pointer, "type"),
                   f'the root of `{key}` must be `"type": "object"`, not {shown(describe_value(declared))}',
                   help="wrap the value in an object property")


@check("unresolved-ref", "schema", keys=("$ref",))
def unresolved_ref(node: SchemaNode, ctx: Context) -> None:
    ref = node.schema["$ref"]
    if not isinstance(ref, str):
        return
    where = jp.join(node.pointer, "$ref")
    if is_remote_ref(ref):
        ctx.report(where, f"`$ref` {shown(repr(ref))} points outside this document",
                   help="copy the definition into `$defs`",
                   note="toollint never fetches it, and most clients cannot either")
        return
    if ctx.resolver().lookup(ref) is None:
        ctx.report(where, f"`$ref` {ref!r} does not resolve inside the tool's schema")


@dataclass(frozen=True)
class InvalidRegexOptions(RuleOptions, rule="invalid-regex"):
    check_backtracking: bool


@check("invalid-regex", "schema", keys=("pattern", "patternProperties"))
def invalid_regex(node: SchemaNode, ctx: Context) -> None:
    pattern = node.schema.get("pattern")
    if isinstance(pattern, str):
        _check_pattern(pattern, jp.join(node.pointer, "pattern"), ctx, key=False)
    patterns = node.schema.get("patternProperties")
    if isinstance(patterns, dict):
        for name in patterns:
            _check_pattern(name, jp.join(node.pointer, "patternProperties", name), ctx, key=True)


def _check_pattern(pattern: str, where: str, ctx: Context, *, key: bool) -> None:
    problem = ecma_error(pattern)
    if problem:
        autofix = None
        rewritten = ecma_equivalent(pattern)
        if rewritten is not None:
            edit = edits.rename_key(where, rewritten) if key else edits.set_value(where, rewritten)
            autofix = fixes.safe(f"write it as `{rewritten}`", edit)
        ctx.report(where, f"`{shown(pattern)}` is not a valid ECMA-262 regex", key=key, note=problem,
                   autofix=autofix)
    elif ctx.options.check_backtracking and backtracking_risk(pattern):
        ctx.report(where, f"`{shown(pattern)}` nests unbounded repetition with nothing fixed in between", key=key,
                   help="bound the inner repetition, or make the two repetitions match different characters",
                   note="matching a long string can take exponential time (catastrophic backtracking)")


# ---------------------------------------------------------------------------------------------
# unsatisfiable-constraint


_BOUNDS = (("minimum", "maximum", "number"), ("minLength", "maxLength", "string length"),
           ("minItems", "maxItems", "item count"), ("minProperties", "maxProperties", "property count"),
           ("minContains", "maxContains", "contains count"))

# A lower and an upper bound that could cross: only a node holding one of each can have an empty range.
_BOUND_PAIRS = ((frozenset({"minimum", "exclusiveMinimum"}), frozenset({"maximum", "exclusiveMaximum"})),
                *((frozenset({low}), frozenset({high})) for low, high, _ in _BOUNDS[1:]))


def _may_be_unsatisfiable(keys: tuple[str, ...]) -> bool:
    """Whether a node with these keys can be reported, decided once per node shape: an `enum`, a `const`
    beside a `type`, or two bounds of one pair (a lone `minimum` or `maxLength` bounds nothing away)."""
    if "enum" in keys or ("const" in keys and "type" in keys):
        return True
    return any(not low.isdisjoint(keys) and not high.isdisjoint(keys) for low, high in _BOUND_PAIRS)


@check("unsatisfiable-constraint", "schema",
       keys=("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems",
             "maxItems", "minProperties", "maxProperties", "minContains", "maxContains", "enum", "const"),
       when=_may_be_unsatisfiable)
def unsatisfiable_constraint(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    label = LazyLabel(node)
    types = schema_types(schema)
    if not _BOUND_KEYS.isdisjoint(schema):
        _unsatisfiable_bounds(node, types, label, ctx)
    enum = schema.get("enum")
    if isinstance(enum, list):
        if not enum:
            ctx.report(jp.join(node.pointer, "enum"), f"{label}: `enum` is empty, so no value is valid")
        elif types and not ctx.tool.openapi_schema and not set(map(type, enum)) <= _exact_types(types):
            wrong = [i for i, v in enumerate(enum) if not any(value_has_type(v, t) for t in types)]
            if len(wrong) == len(enum):
                ctx.report(jp.join(node.pointer, "enum"),
                           f"{label}: no `enum` value is of the declared type {'/'.join(sorted(types))}; no value "
                           f"is valid (e.g. {describe_value(enum[0])})")
            else:
                for index in wrong:
                    ctx.report(jp.join(node.pointer, "enum", index),
                               f"{label}: `enum` value {describe_value(enum[index])} is not of the declared type "
                               f"{'/'.join(sorted(types))}, so it can never be sent")
    if "const" in schema and types and not any(value_has_type(schema["const"], t) for t in types):
        ctx.report(jp.join(node.pointer, "const"), f"{label}: `const` {describe_value(schema['const'])} is not of "
                   f"the declared type {'/'.join(sorted(types))}; no value is valid")


_BOUND_KEYS = frozenset(key for bound in _BOUNDS for key in bound[:2]) | {"exclusiveMinimum", "exclusiveMaximum"}


def _unsatisfiable_bounds(node: SchemaNode, types: set[str], label: LazyLabel, ctx: Context) -> None:
    schema = node.schema
    for low_key, high_key, what in _BOUNDS:
        low, high = schema.get(low_key), schema.get(high_key)
        if _number(low) and _number(high) and low > high:
            ctx.report(jp.join(node.pointer, low_key),
                       f"{label}: `{low_key}` {low} is greater than `{high_key}` {high}, so no {what} is valid")
    low, high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    lower = max((v for v in (schema.get("minimum"), low) if _number(v)), default=None)
    upper = min((v for v in (schema.get("maximum"), high) if _number(v)), default=None)
    if lower is not None and upper is not None and (_number(low) or _number(high)) and lower >= upper:
        if not (lower == upper and not (_number(low) and low == lower) and not (_number(high) and high == upper)):
            key = "exclusiveMinimum" if _number(low) else "minimum"
            ctx.report(jp.join(node.pointer, key), f"{label}: the bounds leave no valid number "
                       f"(lower {lower}, upper {upper}, exclusive)")
    if "integer" in types and "number" not in types and _number(schema.get("minimum")) and _number(schema.get("maximum")):
        if schema["minimum"] <= schema["maximum"] and math.ceil(schema["minimum"]) > math.floor(schema["maximum"]):
            ctx.report(jp.join(node.pointer, "minimum"), f"{label}: no integer lies between `minimum` "
                       f"{schema['minimum']} and `maximum` {schema['maximum']}")


def _exact_types(types: set[str]) -> frozenset[type]:
    """The exact Python types every value of which has one of `types` (a quick pass over an enum)."""
    if len(types) == 1:  # the usual `"type": "string"`: one lookup
        (only,) = types
        return EXACT_TYPES.get(only, _NO_TYPES)
    return frozenset().union(*(EXACT_TYPES.get(t, ()) for t in types))


_NO_TYPES: frozenset[type] = frozenset()


# ---------------------------------------------------------------------------------------------
# default-not-valid


def _subschema_validator(ctx: Context, node: SchemaNode, has_ref: bool) -> Any:
    """A safe validator for one subschema, resolving its refs against the tool's whole schema (never fetching)."""
    tool = ctx.tool
    root = tool.schema if isinstance(tool.schema, dict) else {}
    cls = ctx.cached(("validator-class", id(tool)), lambda: validator_class(root, risky_patterns(root)))
    if not has_ref:
        return safe_validator(node.schema, cls=cls)

    def registry() -> Any:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        return Registry().with_resource("urn:toollint:schema",
                                        Resource.from_contents(root, default_specification=DRAFT202012))

    relative = node.pointer[len(tool.schema_pointer):]
    reference = {"$ref": "urn:toollint:schema#" + relative}
    return safe_validator(reference, registry=ctx.cached(("registry", id(tool)), registry), cls=cls)


def first_error(validator: Any, instance: Any) -> str | None:
    try:
        error = next(iter(sorted(validator.iter_errors(instance), key=lambda e: (list(e.absolute_path), e.validator))),
                     None)
    except Exception:  # noqa: BLE001 - a schema jsonschema cannot use is reported by invalid-json-schema
        return None
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where + ': ' if where else ''}{error.message}"


@check("default-not-valid", "schema", keys=("default", "examples"))
def default_not_valid(node: SchemaNode, ctx: Context) -> None:
    if ctx.tool.openapi_schema:
        return
    schema = node.schema
    candidates: list[tuple[tuple[str | int, ...], Any, str]] = []
    if "default" in schema and not (schema["default"] is None and node.is_property and not node.required_in_parent):
        # `default: null` on an optional property is the common "absent means null" idiom, not a bug.
        candidates.append((("default",), schema["default"], "`default`"))
    examples = schema.get("examples")
    if isinstance(examples, list):
        candidates += [(("examples", i), v, f"`examples[{i}]`") for i, v in enumerate(examples)]
    if not candidates:
        return
    validator = None
    composite = not _draft4(ctx.tool)
    for where, value, what in candidates:
        if plainly_valid(schema, value, composite=composite):
            continue
        if validator is None:
            validator = _subschema_validator(ctx, node, refs_and_patterns(schema)[0])
        problem = first_error(validator, value)
        if problem:
            ctx.report(jp.join(node.pointer, *where), f"{shown(node_label(node))}: {what} "
                       f"{shown(describe_value(value), 30)} is rejected by its own schema", note=problem,
                       help=f"change {what} to a value the schema accepts, or remove it")


_PYTHON_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "list",
                 "object": "dict"}


@check("null-default-not-nullable", "schema", keys=("default",))
def null_default_not_nullable(node: SchemaNode, ctx: Context) -> None:
    """`x: str = None`: an optional property defaults to null while its schema rejects null (the case
    default-not-valid leaves alone), so a model that copies the default makes a call that fails."""
    schema = node.schema
    if schema["default"] is not None or not node.is_property or node.required_in_parent or ctx.tool.openapi_schema:
        return
    declared = schema.get("type")
    problem: str | None
    if isinstance(declared, str) and declared != "null":  # `type` alone rejects null: no validator needed
        problem = f"None is not of type {declared!r}"
    else:
        if plainly_valid(schema, None, composite=not _draft4(ctx.tool)):
            return
        problem = first_error(_subschema_validator(ctx, node, refs_and_patterns(schema)[0]), None)
        if not problem:
            return
    typed = "an `anyOf` branch `{\"type\": \"null\"}`"
    if isinstance(declared, str):
        typed = f'`"type": ["{declared}", "null"]`'
        if declared in _PYTHON_TYPES:
            typed += f"; in Python `{_PYTHON_TYPES[declared]} | None = None`"
    ctx.report(jp.join(node.pointer, "default"),
               f"{shown(node_label(node))}: `default` is null, but its schema does not accept null",
               help=f"declare null ({typed}), or remove the default",
               note=f"{problem}; a model that copies the default sends null, and a validator that follows the "
                    "schema rejects the call (pydantic, strict mode, toollint's boundary)")


@check("default-not-valid", "tool")
def input_examples_valid(tool: Tool, ctx: Context) -> None:
    examples = tool.definition.get("input_examples")
    if not isinstance(examples, list) or not isinstance(tool.schema, dict):
        return
    validator = safe_validator(tool.schema)
    for index, example in enumerate(examples):
        problem = first_error(validator, example)
        if problem:
            ctx.report(jp.join(tool.definition_pointer, "input_examples", index),
                       f"`input_examples[{index}]` is rejected by the tool's input schema",
                       help="make the example valid, or remove it",
                       note=f"{problem}; Anthropic answers 400 to an invalid example")


# ---------------------------------------------------------------------------------------------
# unknown-keyword

_ALL_KNOWN = KNOWN_KEYWORDS | VENDOR_KEYWORDS
_FOLDED = {k.lower().replace("_", "").replace("-", ""): k for k in KNOWN_KEYWORDS}
_MISSPELLINGS = {"enums": "enum", "require": "required", "requires": "required", "desc": "description",
                 "descr": "description", "regex": "pattern", "defaults": "default", "types": "type",
                 "property": "properties", "props": "properties", "item": "items", "min": "minimum",
                 "max": "maximum", "additional_properties": "additionalProperties"}


def suggest_keyword(key: str) -> str | None:
    """The keyword `key` most likely meant (the first in sorted order when several are as close)."""
    candidates = keyword_candidates(key)
    return candidates[0] if candidates else None


def keyword_candidates(key: str) -> list[str]:
    """Every keyword as close to `key` as the closest one; a fix renames only when there is exactly one."""
    if len(key) < 2 or key in _ALL_KNOWN or key.startswith(("x-", "x_", "$")):
        return []
    if key in _MISSPELLINGS:
        return [_MISSPELLINGS[key]]
    folded = key.lower().replace("_", "").replace("-", "")
    if folded in _FOLDED:
        return [_FOLDED[folded]]
    limit = 1 if len(key) <= 6 else 2
    best: list[str] = []
    best_distance = limit + 1
    for known in sorted(KNOWN_KEYWORDS):
        if known.startswith("$") or known in ("id", "if"):
            continue
        if len(key) <= 4 and known[0] != key[0]:
            continue
        distance = damerau(key.lower(), known.lower(), limit)
        if distance < best_distance:
            best, best_distance = [known], distance
        elif distance == best_distance and distance <= limit:
            best.append(known)
    return best


@check("unknown-keyword", "schema", when=lambda keys: not _ALL_KNOWN.issuperset(keys))
def unknown_keyword(node: SchemaNode, ctx: Context) -> None:
    for key in node.schema:
        if key in _ALL_KNOWN:
            continue
        candidates = keyword_candidates(key)
        suggestion = candidates[0] if candidates else None
        if suggestion and suggestion not in node.schema:
            where = jp.join(node.pointer, key)
            autofix = (fixes.safe(f"rename `{key}` to `{suggestion}`", edits.rename_key(where, suggestion))
                       if len(candidates) == 1 else None)
            ctx.report(where, f"`{shown(key)}` is not a JSON Schema keyword; did you mean `{suggestion}`?", key=True,
                       help=f"rename `{key}` to `{suggestion}`",
                       note="validators and models silently ignore unknown keywords", autofix=autofix)
