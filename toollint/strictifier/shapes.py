"""Schema shapes, allOf merging and local references: what strictify and its boundary decoder share, so the
rewrite and the decoding always agree on which part of a schema travels in which form."""

from __future__ import annotations

import copy
import json
from typing import Any

from toollint import pointer as jp
from toollint.schema.walk import schema_types
from toollint.strictifier.sentences import append, detect_lang

_OBJECT_KEYS = frozenset({"properties", "additionalProperties", "patternProperties", "required", "minProperties",
                          "maxProperties", "propertyNames", "dependentRequired", "dependentSchemas",
                          "dependencies", "unevaluatedProperties"})
_ARRAY_KEYS = frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains",
                         "additionalItems", "unevaluatedItems", "minContains", "maxContains"})
_STRING_KEYS = frozenset({"minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"})
_NUMBER_KEYS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})

# ---------------------------------------------------------------------------------------------
# Shapes shared by the rewrite and the decoder, so the two always agree.


def _inferred_types(schema: dict[str, Any]) -> set[str]:
    types = schema_types(schema)
    if types:
        return types
    if not _OBJECT_KEYS.isdisjoint(schema):
        return {"object"}
    if not _ARRAY_KEYS.isdisjoint(schema):
        return {"array"}
    if not _STRING_KEYS.isdisjoint(schema):
        return {"string"}
    if not _NUMBER_KEYS.isdisjoint(schema):
        return {"number"}
    return set()


_PRIMITIVES = frozenset({"string", "integer", "number", "boolean", "null"})
_TRIVIAL = frozenset({"type", "description", "title"})
_COMPOSED = frozenset({"$ref", "allOf", "oneOf"})
# An object that plain() handles directly: declared properties, no composition, no pattern keys.
_OBJECT_FAST = frozenset({"$ref", "allOf", "oneOf", "anyOf", "enum", "const", "not", "if", "patternProperties"})
_OBJECT_TYPES = frozenset({"object"})
_ARRAY_TYPES = frozenset({"array"})
_NOT_PLAIN = frozenset({"$ref", "allOf", "anyOf", "oneOf", "enum", "const", "not", "if"})


def shape(schema: Any, *, is_root: bool = False) -> str:
    """free (sent as JSON text), map (sent as a key/value array), object, array, or other."""
    if schema is True:
        return "free"
    if not isinstance(schema, dict):
        return "other"
    if not _NOT_PLAIN.isdisjoint(schema):
        return "other"
    types = _inferred_types(schema)
    if not types:
        return "object" if is_root else "free"
    if "object" in types:
        properties = schema.get("properties")
        has_properties = isinstance(properties, dict) and bool(properties)
        extra = schema.get("additionalProperties")
        patterns = schema.get("patternProperties")
        if not has_properties and types <= {"object", "null"}:
            if isinstance(extra, dict) and extra and not patterns:
                return "map"
            if isinstance(patterns, dict) and len(patterns) == 1 and extra in (None, False) and \
                    isinstance(next(iter(patterns.values())), dict):
                return "map"
        if is_root:
            return "object"
        if not has_properties and extra is not False and not patterns:
            return "free"
        if types == {"object"} or types == {"object", "null"}:
            return "object"
        return "free" if not has_properties else "object"
    if types <= {"array", "null"}:
        return "array"
    return "other"


def _map_parts(schema: dict[str, Any]) -> tuple[Any, str | None]:
    """(value schema, key pattern) of a map-shaped object."""
    patterns = schema.get("patternProperties")
    if isinstance(patterns, dict) and patterns:
        pattern, value = next(iter(patterns.items()))
        return value, pattern
    return schema.get("additionalProperties"), None


# ---------------------------------------------------------------------------------------------
# References and allOf.


class _MergeError(Exception):
    def __init__(self, message: str, *, unsatisfiable: bool = False) -> None:
        super().__init__(message)
        self.unsatisfiable = unsatisfiable  # no value satisfies every branch (not just "no strict form")


_LOWER = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
_UPPER = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")
_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "deprecated", "$comment", "readOnly",
                          "writeOnly"})


def merge_all(schemas: list[Any]) -> dict[str, Any]:
    """One schema that accepts what all of `schemas` accept, where that can be written without allOf."""
    result: dict[str, Any] = {}
    for schema in schemas:
        if schema is True:
            continue
        if not isinstance(schema, dict):
            raise _MergeError("a `false` schema", unsatisfiable=True)
        for key, value in schema.items():
            if key not in result:
                result[key] = copy.deepcopy(value)
                continue
            have = result[key]
            if have == value:
                continue
            if key == "properties" and isinstance(have, dict) and isinstance(value, dict):
                for name, sub in value.items():
                    have[name] = {"allOf": [have[name], copy.deepcopy(sub)]} if name in have else copy.deepcopy(sub)
            elif key == "required" and isinstance(have, list) and isinstance(value, list):
                have.extend(v for v in value if v not in have)
            elif key == "type":
                a = {have} if isinstance(have, str) else set(have)
                b = {value} if isinstance(value, str) else set(value)
                if "number" in a and "integer" in b:
                    a.add("integer")
                if "number" in b and "integer" in a:
                    b.add("integer")
                both = [t for t in sorted(a & b)]
                if not both:
                    raise _MergeError("the branches' types do not overlap", unsatisfiable=True)
                result[key] = both[0] if len(both) == 1 else both
            elif key in _LOWER and _is_number(have) and _is_number(value):
                result[key] = max(have, value)
            elif key in _UPPER and _is_number(have) and _is_number(value):
                result[key] = min(have, value)
            elif key == "description" and isinstance(have, str) and isinstance(value, str):
                result[key] = have if value in have else (append(have, [value], detect_lang(have) or "en"))
            elif key in ("title", "$comment", "examples", "default"):
                continue
            elif key == "enum" and isinstance(have, list) and isinstance(value, list):
                result[key] = [v for v in have if v in value]
                if not result[key]:
                    raise _MergeError("the branches' enums do not overlap", unsatisfiable=True)
            elif key == "additionalProperties" and (have is False or value is False):
                result[key] = False
            elif key == "allOf" and isinstance(have, list) and isinstance(value, list):
                have.extend(copy.deepcopy(value))
            else:
                raise _MergeError(f"both branches set `{key}` differently")
    return result


def _disjoint(branches: list[Any]) -> bool:
    """Whether no value can match two branches, seen at a glance (distinct consts, or distinct plain types), so
    that `anyOf` already means `oneOf`."""
    consts = [b["const"] for b in branches if isinstance(b, dict) and "const" in b]
    if len(consts) == len(branches):
        keys = [json.dumps(c, sort_keys=True) for c in consts]
        return len(set(keys)) == len(keys)
    kinds = []
    for branch in branches:
        declared = branch.get("type") if isinstance(branch, dict) else None
        if not isinstance(declared, str) or "$ref" in branch or "anyOf" in branch or "oneOf" in branch:
            return False
        kinds.append("number" if declared == "integer" else declared)
    return len(set(kinds)) == len(kinds)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _ref_target(ref: str) -> str | None:
    """The JSON Pointer a local `$ref` names, or None when it is not a `#` pointer reference."""
    if ref == "#":
        return ""
    if not ref.startswith("#/"):
        return None
    from urllib.parse import unquote

    return unquote(ref[1:])


def _lookup(root: Any, pointer: str) -> Any:
    target = root
    for token in jp.split(pointer):
        if isinstance(target, dict) and token in target:
            target = target[token]
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            raise KeyError(pointer)
    return target


def _anchor_index(root: Any) -> dict[str, str]:
    """`$anchor` and plain-name `$id` (`#name`) -> pointer, for the rare schema that uses them."""
    from toollint.schema.walk import walk

    found = {}
    for node in walk(root, ""):
        anchor = node.schema.get("$anchor")
        if isinstance(anchor, str):
            found["#" + anchor] = node.pointer
        for key in ("$id", "id"):
            value = node.schema.get(key)
            if isinstance(value, str) and value.startswith("#") and not value.startswith("#/"):
                found[value] = node.pointer
    return found
