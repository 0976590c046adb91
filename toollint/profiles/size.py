"""Size limits of a strict mode (OpenAI: 5,000 object properties, 10 nesting levels, 1,000 enum values,
120,000 characters of names and enum/const values, 15,000 characters for one enum over 250 values).

They are per request, summed over every strict schema, and come from the profile's `[size]` table, so a
provider change is a TOML edit. Both `check --target` and `strictify` measure with `size_usage`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class SizeLimits:
    """A profile's `[size]` table (None: no published limit)."""

    object_properties: int | None = None
    nesting_levels: int | None = None
    enum_values: int | None = None
    total_string_length: int | None = None
    large_enum_threshold: int = 250
    large_enum_length: int | None = None

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self) if f.name != "large_enum_threshold")


@dataclass
class SizeUsage:
    """What schemas spend of the size limits: counts add up, the deepest nesting and largest enum are kept."""

    object_properties: int = 0
    nesting_levels: int = 0
    enum_values: int = 0
    total_string_length: int = 0
    large_enum_length: int = 0

    def add(self, other: SizeUsage) -> SizeUsage:
        return SizeUsage(self.object_properties + other.object_properties,
                         max(self.nesting_levels, other.nesting_levels), self.enum_values + other.enum_values,
                         self.total_string_length + other.total_string_length,
                         max(self.large_enum_length, other.large_enum_length))


_LEVEL_KEYS = frozenset({"properties", "items", "prefixItems", "additionalProperties"})
_NAMING_KEYS = ("properties", "$defs", "definitions")  # what follows them is a name, not a keyword
_INDEX = 0  # stands for an array index on a path: never a keyword


def _path(node: Any) -> list[Any] | None:
    """The tokens of `node.pointer` (relative to the walked root), read from the chain of nodes instead of
    building and splitting the pointer; array indexes as `_INDEX`. None when a map key is not a string."""
    from toollint.schema.walk import SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS

    reversed_tokens: list[Any] = []
    current = node
    while current.parent is not None:
        via = current.via
        if current.name is not None:
            reversed_tokens += (current.name, via)
        elif via in SCHEMA_LIST_KEYWORDS or via == "items" and isinstance(current.parent.schema.get("items"), list):
            reversed_tokens += (_INDEX, via)
        elif via in SCHEMA_MAP_KEYWORDS or via == "dependencies":  # a map reached without a string name
            return None
        else:
            reversed_tokens.append(via)
        current = current.parent
    reversed_tokens.reverse()
    return reversed_tokens


def _nesting_level(node: Any) -> int:
    """Objects and arrays inside each other down to `node`, the root object being level 1."""
    from toollint import pointer as jp

    tokens = _path(node)
    if tokens is None:
        tokens = jp.split(node.pointer)
    return 1 + sum(1 for index, token in enumerate(tokens) if token in _LEVEL_KEYS
                   and (index == 0 or tokens[index - 1] not in _NAMING_KEYS))


def size_usage(schema: Any, limits: SizeLimits) -> SizeUsage:
    """Measure one schema: properties and definitions named, nesting (objects and arrays inside each other,
    the root object being level 1), enum/const values and their characters."""
    from toollint.schema.walk import walk

    usage = SizeUsage()
    for node in walk(schema, ""):
        body = node.schema
        properties = body.get("properties")
        if isinstance(properties, dict):
            usage.object_properties += len(properties)
            usage.total_string_length += sum(len(name) for name in properties)
            usage.nesting_levels = max(usage.nesting_levels, _nesting_level(node))
        for key in ("$defs", "definitions"):
            if isinstance(body.get(key), dict):
                usage.total_string_length += sum(len(name) for name in body[key])
        enum = body.get("enum")
        if isinstance(enum, list):
            usage.enum_values += len(enum)
            length = sum(len(value) for value in enum if isinstance(value, str))
            usage.total_string_length += length
            if len(enum) > limits.large_enum_threshold:
                usage.large_enum_length = max(usage.large_enum_length, length)
        if isinstance(body.get("const"), str):
            usage.total_string_length += len(body["const"])
    return usage


_WHAT = {
    "object_properties": "object properties in total",
    "nesting_levels": "levels of nesting",
    "enum_values": "enum values in total",
    "total_string_length": "characters of property names, definition names and enum/const values",
    "large_enum_length": "characters in one enum of more than {threshold} values",
}


def size_problems(usage: SizeUsage, limits: SizeLimits) -> list[str]:
    """One phrase per exceeded limit: "6,000 object properties in total (limit 5,000)"."""
    problems = []
    for name, what in _WHAT.items():
        limit = getattr(limits, name)
        value = getattr(usage, name)
        if limit is not None and value > limit:
            text = what.format(threshold=limits.large_enum_threshold)
            problems.append(f"{value:,} {text} (limit {limit:,})")
    return problems
