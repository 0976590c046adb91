"""Rewrite a tool's input schema into what a provider's strict mode accepts, without losing a constraint.

`strictify_tool(tool)` returns the strict tool (same dialect), the boundary-validator schema (the
original schema: it accepts exactly what the original accepts) and the list of changes. What the
target cannot enforce is written into the field's description as a sentence and stays in the
validator. Where no faithful strict form exists a documented equivalent is used, and the boundary
turns the wire form back with `decode_wire_arguments`:

- a map (`additionalProperties` holding a schema) is sent as an array of `{"key", "value"}` objects;
- at the root, `patternProperties` or a map beside declared properties: the other entries travel in one
  synthetic optional map property (`additional_properties`, or a free variant), spread back into top-level keys;
- a value of any shape (`{}`, an object with no declared properties) is sent as JSON text;
- on OpenAI, an optional property is required and nullable; null means absent.

Otherwise it refuses with `StrictifyError` (with `.pointer`), or, with `allow_lossy`, simplifies
and records the loss.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp
from toollint.errors import StrictifyError
from toollint.profiles import STRICT_TARGETS, Profile, Usage, load_profile, schema_usage
from toollint.schema.walk import SCHEMA_TYPES, schema_types
from toollint.strictifier.decode import decode_wire_arguments, has_wire_forms
from toollint.strictifier.sentences import (
    FIXED,
    append,
    detect_lang,
    ref_sentence,
    sentence,
    union_sentence,
    vacuous,
)
from toollint.strictifier.shapes import (
    _ANNOTATIONS,
    _ARRAY_TYPES,
    _COMPOSED,
    _OBJECT_FAST,
    _OBJECT_TYPES,
    _PRIMITIVES,
    _TRIVIAL,
    _anchor_index,
    _disjoint,
    _inferred_types,
    _is_number,
    _lookup,
    _map_parts,
    _MergeError,
    _ref_target,
    merge_all,
    shape,
)
from toollint.strictifier.wire import (
    MARK,
    OBJECT,
    TEXT,
    TUPLE,
    accepts_null,
    choices,
    first_unsatisfiable,
    gemini_parameters,
    json_type,
    null_tag,
    separate_text_branches,
    strip_marks,
    wire_types,
    without_null,
)

# strictify writes for the constrained-decoding targets and for Gemini's `parameters` Schema subset
TARGETS = (*STRICT_TARGETS, "gemini")
_TYPED_TARGETS = frozenset({"openai", "gemini"})  # every enum/const node needs a `type`
_JSON_OBJECT_TEXT = "^\\{[\\s\\S]*\\}$"  # JSON text of an object: braces at both ends
MAX_NODES = 20_000

# Keywords that only annotate: dropped from the wire when the target does not take them (they stay
# in the validator schema, which is the original).
_DROPPED = frozenset({"$schema", "$id", "id", "$comment", "$anchor", "$dynamicAnchor", "$recursiveAnchor",
                      "$vocabulary", "readOnly", "writeOnly", "nullable", "markdownDescription",
                      "enumDescriptions", "enumNames", "errorMessage", "discriminator", "xml", "externalDocs",
                      "propertyOrdering", "tsType", "x-mcp-header", "contentSchema"})


def _resolved(lang: str) -> str:
    """"en" or "zh" from a language or a description whose language is still to be found."""
    if lang == "en" or lang == "zh":
        return lang
    return detect_lang(lang) or "en"


def _PLAIN_NAME(name: Any) -> bool:  # noqa: N802 - used like a predicate constant
    return name.__class__ is str and "~" not in name and "/" not in name


def _join(pointer: str, token: Any) -> str:
    """jp.join for one token, without escaping work in the common case (hot path)."""
    text = str(token)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return pointer + "/" + text



@dataclass(slots=True)
class Change:
    """One thing strictify moved or rewrote."""

    pointer: str
    keyword: str
    before: Any
    after: Any
    kind: str = "moved"  # moved, rewritten, added, dropped, lossy

    def as_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "keyword": self.keyword, "kind": self.kind, "before": self.before,
                "after": self.after}


@dataclass
class StrictifyResult:
    tool: dict[str, Any]
    validator: Any
    changes: list[Change] = field(default_factory=list)
    target: str = "anthropic"
    name: str | None = None
    schema_key: str | None = None
    wire_schema: Any = None

    codec_schema: Any = None  # the wire schema with codec markers, in JSON Schema terms

    @property
    def lossy(self) -> bool:
        return any(c.kind == "lossy" for c in self.changes)

    @property
    def usage(self) -> Usage:
        """What the strict tool spends of a request's budget: optional and union-typed parameters, counted on
        the wire schema as Anthropic counts them."""
        return schema_usage(self.wire_schema)

    @property
    def over_budget(self) -> list[str]:
        """The target's per-request limits this tool exceeds on its own ("30 optional parameters (limit 24)"):
        such a tool cannot be sent strict even alone. Empty when it fits (or the target publishes no budget)."""
        from toollint.strictifier.budget import over_alone

        return over_alone(self.usage, load_profile(self.target).budget)

    def encode(self, arguments: Any) -> Any:
        """Arguments valid against the original schema -> what a model sends under the wire schema.
        Raises `CodecError` when the wire cannot carry them (an open object's extra keys, say)."""
        from toollint.strictifier.codec import Codec

        return Codec(self.codec_schema).encode(arguments)

    def decode(self, wire_arguments: Any) -> Any:
        """What a model sent under the wire schema -> the arguments in the original schema's form (the
        inverse of `encode`; the boundary validates the result against `validator`)."""
        from toollint.strictifier.codec import Codec

        return Codec(self.codec_schema).decode(wire_arguments)


class UnsatisfiableSchema(StrictifyError):
    """No value is valid here: there is nothing to be faithful to (a schema bug to fix at the source)."""


class NoStrictForm(StrictifyError):
    """This subschema has no strict form of its own; below the root, JSON text checked by the validator is
    still faithful (so only a refusal at the root reaches the caller)."""


# ---------------------------------------------------------------------------------------------


class _Strictifier:
    __slots__ = ("root", "profile", "forced_lang", "fallback_lang", "allow_lossy", "base", "changes", "stack", "defs",
                 "def_names", "pending", "nodes", "below_root", "marked", "risky", "_anchors", "_origins", "_current", "free_keep", "leaf_keys", "rename", "refs")

    def __init__(self, root: Any, profile: Profile, *, lang: str, allow_lossy: bool, base: str,
                 fallback_lang: str, rename: bool = False) -> None:
        self.root = root
        self.rename = rename  # Gemini `parameters`: property names outside its rule travel renamed
        self.refs = False  # whether the wire keeps a `$ref` (recursion)
        self.profile = profile
        self.forced_lang = None if lang == "auto" else lang
        self.fallback_lang = fallback_lang
        self.allow_lossy = allow_lossy
        self.base = base
        self.changes: list[Change] = []
        self.stack: list[str] = []
        self.defs: dict[str, Any] = {}
        self.def_names: dict[str, str] = {}
        self.pending: list[str] = []
        self.nodes = 0
        self.below_root = 0
        self.marked = False  # whether any node carries a codec marker (most schemas: none)
        self.risky = False  # whether the wire holds what can contradict a type (a union, an enum, a const)
        self._anchors: dict[str, str] | None = None
        self._origins: dict[int, str] | None = None
        self._current: Any = None
        # keywords this target keeps whatever their value (no per-value check needed)
        self.free_keep = _free_keep(profile)
        # a primitive leaf made only of these keywords is copied as it is
        self.leaf_keys = _leaf_keys(profile)

    def _plain_enum(self, values: Any) -> bool:
        if values.__class__ is not list or not values:
            return False
        if self.profile.primitive_enum_only:
            for value in values:
                if value.__class__ is dict or value.__class__ is list:
                    return False
        return True

    # -- bookkeeping ---------------------------------------------------------------------------

    def change(self, pointer: str, keyword: str, before: Any, after: Any, kind: str = "moved") -> None:
        self.changes.append(Change(pointer, keyword, before, after, kind))

    def refuse(self, pointer: str, message: str, schema: Any = None, suffix: str = "") -> None:
        """Raise, unless --allow-lossy: then the caller simplifies and records the loss.

        Names the place in the input where `schema` (when given) stands, not where it was inlined.
        """
        if not self.allow_lossy or self.below_root:
            if schema is not None:
                if self._origins is None:
                    from toollint.schema.walk import walk

                    self._origins = {id(node.schema): node.pointer for node in walk(self.root, self.base)}
                origin = self._origins.get(id(schema))
                if origin is not None:
                    pointer = origin + suffix
            raise NoStrictForm(message, pointer)

    def lang(self, description: Any, inherited: str) -> str:
        """The language for sentences on a node: forced, else its description's, else the inherited one."""
        if self.forced_lang:
            return self.forced_lang
        return detect_lang(description) or _resolved(inherited)

    # -- entry -------------------------------------------------------------------------------

    def run(self) -> Any:
        root = self.root
        if not isinstance(root, dict):
            raise StrictifyError("the input schema is not a JSON object", self.base)
        declared = schema_types(root)
        if declared and "object" not in declared:
            raise StrictifyError(f"the root of the input schema must be an object, not {'/'.join(sorted(declared))}; "
                                 "wrap the value in an object property", jp.join(self.base, "type"))
        self.stack.append("")
        wire = self.node(root, self.base, self.fallback_lang, is_root=True)
        self.stack.pop()
        while self.pending:
            target = self.pending.pop(0)
            self.stack.append(target)
            self.defs[self.def_names[target]] = self.slot(_lookup(self.root, target), self.base + target,
                                                          self.fallback_lang)
            self.stack.pop()
        if not isinstance(wire, dict):
            raise StrictifyError("the input schema has no strict form", self.base)
        if "anyOf" in wire:
            why = (f"{self.profile.title} does not accept `anyOf` at the root of a tool's schema" if not
                   self.profile.root_any_of else f"{self.profile.title} needs the root to be one closed object "
                   "(`additionalProperties: false`), which leaves no room for alternatives at the root")
            self.refuse(self.base + "/anyOf", f"{why}, and the alternatives cannot be merged faithfully; split the "
                        "tool into one tool per alternative")
            wire = self._flatten_root_union(wire)
        if wire.get("type") != "object":
            before = wire.get("type")
            wire = {"type": "object", **{k: v for k, v in wire.items() if k != "type"}}
            if before is not None:
                self.change(jp.join(self.base, "type"), "type", before, "object", "rewritten")
        if "properties" not in wire and "anyOf" not in wire:
            wire["properties"] = {}
            if self.profile.closed_objects:
                wire.setdefault("additionalProperties", False)
            if self.profile.every_property_required:
                wire["required"] = []
        if self.defs:
            wire["$defs"] = self.defs
        empty = first_unsatisfiable(wire, self.defs) if self.risky else None
        if empty is not None:
            raise UnsatisfiableSchema("no value satisfies this part of the schema, so no call could ever be valid",
                                      self.base + empty)
        return wire

    def _flatten_root_union(self, wire: dict[str, Any]) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        for branch in wire.get("anyOf", ()):
            for name, sub in (branch.get("properties") or {}).items() if isinstance(branch, dict) else ():
                properties.setdefault(name, sub)
        out = {k: v for k, v in wire.items() if k != "anyOf"}
        out["type"] = "object"
        if self.profile.every_property_required:
            out["properties"] = {name: _nullable(sub) for name, sub in properties.items()}
            out["required"] = list(properties)
            out[MARK] = {"kind": OBJECT, "optional": list(properties)}
            self.marked = True
        else:
            out["properties"] = properties
        out["additionalProperties"] = False
        lang = self.forced_lang or detect_lang(out.get("description")) or self.fallback_lang
        out["description"] = append(out.get("description"), [FIXED["lossy"][1 if lang == "zh" else 0]], lang)
        self.change(self.base + "/anyOf", "anyOf", "alternatives", "one object with every alternative's "
                    "properties, each nullable", "lossy")
        return out

    # -- one subschema -----------------------------------------------------------------------

    def node(self, schema: Any, pointer: str, lang: str, is_root: bool = False) -> Any:
        """The wire form of one subschema (see `slot` for the fallback to JSON text below the root)."""
        if is_root or schema.__class__ is not dict:
            return self._node(schema, pointer, lang, is_root)
        declared = schema.get("type")
        if declared.__class__ is str and declared in _PRIMITIVES and self.leaf_keys.issuperset(schema) and (
                "enum" not in schema or self._plain_enum(schema["enum"]) and _enum_fits(schema["enum"], declared) and (
                    self.profile.name != "gemini" or not self.needs_choices(schema))):
            self.nodes += 1
            return dict(schema)  # the common leaf: nothing to move, close or rewrite
        return self._node(schema, pointer, lang, is_root)

    def slot(self, schema: Any, pointer: str, lang: str) -> Any:
        """`node` for one subschema below the root: one with no strict form of its own travels as JSON text
        (its rules in the description, the validator enforcing them). `properties` and `union` take the same
        care for many at once."""
        if schema.__class__ is not dict:
            return self.node(schema, pointer, lang)
        mark = len(self.changes)
        self.below_root += 1
        try:
            return self.node(schema, pointer, lang)
        except StrictifyError as error:
            if not isinstance(error, NoStrictForm):
                raise
            del self.changes[mark:]
            return self.as_text(schema, pointer, lang, error.message)
        finally:
            self.below_root -= 1

    def as_text(self, schema: dict[str, Any], pointer: str, lang: str, why: str) -> dict[str, Any]:
        lang = self.lang(schema.get("description"), lang)
        rules = {k: v for k, v in schema.items() if k not in ("title", "description") and k not in _DROPPED}
        nullable = "null" in schema_types(schema)
        wire: dict[str, Any] = {k: schema[k] for k in ("title",) if isinstance(schema.get(k), str)}
        wire["type"] = ["string", "null"] if nullable else "string"
        wire["description"] = append(schema.get("description"), [FIXED["json"][1 if lang == "zh" else 0],
                                                                  sentence("schema", rules, lang),
                                                                  *self.ref_sentences(rules, lang)], lang)
        wire[MARK] = {"kind": TEXT, "null": nullable}
        self.marked = True
        self.change(pointer, "schema", why, "JSON text, checked by the validator", "rewritten")
        return wire

    def ref_sentences(self, rules: Any, lang: str) -> list[str]:
        """What each local `$ref` in a schema said in words stands for: the wire has no `$defs` to point at (a cut
        recursion, a part sent as JSON text), so the description carries the definitions it names."""
        zh = _resolved(lang) == "zh"
        out: list[str] = []
        seen: set[str] = set()
        pending = _local_refs(rules)
        while pending and len(seen) < 20:
            ref = pending.pop(0)
            if ref in seen:
                continue
            seen.add(ref)
            target = _ref_target(ref)
            if target == "":
                out.append(FIXED["root_ref"][1 if zh else 0])
                continue
            try:
                definition = _lookup(self.root, target) if target is not None else None
            except KeyError:
                continue
            if definition is None:
                continue
            out.append(ref_sentence(ref, definition, "zh" if zh else "en"))
            pending.extend(_local_refs(definition))
        return out

    def needs_choices(self, schema: dict[str, Any]) -> bool:
        """Whether an enum/const node must be rebuilt: object or array members, no `type` where the target
        needs one, or a target that takes only string enums."""
        values = [schema["const"]] if "const" in schema else schema["enum"]
        if values.__class__ is not list:
            return False
        if not values:
            return True
        if any(v.__class__ is dict or v.__class__ is list for v in values):
            return True
        name = self.profile.name
        if name in _TYPED_TARGETS and "type" not in schema:
            return True
        if name == "gemini" and ("const" in schema or any(not isinstance(v, str) for v in values)):
            return True
        return "const" in schema and "const" not in self.profile.supported

    def choice_node(self, schema: dict[str, Any], pointer: str, lang: str) -> dict[str, Any]:
        """"One of these values" in the target's exact form: typed, objects as closed objects of one-value
        leaves. Other keywords beside an enum only narrow it; they move into the description."""
        keyword = "const" if "const" in schema else "enum"
        values = [schema["const"]] if keyword == "const" else list(schema["enum"])
        declared = schema_types(schema)
        if declared:
            values = [v for v in values if json_type(v) in declared or (json_type(v) == "integer" and "number" in
                                                                          declared)]
        if not values:
            raise UnsatisfiableSchema(f"no value of the `{keyword}` has the declared type", _join(pointer, keyword))
        lang = self.lang(schema.get("description"), lang)
        name = self.profile.name
        self.risky = True
        wire, exact = choices(values, typed=name in _TYPED_TARGETS, primitive_only=True,
                              string_enum_only=name == "gemini", const_ok="const" in self.profile.supported)
        out: dict[str, Any] = {k: schema[k] for k in ("title",) if k in schema}
        out.update(wire)
        moved = [] if exact else [sentence(keyword, schema[keyword], lang)]
        kept: tuple[str, ...] = ("title", "description", "type", "enum", "const")
        if "default" in self.profile.supported and self.profile.keeps("default", schema.get("default"), schema):
            kept += ("default",)
            if "default" in schema:
                out["default"] = schema["default"]
        self.move_leftovers(schema, pointer, lang, moved, kept)
        if moved or "description" in schema:
            out["description"] = append(schema.get("description"), moved, lang)
        self.change(_join(pointer, keyword), keyword, schema[keyword], "typed" + ("" if exact else " (values in the "
                    "description)"), "rewritten")
        return out

    def distribute(self, schema: dict[str, Any], pointer: str) -> dict[str, Any]:
        """An object's own properties beside `anyOf` branches go into every branch: a closed branch would
        otherwise reject the object's own properties, and the wire would accept almost nothing."""
        branches = schema["anyOf"]
        if not isinstance(branches, list):
            return schema
        kept = {k: v for k, v in schema.items() if k in _DISTRIBUTED_IGNORES and k != "anyOf"}
        rest = {k: v for k, v in schema.items() if k != "anyOf" and k not in kept}
        merged = []
        for index, branch in enumerate(branches):
            if branch is False:
                continue
            try:
                merged.append(merge_all([rest, branch]))
            except _MergeError as error:
                if error.unsatisfiable:
                    continue  # this branch can never match beside the object's own keywords
                self.refuse(jp.join(pointer, "anyOf", index), f"the object's own keywords and this branch cannot "
                            f"be combined ({error})")
        if not merged:
            raise UnsatisfiableSchema("no branch of the union fits the object's own keywords", jp.join(pointer, "anyOf"))
        self.change(jp.join(pointer, "anyOf"), "anyOf", "branches beside the object's keywords",
                    "the object's keywords merged into every branch", "rewritten")
        return {**kept, "anyOf": merged}

    def assertion_union(self, schema: dict[str, Any], pointer: str, lang: str) -> dict[str, Any]:
        """`oneOf`/`anyOf` whose branches only add conditions on the node itself (`required`, bounds...): the node
        keeps its shape on the wire and the condition becomes a sentence the validator enforces."""
        lang = self.lang(schema.get("description"), lang)
        out = dict(schema)
        moved = []
        for key in ("oneOf", "anyOf"):
            branches = out.get(key)
            if not isinstance(branches, list) or not _assertion_branches(branches):
                continue
            del out[key]
            moved.append(union_sentence(key, branches, lang))
            self.change(_join(pointer, key), key, branches, "description: " + moved[-1], "moved")
        out["description"] = append(schema.get("description"), moved, lang)
        return out

    def _node(self, schema: Any, pointer: str, lang: str, is_root: bool = False) -> Any:
        self.nodes += 1
        if schema.__class__ is dict:
            if "not" in schema and schema["not"] in (True, {}):
                raise UnsatisfiableSchema("`not: {}` accepts no value", _join(pointer, "not"))
            if ("oneOf" in schema or "anyOf" in schema) and _assertion_union(schema):
                schema = self.assertion_union(schema, pointer, lang)
            if ("enum" in schema or "const" in schema) and self.needs_choices(schema):
                return self.choice_node(schema, pointer, lang)
            declared = schema.get("type")
            if declared.__class__ is str:
                if declared in _PRIMITIVES:
                    if self.leaf_keys.issuperset(schema) and (
                            "enum" not in schema or self._plain_enum(schema["enum"])):
                        self.risky = self.risky or "enum" in schema
                        return dict(schema)  # the common leaf: nothing to move, close or rewrite
                    if _COMPOSED.isdisjoint(schema):
                        return self.plain(schema, pointer, lang, is_root, {declared})
                elif declared == "array":
                    if _COMPOSED.isdisjoint(schema) and "enum" not in schema and "const" not in schema:
                        return self.plain(schema, pointer, lang, is_root, _ARRAY_TYPES)
                elif declared == "object" and _OBJECT_FAST.isdisjoint(schema) and \
                        schema.get("properties").__class__ is dict and schema["properties"] and \
                        schema.get("additionalProperties") in (None, False, True):
                    return self.plain(schema, pointer, lang, is_root, _OBJECT_TYPES)
            elif declared is None and "anyOf" in schema and _COMPOSED.isdisjoint(schema) and not is_root and \
                    _DISTRIBUTED_IGNORES.issuperset(schema):
                return self.plain(schema, pointer, lang, is_root, _inferred_types(schema))
            if self.nodes > MAX_NODES:
                raise StrictifyError(f"the schema expands to more than {MAX_NODES:,} subschemas once its "
                                     "references are inlined; simplify it", pointer)
            if "$ref" in schema:
                return self.reference(schema, pointer, lang, is_root=is_root)
            if "allOf" in schema:
                return self.all_of(schema, pointer, lang, is_root=is_root)
            if "oneOf" in schema:
                schema = self.one_of(schema, pointer)
            if "anyOf" in schema and not is_root and not _DISTRIBUTED_IGNORES.issuperset(schema):
                schema = self.distribute(schema, pointer)
            form = shape(schema, is_root=is_root)
            if form == "free":
                return self.free(schema, pointer, lang)
            if form == "map":
                return self.map(schema, pointer, lang)
            return self.plain(schema, pointer, lang, is_root)
        if schema is True:
            return self.free({}, pointer, lang)
        if schema is False:
            raise UnsatisfiableSchema("a `false` schema accepts no value", pointer)
        raise StrictifyError(f"this subschema is {json.dumps(schema, ensure_ascii=False)[:60]}, not a JSON Schema "
                             "object; no provider accepts it", pointer)

    def reference(self, schema: dict[str, Any], pointer: str, lang: str, *, is_root: bool) -> Any:
        ref = schema["$ref"]
        siblings = {k: v for k, v in schema.items() if k not in ("$ref", "$defs", "definitions")}
        target = _ref_target(ref) if isinstance(ref, str) else None
        if target is None and isinstance(ref, str) and ref.startswith("#"):
            if self._anchors is None:
                self._anchors = _anchor_index(self.root)
            target = self._anchors.get(ref)
        where = jp.join(pointer, "$ref")
        if target is None:
            if not self.allow_lossy:  # not even the validator could check it: a remote `$ref` is never fetched
                raise StrictifyError(f"`$ref` {ref!r} points outside the schema; strict mode accepts only `#/...` "
                                     "references inside it: copy the definition into `$defs`", where)
            self.change(where, "$ref", ref, "any value, as JSON text", "lossy")
            return self.free(siblings, pointer, lang)
        try:
            resolved = _lookup(self.root, target)
        except KeyError:
            raise StrictifyError(f"`$ref` {ref!r} does not resolve inside the schema", where) from None
        if target in self.stack or (target == "" and not is_root):
            self._current = schema
            return self.recursive(ref, target, siblings, pointer, lang)
        combined = self._with_siblings(resolved, siblings, where)
        if isinstance(combined, dict):
            combined = {k: v for k, v in combined.items() if k not in ("$defs", "definitions")}
        self.change(where, "$ref", ref, "inlined", "rewritten")
        self.stack.append(target)
        try:
            return self.node(combined, pointer, lang, is_root=is_root)
        finally:
            self.stack.pop()

    def _with_siblings(self, resolved: Any, siblings: dict[str, Any], where: str) -> Any:
        if not siblings:
            return resolved
        if resolved is True or resolved == {}:
            return dict(siblings)
        if isinstance(resolved, dict) and set(siblings) <= _ANNOTATIONS:
            return {**resolved, **siblings}
        try:
            return merge_all([resolved, siblings])
        except _MergeError as error:
            self.refuse(where, f"the `$ref` and its sibling keywords cannot be combined into one strict schema "
                        f"({error})")
            self.change(where, "$ref", "siblings", f"dropped ({error})", "lossy")
            return resolved

    def recursive(self, ref: str, target: str, siblings: dict[str, Any], pointer: str, lang: str) -> Any:
        profile = self.profile
        where = jp.join(pointer, "$ref")
        if not profile.recursion:
            self.refuse(where, f"`$ref` {ref!r} makes the schema recursive, which {profile.title} does not support "
                        f"(the API answers \"{profile.message('recursion')}\"); unroll it to a fixed depth",
                        self._current, "/$ref")
            self.change(where, "$ref", ref, "recursion cut: any value, as JSON text", "lossy")
            return self.free(siblings, pointer, lang)
        if target == "":
            wire_ref = "#"
        else:
            name = self.def_names.get(target)
            if name is None:
                base = jp.split(target)[-1] or "def"
                name = base
                counter = 2
                while name in self.def_names.values():
                    name = f"{base}_{counter}"
                    counter += 1
                self.def_names[target] = name
                self.pending.append(target)
            wire_ref = "#/$defs/" + jp.escape(name)
        self.refs = True
        if wire_ref != ref:
            self.change(where, "$ref", ref, wire_ref, "rewritten")
        if not siblings:
            return {"$ref": wire_ref}
        described = {k: v for k, v in siblings.items() if k in ("description", "title")}
        if len(described) != len(siblings):
            self.refuse(where, "a recursive `$ref` with constraining sibling keywords has no strict form "
                        f"({', '.join(k for k in siblings if k not in described)})")
            self.change(where, "$ref", "siblings", "dropped", "lossy")
        self.change(where, "$ref", "siblings", "wrapped in anyOf", "rewritten")
        return {**described, "anyOf": [{"$ref": wire_ref}]}

    def all_of(self, schema: dict[str, Any], pointer: str, lang: str, *, is_root: bool) -> Any:
        branches = schema["allOf"]
        rest = {k: v for k, v in schema.items() if k != "allOf"}
        parts = [rest]
        where = jp.join(pointer, "allOf")
        for index, branch in enumerate(branches if isinstance(branches, list) else []):
            depth = 0
            while isinstance(branch, dict) and "$ref" in branch and depth < 32:
                target = _ref_target(branch["$ref"]) if isinstance(branch["$ref"], str) else None
                if target is None or target in self.stack:
                    break
                try:
                    resolved = _lookup(self.root, target)
                except KeyError:
                    raise StrictifyError(f"`$ref` {branch['$ref']!r} does not resolve inside the schema",
                                         jp.join(where, index, "$ref")) from None
                siblings = {k: v for k, v in branch.items() if k != "$ref"}
                if isinstance(resolved, dict):
                    resolved = {k: v for k, v in resolved.items() if k not in ("$defs", "definitions")}
                branch = self._with_siblings(resolved, siblings, jp.join(where, index))
                depth += 1
            parts.append(branch)
        try:
            merged = merge_all(parts)
        except _MergeError as error:
            if error.unsatisfiable:
                raise UnsatisfiableSchema(f"no value matches every `allOf` branch ({error})", where) from None
            self.refuse(where, f"the `allOf` branches cannot be merged into one schema ({error}), and "
                        f"{self.profile.title} cannot take them as they are")
            try:
                merged = merge_all([rest, parts[1] if len(parts) > 1 else {}])
                self.change(where, "allOf", "branches", f"first branch only ({error})", "lossy")
            except _MergeError as again:  # the first branch contradicts the schema too: keep the schema alone
                merged = merge_all([rest])
                self.change(where, "allOf", "branches", f"dropped ({again})", "lossy")
        self.change(where, "allOf", f"{len(parts) - 1} branch(es)", "merged", "rewritten")
        return self.node(merged, pointer, lang, is_root=is_root)

    def one_of(self, schema: dict[str, Any], pointer: str) -> dict[str, Any]:
        branches = schema["oneOf"]
        where = jp.join(pointer, "oneOf")
        if isinstance(branches, list) and sum(1 for b in branches if b is True or b == {}) > 1:
            raise UnsatisfiableSchema("two `oneOf` branches accept every value, so no value matches exactly one",
                                      where)
        if "anyOf" in schema:
            return self._one_and_any(schema, where)
        out = {("anyOf" if k == "oneOf" else k): v for k, v in schema.items()}
        self.change(where, "oneOf", "oneOf", "anyOf (exclusivity in the description and the validator)", "rewritten")
        if isinstance(branches, list) and len(branches) > 1 and not _disjoint(branches):
            out["x-toollint-oneOf"] = True  # the description says "exactly one"
        return out

    def _one_and_any(self, schema: dict[str, Any], where: str) -> dict[str, Any]:
        """`anyOf` stays on the wire; `oneOf` moves into the description (plain() words it)."""
        self.change(where, "oneOf", "oneOf", "description (anyOf kept; the validator enforces it)", "moved")
        return schema

    # -- shapes ------------------------------------------------------------------------------

    def free(self, schema: dict[str, Any], pointer: str, lang: str) -> dict[str, Any]:
        """A value of any shape: sent as JSON text, parsed back by the boundary."""
        lang = self.lang(schema.get("description"), lang)
        object_only = "object" in schema_types(schema) and schema_types(schema) <= {"object", "null"}
        note = FIXED["json_object" if object_only else "json"][1 if lang == "zh" else 0]
        out: dict[str, Any] = {}
        if isinstance(schema.get("title"), str):
            out["title"] = schema["title"]
        nullable = "null" in schema_types(schema)
        out["type"] = ["string", "null"] if nullable else "string"
        if object_only and self.profile.keeps("pattern", _JSON_OBJECT_TEXT, {"pattern": _JSON_OBJECT_TEXT}):
            out["pattern"] = _JSON_OBJECT_TEXT
        moved = self.move_leftovers(schema, pointer, lang, [note],
                                    ("title", "description", "type", "properties", "additionalProperties"))
        out["description"] = append(schema.get("description"), moved, lang)
        out[MARK] = {"kind": TEXT, "null": nullable}
        self.marked = True
        self.change(pointer, "type", schema.get("type"), "string (JSON text)", "rewritten")
        return out

    def move_leftovers(self, schema: dict[str, Any], pointer: str, lang: str, moved: list[str],
                       kept: tuple[str, ...]) -> list[str]:
        """Every keyword of a rewritten node that is neither kept nor dropped becomes a description sentence."""
        for key, value in schema.items():
            if key in kept or key in _DROPPED or key.startswith("x-"):
                continue
            if vacuous(key, value, schema):
                self.change(jp.join(pointer, key), key, value, "dropped: says nothing (kept in the validator)",
                            "dropped")
                continue
            moved.append(sentence(key, value, lang))
            self.change(jp.join(pointer, key), key, value, "description: " + moved[-1], "moved")
        return moved

    def map(self, schema: dict[str, Any], pointer: str, lang: str) -> dict[str, Any]:
        lang = self.lang(schema.get("description"), lang)
        value_schema, key_pattern = _map_parts(schema)
        key_name = "patternProperties" if key_pattern is not None else "additionalProperties"
        value_pointer = jp.join(pointer, key_name, key_pattern) if key_pattern is not None else \
            jp.join(pointer, "additionalProperties")
        key_wire: dict[str, Any] = {"type": "string"}
        if key_pattern is not None:
            if self.profile.keeps("pattern", key_pattern, {"pattern": key_pattern}):
                key_wire["pattern"] = key_pattern
            else:
                key_wire["description"] = sentence("pattern", key_pattern, lang)
        value_wire = self.slot(value_schema, value_pointer, lang)
        entry = {"type": "object", "properties": {"key": key_wire, "value": value_wire},
                 "required": ["key", "value"], "additionalProperties": False}
        out: dict[str, Any] = {}
        for key in ("title",):
            if key in schema:
                out[key] = schema[key]
        types = schema_types(schema)
        out["type"] = ["array", "null"] if "null" in types else "array"
        out["items"] = entry
        moved = self.move_leftovers(schema, pointer, lang, [FIXED["map"][1 if lang == "zh" else 0]],
                                    ("title", "description", "type", "additionalProperties", "patternProperties",
                                     "properties", "required"))
        out["description"] = append(schema.get("description"), moved, lang)
        out[MARK] = {"kind": "map"}
        self.marked = True
        self.change(pointer, key_name, "map", 'array of {"key", "value"}', "rewritten")
        return out

    def plain(self, schema: dict[str, Any], pointer: str, lang: str, is_root: bool = False,
              types: Any = None) -> dict[str, Any]:
        profile = self.profile
        if self.forced_lang:
            lang = self.forced_lang
        else:
            # `lang` is "en", "zh", or the nearest description, whose language is found only when needed
            description = schema.get("description")
            if description.__class__ is str and description and not description.isspace():
                lang = description
        if types is None:
            types = _inferred_types(schema)
        out: dict[str, Any] = {}
        moved: list[str] = []
        checked = schema
        one_of = schema.get("x-toollint-oneOf") is True
        if "type" not in schema and "anyOf" not in schema and not is_root:
            if not types and profile.name in _TYPED_TARGETS:  # any value: JSON text (the validator checks the rest)
                return self.free(schema, pointer, lang)
            if len(types) == 1:  # on every target, a typeless node gets the type its keywords imply
                out["type"] = next(iter(types))
                self.change(_join(pointer, "type"), "type", None, out["type"], "added")
                checked = {**schema, "type": out["type"]}  # what the target checks keywords against
        elif "type" not in schema and len(types) == 1 and ("object" in types or "array" in types):
            out["type"] = next(iter(types))
            self.change(_join(pointer, "type"), "type", None, out["type"], "added")
        keeps = profile.keeps
        free_keep = self.free_keep
        for key, value in schema.items():
            kind = _KIND.get(key)
            if kind is None:
                if key in free_keep:
                    out[key] = value
                elif key not in _NOT_JSON_SCHEMA and keeps(key, value, checked, is_root=is_root):
                    out[key] = value
                    if key == "enum" or key == "const":
                        self.risky = True
                elif key == "minItems" and _is_number(value) and profile.max_min_items is not None:
                    out[key] = min(profile.max_min_items, value)
                    moved.append(sentence(key, value, _resolved(lang)))
                    self.change(_join(pointer, key), key, value,
                                f"{out[key]} on the wire; description: {moved[-1]}", "moved")
                elif key in _DROPPED or key.startswith("x-") or key not in _KNOWN_MOVABLE or \
                        vacuous(key, value, schema):
                    if key != "x-toollint-oneOf":
                        self.change(_join(pointer, key), key, value, "dropped (kept in the validator)", "dropped")
                else:
                    # a format on a number names its size or shape, never "a string"
                    said = "number_format" if key == "format" and types and "string" not in types else key
                    moved.append(sentence(said, value, _resolved(lang)))
                    self.change(_join(pointer, key), key, value, "description: " + moved[-1], "moved")
            elif kind == 1:  # description, title: text, kept unless the target's profile rejects the keyword
                if key not in profile.rejected:
                    out[key] = value
                else:
                    self.change(_join(pointer, key), key, value, "dropped: the target rejects it (kept in the "
                                "validator)", "dropped")
            elif kind == 2:  # type
                if not (value.__class__ is str and value in SCHEMA_TYPES) and not (
                        isinstance(value, list) and value and all(isinstance(t, str) and t in SCHEMA_TYPES for t in value)):
                    raise StrictifyError(f"`type` {json.dumps(value)} is not a JSON Schema type; no provider "
                                         "accepts it", _join(pointer, key))
                out[key] = value
            elif kind == 3:  # properties
                if isinstance(value, dict):
                    out[key] = self.properties(schema, value, pointer, lang)
            elif kind == 4:  # required, additionalProperties
                out[key] = None  # a placeholder that keeps the key's place; settled with the object below
            elif kind == 5:  # items
                if isinstance(value, dict) or value is True:
                    out[key] = self.slot(value, pointer + "/items", lang)
                else:
                    out[key] = None  # a tuple: settled below
            elif kind == 6:  # anyOf
                if value.__class__ is list:
                    leaf_keys = self.leaf_keys
                    for branch in value:  # the common union (a type or null): typed leaves copied as they are
                        if branch.__class__ is not dict or branch.get("type").__class__ is not str or \
                                branch["type"] not in _PRIMITIVES or \
                                not leaf_keys.issuperset(branch) or "enum" in branch:
                            out[key] = self.union(value, pointer + "/anyOf", lang)
                            break
                    else:
                        out[key] = [dict(branch) for branch in value]
                        self.nodes += len(value)
            elif kind == 7:  # $defs, definitions
                if not is_root:
                    self.change(_join(pointer, key), key, "definitions", "dropped (inlined where used)", "dropped")
            # kind 8: patternProperties, settled with the object below
        if one_of:
            moved.insert(0, FIXED["oneOf"][1 if _resolved(lang) == "zh" else 0])
        if "object" in types:
            self.close_object(schema, out, pointer, lang, moved, is_root=is_root)
        else:
            for key in ("required", "additionalProperties"):
                if key in out:
                    del out[key]
                    self.change(_join(pointer, key), key, schema[key], "dropped: the value is not an object",
                                "dropped")
        if "anyOf" in out and "type" in out:  # a union beside a type: they must share a value
            declared = wire_types({"type": out["type"]})
            if not any(declared & wire_types(branch) for branch in out["anyOf"]):
                raise UnsatisfiableSchema(f"no branch of the union is of the type {json.dumps(out['type'])}",
                                          _join(pointer, "anyOf"))
        if "prefixItems" in schema or isinstance(schema.get("items"), list) or schema.get("items") is False:
            self.tuple_items(schema, out, pointer, lang, moved)
        elif "array" in types and "items" not in schema:
            out["items"] = self.free({}, jp.join(pointer, "items"), lang)
        if moved:
            out["description"] = append(schema.get("description"), moved, _resolved(lang))
        return out

    def properties(self, schema: dict[str, Any], value: dict[str, Any], pointer: str, lang: str) -> dict[str, Any]:
        """The wire properties. One no value satisfies (`false`) is left out of the closed object when
        optional; when required, the whole object is unsatisfiable."""
        where = pointer + "/properties/"
        node = self.node
        mark = len(self.changes)
        self.below_root += 1
        try:  # the common case, in one pass
            return {name: node(sub, where + name if _PLAIN_NAME(name) else _join(where[:-1], name), lang)
                    for name, sub in value.items()}
        except StrictifyError as error:
            if not isinstance(error, (UnsatisfiableSchema, NoStrictForm)):
                raise
            del self.changes[mark:]
        finally:
            self.below_root -= 1
        required: Any = schema.get("required") if isinstance(schema.get("required"), list) else ()
        out = {}
        for name, sub in value.items():
            at = where + name if _PLAIN_NAME(name) else _join(where[:-1], name)
            try:
                out[name] = self.slot(sub, at, lang)
            except UnsatisfiableSchema:
                if name in required:
                    raise
                self.change(at, "properties", sub, "left out: no value is valid there, so it must stay absent",
                            "dropped")
        return out

    def union(self, branches: list[Any], where: str, lang: str) -> list[Any]:
        """`anyOf` branches on the wire: those no value satisfies dropped; JSON text kept apart from strings."""
        mark = len(self.changes)
        self.below_root += 1
        try:  # the common case, in one pass
            out = [self.node(sub, f"{where}/{index}", lang) for index, sub in enumerate(branches)]
        except StrictifyError as error:
            if not isinstance(error, (UnsatisfiableSchema, NoStrictForm)):
                raise
            del self.changes[mark:]
            out = None
        finally:
            self.below_root -= 1
        if out is not None:
            return separate_text_branches(out, deep=self.marked)
        out = []
        for index, sub in enumerate(branches):
            try:
                out.append(self.slot(sub, f"{where}/{index}", lang))
            except UnsatisfiableSchema:
                self.change(f"{where}/{index}", "anyOf", sub, "dropped: no value matches this branch", "dropped")
        if not out:
            raise UnsatisfiableSchema("no branch of the union accepts any value", where)
        return separate_text_branches(out, deep=self.marked)

    def tuple_items(self, schema: dict[str, Any], out: dict[str, Any], pointer: str, lang: str,
                    moved: list[str]) -> None:
        """A tuple (`prefixItems`, or draft-07 list `items`): each position is encoded with its own schema;
        the wire's `items` is the union of the positions and the rest, the order is in the description."""
        listed = isinstance(schema.get("items"), list)
        prefix: Any = schema.get("items") if listed else schema.get("prefixItems")
        if not isinstance(prefix, list):
            prefix = []
        rest = schema.get("additionalItems", True) if listed else schema.get("items", True)
        if False in prefix:  # no item can stand at a `false` position: the array ends before it
            prefix, rest = prefix[:prefix.index(False)], False
        where = jp.join(pointer, "items" if listed else "prefixItems")
        positions = [self.slot(sub, jp.join(where, index), lang) for index, sub in enumerate(prefix)]
        rest_wire = None
        if rest is False:
            limit = len(positions)
            if self.profile.keeps("maxItems", limit, {"maxItems": limit}) and not isinstance(schema.get("maxItems"),
                                                                                           int):
                out["maxItems"] = limit
            elif "maxItems" not in out:
                moved.append(sentence("maxItems", limit, _resolved(lang)))
        else:
            rest_wire = self.slot(rest, jp.join(pointer, "additionalItems" if listed else "items"), lang)
        if prefix:
            moved.append(sentence("prefixItems", prefix, _resolved(lang)))
        unique: list[Any] = []
        for branch in [*positions, *([rest_wire] if rest_wire is not None else [])]:
            if branch not in unique:
                unique.append(branch)
        if not unique:
            unique = [self.free({}, jp.join(pointer, "items"), lang)]
        out["items"] = unique[0] if len(unique) == 1 else {"anyOf": unique}
        if prefix:
            out[MARK] = {"kind": TUPLE, "prefix": positions, "rest": rest_wire}
            self.marked = True
        self.change(where, "prefixItems" if not listed else "items", "tuple",
                    "items: the union of the positions; order in the description", "rewritten")

    def close_object(self, schema: dict[str, Any], out: dict[str, Any], pointer: str, lang: str,
                     moved: list[str], *, is_root: bool) -> None:
        profile = self.profile
        properties = out.setdefault("properties", {})
        extra = schema.get("additionalProperties")
        if extra is not False and not _CONDITIONAL.isdisjoint(schema):
            self.lift_conditional(schema, properties, pointer, lang)
        patterns = schema.get("patternProperties")
        spread = is_root and ((isinstance(patterns, dict) and bool(patterns)) or (isinstance(extra, dict) and bool(extra)))
        # With `spread`, the other entries travel in one synthetic map property (added below).
        if patterns and not spread:
            where = jp.join(pointer, "patternProperties")
            self.refuse(where, "`patternProperties` beside declared properties has no strict form (strict objects "
                        "are closed)")
            moved.append(sentence("patternProperties", patterns, _resolved(lang)))
            self.change(where, "patternProperties", patterns, "description", "lossy")
        if isinstance(extra, dict) and extra and not spread:
            where = jp.join(pointer, "additionalProperties")
            self.refuse(where, "an object with declared properties and a map of other entries "
                        "(`additionalProperties` holding a schema) has no strict form; move the other entries "
                        "into one map property")
            self.change(where, "additionalProperties", extra, "false", "lossy")
        elif extra is not False and profile.closed_objects:
            self.change(pointer + "/additionalProperties", "additionalProperties",
                        extra, False, "added" if extra is None else "rewritten")
        if profile.closed_objects:
            out["additionalProperties"] = False
        elif "additionalProperties" in out:
            del out["additionalProperties"]  # Gemini's API answers "Unknown name" (the validator keeps it)
        required = schema.get("required")
        required = [r for r in required if isinstance(r, str)] if isinstance(required, list) else []
        kept = [r for r in required if r in properties]
        if len(kept) != len(required):
            undefined = [r for r in required if r not in properties]
            if extra is False:  # no valid call exists in the original either
                raise UnsatisfiableSchema(f"{', '.join(json.dumps(n) for n in undefined)} must be given, but the "
                                          "object allows no property of that name", jp.join(pointer, "required"))
            else:  # the original requires them with any value: send them as JSON text
                for name in undefined:
                    properties[name] = self.free({}, _join(pointer + "/properties", name), lang)
                    self.change(_join(pointer + "/properties", name), "required", "required, not defined",
                                "defined as any value (JSON text)", "added")
                kept = [r for r in required if r in properties]
        spread_name = self.spread(schema, properties, pointer, lang) if spread else None
        if profile.every_property_required:
            declared_properties: Any = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
            optional = []
            for name in properties:
                if name not in kept:
                    if _null_is_absent(declared_properties.get(name), properties[name]):
                        properties[name] = self.null_absent(_flat_union(_nullable(properties[name])), lang)
                    else:
                        properties[name] = _nullable(self.explicit_null(properties[name], lang))
                    optional.append(name)
                    self.change(_join(pointer + "/properties", name), "required", "optional",
                                "required and nullable (null means absent)", "rewritten")
            out["required"] = list(properties)
            if optional:
                out[MARK] = {"kind": OBJECT, "optional": optional}
                self.marked = True
        elif kept or "required" in schema:
            out["required"] = kept
        elif "required" in out:
            del out["required"]
        if spread_name is not None:
            out[MARK] = {"kind": OBJECT, "optional": out.get(MARK, {}).get("optional", []), "spread": spread_name}
            self.marked = True
        if self.rename:
            self.rename_properties(out, pointer)

    def rename_properties(self, out: dict[str, Any], pointer: str) -> None:
        """Property names Gemini's `parameters` rejects get a name it takes; the codec maps them back."""
        properties = out["properties"]
        renamed = _gemini_renames(list(properties))
        if not renamed:
            return
        back = {new: old for old, new in renamed.items()}
        out["properties"] = {renamed.get(name, name): sub for name, sub in properties.items()}
        if isinstance(out.get("required"), list):
            out["required"] = [renamed.get(name, name) for name in out["required"]]
        mark = out.get(MARK) or {"kind": OBJECT, "optional": []}
        out[MARK] = {**mark, "renamed": back}
        self.marked = True
        for old, new in renamed.items():
            self.change(_join(pointer + "/properties", old), "properties", old, f"renamed {new!r} (Gemini takes "
                        "letters, digits and _ only, at most 64; the boundary maps it back)", "rewritten")

    def lift_conditional(self, schema: dict[str, Any], properties: dict[str, Any], pointer: str, lang: str) -> None:
        """Properties named only inside `if`/`then`/`else`/`dependentSchemas`/`dependentRequired` become optional
        properties of the closed wire object, so a call that meets the condition can be sent; the condition stays
        in the description and the validator (the original schema) enforces it."""
        declared: Any = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        found: dict[str, list[tuple[str, Any]]] = {}
        _conditional_names(schema, pointer, found, top=True)
        for name, declarations in found.items():
            if name in declared or name in properties:
                continue
            schemas = [sub for _, sub in declarations if sub is not None]
            unique = [sub for index, sub in enumerate(schemas) if sub not in schemas[:index]]
            lifted: Any = {} if not unique or any(sub is True or sub == {} for sub in unique) else (
                unique[0] if len(unique) == 1 else {"anyOf": unique})
            at = declarations[0][0]
            properties[name] = self.slot(lifted, at, lang)
            self.change(at, "properties", "declared only in a condition",
                        "optional property of the wire object (the validator keeps the condition)", "added")

    def spread(self, schema: dict[str, Any], properties: dict[str, Any], pointer: str, lang: str) -> str:
        """The root's other entries (`patternProperties`, or `additionalProperties` holding a schema, beside declared
        properties) as one synthetic optional map property; the codec spreads its entries back into top-level keys.
        Returns the property's name."""
        patterns = schema.get("patternProperties")
        patterns = patterns if isinstance(patterns, dict) else {}
        extra = schema.get("additionalProperties")
        extra = extra if isinstance(extra, dict) and extra else None
        lang = _resolved(self.lang(None, lang))
        sources = [*patterns.values(), *([extra] if extra is not None else [])]
        if len(patterns) == 1 and extra is None:
            carrier: dict[str, Any] = {"type": "object", "patternProperties": dict(patterns)}
        else:
            value = sources[0] if len(sources) == 1 else {"anyOf": sources}
            carrier = {"type": "object", "additionalProperties": value}
        said = []
        if patterns and (len(patterns) > 1 or extra is not None):
            said.append(sentence("patternProperties", patterns, lang))
        declared = ", ".join(json.dumps(n, ensure_ascii=False) for n in properties)
        said.insert(0, SPREAD[1 if lang == "zh" else 0].format(keys=declared) if declared else
                    SPREAD_ALL[1 if lang == "zh" else 0])
        carrier["description"] = append(None, said, lang)
        name, counter = "additional_properties", 2
        while name in properties or name in (schema.get("properties") or {}):
            name = f"additional_properties_{counter}"
            counter += 1
        where = jp.join(pointer, "patternProperties" if patterns else "additionalProperties")
        mark = len(self.changes)
        properties[name] = self.map(carrier, pointer, lang)
        del self.changes[mark:]
        self.change(where, "patternProperties" if patterns else "additionalProperties", "other entries",
                    f"property {name!r}: an array of {{\"key\", \"value\"}} spread back into top-level keys",
                    "rewritten")
        return name

    @staticmethod
    def null_absent(wire: Any, lang: str) -> Any:
        """An optional property whose null and absence mean the same: its description says so, which tells
        the model how to leave it out and marks the strict file as strictify's (a validator must not take
        it for the original, or null would reach the tool)."""
        if not isinstance(wire, dict):
            return wire
        sentence = FIXED["null_absent"][1 if _resolved(lang) == "zh" else 0]
        return {**wire, "description": append(wire.get("description"), [sentence], _resolved(lang))}

    def explicit_null(self, wire: Any, lang: str) -> Any:
        """An optional property that accepts null: null on the wire means "absent" (so the tool keeps its
        default), and the value null itself is sent as {"null": true}."""
        if not isinstance(wire, dict) or not accepts_null(wire) or "$ref" in wire:
            return wire
        annotations = {k: wire[k] for k in ("title", "description") if k in wire}
        rest = _flat_union({k: v for k, v in without_null(wire).items() if k not in annotations})
        tag = null_tag(FIXED["null_tag"][1 if _resolved(lang) == "zh" else 0])
        return {**annotations, "anyOf": [tag] if wire_types(rest) <= {"null"} else [rest, tag]}


def _local_refs(schema: Any) -> list[str]:
    """The local `$ref`s (`#...`) in a schema, in order, without looking into values (`enum`, `const`...)."""
    if isinstance(schema, list):
        return [ref for item in schema for ref in _local_refs(item)]
    if not isinstance(schema, dict):
        return []
    own = [schema["$ref"]] if isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#") else []
    return own + [ref for key, value in schema.items() if key not in ("enum", "const", "default", "examples")
                  for ref in _local_refs(value)]


# Keywords whose subschemas may name properties the object's own `properties` does not declare.
_CONDITIONAL = frozenset({"if", "then", "else", "dependentSchemas", "dependentRequired"})


def _conditional_names(schema: Any, pointer: str, found: dict[str, list[tuple[str, Any]]], *, top: bool) -> None:
    """Every property name a condition of `schema` declares or requires -> [(pointer, its schema or None)]."""
    if not isinstance(schema, dict):
        return
    if not top:
        for name, sub in (schema.get("properties") or {}).items() if isinstance(schema.get("properties"),
                                                                               dict) else ():
            found.setdefault(name, []).append((_join(_join(pointer, "properties"), name), sub))
        for name in schema.get("required") or () if isinstance(schema.get("required"), list) else ():
            if isinstance(name, str):
                found.setdefault(name, []).append((_join(pointer, "required"), None))
    for key in ("if", "then", "else"):
        _conditional_names(schema.get(key), _join(pointer, key), found, top=False)
    for key in ("dependentSchemas", "dependentRequired"):
        value = schema.get(key)
        for name, sub in value.items() if isinstance(value, dict) else ():
            at = _join(_join(pointer, key), name)
            found.setdefault(name, []).append((at, None))
            if key == "dependentSchemas":
                _conditional_names(sub, at, found, top=False)
            elif isinstance(sub, list):
                for other in sub:
                    if isinstance(other, str):
                        found.setdefault(other, []).append((at, None))
    for index, branch in enumerate(schema.get("allOf") or () if not top and isinstance(schema.get("allOf"),
                                                                                        list) else ()):
        _conditional_names(branch, _join(_join(pointer, "allOf"), index), found, top=False)


# Keywords that stay beside a union instead of going into each of its branches.
_DISTRIBUTED_IGNORES = frozenset({"anyOf", "description", "title", "x-toollint-oneOf", "default", "examples",
                                  "$comment", "deprecated", "$defs", "definitions", "$schema"})

# Keywords that only add a condition on the node they sit on: a union of branches made of these alone does
# not change the node's shape.
_ASSERTIONS = frozenset({"required", "minProperties", "maxProperties", "dependentRequired", "not", "minItems",
                         "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "format", "minimum",
                         "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "description", "title",
                         "$comment"})


_FITS = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "null": (type(None),)}


def _enum_fits(values: list[Any], declared: str) -> bool:
    """Whether every enum value has the declared type (so the leaf accepts something)."""
    kinds = _FITS[declared]
    for value in values:
        if value.__class__ not in kinds and not (declared == "integer" and value.__class__ is float and
                                                 value.is_integer()):
            return False
    return True


_ANNOTATION_ONLY = frozenset({"description", "title", "$comment"})


def _assertion_branches(branches: list[Any]) -> bool:
    if not branches:
        return False
    for branch in branches:
        if branch.__class__ is not dict or "type" in branch or not branch or not _ASSERTIONS.issuperset(branch) or \
                _ANNOTATION_ONLY.issuperset(branch):
            return False
    return True


def _assertion_union(schema: dict[str, Any]) -> bool:
    one, any_ = schema.get("oneOf"), schema.get("anyOf")
    return (one.__class__ is list and _assertion_branches(one)) or (any_.__class__ is list and
                                                                  _assertion_branches(any_))


SPREAD = ("The object's other entries (keys other than {keys}).",
          "对象的其余条目（{keys} 以外的键）。")
SPREAD_ALL = ("The object's entries.", "对象的条目。")

_KIND = {"description": 1, "title": 1, "type": 2, "properties": 3, "required": 4, "additionalProperties": 4,
         "items": 5, "anyOf": 6, "$defs": 7, "definitions": 7, "patternProperties": 8, "prefixItems": 9,
         "additionalItems": 9}
_VALUE_CHECKED = frozenset({"enum", "const", "format", "pattern", "minItems", "anyOf", "allOf", "$ref", "type",
                            "default"})

# OpenAPI's `nullable` in a JSON Schema input says nothing to the validator (the original schema, read as JSON
# Schema, still rejects null), so the wire must not let null through either. A Gemini `parameters` input is
# read with `nullable` turned into a type array first (`strictify_tool`).
_NOT_JSON_SCHEMA = frozenset({"nullable"})

_FREE_KEEP: dict[str, frozenset[str]] = {}
_LEAF_KEYS: dict[str, frozenset[str]] = {}


def _leaf_keys(profile: Profile) -> frozenset[str]:
    """Keywords a primitive leaf may hold and still be copied as it is (enum values checked apart)."""
    found = _LEAF_KEYS.get(profile.name)
    if found is None:
        found = _LEAF_KEYS[profile.name] = (_TRIVIAL - profile.rejected.keys()) | _free_keep(profile) | {"enum"} | (
            {"default"} if "default" in profile.supported else set())
    return found


def _free_keep(profile: Profile) -> frozenset[str]:
    """Keywords this target keeps whatever their value."""
    found = _FREE_KEEP.get(profile.name)
    if found is None:
        found = _FREE_KEEP[profile.name] = frozenset(k for k in profile.supported if k not in _VALUE_CHECKED and
                                                     k not in _KIND and k not in _NOT_JSON_SCHEMA)
    return found


_KNOWN_MOVABLE = frozenset({
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "pattern", "format", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "default",
    "examples", "enum", "const", "not", "if", "then", "else", "contains", "minContains", "maxContains",
    "propertyNames", "prefixItems", "additionalItems", "unevaluatedItems", "unevaluatedProperties",
    "dependentRequired", "dependentSchemas", "dependencies", "deprecated", "contentEncoding", "contentMediaType",
    "example", "oneOf",
})


def _null_is_absent(original: Any, wire: Any) -> bool:
    """Whether an optional property's null and its absence mean the same to the tool: it has no default, or
    its default is null, and it takes a value besides null. Only a property with another default (or one whose
    only value is null) needs the explicit-null tag on OpenAI."""
    if isinstance(original, dict) and original.get("default") is not None:
        return False
    return not isinstance(wire, dict) or not wire_types(wire) <= {"null"}


def _flat_union(wire: Any) -> Any:
    """A wire `anyOf` of one branch, or of one plain branch and null, as one node (`type: [T, "null"]`):
    what pydantic's `X | None = None` means, in the form OpenAI's docs show."""
    if not isinstance(wire, dict) or not isinstance(wire.get("anyOf"), list) or "type" in wire:
        return wire
    branches = wire["anyOf"]
    rest = [b for b in branches if not (isinstance(b, dict) and b == {"type": "null"})]
    if len(rest) != 1 or not isinstance(rest[0], dict) or len(branches) - len(rest) > 1:
        return wire
    branch = rest[0]
    if MARK in branch or not isinstance(branch.get("type"), str) or not _FLATTENS.isdisjoint(branch) or \
            not set(wire).isdisjoint(k for k in branch if k != "description"):
        return wire
    outer = {k: v for k, v in wire.items() if k != "anyOf"}
    if "description" in branch and "description" in outer:
        return wire
    flat = {**outer, **branch}
    return _nullable(flat) if len(rest) != len(branches) else flat


_FLATTENS = frozenset({"anyOf", "$ref", "const", "allOf", "oneOf"})  # a branch with these stays a branch


def _nullable(wire: Any) -> Any:
    """The wire schema widened to also accept null (OpenAI's optional property)."""
    if not isinstance(wire, dict):
        return wire
    if "$ref" in wire or "const" in wire:
        annotations = {k: wire[k] for k in ("description", "title") if k in wire}
        rest = {k: v for k, v in wire.items() if k not in annotations}
        return {**annotations, "anyOf": [rest, {"type": "null"}]}
    out = dict(wire)
    if "anyOf" in out and "type" not in out:
        if {"type": "null"} not in out["anyOf"]:
            out["anyOf"] = [*out["anyOf"], {"type": "null"}]
        return out
    declared = out.get("type")
    if isinstance(declared, str) and declared != "null":
        out["type"] = [declared, "null"]
    elif isinstance(declared, list) and "null" not in declared:
        out["type"] = [*declared, "null"]
    elif declared is None and "anyOf" in out:
        out["anyOf"] = [*out["anyOf"], {"type": "null"}]
    if isinstance(out.get("enum"), list) and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


# ---------------------------------------------------------------------------------------------


def strictify_schema(schema: Any, target: str = "anthropic", *, lang: str = "auto", allow_lossy: bool = False,
                     pointer: str = "", fallback_lang: str = "en") -> tuple[dict[str, Any], list[Change]]:
    """(wire schema, changes) for one input schema; raises StrictifyError when it refuses."""
    _, wire, changes = rewrite_schema(schema, target, lang=lang, allow_lossy=allow_lossy, pointer=pointer,
                                      fallback_lang=fallback_lang)
    return wire, changes


def rewrite_schema(schema: Any, target: str = "anthropic", *, lang: str = "auto", allow_lossy: bool = False,
                   pointer: str = "", fallback_lang: str = "en",
                   json_schema_field: bool = False) -> tuple[dict[str, Any], dict[str, Any], list[Change]]:
    """(codec schema, wire schema, changes): the codec schema is the wire in JSON Schema terms with the
    markers `toollint.strictifier.codec` encodes and decodes by; the wire schema is what the target is sent.
    On Gemini, property names its `parameters` rejects are renamed, unless `json_schema_field` (the schema
    goes to `parametersJsonSchema`, which has no such rule)."""
    if target not in TARGETS:
        raise ValueError(f"strictify writes for {', '.join(TARGETS)}, not {target!r}")
    worker = _Strictifier(schema, load_profile(target), lang=lang, allow_lossy=allow_lossy, base=pointer,
                          fallback_lang=fallback_lang, rename=target == "gemini" and not json_schema_field)
    try:
        annotated = worker.run()
    except RecursionError:
        raise StrictifyError("the schema is nested too deeply to rewrite (no provider compiles such depth; "
                             "OpenAI allows 10 levels)", pointer) from None
    if target == "gemini" and not json_schema_field:  # `parameters`: the Schema proto's terms, markers dropped
        return annotated, gemini_parameters(annotated, has_refs=worker.refs), worker.changes
    # Gemini's JSON Schema field takes the rewrite as it is: type arrays, `null`, `$ref`/`$defs`
    return annotated, strip_marks(annotated) if worker.marked else annotated, worker.changes


def strictify_tool(tool: dict[str, Any], target: str = "anthropic", *, lang: str = "auto",
                   allow_lossy: bool = False) -> StrictifyResult:
    """Strictify one tool definition in any dialect `toollint check` reads; the result keeps the dialect."""
    from toollint.document.dialects import find_tools

    if target not in TARGETS:
        raise ValueError(f"strictify writes for {' or '.join(TARGETS)}, not {target!r}")
    if not isinstance(tool, dict):
        raise StrictifyError("a tool definition must be a JSON object", "")
    found = [t for t in find_tools(tool) if t.pointer == ""]
    if not found:
        raise StrictifyError("not a tool definition in any dialect toollint reads (Anthropic, OpenAI, MCP, Gemini)")
    parsed = found[0]
    key = parsed.schema_key
    if key is None:
        # A tool without an input schema takes no arguments: give it the empty strict object.
        key = parsed.dialect.schema_keys[0]
        schema: Any = {"type": "object", "properties": {}}
    else:
        schema = parsed.schema
    if parsed.openapi_schema:  # Gemini `parameters`: `nullable: true` allows null, in the validator too
        from toollint.boundary.compiled import _nullable as openapi_nullable

        schema = openapi_nullable(schema)
    fallback = (lang if lang != "auto" else None) or detect_lang(parsed.description) or "en"
    json_field = key == "parametersJsonSchema" and target == "gemini"
    try:
        annotated, wire, changes = rewrite_schema(schema, target, lang=lang, allow_lossy=allow_lossy,
                                                  pointer=jp.join(parsed.definition_pointer, key),
                                                  fallback_lang=fallback, json_schema_field=json_field)
    except _MergeError as error:  # never the private class: callers catch StrictifyError
        raise StrictifyError(f"subschemas cannot be merged into one ({error})",
                             jp.join(parsed.definition_pointer, key)) from None
    out_key = key
    out = _rebuild(tool, parsed, key, wire, target, out_key)
    examples_changes = _check_input_examples(out, parsed, wire if target != "gemini" else strip_marks(annotated))
    changes.extend(examples_changes)
    validator = copy.deepcopy(schema)
    return StrictifyResult(out, validator, changes, target, parsed.name, out_key, wire, annotated)


_NOT_NAME_CHAR = re.compile(r"[^A-Za-z0-9_]")


def _gemini_name(name: str) -> bool:
    """Gemini `parameters`: a name starts with a letter or `_`, then letters, digits and `_`, at most 64 characters
    (an ASCII Python identifier is exactly that, checked in C)."""
    return name.isascii() and name.isidentifier() and len(name) <= 64


def _gemini_renames(names: list[str]) -> dict[str, str]:
    """Old name -> new name for the names Gemini's `parameters` rejects: other characters become `_`, a leading
    digit gets a `_` before it, at most 64 characters, never a name the object already has."""
    if not names or (all(map(str.isidentifier, names)) and all(map(str.isascii, names)) and
                     max(map(len, names)) <= 64):  # the common case, checked in C
        return {}
    taken = {name for name in names if _gemini_name(name)}
    out = {}
    for name in names:
        if name in taken:
            continue
        base = _NOT_NAME_CHAR.sub("_", name) or "_"
        if base[0].isdigit():  # only letters, digits and _ are left: a digit may not come first
            base = "_" + base
        base, new, counter = base[:64], base[:64], 2
        while new in taken:
            suffix = f"_{counter}"
            new, counter = base[:64 - len(suffix)] + suffix, counter + 1
        taken.add(new)
        out[name] = new
    return out


def _rebuild(tool: dict[str, Any], parsed: Any, key: str, wire: dict[str, Any], target: str,
             out_key: str | None = None) -> dict[str, Any]:
    """A copy of the tool with the wire schema in place of the input schema (under `out_key` when the schema moves
    to another field) and `strict: true` where it goes."""
    out_key = out_key or key

    def replace(definition: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in definition.items():
            if name == key:
                out[out_key] = wire
            elif name != out_key:
                out[name] = copy.deepcopy(value)
        if out_key not in out:
            out[out_key] = wire
        if parsed.dialect.strict_field and parsed.dialect.provider == target:
            out["strict"] = True
        return out

    if parsed.dialect.wrapper:
        out = {name: (replace(value) if name == parsed.dialect.wrapper else copy.deepcopy(value))
               for name, value in tool.items()}
        return out
    return replace(tool)


def _check_input_examples(out: dict[str, Any], parsed: Any, wire: dict[str, Any]) -> list[Change]:
    """Anthropic answers 400 to an `input_examples` entry the (wire) schema rejects: drop such entries."""
    definition: Any = out.get(parsed.dialect.wrapper) if parsed.dialect.wrapper else out
    examples = definition.get("input_examples") if isinstance(definition, dict) else None
    if not isinstance(examples, list):
        return []
    from toollint.schema.validation import safe_validator

    validator = safe_validator(wire)
    changes = []
    kept = []
    for index, example in enumerate(examples):
        try:
            valid = validator.is_valid(example)
        except Exception:  # noqa: BLE001 - an unusable example is treated as invalid
            valid = False
        if valid:
            kept.append(example)
        else:
            changes.append(Change(jp.join(parsed.definition_pointer, "input_examples", index), "input_examples",
                                  example, "removed: the strict schema rejects it (Anthropic answers 400)", "dropped"))
    definition["input_examples"] = kept
    return changes


__all__ = ["Change", "StrictifyError", "StrictifyResult", "UnsatisfiableSchema", "decode_wire_arguments",
           "has_wire_forms", "rewrite_schema", "shape", "strictify_schema", "strictify_tool"]
