"""Provider strict-mode profiles: what each provider's strict mode accepts in a tool's input schema.

The data lives in `<provider>.toml` beside this module (dated, with sources); the strict lint rules
and `toollint strictify` both read it through `load_profile`, so there is one list of keywords.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from toollint._compat import tomllib
from toollint.profiles.size import SizeLimits
from toollint.schema.regex import anthropic_strict_problem
from toollint.schema.walk import schema_types

PROFILE_NAMES = ("anthropic", "openai", "gemini")


@dataclass(frozen=True)
class Provider:
    """Who is on the other end of a tool definition: the name in messages, and the strict profile if it has one."""

    name: str
    title: str
    profile: str | None = None  # its strict-mode profile (toollint/profiles/NAME.toml)


PROVIDERS: dict[str, Provider] = {p.name: p for p in (
    Provider("anthropic", "Anthropic", "anthropic"),
    Provider("openai", "OpenAI", "openai"),
    Provider("gemini", "Gemini", "gemini"),
    Provider("mcp", "MCP"),
    Provider("moonshot", "Moonshot (Kimi)"),
    Provider("mcp-clients", "MCP clients"),
)}


def provider_title(name: str) -> str:
    """The provider's name as messages print it."""
    provider = PROVIDERS.get(name)
    return provider.title if provider is not None else name
STRICT_TARGETS = ("anthropic", "openai")


@dataclass(frozen=True)
class Budget:
    """Per-request limits, summed over every strict tool of one request (None: no published limit)."""

    strict_tools: int | None = None
    optional_parameters: int | None = None
    union_parameters: int | None = None


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    date: str
    sources: tuple[str, ...]
    supported: frozenset[str]
    rejected: dict[str, str]  # keyword -> the JSON type the API names in its answer ("" if none)
    unconfirmed: frozenset[str] = frozenset()  # rejected keywords (or "format") with no quoted 400 on record
    formats: frozenset[str] | None = None
    max_min_items: int | None = None
    simple_regex_only: bool = False
    max_regex_repeat: int = 100
    primitive_enum_only: bool = False
    string_enum_only: bool = False  # Gemini `parameters`: enum only on STRING (dated, see gemini.toml)
    string_formats: frozenset[str] | None = None  # Gemini `parameters`: formats a STRING may have (dated)
    type_arrays: bool = True
    recursion: bool = True
    root_any_of: bool = True
    ref_siblings: bool = True
    all_of: bool = True
    all_of_with_ref: bool = True
    external_ref: bool = False
    every_property_required: bool = False
    closed_objects: bool = False
    object_needs_properties: bool = False
    default: bool = True
    budget: Budget = field(default_factory=Budget)
    size: SizeLimits = field(default_factory=SizeLimits)
    messages: dict[str, str] = field(default_factory=dict)

    @property
    def strict(self) -> bool:
        """Whether this is a constrained-decoding target that `strictify` can write for."""
        return self.name in STRICT_TARGETS

    def message(self, key: str, **fields: Any) -> str:
        """One of the provider's real 400 answers, filled in."""
        return self.messages[key].format(**fields)

    def keyword_problem(self, key: str, value: Any, schema: dict[str, Any], *, is_root: bool = False) -> str | None:
        """Why this provider rejects `key: value` on this subschema, or None when it accepts it.

        Structural rules (closed objects, required properties, recursion) are checked elsewhere.
        """
        if key in self.rejected:
            if key == "default" and value is None:
                return None  # `default: null` is stripped by every SDK and never seen rejected
            return "is not supported"
        if key == "format" and self.formats is not None and isinstance(value, str) and value not in self.formats:
            return f"format {value!r} is not supported (supported: {', '.join(sorted(self.formats))})"
        if key == "minItems" and self.max_min_items is not None and _number(value) and value > self.max_min_items:
            return f"`minItems` above {self.max_min_items} is not supported"
        if key == "pattern" and self.simple_regex_only and isinstance(value, str):
            problem = anthropic_strict_problem(value, self.max_regex_repeat)
            if problem:
                return f"the regex uses {problem}, which the grammar compiler does not support"
        if key in ("enum", "const") and self.primitive_enum_only:
            values = value if key == "enum" and isinstance(value, list) else [value]
            if any(isinstance(v, (dict, list)) for v in values):
                return f"`{key}` with objects or arrays is not supported (only strings, numbers, booleans, null)"
        if key == "enum" and self.string_enum_only and isinstance(value, list) and (
                any(not isinstance(v, str) for v in value) or (schema_types(schema) - {"string"})):
            return "`enum` is only allowed for STRING type"
        if key == "format" and self.string_formats is not None and isinstance(value, str) \
                and "string" in schema_types(schema) and value not in self.string_formats:
            return f"format {value!r} is not supported for STRING type (supported: {', '.join(sorted(self.string_formats))})"
        if key == "type" and isinstance(value, list) and not self.type_arrays:
            return "a type array is not supported (use `nullable: true`)"
        if key == "anyOf" and is_root and not self.root_any_of:
            return "`anyOf` at the root is not supported"
        if key == "allOf" and not self.all_of_with_ref and _all_of_has_ref(schema):
            return "`allOf` combined with `$ref` is not supported"
        if key == "$ref" and isinstance(value, str):
            if not self.external_ref and not (value.startswith("#")):
                return "an external `$ref` is not supported (only `#/...` references inside the schema)"
            if not self.ref_siblings and ref_siblings(schema):
                return f"`$ref` cannot have sibling keywords ({', '.join(ref_siblings(schema))})"
        return None

    def keeps(self, key: str, value: Any, schema: dict[str, Any], *, is_root: bool = False) -> bool:
        """Whether strictify may leave `key: value` on the wire schema for this provider."""
        if key not in self.supported:
            return False
        if key not in _VALUE_SENSITIVE:
            return True
        return self.keyword_problem(key, value, schema, is_root=is_root) is None


# Keywords whose acceptance depends on their value or their siblings (see keyword_problem).
_VALUE_SENSITIVE = frozenset({"format", "minItems", "pattern", "enum", "const", "type", "anyOf", "allOf", "$ref"})


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def ref_siblings(schema: dict[str, Any]) -> list[str]:
    """The keywords beside a `$ref` (definition containers excepted)."""
    return [k for k in schema if k not in ("$ref", "$defs", "definitions")]


def _all_of_has_ref(schema: dict[str, Any]) -> bool:
    branches = schema.get("allOf")
    if not isinstance(branches, list):
        return False
    return "$ref" in schema or any(isinstance(b, dict) and "$ref" in b for b in branches)


@cache
def load_profile(name: str) -> Profile:
    """The profile of one provider: anthropic, openai or gemini."""
    if name not in PROFILE_NAMES:
        raise ValueError(f"no strict-mode profile for {name!r} (choose from {', '.join(PROFILE_NAMES)})")
    text = resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    features = dict(data.get("features", {}))
    formats = features.pop("formats", None)
    string_formats = features.pop("string_formats", None)
    features.pop("string_formats_date", None)
    budget = Budget(**data.get("budget", {}))
    return Profile(
        name=data["name"], title=data["title"], date=data["date"], sources=tuple(data.get("sources", ())),
        supported=frozenset(data["supported"]), rejected=dict(data.get("rejected", {})),
        unconfirmed=frozenset(data.get("unconfirmed", ())),
        formats=frozenset(formats) if formats is not None else None, budget=budget,
        string_formats=frozenset(string_formats) if string_formats is not None else None,
        size=SizeLimits(**data.get("size", {})),
        messages=dict(data.get("messages", {})), **features)


def context_tuple(relative_pointer: str) -> str:
    """OpenAI's `context=(...)` spelling of a place in a schema: ('properties', 'a', 'items')."""
    from toollint import pointer as jp

    tokens = jp.split(relative_pointer)
    return ", ".join(repr(t) for t in tokens) + ("," if len(tokens) == 1 else "")


# ---------------------------------------------------------------------------------------------
# Analyses both the lint rules and strictify need.


@dataclass
class Usage:
    """What one schema spends of a request's budget."""

    optional_parameters: int = 0
    union_parameters: int = 0


def schema_usage(schema: Any) -> Usage:
    """Optional parameters (properties left out of `required`, nested ones included) and parameters
    with union types (`anyOf`/`oneOf` or a type array), as Anthropic counts them."""
    from toollint.schema.types import required_names
    from toollint.schema.walk import walk

    usage = Usage()
    for node in walk(schema, ""):
        node_schema = node.schema
        properties = node_schema.get("properties")
        if isinstance(properties, dict):
            required = required_names(node_schema)
            usage.optional_parameters += sum(1 for name in properties if name not in required)
        if not node.is_root and (isinstance(node_schema.get("type"), list) or isinstance(node_schema.get("anyOf"), list)
                                 or isinstance(node_schema.get("oneOf"), list)):
            usage.union_parameters += 1
    return usage


def recursive_refs(schema: Any) -> list[str]:
    """Pointers (relative to `schema`) of the local `$ref`s that make the schema recursive: expanding
    them never ends."""
    from toollint import pointer as jp
    from toollint.schema.walk import walk

    refs: list[tuple[str, str]] = []  # (pointer of the $ref node, pointer of its target)
    for node in walk(schema, ""):
        ref = node.schema.get("$ref")
        if isinstance(ref, str) and (ref == "#" or ref.startswith("#/")):
            from urllib.parse import unquote

            target = unquote(ref[1:])
            try:
                jp.split(target)
            except ValueError:
                continue
            refs.append((node.pointer, target))
    if not refs:
        return []

    def inside(pointer: str, container: str) -> bool:
        return pointer == container or pointer.startswith(container + "/")

    targets = {t for _, t in refs}
    edges: dict[str, set[str]] = {t: {rt for rp, rt in refs if inside(rp, t)} for t in targets}
    found = []
    for ref_pointer, target in refs:
        seen: set[str] = set()
        stack = [target]
        hit = False
        while stack and not hit:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            if inside(ref_pointer, current):
                hit = True
                break
            stack.extend(edges.get(current, ()))
        if hit:
            found.append(ref_pointer)
    return found


class _Sample(dict[str, Any]):
    """Placeholder values for showing a provider's answer as an example: numbers where the answer counts."""

    def __missing__(self, key: str) -> Any:
        if key in ("index", "count", "limit", "length"):
            return {"index": 3, "count": 25, "limit": 24, "length": 1500}[key]
        return {"tool": "F", "context": "'properties', 'x'", "where": "properties[x]", "keyword": "minimum",
                "name": "x", "type": "integer", "value": "uri", "dotted": "properties.x",
                "dialect": "http://json-schema.org/draft-07/schema#"}.get(key, key)


def answer_text(ref: str) -> str:
    """A provider's recorded answer, named `tool_apis:CONSTRUCT.PROVIDER` or `PROFILE:MESSAGE`, filled with
    sample values: the one copy of the text, for the rules' `api_errors` and the findings alike."""
    source, _, path = ref.partition(":")
    if source == "tool_apis":
        from toollint.profiles.tool_apis import construct

        name, _, provider = path.rpartition(".")
        template = construct(name)[provider]
    else:
        template = load_profile(source).messages[path]
    return str(template).format_map(_Sample())
