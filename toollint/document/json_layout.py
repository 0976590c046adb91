"""JSON edits as text splices: each edit changes only its own span, and new values are rendered in the file's
own style (indent unit, separators, compact one-line or one member per line, CRLF). Setting a container to a
new value splices only the members that differ, so compact objects stay compact."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from toollint import pointer as jp
from toollint.document.edits import Edit, EditError, lookup, same
from toollint.document.locate import JsonLocator


@dataclass(frozen=True)
class JsonStyle:
    """How a JSON file is laid out, so new text looks like the old."""

    indent: str  # one level of indentation ("" for a one-line file)
    newline: str
    key_sep: str  # between a key and its value: ": " or ":"
    item_sep: str  # between members on one line: ", " or ","
    inline_scalar_arrays: bool  # arrays of scalars written on one line inside multi-line objects

    @classmethod
    def of(cls, text: str) -> JsonStyle:
        match = re.search(r"\n([ \t]+)\S", text)
        indent = match.group(1) if match else ""
        if match and "\t" not in indent:
            # the smallest step between nesting levels, not the first line's depth
            depths = {len(m.group(1)) for m in re.finditer(r"\n( +)\S", text[:20000])}
            steps = sorted(depths)
            indent = " " * min([steps[0]] + [b - a for a, b in zip(steps, steps[1:], strict=False) if b > a])
        key_sep = ": " if re.search(r'"\s*:\s', text) or not re.search(r'":', text) else ":"
        item_sep = ", " if re.search(r",[ \t]", text) or not re.search(r",\S", text) else ","
        inline = "\n" in text.strip() and re.search(r'\[[^\[\]{}\n]+,[^\[\]{}\n]*\]', text) is not None
        return cls(indent, "\r\n" if "\r\n" in text else "\n", key_sep, item_sep, inline)

    def render(self, value: Any, level: str, multiline: bool) -> str:
        """`value` as JSON text starting at an indentation of `level`."""
        if isinstance(value, dict) and value:
            if not multiline or not self.indent:
                return "{" + self.item_sep.join(_dumps(k) + self.key_sep + self.render(v, level, False)
                                                for k, v in value.items()) + "}"
            inner = level + self.indent
            body = ("," + self.newline + inner).join(_dumps(k) + self.key_sep + self.render(v, inner, True)
                                                     for k, v in value.items())
            return "{" + self.newline + inner + body + self.newline + level + "}"
        if isinstance(value, list) and value:
            scalars = all(not isinstance(v, (dict, list)) for v in value)
            if not multiline or not self.indent or (scalars and self.inline_scalar_arrays):
                return "[" + self.item_sep.join(self.render(v, level, False) for v in value) + "]"
            inner = level + self.indent
            body = ("," + self.newline + inner).join(self.render(v, inner, True) for v in value)
            return "[" + self.newline + inner + body + self.newline + level + "]"
        return _dumps(value)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)  # NaN is no JSON: the edit fails instead


class _JsonText:
    """The text of one JSON document with the positions of its members, and the splices made so far."""

    def __init__(self, text: str) -> None:
        self.text = text
        try:
            self.data = json.loads(text)
        except ValueError as error:
            raise EditError(f"not JSON: {error}") from None
        self.locator = JsonLocator(text)
        self.style = JsonStyle.of(text)
        self.splices: list[tuple[int, int, str]] = []
        self.filled: dict[str, tuple[int, int, bool, Any]] = {}  # empty containers that get content: rendered last
        self.removed: dict[str, set[int]] = {}  # container pointer -> indices of the members removed: spliced last

    # positions ---------------------------------------------------------------------------

    def value_range(self, pointer: str) -> tuple[int, int]:
        lookup(self.data, pointer)
        return self.locator.offsets(pointer)

    def members(self, pointer: str) -> tuple[int, int, Any]:
        start, end = self.value_range(pointer)
        return start, end, self.locator.children(start)

    def multiline(self, start: int, end: int) -> bool:
        return "\n" in self.text[start:end]

    def indent_at(self, position: int) -> str:
        """The indentation of the line `position` is on."""
        line_start = self.text.rfind("\n", 0, position) + 1
        match = re.match(r"[ \t]*", self.text[line_start:position])
        return match.group(0) if match else ""

    def separator(self, container_start: int, container_end: int, at: int) -> str:
        """What goes between two members of this container: a comma and a new line, or a comma and a space."""
        if self.multiline(container_start, container_end):
            return "," + self.style.newline + self.indent_at(at)
        return self.style.item_sep

    # edits -------------------------------------------------------------------------------

    def apply(self, edit: Edit) -> None:
        tokens = jp.split(edit.pointer)
        if edit.op == "set" and not tokens:
            self.replace("", self.data, edit.value)
            return
        if not tokens:
            raise EditError(f"cannot {edit.op} the document root")
        parent_pointer, last = jp.from_tokens(tokens[:-1]), tokens[-1]
        parent = lookup(self.data, parent_pointer)
        if edit.op == "set":
            if isinstance(parent, dict) and last in parent:
                self.replace(edit.pointer, parent[last], edit.value)
            elif isinstance(parent, dict):
                self.add_member(parent_pointer, parent, last, edit.value, edit.before)
            elif isinstance(parent, list) and last.isdigit() and int(last) < len(parent):
                self.replace(edit.pointer, parent[int(last)], edit.value)
            else:
                raise EditError(f"nothing at {edit.pointer}")
        elif edit.op == "rename":
            if not isinstance(parent, dict) or last not in parent:
                raise EditError(f"no key at {edit.pointer}")
            if edit.name is None or edit.name in parent:
                raise EditError(f"cannot rename {edit.pointer} to {edit.name!r}: the key exists")
            _, _, entries = self.members(parent_pointer)
            key_start, key_end, _, _ = entries[last]
            self.splices.append((key_start, key_end, _dumps(edit.name)))
        elif edit.op == "remove":
            lookup(self.data, edit.pointer)
            self.remove_child(parent_pointer, parent, last)
        elif edit.op == "insert":
            if not isinstance(parent, list):
                raise EditError(f"{parent_pointer or '/'} is not an array")
            index = len(parent) if last == "-" else int(last) if last.isdigit() else -1
            if not 0 <= index <= len(parent):
                raise EditError(f"no array position {edit.pointer}")
            self.insert_item(parent_pointer, parent, index, edit.value, append=last == "-")
        else:
            raise EditError(f"unknown edit {edit.op!r}")

    def replace(self, pointer: str, old: Any, new: Any) -> None:
        """Make the value at `pointer` equal to `new`, splicing only the parts that differ."""
        if same(old, new):
            return
        start, end = self.value_range(pointer)
        if isinstance(old, dict) and isinstance(new, dict) and old:
            common_old = [k for k in old if k in new]
            if common_old and common_old == [k for k in new if k in old]:
                for key in old:
                    if key not in new:
                        self.remove_child(pointer, old, key)
                for index, key in enumerate(new):
                    if key in old:
                        self.replace(jp.join(pointer, key), old[key], new[key])
                    else:
                        before = next((k for k in list(new)[index + 1:] if k in old), None)
                        self.add_member(pointer, old, key, new[key], before)
                return
        if isinstance(old, list) and isinstance(new, list) and old and len(old) == len(new):
            for index, (a, b) in enumerate(zip(old, new, strict=True)):
                self.replace(jp.join(pointer, index), a, b)
            return
        multiline = self.multiline(start, end) if isinstance(old, (dict, list)) and old else self._parent_multiline(
            pointer)
        self.splices.append((start, end, self.style.render(new, self.indent_at(start), multiline)))

    def _parent_multiline(self, pointer: str) -> bool:
        tokens = jp.split(pointer)
        if not tokens:
            return bool(self.style.indent)
        start, end = self.value_range(jp.from_tokens(tokens[:-1]))
        return self.multiline(start, end)

    def add_member(self, pointer: str, obj: dict[str, Any], key: str, value: Any, before: str | None) -> None:
        start, end, entries = self.members(pointer)
        if not obj:
            self._fill(pointer, start, end, {}).update({key: value})
            return
        multiline = self.multiline(start, end)
        names = list(entries)
        anchor = before if before in entries else None
        if anchor is None:
            last_key_start, _, _, last_value_end = entries[names[-1]]
            level = self.indent_at(last_key_start)
            member = _dumps(key) + self.style.key_sep + self.style.render(value, level, multiline)
            self.splices.append((last_value_end, last_value_end,
                                 self.separator(start, end, last_key_start) + member))
        else:
            key_start = entries[anchor][0]
            level = self.indent_at(key_start)
            member = _dumps(key) + self.style.key_sep + self.style.render(value, level, multiline)
            self.splices.append((key_start, key_start, member + self.separator(start, end, key_start)))

    def _fill(self, pointer: str, start: int, end: int, empty: Any) -> Any:
        """The new content of an empty container (several edits may add to it; it is rendered once)."""
        if pointer not in self.filled:
            multiline = self.multiline(start, end) or self._parent_multiline(pointer)
            self.filled[pointer] = (start, end, multiline, empty)
        return self.filled[pointer][3]

    def finish(self) -> list[tuple[int, int, str]]:
        for start, end, multiline, content in self.filled.values():
            self.splices.append((start, end, self.style.render(content, self.indent_at(start), multiline)))
        for pointer, indices in self.removed.items():
            self.splices.extend(self._removal_splices(pointer, indices))
        return self.splices

    def remove_child(self, pointer: str, container: Any, token: str) -> None:
        index = list(container).index(token) if isinstance(container, dict) else int(token)
        self.removed.setdefault(pointer, set()).add(index)

    def _removal_splices(self, pointer: str, indices: set[int]) -> list[tuple[int, int, str]]:
        """One splice per run of adjacent removed members, so removing neighbours never gives overlapping spans."""
        start, end, entries = self.members(pointer)
        ranges = [(e[0], e[3]) for e in entries.values()] if isinstance(entries, dict) else list(entries)
        if len(indices) == len(ranges):
            return [(start + 1, end - 1, "")]
        out = []
        for first, last in _runs(sorted(indices)):
            if first > 0:  # from the end of the member kept before the run to the end of the run
                out.append((ranges[first - 1][1], ranges[last][1], ""))
            else:  # a leading run: up to the start of the first member kept after it
                out.append((ranges[0][0], ranges[last + 1][0], ""))
        return out

    def insert_item(self, pointer: str, array: list[Any], index: int, value: Any, *, append: bool = False) -> None:
        start, end, items = self.members(pointer)
        if not array:
            filled = self._fill(pointer, start, end, [])
            filled.insert(len(filled) if append else index, value)
            return
        multiline = self.multiline(start, end)
        if index == len(items):
            item_start, item_end = items[-1]
            rendered = self.style.render(value, self.indent_at(item_start), multiline)
            self.splices.append((item_end, item_end, self.separator(start, end, item_start) + rendered))
        else:
            item_start = items[index][0]
            rendered = self.style.render(value, self.indent_at(item_start), multiline)
            self.splices.append((item_start, item_start, rendered + self.separator(start, end, item_start)))


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Sorted indices as (first, last) runs of consecutive numbers."""
    runs: list[tuple[int, int]] = []
    for index in indices:
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


def json_splices(text: str, edits: list[Edit]) -> list[tuple[int, int, str]]:
    """The text replacements ((start, end, new text), against `text`) that make the edits."""
    document = _JsonText(text)
    for edit in edits:
        document.apply(edit)
    return document.finish()
