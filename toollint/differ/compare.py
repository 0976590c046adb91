"""What changed between two versions of a tool set, from the point of view of a client that approved the old one.

Breaking: a call that was valid may now fail (tool or parameter removed, parameter newly required,
enum narrowed, type changed). Widening: every old call stays valid (tool or parameter added, enum or
type widened, parameter no longer required). Description: text the model reads changed after review,
the "rug pull"; flagged on its own because a server can turn a reviewed tool malicious without
changing its schema.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.document.source import Source
from toollint.document.tools import read_tool_file
from toollint.errors import DiffError
from toollint.schema.types import required_names

BREAKING, WIDENING, DESCRIPTION = "breaking", "widening", "description"
KINDS = (BREAKING, WIDENING, DESCRIPTION)
MAX_DEPTH = 64


@dataclass
class Change:
    kind: str  # breaking, widening or description
    code: str  # tool-removed, param-required, enum-narrowed, ...
    tool: str
    message: str
    file: str  # where to look: the new file, or the old one for something removed
    line: int
    column: int
    pointer: str
    parameter: str | None = None
    old: Any = None
    new: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "code": self.code, "tool": self.tool, "parameter": self.parameter,
                "message": self.message, "file": self.file, "line": self.line, "column": self.column,
                "pointer": self.pointer, "old": self.old, "new": self.new}


@dataclass
class Version:
    """One side of the diff: the file, its tools by name, and the server's instructions if it is a snapshot."""

    source: Source
    tools: dict[str, Tool] = field(default_factory=dict)
    instructions: str | None = None
    repeats: list[Tool] = field(default_factory=list)  # a second (third...) tool of a name already seen


def load_version(path: str) -> Version:
    source, tools = read_tool_file(path, DiffError)
    version = Version(source)
    for tool in tools:
        if tool.name is not None:
            if tool.name in version.tools:
                version.repeats.append(tool)
            else:
                version.tools[tool.name] = tool
    data = source.data
    if isinstance(data, dict) and isinstance(data.get("instructions"), str):
        version.instructions = data["instructions"]
    return version


def diff_files(old_path: str, new_path: str) -> list[Change]:
    """Every change from OLD to NEW, in the new file's order (removals at their place in the old file)."""
    return diff_versions(load_version(old_path), load_version(new_path))


def diff_versions(old: Version, new: Version) -> list[Change]:
    differ = _Differ(old, new)
    if old.instructions != new.instructions and (old.instructions or new.instructions):
        differ.add(DESCRIPTION, "instructions-changed", "", "the server's instructions (which clients put into "
                   "the system prompt) changed", new if new.instructions is not None else old, "/instructions",
                   old=old.instructions, new=new.instructions)
    for name, tool in old.tools.items():
        if name not in new.tools:
            differ.add(BREAKING, "tool-removed", name, f"tool `{name}` was removed; calls to it now fail", old,
                       tool.name_pointer)
    for name, tool in new.tools.items():
        before = old.tools.get(name)
        if before is None:
            differ.add(WIDENING, "tool-added", name, f"tool `{name}` was added", new, tool.name_pointer)
            continue
        differ.tool(before, tool)
    old_repeats = [tool.raw for tool in old.repeats]
    for tool in new.repeats:  # a client may use either definition: a rug pull `diff` must not hide
        if tool.raw not in old_repeats:
            name = tool.name or ""
            differ.add(DESCRIPTION, "tool-repeated", name, f"tool `{name}` is defined again (at "
                       f"{tool.pointer or '/'}), with content the old version did not have; a client may use either "
                       "definition, and only the first is compared", new, tool.name_pointer)
    return differ.changes


class _Differ:
    def __init__(self, old: Version, new: Version) -> None:
        self.old = old
        self.new = new
        self.changes: list[Change] = []

    def add(self, kind: str, code: str, tool: str, message: str, side: Version, pointer: str, *,
            parameter: str | None = None, old: Any = None, new: Any = None) -> None:
        span = side.source.span(pointer)
        self.changes.append(Change(kind, code, tool, message, side.source.path, span.line, span.column, pointer,
                                   parameter, old, new))

    def tool(self, old: Tool, new: Tool) -> None:
        name = new.name or ""
        for key in ("description", "title"):
            before, after = old.definition.get(key), new.definition.get(key)
            if before != after:
                self.add(DESCRIPTION, "description-changed", name, f"the {key} of tool `{name}` changed after "
                         "review; read the new text before trusting it", self.new,
                         jp.join(new.definition_pointer, key), old=before, new=after)
        old_schema = old.schema if isinstance(old.schema, dict) else {}
        new_schema = new.schema if isinstance(new.schema, dict) else {}
        self.schema(name, None, _Node(old_schema, old.schema_pointer, old_schema),
                    _Node(new_schema, new.schema_pointer, new_schema), 0)

    def schema(self, tool: str, param: str | None, old: _Node, new: _Node, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        old, new = old.resolved(), new.resolved()
        label = f"`{param}` of `{tool}`" if param else f"the input of `{tool}`"
        if param is not None:
            before, after = old.schema.get("description"), new.schema.get("description")
            if before != after:
                self.add(DESCRIPTION, "description-changed", tool, f"the description of {label} changed after "
                         "review; read the new text before trusting it", self.new,
                         jp.join(new.pointer, "description"), parameter=param, old=before, new=after)
        self._types(tool, param, label, old, new)
        self._enum(tool, param, label, old, new)
        self._properties(tool, param, old, new, depth)
        if isinstance(old.schema.get("items"), dict) and isinstance(new.schema.get("items"), dict):
            self.schema(tool, f"{param or ''}[]", old.child("items"), new.child("items"), depth + 1)

    def _types(self, tool: str, param: str | None, label: str, old: _Node, new: _Node) -> None:
        before, after = _types(old.schema), _types(new.schema)
        if before == after:
            return
        shown = (sorted(before) if before else "any", sorted(after) if after else "any")
        if after is None or (before is not None and _covers(after, before)):
            self.add(WIDENING, "type-widened", tool, f"the type of {label} was widened from {_words(before)} to "
                     f"{_words(after)}", self.new, new.pointer, parameter=param, old=shown[0], new=shown[1])
        else:
            self.add(BREAKING, "type-changed", tool, f"the type of {label} changed from {_words(before)} to "
                     f"{_words(after)}; calls sending the old type now fail", self.new, new.pointer,
                     parameter=param, old=shown[0], new=shown[1])

    def _enum(self, tool: str, param: str | None, label: str, old: _Node, new: _Node) -> None:
        before, after = _enum(old.schema), _enum(new.schema)
        if before == after:
            return
        where = jp.join(new.pointer, "enum") if "enum" in new.schema else new.pointer
        if after is not None and (before is None or not before <= after):
            lost = sorted(before - after) if before is not None else None
            what = (f"lost {', '.join(lost)}" if lost else "is now restricted to a list")
            self.add(BREAKING, "enum-narrowed", tool, f"the allowed values of {label} were narrowed: it {what}; "
                     "calls sending those values now fail", self.new, where, parameter=param,
                     old=sorted(before) if before else None, new=sorted(after))
        else:
            gained = sorted(after - before) if after is not None and before is not None else None
            self.add(WIDENING, "enum-widened", tool, f"the allowed values of {label} were widened"
                     + (f": {', '.join(gained)} added" if gained else ": any value is accepted now"), self.new,
                     where, parameter=param, old=sorted(before) if before else None,
                     new=sorted(after) if after else None)

    def _properties(self, tool: str, param: str | None, old: _Node, new: _Node, depth: int) -> None:
        old_props, new_props = _props(old.schema), _props(new.schema)
        old_required, new_required = required_names(old.schema), required_names(new.schema)
        for name in old_props:
            if name not in new_props:
                self.add(BREAKING, "param-removed", tool, f"parameter `{_join(param, name)}` of `{tool}` was "
                         "removed; calls that send it may now fail", self.old,
                         jp.join(old.pointer, "properties", name), parameter=_join(param, name))
        for name in new_props:
            path = _join(param, name)
            pointer = jp.join(new.pointer, "properties", name)
            if name not in old_props:
                if name in new_required:
                    self.add(BREAKING, "param-required", tool, f"parameter `{path}` of `{tool}` was added as "
                             "required; calls without it now fail", self.new, pointer, parameter=path)
                else:
                    self.add(WIDENING, "param-added", tool, f"optional parameter `{path}` was added to `{tool}`",
                             self.new, pointer, parameter=path)
                continue
            if name in new_required and name not in old_required:
                self.add(BREAKING, "param-required", tool, f"parameter `{path}` of `{tool}` is now required; "
                         "calls without it now fail", self.new, pointer, parameter=path)
            elif name in old_required and name not in new_required:
                self.add(WIDENING, "param-optional", tool, f"parameter `{path}` of `{tool}` is no longer required",
                         self.new, pointer, parameter=path)
            self.schema(tool, path, old.child("properties", name), new.child("properties", name), depth + 1)


@dataclass
class _Node:
    schema: dict[str, Any]
    pointer: str
    root: dict[str, Any]

    def child(self, *keys: str) -> _Node:
        value: Any = self.schema
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        return _Node(value if isinstance(value, dict) else {}, jp.join(self.pointer, *keys), self.root)

    def resolved(self) -> _Node:
        """Follow local `$ref`s (`#/$defs/...`) so a schema moved into $defs compares by content."""
        node, seen = self, set[str]()
        while isinstance(node.schema.get("$ref"), str) and node.schema["$ref"].startswith("#") and len(seen) < 32:
            ref = node.schema["$ref"]
            if ref in seen:
                break
            seen.add(ref)
            target: Any = node.root
            for token in jp.split(ref[1:]):
                target = target.get(token) if isinstance(target, dict) else None
            if not isinstance(target, dict):
                break
            node = _Node(target, node.pointer, node.root)
        return node


def _types(schema: dict[str, Any]) -> frozenset[str] | None:
    """The JSON types a schema admits, or None for any; `anyOf`/`oneOf` of plain types (nullable) count too."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return frozenset([declared])
    if isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        return frozenset(declared)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches:
            found: set[str] = set()
            for branch in branches:
                kinds = _types(branch) if isinstance(branch, dict) else None
                if kinds is None:
                    return None
                found |= kinds
            return frozenset(found)
    return None


def _covers(wide: frozenset[str], narrow: frozenset[str]) -> bool:
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


def _words(types: frozenset[str] | None) -> str:
    return " | ".join(sorted(types)) if types else "any"


def _enum(schema: dict[str, Any]) -> frozenset[str] | None:
    values = schema.get("enum")
    if "const" in schema and values is None:
        values = [schema["const"]]
    if not isinstance(values, list):
        return None
    return frozenset(json.dumps(v, ensure_ascii=False, sort_keys=True) for v in values)


def _props(schema: dict[str, Any]) -> dict[str, Any]:
    props = schema.get("properties")
    return props if isinstance(props, dict) else {}


def _join(parent: str | None, name: str) -> str:
    return f"{parent}.{name}" if parent else name
