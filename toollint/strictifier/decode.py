"""The boundary's half of strictify: turn the arguments a strict model sent back into the original schema's form.

Kept apart from the rewriter so a boundary validator imports only this (and the shapes it shares with the
rewriter); `toollint.strictify` re-exports `decode_wire_arguments` and `has_wire_forms`.
"""

from __future__ import annotations

import json
from typing import Any

from toollint.schema.walk import entries, schema_types
from toollint.strictifier.shapes import (
    _ANNOTATIONS,
    _inferred_types,
    _lookup,
    _map_parts,
    _MergeError,
    _ref_target,
    merge_all,
    shape,
)


def decode_wire_arguments(original_schema: Any, arguments: Any) -> Any:
    """Map a strict call's arguments back to the original schema's form, before validating them:

    - null for an optional property whose schema does not accept null -> the property is absent (OpenAI);
    - a `[{"key", "value"}]` array where the original has a map object -> that object;
    - JSON text where the original accepts a value of any shape -> the parsed value.

    Pure: the input is not modified.
    """
    return _Decoder(original_schema).decode(original_schema, arguments, True, 0)


def has_wire_forms(original_schema: Any) -> bool:
    """Whether strictify sends part of this schema in another form, so that `decode_wire_arguments` may change a
    call beyond OpenAI's null-for-absent: a map, a value of any shape, or a required but undefined property."""
    from toollint.schema.walk import walk

    for node in walk(original_schema, ""):
        schema = node.schema
        if shape(schema, is_root=node.is_root) in ("map", "free"):
            return True
        required = schema.get("required")
        properties = schema.get("properties")
        if isinstance(required, list) and schema.get("additionalProperties") is not False and \
                any(isinstance(name, str) and not (isinstance(properties, dict) and name in properties)
                    for name in required):
            return True
        items = schema.get("items")
        if "array" in schema_types(schema) and "items" not in schema and "prefixItems" not in schema or \
                items is True or items == {}:
            return True
    return False


class _Decoder:
    def __init__(self, root: Any) -> None:
        self.root = root

    def resolve(self, schema: Any, depth: int = 0) -> Any:
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and depth < 32:
            target = _ref_target(schema["$ref"])
            if target is None:
                return schema
            try:
                resolved = _lookup(self.root, target)
            except KeyError:
                return schema
            siblings = {k: v for k, v in schema.items() if k not in ("$ref", "$defs", "definitions")}
            if isinstance(resolved, dict):
                resolved = {k: v for k, v in resolved.items() if k not in ("$defs", "definitions")}
            if siblings and isinstance(resolved, dict):
                try:
                    resolved = {**resolved, **siblings} if set(siblings) <= _ANNOTATIONS else \
                        merge_all([resolved, siblings])
                except _MergeError:
                    pass
            schema = resolved
            depth += 1
        if isinstance(schema, dict) and isinstance(schema.get("allOf"), list):
            parts = [{k: v for k, v in schema.items() if k != "allOf"}]
            parts += [self.resolve(b, depth + 1) for b in schema["allOf"]]
            try:
                schema = merge_all(parts)
            except _MergeError:
                return schema
            return self.resolve(schema, depth + 1)
        if isinstance(schema, dict) and "oneOf" in schema and "anyOf" not in schema:
            schema = {("anyOf" if k == "oneOf" else k): v for k, v in schema.items()}
        return schema

    def decode(self, schema: Any, value: Any, is_root: bool, depth: int) -> Any:
        if depth > 100:
            return value
        schema = self.resolve(schema)
        form = shape(schema, is_root=is_root)
        if form == "free":
            if isinstance(value, str):
                try:
                    return json.loads(value)
                except ValueError:
                    return value
            return value
        if not isinstance(schema, dict):
            return value
        if form == "map":
            if isinstance(value, list) and all(isinstance(e, dict) and "key" in e for e in value):
                value_schema, _ = _map_parts(schema)
                return {str(e["key"]): self.decode(value_schema, e.get("value"), False, depth + 1) for e in value}
            return value
        branches = schema.get("anyOf")
        if isinstance(branches, list) and branches:
            return self.decode_union(schema, branches, value, depth)
        if isinstance(value, dict):
            properties = schema.get("properties")
            if not isinstance(properties, dict):
                return value
            required = entries(schema, "required")
            out = {}
            for name, item in value.items():
                sub = properties.get(name)
                if sub is None:
                    # required but undefined in an open object: strictify sent it as JSON text
                    undefined = name in required and schema.get("additionalProperties") is not False
                    out[name] = self.decode(True, item, False, depth + 1) if undefined else item
                    continue
                if item is None and name not in required and not self.accepts_null(sub):
                    continue
                out[name] = self.decode(sub, item, False, depth + 1)
            return out
        if isinstance(value, list):
            items = schema.get("items")
            if isinstance(items, list):
                return [self.decode(items[i], v, False, depth + 1) if i < len(items) else v
                        for i, v in enumerate(value)]
            if "items" not in schema and "prefixItems" not in schema and "array" in _inferred_types(schema):
                items = True
            if items is None:
                return value
            return [self.decode(items, v, False, depth + 1) for v in value]
        return value

    def decode_union(self, schema: dict[str, Any], branches: list[Any], value: Any, depth: int) -> Any:
        from toollint.schema.validation import safe_validator

        base = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}
        candidates = []
        for branch in branches:
            try:
                merged = merge_all([base, self.resolve(branch)]) if base else self.resolve(branch)
            except _MergeError:
                merged = self.resolve(branch)
            decoded = self.decode(merged, value, False, depth + 1)
            candidates.append((merged, decoded))
        for merged, decoded in candidates:
            try:
                if safe_validator(merged).is_valid(decoded):
                    return decoded
            except Exception:  # noqa: BLE001 - refs into the root: fall through to the first change
                continue
        for _, decoded in candidates:
            if decoded != value:
                return decoded
        return value

    def accepts_null(self, schema: Any) -> bool:
        schema = self.resolve(schema)
        if schema is True or schema == {}:
            return True
        if not isinstance(schema, dict):
            return False
        if "null" in schema_types(schema) or (isinstance(schema.get("enum"), list) and None in schema["enum"]):
            return True
        if "const" in schema:
            return schema["const"] is None
        for key in ("anyOf", "oneOf"):
            if isinstance(schema.get(key), list) and any(self.accepts_null(b) for b in schema[key]):
                return True
        return not _inferred_types(schema) and not any(k in schema for k in ("anyOf", "oneOf", "enum", "not"))
