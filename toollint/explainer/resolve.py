"""Resolve a parsed error location to a tool of a tools file or request body, and a place in that file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool, find_tools
from toollint.document.source import Source
from toollint.explainer.locations import ByIndex, Location, is_schema_field


@dataclass
class Resolved:
    tool: Tool
    pointer: str  # the deepest place of the location that exists in the file
    exact: bool  # whether the whole location exists (False: the text names something missing, e.g. `items`)
    line: int
    column: int


def find_tool(tools: list[Tool], location: Location) -> Tool | None:
    """The tool the location names: by name first, then by its place in the request, then by index."""
    if location.tool_name is not None:
        named = [t for t in tools if t.name == location.tool_name]
        if named:
            return named[0]
        prefixed = _unprefixed(tools, location.tool_name)
        if prefixed is not None:
            return prefixed
    index = location.tool_index
    if index is None:
        return None
    if location.group_index is not None:  # Gemini: tools[g].function_declarations[i]
        for key in ("functionDeclarations", "function_declarations"):
            wanted = jp.join("", "tools", location.group_index, key, index)
            hit = next((t for t in tools if t.pointer == wanted), None)
            if hit is not None:
                return hit
    else:
        wanted = jp.join("", "tools", index)
        hit = next((t for t in tools if t.pointer == wanted), None)
        if hit is not None:
            return hit
    return tools[index] if 0 <= index < len(tools) else None


def _unprefixed(tools: list[Tool], sent: str) -> Tool | None:
    """The tool a client renamed with a prefix (`dblp_calculate_statistics`, `mcp__dblp__calculate_statistics`
    for `calculate_statistics`): the longest tool name the sent name ends with after a separator."""
    found = [t for t in tools if t.name and any(sent.endswith(sep + t.name) for sep in ("_", "__", "-", ".", ":"))]
    if not found:
        return None
    longest = max(len(t.name or "") for t in found)
    best = [t for t in found if len(t.name or "") == longest]
    return best[0] if len(best) == 1 else None


def _field_pointer(tool: Tool, location: Location) -> str:
    if location.field in ("name", "description"):
        return jp.join(tool.definition_pointer, location.field)
    if location.field == "outputSchema":
        return jp.join(tool.definition_pointer, "outputSchema")
    if location.field is None and not location.path:
        return tool.pointer
    return tool.schema_pointer


def _raw(tool: Tool, location: Location) -> Any:
    if location.field == "outputSchema":
        return tool.definition.get("outputSchema")
    key = tool.schema_field
    return tool.definition.get(key)


def resolve(source: Source, location: Location) -> Resolved | None:
    """The tool and place `location` names in `source`, or None when no tool matches.

    A text that names a place but no tool (Moonshot) resolves when exactly one tool has that place."""
    tools = find_tools(source.data)
    tool = find_tool(tools, location)
    if tool is not None:
        return _place(source, tool, location)
    if location.tool_name is None and location.tool_index is None and location.path:
        places = [place for place in (_place(source, t, location) for t in tools) if place.exact]
        return places[0] if len(places) == 1 else None
    return None


def _place(source: Source, tool: Tool, location: Location) -> Resolved:
    pointer = _field_pointer(tool, location)
    exact = True
    if is_schema_field(location.field) or location.field is None or location.field == "outputSchema":
        node = _raw(tool, location)
        for part in location.path:
            token: str | int | None = part if not isinstance(part, ByIndex) else None
            if isinstance(part, ByIndex):
                names = list(node) if isinstance(node, dict) else []
                token = names[part.index] if part.index < len(names) else None
            if isinstance(node, dict) and isinstance(token, str) and token in node:
                node, pointer = node[token], jp.join(pointer, token)
            elif isinstance(node, list) and isinstance(token, int) and 0 <= token < len(node):
                node, pointer = node[token], jp.join(pointer, token)
            else:
                exact = False
                break
    span = source.span(pointer, key=True)
    return Resolved(tool, pointer, exact, span.line, span.column)
