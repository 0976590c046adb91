"""Valid values for a schema: the smallest that passes, and one that uses every field and limit.

Strings that must match a `pattern` come, in this order, from the schema's own `examples`/`default`,
from a token of the description that matches (tool authors write "for example ORD-20260917"), and
last from `rstr`, seeded, so a file of cases is the same for the same seed. Every candidate is
checked against the schema; when nothing valid can be made, the caller is told (`NO_VALUE`).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from toollint.schema.walk import RefResolver, entries, members

NO_VALUE: Any = type("NoValue", (), {"__repr__": lambda self: "NO_VALUE"})()
MAX_DEPTH = 8
MAX_ITEMS = 3  # items in a "maximal" array without maxItems
MAX_LENGTH = 64  # characters in a "maximal" string without maxLength
# A schema can ask for more than a case file can hold (`minLength: 10000000`, `minItems: 100000000` ran for
# minutes or out of memory: reliability review 2, lower items): past these, no value is made (NO_VALUE).
MAX_GENERATED_LENGTH = 100_000
MAX_GENERATED_ITEMS = 10_000
_NUMBERS = re.compile(r"(?<![A-Za-z0-9_.])-?[0-9]+(?:\.[0-9]+)?(?![A-Za-z0-9_.])")
_TOKENS = re.compile(r"[^\s,;，。；、：:（）()\"'`“”‘’]+")

_FORMATS = {
    "date": "2026-09-17", "date-time": "2026-09-17T10:30:00Z", "time": "10:30:00Z", "email": "user@example.com",
    "idn-email": "user@example.com", "uri": "https://example.com/a", "uri-reference": "https://example.com/a",
    "iri": "https://example.com/a", "url": "https://example.com/a", "hostname": "example.com",
    "idn-hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
    "uuid": "123e4567-e89b-42d3-a456-426614174000", "duration": "P1D", "json-pointer": "/a",
    "regex": "^a$",
}


class Values:
    """Makes values for the subschemas of one tool's input schema."""

    def __init__(self, root: Any, rng: random.Random) -> None:
        from jsonschema import Draft202012Validator, FormatChecker
        from jsonschema.validators import validator_for

        self.root = root
        self.rng = rng
        draft = root.get("$schema") if isinstance(root, dict) else None
        self.resolver = RefResolver(root, "", draft if isinstance(draft, str) else None)
        cls = validator_for(root, default=Draft202012Validator)
        self._validator = cls(root, format_checker=FormatChecker())

    # --- checking --------------------------------------------------------------------------------

    def valid(self, value: Any, schema: Any) -> bool:
        if value is NO_VALUE:
            return False
        try:
            return bool(self._validator.evolve(schema=schema).is_valid(value))
        except Exception:  # noqa: BLE001 - an unresolvable or odd schema: we cannot vouch for the value
            return False

    def resolve(self, schema: Any) -> Any:
        """Follow `$ref` chains to the schema they name (the original when they do not resolve)."""
        seen = 0
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < MAX_DEPTH:
            found = self.resolver.lookup(schema["$ref"])
            if found is None:
                return schema
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            schema = {**found[0], **siblings} if isinstance(found[0], dict) else found[0]
            seen += 1
        return schema

    def merged(self, schema: Any) -> Any:
        """`$ref` followed and `allOf` branches folded in (properties and required combined)."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or not isinstance(schema.get("allOf"), list):
            return schema
        out = {k: v for k, v in schema.items() if k != "allOf"}
        for branch in schema["allOf"]:
            branch = self.merged(branch)
            if not isinstance(branch, dict):
                continue
            for key, value in branch.items():
                if key == "properties" and isinstance(value, dict):
                    out["properties"] = {**out.get("properties", {}), **value}
                elif key == "required" and isinstance(value, list):
                    out["required"] = list(dict.fromkeys([*out.get("required", []), *value]))
                else:
                    out.setdefault(key, value)
        return out

    # --- making ----------------------------------------------------------------------------------

    def make(self, schema: Any, maximal: bool = False, *, name: str = "", depth: int = 0, variant: int = 0) -> Any:
        """A value valid for `schema`, or NO_VALUE. `variant` > 0 asks for a different one (unique items)."""
        if depth > MAX_DEPTH:
            return NO_VALUE
        if schema is True or schema == {}:
            return "example" if not variant else f"example-{variant}"
        if not isinstance(schema, dict):
            return NO_VALUE
        schema = self.merged(schema)
        for candidate in self.candidates(schema, maximal, name, depth, variant):
            if candidate is not NO_VALUE and self.valid(candidate, schema):
                return candidate
        return NO_VALUE

    def candidates(self, schema: dict, maximal: bool, name: str, depth: int, variant: int):
        if "const" in schema:
            yield schema["const"]
            return
        enum = schema.get("enum")
        if isinstance(enum, list) and enum:
            values = [v for v in enum if v is not None] or enum
            order = list(reversed(values)) if maximal else values
            yield from order[variant % len(order):] + order[: variant % len(order)]
            return
        for key in ("anyOf", "oneOf"):
            branches = schema.get(key)
            if isinstance(branches, list) and branches:
                base = {k: v for k, v in schema.items() if k != key}
                order = list(reversed(branches)) if maximal else branches
                for branch in order:
                    branch = self.merged(branch)
                    if isinstance(branch, dict):
                        yield self.make({**base, **branch}, maximal, name=name, depth=depth + 1, variant=variant)
                return
        kind = primary_type(schema)
        if kind == "object":
            yield self._object(schema, maximal, depth, variant)
        elif kind == "array":
            yield self._array(schema, maximal, name, depth)
        elif kind == "string":
            yield from self._strings(schema, maximal, name, variant)
        elif kind in ("integer", "number"):
            yield from self._numbers(schema, maximal, kind, variant)
        elif kind == "boolean":
            yield bool(maximal) if not variant else not maximal
        elif kind == "null":
            yield None

    def _object(self, schema: dict, maximal: bool, depth: int, variant: int = 0) -> Any:
        properties = members(schema, "properties")
        required = [r for r in entries(schema, "required") if isinstance(r, str)]
        names = list(properties) if maximal else [n for n in properties if n in required]
        names += [r for r in required if r not in names]
        out: dict[str, Any] = {}
        for prop in names:
            sub = properties.get(prop, schema.get("additionalProperties", True))
            if sub is False:
                sub = True
            value = self.make(sub, maximal, name=prop, depth=depth + 1, variant=variant)
            if value is NO_VALUE and variant:
                value = self.make(sub, maximal, name=prop, depth=depth + 1)
            if value is NO_VALUE:
                if prop in required:
                    return NO_VALUE
                continue
            out[prop] = value
        return out

    def _array(self, schema: dict, maximal: bool, name: str, depth: int) -> Any:
        low = _int(schema.get("minItems"), 0)
        if isinstance(low, int) and low > MAX_GENERATED_ITEMS:
            return NO_VALUE
        high = _int(schema.get("maxItems"), None)
        prefix = entries(schema, "prefixItems")
        count = (high if high is not None else max(low, len(prefix), MAX_ITEMS)) if maximal else max(low, len(prefix))
        count = min(count, max(low, MAX_ITEMS, len(prefix)))
        items = schema.get("items", True)
        out = []
        for index in range(count):
            sub = prefix[index] if index < len(prefix) else (items if isinstance(items, (dict, bool)) else True)
            value = self.make(sub, maximal, name=name, depth=depth + 1, variant=index)
            if value is NO_VALUE:
                return NO_VALUE
            out.append(value)
        return out

    def _strings(self, schema: dict, maximal: bool, name: str, variant: int):
        low = _int(schema.get("minLength"), 0)
        high = _int(schema.get("maxLength"), None)
        if isinstance(low, int) and low > MAX_GENERATED_LENGTH:
            return
        for key in ("examples", "default", "example"):
            found = schema.get(key)
            for value in (found if isinstance(found, list) else [found]):
                if isinstance(value, str):
                    yield _variant(value, variant)
        description = schema.get("description")
        pattern = schema.get("pattern")
        if isinstance(description, str) and isinstance(pattern, str):
            for token in _TOKENS.findall(description):
                yield _variant(token, variant)
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt in _FORMATS:
            yield format_value(fmt, variant)
        if isinstance(pattern, str):
            yield from self._from_pattern(pattern, low, high)
        if is_path_like(name, schema):
            yield _fit("/srv/data/report.txt" if not variant else f"/srv/data/report-{variant}.txt", low, high)
        if maximal and high is not None:
            yield _fit("", high, high, variant)
        yield _fit("", max(low, 1) if not maximal else max(low, 12), high, variant)

    def described(self, schema: Any) -> Any:
        """A value the description itself gives as an example ("19.99 元写 1999" gives 1999 for an
        integer), or NO_VALUE: what a model reading that description is likely to send."""
        description = schema.get("description") if isinstance(schema, dict) else None
        if not isinstance(description, str):
            return NO_VALUE
        for token in _NUMBERS.findall(description):
            value = float(token) if "." in token else int(token)
            if self.valid(value, schema):
                return value
        return NO_VALUE

    def _from_pattern(self, pattern: str, low: int, high: int | None):
        try:
            import rstr
        except ImportError:  # pragma: no cover - rstr is a dependency; a broken install falls back to no value
            return
        generator = rstr.Rstr(self.rng)
        for _ in range(8):
            try:
                text = generator.xeger(pattern)
            except Exception:  # noqa: BLE001 - a pattern sre cannot read (ECMA-only syntax): no value from it
                return
            if low <= len(text) <= (high if high is not None else len(text)):
                yield text

    def _numbers(self, schema: dict, maximal: bool, kind: str, variant: int):
        integer = kind == "integer"
        step = 1 if integer else 0.5
        low, high = numeric_bounds(schema, integer)
        multiple = schema.get("multipleOf") if isinstance(schema.get("multipleOf"), (int, float)) else None
        if maximal:
            start = high if high is not None else (low + 100 * step if low is not None else 100)
            candidates = [start - variant * step]
        else:
            start = low if low is not None else (1 if high is None or high >= 1 else high)
            candidates = [start + variant * step]
        for value in candidates:
            if multiple:
                value = (value // multiple + (0 if value % multiple == 0 or maximal else 1)) * multiple
            yield int(value) if integer else _clean(value)


def primary_type(schema: dict) -> str:
    """The type a value for `schema` should have: the first non-null declared type, else guessed from keywords."""
    declared = schema.get("type")
    types = [declared] if isinstance(declared, str) else [t for t in declared or [] if isinstance(t, str)]
    for kind in types:
        if kind != "null":
            return kind
    if types:
        return "null"
    if any(k in schema for k in ("properties", "required", "additionalProperties")):
        return "object"
    if any(k in schema for k in ("items", "prefixItems", "minItems", "maxItems")):
        return "array"
    if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")):
        return "number"
    return "string"


def numeric_bounds(schema: dict, integer: bool) -> tuple[float | None, float | None]:
    """The smallest and largest allowed values (exclusive bounds moved one step inward)."""
    step = 1 if integer else 0.01
    low = schema.get("minimum") if _is_number(schema.get("minimum")) else None
    high = schema.get("maximum") if _is_number(schema.get("maximum")) else None
    if _is_number(schema.get("exclusiveMinimum")):
        edge = schema["exclusiveMinimum"] + step
        low = edge if low is None else max(low, edge)
    if _is_number(schema.get("exclusiveMaximum")):
        edge = schema["exclusiveMaximum"] - step
        high = edge if high is None else min(high, edge)
    if integer:
        import math

        low = math.ceil(low) if low is not None else None
        high = math.floor(high) if high is not None else None
    return (_clean(low) if low is not None else None), (_clean(high) if high is not None else None)


_PATH_NAME = re.compile(r"(^|_)(path|file|filename|dir|directory|folder)s?$|Path$|File$|Dir$", re.IGNORECASE)
_ABSOLUTE = re.compile(r"absolute|绝对", re.IGNORECASE)


def is_path_like(name: str, schema: dict) -> bool:
    """A string field holding a file system path: by its name, or a description asking for an absolute path."""
    description = schema.get("description")
    return bool(_PATH_NAME.search(name or "")) or isinstance(description, str) and bool(_ABSOLUTE.search(description))


def wants_absolute(schema: dict) -> bool:
    description = schema.get("description")
    return isinstance(description, str) and bool(_ABSOLUTE.search(description))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _int(value: Any, default: Any) -> Any:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _clean(value: float) -> Any:
    """Floats without binary noise (19.99 - 0.01 is 19.979999999999997 otherwise)."""
    return value if isinstance(value, int) else round(value, 6)


def format_value(fmt: str, variant: int = 0) -> str:
    """A valid value of a `format`; distinct ones for distinct `variant`s (unique items)."""
    value = _FORMATS[fmt]
    if not variant:
        return value
    if fmt in ("date", "date-time"):
        return value.replace("-17", f"-{10 + variant % 18:02d}", 1)
    if fmt in ("email", "idn-email"):
        return f"user{variant}@example.com"
    if fmt in ("uri", "uri-reference", "iri", "url", "json-pointer"):
        return f"{value}{variant}"
    if fmt in ("hostname", "idn-hostname"):
        return f"host{variant}.example.com"
    if fmt == "ipv4":
        return f"192.0.2.{variant % 250 + 2}"
    if fmt == "uuid":
        return value[:-4] + f"{variant % 10000:04d}"
    return value


def _variant(text: str, variant: int) -> str:
    return text if not variant else f"{text}-{variant}"


def _fit(text: str, low: int, high: int | None, variant: int = 0) -> str:
    base = text or ("example" if not variant else f"example{variant}")
    if len(base) < low:
        base += "x" * (low - len(base))
    if high is not None and len(base) > high:
        base = base[:high]
    return base


def json_text(value: Any) -> str:
    """Compact JSON as a model writes it, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False)
