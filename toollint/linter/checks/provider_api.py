"""Provider-API rules (TL7): what the providers' tool APIs and MCP clients reject for every request, strict mode or
not: the input schema's root and subschemas, the tool object beside its schema (typed fields, Gemini's declaration
rules, MCP's dialects and `x-mcp-header`, contradictory annotations), the description's length, and a tool set's
count and token budget.

Who rejects what, with which answer, is data in `toollint/profiles/tool_apis.toml` (the platform facts of late
2026, issue 23); these checks only find the construct and quote the answer. They run without --target, for every
dialect.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import GEMINI, MCP, Tool
from toollint.document.source import Source
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.shared import (
    describe_value,
    file_has_mcp_headers,
    gemini_where,
    mcp_headers,
    on_the_wire,
    relative_pointer,
)
from toollint.linter.context import Context, node_label
from toollint.linter.options import RuleOptions
from toollint.linter.toolsets import SetContext, ToolSet
from toollint.profiles import context_tuple, provider_title
from toollint.profiles.tool_apis import Construct, construct
from toollint.schema.metaschema import metaschema_errors
from toollint.schema.walk import SchemaNode, members, schema_types, walk
from toollint.terminal import shown
from toollint.tokens import count_tool, payload_bytes, text_bytes, tokenizer, tool_payload


def _who(item: Construct) -> str:
    return ", ".join(provider_title(p) for p in item.rejected_by)


def _fields(node: SchemaNode, ctx: Context) -> dict[str, Any]:
    relative = relative_pointer(node.pointer, ctx)
    tokens = jp.split(relative)
    return {"tool": ctx.tool.label, "index": ctx.tool.index, "context": context_tuple(relative) if tokens else "",
            "where": gemini_where(relative), "dotted": ".".join(tokens)}


_API_PROVIDERS = frozenset({"anthropic", "openai", "gemini"})


def _applies(item: Construct, ctx: Context) -> bool:
    """Without --target every provider counts; with targets, only constructs one of them rejects (constructs
    rejected by no provider API, such as MCP clients' dialect checks, always apply)."""
    targets = ctx.linter.settings.targets
    return not targets or _applies_to(item.rejected_by, frozenset(targets))


@cache
def _applies_to(rejected_by: tuple[str, ...], targets: frozenset[str]) -> bool:
    providers = set(rejected_by) & _API_PROVIDERS
    return not providers or bool(providers & targets)


def _quote(item: Construct, provider: str, **fields: Any) -> str:
    return f"{provider_title(provider)} answers \"{item.answer(provider, **fields)}\""


# --- the root of the input schema --------------------------------------------------------------


def _root_keyword(tool: Tool, ctx: Context, name: str) -> tuple[Construct, str] | None:
    """The construct and the first of its keywords at the root of the tool's input schema, when it applies here."""
    schema = tool.schema
    if not isinstance(schema, dict) or schema.keys().isdisjoint(_keywords(name)):
        return None  # most roots hold none of the keywords: one set test, no construct looked up
    item = construct(name)
    key = next((k for k in item["keywords"] if k in schema), None)
    return (item, key) if key is not None and _applies(item, ctx) else None


@cache
def _keywords(name: str) -> frozenset[str]:
    """The keywords of a root construct, as a set (the profile is read once per process)."""
    return frozenset(construct(name)["keywords"])


@check("root-combinator", "tool")
def root_combinator(tool: Tool, ctx: Context) -> None:
    found = _root_keyword(tool, ctx, "root_combinator")
    if found is None:
        return
    item, key = found
    fields = {"tool": tool.label, "index": tool.index}
    ctx.report(jp.join(tool.schema_pointer, key),
               f"`{key}` at the top level of the input schema: Anthropic rejects every request with this tool",
               key=True, help="move the alternatives into a property (e.g. a `mode` enum plus optional fields), or "
                              "express them with root `not`/`if`/`then` and check them at run time",
               note=f"strict or not; {_quote(item, 'anthropic', **fields)} (OpenAI: "
                    f"\"{item.answer('openai', **fields)}\", one report)")


@check("root-enum-or-not", "tool")
def root_enum_or_not(tool: Tool, ctx: Context) -> None:
    found = _root_keyword(tool, ctx, "root_enum_or_not")
    if found is None:
        return
    item, key = found
    ctx.report(jp.join(tool.schema_pointer, key), f"`{key}` at the top level of the input schema", key=True,
               help="keep the root a plain object and move the constraint into a property",
               note=f"{_quote(item, 'openai', tool=tool.label)} (one report, strict mode not stated)")


# --- subschemas -----------------------------------------------------------------------------


def _sent(node: SchemaNode, tool: Tool) -> bool:
    """Whether the API reads this subschema: not under `not`/`if`/..., and not in a definition no `$ref` of
    the tool uses (generators copy shared `$defs` into every tool; nothing shows providers check unused ones)."""
    if not on_the_wire(node):
        return False
    current: SchemaNode | None = node
    while current is not None:
        if current.via in ("$defs", "definitions") and current.parent is not None and current.parent.is_root:
            return f"#/{current.via}/{current.name}" in _used_refs(tool)
        current = current.parent
    return True


def _used_refs(tool: Tool) -> set[str]:
    used = tool.extras.get("used_refs")
    if used is None:
        used = {n.schema["$ref"] for n in walk(tool.schema, "") if isinstance(n.schema.get("$ref"), str)}
        tool.extras["used_refs"] = used
    return used


def _may_miss_items(keys: tuple[str, ...]) -> bool:
    """Only a node without `items` and `$ref` can be reported: decided once per node shape."""
    return "items" not in keys and "$ref" not in keys


@check("array-missing-items", "schema", keys=("type",), when=_may_miss_items)
def array_missing_items(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    declared = schema["type"]
    if declared != "array" and (type(declared) is str or "array" not in schema_types(schema)):
        return
    if "items" in schema or "$ref" in schema or not _sent(node, ctx.tool):
        return
    item = construct("array_missing_items")
    if not _applies(item, ctx):
        return
    fields = _fields(node, ctx)
    ctx.report(node.pointer, f"{shown(node_label(node))}: `type: array` without `items`", key=True,
               help="add `items` with the element schema, e.g. `\"items\": {\"type\": \"string\"}`",
               note=f"{_quote(item, 'openai', **fields)}, and Gemini \"{item.answer('gemini', **fields)}\" "
                    "(with strict mode off too)")


_TYPED_BY = frozenset(construct("untyped_property")["typed_by"]) | {"type"}


@check("untyped-property", "schema", when=_TYPED_BY.isdisjoint)
def untyped_property(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    if node.via not in ("properties", "items"):
        return
    if not _sent(node, ctx.tool) or _constrains_a_declared_property(node):
        return
    item = construct("untyped_property")
    if not _applies(item, ctx):
        return
    fields = _fields(node, ctx)
    what = "property" if node.via == "properties" else "array element schema"
    has = [k for k in ("enum", "const") if k in schema]
    detail = f" (it has `{has[0]}` but no `type`)" if has else ""
    ctx.report(node.pointer, f"{shown(node_label(node))}: {what} without `type`{detail}", key=True,
               help="add the type (`\"type\": \"string\"`, or a list of the types it may take)",
               note=f"{_quote(item, 'openai', **fields)}; {_quote(item, 'moonshot', **fields)}; Gemini rejects an "
                    "empty type too")


def _constrains_a_declared_property(node: SchemaNode) -> bool:
    """A property of a branch of the input schema's own top-level combinator that the input schema declares
    itself (`"oneOf": [{"properties": {"plan": {"not": {"type": "null"}}}}, ...]` beside `"properties": {"plan":
    {...}}`): a condition on the declared property, which carries the type. root-combinator reports the
    combinator, and its fix (the conditions into the description, or a tool per branch) takes the branches away.
    Deeper down (a `oneOf` in `$defs`) the untyped branch property is reported: nothing else says it."""
    branches = _keywords("root_combinator")  # (`if`/`then`/`else` branches are not sent: `_sent` said so first)
    branch = node.parent
    if node.via != "properties" or branch is None or branch.via not in branches:
        return False
    holder = branch.parent
    while holder is not None and holder.via in branches:
        holder = holder.parent  # a branch of a branch: `oneOf` inside `allOf`
    return holder is not None and holder.is_root and node.name in members(holder.schema, "properties")


@check("object-without-properties", "tool")
def object_without_properties(tool: Tool, ctx: Context) -> None:
    schema = tool.schema
    if not isinstance(schema, dict) or "properties" in schema or "object" not in schema_types(schema):
        return
    if isinstance(schema.get("additionalProperties"), dict) or any(k in schema for k in ("anyOf", "oneOf", "allOf")):
        return
    item = construct("object_without_properties")
    if not _applies(item, ctx):
        return
    ctx.report(tool.schema_pointer, "the input schema is `type: object` with no `properties`", key=True,
               help="for a tool without arguments write `\"properties\": {}`: MCP's recommended "
                    "`{\"type\": \"object\", \"additionalProperties\": false}` plus `\"properties\": {}` is what "
                    "both accept", note=_quote(item, 'openai', tool=tool.label))


# --- the tool object ------------------------------------------------------------------------


def _legacy_dialect(value: Any, dialects: list[str]) -> str | None:
    if not isinstance(value, str):
        return None
    return value if value.rstrip("#") in _spellings(tuple(dialects)) else None


@cache
def _spellings(dialects: tuple[str, ...]) -> frozenset[str]:
    """Each legacy dialect URI as written and with https."""
    return frozenset(dialects) | {d.replace("http://", "https://") for d in dialects}


def _declares_dialect(tool: Tool, key: str) -> bool:
    schema = tool.definition.get(key)
    return isinstance(schema, dict) and "$schema" in schema


def _legacy_schemas(tool: Tool) -> dict[str, str]:
    """`inputSchema` / `outputSchema` -> the legacy dialect its `$schema` declares, for those that declare one."""
    found = {}
    for key in ("inputSchema", "outputSchema"):
        schema = tool.definition.get(key)
        if not isinstance(schema, dict) or "$schema" not in schema:
            continue  # most schemas declare no dialect: nothing to look up
        dialect = _legacy_dialect(schema["$schema"], construct("mcp_draft07_schema")["dialects"])
        if dialect is not None:
            found[key] = dialect
    return found


@check("mcp-legacy-dialect", "tool")
def mcp_legacy_dialect(tool: Tool, ctx: Context) -> None:
    """A draft-07 `outputSchema`: the clients that validate it with a 2020-12-only validator drop the tool. One
    finding per tool; a draft-07 `inputSchema` beside it is named in the same finding."""
    if tool.dialect is not MCP or not _declares_dialect(tool, "outputSchema"):
        return  # most tools: no `$schema` on the output side
    legacy = _legacy_schemas(tool)
    dialect = legacy.get("outputSchema")
    if dialect is None:
        return
    item = construct("mcp_draft07_schema")
    answer = item.answer("client", tool=tool.label, dialect=dialect)
    both = " from both `outputSchema` and `inputSchema`" if "inputSchema" in legacy else ""
    ctx.report(jp.join(tool.definition_pointer, "outputSchema", "$schema"),
               f"`outputSchema` declares {shown(dialect, 50)}, which some MCP clients reject", key=True,
               help=f"drop `$schema`{both} (MCP's default is 2020-12), or emit 2020-12 (e.g. zod-to-json-schema "
                    "`target: \"jsonSchema2019-09\"` or newer)",
               note=f"clients that validate it with a 2020-12-only validator ({', '.join(item['clients'])}) reject "
                    f"the tool: \"{answer}\"")


@check("mcp-legacy-input-dialect", "tool")
def mcp_legacy_input_dialect(tool: Tool, ctx: Context) -> None:
    """A draft-07 `inputSchema` alone: clients accept it, so it is only a note (the `outputSchema` rule reports
    a tool that has both)."""
    if tool.dialect is not MCP or not _declares_dialect(tool, "inputSchema"):
        return  # most tools: no `$schema` on the input side
    legacy = _legacy_schemas(tool)
    dialect = legacy.get("inputSchema")
    if dialect is None or "outputSchema" in legacy:
        return
    item = construct("mcp_draft07_schema")
    answer = item.answer("input_client", tool=tool.label, dialect=dialect.replace("http://", "https://").rstrip("#"))
    ctx.report(jp.join(tool.definition_pointer, "inputSchema", "$schema"),
               f"`inputSchema` declares {shown(dialect, 50)}", key=True,
               help="drop `$schema` (MCP's default is 2020-12)",
               note=f"MCP clients accept it (only a draft-07 `outputSchema` is rejected), but a client that loads "
                    f"the declared dialect ({', '.join(item['input_clients'])}) has answered \"{answer}\"")


@check("strict-inside-schema", "tool")
def strict_inside_schema(tool: Tool, ctx: Context) -> None:
    schema = tool.schema
    if not isinstance(schema, dict) or "strict" not in schema:
        return
    beside = tool.dialect.strict_where or "on the tool, beside the schema"
    ctx.report(jp.join(tool.schema_pointer, "strict"),
               "`strict` inside the input schema is not the strict flag", key=True, help=f"move it {beside}",
               note="there it is an ordinary (unknown) schema keyword: the API does not see it, so the arguments "
                    "are not constrained and nothing says so")


@dataclass(frozen=True)
class DescriptionTooLongOptions(RuleOptions, rule="description-too-long"):
    max_length: int


@check("description-too-long", "tool")
def description_too_long(tool: Tool, ctx: Context) -> None:
    description = tool.description
    limit = ctx.options.max_length
    if not isinstance(description, str) or len(description) <= limit:
        return  # most descriptions: decided before the construct and the targets are looked at
    item = construct("description_too_long")
    if not _applies(item, ctx):
        return
    answer = item.answer("openai", index=tool.index, limit=limit, length=len(description))
    ctx.report(tool.description_pointer, f"the description has {len(description):,} characters, over OpenAI's limit "
               f"of {limit:,}", help="move details into the parameters' descriptions, or shorten it",
               note=f"OpenAI answers \"{answer}\"")


# --- the tool set: one file, and with `check --tool-set` all files and servers of the run ------------


@dataclass(frozen=True)
class TooManyToolsOptions(RuleOptions, rule="too-many-tools"):
    openai_limit: int
    gemini_limit: int


def _count_limits(ctx: Context) -> list[tuple[str, int]]:
    options: TooManyToolsOptions = ctx.options
    limits = {"openai": options.openai_limit, "gemini": options.gemini_limit}
    targets = set(ctx.linter.settings.targets)
    return sorted(((n, lim) for n, lim in limits.items() if not targets or n in targets), key=lambda kv: kv[1])


def _report_tool_count(tools: list[Tool], ctx: Context, where: str) -> None:
    item = construct("tool_count")
    over = [(name, limit) for name, limit in _count_limits(ctx) if len(tools) > limit]
    if not over:
        return
    name, limit = over[0]
    tool = tools[limit]
    answers = "; ".join(f"{provider_title(n)} (limit {lim}) answers "
                        f"\"{item.answer(n, limit=lim, count=len(tools)) if n in item.data else '400'}\""
                        for n, lim in over)
    ctx.report(tool.name_pointer, f"{len(tools)} tools in {where}, over the limit of {limit} per request (this is "
               f"tool {limit + 1})", tool=tool,
               help="split the set by task, or load tools on demand (Anthropic `defer_loading` with tool search, "
                    "MCP clients' per-server toggles)", note=answers)


MIN_BYTES_PER_TOKEN = 2
SAMPLE_BYTES = 8_000
SAFE_SHARE = 0.7  # an 8 KB sample's rate is within 6.2% of the whole set's in every corpus file over 50 KB


@dataclass(frozen=True)
class ToolSetTokenBudgetOptions(RuleOptions, rule="tool-set-token-budget"):
    budget_tokens: int


def _budget(ctx: Context) -> int:
    options: ToolSetTokenBudgetOptions = ctx.options
    return options.budget_tokens


def _over_budget(tools: list[Tool], budget: int) -> tuple[int, int] | None:
    """(index of the tool that crosses the budget, tokens up to it), or None when the set fits.

    Tokenizing is the cost here (pure-Python BPE), so a set is counted exactly only when the budget is within
    reach. Tool definitions take 3.5 to 5.2 bytes a token (every file of the shared corpus; CJK text about 2 to
    4): a set of at most `MIN_BYTES_PER_TOKEN` bytes a token of budget fits. A larger set is sampled first (its
    tools up to `SAMPLE_BYTES`), and when the bytes-per-token rate of the sample puts the whole set under
    `SAFE_SHARE` of the budget it fits too; otherwise it is counted until the budget is crossed
    (--statistics gives every count). Each tool's compact JSON is made once, for its size and its count."""
    texts = [tool_payload(t.name, t.description, t.schema) for t in tools]
    sizes = [text_bytes(text) for text in texts]
    total = sum(sizes)
    if total <= budget * MIN_BYTES_PER_TOKEN:
        return None
    count = tokenizer().count
    running, sampled_bytes, position = 0, 0, 0
    for position, text in enumerate(texts):
        running += count(text)
        sampled_bytes += sizes[position]
        if running > budget:
            return position, running
        if sampled_bytes >= SAMPLE_BYTES:
            break
    if running and total * running / sampled_bytes <= budget * SAFE_SHARE:
        return None
    for index in range(position + 1, len(texts)):
        running += count(texts[index])
        if running > budget:
            return index, running
    return None


def _report_token_budget(tools: list[Tool], ctx: Context, where: str) -> None:
    budget = _budget(ctx)
    over = _over_budget(tools, budget)
    if over is None:
        return
    crossing, running = over
    sizes = [payload_bytes(t.name, t.description, t.schema) for t in tools]
    largest = sorted(range(len(tools)), key=lambda i: -sizes[i])[:3]
    how = "counted" if tokenizer().exact else "estimated"
    ctx.report(tools[crossing].name_pointer,
               f"the {len(tools)} tool definitions of {where} take more than the budget of {budget:,} tokens",
               tool=tools[crossing],
               help="hoist repeated subtrees into `$defs`, split the set by task, or defer loading (Anthropic "
                    "`defer_loading` with tool search); `toollint check --statistics` lists every tool's count",
               note=f"{how} with {tokenizer().name}: the first {crossing + 1} already take {running:,}, and all are "
                    "sent with every request. Largest: " + ", ".join(
                        f"{tools[i].label} {count_tool(tools[i].name, tools[i].description, tools[i].schema):,}"
                        for i in largest))


@check("too-many-tools", "toolset")
def too_many_tools(tools: list[Tool], ctx: Context) -> None:
    _report_tool_count(tools, ctx, "one file")


@check("tool-set-token-budget", "toolset")
def tool_set_token_budget(tools: list[Tool], ctx: Context) -> None:
    _report_token_budget(tools, ctx, "this file")


# A set check is reported only when no member file is over on its own (that file's finding says it already).


@check("too-many-tools", "set")
def too_many_tools_in_set(toolset: ToolSet, ctx: SetContext) -> None:
    tools = [tool for _, tool in toolset.entries()]
    smallest = min((limit for _, limit in _count_limits(ctx)), default=None)
    if len(toolset.members) > 1 and smallest is not None and all(len(m.tools) <= smallest for m in toolset.members):
        _report_tool_count(tools, ctx, f"the tool set ({len(toolset.members)} servers/files together)")


@check("tool-set-token-budget", "set")
def token_budget_of_set(toolset: ToolSet, ctx: SetContext) -> None:
    budget = _budget(ctx)
    if len(toolset.members) > 1 and all(_over_budget(m.tools, budget) is None for m in toolset.members):
        _report_token_budget([tool for _, tool in toolset.entries()], ctx,
                             f"the tool set ({len(toolset.members)} servers/files together)")


# --- the tool object's typed fields (platform facts of late 2026, issue 23) ---------------------

_JSON_TYPES: dict[str, type | tuple[type, ...]] = {"boolean": bool, "string": str, "array": list, "object": dict}


def _source(item: Any) -> str:
    return f"{item['source']}, {item['date']}"


@check("invalid-tool-field", "tool")
def invalid_tool_field(tool: Tool, ctx: Context) -> None:
    """A typed field of the wrong type or with an unknown value, which the API rejects."""
    fields = construct("tool_fields").get(tool.dialect.name)
    definition = tool.definition
    if fields is not None and not definition.keys().isdisjoint(fields):
        for key, expected in fields.items():
            if key in definition and isinstance(expected, dict):
                _check_field(tool, ctx, key, definition[key], expected, _source(fields))
    if tool.dialect is GEMINI:
        item = construct("gemini_exclusive_fields")
        for first, second in item["pairs"]:
            if first in definition and second in definition:
                ctx.report(jp.join(tool.definition_pointer, second), f"`{first}` and `{second}` are both given",
                           key=True, help=f"keep one of the two: `{second}` takes plain JSON Schema",
                           note=f"the API takes one or the other ({item['sources'][0]}, {item['date']})")


def _check_field(tool: Tool, ctx: Context, key: str, value: Any, expected: dict[str, Any], source: str) -> None:
    where = jp.join(tool.definition_pointer, key)
    wanted = expected["type"]
    if not isinstance(value, _JSON_TYPES[wanted]) or (wanted != "boolean" and isinstance(value, bool)):
        ctx.report(where, f"`{key}` must be {'an' if wanted[0] in 'ao' else 'a'} {wanted}, not "
                          f"{shown(describe_value(value), 30)}", help=f"write `{key}` as a JSON {wanted}",
                   note=f"the API rejects the request ({source})")
        return
    allowed = expected.get("values") or []
    given = value if isinstance(value, list) else [value]
    unknown = [v for v in given if allowed and v not in allowed]
    if unknown:
        ctx.report(where, f"`{key}` holds {shown(', '.join(repr(v) for v in unknown), 40)}, which the API does not know",
                   help=f"use one of {', '.join(repr(v) for v in allowed)}", note=f"known values as of {source}")
    if expected.get("schema") and isinstance(value, dict):
        for problem in metaschema_errors(value)[:3]:
            ctx.report(jp.join(where, *problem.path), f"`{key}` is not a valid JSON Schema: {shown(problem.message, 50)}",
                       help="correct the schema: the model's output is checked against it",
                       note=f"`{key}` is a JSON Schema of the tool's output ({source})")


@check("invalid-tool-field", "file")
def invalid_custom_tool_grammar(source: Source, ctx: Context) -> None:
    """Responses custom tools carry no schema, so they are not tools to the reader: found here by their shape."""
    if source.text is not None and not _may_hold_custom_type(source.text):
        return
    for pointer, value in _objects(source.data, ""):
        fmt = value.get("format")
        if value.get("type") == "custom" and isinstance(value.get("name"), str) and isinstance(fmt, dict) \
                and fmt.get("type") == "grammar":
            _check_grammar(ctx, jp.join(pointer, "format"), fmt)


# `"type": "custom"` in JSON or `type: custom` in YAML; "custom" alone is in every file about customers.
_CUSTOM_TYPE = lazy_compile(r"""type['"]?\s*:\s*['"]?custom\b""")


def _may_hold_custom_type(text: str) -> bool:
    """`_CUSTOM_TYPE.search(text)`, in a fraction of its time: the regex stops at every `type` of the file's
    schemas, `str.find` jumps from one `custom` to the next. Between the `type` of a match and its `custom` stand
    only quotes, white space and the colon, so the match can only start at the last `type` before that `custom`
    (and after the `custom` before it, which keeps the look back linear)."""
    after = 0
    found = text.find("custom")
    while found >= 0:
        start = text.rfind("type", after, found)
        if start >= 0 and _CUSTOM_TYPE.match(text, start):
            return True
        after = found
        found = text.find("custom", found + 1)
    return False


def _objects(value: Any, pointer: str, depth: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of a document with its pointer (tool files are shallow: eight levels are enough)."""
    if depth > 8:
        return
    children: Any
    if isinstance(value, dict):
        yield pointer, value
        children = value.items()
    elif isinstance(value, list):
        children = enumerate(value)
    else:
        return
    for key, child in children:
        if isinstance(child, (dict, list)):
            yield from _objects(child, jp.join(pointer, key), depth + 1)


def _check_grammar(ctx: Context, where: str, fmt: dict[str, Any]) -> None:
    """A Responses custom tool: a `grammar` format needs a known syntax and a definition; a regex must compile."""
    item = construct("custom_tool_grammar")
    syntax, definition = fmt.get("syntax"), fmt.get("definition")
    if syntax not in item["syntaxes"]:
        ctx.report(where, f"the grammar's `syntax` is {shown(describe_value(syntax), 30)}",
                   help=f"set `syntax` to one of {', '.join(repr(s) for s in item['syntaxes'])}", note=_source(item))
    elif not isinstance(definition, str) or not definition.strip():
        ctx.report(where, "the grammar has no `definition`", help="give the grammar's text as `definition`",
                   note=_source(item))
    elif syntax == "regex":
        try:
            re.compile(definition)
        except re.error as error:
            ctx.report(jp.join(where, "definition"), "the grammar's regex does not compile",
                       help="correct the regex", note=f"{error}; {_source(item)}")


# --- MCP's `x-mcp-header` and annotations -----------------------------------------------------------

_TCHAR = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # RFC 9110 token characters


@check("invalid-mcp-header", "tool")
def invalid_mcp_header(tool: Tool, ctx: Context) -> None:
    """`x-mcp-header` (SEP-2243): a Streamable HTTP client MUST drop a tool that breaks its constraints."""
    if tool.dialect is not MCP or not isinstance(tool.schema, dict) or not file_has_mcp_headers(ctx):
        return
    item = construct("mcp_header")
    note = f"a Streamable HTTP client MUST drop the tool ({item['sources'][0]}, {item['date']})"
    seen: dict[str, str] = {}
    for where, value, schema, reachable in mcp_headers(tool):
        if not isinstance(value, str) or not value or not _TCHAR.fullmatch(value):
            ctx.report(where, f"`x-mcp-header` {shown(describe_value(value), 40)} is not an HTTP token", key=True,
                       help="use a non-empty name of token characters (letters, digits, `-`), with no CR or LF",
                       note=note)
            continue
        types = {schema["type"]} if isinstance(schema.get("type"), str) else set(schema.get("type") or [])
        if not types or not types <= set(item["types"]):
            ctx.report(where, f"`x-mcp-header` {value!r} is on a {'/'.join(sorted(types)) or 'typeless'} property",
                       key=True, help=f"put it only on {', '.join(item['types'])} properties (not `number`)",
                       note=note)
        elif not reachable:
            ctx.report(where, f"`x-mcp-header` {value!r} is on a property behind `$ref`, a combinator or an array",
                       key=True, help="put it only on statically reachable properties", note=note)
        folded = value.lower()
        if folded in seen:
            ctx.report(where, f"`x-mcp-header` {value!r} repeats {seen[folded]!r} (case is ignored)", key=True,
                       help="give each mirrored argument its own header name", note=note)
        else:
            seen[folded] = value


@check("contradictory-annotations", "tool")
def contradictory_annotations(tool: Tool, ctx: Context) -> None:
    """`readOnlyHint: true` with `destructiveHint: true`: a read-only tool cannot destroy anything."""
    annotations = tool.definition.get("annotations")
    if tool.dialect is not MCP or not isinstance(annotations, dict):
        return
    if annotations.get("readOnlyHint") is True and annotations.get("destructiveHint") is True:
        item = construct("annotations")
        ctx.report(jp.join(tool.definition_pointer, "annotations", "destructiveHint"),
                   "`readOnlyHint` and `destructiveHint` are both true", key=True,
                   help="drop `destructiveHint` for a read-only tool, or set `readOnlyHint` to false",
                   note=f"`destructiveHint` means something only when `readOnlyHint` is false; a client that trusts "
                        f"one of them misjudges the tool ({item['sources'][0]}, {item['date']})")


@check("shadowed-annotation-title", "tool")
def shadowed_annotation_title(tool: Tool, ctx: Context) -> None:
    """`title` and a different `annotations.title`: clients show `title`, so the other text is never read."""
    annotations = tool.definition.get("annotations")
    if tool.dialect is not MCP or not isinstance(annotations, dict):
        return
    other = annotations.get("title")
    display = tool.display_title
    if not isinstance(other, str) or display is None or display[1] != "title" or other.strip() == display[0].strip():
        return
    item = construct("display_title")
    ctx.report(jp.join(tool.definition_pointer, "annotations", "title"),
               f"`annotations.title` {shown(json.dumps(other, ensure_ascii=False), 30)} is never shown: "
               "`title` takes precedence", key=True,
               help="keep one title: drop `annotations.title`, or make it the same text as `title`",
               note=f"a client shows {', then '.join(f'`{w}`' for w in item['precedence'])} "
                    f"({item['sources'][0]}, {item['date']})")
