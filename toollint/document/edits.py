"""Edits on a parsed document, named by JSON Pointer, so a fix is data that any writer can apply.

`set` replaces a value or adds a key, `rename` renames a key in place, `remove` deletes a key or an array
item, `insert` puts a value into an array, and `replace-text` rewrites part of one line of the text
(for what the parsed data does not hold, such as a YAML comment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toollint import pointer as jp

OPS = ("set", "rename", "remove", "insert", "replace-text")


class EditError(ValueError):
    """An edit that does not apply to the document as it is (a missing pointer, a clashing key, overlap)."""


@dataclass(frozen=True)
class Edit:
    op: str
    pointer: str = ""
    value: Any = None  # set/insert: the new value; replace-text: the new text
    name: str | None = None  # rename: the new key
    before: str | None = None  # set of a new key: put it before this sibling key (default: last)
    line: int = 0  # replace-text: from 1-based (line, column) up to, not including, (end_line, end_column)
    column: int = 0
    end_line: int = 0
    end_column: int = 0

    def as_dict(self) -> dict[str, Any]:
        if self.op == "replace-text":
            return {"op": self.op, "line": self.line, "column": self.column, "end_line": self.end_line,
                    "end_column": self.end_column, "text": self.value}
        out: dict[str, Any] = {"op": self.op, "pointer": self.pointer}
        if self.op in ("set", "insert"):
            out["value"] = self.value
        if self.op == "rename":
            out["name"] = self.name
        if self.before is not None:
            out["before"] = self.before
        return out

    def touches(self) -> str:
        """The pointer of the smallest node this edit changes (a rename or removal changes its parent)."""
        if self.op == "replace-text":
            return f"#line{self.line}"
        if self.op == "insert" and self.pointer.endswith("/-"):
            return self.pointer  # appends to one array compose: each goes after the last
        if self.op in ("rename", "remove", "insert") or self.before is not None:
            return jp.from_tokens(jp.split(self.pointer)[:-1])
        return self.pointer


def set_value(pointer: str, value: Any, *, before: str | None = None) -> Edit:
    return Edit("set", pointer, value, before=before)


def rename_key(pointer: str, name: str) -> Edit:
    return Edit("rename", pointer, name=name)


def remove(pointer: str) -> Edit:
    return Edit("remove", pointer)


def insert(pointer: str, value: Any) -> Edit:
    return Edit("insert", pointer, value)


def replace_text(line: int, column: int, end_line: int, end_column: int, text: str) -> Edit:
    return Edit("replace-text", value=text, line=line, column=column, end_line=end_line, end_column=end_column)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values: 1, 1.0 and true are three different values here."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def lookup(document: Any, pointer: str) -> Any:
    """The value at `pointer`; raises EditError when there is none."""
    node = document
    for token in jp.split(pointer):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise EditError(f"nothing at {pointer or '/'}")
    return node
