"""Where a provider's error text says the problem is: which tool (index or name) and which place in it.

Each provider spells places its own way (shared field notes 2.5): Anthropic `tools.N.custom.input_schema`,
OpenAI `function 'F'` + `context=('properties', 'a')` + `tools[i].function.parameters`, Gemini
`function_declarations[16].parameters.properties[includeTags].items` (a property by name, or by index
in proto order followed by `.value`), Moonshot `At path 'properties.source'`, MCP clients `Tool 'X'`.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ByIndex:
    """A property named by its position in `properties` (Gemini's old proto paths): needs the file to resolve."""

    index: int

    def __str__(self) -> str:
        return f"#{self.index}"


@dataclass
class Location:
    """A place parsed from an error text; any part may be unknown (None)."""

    provider: str = ""
    tool_index: int | None = None  # index in the request's tools (Gemini: in function_declarations)
    group_index: int | None = None  # Gemini: index of the `tools` entry holding the declarations
    tool_name: str | None = None
    field: str | None = None  # the tool field: input_schema, parameters, name, description, outputSchema
    path: list[str | int | ByIndex] = dataclasses.field(default_factory=list)  # tokens inside the schema

    @property
    def found(self) -> bool:
        return self.tool_index is not None or self.tool_name is not None or bool(self.path)

    def as_dict(self) -> dict[str, Any]:
        return {"provider": self.provider, "tool_index": self.tool_index, "tool_name": self.tool_name,
                "field": self.field, "path": [str(t) for t in self.path]}


_SCHEMA_FIELDS = ("input_schema", "inputSchema", "parameters", "parametersJsonSchema", "outputSchema")

_ANTHROPIC = re.compile(r"\btools\.(\d+)\.custom(?:\.([A-Za-z_]+))?((?:\.[\w$-]+)*)")
_OPENAI_FUNCTION = re.compile(r"function '([^']*)'")
_OPENAI_CONTEXT = re.compile(r"context=\(([^)]*)\)")
_OPENAI_PARAM = re.compile(r"\btools\[(\d+)\](?:\.function)?\.(parameters|name|description)")
_OPENAI_LEGACY = re.compile(r"'functions\.(\d+)\.(name|parameters|description)'")
_GEMINI = re.compile(r"\btools\[(\d+)\]\.(?:function_declarations|functionDeclarations)\[(\d+)\]((?:\.[\w$]+(?:\[[^\]]*\])?)*)")
_GEMINI_UNKNOWN = re.compile(r'Unknown name "([^"]+)" at')
_GEMINI_NAMED = re.compile(r"`([^`]+)` functionDeclaration")
_MOONSHOT = re.compile(r"At path '([^']*)'")
_MCP_TOOL = re.compile(r"\bTool [`']([^`']+)[`'](?: has an invalid (inputSchema|outputSchema))?")


def parse_location(text: str) -> Location:
    """The first location any provider's spelling gives in `text` (an empty Location if none)."""
    for parser in (_anthropic, _gemini, _openai, _moonshot, _mcp):
        location = parser(text)
        if location is not None:
            return location
    return Location()


def _anthropic(text: str) -> Location | None:
    match = _ANTHROPIC.search(text)
    if match is None:
        return None
    rest = [t for t in match.group(3).split(".") if t]
    return Location("anthropic", int(match.group(1)), field=match.group(2), path=_dotted(rest))


def _openai(text: str) -> Location | None:
    name = _OPENAI_FUNCTION.search(text)
    param = _OPENAI_PARAM.search(text) or _OPENAI_LEGACY.search(text)
    if name is None and param is None:
        return None
    location = Location("openai", tool_name=name.group(1) if name else None)
    if param is not None:
        location.tool_index, location.field = int(param.group(1)), param.group(2)
    context = _OPENAI_CONTEXT.search(text)
    if context is not None:
        location.field = location.field or "parameters"
        location.path = _context_tokens(context.group(1))
    return location


def _context_tokens(inner: str) -> list[str | int | ByIndex]:
    try:
        value = ast.literal_eval("(" + inner + ("," if inner.strip() and not inner.strip().endswith(",") else "") + ")")
    except (ValueError, SyntaxError):
        return []
    return [t if isinstance(t, (str, int)) else str(t) for t in value]


def _gemini(text: str) -> Location | None:
    match = _GEMINI.search(text)
    if match is None:
        named = _GEMINI_NAMED.search(text)
        return Location("gemini", tool_name=named.group(1), field="parameters") if named else None
    location = Location("gemini", int(match.group(2)), group_index=int(match.group(1)))
    segments = re.findall(r"\.([\w$]+)(?:\[([^\]]*)\])?", match.group(3))
    if segments and camel(segments[0][0]) in ("parameters", "parametersJsonSchema", "name", "description"):
        location.field = camel(segments[0][0])
        location.path = _gemini_path(segments[1:])
    unknown = _GEMINI_UNKNOWN.search(text)
    if unknown is not None and location.field:
        location.path.append(camel(unknown.group(1)))
    return location


def camel(name: str) -> str:
    """Gemini's proto field names as the JSON API spells them: `additional_properties` → `additionalProperties`."""
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name) if "_" in name.strip("_") else name


def _gemini_path(segments: list[tuple[str, str]]) -> list[str | int | ByIndex]:
    """properties[x] → properties/x; properties[8].value → properties/#8; any_of[0] → anyOf/0; enum[1] → enum.

    Keyword names are proto names (`any_of`, `max_items`) and become the JSON spelling; property names are
    subscripts and stay as written."""
    path: list[str | int | ByIndex] = []
    for position, (name, subscript) in enumerate(segments):
        if name == "value" and path and path[-2:-1] == ["properties"]:
            continue  # proto map entry: `properties[8].value` is the schema of property 8
        key = camel(name)
        path.append(key)
        if not subscript:
            continue
        if key == "properties":
            following = segments[position + 1][0] if position + 1 < len(segments) else ""
            by_index = subscript.isdigit() and following == "value"
            path.append(ByIndex(int(subscript)) if by_index else subscript)
        elif key in ("enum", "required"):
            break  # a value of the keyword, not a subschema
        elif subscript.isdigit():
            path.append(int(subscript))
    return path


def _moonshot(text: str) -> Location | None:
    match = _MOONSHOT.search(text)
    if match is None:
        return None
    return Location("moonshot", field="parameters", path=_dotted([t for t in match.group(1).split(".") if t]))


def _mcp(text: str) -> Location | None:
    match = _MCP_TOOL.search(text)
    if match is None:
        return None
    location = Location("mcp-client", tool_name=match.group(1), field=match.group(2))
    if match.group(2):
        location.path = ["$schema"] if "dialect" in text else []
    return location


def _dotted(tokens: list[str]) -> list[str | int | ByIndex]:
    return [int(t) if t.isdigit() else t for t in tokens]


def is_schema_field(name: str | None) -> bool:
    return name in _SCHEMA_FIELDS
