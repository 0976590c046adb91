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


def results_tokens(results: list[Any]) -> list[ToolSetTokens]:
    """Token counts of every checked file of a `check` run (files linted in a worker are read again)."""
    from toollint.document.source import read_path

    sets = []
    for result in results:
        if result.status != "checked":
            continue
        source = result.source
        data = source.data if source is not None and source.data is not None else None
        if data is None:
            reread = read_path(result.path)
            if reread.problem is not None:
                continue
            data = reread.data
        counted = tool_set_tokens(result.path, data)
        if counted is not None:
            sets.append(counted)
    return sets


def statistics_json(findings: list[Any], sets: list[ToolSetTokens]) -> str:
    """`check --statistics --output-format json`: findings per rule plus the token counts."""
    import json
    from collections import Counter

    counts = Counter((f.code, f.rule, f.severity) for f in findings)
    rules = [{"code": code, "rule": rule, "severity": severity, "count": count}
             for (code, rule, severity), count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
    return json.dumps({"rules": rules, "total": len(findings), "tokens": as_json(sets)},
                      ensure_ascii=False, indent=2) + "\n"
