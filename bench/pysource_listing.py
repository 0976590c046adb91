"""The framework's own listing, for bench/pysource_fidelity.py; it imports user code, so it runs only in an isolated
venv, never in the linter.

    VENV/bin/python bench/pysource_listing.py FRAMEWORK MODULE_FILE OUT.json

FRAMEWORK is one of openai-agents, langchain, pydantic-ai, mcp-fastmcp, mcp-mcpserver, fastmcp. MODULE_FILE is a .py
path (imported under a private name with its own folder first on sys.path, so `if __name__ == "__main__"` blocks do not
run) or a dotted module name installed in the venv. The module's globals are searched for the framework's tool
objects (and for agents / servers holding them), and OUT.json gets a JSON array of MCP-style tools
`{"name", "description", "inputSchema", ...}`, in discovery order:

- openai-agents: every `FunctionTool` in the globals (also inside lists, tuples, dicts) or in the `tools` of an
  `Agent` there (and of the agents it hands off to): `name`, `description`, `params_json_schema`, plus
  `strict_json_schema`.
- langchain: every `BaseTool`: `name`, `description`, `tool_call_schema` (else `args_schema`) as JSON schema, plus
  `langchain_openai_shape` = `convert_to_openai_tool(tool)`.
- pydantic-ai: every `Agent`'s function toolset (and `FunctionToolset`s given to it or found in the globals, and bare
  `Tool`s): the `ToolDefinition`'s `name`, `description`, `parameters_json_schema`, plus the whole definition as
  `pydantic_ai_tool_def`.
- mcp-fastmcp / mcp-mcpserver / fastmcp: the server object's own `tools/list` answer (`list_tools()`, or an
  in-memory `fastmcp.Client` for standalone fastmcp).

Network connections (AF_INET/AF_INET6) are refused while the module is imported and listed. Stdlib plus the framework
only. Exit status 1 when no tool was found.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import importlib.util
import json
import os
import socket
import sys


def _no_network() -> None:
    real_connect = socket.socket.connect

    def connect(self, address):  # noqa: ANN001
        if self.family in (socket.AF_INET, socket.AF_INET6):
            raise OSError("network disabled by pysource_listing")
        return real_connect(self, address)

    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = lambda self, address: 111  # type: ignore[method-assign]

    def create_connection(*args, **kwargs):  # noqa: ANN002, ANN003
        raise OSError("network disabled by pysource_listing")

    socket.create_connection = create_connection  # type: ignore[assignment]


def _load(target: str):
    if os.path.exists(target):
        path = os.path.abspath(target)
        sys.path.insert(0, os.path.dirname(path))
        spec = importlib.util.spec_from_file_location("_pysource_target", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["_pysource_target"] = module
        spec.loader.exec_module(module)
        return module
    sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]
    return importlib.import_module(target)


def _walk(value, depth: int = 0):
    """The value itself and whatever lists, tuples, sets and dict values hold (two levels deep)."""
    yield value
    if depth < 2 and isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _walk(item, depth + 1)
    elif depth < 2 and isinstance(value, dict):
        for item in value.values():
            yield from _walk(item, depth + 1)


def _jsonable(value):
    return json.loads(json.dumps(value, default=repr))


def list_openai_agents(module) -> list[dict]:
    from agents import Agent, FunctionTool

    tools: list[FunctionTool] = []
    seen_agents: set[int] = set()

    def visit(value) -> None:
        if isinstance(value, FunctionTool):
            if all(value is not t for t in tools):
                tools.append(value)
        elif isinstance(value, Agent) and id(value) not in seen_agents:
            seen_agents.add(id(value))
            for tool in value.tools:
                visit(tool)
            for handoff in value.handoffs:
                visit(handoff)

    for value in list(vars(module).values()):
        for item in _walk(value):
            visit(item)
    return [{"name": t.name, "description": t.description, "inputSchema": _jsonable(t.params_json_schema),
             "strict_json_schema": t.strict_json_schema} for t in tools]


def list_langchain(module) -> list[dict]:
    from langchain_core.tools import BaseTool
    from langchain_core.utils.function_calling import convert_to_openai_tool

    tools: list[BaseTool] = []
    for value in list(vars(module).values()):
        for item in _walk(value):
            if isinstance(item, BaseTool) and all(item is not t for t in tools):
                tools.append(item)
    found = []
    for tool in tools:
        schema = getattr(tool, "tool_call_schema", None)
        if schema is None:
            schema = tool.args_schema
        if schema is not None and not isinstance(schema, dict):
            schema = schema.model_json_schema()
        found.append({"name": tool.name, "description": tool.description, "inputSchema": _jsonable(schema or {}),
                      "langchain_openai_shape": _jsonable(convert_to_openai_tool(tool))})
    return found


def list_pydantic_ai(module) -> list[dict]:
    from pydantic_ai import Agent, Tool
    from pydantic_ai.toolsets import FunctionToolset

    tools: list[Tool] = []

    def add(tool) -> None:
        if all(tool is not t for t in tools):
            tools.append(tool)

    def add_toolset(toolset) -> None:
        for tool in toolset.tools.values():
            add(tool)

    for value in list(vars(module).values()):
        for item in _walk(value):
            if isinstance(item, Agent):
                add_toolset(item._function_toolset)
                for toolset in getattr(item, "_user_toolsets", ()):
                    if isinstance(toolset, FunctionToolset):
                        add_toolset(toolset)
            elif isinstance(item, FunctionToolset):
                add_toolset(item)
            elif isinstance(item, Tool):
                add(item)
    found = []
    for tool in tools:
        definition = tool.tool_def
        found.append({"name": definition.name, "description": definition.description,
                      "inputSchema": _jsonable(definition.parameters_json_schema),
                      "pydantic_ai_tool_def": _jsonable(dataclasses.asdict(definition))})
    return found


def list_mcp_server(module, framework: str) -> list[dict]:
    if framework == "fastmcp":
        import fastmcp

        server_class = fastmcp.FastMCP
    elif framework == "mcp-mcpserver":
        from mcp.server.mcpserver import MCPServer as server_class
    else:
        from mcp.server.fastmcp import FastMCP as server_class

    async def listing(server) -> list:
        if framework == "fastmcp":
            async with fastmcp.Client(server) as client:
                return await client.list_tools()
        return await server.list_tools()

    for value in list(vars(module).values()):
        if isinstance(value, server_class):
            tools = asyncio.run(listing(value))
            if tools:
                return [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]
    return []


def main(argv: list[str]) -> int:
    framework, target, out = argv
    _no_network()
    module = _load(target)
    if framework == "openai-agents":
        found = list_openai_agents(module)
    elif framework == "langchain":
        found = list_langchain(module)
    elif framework == "pydantic-ai":
        found = list_pydantic_ai(module)
    elif framework in ("mcp-fastmcp", "mcp-mcpserver", "fastmcp"):
        found = list_mcp_server(module, framework)
    else:
        raise SystemExit(f"unknown framework {framework!r}")
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(found, handle, ensure_ascii=False, indent=1)
    print(out, len(found))
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
