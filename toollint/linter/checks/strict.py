"""Strict-mode rules: what Anthropic's and OpenAI's strict modes (and Gemini's `parameters`) answer 400 to.

Every keyword list comes from the provider profiles in `toollint/profiles/`, which strictify reads too.
"""

from __future__ import annotations

from typing import Any

from toollint import pointer as jp
from toollint.document import edits
from toollint.document.dialects import GEMINI, OPENAI_RESPONSES, Tool
from toollint.linter import fixes
from toollint.linter.checks import check
from toollint.linter.checks.shared import (
    LazyLabel,
    gemini_where,
    on_the_wire,
    relative_pointer,
    strict_tools_by_target,
)
from toollint.linter.context import Context, node_label
from toollint.profiles import (
    Profile,
    context_tuple,
    load_profile,
    recursive_refs,
    ref_siblings,
    schema_usage,
)
from toollint.profiles.tool_apis import construct
from toollint.schema.types import required_names
from toollint.schema.walk import SchemaNode, refs_and_patterns, schema_types, walk
from toollint.terminal import shown

STRICTIFY_HINT = "`toollint strictify` moves it into the description and keeps it in the boundary validator"


def _profiles(ctx: Context, tool: Tool | None = None) -> list[Profile]:
    tool = tool or ctx.tool
    if not ctx.has_targets(tool):
        return []
    targets = ctx.targets(tool)
    chosen = []
    for name in sorted(targets):
        if name == "gemini" and tool is not None and tool.dialect is GEMINI and tool.schema_key == "parametersJsonSchema":
            continue  # plain JSON Schema: unknown keywords are ignored there, not rejected
        chosen.append(load_profile(name))
    return chosen


def _answer_type(profile: Profile, key: str, schema: dict[str, Any]) -> str:
    named = profile.rejected.get(key) or ""
    types = schema_types(schema)
    if len(types) == 1:
        return next(iter(types))
    return named or (sorted(types)[0] if types else "object")


def _api_answer(profile: Profile, key: str, node: SchemaNode, ctx: Context) -> str:
    relative = relative_pointer(node.pointer, ctx)
    if profile.name == "anthropic":
        return profile.message("unsupported_one", type=_answer_type(profile, key, node.schema), keyword=key)
    if profile.name == "openai" and key == "format":
        return profile.message("format", tool=ctx.tool.label if ctx.tool else "?", context=context_tuple(relative),
                               value=node.schema.get(key))
    if profile.name == "openai":
        return profile.message("unsupported", tool=ctx.tool.label if ctx.tool else "?",
                               context=context_tuple(relative), keyword=key)
    where = "parameters" + "".join(f"[{t!r}]" if not t.isdigit() else f"[{t}]" for t in jp.split(relative))
    if key == "type":
        return profile.message("type_array", where=where)
    return profile.message("unknown_field", keyword=key, where=where)


_GEMINI_VALUE_PROBLEMS = {"enum": "enum_string_only", "format": "string_format"}
# google-genai 3.6.1's `Schema` takes references as `ref` and `defs` (issue 23; strictify-fidelity-2.md).
_GEMINI_SPELLING = {"$ref": "ref", "$defs": "defs"}
_GEMINI_DATED = {"enum": "on record in 2025", "format": "on record 2024-12 to 2025-04"}


def _is_object(schema: dict[str, Any]) -> bool:
    types = schema_types(schema)
    if "object" in types:
        return True
    return not types and isinstance(schema.get("properties"), dict) and "$ref" not in schema


# ---------------------------------------------------------------------------------------------


def strict_unsupported_keyword(node: SchemaNode, ctx: Context, profiles: list[Profile]) -> None:
    schema = node.schema
    label = LazyLabel(node, 30)
    for profile in profiles:
        for key, value in schema.items():
            if key == "$ref" and not profile.ref_siblings and profile.strict:
                siblings = ref_siblings(schema)
                if siblings and isinstance(value, str) and value.startswith("#"):
                    answer = profile.message("ref_siblings", tool=ctx.tool.label, keywords=", ".join(
                        repr(k) for k in siblings), context=context_tuple(relative_pointer(node.pointer, ctx)))
                    ctx.report(jp.join(node.pointer, key), f"{label}: {profile.title} rejects a `$ref` with "
                               "sibling keywords", key=True, help="`toollint strictify` inlines the reference",
                               note=f"the siblings {', '.join(siblings)}; the API answers \"{answer}\"")
                    continue
            problem = profile.keyword_problem(key, value, schema, is_root=node.is_root)
            if problem is None:
                continue
            if key == "default" and profile.name == "openai" and value is None:
                continue
            answer = _api_answer(profile, key, node, ctx)
            # "format 'uri' is not supported (supported: ...)": the headline says what, the note the details
            problem, paren, aside = problem.partition(" (")
            aside = aside.removesuffix(")") + "; " if paren else ""
            if profile.name == "gemini" and key in _GEMINI_VALUE_PROBLEMS:
                where = gemini_where(relative_pointer(node.pointer, ctx))
                answer = profile.message(_GEMINI_VALUE_PROBLEMS[key], index=ctx.tool.index, where=where)
                ctx.report(jp.join(node.pointer, key), f"{label}: {problem} in Gemini's `parameters` Schema",
                           key=True, help="send the schema as `parametersJsonSchema`, or "
                           + ("use string values" if key == "enum" else "move the format into the description"),
                           note=f"{aside}the API answered \"{answer}\" ({_GEMINI_DATED[key]}; newer models may "
                                "accept it)")
                continue
            if profile.name == "gemini":
                spelling = _GEMINI_SPELLING.get(key)
                ctx.report(jp.join(node.pointer, key), f"{label}: `{key}` is not a field of Gemini's `parameters` "
                           "Schema", key=True,
                           help=(f"spell it `{spelling}` as the Schema proto does (`toollint strictify --target gemini` "
                                 "does), or send the schema as `parametersJsonSchema`") if spelling else
                           "remove it, or send the schema as `parametersJsonSchema`",
                           note=f"the API answers \"{answer}\"")
                continue
            quoted = profile.name == "openai" or bool(profile.rejected.get(key)) or key == "minItems"
            said = f"the API answers \"{answer}\"" if quoted else "the API answers 400"
            if key in profile.unconfirmed:
                said = ("no quoted 400 is on record for it, but it is outside the documented subset: expect a 400 "
                        "or the constraint silently not enforced")
            if problem == "is not supported":
                text = f"`{key}` is not supported in {profile.title}"
                if not profile.rejected.get(key) and profile.name == "anthropic":
                    text = f"`{key}` is not in {profile.title}'s documented JSON Schema subset"
                    said = "the grammar cannot enforce it (expect a 400, or the constraint silently not held)"
            else:
                text = f"`{key}`: {problem} in {profile.title}"
            hint = STRICTIFY_HINT
            if key == "oneOf":
                hint = ("`toollint strictify` turns it into `anyOf` and keeps the exclusivity in the description and "
                        "the boundary validator")
            elif key in ("anyOf", "allOf", "$ref"):
                hint = ("`toollint strictify` rewrites it (inlining references, merging `allOf`) where a faithful "
                        "form exists, and otherwise refuses naming this place")
            autofix = _format_spelling(profile, jp.join(node.pointer, key), value) if key == "format" else None
            ctx.report(jp.join(node.pointer, key), f"{label}: {text}", key=True, help=hint, note=aside + said,
                       autofix=autofix)


def _fold(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "").replace(" ", "")


def _format_spelling(profile: Profile, where: str, value: Any) -> fixes.Fix | None:
    """`datetime`, `date_time`, `UUID`: another spelling of exactly one format the provider supports."""
    if not isinstance(value, str) or profile.formats is None:
        return None
    matches = [name for name in sorted(profile.formats) if _fold(name) == _fold(value)]
    if len(matches) != 1:
        return None
    return fixes.safe(f"write `{matches[0]}`", edits.set_value(where, matches[0]))


@check("strict-unsupported-keyword", "tool", targets_only=True)
def strict_recursion(tool: Tool, ctx: Context) -> None:
    profiles = [p for p in _profiles(ctx, tool) if p.strict and not p.recursion]
    if not profiles or not isinstance(tool.schema, dict) or not refs_and_patterns(tool.schema)[0]:
        return
    for relative in recursive_refs(tool.schema):
        for profile in profiles:
            ctx.report(tool.schema_pointer + relative + "/$ref",
                       f"this `$ref` makes the schema recursive, which {profile.title} does not support",
                       help="unroll the recursion to a fixed depth (`toollint strictify` refuses it and names this "
                            "pointer)", note=f"the API answers \"{profile.message('recursion')}\"")


def strict_open_object(node: SchemaNode, ctx: Context, profiles: list[Profile]) -> None:
    profiles = [p for p in profiles if p.closed_objects]
    if not profiles:
        return
    schema = node.schema
    if not _is_object(schema) or schema.get("additionalProperties") is False:
        return
    label = node_label(node)
    extra = schema.get("additionalProperties")
    declared = schema.get("properties")
    if isinstance(extra, dict) and extra:
        why = "it is a map (`additionalProperties` is a schema), which strict mode cannot express; "
        advice = "`toollint strictify` sends it as an array of {key, value} pairs"
    elif declared == {} and extra is None:
        why = "it declares no properties (a tool without arguments); "
        advice = "add `\"additionalProperties\": false`, which is all `toollint strictify` does here"
    elif not (isinstance(declared, dict) and declared):
        why = "it is a free-form object (no declared properties), which strict mode cannot express; "
        advice = "`toollint strictify` sends it as JSON text that the boundary decodes"
    elif extra is True or extra == {}:
        why = "it allows undeclared keys on purpose; "
        advice = ("set `\"additionalProperties\": false` if the declared properties are all it takes, otherwise "
                  "`toollint strictify` sends it as JSON text")
    else:
        why, advice = "", "add `\"additionalProperties\": false`"
    autofix = None
    if "additionalProperties" not in schema and isinstance(declared, dict) and declared:
        autofix = fixes.unsafe("add `\"additionalProperties\": false`",
                               edits.set_value(jp.join(node.pointer, "additionalProperties"), False))
    for profile in profiles:
        if profile.name == "anthropic":
            answer = profile.message("open_object")
        else:
            answer = profile.message("open_object", tool=ctx.tool.label,
                                     context=context_tuple(relative_pointer(node.pointer, ctx)))
        where = jp.join(node.pointer, "additionalProperties") if "additionalProperties" in schema else node.pointer
        ctx.report(where, f"{shown(label, 30)}: the object is open in {profile.title}", key=True, help=advice,
                   note=f"{why}the API answers \"{answer}\"", autofix=autofix)


def strict_object_without_properties(node: SchemaNode, ctx: Context, profiles: list[Profile]) -> None:
    profiles = [p for p in profiles if p.object_needs_properties]
    if not profiles:
        return
    schema = node.schema
    if _is_object(schema) and not isinstance(schema.get("properties"), dict) \
            and not isinstance(schema.get("additionalProperties"), dict):
        label = node_label(node)
        profile = next(p for p in profiles if p.object_needs_properties)
        answer = profile.message('missing_properties', tool=ctx.tool.label,
                                 context=context_tuple(relative_pointer(node.pointer, ctx)))
        ctx.report(node.pointer, f"{shown(label, 30)}: `properties` missing, which {profile.title} rejects",
                   key=True, help="add `\"properties\": {}`", note=f"the API answers \"{answer}\"")


def strict_optional_property(node: SchemaNode, ctx: Context, profiles: list[Profile]) -> None:
    if "properties" not in node.schema:
        return
    profiles = [p for p in profiles if p.every_property_required]
    if not profiles:
        return
    properties = node.schema.get("properties")
    if not isinstance(properties, dict):
        return
    required = required_names(node.schema)
    context = None
    for profile in profiles:
        for name in properties:
            if name in required:
                continue
            if context is None:
                context = context_tuple(relative_pointer(node.pointer, ctx))
            answer = profile.message("optional", tool=ctx.tool.label, name=name, context=context)
            ctx.report(jp.join(node.pointer, "properties", name),
                       f"property {shown(repr(name), 30)} is optional, which {profile.title} rejects", key=True,
                       help="list it in `required` and allow null for it (`toollint strictify` does both; the "
                            "boundary maps null back to absent)", note=f"the API answers \"{answer}\"",
                       autofix=_required_nullable(node, name, properties[name], "required" in node.schema))


def _required_nullable(node: SchemaNode, name: str, schema: Any, has_required: bool) -> fixes.Fix | None:
    """List the property in `required` and add null to its `type` (and `enum`): the OpenAI form of optional."""
    if not isinstance(schema, dict) or "const" in schema or "$ref" in schema:
        return None
    where = jp.join(node.pointer, "properties", name)
    declared = schema.get("type")
    if isinstance(declared, str):
        nullable = [] if declared == "null" else [edits.set_value(jp.join(where, "type"), [declared, "null"])]
    elif isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        nullable = [] if "null" in declared else [edits.insert(jp.join(where, "type", "-"), "null")]
    elif declared is None and isinstance(schema.get("anyOf"), list):
        branches = schema["anyOf"]
        has_null = any(isinstance(b, dict) and b.get("type") == "null" for b in branches)
        nullable = [] if has_null else [edits.insert(jp.join(where, "anyOf", "-"), {"type": "null"})]
    else:
        return None
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum and nullable:
        nullable.append(edits.insert(jp.join(where, "enum", "-"), None))
    required = node.schema.get("required")
    if has_required and not isinstance(required, list):
        return None
    listed = (edits.insert(jp.join(node.pointer, "required", "-"), name) if has_required
              else edits.set_value(jp.join(node.pointer, "required"), [name]))
    return fixes.unsafe(f"list {name!r} in `required` and allow null for it", listed, *nullable)


def _each_subschema(*funcs, wire_only: bool = False):
    """A tool-scope check that walks the schema itself, only for tools checked for some target: a tool with no
    strict target (most tools) costs nothing (registered `targets_only`, the engine never calls it), not a
    call per subschema. The tool's profiles are chosen once and handed to each node's function."""
    def run(tool: Tool, ctx: Context) -> None:
        if not isinstance(tool.schema, dict):
            return
        profiles = _profiles(ctx, tool)
        if not profiles:
            return
        for node in walk(tool.schema, tool.schema_pointer):
            if wire_only and not on_the_wire(node):
                continue
            for func in funcs:
                func(node, ctx, profiles)
    return run


check("strict-unsupported-keyword", "tool", targets_only=True)(_each_subschema(strict_unsupported_keyword))
check("strict-open-object", "tool", targets_only=True)(
    _each_subschema(strict_open_object, strict_object_without_properties, wire_only=True))
check("strict-optional-property", "tool", targets_only=True)(_each_subschema(strict_optional_property,
                                                                             wire_only=True))


@check("strict-budget-exceeded", "toolset")
def strict_budget_exceeded(tools: list[Tool], ctx: Context) -> None:
    for name, chosen in strict_tools_by_target(tools, ctx):
        profile = load_profile(name)
        budget = profile.budget
        if not profile.strict or budget.strict_tools is None:
            continue
        if len(chosen) > budget.strict_tools:
            tool = chosen[budget.strict_tools]
            ctx.report(tool.name_pointer, f"{len(chosen)} tools are strict for {name} in this file, over the limit of "
                       f"{budget.strict_tools} per request", tool=tool,
                       help="keep strict only for the tools that need it (`toollint strictify --max-strict N` or "
                            "`--only NAME...`)",
                       note=f"the API answers \"{profile.message('strict_tools', count=len(chosen))}\"")
        optional = unions = 0
        optional_over = unions_over = None
        for tool in chosen:
            usage = schema_usage(tool.schema)
            optional += usage.optional_parameters
            unions += usage.union_parameters
            if optional_over is None and budget.optional_parameters is not None and optional > budget.optional_parameters:
                optional_over = tool
            if unions_over is None and budget.union_parameters is not None and unions > budget.union_parameters:
                unions_over = tool
        if optional_over is not None:
            ctx.report(optional_over.name_pointer, f"{optional} optional parameters in the strict tools, over {name}'s "
                       f"limit of {budget.optional_parameters} per request", tool=optional_over,
                       help="make parameters required, or make fewer tools strict",
                       note=f"crossed at this tool, of {len(chosen)}; the API answers "
                            f"\"{profile.message('optional_parameters', count=optional)}\"")
        if unions_over is not None:
            ctx.report(unions_over.name_pointer, f"{unions} union-typed parameters in the strict tools, over {name}'s "
                       f"limit of {budget.union_parameters} per request", tool=unions_over,
                       help="prefer optional parameters over nullable unions, or make fewer tools strict",
                       note=f"unions are `anyOf` or type arrays; crossed at this tool, of {len(chosen)}; the API "
                            f"answers \"{profile.message('union_parameters', count=unions)}\"")


@check("responses-strict-fallback", "tool")
def responses_strict_fallback(tool: Tool, ctx: Context) -> None:
    """A Responses tool without `strict` is strict only when its schema is compatible; otherwise the API falls back
    to non-strict validation without a word, and the schema's constraints are no longer enforced."""
    if tool.dialect is not OPENAI_RESPONSES or "strict" in tool.definition or not isinstance(tool.schema, dict):
        return
    if ctx.has_targets(tool) and "openai" in ctx.targets(tool):
        return  # the strict rules report each place that is not compatible
    profile = load_profile("openai")
    scratch = Context(ctx.linter, ctx.source, ctx.tools)  # what the strict rules would say, kept apart
    scratch.tool, scratch.spec = tool, ctx.spec
    for node in walk(tool.schema, tool.schema_pointer):
        strict_unsupported_keyword(node, scratch, [profile])
        if on_the_wire(node):
            for func in (strict_open_object, strict_object_without_properties, strict_optional_property):
                func(node, scratch, [profile])
        if scratch.findings:
            break
    if scratch.findings:
        first = scratch.findings[0]
        item = construct("responses_strict_default")
        ctx.report(tool.name_pointer, f"`{shown(tool.label)}` has no `strict`, and its schema is not strict-compatible",
                   help="set `\"strict\": true` and make it compatible (`toollint strictify --target openai`), or "
                        "write `\"strict\": false` to say the constraints are checked elsewhere",
                   note=f"\"{item['quote']}\" ({item['sources'][0]}, {item['date']}): nothing enforces the "
                        f"schema; the first incompatibility: {first.message}")
