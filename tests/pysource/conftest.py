"""Helpers for the Python-source tests: write a module of tool functions, read it statically, and list it
with the framework itself (the tests' own modules are imported; user code never is)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

from toollint.document.source import read_path


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def derived(path: Path) -> dict[str, Any]:
    """The static reader's `{"tools": [...], "skipped": [...]}` for a file."""
    source = read_path(str(path))
    assert source.problem is None, source.problem
    return source.data


def _import(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


def framework_listing(path: Path, attribute: str = "mcp") -> list[dict[str, Any]]:
    """What the framework lists for the module's server (mcp SDK, fastmcp) or its tool objects (Agents SDK,
    LangChain, Pydantic AI): MCP-shaped `{"name", "description", "inputSchema", ...}`."""
    module = _import(path, f"toollint_test_{path.stem}_{abs(hash(str(path)))}")
    server = getattr(module, attribute, None)
    if server is not None and hasattr(server, "list_tools"):
        tools = asyncio.run(server.list_tools())
        return [json.loads(json.dumps(_mcp_dict(tool))) for tool in tools]
    return _objects(module)


def _mcp_dict(tool: Any) -> dict[str, Any]:
    if hasattr(tool, "to_mcp_tool"):  # fastmcp
        tool = tool.to_mcp_tool()
    data = tool.model_dump(exclude_none=True, by_alias=True, mode="json")
    for key in ("outputSchema", "execution", "_meta", "meta"):
        data.pop(key, None)
    return data


def _objects(module: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for value in vars(module).values():
        kind = type(value).__module__
        if kind.startswith("agents") and hasattr(value, "params_json_schema"):
            out.append({"name": value.name, "description": value.description, "inputSchema": value.params_json_schema})
        elif kind.startswith("langchain") and hasattr(value, "tool_call_schema"):
            out.append({"name": value.name, "description": value.description,
                        "inputSchema": value.tool_call_schema.model_json_schema()})
        elif kind.startswith("pydantic_ai") and hasattr(value, "_function_toolset"):
            for tool in value._function_toolset.tools.values():
                definition = tool.tool_def
                out.append({"name": definition.name, "description": definition.description,
                            "inputSchema": definition.parameters_json_schema})
    return out


def comparable(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The fields the issue compares, in a form where key order does not matter."""
    return [json.loads(json.dumps({k: t.get(k) for k in ("name", "description", "inputSchema", "annotations", "title")
                                   if k in t}, sort_keys=True)) for t in tools]
