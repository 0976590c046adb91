"""JSON types of Python values, and a cheap verdict for values checked against simple schemas."""

from __future__ import annotations

import math
from typing import Any

_PY_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "null": (type(None),),
    "object": (dict,), "array": (list,)}
# The exact Python types (`type(value)`, not `isinstance`) every value of which has the JSON type, and the other
# way round: a value of an exact type listed here is decided by set lookups (floats depend on the value).
EXACT_TYPES: dict[str, frozenset[type]] = {name: frozenset(kinds) for name, kinds in _PY_TYPES.items()}
_TYPES_OF: dict[type, frozenset[str]] = {
    kind: frozenset(name for name, kinds in _PY_TYPES.items() if kind in kinds)
    for kind in (str, int, bool, type(None), dict, list)}

# Keywords `plainly_valid` decides on its own; annotations need no decision.
_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$comment", "deprecated", "readOnly",
                          "writeOnly", "format", "nullable"})
_DECIDED = frozenset({"type", "enum", "const", "minimum", "maximum", "minLength", "maxLength"})
_SIMPLE = _DECIDED | _ANNOTATIONS
# Decided with `composite`: draft-04 reads them otherwise (boolean exclusive bounds; 1.0 is no integer there).
_COMPOSITE = frozenset({"anyOf", "items", "exclusiveMinimum", "exclusiveMaximum"})
_SIMPLE_OR_COMPOSITE = _SIMPLE | _COMPOSITE


def required_names(schema: Any) -> set[str]:
    """The property names a schema's `required` lists: strings only (any other item, `"required": [[]]`, is
    invalid-json-schema's to report, and the rules that count required properties read past it)."""
    required = schema.get("required") if isinstance(schema, dict) else None
    return {name for name in required if isinstance(name, str)} if isinstance(required, list) else set()


def json_type_of(value: Any, *, integral_floats: bool = False) -> str:
    """The JSON type name of a decoded value ("integer" for ints; for 2.0 too with `integral_floats`).

    Anything that JSON cannot hold gets its Python type name, so a message can still say what arrived.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if integral_floats and value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def value_has_type(value: Any, json_type: str) -> bool:
    """Whether `value` (decoded JSON) is an instance of `json_type`, as JSON Schema 2020-12 says (1.0 is an integer)."""
    if json_type == "integer":
        return (isinstance(value, int) or (isinstance(value, float) and value.is_integer())) and not isinstance(value, bool)
    if json_type == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if json_type == "boolean":
        return isinstance(value, bool)
    return isinstance(value, _PY_TYPES.get(json_type, (object,)))


def plainly_valid(schema: Any, value: Any, *, composite: bool = False) -> bool:
    """True when `schema` uses only simple keywords and `value` satisfies them; False means "ask jsonschema".

    Most defaults and examples sit on such schemas, and building a jsonschema validator for each costs far more
    than this check. A False is never a verdict of invalidity, only a hand-over to the full validator. With
    `composite` (for draft-06 and later only), `anyOf` of such schemas, `items` of one and numeric exclusive
    bounds are decided too. Each group of keywords is looked at only when the schema holds one of them.
    """
    if not isinstance(schema, dict):
        return False
    known = _SIMPLE_OR_COMPOSITE if composite else _SIMPLE
    if not known.issuperset(schema) and not all(k in known or k.startswith("x-") for k in schema):
        return False
    kind = schema.get("type")
    if kind is not None and not _has_declared_type(value, kind):
        return False
    if "enum" in schema and not (isinstance(schema["enum"], list) and _member(value, schema["enum"])):
        return False
    if "const" in schema and not _member(value, [schema["const"]]):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            return False
        if not _NUMBER_BOUNDS.isdisjoint(schema) and not _within_number_bounds(schema, value):
            return False
    elif isinstance(value, str) and not _LENGTH_BOUNDS.isdisjoint(schema):
        low, high = schema.get("minLength"), schema.get("maxLength")
        if low is not None and not (isinstance(low, int) and len(value) >= low):
            return False
        if high is not None and not (isinstance(high, int) and len(value) <= high):
            return False
    if composite and not _PARTS.isdisjoint(schema):
        return _plainly_valid_parts(schema, value)
    return True


_NUMBER_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_LENGTH_BOUNDS = frozenset({"minLength", "maxLength"})
_PARTS = frozenset({"anyOf", "items"})
_JSON_TYPES = frozenset(_PY_TYPES)


def _has_declared_type(value: Any, kind: Any) -> bool:
    """`value` has the declared `type` (a name, or a list of names one of which it has): `value_has_type`,
    answered by one table lookup for the usual case of one known name and a plain value."""
    if type(kind) is str and kind in _JSON_TYPES:
        names = _TYPES_OF.get(type(value))
        if names is not None:
            return kind in names
    kinds = [kind] if isinstance(kind, str) else kind
    return isinstance(kinds, list) and any(isinstance(k, str) and value_has_type(value, k) for k in kinds)


def _within_number_bounds(schema: dict[str, Any], value: float) -> bool:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and not (_number(low) and value >= low):
        return False
    if high is not None and not (_number(high) and value <= high):
        return False
    low, high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if low is not None and not (_number(low) and value > low):
        return False
    return high is None or (_number(high) and value < high)


def _plainly_valid_parts(schema: dict[str, Any], value: Any) -> bool:
    """`anyOf` (one branch plainly valid) and `items` (every element plainly valid) of `plainly_valid`."""
    if "anyOf" in schema:
        branches = schema["anyOf"]
        if not isinstance(branches, list) or not any(plainly_valid(b, value, composite=True) for b in branches):
            return False
    if "items" in schema and isinstance(value, list):
        items = schema["items"]
        if not isinstance(items, dict) or not all(plainly_valid(items, v, composite=True) for v in value):
            return False
    return True


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _member(value: Any, allowed: list[Any]) -> bool:
    """JSON equality: 1 == 1.0 but True != 1; only scalars are compared here, containers go to jsonschema."""
    if type(value) is str:  # equal only to a str: one C-level scan of (type, value) pairs
        return (str, value) in zip(map(type, allowed), allowed, strict=True)
    if isinstance(value, (dict, list)):
        return False
    return any(type(a) is type(value) and a == value or (_number(a) and _number(value) and a == value)
               for a in allowed)
