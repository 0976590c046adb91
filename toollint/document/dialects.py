"""Find the tool definitions in a parsed file, whatever dialect they are written in.

Each dialect differs only in where the name, description, input schema and strict flag live, so a
dialect is a small record of key names; detection looks at one object at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp


@dataclass(frozen=True)
class Dialect:
    name: str
    provider: str  # the provider whose strict mode `"strict": true` asks for, or "" if none
    schema_keys: tuple[str, ...]
    wrapper: str | None = None  # OpenAI Chat keeps the definition under "function"
    strict_field: bool = False
    title: str = ""
    # The API whose tool-name rule applies (`[tool_names]` in profiles/tool_apis.toml).
    names: str = "openai"
    # The strict-mode target a file in this dialect is written for by strictify ("" for MCP and legacy
    # functions, which fit several).
    strict_target: str = ""
    # Where the tool's `"strict": true` goes, in words (messages say it; "" for dialects with no strict flag).
    strict_where: str = ""
    # The shape a model's call arrives in when this dialect is the boundary's target, and the shape of the
    # result that answers it (`toollint.boundary.calls` reads and writes them).
    call_shape: str = ""
    # The shape the boundary answers in for a file of this dialect given no target ("" means `call_shape`):
    # legacy function definitions are mostly sent as Chat tools today.
    file_shape: str = ""
    # Other names a boundary target may use for this dialect ("openai" is the Chat API).
    aliases: tuple[str, ...] = ()
    # Whether `dump --dialect` and strictify can write a file in it.
    writable: bool = True

    @property
    def answer_shape(self) -> str:
        """The result shape for a file in this dialect checked without a target."""
        return self.file_shape or self.call_shape


ANTHROPIC = Dialect("anthropic", "anthropic", ("input_schema",), strict_field=True, title="Anthropic tool",
                    names="anthropic", strict_target="anthropic", strict_where="beside `input_schema`",
                    call_shape="anthropic")
OPENAI_CHAT = Dialect("openai-chat", "openai", ("parameters",), wrapper="function", strict_field=True,
                      title="OpenAI Chat Completions function tool", strict_target="openai",
                      strict_where="in `function`, beside `parameters`", call_shape="openai-chat",
                      aliases=("openai",))
OPENAI_RESPONSES = Dialect("openai-responses", "openai", ("parameters",), strict_field=True,
                           title="OpenAI Responses function tool", strict_target="openai",
                           strict_where="beside `parameters`", call_shape="openai-responses",
                           aliases=("responses",))
OPENAI_FUNCTIONS = Dialect("openai-functions", "", ("parameters",), title="legacy OpenAI function",
                           call_shape="openai-functions", file_shape="openai-chat", writable=False)
MCP = Dialect("mcp", "", ("inputSchema",), title="MCP tool", names="mcp", call_shape="mcp")
GEMINI = Dialect("gemini", "", ("parametersJsonSchema", "parameters"), title="Gemini function declaration",
                 names="gemini", strict_target="gemini", call_shape="gemini")

DIALECTS = {d.name: d for d in (ANTHROPIC, OPENAI_CHAT, OPENAI_RESPONSES, OPENAI_FUNCTIONS, MCP, GEMINI)}
# Every name a boundary target may use -> its dialect.
TARGET_DIALECTS = {name: d for d in DIALECTS.values() for name in (d.name, *d.aliases)}
# The dialects `dump --dialect` writes (MCP first: it is the default).
WRITABLE = tuple(sorted((d.name for d in DIALECTS.values() if d.writable), key=lambda n: n != "mcp"))


@dataclass
class Tool:
    """One tool definition, with pointers into its file."""

    dialect: Dialect
    pointer: str  # the tool object
    raw: dict[str, Any]
    definition_pointer: str  # the object holding name and description
    definition: dict[str, Any]
    schema_key: str | None
    index: int = 0
    schema: Any = None  # the input schema as linted (Gemini OpenAPI types normalized)
    openapi_schema: bool = False  # Gemini `parameters`: the OpenAPI 3.0 Schema subset
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str | None:
        value = self.definition.get("name")
        return value if isinstance(value, str) else None

    @property
    def label(self) -> str:
        return self.name or f"#{self.index}"

    @property
    def description(self) -> Any:
        return self.definition.get("description")

    @property
    def display_title(self) -> tuple[str, str] | None:
        """The text a client shows for the tool and the field it comes from (`title`, `annotations.title` or
        `name`, in the precedence of `[display_title]` in `profiles/tool_apis.toml`), or None."""
        from toollint.profiles.tool_apis import construct

        for where in construct("display_title")["precedence"]:
            value: Any = self.definition
            for key in where.split("."):
                value = value.get(key) if isinstance(value, dict) else None
            if isinstance(value, str) and value.strip():
                return value, where
        return None

    @property
    def name_pointer(self) -> str:
        return jp.join(self.definition_pointer, "name")

    @property
    def description_pointer(self) -> str:
        return jp.join(self.definition_pointer, "description")

    @property
    def schema_field(self) -> str:
        """The key the schema is under, or would be: the dialect's first schema key when the tool has none."""
        return self.schema_key or self.dialect.schema_keys[0]

    @property
    def schema_pointer(self) -> str:
        return jp.join(self.definition_pointer, self.schema_field)

    @property
    def strict(self) -> bool:
        return self.dialect.strict_field and self.definition.get("strict") is True

    @property
    def strict_pointer(self) -> str:
        return jp.join(self.definition_pointer, "strict")


def _openapi_to_json_schema(node: Any, depth: int = 0) -> Any:
    """Gemini `parameters` spell types as OBJECT, STRING...; lower-case them so every rule reads one form."""
    if depth > 200:
        return node
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "type" and isinstance(value, str):
                out[key] = value.lower()
            elif key in ("properties", "$defs", "defs") and isinstance(value, dict):
                out[key] = {k: _openapi_to_json_schema(v, depth + 1) for k, v in value.items()}
            elif key in ("items", "anyOf", "additionalProperties"):
                out[key] = _openapi_to_json_schema(value, depth + 1)
            else:
                out[key] = value
        return out
    if isinstance(node, list):
        return [_openapi_to_json_schema(item, depth + 1) for item in node]
    return node


def _make_tool(dialect: Dialect, node: dict, pointer: str, index: int) -> Tool | None:
    definition: Any = node
    definition_pointer = pointer
    if dialect.wrapper:
        definition = node.get(dialect.wrapper)
        definition_pointer = jp.join(pointer, dialect.wrapper)
        if not isinstance(definition, dict):
            return None
    schema_key = next((k for k in dialect.schema_keys if k in definition), None)
    tool = Tool(dialect, pointer, node, definition_pointer, definition, schema_key, index)
    tool.schema = definition.get(schema_key) if schema_key else None
    if dialect is GEMINI and schema_key == "parameters":
        tool.openapi_schema = True
        tool.schema = _openapi_to_json_schema(tool.schema)
    return tool


def _is_upper_type(schema: Any) -> bool:
    return isinstance(schema, dict) and isinstance(schema.get("type"), str) and schema["type"].isupper()


def classify(node: dict, context: str | None = None) -> Dialect | None:
    """The dialect of one object, or None when it is not a tool definition."""
    has_name = isinstance(node.get("name"), str)
    if node.get("type") == "function":
        if isinstance(node.get("function"), dict):
            return OPENAI_CHAT
        if has_name:
            return OPENAI_RESPONSES
        return None
    if not has_name:
        return None
    if "input_schema" in node:
        return ANTHROPIC
    if "inputSchema" in node:
        return MCP
    if context == "gemini" or "parametersJsonSchema" in node:
        return GEMINI
    if isinstance(node.get("parameters"), dict):
        return GEMINI if _is_upper_type(node["parameters"]) else OPENAI_FUNCTIONS
    if context == "tools" and "description" in node and "type" not in node:
        # In a tools list, a named, described object with no schema is a tool missing its schema.
        return MCP
    return None


_CONTAINER_KEYS = (("tools", "tools"), ("functions", "functions"), ("functionDeclarations", "gemini"),
                   ("function_declarations", "gemini"))


def find_tools(data: Any, forced: Dialect | None = None) -> list[Tool]:
    """Every tool definition in a document, in document order."""
    tools: list[Tool] = []
    for node, pointer, context in candidates(data, "", None, 0):
        dialect = forced if forced is not None and isinstance(node.get("name"), str) else None
        if dialect is OPENAI_CHAT and not isinstance(node.get("function"), dict):
            dialect = None
        dialect = dialect or classify(node, context)
        if dialect is None:
            continue
        tool = _make_tool(dialect, node, pointer, len(tools))
        if tool is not None:
            tools.append(tool)
    return tools


def candidates(node: Any, pointer: str, context: str | None, depth: int) -> Iterator[tuple[dict, str, str | None]]:
    if depth > 6:
        return
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from candidates(item, jp.join(pointer, index), context, depth + 1)
        return
    if not isinstance(node, dict):
        return
    descended = False
    for key, child_context in _CONTAINER_KEYS:
        value = node.get(key)
        if isinstance(value, list):
            descended = True
            yield from candidates(value, jp.join(pointer, key), child_context, depth + 1)
    result = node.get("result")
    if isinstance(result, dict) and isinstance(result.get("tools"), list):
        descended = True
        yield from candidates(result, jp.join(pointer, "result"), None, depth + 1)
    if not descended:
        yield node, pointer, context
