"""The calls a contract test makes for one tool: valid ones, boundary values, and one per known mistake.

Each draft is a call (`{"name", "arguments"}`, arguments as an object, or as raw text for the
truncated-JSON case) and a sentence saying what it tries. The expected verdict is not decided
here: `toollint.contract.verdicts` asks the boundary, so the cases pin down what the boundary does.

Per tool: the minimal and the maximal valid call, `{}` when something is required, an extra
field, truncated JSON and a misspelt tool name. Per field (nested objects and the first item of
arrays included): missing when required, `null`, another JSON type, the value as a string
(`"19.99"`, `"true"`, JSON text), a fraction for an integer, an enum value in another case and one
outside the enum, both sides of every numeric, length and item-count limit, a pattern or format
mismatch, duplicate items, and a relative path where a path is asked for.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from toollint.boundary.messages import display_path
from toollint.contract.values import (
    MAX_GENERATED_LENGTH,
    NO_VALUE,
    Values,
    is_path_like,
    json_text,
    numeric_bounds,
    primary_type,
    wants_absolute,
)
from toollint.schema.walk import entries, members

MAX_FIELD_DEPTH = 3
# Each field case copies and checks the whole call, so the work is fields x call size (10,000 required
# properties ran out of memory: reliability review 2, item 10): the fields that get cases of their own are
# capped so that product stays under MAX_CASE_WORK.
MAX_CASE_WORK = 100_000
_WRONG_TYPE: dict[str, Any] = {"string": 42, "integer": "many", "number": "many", "boolean": 1, "object": ["x"],
                               "array": "x", "null": 0}


@dataclass
class Draft:
    """A call to try and why; `id` is unique within the tool."""

    id: str
    call: dict[str, Any]
    why: str


@dataclass
class Field:
    path: tuple[str | int, ...]
    schema: dict[str, Any]
    required: bool

    @property
    def where(self) -> str:
        return display_path(self.path)


class ToolCases:
    """Drafts for one tool, from its input schema and a seeded random source."""

    def __init__(self, name: str, schema: Any, seed: int, other_names: list[str]) -> None:
        self.name = name
        self.schema = schema if isinstance(schema, dict) else {"type": "object"}
        if "type" not in self.schema and not any(k in self.schema for k in ("$ref", "anyOf", "oneOf", "allOf")):
            self.schema = {**self.schema, "type": "object"}  # arguments are an object, even for `{"$schema": …}`
        self.rng = random.Random(f"{seed}:{name}")
        self.values = Values(self.schema, self.rng)
        self.other_names = other_names
        self.warnings: list[str] = []
        self._ids: set[str] = set()

    def drafts(self) -> list[Draft]:
        minimal = self.values.make(self.schema)
        maximal = self.values.make(self.schema, maximal=True)
        if minimal is NO_VALUE:
            self.warnings.append(f"{self.name}: no valid call could be made from the schema; only the "
                                 f"tool-level cases were written")
        out: list[Draft] = []
        if minimal is not NO_VALUE:
            out.append(self._draft("valid-minimal", minimal, "the smallest valid call: required fields only"))
        if maximal is not NO_VALUE and maximal != minimal:
            out.append(self._draft("valid-maximal", maximal, "every field given, at its largest allowed value"))
        base = minimal if isinstance(minimal, dict) else {}
        out.extend(self._tool_level(base))
        if isinstance(minimal, dict):
            fields = max(10, MAX_CASE_WORK // (len(json_text(base)) // 20 + 1))
            for count, field in enumerate(self._fields(self.schema, (), depth=0)):
                if count == fields:
                    self.warnings.append(f"{self.name}: the call is large, so only the first {fields} fields "
                                         "got cases of their own")
                    break
                out.extend(self._field_cases(base, field))
        return out

    # --- tool level --------------------------------------------------------------------------------

    def _tool_level(self, base: dict) -> Iterator[Draft]:
        root = self.values.merged(self.schema)
        required = entries(root, "required")
        if required:
            yield self._draft("empty-arguments", {}, "empty arguments ({}) although fields are required, as "
                                                      "strict mode occasionally sends")
        properties = members(root, "properties")
        extra = _near_miss(list(properties))
        yield self._draft("extra-field", {**base, extra: base.get(_snake(extra), "example")},
                          f"an undeclared field {extra!r} next to valid arguments")
        text = json_text(base)
        yield self._draft("truncated-json", text[: max(1, len(text) * 2 // 3)],
                          "arguments cut off mid-JSON, as when output stops at max_tokens or a stream breaks")
        wrong = self.name[:-1] if self.name.endswith("s") else self.name + "s"
        if wrong in self.other_names:
            wrong = self.name + "_v2"
        yield Draft(self._unique("unknown-tool"), {"name": wrong, "arguments": base},
                    f"a misspelt tool name {wrong!r}")

    # --- fields ------------------------------------------------------------------------------------

    def _fields(self, schema: Any, path: tuple, depth: int) -> Iterator[Field]:
        schema = self.values.merged(schema)
        if depth >= MAX_FIELD_DEPTH or not isinstance(schema, dict):
            return
        properties = members(schema, "properties")
        required = entries(schema, "required")
        for name, sub in properties.items():
            sub = self.values.merged(sub)
            if not isinstance(sub, dict):
                continue
            field = Field(path + (name,), sub, name in required)
            yield field
            kind = primary_type(sub)
            if kind == "object":
                yield from self._fields(sub, field.path, depth + 1)
            elif kind == "array" and isinstance(sub.get("items"), dict):
                items = self.values.merged(sub["items"])
                if isinstance(items, dict) and primary_type(items) == "object":
                    yield Field(field.path + (0,), items, False)
                    yield from self._fields(items, field.path + (0,), depth + 1)

    def _field_cases(self, base: dict, field: Field) -> Iterator[Draft]:
        s, where = field.schema, field.where
        good = self.values.make(s, name=str(field.path[-1]))
        with_field = self._with(base, field.path, good) if good is not NO_VALUE else None
        if with_field is None:
            self.warnings.append(f"{self.name}: no valid value for {where}; its cases were skipped")
            return
        if field.required:
            yield self._mutant("missing", field, self._without(base, field.path),
                               f"required field {where} left out")
        kind = primary_type(s)
        if not self.values.valid(None, s):
            yield self._mutant("null", field, self._with(base, field.path, None), f"{where} sent as null")
        wrong = _WRONG_TYPE.get(kind)
        if wrong is not None and not self.values.valid(wrong, s):
            yield self._mutant("wrong-type", field, self._with(base, field.path, wrong),
                               f"{where} sent as {_json_type(wrong)} instead of {kind}")
        yield from self._stringified(base, field, good, kind)
        if kind == "integer" and isinstance(good, int):
            yield self._mutant("fraction", field, self._with(base, field.path, good + 0.5),
                               f"{where} sent with a fraction ({good + 0.5}) where an integer is required")
        yield from self._enum_cases(base, field)
        if kind in ("integer", "number"):
            yield from self._numeric_limits(base, field, kind, good)
        if kind == "string":
            yield from self._string_limits(base, field, good)
        if kind == "array":
            yield from self._array_limits(base, field, good)
        if kind == "object" and s.get("additionalProperties") is False:
            extra = _near_miss(list(s.get("properties", {})))
            value = dict(good) if isinstance(good, dict) else {}
            value[extra] = "example"
            yield self._mutant("extra-field", field, self._with(base, field.path, value),
                               f"an undeclared field {extra!r} inside {where}")

    def _stringified(self, base: dict, field: Field, good: Any, kind: str) -> Iterator[Draft]:
        where = field.where
        if kind in ("integer", "number") and not isinstance(good, bool):
            example = self.values.described(field.schema)
            text = json_text(good if example is NO_VALUE else example)
            yield self._mutant("number-as-string", field, self._with(base, field.path, text),
                               f"{where} sent as the string {text!r}: models often quote numbers")
        elif kind == "boolean":
            text = json_text(good)
            yield self._mutant("boolean-as-string", field, self._with(base, field.path, text),
                               f"{where} sent as the string {text!r}")
        elif kind in ("array", "object"):
            text = json_text(good)
            yield self._mutant(f"{kind}-as-json-text", field, self._with(base, field.path, text),
                               f"{where} sent as JSON text {text!r} instead of a JSON {kind}")

    def _enum_cases(self, base: dict, field: Field) -> Iterator[Draft]:
        s, where = field.schema, field.where
        enum = s.get("enum")
        if isinstance(enum, list):
            eligible = [v for v in enum if isinstance(v, str) and _case_variant(v) not in enum and _case_variant(v) != v]
            if eligible:
                value = self.rng.choice(eligible)
                variant = _case_variant(value)
                yield self._mutant("enum-case", field, self._with(base, field.path, variant),
                                   f"{where} sent as {variant!r}, the enum value {value!r} in another case")
            outside = "unknown_value"
            if all(isinstance(v, str) for v in enum) and outside not in enum:
                yield self._mutant("enum-outside", field, self._with(base, field.path, outside),
                                   f"{where} sent as {outside!r}, which is not one of the enum values")
        if "const" in s and isinstance(s["const"], str):
            yield self._mutant("const-other", field, self._with(base, field.path, s["const"] + "_other"),
                               f"{where} sent as another value than its constant")

    def _numeric_limits(self, base: dict, field: Field, kind: str, good: Any) -> Iterator[Draft]:
        s, where = field.schema, field.where
        integer = kind == "integer"
        low, high = numeric_bounds(s, integer)
        step = 1 if integer else 0.01
        for edge, outside, side in ((low, "exclusiveMinimum", "minimum"), (high, "exclusiveMaximum", "maximum")):
            if edge is None:
                continue
            beyond = s[outside] if _is_number(s.get(outside)) and (s.get(side) is None) else \
                (edge - step if side == "minimum" else edge + step)
            beyond = round(beyond, 6) if isinstance(beyond, float) else beyond
            label = "at-minimum" if side == "minimum" else "at-maximum"
            yield self._mutant(label, field, self._with(base, field.path, edge),
                               f"{where} at its {side}, {json_text(edge)}")
            label = "below-minimum" if side == "minimum" else "above-maximum"
            yield self._mutant(label, field, self._with(base, field.path, beyond),
                               f"{where} just past its {side}: {json_text(beyond)}")
        multiple = s.get("multipleOf")
        if isinstance(multiple, (int, float)) and _is_number(good):
            value = good + multiple / 2
            value = int(value) if integer and value == int(value) else round(value, 6)
            yield self._mutant("not-multiple", field, self._with(base, field.path, value),
                               f"{where} = {json_text(value)}, not a multiple of {json_text(multiple)}")

    def _string_limits(self, base: dict, field: Field, good: Any) -> Iterator[Draft]:
        s, where = field.schema, field.where
        free = not any(k in s for k in ("pattern", "format", "enum", "const"))
        low, high = s.get("minLength"), s.get("maxLength")
        if free and isinstance(low, int) and 0 < low <= MAX_GENERATED_LENGTH:
            yield self._mutant("at-min-length", field, self._with(base, field.path, "x" * low),
                               f"{where} exactly {low} characters long, its minimum")
            yield self._mutant("too-short", field, self._with(base, field.path, "x" * (low - 1)),
                               f"{where} {low - 1} characters long, one under its minimum")
        if free and isinstance(high, int) and 0 < high <= 100_000:
            yield self._mutant("at-max-length", field, self._with(base, field.path, _cjk(high)),
                               f"{where} exactly {high} characters long (Chinese text: characters, not bytes, "
                               f"count)")
            yield self._mutant("too-long", field, self._with(base, field.path, _cjk(high + 1)),
                               f"{where} {high + 1} characters long, one over its maximum")
        pattern = s.get("pattern")
        if isinstance(pattern, str) and isinstance(good, str):
            wrong = _mismatch(pattern, good)
            if wrong is not None:
                yield self._mutant("pattern-mismatch", field, self._with(base, field.path, wrong),
                                   f"{where} = {wrong!r}, which does not match {pattern}")
        fmt = s.get("format")
        if isinstance(fmt, str) and "pattern" not in s:
            wrong = f"not a {fmt}"
            yield self._mutant("format-mismatch", field, self._with(base, field.path, wrong),
                               f"{where} = {wrong!r}, not a valid {fmt}")
        if is_path_like(str(field.path[-1]), s):
            relative = "data/report.txt"
            asked = "an absolute path is asked for" if wants_absolute(s) else "a path is asked for"
            yield self._mutant("relative-path", field, self._with(base, field.path, relative),
                               f"{where} = {relative!r}, a relative path where {asked}")

    def _array_limits(self, base: dict, field: Field, good: Any) -> Iterator[Draft]:
        s, where = field.schema, field.where
        if not isinstance(good, list):
            return
        low, high = s.get("minItems"), s.get("maxItems")
        items = s.get("items") if isinstance(s.get("items"), dict) else True
        if isinstance(low, int) and low > 0:
            yield self._mutant("too-few-items", field, self._with(base, field.path, good[: low - 1]),
                               f"{where} with {low - 1} items, one under its minItems")
        if isinstance(high, int) and high <= 1000:
            many = [self.values.make(items, variant=i) for i in range(high + 1)]
            if NO_VALUE not in many:
                yield self._mutant("too-many-items", field, self._with(base, field.path, many),
                                   f"{where} with {high + 1} items, one over its maxItems")
        if s.get("uniqueItems") is True:
            item = good[0] if good else self.values.make(items)
            if item is not NO_VALUE:
                yield self._mutant("duplicate-items", field, self._with(base, field.path, [item, item]),
                                   f"{where} with the same item twice, where items must be unique")

    # --- building calls ----------------------------------------------------------------------------

    def _unique(self, wanted: str) -> str:
        name, number = wanted, 2
        while name in self._ids:
            name = f"{wanted}-{number}"
            number += 1
        self._ids.add(name)
        return name

    def _draft(self, kind: str, arguments: Any, why: str) -> Draft:
        return Draft(self._unique(kind), {"name": self.name, "arguments": arguments}, why)

    def _mutant(self, kind: str, field: Field, arguments: Any, why: str) -> Draft:
        return self._draft(f"{kind}:{field.where}", arguments, why)

    def _with(self, base: dict, path: tuple, value: Any) -> dict:
        """A copy of `base` with `value` at `path`, valid parents made as needed."""
        out = copy.deepcopy(base)
        node: Any = out
        schema: Any = self.schema
        for token, following in zip(path, path[1:] + (None,), strict=True):
            schema = self._child_schema(schema, token)
            if following is None:
                break
            current = node[token] if _has(node, token) else None
            expected = dict if isinstance(following, str) else list
            if not isinstance(current, expected):
                made = self.values.make(schema)
                current = made if isinstance(made, expected) else expected()
                if isinstance(token, int):
                    while len(node) <= token:
                        node.append(None)
                node[token] = current
            if isinstance(following, int) and isinstance(current, list) and len(current) <= following:
                item = self.values.make(self._child_schema(schema, following))
                current.extend([item if item is not NO_VALUE else {}] * (following + 1 - len(current)))
            node = current
        last = path[-1]
        if isinstance(last, int):
            while len(node) <= last:
                node.append(None)
        node[last] = value
        return out

    def _without(self, base: dict, path: tuple) -> dict:
        out = self._with(base, path, None)
        node: Any = out
        for token in path[:-1]:
            node = node[token]
        del node[path[-1]]
        return out

    def _child_schema(self, schema: Any, token: str | int) -> Any:
        schema = self.values.merged(schema)
        if not isinstance(schema, dict):
            return True
        if isinstance(token, int):
            return schema.get("items", True)
        return members(schema, "properties").get(token, True)


def _has(node: Any, token: str | int) -> bool:
    if isinstance(token, int):
        return isinstance(node, list) and len(node) > token
    return isinstance(node, dict) and token in node


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _case_variant(value: str) -> str:
    upper = value.upper()
    return upper if upper != value else value.lower()


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def _near_miss(names: list[str]) -> str:
    """An undeclared field models really send: the camelCase spelling of a snake_case field."""
    for name in names:
        if "_" in name.strip("_"):
            head, *rest = name.split("_")
            camel = head + "".join(part[:1].upper() + part[1:] for part in rest)
            if camel not in names:
                return camel
    candidate = "extra_field"
    while candidate in names:
        candidate += "_"
    return candidate


def _cjk(length: int) -> str:
    text = "退款备注" * (length // 4 + 1)
    return text[:length]


def _mismatch(pattern: str, good: str) -> str | None:
    """A string close to `good` that does not match `pattern` (Python `re`; the boundary has the last word)."""
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    for candidate in (good.lower() if good.lower() != good else good.upper(), good + "!", " " + good, good[:-1],
                      "x" + good, "does not match"):
        if candidate and not compiled.search(candidate):
            return candidate
    return None
