"""Read one file into data plus a locator, or into a precise reason why it cannot be read.

Never raises for bad input: every failure becomes a `SourceProblem` naming the line and column.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp
from toollint.document.jsonc import blank_jsonc
from toollint.document.locate import JsonLocator, LineIndex, Locator, Span, SparseLines, YamlLocator

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_YAML_NODES = 1_000_000
MAX_DEPTH = 400
YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)
SUPPORTED_SUFFIXES = JSON_SUFFIXES + YAML_SUFFIXES


@dataclass
class SourceProblem:
    """Why a file could not be read. `rule` is parse-error or unreadable-file."""

    rule: str
    message: str
    line: int = 1
    column: int = 1


@dataclass
class Source:
    path: str
    text: str
    format: str  # "json" or "yaml"
    data: Any = None
    locator: Locator | None = None
    problem: SourceProblem | None = None
    suppressions: dict[int, list[str]] = field(default_factory=dict)
    documents: int = 1  # YAML documents in the file; several are read as a list of them
    _lines: LineIndex | None = field(default=None, repr=False, compare=False)

    def span(self, pointer: str, *, key: bool = False) -> Span:
        if self.locator is None:
            return Span(1, 1, 1, 1)
        return self.locator.span(pointer, key=key)

    def excerpt(self, numbers: set[int]) -> Source:
        """A light copy keeping only the text of these lines (others blank, so line numbers hold).

        Results of a large run keep what code frames need instead of every file's text, parsed data and index.
        """
        index = self.lines
        kept = {n: index.line_text(n) for n in sorted(numbers) if n >= 1}
        return Source(self.path, "\n".join(kept.values()), self.format, _lines=SparseLines(kept))

    @property
    def lines(self) -> LineIndex:
        if self.locator is not None:
            return self.locator.lines
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines


def format_for(path: str, raw: bytes = b"") -> str:
    """"json" or "yaml": by the name's suffix, else by the first character of the content (stdin, no suffix)."""
    lowered = path.lower()
    if lowered.endswith(YAML_SUFFIXES):
        return "yaml"
    if lowered.endswith(".json") or not raw:
        return "json"
    return "json" if raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[") else "yaml"


def read_stdin(display: str = "<stdin>") -> Source:
    """Read and parse standard input, sniffing JSON or YAML (the one reader `check`, `strictify` and `validate` share)."""
    import sys

    raw = sys.stdin.buffer.read()
    return parse_bytes(raw, display, format_for(display, raw))


def read_path(path: str, display: str | None = None) -> Source:
    display = display or path
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            return _failed(display, "", "unreadable-file",
                           f"not read: the file is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        return _failed(display, "", "unreadable-file", f"cannot read the file: {error.strerror or error}")
    return parse_bytes(raw, display, format_for(display, raw))


def parse_bytes(raw: bytes, display: str, fmt: str) -> Source:
    if len(raw) > MAX_FILE_BYTES:
        return _failed(display, "", "unreadable-file", f"not read: over the {MAX_FILE_BYTES:,}-byte limit")
    if b"\x00" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\x00")) + 1
        return _failed(display, "", "unreadable-file",
                       "not read: the file holds NUL bytes (binary or UTF-16?); tool definitions must be UTF-8 text",
                       line)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        return _failed(display, "", "unreadable-file",
                       f"not UTF-8: byte 0x{raw[error.start]:02x} cannot be decoded; save the file as UTF-8",
                       line, column)
    return parse_text(text, display, fmt)


def parse_text(text: str, display: str, fmt: str) -> Source:
    if fmt == "yaml":
        return _parse_yaml(text, display)
    return _parse_json(text, display)


def _failed(display: str, text: str, rule: str, message: str, line: int = 1, column: int = 1) -> Source:
    fmt = format_for(display)
    return Source(display, text, fmt, problem=SourceProblem(rule, message, line, column))


def _reject_constant(name: str) -> Any:
    raise _NonStandardConstant(name)


class _NonStandardConstant(ValueError):
    pass


def _parse_json(text: str, display: str) -> Source:
    source = Source(display, text, "json")
    try:
        source.data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        blanked = blank_jsonc(text)  # JSON with comments or trailing commas: read it, positions intact
        try:
            source.data = json.loads(blanked, parse_constant=_reject_constant) if blanked is not None else None
        except (json.JSONDecodeError, _NonStandardConstant, RecursionError):
            blanked = None
        if blanked is None:
            source.problem = SourceProblem("parse-error", f"invalid JSON: {error.msg}", error.lineno, error.colno)
            return source
        source.locator = JsonLocator(blanked)
        return source
    except _NonStandardConstant as error:
        match = re.search(rf"(?<![\w\"]){re.escape(str(error))}(?![\w\"])", text)
        line, column = LineIndex(text).position(match.start()) if match else (1, 1)
        source.problem = SourceProblem("parse-error", f"invalid JSON: {error} is not a JSON value", line, column)
        return source
    except RecursionError:
        source.problem = SourceProblem("parse-error", "not read: the JSON is nested too deeply to parse")
        return source
    source.locator = JsonLocator(text)
    return source


_SUPPRESSION = re.compile(r"#\s*toollint:\s*ignore\[([^\]]*)\]")


def _parse_yaml(text: str, display: str) -> Source:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    source = Source(display, text, "yaml")
    if _flow_depth(text) > MAX_DEPTH:
        source.problem = SourceProblem("parse-error", f"not read: the YAML is nested deeper than {MAX_DEPTH} levels")
        return source
    yaml = YAML(typ="rt")
    try:
        documents = list(yaml.load_all(text))
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        reason = " ".join(part for part in (error.context, error.problem) if part) or "invalid YAML"
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        source.problem = SourceProblem("parse-error", f"invalid YAML: {reason}", line, column)
        return source
    except RecursionError:
        source.problem = SourceProblem("parse-error", "not read: the YAML is nested too deeply to parse")
        return source
    except (YAMLError, ValueError, TypeError) as error:
        source.problem = SourceProblem("parse-error", f"invalid YAML: {error}")
        return source
    locator = YamlLocator(text)
    source.documents = len(documents)
    # Several documents (`---`, as in Kubernetes manifests) read as a list of them: pointers start /0, /1, ...
    root = documents if len(documents) > 1 else (documents[0] if documents else None)
    try:
        _check_expansion(root)
        source.data = _PlainYaml(locator).convert(root, "", 0)
    except _YamlTooBig as error:
        source.problem = SourceProblem("unreadable-file", str(error))
        return source
    source.locator = locator
    for number, line in enumerate(text.splitlines(), start=1):
        if "toollint" in line:
            match = _SUPPRESSION.search(line)
            if match:
                source.suppressions[number] = [name.strip() for name in match.group(1).split(",") if name.strip()]
    return source


class _YamlTooBig(Exception):
    pass


_FLOW_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]')


def _flow_depth(text: str) -> int:
    """Deepest nesting of YAML flow collections ([...] and {...}), found before the recursive parser sees it."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    for match in _FLOW_TOKENS.finditer(text):
        token = match.group(0)
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth = max(0, depth - 1)
    return deepest


def _check_expansion(root: Any) -> None:
    """Reject a tree whose aliases expand past MAX_YAML_NODES; counts shared nodes once per use, memoized by identity."""
    sizes: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if not isinstance(node, (dict, list)) or (id(node) in sizes and not children_done):
            continue
        children = list(node.values()) if isinstance(node, dict) else list(node)
        if not children_done:
            sizes[id(node)] = -1  # in progress: a recursive alias
            stack.append((node, True))
            stack.extend((child, False) for child in children
                         if isinstance(child, (dict, list)) and id(child) not in sizes)
            continue
        total = 1
        for child in children:
            total += max(sizes.get(id(child), 1), 1) if isinstance(child, (dict, list)) else 1
            if total > MAX_YAML_NODES:
                raise _YamlTooBig(f"not read: the YAML expands to more than {MAX_YAML_NODES:,} nodes "
                                  "(an alias bomb?)")
        sizes[id(node)] = total


class _PlainYaml:
    """Convert ruamel.yaml's round-trip tree to plain JSON data, recording positions.

    Guards against alias bombs (expansion budget), recursive aliases and runaway nesting.
    """

    def __init__(self, locator: YamlLocator) -> None:
        self.locator = locator
        self.budget = MAX_YAML_NODES
        self.active: set[int] = set()

    def convert(self, node: Any, pointer: str, depth: int) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise _YamlTooBig(f"not read: the YAML expands to more than {MAX_YAML_NODES:,} nodes "
                              "(an alias bomb?)")
        if depth > MAX_DEPTH:
            raise _YamlTooBig(f"not read: the YAML is nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, dict):
            return self._mapping(node, pointer, depth)
        if isinstance(node, list):
            return self._sequence(node, pointer, depth)
        return _scalar(node)

    def _enter(self, node: Any) -> None:
        if id(node) in self.active:
            raise _YamlTooBig("not read: the YAML holds a recursive alias")
        self.active.add(id(node))

    def _mapping(self, node: Any, pointer: str, depth: int) -> dict:
        self._enter(node)
        result: dict[str, Any] = {}
        lc = getattr(node, "lc", None)
        for key, value in node.items():
            name = key if isinstance(key, str) else json.dumps(_scalar(key), ensure_ascii=False)
            child = jp.join(pointer, name)
            if lc is not None:
                try:
                    kl, kc = lc.key(key)
                    self.locator.keys[child] = Span(kl + 1, kc + 1, kl + 1, kc + 1 + len(name))
                    vl, vc = lc.value(key)
                    self.locator.values[child] = Span(vl + 1, vc + 1, vl + 1, vc + 1 + _width(value))
                except (KeyError, TypeError, AttributeError):
                    pass
            result[name] = self.convert(value, child, depth + 1)
        self.active.discard(id(node))
        return result

    def _sequence(self, node: Any, pointer: str, depth: int) -> list:
        self._enter(node)
        result = []
        lc = getattr(node, "lc", None)
        for index, value in enumerate(node):
            child = jp.join(pointer, index)
            if lc is not None:
                try:
                    line, column = lc.item(index)
                    self.locator.values[child] = Span(line + 1, column + 1, line + 1, column + 1 + _width(value))
                except (KeyError, TypeError, AttributeError):
                    pass
            result.append(self.convert(value, child, depth + 1))
        self.active.discard(id(node))
        return result


def _width(value: Any) -> int:
    if isinstance(value, (dict, list)):
        return 1
    return max(1, len(str(value)))


def _scalar(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, str):
            return str(value)
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            return float(value)
        return value
    return str(value)
