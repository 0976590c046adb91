"""Non-JSON-Schema type names (`dict`, `float`, `String`...) and the JSON Schema name each one means.

Tool catalogs written from Python, Java or TypeScript habits use their language's names; the fix is a
rename, so one finding with the right replacement helps more than a list of the seven legal names.
"""

from __future__ import annotations

from typing import Any

from toollint.schema.walk import SCHEMA_TYPES

ANY = ""  # `any`: no single JSON Schema type; drop `type` or list the types

_ALIASES: dict[str, str] = {
    "dict": "object", "map": "object", "hash": "object", "hashmap": "object", "record": "object", "struct": "object",
    "obj": "object", "json": "object", "dictionary": "object", "mapping": "object",
    "float": "number", "double": "number", "decimal": "number", "num": "number", "real": "number",
    "float32": "number", "float64": "number", "long": "integer", "int": "integer", "int32": "integer",
    "int64": "integer", "short": "integer", "uint": "integer", "bigint": "integer",
    "list": "array", "tuple": "array", "set": "array", "arraylist": "array", "sequence": "array", "seq": "array",
    "str": "string", "text": "string", "char": "string", "varchar": "string", "date": "string",
    "datetime": "string", "uuid": "string",
    "bool": "boolean", "none": "null", "nil": "null", "nonetype": "null",
    "any": ANY, "mixed": ANY, "unknown": ANY,
}


def replacement(name: Any) -> str | None:
    """The JSON Schema type a foreign type name stands for ("" for `any`), or None when it is no known alias."""
    if not isinstance(name, str) or name in SCHEMA_TYPES:
        return None
    lowered = name.strip().lower()
    if lowered in SCHEMA_TYPES:
        return lowered  # `String`, `Integer`
    for prefix in ("list[", "list<", "array<", "array[", "dict[", "map<", "tuple[", "set["):
        if lowered.startswith(prefix):
            return _ALIASES[prefix[:-1].rstrip("<[")] if prefix[:-1] in _ALIASES else "array"
    return _ALIASES.get(lowered)


def advice(name: str, replaced: str) -> str:
    """The message for one foreign type name."""
    if replaced == ANY:
        return (f'`type` "{name}" is not a JSON Schema type name; JSON Schema has no `any`: drop `type` to allow '
                "every value, or list the types it may take")
    return f'`type` "{name}" is not a JSON Schema type name; use "{replaced}"'
