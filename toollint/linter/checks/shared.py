"""Helpers more than one rule family uses: an edit distance, how a place is named in a message, where a node sits
relative to its tool and to the wire, and which tools are strict for which target. One home, so no check imports
another check module's private names (tests/linter/test_rule_homes.py)."""

from __future__ import annotations

import json
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.linter.context import Context, node_label
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

_TYPE_NAMES = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "an integer",
               float: "a number", type(None): "null"}


def describe_value(value: Any) -> str:
    if isinstance(value, (str, int, float, bool)) or value is None:
        text = json.dumps(value, ensure_ascii=False)
        text = text if len(text) <= 40 else text[:37] + "..."
        return f"{text} ({_TYPE_NAMES[type(value)]})" if not isinstance(value, bool) else text
    return _TYPE_NAMES.get(type(value), type(value).__name__)


class LazyLabel:
    """`node_label(node)` in an f-string, made on the first message (most nodes have nothing to report)."""

    __slots__ = ("node", "text", "width")

    def __init__(self, node: SchemaNode, width: int = 40) -> None:
        self.node = node
        self.text: str | None = None
        self.width = width

    def __format__(self, spec: str) -> str:
        if self.text is None:  # a headline names the place; the pointer says exactly where
            self.text = shown(node_label(self.node), self.width)
        return format(self.text, spec)


def damerau(a: str, b: str, limit: int) -> int:
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def relative_pointer(node_pointer: str, ctx: Context) -> str:
    base = ctx.tool.schema_pointer if ctx.tool is not None else ""
    return node_pointer[len(base):] if node_pointer.startswith(base) else node_pointer


def gemini_where(relative: str) -> str:
    """Gemini's spelling of a place under `parameters`: properties[name].items."""
    out: list[str] = []
    for token in jp.split(relative):
        if out and out[-1] == "properties":
            out[-1] = f"properties[{token}]"
        else:
            out.append(token)
    return ".".join(out)


# Subschemas that are never sent as such: the keyword holding them is itself reported (and moved into the
# description by strictify), so what is inside is not reported again.
_NOT_ON_THE_WIRE = frozenset({"not", "if", "then", "else", "dependentSchemas", "dependencies", "propertyNames",
                              "contains", "unevaluatedProperties", "unevaluatedItems", "additionalItems",
                              "contentSchema"})


def on_the_wire(node: SchemaNode) -> bool:
    current: SchemaNode | None = node
    while current is not None:
        if current.via in _NOT_ON_THE_WIRE:
            return False
        current = current.parent
    return True


def strict_tools_by_target(tools: list[Tool], ctx: Context) -> list[tuple[str, list[Tool]]]:
    """The tools of a file grouped by the strict-mode target each is checked for, in target order. Without
    --target only tools with their own `strict: true` can have one, so most files need no set per tool."""
    strict_tools: dict[str, list[Tool]] = {}
    if not any(ctx.has_targets(tool) for tool in tools):
        return []
    for tool in tools:
        for name in ctx.targets(tool):
            strict_tools.setdefault(name, []).append(tool)
    return sorted(strict_tools.items())
