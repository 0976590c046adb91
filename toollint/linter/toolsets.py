"""Tool sets that span several files and servers: what one client puts in front of the model at once.

A file's own tools are already a set for the per-file engine; here a set is built from members (a live
server, a snapshot of one, or a tool file) and handed to the `set` checks, which report into whichever
member's file a tool came from. Rules about the whole set (names colliding across servers, names too
long once prefixed, and tool counts or token budgets per provider) are `set` checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from toollint.document.dialects import MCP, Tool, find_tools
from toollint.document.source import Source
from toollint.linter.context import Context, Finding
from toollint.linter.fixes import Fix
from toollint.mcp.snapshot import server_name

if TYPE_CHECKING:
    from toollint.linter.engine import Linter


@dataclass
class Member:
    """One server or file in a tool set. `name` is what a client prefixes the server's tool names with."""

    name: str
    source: Source
    tools: list[Tool]
    server: bool  # a live server or a snapshot of one (tools are MCP tools a client prefixes)

    @property
    def prefixed(self) -> bool:
        """Whether a client prefixes these tools with the member name: MCP tools only."""
        return self.server or any(tool.dialect is MCP for tool in self.tools)


@dataclass
class ToolSet:
    name: str
    members: list[Member] = field(default_factory=list)

    def entries(self) -> Iterator[tuple[Member, Tool]]:
        for member in self.members:
            for tool in member.tools:
                yield member, tool


def member_of(source: Source, linter: Linter, name: str | None = None) -> Member | None:
    """A readable source as a set member (None when it holds no tools or cannot be read)."""
    if source.problem is not None or source.data is None:
        return None
    tools = find_tools(source.data, linter.dialect)
    if not tools:
        return None
    own = server_name(source.data)
    return Member(name or own or Path(source.path).stem, source, tools, server=own is not None)


class SetContext(Context):
    """What a `set` check sees: the per-file Context over every tool of the set (targets, `$ref` resolvers),
    but `report` locates in the file of the member the tool came from."""

    def __init__(self, linter: Linter, toolset: ToolSet) -> None:
        super().__init__(linter, Source(f"<tool set {toolset.name}>", "", "json"),
                         [tool for _, tool in toolset.entries()])
        self.toolset = toolset
        self._owner = {id(tool): member for member, tool in toolset.entries()}

    def member(self, tool: Tool) -> Member:
        return self._owner[id(tool)]

    def report(self, pointer: str, message: str, *, key: bool = False, tool: Tool | None = None,
               help: str | None = None, note: str | None = None, autofix: Fix | None = None) -> None:
        spec = self.spec
        assert spec is not None and tool is not None, "a set finding belongs to one tool"
        member = self._owner[id(tool)]
        span = member.source.span(pointer, key=key)
        self.findings.append(Finding(
            spec.code, spec.name, self.linter.severities[spec.name], message, member.source.path,
            span.line, span.column, span.end_line, span.end_column, pointer, tool.name, help,
            server=member.name if member.server else None, autofix=autofix, note=note))


def lint_tool_set(linter: Linter, toolset: ToolSet) -> list[Finding]:
    """Run every enabled `set` check over one tool set; per-file ignores of the member files apply."""
    ctx = SetContext(linter, toolset)
    for bound in linter.by_scope["set"]:
        bound(ctx, toolset)
    settings = linter.settings
    if settings.per_file_ignores:
        from toollint.linter.discover import _relative_to_root

        ctx.findings = [f for f in ctx.findings
                        if f.rule not in settings.ignored_for(_relative_to_root(f.file, settings))]
    return sorted(ctx.findings, key=Finding.sort_key)
