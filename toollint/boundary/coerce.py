"""Opt-in coercion (`Boundary(..., coerce=True)`): strings that unambiguously mean another JSON type.

Models quote numbers (`"200000"`), write booleans as `"true"`, and send arrays or objects as JSON
text (`"[\\"a\\"]"`). When a field's schema does not allow a string at all, such a string is
converted if it reads as exactly one of the allowed types: an integer literal, a JSON number,
`true`/`false`, `null`, or JSON text of an array or object. Anything else is left for validation to
reject. Each conversion is recorded, so a caller can log how often a tool definition needs it.
Fields without a declared `type` (unions, free values) are never touched: there is no unambiguous
reading.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toollint.boundary.messages import display_path
from toollint.schema.walk import entries, members

_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
MAX_DEPTH = 64


@dataclass(frozen=True)
class Coercion:
    """One conversion: where, what was sent, what it became."""

    path: tuple[str | int, ...]
    received: Any
    value: Any

    def to_dict(self) -> dict[str, Any]:
        return {"path": display_path(self.path), "received": self.received, "value": self.value}


def coerce_arguments(arguments: Any, schema: Any,
                     lookup: Callable[[str], Any]) -> tuple[Any, list[Coercion]]:
    """`arguments` with unambiguous strings converted (a new object when anything changed), and the list.

    `lookup(ref)` resolves a local `$ref` to `(schema, pointer)` or None.
    """
    done: list[Coercion] = []
    value = _walk(arguments, schema, (), lookup, done, 0)
    return value, done


def _resolve(schema: Any, lookup: Callable[[str], Any]) -> Any:
    for _ in range(MAX_DEPTH):
        if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
            return schema
        found = lookup(schema["$ref"])
        if found is None:
            return schema
        schema = found[0]
    return schema


def _walk(value: Any, schema: Any, path: tuple, lookup: Callable[[str], Any], done: list[Coercion],
          depth: int) -> Any:
    schema = _resolve(schema, lookup)
    if depth > MAX_DEPTH or not isinstance(schema, dict):
        return value
    if isinstance(value, str):
        converted = _convert(value, schema)
        if converted is not _NO:
            done.append(Coercion(path, value, converted))
            value = converted
        else:
            return value
    if isinstance(value, dict):
        properties = members(schema, "properties")
        extra = schema.get("additionalProperties")
        changed: dict[Any, Any] = {}
        for key, item in value.items():
            sub = properties.get(key, extra if isinstance(extra, dict) else None)
            if sub is not None:
                new = _walk(item, sub, path + (key,), lookup, done, depth + 1)
                if new is not item:
                    changed[key] = new
        return {**value, **changed} if changed else value
    if isinstance(value, list):
        items = schema.get("items")
        prefix = entries(schema, "prefixItems")
        out: list[Any] = []
        altered = False
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else items
            new = _walk(item, sub, path + (index,), lookup, done, depth + 1) if isinstance(sub, dict) else item
            altered = altered or new is not item
            out.append(new)
        return out if altered else value
    return value


_NO: Any = object()


def _types(schema: dict) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    return set()


def _convert(text: str, schema: dict) -> Any:
    """The one value `text` stands for among the schema's allowed types, or _NO."""
    allowed = _types(schema)
    if not allowed or "string" in allowed:
        return _NO
    readings: list[Any] = []
    if "integer" in allowed and _INTEGER.fullmatch(text):
        readings.append(int(text))
    elif "number" in allowed and _NUMBER.fullmatch(text):
        number = float(text)
        readings.append(int(text) if _INTEGER.fullmatch(text) else number)
    if "boolean" in allowed and text in ("true", "false"):
        readings.append(text == "true")
    if "null" in allowed and text == "null":
        readings.append(None)
    if allowed & {"array", "object"} and text.lstrip()[:1] in ("[", "{"):
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            parsed = _NO
        if isinstance(parsed, list) and "array" in allowed or isinstance(parsed, dict) and "object" in allowed:
            readings.append(parsed)
    return readings[0] if len(readings) == 1 else _NO
