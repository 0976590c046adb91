"""jsonschema validators that are safe on hostile schemas: the one way lint and the boundary validate values.

Two dangers come with running a third-party schema: a `$ref` to a URL or `file://` makes jsonschema fetch it
(network and file I/O from a linter or an agent host), and a `pattern` prone to catastrophic backtracking
makes `re` run for minutes. Also, `pattern` means an ECMA-262 regex, which `re` reads differently
(`toollint.schema.ecma`). Validators built here resolve `$ref` only inside the `referencing.Registry` they
are given (an empty one by default: no retrieve function, so a remote `$ref` fails as unresolvable) and match
risky patterns with the linear-time matcher of `toollint.schema.safe_regex`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from toollint.schema.safe_regex import MAX_RISKY_LENGTH, TooLong, risk, search


def patterns_in(schema: Any) -> set[str]:
    """Every `pattern` and `patternProperties` key in a schema (including `$defs`)."""
    from toollint.schema.walk import walk

    found: set[str] = set()
    for node in walk(schema, ""):
        if isinstance(node.schema.get("pattern"), str):
            found.add(node.schema["pattern"])
        pattern_properties = node.schema.get("patternProperties")
        if isinstance(pattern_properties, dict):
            found.update(p for p in pattern_properties if isinstance(p, str))
    return found


def risky_patterns(schema: Any) -> dict[str, int]:
    """The patterns of `schema` that `re` must not run on long strings, with their `risk` limit."""
    limits = {p: _risk(p) for p in patterns_in(schema)}
    return {p: limit for p, limit in limits.items() if limit is not None}


@lru_cache(maxsize=4096)
def _risk(pattern: str) -> int | None:
    """`risk`, parsed once per pattern (the same `pattern`s recur across the tools of a server and a run)."""
    return risk(pattern)


def validator_class(schema: Any, risky: Mapping[str, int] | None = None,
                    extra: Mapping[str, Callable[..., Any]] | None = None) -> Any:
    """The jsonschema class for `schema`'s `$schema` (default 2020-12), with risky patterns matched safely.

    `risky` defaults to `risky_patterns(schema)`; `extra` adds keyword overrides (the boundary's time budget).
    """
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend, validator_for

    cls = validator_for(schema, default=Draft202012Validator) if isinstance(schema, dict) else Draft202012Validator
    risky = risky_patterns(schema) if risky is None else risky
    if not extra:
        return _with_safe_patterns(cls, frozenset(risky.items()))
    overrides = {**pattern_overrides(risky), "uniqueItems": unique_items}
    for keyword, wrap in extra.items():
        if keyword in cls.VALIDATORS:
            overrides[keyword] = wrap(overrides.get(keyword, cls.VALIDATORS[keyword]))
    return extend(cls, overrides) if overrides else cls  # type: ignore[no-untyped-call]


@lru_cache(maxsize=64)
def _with_safe_patterns(cls: Any, risky: frozenset[tuple[str, int]]) -> Any:
    """`cls` with risky patterns matched safely: one class per dialect and set of risky patterns, since
    `extend` builds a new attrs class each time (a millisecond), and tools of one server share their patterns."""
    from jsonschema.validators import extend

    overrides = {**pattern_overrides(dict(risky)), "uniqueItems": unique_items}
    return extend(cls, overrides)  # type: ignore[no-untyped-call]


def unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Any:
    """`uniqueItems` in linear time: jsonschema compares every pair, so 8,000 items a model chose took 47 s
    (reliability review 2, item 5). Equality is JSON Schema's: 1 equals 1.0, true does not equal 1."""
    from jsonschema.exceptions import ValidationError

    if not unique or not validator.is_type(instance, "array"):
        return
    seen: set[Any] = set()
    for item in instance:
        key = _json_key(item)
        if key in seen:
            yield ValidationError(f"{instance!r} has non-unique elements")
            return
        seen.add(key)


def _json_key(value: Any) -> Any:
    """A hashable value equal for exactly the JSON values JSON Schema calls equal."""
    if value is None or isinstance(value, str):
        return ("s", value)
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, (int, float)):
        return ("n", int(value) if isinstance(value, float) and value.is_integer() else value)
    if isinstance(value, dict):
        return ("o", frozenset((key, _json_key(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return ("a", tuple(_json_key(item) for item in value))
    return ("x", repr(value))


def safe_validator(schema: Any, *, registry: Any = None, format_checker: Any = None,
                   risky: Mapping[str, int] | None = None, cls: Any = None) -> Any:
    """A validator for `schema` that never retrieves a `$ref` and never backtracks catastrophically.

    `cls` reuses a class from `validator_class` (building one per subschema is the costly part).
    """
    if cls is None:
        cls = validator_class(schema, risky)
    return cls(schema, registry=registry if registry is not None else _empty_registry(),
               format_checker=format_checker)


@lru_cache(maxsize=1)
def _empty_registry() -> Any:
    """A registry with no resources and no retrieve function: every `$ref` outside the schema is unresolvable."""
    from referencing import Registry

    return Registry()


def pattern_overrides(risky: Mapping[str, int]) -> dict[str, Callable[..., Any]]:
    """`pattern`, `patternProperties` and `additionalProperties` keywords that match with ECMA-262's meaning,
    risky patterns safely: used for every pattern (jsonschema's own use Python's `re` semantics)."""
    from jsonschema import ValidationError

    def matches(pattern: str, text: str) -> bool:
        try:
            return search(pattern, text, risky)
        except TooLong:
            return False

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "string"):
            return
        try:
            found = search(patrn, instance, risky)
        except TooLong:
            error = ValidationError(f"a string of {len(instance):,} characters is too long to check against the "
                                    f"pattern {patrn!r} (limit {MAX_RISKY_LENGTH:,})")
            error.too_long = True  # type: ignore[attr-defined]
            yield error
            return
        if not found:
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        for patrn, subschema in value.items():
            for key, item in instance.items():
                if matches(patrn, key):
                    yield from validator.descend(item, subschema, path=key, schema_path=patrn)

    def additional_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extras = [key for key in instance
                  if key not in properties and not any(matches(p, key) for p in patterns)]
        if validator.is_type(value, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], value, path=extra)
        elif not value and extras:
            yield ValidationError(f"Additional properties are not allowed ({', '.join(map(repr, extras))} "
                                  f"{'was' if len(extras) == 1 else 'were'} unexpected)")

    return {"pattern": pattern, "patternProperties": pattern_properties, "additionalProperties": additional_properties}
