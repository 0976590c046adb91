"""One tool as another dialect writes it: what `toollint dump --dialect` prints. Only the envelope changes
(where the name, description and schema sit); the schema itself is passed on as read, so a dump shows the
model exactly what the source defines. Making a schema acceptable to a provider is strictify's job."""

from __future__ import annotations

from typing import Any

from toollint.document.dialects import WRITABLE, Tool

DUMP_DIALECTS = WRITABLE
_MCP_EXTRAS = ("title", "annotations", "outputSchema", "_meta", "icons")


def as_dialect(tools: list[Tool], dialect: str) -> Any:
    """The tools in `dialect`: an MCP `tools/list` result, a `tools=` list, or Gemini's `functionDeclarations`."""
    if dialect == "mcp":
        return {"tools": [_mcp(tool) for tool in tools]}
    if dialect == "gemini":
        return [{"functionDeclarations": [_plain(tool, "parametersJsonSchema") for tool in tools]}]
    if dialect == "anthropic":
        return [_plain(tool, "input_schema") for tool in tools]
    if dialect == "openai-responses":
        return [{"type": "function", **_plain(tool, "parameters")} for tool in tools]
    if dialect == "openai-chat":
        return [{"type": "function", "function": _plain(tool, "parameters")} for tool in tools]
    raise ValueError(dialect)


def definition_as(tool: Tool, dialect: str, *, gemini_key: str = "parametersJsonSchema") -> dict[str, Any]:
    """One tool's definition in `dialect` (for Gemini, one function declaration with its schema under
    `gemini_key`): what goes in the list that `as_dialect` wraps."""
    if dialect == "gemini":
        return _plain(tool, gemini_key)
    written = as_dialect([tool], dialect)
    return written["tools"][0] if dialect == "mcp" else written[0]


def wrap_definitions(definitions: list[dict[str, Any]], dialect: str) -> Any:
    """Definitions already in `dialect` as the file `as_dialect` writes."""
    if dialect == "mcp":
        return {"tools": definitions}
    if dialect == "gemini":
        return [{"functionDeclarations": definitions}]
    return definitions


def _plain(tool: Tool, schema_key: str) -> dict[str, Any]:
    out: dict[str, Any] = {"name": tool.name if tool.name is not None else tool.definition.get("name")}
    if tool.description is not None:
        out["description"] = tool.description
    out[schema_key] = tool.schema if tool.schema is not None else {"type": "object", "properties": {}}
    return out


def _mcp(tool: Tool) -> dict[str, Any]:
    out: dict[str, Any] = {"name": tool.definition.get("name")}
    for key in ("title", "description"):
        if key in tool.definition:
            out[key] = tool.definition[key]
    out["inputSchema"] = tool.schema if tool.schema is not None else {"type": "object", "properties": {}}
    for key in _MCP_EXTRAS:
        if key in tool.definition and key not in out:
            out[key] = tool.definition[key]
    return out
