"""Load tool definitions and compile each tool's validator once: the slow, careful half of the boundary.

Compiling means: follow `$schema` (draft-07, 2019-09, 2020-12; default 2020-12), check the schema
against its metaschema, check formats, resolve `$ref` with a `referencing.Registry` that has no
retrieve function (a remote `$ref` is never fetched), and swap in backtracking-safe `pattern`
keywords for risky regexes. Normalizing (enum case, dropped nulls) happens only after a call has
failed the fast `is_valid` pass, so a valid call costs one validator pass.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from itertools import islice
from typing import Any

from referencing.exceptions import Unresolvable

from toollint.boundary import messages as msg
from toollint.boundary.messages import MISSING, Problem
from toollint.errors import BoundaryError
from toollint.pointer import join
from toollint.schema.safe_regex import TooLong, fallback_description, search, supported
from toollint.schema.validation import risky_patterns, validator_class
from toollint.schema.walk import entries, members
from toollint.sdk import ACCEPTED, plain_tools


class SchemaTrouble(Exception):
    """The tool's schema itself could not be applied (unresolvable `$ref`)."""


# --- a time budget ---------------------------------------------------------------------------------
# Overlapping `anyOf`/`oneOf` branches that recurse make plain JSON Schema validation exponential in the
# depth of the arguments (three array branches: 24 nested items take jsonschema 17 s). For schemas with
# such keywords, every applicator call checks a per-thread deadline; past `MAX_SECONDS` the check
# stops with `TooComplex` instead of hanging. Schemas without them pay nothing.

MAX_SECONDS = 0.5
_COUNTED = ("anyOf", "oneOf", "allOf", "not", "if", "$ref", "$dynamicRef", "$recursiveRef", "contains",
            "dependentSchemas", "dependencies")
_work = threading.local()


class TooComplex(Exception):
    """Validating these arguments against this schema would take more than `MAX_SECONDS`."""


class _Budget:
    """Within the block, counted keywords raise `TooComplex` once `seconds` have passed."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = MAX_SECONDS if seconds is None else seconds
        self.saved: float | None = None

    def __enter__(self) -> None:
        self.saved = getattr(_work, "deadline", None)
        _work.deadline = time.perf_counter() + self.seconds

    def __exit__(self, *exc: object) -> None:
        _work.deadline = self.saved


def _spend() -> None:
    deadline = getattr(_work, "deadline", None)
    if deadline is not None and time.perf_counter() > deadline:
        raise TooComplex()


def _counted(keyword: Callable[..., Any]) -> Callable[..., Any]:
    def counted(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        _spend()
        return keyword(validator, value, instance, schema)

    return counted


def source_label(tools: Any) -> str:
    if isinstance(tools, (str, os.PathLike)):
        return os.fspath(tools)
    return "the tools given"


def load_tools(tools: Any) -> list[Any]:
    from toollint.document.dialects import Tool, find_tools

    if isinstance(tools, (str, os.PathLike)):
        from toollint.document.tools import read_tool_file

        return read_tool_file(tools, BoundaryError, fallback=_validator_file)[1]
    if isinstance(tools, Tool):
        return [tools]
    tools = plain_tools(tools, BoundaryError)
    if isinstance(tools, dict):
        found = find_tools(tools) or _validator_file(tools)
        if not found:
            raise BoundaryError("the dict given is not a tool definition (no name and input schema found)")
        return found
    if isinstance(tools, (list, tuple)):
        found = []
        for index, item in enumerate(tools):
            if isinstance(item, Tool):
                found.append(item)
                continue
            tools_here = find_tools(item) if isinstance(item, dict) else []
            if not tools_here:
                raise BoundaryError(f"tools[{index}] is not a tool definition: {msg.show(item)}")
            found.extend(tools_here)
        if not found:
            raise BoundaryError("the list of tools is empty")
        for index, tool in enumerate(found):
            tool.index = index
        return found
    raise BoundaryError(f"cannot read tool definitions from a {type(tools).__name__}; give {ACCEPTED}")


def _validator_file(data: Any) -> list[Any]:
    """The tools of strictify's `--validator` file (tool name -> original schema)."""
    from toollint.boundary.strict_files import validator_tools
    from toollint.document.dialects import find_tools

    tools = validator_tools(data)
    return find_tools(tools) if tools else []


def _format_checker() -> Any:
    """jsonschema's checkers that need no extra package, plus plain fallbacks for the common ones that do."""
    from jsonschema import FormatChecker

    checker = FormatChecker()
    fallbacks: dict[str, Callable[[str], bool]] = {
        "date-time": lambda s: _DATE_TIME.match(s) is not None and _valid_date(s[:10]) and _valid_time(s[11:]),
        "time": lambda s: _valid_time(s),
        "uri": lambda s: _URI.match(s) is not None,
        "hostname": lambda s: len(s) <= 253 and all(_LABEL.match(part) for part in s.rstrip(".").split(".")),
    }
    for name, func in fallbacks.items():
        if name not in checker.checkers:
            checker.checks(name)(lambda value, func=func: not isinstance(value, str) or func(value))
    return checker


_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]")
_TIME = re.compile(r"^(\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$")
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


def _valid_date(text: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def _valid_time(text: str) -> bool:
    match = _TIME.match(text)
    if not match:
        return False
    hour, minute, second = int(match[1]), int(match[2]), int(match[3])
    offset_ok = match[6] is None or (int(match[6]) < 24 and int(match[7]) < 60)
    return hour < 24 and minute < 60 and second <= 60 and offset_ok


_FORMAT_CHECKER: Any = None


def _shared_format_checker() -> Any:
    global _FORMAT_CHECKER
    if _FORMAT_CHECKER is None:
        _FORMAT_CHECKER = _format_checker()
    return _FORMAT_CHECKER


def _nullable(node: Any, depth: int = 0) -> Any:
    """Gemini's OpenAPI `nullable: true` means null is allowed too; say so in JSON Schema."""
    if depth > 100:
        return node
    if isinstance(node, list):
        return [_nullable(item, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _nullable(value, depth + 1) if key != "enum" else value for key, value in node.items()}
    if out.get("nullable") is True and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
        if isinstance(out.get("enum"), list) and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
    return out


EXTRA_POLICIES = ("reject", "drop", "allow")
# keywords that apply another schema to the same instance: an object carrying one may be one part of a
# larger object, so neither it nor what it holds is closed
_CONJOINED = frozenset({"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$dynamicRef",
                        "$recursiveRef", "dependentSchemas", "dependencies", "unevaluatedProperties"})
_SAYS_EXTRA = ("additionalProperties", "patternProperties")  # the schema already says what other fields do
_VALUE_EDGES = frozenset({"properties", "items", "prefixItems", "additionalProperties"})
_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$comment", "deprecated", "readOnly",
                          "writeOnly"})
_DEF_KEYS = ("$defs", "definitions")


def close_silent(schema: Any) -> tuple[Any, set[int]]:
    """A copy of `schema` where each object that declares `properties` and says nothing about other fields
    is closed (`additionalProperties: false`), and the ids of the nodes closed.

    Objects are reached from the root through `properties`, `items` and `prefixItems`, and through a
    `$defs` entry whose every `$ref` stands alone as a field's value (how pydantic and FastMCP write
    nested models, `Optional` ones too). An object that meets another schema on the same value (`allOf`,
    `$ref` beside `properties`, a branch of a combinator written inline) stays open: closing it would
    reject fields the other part declares.
    """
    closed: set[int] = set()

    def visit(node: Any, depth: int) -> Any:
        if not isinstance(node, dict) or depth > 64 or _CONJOINED & node.keys():
            return node
        out = dict(node)
        properties = node.get("properties")
        if isinstance(properties, dict):
            out["properties"] = {key: visit(sub, depth + 1) for key, sub in properties.items()}
            if not any(key in node for key in _SAYS_EXTRA):
                out["additionalProperties"] = False
                closed.add(id(out))
        if isinstance(node.get("items"), dict):
            out["items"] = visit(node["items"], depth + 1)
        if isinstance(node.get("prefixItems"), list):
            out["prefixItems"] = [visit(sub, depth + 1) for sub in node["prefixItems"]]
        return out

    root = visit(schema, 0)
    defs = _closable_defs(schema) if root is not schema else set()
    for key, name in defs:
        if root[key] is schema[key]:
            root[key] = dict(schema[key])
        root[key][name] = visit(schema[key][name], 1)
    return root, closed


def _closable_defs(schema: dict[str, Any]) -> set[tuple[str, str]]:
    """The root `$defs`/`definitions` entries every `$ref` to which stands alone as a field's value."""
    from toollint.pointer import split
    from toollint.schema.walk import walk

    verdicts: dict[tuple[str, str], bool] = {}
    for node in walk(schema, ""):
        if node.parent is not None and "$id" in node.schema:
            return set()  # a base URI changes what a `$ref` names
        ref = node.schema.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            continue
        try:
            tokens = split(ref[1:])
        except ValueError:
            continue
        if tokens[0] not in _DEF_KEYS or len(tokens) < 2:
            continue
        target = (tokens[0], tokens[1])  # a `$ref` into an entry's inside makes the entry's position unknown
        plain = len(tokens) == 2 and _stands_alone(node)
        verdicts[target] = verdicts.get(target, True) and plain
    return {t for t, ok in verdicts.items() if ok and isinstance(members(schema, t[0]).get(t[1]), dict)}


def _stands_alone(node: Any) -> bool:
    """A `$ref` with only annotations beside it, as a field's value (or one alternative of one), on a path
    of plain values from the root or a `$defs` entry."""
    if node.schema.keys() - {"$ref"} - _ANNOTATIONS:
        return False
    holder = node.parent
    if node.via in ("anyOf", "oneOf") and holder is not None:
        if holder.schema.keys() - {"anyOf", "oneOf"} - _ANNOTATIONS:
            return False
        node, holder = holder, holder.parent
    if node.via not in _VALUE_EDGES:
        return False
    while holder is not None:
        if _CONJOINED & holder.schema.keys():
            return False
        if holder.via in _DEF_KEYS or holder.parent is None:
            return True
        if holder.via not in _VALUE_EDGES:
            return False
        holder = holder.parent
    return True


class CompiledTool:
    """One tool: its validator (built once), the normalizer and the error converter."""

    def __init__(self, name: str, tool: Any, lang: str, *, wire: bool | str | None = False,
                 extra: str = "reject") -> None:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError
        from jsonschema.validators import validator_for
        from referencing import Registry

        from toollint.document.source import is_dag_bomb
        from toollint.schema.walk import RefResolver, expansion

        self.name = name
        self.rules: list[Callable[[dict[str, Any]], Any]] = []
        self.warnings: list[str] = []
        schema = tool.schema
        if schema is None:
            schema = {"type": "object"}
        elif getattr(tool, "openapi_schema", False):
            schema = _nullable(schema)
        if not isinstance(schema, (dict, bool)):
            raise BoundaryError(f"tool {name!r}: the input schema is a {type(schema).__name__}, not a JSON Schema")
        self.schema = schema
        distinct, expanded = expansion(schema)
        if expanded < 0:
            raise BoundaryError(f"tool {name!r}: the input schema contains itself (a cyclic dict or list); a JSON "
                                "Schema is a tree, with recursion through `$ref`")
        if is_dag_bomb(distinct, expanded):
            raise BoundaryError(f"tool {name!r}: the input schema shares its parts so that {distinct:,} objects "
                                f"expand to {expanded:,}; validating that takes exponential time: write a shared "
                                "part once under `$defs` and refer to it with `$ref`")
        try:
            cls = validator_for(schema, default=Draft202012Validator)
            cls.check_schema(schema)  # type: ignore[arg-type]  # booleans are valid schemas too
        except SchemaError as error:
            where = "/".join(str(t) for t in error.absolute_path) or "(root)"
            raise BoundaryError(f"tool {name!r}: the input schema is not valid JSON Schema at {where}: "
                                f"{error.message}") from None
        except RecursionError:
            raise BoundaryError(f"tool {name!r}: the input schema is nested too deeply") from None
        except Exception as error:  # noqa: BLE001 - e.g. OverflowError compiling `x{99999999999}`
            raise BoundaryError(f"tool {name!r}: the input schema cannot be used: {type(error).__name__}: "
                                f"{error}") from None
        risky = risky_patterns(schema)
        self.risky = risky
        for pattern in sorted(p for p, limit in risky.items() if limit == 0):
            how = "matched by the linear-time matcher" if supported(pattern) else fallback_description()
            self.warnings.append(f"tool {name!r}: pattern {pattern!r} is prone to catastrophic backtracking; {how}")
        self.counted = bool(_keywords(schema) & set(_COUNTED))
        self.extra = extra
        # the validator sees undeclared fields as the policy says; `schema` stays the original for the rest
        checked, self.closed = close_silent(schema) if extra != "allow" else (schema, set())
        cls = validator_class(schema, risky, dict.fromkeys(_COUNTED, _counted) if self.counted else None)
        self.validator = cls(checked, registry=Registry(), format_checker=_shared_format_checker())
        draft = schema.get("$schema") if isinstance(schema, dict) else None
        self.resolver = RefResolver(schema, "", draft if isinstance(draft, str) else None)
        self.converter = msg.ErrorConverter(self._deref, self._search, lang)
        self.decode: Callable[[dict[str, Any]], Any] | None = None
        target = "anthropic" if wire is True else wire or None
        if target and _has_wire_forms(schema, target):
            from toollint.strictifier.decode import decode_wire_arguments

            self.decode = lambda arguments: decode_wire_arguments(schema, arguments, target)

    def is_valid(self, arguments: Any) -> bool:
        """The fast path: one validator pass. May raise `TooComplex` or `Unresolvable`."""
        try:
            if not self.counted:
                return bool(self.validator.is_valid(arguments))
            with _Budget():
                return bool(self.validator.is_valid(arguments))
        except OverflowError:  # e.g. a float against `multipleOf: 10**4000`: `judge` reports it
            return False

    def drop_undeclared(self, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """For `extra="drop"`: the arguments without the fields a silent schema does not declare, and the
        JSON Pointers of the fields dropped. The fields a schema closes itself are left for `judge` to report."""
        if not self.closed:
            return arguments, []
        try:
            if self.is_valid(arguments):  # the common case costs one pass
                return arguments, []
            with _Budget():
                stack = list(islice(self.validator.iter_errors(arguments), 500))
            errors = []
            while stack:  # an Optional model's fields fail inside its anyOf: look in every error's context
                error = stack.pop()
                stack.extend(error.context or ())
                if error.validator == "additionalProperties" and id(error.schema) in self.closed:
                    errors.append(error)
        except Exception:  # noqa: BLE001 - dropping is a courtesy: validate what was sent
            return arguments, []
        if not errors:
            return arguments, []
        declared: dict[tuple[Any, ...], set[Any]] = {}  # per object: what any closed schema there declares
        for error in errors:
            declared.setdefault(tuple(error.absolute_path), set()).update(members(error.schema, "properties"))
        out = _copy_containers(arguments)
        dropped: list[str] = []
        for path, names in declared.items():
            node: Any = out
            for token in path:
                node = node[token]
            for key in [k for k in node if k not in names]:
                del node[key]
                dropped.append(join("", *path, key))
        return out, sorted(dropped)

    def too_complex(self) -> Problem:
        return Problem((), "complexity", MAX_SECONDS, MISSING, msg.too_complex_sentence(self.converter.lang))

    def wire_decoded(self, arguments: dict[str, Any]) -> Any:
        """strictify's wire encodings (maps as key/value arrays, free values as JSON text) turned back."""
        try:
            return self.decode(arguments) if self.decode is not None else arguments
        except Exception:  # noqa: BLE001 - undecodable: validate what was sent, which reports it
            return arguments

    def _deref(self, schema: Any) -> Any:
        return self.resolver.deref(schema)

    def _search(self, pattern: str, text: str) -> bool:
        return search(pattern, text, self.risky)

    def judge(self, arguments: Any) -> tuple[Any, list[Problem]]:
        """Normalize, then validate: the normalized arguments and every problem left."""
        lang = self.converter.lang
        if not isinstance(arguments, dict):
            draft = Problem((), "type", "object", arguments, "")
            return arguments, [Problem((), "type", "object", arguments, msg.sentence(draft, lang))]
        try:
            with _Budget():
                normalized = self._normalize(arguments, self.schema, 0)
        except (TooComplex, RecursionError):
            normalized = arguments  # normalizing is a courtesy: validate what was sent
        try:
            with _Budget():
                errors = list(islice(self.validator.iter_errors(normalized), 500))
            return normalized, self.converter.convert(errors)
        except Unresolvable as error:
            raise SchemaTrouble(unresolvable_text(error)) from None
        except RecursionError:
            if _depth(normalized) < 64:  # shallow arguments: the schema's `$ref`s loop, not the model's fault
                raise SchemaTrouble("the input schema's `$ref`s form a cycle that never reaches a value") from None
            return normalized, [Problem((), "depth", None, MISSING, msg.too_deep_sentence(lang))]
        except (TooComplex, OverflowError):
            return normalized, [self.too_complex()]

    def _valid(self, value: Any, schema: Any) -> bool:
        try:
            return bool(self.validator.evolve(schema=schema).is_valid(value))
        except TooComplex:
            raise
        except Exception:  # noqa: BLE001 - an unresolvable branch simply does not help
            return False

    def _normalize(self, value: Any, schema: Any, depth: int) -> Any:
        """Enum/const case and dropped nulls, without touching the caller's objects."""
        if depth > 64 or not isinstance(schema, dict):
            return value
        _spend()
        ref = schema.get("$ref")
        if isinstance(ref, str):
            found = self.resolver.lookup(ref)
            if found is not None:
                value = self._normalize(value, found[0], depth + 1)
        if isinstance(value, str):
            value = _canonical(value, schema)
        elif isinstance(value, dict):
            value = self._normalize_object(value, schema, depth)
        elif isinstance(value, list):
            value = self._normalize_array(value, schema, depth)
        all_of = schema.get("allOf")
        if isinstance(all_of, list):
            for branch in all_of:
                value = self._normalize(value, branch, depth + 1)
        for key in ("anyOf", "oneOf"):
            branches = schema.get(key)
            if not isinstance(branches, list) or any(self._valid(value, b) for b in branches):
                continue
            for branch in branches:
                candidate = self._normalize(value, branch, depth + 1)
                if candidate is not value and self._valid(candidate, branch):
                    value = candidate
                    break
        return value

    def _normalize_object(self, value: dict, schema: dict, depth: int) -> dict:
        properties = members(schema, "properties")
        patterns = members(schema, "patternProperties")
        extra = schema.get("additionalProperties")
        required = entries(schema, "required")
        out: dict[Any, Any] = {}
        changed = False
        for key, item in value.items():
            sub = properties.get(key) if isinstance(key, str) else None
            if item is None and sub is not None and key not in required and not self._valid(None, sub):
                changed = True  # an OpenAI-strictified optional field: null means "not given"
                continue
            subs = [sub] if sub is not None else []
            if isinstance(key, str):
                for pattern, pattern_schema in patterns.items():
                    try:
                        if self._search(pattern, key):
                            subs.append(pattern_schema)
                    except (TooLong, re.error):
                        pass
            if not subs and isinstance(extra, dict):
                subs.append(extra)
            new = item
            for sub_schema in subs:
                new = self._normalize(new, sub_schema, depth + 1)
            changed = changed or new is not item
            out[key] = new
        return out if changed else value

    def _normalize_array(self, value: list, schema: dict, depth: int) -> list:
        prefix = schema.get("prefixItems")
        items = schema.get("items")
        extra = schema.get("additionalItems")
        out = []
        changed = False
        for index, item in enumerate(value):
            if isinstance(prefix, list) and index < len(prefix):
                sub = prefix[index]
            elif isinstance(items, list):
                sub = items[index] if index < len(items) else extra
            else:
                sub = items
            new = self._normalize(item, sub, depth + 1) if isinstance(sub, dict) else item
            changed = changed or new is not item
            out.append(new)
        return out if changed else value


def _copy_containers(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy_containers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_containers(item) for item in value]
    return value


def _depth(value: Any) -> int:
    """How deeply `value` nests (iteratively: it is called after a RecursionError)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, dict):
            stack.extend((item, depth + 1) for item in node.values())
        elif isinstance(node, list):
            stack.extend((item, depth + 1) for item in node)
    return deepest


def unresolvable_text(error: Any) -> str:
    ref = getattr(error, "ref", None)
    shown = repr(ref) if ref else str(error).splitlines()[0][:200]
    return (f"a $ref that does not resolve locally ({shown}); remote references are never fetched: "
            f"inline the schema into $defs")


def _canonical(value: str, schema: dict) -> str:
    """The declared spelling of `value` when exactly one declared enum/const value matches it ignoring case."""
    enum = schema.get("enum")
    if isinstance(enum, list) and value not in enum:
        matches = {e for e in enum if isinstance(e, str) and _differ_in_case(value, e)}
        if len(matches) == 1:
            return matches.pop()
    const = schema.get("const")
    if isinstance(const, str) and value != const and _differ_in_case(value, const):
        return const
    return value


def _differ_in_case(a: str, b: str) -> bool:
    """Only letter case differs: `casefold` also maps ligatures (ﬁ), the long s (ſ), the Kelvin sign and ß,
    which are other characters, not other cases."""
    return a.lower() == b.lower() and a.upper() == b.upper()


def _keywords(schema: Any) -> set[str]:
    from toollint.schema.walk import walk

    found: set[str] = set()
    for node in walk(schema, ""):
        found.update(k for k in node.schema if isinstance(k, str))
    return found


def _has_wire_forms(schema: Any, target: str) -> bool:
    """Whether strictify sends part of this schema in another form: strictify's own answer, one source of truth."""
    from toollint.strictifier.decode import has_wire_forms

    return has_wire_forms(schema, target)


