"""Shared test helpers: lint text in memory with chosen settings."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from toollint.document.source import parse_text
from toollint.linter.config import Settings
from toollint.linter.engine import Finding, Linter
from toollint.linter.toolsets import ToolSet, lint_tool_set, member_of


def lint_text(text: str, fmt: str = "json", *, targets: tuple[str, ...] = (), path: str | None = None,
              **settings) -> list[Finding]:
    source = parse_text(text, path or f"example.{fmt}", fmt)
    result = Linter(Settings(targets=targets, **settings)).lint(source, explicit=True)
    return sorted(result.findings, key=Finding.sort_key)


def rules_of(findings: list[Finding]) -> list[str]:
    return [f.rule for f in findings]


ROOT_DIR = Path(__file__).resolve().parent.parent
"""The repository root: fixtures/, docs/ and README.md live here."""


def lint_set_text(text: str, *, targets: tuple[str, ...] = (), **settings) -> list[Finding]:
    """Lint a tool set written as {server name: its tools/list result}; each server is its own file."""
    linter = Linter(Settings(targets=targets, **settings))
    members = []
    for name, listing in json.loads(text).items():
        source = parse_text(json.dumps(listing, indent=2, ensure_ascii=False), f"{name}.json", "json")
        member = member_of(source, linter, name)
        assert member is not None, f"{name}: no tools"
        member.server = True
        members.append(member)
    return lint_tool_set(linter, ToolSet("example", members))


def said(finding: Finding | dict) -> str:
    """All a finding says: its headline, then its `help` and `note` (a Finding or its JSON dict)."""
    if isinstance(finding, dict):
        parts = [finding.get("message"), finding.get("help"), finding.get("note")]
    else:
        parts = [finding.message, finding.help, finding.note]
    return " | ".join(p for p in parts if p)


def mcp_tool(name: str, description: str, properties: dict) -> str:
    """One MCP tool as JSON text, its input schema an object of `properties`."""
    return json.dumps({"name": name, "description": description,
                       "inputSchema": {"type": "object", "properties": properties}}, ensure_ascii=False)


def helps(rule: str, text: str) -> list[str]:
    """The help of each finding `rule` makes on `text` (selected by name, as `fires` does): what the user is told."""
    return [finding.help for finding in lint_text(text, extend_select=(rule,)) if finding.rule == rule]


def fires(rule: str, text: str) -> bool:
    """Whether `rule` reports anything on `text` (selected by name, so an opt-in rule is asked too)."""
    return rule in rules_of(lint_text(text, extend_select=(rule,)))


def framework_listing(*functions: Any) -> list[dict[str, Any]]:
    """The `tools/list` entries the mcp SDK's own server makes of these functions, as FastMCP-style servers send
    them (the docstring becomes the description; each parameter gets only a title)."""
    try:
        from mcp.server.mcpserver import MCPServer as Server  # mcp 2.x
    except ImportError:  # pragma: no cover - mcp 1.x
        from mcp.server.fastmcp import FastMCP as Server
    server = Server("toollint-test")
    for function in functions:
        server.tool()(function)
    return [tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            for tool in asyncio.run(server.list_tools())]


def reported_params(rule: str, listing: list[dict[str, Any]]) -> list[str]:
    """The names of the parameters `rule` reports in a `tools/list` listing (the last step of each pointer)."""
    import toollint

    return [f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(listing) if f.rule == rule]
