"""Map JSON Pointers to line and column in the original text.

JSON is parsed with the C `json` module (fast) and positions are found lazily, only for the pointers
a finding names: each container's children are indexed once, skipping values with the C decoder.
YAML positions come from ruamel.yaml's round-trip nodes and are recorded while the tree is converted.
"""

from __future__ import annotations

import json
import re
import sys
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, cast

from toollint import pointer as jp
from toollint.lazy_regex import lazy_compile

_WS = lazy_compile(r"[ \t\n\r]*")


def _skip_space(text: str, pos: int) -> int:
    """The index of the first non-whitespace character at or after `pos` (JSON whitespace only)."""
    match = _WS.match(text, pos)
    return match.end() if match else pos
_scanstring = json.decoder.scanstring  # type: ignore[attr-defined]
# Everything up to the next bracket outside a string (strings are skipped whole), then that bracket.
# `\Z` lets the last match succeed at the end of the text, so the pattern never fails. The loop is unrolled
# (a run of plain characters, then strings each followed by such a run), and the possessive quantifiers
# (Python 3.11+; plain ones before) keep no backtracking state on the (already parsed, hence valid) JSON it
# is given: the unrolled loop scans about an eighth faster than `(?:plain|string)*+`.
_STRUCTURE = lazy_compile(
    r'[^"\[\]{}]*+(?:"[^"\\]*+(?:\\.[^"\\]*+)*+"[^"\[\]{}]*+)*+([\[\]{}]|\Z)' if sys.version_info >= (3, 11)
    else r'[^"\[\]{}]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"\[\]{}]*)*([\[\]{}]|\Z)')
_SCALAR = lazy_compile(r'[^,\]}\s]+')
# In an object: the comma after the value before (if any), then the next key (its raw text in group 1, the value
# starting at the match's end), or the closing brace. The text was parsed already, so it is valid JSON.
_MEMBER = lazy_compile(r'[ \t\n\r]*,?[ \t\n\r]*(?:"([^"\\]*(?:\\.[^"\\]*)*)"[ \t\n\r]*:[ \t\n\r]*|\})')
# After a value: the comma and the space around it, up to the next key, item or closing bracket.
_SEPARATOR = lazy_compile(r'[ \t\n\r]*,?[ \t\n\r]*')


def _past_separator(text: str, pos: int) -> int:
    """The index after the comma (and the space around it) that follows a value ending at `pos`."""
    match = _SEPARATOR.match(text, pos)
    return match.end() if match else pos


def _matching_closes(text: str) -> dict[int, int]:
    """For every `{` and `[` of a JSON text, the offset of its closing bracket: one pass with a C-level scanner.

    Finding where a value ends is what locating a pointer costs; decoding each value again to learn its end
    made that cost grow with the depth of the document.
    """
    closes: dict[int, int] = {}
    stack: list[int] = []
    for match in _STRUCTURE.finditer(text):
        at = match.start(1)
        if at == len(text):
            break
        if text[at] in "{[":
            stack.append(at)
        elif stack:
            closes[stack.pop()] = at
    return closes


@dataclass(frozen=True)
class Span:
    """1-based line and column of the start and end (end column exclusive) of a key or value."""

    line: int
    column: int
    end_line: int
    end_column: int


class LineIndex:
    """Line and column of offsets in a text, and the text of a line by number.

    A position is counted from the last one asked for (`str.count` of the newlines between them): findings come
    in about the order of the text, so most files are read once and never need every line's start. That list
    is made the first time a line no position fell on is asked for by number, or once counting has gone over the
    text twice (findings asked for back and forth)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: list[int] | None = None  # every line's start, made only when needed
        self._last = (0, 0)  # the last offset counted to, and the newlines before it
        self._counted = 0  # characters counted so far
        self._known: dict[int, int] = {}  # line -> start, of the lines positions fell on

    def _all_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        return self._starts

    def position(self, offset: int) -> tuple[int, int]:
        if self._starts is None and self._counted <= 2 * len(self.text):
            text = self.text
            last, newlines = self._last
            if offset >= last:
                newlines += text.count("\n", last, offset)
            else:
                newlines -= text.count("\n", offset, last)
            self._counted += abs(offset - last)
            self._last = (offset, newlines)
            start = self._known[newlines + 1] = text.rfind("\n", 0, offset) + 1
            return newlines + 1, offset - start + 1
        starts = self._all_starts()
        line = bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    def span(self, start: int, end: int) -> Span:
        return Span(*self.position(start), *self.position(end))

    @property
    def count(self) -> int:
        return len(self._starts) if self._starts is not None else self.text.count("\n") + 1

    def offset(self, line: int, column: int) -> int:
        """The text offset of a 1-based line and column (the inverse of `position`)."""
        return self._all_starts()[line - 1] + column - 1

    def _start(self, line: int) -> int | None:
        """Where a line starts (None past the last line): known from a position on it or on the next line."""
        if self._starts is None:
            start = self._known.get(line)
            if start is not None:
                return start
            after = self._known.get(line + 1)
            if after is not None and line >= 1:  # the line ends with the newline just before the next one
                return self.text.rfind("\n", 0, after - 1) + 1
        starts = self._all_starts()
        return starts[line - 1] if 1 <= line <= len(starts) else None

    def line_text(self, line: int) -> str:
        start = self._start(line)
        if start is None:
            return ""
        end = self.text.find("\n", start)
        return self.text[start:end if end >= 0 else len(self.text)].rstrip("\r")


class SparseLines(LineIndex):
    """Some lines of a file by number, answering `line_text` like a full index (other lines are blank)."""

    def __init__(self, lines: dict[int, str]) -> None:
        self.text = ""
        self._kept = lines

    def line_text(self, line: int) -> str:
        return self._kept.get(line, "")


class Locator:
    """Finds where a pointer's key or value stands; falls back to the nearest existing ancestor."""

    lines: LineIndex

    def span(self, pointer: str, *, key: bool = False) -> Span:
        raise NotImplementedError


_DECODER = json.JSONDecoder()
_JSON_SPACE = " \t\n\r"


class _Members:
    """A container's members read so far (key -> (key start, key end, value start, value end) of an object,
    (start, end) of each item of an array), and where the next one is read from (-1: all are read). `pending`:
    the member whose value starts at `at`, its end not worked out yet (-1 in its entry)."""

    __slots__ = ("found", "at", "pending")

    def __init__(self, found: dict[str, tuple[int, int, int, int]] | list[tuple[int, int]], at: int) -> None:
        self.found = found
        self.at = at
        self.pending: str | None = None


class JsonLocator(Locator):
    """A container's members are read on the first pointer into it, each once, only as far as the pointers need
    (all of an object's without `data`, as a key given twice counts where it is given last). Reading past a
    member needs where its value ends. `data`, the text's parsed value (given only when no key is duplicated,
    so its objects have as many members as the text), makes that cheaper: the last member of a container ends
    where the container does, and the others are decoded by the C decoder, which reads a character several
    times faster than the bracket scan that pairs every bracket of the text, used without `data`."""

    def __init__(self, text: str, data: Any = None, read: dict[int, _Members] | None = None) -> None:
        """`read`: the containers already read by `read_top`."""
        self.text = text
        self.lines = LineIndex(text)
        self._children: dict[int, _Members] = dict(read) if read else {}
        self._closes: dict[int, int] | None = None
        self._data = data
        self._ends: dict[int, int] = {}  # container start -> end, of those decoded

    def _value_end(self, start: int) -> int:
        char = self.text[start]
        if char in "{[":
            if self._data is not None:
                end = self._ends.get(start)
                if end is None:
                    try:
                        end = self._ends[start] = int(_DECODER.raw_decode(self.text, start)[1])
                    except (ValueError, RecursionError):
                        pass  # nested deeper than the decoder goes from here: the bracket scan has no such limit
                if end is not None:
                    return end
            if self._closes is None:
                self._closes = _matching_closes(self.text)
            return self._closes[start] + 1
        if char == '"':
            return int(_scanstring(self.text, start + 1)[1])
        match = _SCALAR.match(self.text, start)
        return match.end() if match and match.end() > start else start + 1

    def _end_before(self, close: int) -> int:
        """Where the value before `close` ends (white space skipped): the last member of a container whose
        closing bracket stands at `close`, or the whole value when `close` is the end of the text."""
        text = self.text
        while close > 0 and text[close - 1] in _JSON_SPACE:
            close -= 1
        return close

    def _members(self, pos: int) -> _Members:
        members = self._children.get(pos)
        if members is None:
            members = self._children[pos] = _Members({} if self.text[pos] == "{" else [], pos + 1)
        return members

    def _member(self, pos: int, key: str | None, node: Any = None, end: int = -1) -> tuple[int, int, int, int] | None:
        """The entry of `key` in the object at `pos` (None: it has none; a None key reads all members). `node`,
        the object's parsed value, and `end`, where it ends, when known."""
        members = self._members(pos)
        found = cast("dict[str, tuple[int, int, int, int]]", members.found)
        if key in found or members.at < 0:
            return found.get(key) if key is not None else None
        text = self.text
        if members.pending is not None:  # reading on: past the value whose end was left for later
            value_end = self._value_end(members.at)
            found[members.pending] = (*found[members.pending][:3], value_end)
            members.at, members.pending = value_end, None
        last = len(node) - 1 if end >= 0 and isinstance(node, dict) else -1  # the member ending at `end`
        member = _MEMBER.match(text, members.at)
        while member is not None and member.group(1) is not None:  # a key, until the closing brace
            raw = member.group(1)
            name = raw if "\\" not in raw else _scanstring(text, member.start(1))[0]
            value_start = member.end()
            if name == key and self._data is not None and len(found) != last and text[value_start] in "{[":
                # Going into it needs only where it starts; where it ends (a decoding of all of it) waits until
                # a pointer ends at it or goes past it.
                found[name] = (member.start(1) - 1, member.end(1) + 1, value_start, -1)
                members.at, members.pending = value_start, name
                return found[name]
            value_end = self._end_before(end - 1) if len(found) == last else self._value_end(value_start)
            found[name] = (member.start(1) - 1, member.end(1) + 1, value_start, value_end)
            if name == key and self._data is not None:
                members.at = value_end
                return found[name]
            member = _MEMBER.match(text, value_end)
        members.at = -1
        return found.get(key) if key is not None else None

    def _item(self, pos: int, index: int, node: Any = None, end: int = -1) -> tuple[int, int] | None:
        """The span of item `index` of the array at `pos` (None: it has none); `node` and `end` as `_member`'s."""
        members = self._members(pos)
        items = cast("list[tuple[int, int]]", members.found)
        if index < len(items) or members.at < 0:
            return items[index] if index < len(items) else None
        text = self.text
        last = len(node) - 1 if end >= 0 and isinstance(node, list) else -1
        i = _skip_space(text, members.at)
        while text[i] != "]":
            item_end = self._end_before(end - 1) if len(items) == last else self._value_end(i)
            items.append((i, item_end))
            i = _past_separator(text, item_end)
            if len(items) > index:
                members.at = i
                return items[index]
        members.at = -1
        return None

    def children(self, start: int) -> dict[str, tuple[int, int, int, int]] | list[tuple[int, int]]:
        """The container at offset `start`: key -> (key start, key end, value start, value end), or item ranges."""
        if self.text[start] == "{":
            self._member(start, None)
        else:
            self._item(start, len(self.text))  # more items than characters: all are read
        return self._children[start].found

    def offsets(self, pointer: str, *, key: bool = False) -> tuple[int, int]:
        text = self.text
        start = _skip_space(text, 0)
        node = self._data  # the parsed value at `start`, when known; then so is its end
        end = self._end_before(len(text)) if node is not None else -1
        key_range: tuple[int, int] | None = None
        for token in jp.split(pointer):
            if text[start] == "{":
                entry = self._member(start, token, node, end)
                if entry is None:
                    break
                key_range = (entry[0], entry[1])
                start, end = entry[2], entry[3] if entry[3] >= 0 else self._ends.get(entry[2], -1)
                node = node.get(token) if isinstance(node, dict) else None
            elif text[start] == "[":
                item = self._item(start, int(token), node, end) if token.isdigit() else None
                if item is None:
                    break
                key_range = None
                start, end = item
                node = node[int(token)] if isinstance(node, list) else None
            else:
                break
        else:
            if key and key_range is not None:
                return key_range
        if end < 0:
            end = self._value_end(start)
        return start, end

    def span(self, pointer: str, *, key: bool = False) -> Span:
        try:
            start, end = self.offsets(pointer, key=key)
        except (ValueError, IndexError, RecursionError):
            start, end = 0, 0
        return self.lines.span(start, end)


def read_top(text: str, decoder: json.JSONDecoder) -> tuple[Any, dict[int, _Members]]:
    """`decoder.decode(text)`, with the document's top container and the containers it holds (the `tools` array)
    read member by member here, their members' values by the decoder's C scanner: then where those members stand
    is known (for `JsonLocator`), which otherwise costs a second decoding of each tool to find where the next
    one starts. Raises on anything `decode` refuses, though not always as `decode` does: callers let `decode`
    say why."""
    read: dict[int, _Members] = {}
    value, end = _read(text, _skip_space(text, 0), decoder, read, 1)
    if _skip_space(text, end) != len(text):
        raise ValueError("extra data after the document")
    return value, read


def _read(text: str, pos: int, decoder: json.JSONDecoder, read: dict[int, _Members], depth: int) -> tuple[Any, int]:
    """The value at `pos` and where it ends; a container up to `depth` levels below is read member by member as
    the decoder reads it (its hook makes each object), and recorded in `read`."""
    if depth < 0 or text[pos] not in "{[":
        return cast("tuple[Any, int]", decoder.scan_once(text, pos))  # type: ignore[attr-defined]
    is_object = text[pos] == "{"
    closing = "}" if is_object else "]"
    entries: dict[str, tuple[int, int, int, int]] = {}
    items: list[tuple[int, int]] = []
    pairs: list[tuple[str, Any]] = []
    values: list[Any] = []
    i = _skip_space(text, pos + 1)
    if text[i] != closing:
        while True:
            if is_object:
                if text[i] != '"':
                    raise ValueError("expected a key")
                key, key_end = _scanstring(text, i + 1, True)
                colon = _skip_space(text, key_end)
                if text[colon] != ":":
                    raise ValueError("expected a colon")
                value_start = _skip_space(text, colon + 1)
                value, value_end = _read(text, value_start, decoder, read, depth - 1)
                pairs.append((key, value))
                entries[key] = (i, key_end, value_start, value_end)
            else:
                value, value_end = _read(text, i, decoder, read, depth - 1)
                values.append(value)
                items.append((i, value_end))
            i = _skip_space(text, value_end)
            if text[i] == closing:
                break
            if text[i] != ",":
                raise ValueError("expected a comma")
            i = _skip_space(text, i + 1)
    if is_object:
        read[pos] = _Members(entries, -1)
        return decoder.object_pairs_hook(pairs), i + 1
    read[pos] = _Members(items, -1)
    return values, i + 1


class YamlLocator(Locator):
    """Positions recorded while converting ruamel.yaml nodes: pointer -> (key span, value span)."""

    def __init__(self, text: str) -> None:
        self.lines = LineIndex(text)
        self.keys: dict[str, Span] = {}
        self.values: dict[str, Span] = {}

    def span(self, pointer: str, *, key: bool = False) -> Span:
        table = self.keys if key else self.values
        probe = pointer
        while True:
            found = table.get(probe) or self.values.get(probe)
            if found is not None:
                return found
            if not probe:
                return Span(1, 1, 1, 1)
            probe = probe.rsplit("/", 1)[0]
