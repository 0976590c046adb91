"""Helpers more than one rule family uses: an edit distance, how a place is named in a message, where a node sits
relative to its tool and to the wire, which tools are strict for which target, the words of a description once
the set's shared preamble is set aside (descriptions, names), regex scans tried only where a literal starts
(descriptions, parameters), and the `x-mcp-header`s of a tool (provider-api, safety). One home, so no check
imports another check module's private names (tests/linter/test_rule_homes.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.context import Context, node_label
from toollint.linter.textstats import latin_words, stem
from toollint.profiles.tool_apis import construct
from toollint.schema.walk import SchemaNode, walk
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


# --- the words of a description (vague-description, ambiguous-sibling-tools) ------------------------------------


def content_words(text: str, stopwords: frozenset[str]) -> list[str]:
    """Stemmed Latin words of a text that are not stopwords or numbers."""
    return [s for s in (stem(w) for w in latin_words(text)) if s not in stopwords and not s[0].isdigit()]


_SENTENCE_END = lazy_compile(r"[.:;!?。：；！？]")


def _shared_prefix(tools: list[Tool]) -> dict[int, int]:
    """For each tool (by index), the length of the leading sentences it shares with at least 3 tools and a third
    of the set: the boilerplate preamble ("This tool belongs to the X system... Tool description:").

    A prefix ends after a sentence mark. Sentence by sentence: the texts whose first k sentences are shared group
    by their first k+1; a text drops out at its first prefix too few others share, as no longer one can be shared
    more. Most sets share nothing, and then only each first sentence is looked at."""
    texts = [t.description if isinstance(t.description, str) else "" for t in tools]
    needed = max(3, len(tools) // 3)
    result: dict[int, int] = {}
    active = dict.fromkeys(range(len(texts)), 0)  # text index -> end of its prefix shared so far
    while active:
        groups: dict[str, list[int]] = {}
        whole: list[int] = []  # texts that end with this sentence: shared if as many others start with them
        for index, start in active.items():
            text = texts[index]
            found = _SENTENCE_END.search(text, start)
            if found is None:
                continue
            if found.end() == len(text):
                whole.append(index)
            else:
                groups.setdefault(text[:found.end()], []).append(index)
        for index in whole:
            if len(groups.get(texts[index], ())) >= needed:
                result[index] = len(texts[index])
        active = {}
        for prefix, members in groups.items():
            if len(members) >= needed:
                for index in members:
                    result[index] = active[index] = len(prefix)
    return result


def own_words(description: str, tools: list[Tool], ctx: Context) -> str:
    """A tool's description without the preamble the whole set shares. The cuts are worked out once per set and
    kept on the file's `Context` (a module global would keep the last file's tools alive, and free them in the
    middle of the next file's checks)."""
    if len(tools) < 3:
        return description
    cuts: dict[int, int] = ctx.cached(("shared-prefix", id(tools)), lambda: {
        id(t.definition.get("description")): n for i, n in _shared_prefix(tools).items() for t in (tools[i],)})
    cut = cuts.get(id(description), 0)
    return description[cut:].strip() if cut else description


# --- regex scans tried only where a cue starts (description-names-unknown-parameter, values-only-in-prose) ------


def space_before(low: str, end: int) -> int:
    """Where the run of white space that ends at `end` starts (`end` itself when there is none)."""
    while end > 0 and low[end - 1].isspace():
        end -= 1
    return end


def literal_starts(literals: re.Pattern[str], low: str) -> Iterator[int]:
    """Every position, ascending, where the alternation of literals `literals` matches in `low`, overlaps
    included. Such a regex (no IGNORECASE, no `\\b`) is scanned quickly."""
    found = literals.search(low)
    while found is not None:
        yield found.start()
        found = literals.search(low, found.start() + 1)


def finditer_at(pattern: re.Pattern[str], text: str, starts: Iterator[int]) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern whose every match begins at one of `starts` (ascending): the
    pattern is tried only there instead of at every position of the text."""
    end = 0
    for start in starts:
        if start >= end:
            match = pattern.match(text, start)
            if match is not None:
                yield match
                end = match.end()


# --- `x-mcp-header` (invalid-mcp-header, mcp-header-on-secret) ----------------------------------------------------


def mcp_headers(tool: Tool) -> list[tuple[str, Any, dict[str, Any], bool]]:
    """(pointer, value, property schema, statically reachable) for every `x-mcp-header` in the input schema.
    Reachable: the root's own properties, and properties of properties, without `$ref` or combinators between."""
    keyword = construct("mcp_header")["keyword"]
    found = []
    for node in walk(tool.schema, tool.schema_pointer):
        if isinstance(node.schema, dict) and keyword in node.schema:
            reachable = True
            current = node
            while current.parent is not None:
                if current.via != "properties":
                    reachable = False
                current = current.parent
            found.append((jp.join(node.pointer, keyword), node.schema[keyword], node.schema, reachable))
    return found


def file_has_mcp_headers(ctx: Context) -> bool:
    """Whether the file may hold an `x-mcp-header` (one search per file, not per tool): most tools carry none,
    so their schemas are not walked. A source without text (a live listing) is walked."""
    return bool(ctx.cached("x-mcp-header", lambda: "x-mcp-header" in (ctx.source.text or "x-mcp-header")))
