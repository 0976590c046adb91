"""Token counts per tool and per tool set (one file = one set) for `toollint check --statistics`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toollint.document.dialects import Tool, find_tools
from toollint.tokens import count_tool, tokenizer


@dataclass
class ToolSetTokens:
    file: str
    tools: list[tuple[str, int]] = field(default_factory=list)  # (tool label, tokens)

    @property
    def total(self) -> int:
        return sum(tokens for _, tokens in self.tools)

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "tokens": self.total,
                "tools": [{"name": name, "tokens": tokens} for name, tokens in self.tools]}


def count_tools(tools: list[Tool]) -> list[tuple[str, int]]:
    return [(tool.label, count_tool(tool.name, tool.description, tool.schema)) for tool in tools]


def tool_set_tokens(path: str, data: Any) -> ToolSetTokens | None:
    tools = find_tools(data)
    if not tools:
        return None
    return ToolSetTokens(path, count_tools(tools))


def render_text(sets: list[ToolSetTokens]) -> str:
    """One line per tool, a total per file and for all files; the tokenizer is named."""
    if not sets:
        return ""
    lines = ["", f"Tokens ({tokenizer().name}):"]
    for tool_set in sets:
        for name, tokens in tool_set.tools:
            lines.append(f"{tokens:>8}  {tool_set.file}: {name}")
        lines.append(f"{tool_set.total:>8}  {tool_set.file} ({len(tool_set.tools)} tools)")
    if len(sets) > 1:
        lines.append(f"{sum(s.total for s in sets):>8}  all files ({sum(len(s.tools) for s in sets)} tools)")
    return "\n".join(lines) + "\n"


def as_json(sets: list[ToolSetTokens]) -> dict[str, Any]:
    return {"tokenizer": tokenizer().name, "exact_for": "openai" if tokenizer().exact else None,
            "total": sum(s.total for s in sets), "tool_sets": [s.as_dict() for s in sets]}
