"""Tool-set rules: what goes wrong only when one client combines several servers and files.

Names that collide across members, and names that outgrow the providers' 64-character limit once the
client prefixes them with the server name (Claude Code: `mcp__{server}__{tool}`).
"""

from __future__ import annotations

from toollint.document.dialects import Tool
from toollint.linter.checks import check
from toollint.linter.toolsets import Member, SetContext, ToolSet
from toollint.terminal import shown


def _describe(member: Member) -> str:
    return f"server `{member.name}`" if member.server else f"`{member.source.path}`"


@check("tool-set-name-collision", "set")
def tool_set_name_collision(toolset: ToolSet, ctx: SetContext) -> None:
    first: dict[str, tuple[Member, Tool]] = {}
    for member, tool in toolset.entries():
        name = tool.name
        if name is None:
            continue
        earlier = first.get(name)
        if earlier is None:
            first[name] = (member, tool)
        elif earlier[0] is not member:  # twice in one member is duplicate-tool-name's
            other, other_tool = earlier
            line = other.source.span(other_tool.name_pointer).line
            ctx.report(tool.name_pointer, f"tool name {shown(repr(name))} is also defined by {shown(_describe(other), 40)}",
                       tool=tool, help="rename one of the two tools",
                       note=f"at {other.source.path}:{line}; in one client the provider "
                            "rejects the request, or one tool silently shadows the other")


def prefixed_name(template: str, server: str, tool: str) -> str:
    """The name a client shows the model; placeholders by replacement, so a stray brace is kept as text."""
    return template.replace("{server}", server).replace("{tool}", tool)


@check("prefixed-name-too-long", "set")
def prefixed_name_too_long(toolset: ToolSet, ctx: SetContext) -> None:
    template = str(ctx.options.get("prefix-format", "mcp__{server}__{tool}"))
    limit = int(ctx.options.get("max-length", 64))
    for member, tool in toolset.entries():
        if tool.name is None or not member.prefixed:
            continue
        full = prefixed_name(template, member.name, tool.name)
        if len(full) > limit:
            ctx.report(tool.name_pointer, f"tool `{shown(tool.name, 30)}` is {len(full)} characters once a client "
                       f"prefixes it (limit {limit})", tool=tool,
                       help=f"shorten the tool name (by {len(full) - limit}) or the server's",
                       note=f"{_describe(member)} makes it `{full}`, over the {limit}-character limit of OpenAI "
                            "and Anthropic")
