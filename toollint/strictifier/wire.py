"""Facts about wire schemas that the rewriter, the codec and the output check share.

While strictify rewrites, every node sent in another form than the original carries a private marker
(`MARK`): JSON text, a key/value map, a union-wrapped JSON text, the explicit-null tag, a tuple, or an
object whose null properties mean "absent". The codec reads those markers to encode and decode
arguments; `strip_marks` removes them before the schema goes on the wire.
"""

from __future__ import annotations

import json
from typing import Any

from toollint.schema.types import json_type_of

MARK = "x-toollint-codec"
TEXT, MAP, WRAP, NULL_TAG, TUPLE, OBJECT = "text", "map", "wrap", "null", "tuple", "object"
WRAP_KEY = "json"  # the one property of a union-wrapped JSON text: {"json": "<text>"}
_JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")


def kind(wire: Any) -> str | None:
    """The codec marker's kind on one wire node, or None for a node sent as it is."""
    if wire.__class__ is dict:
        mark = wire.get(MARK)
        if mark is not None:
            return mark["kind"]
    return None


def strip_marks(wire: Any) -> Any:
    """The wire schema without codec markers: what is sent to the provider. Parts without a marker are shared
    with the input, not copied."""
    cls = wire.__class__
    if cls is dict:
        out = None
        for key, value in wire.items():
            if value.__class__ is dict or value.__class__ is list:
                stripped = strip_marks(value)
                if stripped is not value:
                    if out is None:
                        out = dict(wire)
                    out[key] = stripped
        if MARK in wire:
            if out is None:
                out = dict(wire)
            del out[MARK]
        return wire if out is None else out
    if cls is list:
        out_list = None
        for index, value in enumerate(wire):
            if value.__class__ is dict or value.__class__ is list:
                stripped = strip_marks(value)
                if stripped is not value:
                    if out_list is None:
                        out_list = list(wire)
                    out_list[index] = stripped
        return wire if out_list is None else out_list
    return wire


def json_type(value: Any) -> str:
    """The JSON type name of a Python value parsed from JSON (2.0 is an integer, as JSON Schema says)."""
    return json_type_of(value, integral_floats=True)


_ONE_TYPE = {name: frozenset({name, "integer"} if name == "number" else {name}) for name in _JSON_TYPES}
_NARROWING = frozenset({"const", "enum", "anyOf", "nullable", "$ref"})
_LISTED_TYPES: dict[tuple[str, ...], frozenset[str]] = {}
_PLAIN_LEAF = _NARROWING | {"properties", "items", "required", "minItems"}


def wire_types(wire: Any, defs: dict[str, Any] | None = None, depth: int = 0) -> set[str] | frozenset[str]:
    """The JSON types a wire node can accept (every type when it does not say)."""
    if wire.__class__ is dict and _NARROWING.isdisjoint(wire):  # the common node, answered from a table
        declared = wire.get("type")
        if declared.__class__ is str and declared in _ONE_TYPE:
            return _ONE_TYPE[declared]
        if declared.__class__ is list and all(t.__class__ is str for t in declared):
            key = tuple(declared)
            found = _LISTED_TYPES.get(key)
            if found is None:
                found = _LISTED_TYPES[key] = frozenset(declared) | ({"integer"} if "number" in declared else set())
            return found
    if wire is True or wire == {} or depth > 20:
        return set(_JSON_TYPES)
    if not isinstance(wire, dict):
        return set()
    if "$ref" in wire and defs is not None:
        name = str(wire["$ref"]).rsplit("/", 1)[-1]
        return wire_types(defs.get(name, True), defs, depth + 1)
    declared = wire.get("type")
    types = {declared} if isinstance(declared, str) else set(declared) if isinstance(declared, list) else \
        set(_JSON_TYPES)
    if "number" in types:
        types.add("integer")
    if wire.get("nullable") is True:
        types.add("null")
    if "const" in wire:
        types &= {json_type(wire["const"])}
    if isinstance(wire.get("enum"), list):
        types &= {json_type(v) for v in wire["enum"]}
    if isinstance(wire.get("anyOf"), list):
        types &= set().union(*(wire_types(b, defs, depth + 1) for b in wire["anyOf"])) if wire["anyOf"] else set()
    return types


def accepts_null(wire: Any) -> bool:
    return "null" in wire_types(wire)


def without_null(wire: dict[str, Any]) -> dict[str, Any]:
    """The wire node narrowed so it no longer accepts null (null then says "absent" on OpenAI)."""
    out = dict(wire)
    declared = out.get("type")
    if isinstance(declared, list) and "null" in declared:
        rest = [t for t in declared if t != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
    out.pop("nullable", None)
    if isinstance(out.get("enum"), list) and None in out["enum"]:
        out["enum"] = [v for v in out["enum"] if v is not None]
    if isinstance(out.get("anyOf"), list):
        out["anyOf"] = [without_null(b) if isinstance(b, dict) else b for b in out["anyOf"]
                        if not (isinstance(b, dict) and wire_types(b) == {"null"})]
    mark = out.get(MARK)
    if mark is not None and mark.get("null"):
        out[MARK] = {**mark, "null": False}
    return out


def null_tag(description: str) -> dict[str, Any]:
    """The value an OpenAI model sends for an explicit null where a plain null means "absent"."""
    return {"type": "object", "description": description, "properties": {"null": {"type": "boolean", "enum": [True]}},
            "required": ["null"], "additionalProperties": False, MARK: {"kind": NULL_TAG}}


def wrapped_text(text_wire: dict[str, Any]) -> dict[str, Any]:
    """JSON text inside a union that also takes plain strings: wrapped in {"json": ...} so the two never mix."""
    inner = {k: v for k, v in text_wire.items() if k not in ("title", "description")}
    inner[MARK] = {**text_wire[MARK], "null": False}
    if isinstance(inner.get("type"), list):
        inner["type"] = "string"
    inner.pop("nullable", None)
    out: dict[str, Any] = {k: text_wire[k] for k in ("title", "description") if k in text_wire}
    out.update({"type": "object", "properties": {WRAP_KEY: inner}, "required": [WRAP_KEY],
                "additionalProperties": False, MARK: {"kind": WRAP}})
    return out


def separate_text_branches(branches: list[Any], *, deep: bool = False) -> list[Any]:
    """Union branches where JSON text can no longer be mistaken for a plain string (and the reverse): a
    JSON-text branch beside a string branch is wrapped in {"json": ...}; with `deep` (some node of the schema
    travels as text), branches holding JSON text further down come first, so that a value both could carry
    decodes by the branch that parses it (and `encode` checks which one gives the value back)."""
    texts = [i for i, b in enumerate(branches) if kind(b) == TEXT]
    if texts and any("string" in wire_types(b) for i, b in enumerate(branches) if i not in texts):
        branches = [wrapped_text(b) if i in texts else b for i, b in enumerate(branches)]
    if deep and len(branches) > 1:
        marked = [has_mark(b) for b in branches]
        if any(marked) and marked != sorted(marked, reverse=True):  # otherwise in the author's order
            pairs = list(zip(branches, marked, strict=True))
            branches = [b for b, m in pairs if m] + [b for b, m in pairs if not m]
    return branches


def has_mark(wire: Any) -> bool:
    """Whether any node of this wire subschema travels in another form (JSON text, a map...)."""
    if wire.__class__ is dict:
        return MARK in wire or any(has_mark(v) for v in wire.values())
    if wire.__class__ is list:
        return any(has_mark(v) for v in wire)
    return False


def choices(values: list[Any], *, typed: bool, primitive_only: bool, string_enum_only: bool,
            const_ok: bool) -> tuple[dict[str, Any], bool]:
    """The exact wire form of "one of these values": (schema, exact). Objects become closed objects with
    one-value leaves; arrays a typed array (a superset: the validator checks the rest). Not exact when the
    target cannot say the values (Gemini's non-string enums): the caller then moves them into the description."""
    groups: dict[str, list[Any]] = {}
    for value in values:
        groups.setdefault(json_type(value), []).append(value)
    exact = True
    if not primitive_only and not string_enum_only and not typed:
        return {"enum": list(values)}, True
    branches = []
    for type_name, members in groups.items():
        if type_name == "object":
            for member in members:
                branch, ok = _object_member(member, typed=typed, string_enum_only=string_enum_only, const_ok=const_ok)
                exact &= ok
                branches.append(branch)
        elif type_name == "array":
            items: list[Any] = []
            for member in members:
                for item in member:
                    if item not in items:
                        items.append(item)
            inner = choices(items, typed=typed, primitive_only=primitive_only, string_enum_only=string_enum_only,
                            const_ok=const_ok)[0] if items else None
            branches.append({"type": "array", "items": inner or {"type": "string"}})
            exact = False
        elif type_name == "null":
            branches.append({"type": "null"})
        else:
            kind_name = "number" if type_name == "number" else type_name
            if type_name == "integer" and any(isinstance(m, float) for m in members):
                kind_name = "number"
            if string_enum_only and kind_name != "string":
                branches.append({"type": kind_name})
                exact = False
            elif len(members) == 1 and const_ok and not string_enum_only:
                branches.append({"type": kind_name, "const": members[0]})
            else:
                branches.append({"type": kind_name, "enum": members})
    if len(branches) == 1:
        return branches[0], exact
    if not typed and all(set(b) <= {"type", "enum", "const"} and b.get("type") not in ("array", "object")
                         for b in branches):
        return {"enum": list(values)}, exact  # a typeless primitive enum: fine where a type is not required
    return {"anyOf": branches}, exact


def _object_member(member: dict[str, Any], *, typed: bool, string_enum_only: bool,
                   const_ok: bool) -> tuple[dict[str, Any], bool]:
    properties = {}
    exact = True
    for name, value in member.items():
        properties[name], ok = choices([value], typed=True, primitive_only=True, string_enum_only=string_enum_only,
                                       const_ok=const_ok)
        exact &= ok
    return {"type": "object", "properties": properties, "required": list(member),
            "additionalProperties": False}, exact


def first_unsatisfiable(wire: Any, defs: dict[str, Any] | None = None, pointer: str = "",
                        seen: frozenset[str] = frozenset()) -> str | None:
    """The pointer of a node (within `wire`) that no value can satisfy, if any; `$ref` cycles count as
    satisfiable. Catches a wire that accepts nothing before it reaches a provider."""
    if wire.__class__ is not dict:
        return pointer if wire is False else None
    if _PLAIN_LEAF.isdisjoint(wire) and wire.get("type").__class__ is str:
        return None  # one declared type and nothing narrowing it: always satisfiable
    if "$ref" in wire and defs is not None:
        name = str(wire["$ref"]).rsplit("/", 1)[-1]
        if name in seen or name not in defs:
            return None
        return first_unsatisfiable(defs[name], defs, pointer, seen | {name})
    if not wire_types(wire, defs):
        return pointer
    branches = wire.get("anyOf")
    if isinstance(branches, list):
        declared = wire_types({k: v for k, v in wire.items() if k != "anyOf"}, defs)
        if not any(first_unsatisfiable(b, defs, f"{pointer}/anyOf/{i}", seen) is None and
                   declared & wire_types(b, defs) for i, b in enumerate(branches)):
            return pointer + "/anyOf"
    properties = wire.get("properties")
    if isinstance(properties, dict):
        for name in wire.get("required") or ():
            if name in properties:
                found = first_unsatisfiable(properties[name], defs, f"{pointer}/properties/{name}", seen)
                if found is not None:
                    return found
            elif wire.get("additionalProperties") is False:
                return f"{pointer}/required"
    items = wire.get("items")
    if isinstance(items, dict) and (wire.get("minItems") or 0) > 0 and "array" in wire_types(wire, defs) and \
            wire_types(wire, defs) == {"array"}:
        return first_unsatisfiable(items, defs, pointer + "/items", seen)
    return None


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values (so `True` is not `1`, and key order does not matter)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def gemini_parameters(wire: Any, *, has_refs: bool = True) -> Any:
    """A wire schema (codec markers dropped) as Gemini's `parameters` Schema: `to_gemini`, with references spelt as the
    Schema proto spells them (`ref: "#/defs/Name"`, `defs` at the root; google-genai's `Schema` takes no `$ref`
    or `$defs`). A reference to the root itself goes through a copy of the root in `defs`."""
    out = to_gemini(wire)
    if not has_refs or not isinstance(out, dict) or not _has_ref(out):
        return out
    defs = dict(out.pop("$defs", None) or {})
    root_name = None
    if _has_ref(out, "#") or any(_has_ref(d, "#") for d in defs.values()):
        root_name, counter = "root", 2
        while root_name in defs:
            root_name, counter = f"root_{counter}", counter + 1
        defs[root_name] = dict(out)
    spelled = _spell_refs(out, root_name)
    spelled["defs"] = {name: _spell_refs(sub, root_name) for name, sub in defs.items()}
    return spelled


def _has_ref(node: Any, ref: str | None = None) -> bool:
    if isinstance(node, list):
        return any(_has_ref(v, ref) for v in node)
    if not isinstance(node, dict):
        return False
    if "$ref" in node and (ref is None or node["$ref"] == ref):
        return True
    return any(_has_ref(v, ref) for k, v in node.items() if k not in ("enum", "default", "example"))


def _spell_refs(node: Any, root_name: str | None) -> Any:
    if isinstance(node, list):
        return [_spell_refs(v, root_name) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out["ref"] = f"#/defs/{root_name}" if value == "#" else value.replace("#/$defs/", "#/defs/", 1)
        elif key in ("enum", "default", "example"):
            out[key] = value
        else:
            out[key] = _spell_refs(value, root_name)
    return out


def to_gemini(wire: Any) -> Any:
    """A wire schema (codec markers dropped) in the terms of Gemini's `parameters` Schema (OpenAPI 3.0 subset): `nullable`
    in place of type arrays and `null` branches, no `additionalProperties` (the Gemini API answers "Unknown
    name"), no `const`."""
    if isinstance(wire, list):
        return [to_gemini(v) for v in wire]
    if not isinstance(wire, dict):
        return wire
    out = {k: to_gemini(v) for k, v in wire.items()
           if k != MARK and (k != "additionalProperties" or not isinstance(v, bool))}
    if "const" in out:
        out["enum"] = [out.pop("const")]
    declared = out.get("type")
    if isinstance(declared, list):
        rest = [t for t in declared if t != "null"]
        if len(rest) != len(declared):
            out["nullable"] = True
        if len(rest) == 1:
            out["type"] = rest[0]
        else:
            del out["type"]
            out["anyOf"] = [{"type": t} for t in rest]
    branches = out.get("anyOf")
    if isinstance(branches, list):
        kept = [b for b in branches if b != {"type": "null"}]
        if kept and len(kept) != len(branches):  # only null: the branch stays (Gemini has a NULL type)
            out["nullable"] = True
            if len(kept) == 1 and isinstance(kept[0], dict):
                del out["anyOf"]
                for key, value in kept[0].items():
                    if key == "description" and "description" in out:
                        continue
                    out[key] = value
            else:
                out["anyOf"] = kept
    return out
