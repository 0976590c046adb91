"""Rules over the tool object beside its schema, from the platform facts of late 2026 (issue 23): typed tool fields,
Gemini's declaration rules, MCP's `x-mcp-header` and contradictory annotations. The facts are dated data in
`toollint/profiles/tool_apis.toml`; these functions only apply them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import GEMINI, MCP, Tool
from toollint.document.source import Source
from toollint.linter.catalog import load_catalog
from toollint.linter.checks import check
from toollint.linter.checks.parameters import names_a_secret
from toollint.linter.checks.shared import describe_value
from toollint.linter.context import Context
from toollint.profiles.tool_apis import construct
from toollint.schema.metaschema import metaschema_errors
from toollint.schema.walk import walk
from toollint.terminal import shown

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
    if "custom" not in (source.text or "custom"):
        return
    for pointer, value in _objects(source.data, ""):
        fmt = value.get("format")
        if value.get("type") == "custom" and isinstance(value.get("name"), str) and isinstance(fmt, dict) \
                and fmt.get("type") == "grammar":
            _check_grammar(ctx, jp.join(pointer, "format"), fmt)


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


@check("invalid-parameter-name", "tool")
def invalid_parameter_name(tool: Tool, ctx: Context) -> None:
    """Gemini's `parameters` Schema: property names are letters, digits and `_`, starting with a letter or `_`."""
    if tool.dialect is not GEMINI or tool.schema_key != "parameters" or not isinstance(tool.schema, dict):
        return
    pattern, said = _gemini_parameter_name()
    for node in walk(tool.schema, tool.schema_pointer):
        properties = node.schema.get("properties")
        if not isinstance(properties, dict):
            continue
        for name in properties:
            if not pattern.fullmatch(name):
                ctx.report(jp.join(node.pointer, "properties", name),
                           f"parameter name {shown(repr(name))} is rejected by Gemini", key=True,
                           help="rename it to letters, digits and `_`, starting with a letter or `_`", note=said)


@cache
def _gemini_parameter_name() -> tuple[re.Pattern[str], str]:
    item = construct("gemini_parameter_names")
    pattern = re.compile(f"{item['first']}{item['pattern']}{{0,{item['max'] - 1}}}")
    return pattern, f"Gemini accepts `^{pattern.pattern}$` ({item['sources'][0]}, {item['date']})"


# --- MCP -------------------------------------------------------------------------------------------

_TCHAR = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # RFC 9110 token characters


def _headers(tool: Tool) -> list[tuple[str, Any, dict[str, Any], bool]]:
    """(pointer, value, property schema, statically reachable) for every `x-mcp-header` in the input schema.
    Reachable: the root's own properties, and properties of properties, without `$ref` or combinators between."""
    keyword = construct("mcp_header")["keyword"]
    found = []
    for node in walk(tool.schema, tool.schema_pointer):
        if isinstance(node.schema, dict) and keyword in node.schema:
            reachable = True
            current = node
            while current.parent is not None:
                if current.via != "properties":
                    reachable = False
                current = current.parent
            found.append((jp.join(node.pointer, keyword), node.schema[keyword], node.schema, reachable))
    return found


@check("invalid-mcp-header", "tool")
def invalid_mcp_header(tool: Tool, ctx: Context) -> None:
    """`x-mcp-header` (SEP-2243): a Streamable HTTP client MUST drop a tool that breaks its constraints."""
    if tool.dialect is not MCP or not isinstance(tool.schema, dict) or not _file_has_headers(ctx):
        return
    item = construct("mcp_header")
    note = f"a Streamable HTTP client MUST drop the tool ({item['sources'][0]}, {item['date']})"
    seen: dict[str, str] = {}
    for where, value, schema, reachable in _headers(tool):
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


@check("mcp-header-on-secret", "tool")
def mcp_header_on_secret(tool: Tool, ctx: Context) -> None:
    """`x-mcp-header` SHOULD NOT carry secrets: the header is logged by proxies and gateways on the way."""
    if tool.dialect is not MCP or not isinstance(tool.schema, dict) or not _file_has_headers(ctx):
        return
    options = ctx.cached("secret-parameter-options",
                         lambda: ctx.linter.settings.options(load_catalog()["secret-parameter"]))
    item = construct("mcp_header")
    for where, value, _, _ in _headers(tool):
        name = jp.split(where)[-2]
        if names_a_secret(name, options) or (isinstance(value, str) and names_a_secret(value, options)):
            ctx.report(where, f"`{shown(name)}` looks like a secret and is mirrored into an HTTP header", key=True,
                       help="drop `x-mcp-header` from it, or have the server read the secret from its configuration",
                       note=f"the spec says SHOULD NOT ({item['sources'][0]}, {item['date']}); headers are logged "
                            "by proxies and gateways")


def _file_has_headers(ctx: Context) -> bool:
    """Whether the file may hold an `x-mcp-header` (one search per file, not per tool): most tools carry none,
    so their schemas are not walked. A source without text (a live listing) is walked."""
    return bool(ctx.cached("x-mcp-header", lambda: "x-mcp-header" in (ctx.source.text or "x-mcp-header")))


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
