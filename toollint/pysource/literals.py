"""Tool definitions written as Python literals: `tools=[{...}]` passed to a client call, or a module-level
`TOOLS = [...]` that holds tool objects. Values are read from the literal, never evaluated."""

from __future__ import annotations

import ast
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import find_tools
from toollint.pysource.derive import Positions
from toollint.pysource.modules import Module

MAX_NODES = 200_000


class _NotLiteral(Exception):
    pass


class _Reader:
    """A literal's data, with the position of every key and value; names bound to literals are followed."""

    def __init__(self, module: Module, positions: Positions) -> None:
        self.module = module
        self.positions = positions
        self.budget = MAX_NODES
        self.following: set[str] = set()

    def read(self, node: ast.expr, pointer: str) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise _NotLiteral
        self.positions.node(pointer, node)
        if isinstance(node, ast.Dict):
            out: dict[str, Any] = {}
            for key, value in zip(node.keys, node.values, strict=True):
                if key is None or not isinstance(key, ast.Constant) or not isinstance(key.value, str):
                    raise _NotLiteral
                child = jp.join(pointer, key.value)
                self.positions.node(child, key, key=True)
                out[key.value] = self.read(value, child)
            return out
        if isinstance(node, (ast.List, ast.Tuple)):
            return [self.read(item, jp.join(pointer, index)) for index, item in enumerate(node.elts)]
        if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (str, int, float, bool))):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
                and isinstance(node.operand.value, (int, float)) and not isinstance(node.operand.value, bool):
            return -node.operand.value
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
            try:
                text = ast.literal_eval(node) if not isinstance(node, ast.JoinedStr) else None
            except (ValueError, TypeError, SyntaxError):
                text = None
            if isinstance(text, str):
                return text
            raise _NotLiteral
        if isinstance(node, ast.Name) and node.id in self.module.values and node.id not in self.following:
            self.following.add(node.id)
            try:
                return self.read(self.module.values[node.id], pointer)
            finally:
                self.following.discard(node.id)
        raise _NotLiteral


def literal_tools(module: Module, positions: Positions, start: int) -> list[dict[str, Any]]:
    """Tool objects from `tools=` arguments and module-level assignments, in source order."""
    found: list[dict[str, Any]] = []
    seen: set[int] = set()
    sites: list[tuple[ast.expr, bool]] = []
    for call in module.calls:
        for keyword in call.keywords:
            if keyword.arg in ("tools", "functions", "function_declarations"):
                sites.append((keyword.value, True))
    sites += [(assignment.value, False) for assignment in module.literal_assignments]
    sites.sort(key=lambda site: (site[0].lineno, site[0].col_offset))
    for node, passed in sites:
        container = _resolve(node, module)
        items = container.elts if isinstance(container, (ast.List, ast.Tuple)) else [container]
        for item in (_resolve(element, module) for element in items):
            if id(item) in seen or not isinstance(item, ast.Dict):
                continue
            scratch = Positions(positions.lines)
            try:
                data = _Reader(module, scratch).read(item, "")
            except (_NotLiteral, RecursionError):
                continue
            tools = find_tools({"tools": [data]} if passed else [data])
            if not tools or (not passed and tools[0].schema_key is None):
                continue
            seen.add(id(item))
            pointer = jp.join("/tools", start + len(found))
            for table, into in ((scratch.keys, positions.keys), (scratch.values, positions.values)):
                for inner, span in table.items():
                    into.setdefault(pointer + inner, span)
            found.append(data)
    return found


def _resolve(node: ast.expr, module: Module) -> ast.expr:
    """A name bound to a literal at module level stands for that literal."""
    for _ in range(8):
        if not isinstance(node, ast.Name) or node.id not in module.values:
            break
        node = module.values[node.id]
    return node
