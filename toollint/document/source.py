"""Read one file into data plus a locator, or into a precise reason why it cannot be read.

Never raises for bad input: every failure becomes a `SourceProblem` naming the line and column.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp
from toollint.document.irregular import TrackingDecoder, locate, long_integer_position, may_hold_surrogates
from toollint.document.jsonc import blank_jsonc
from toollint.document.locate import JsonLocator, LineIndex, Locator, Span, SparseLines, YamlLocator
from toollint.lazy_regex import lazy_compile
from toollint.safeio import NotRegular, read_regular
from toollint.terminal import shown

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_YAML_NODES = 1_000_000
MAX_DEPTH = 400
YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)
PYTHON_SUFFIXES = (".py",)
SUPPORTED_SUFFIXES = JSON_SUFFIXES + YAML_SUFFIXES + PYTHON_SUFFIXES


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
    format: str  # "json", "yaml" or "python" (tools derived from source: toollint.pysource)
    data: Any = None
    locator: Locator | None = None
    problem: SourceProblem | None = None
    suppressions: dict[int, list[str]] = field(default_factory=dict)
    documents: int = 1  # YAML documents in the file; several are read as a list of them
    duplicate_keys: list[str] = field(default_factory=list)  # pointers of keys given twice (JSON; last wins)
    non_finite: list[str] = field(default_factory=list)  # pointers of Infinity/NaN numbers (1e999, .inf, .nan)
    # Parts of tools derived from Python that are computed at run time (`annotations=read_only(...)`): rules
    # must not read their absence as a fact.
    unknown: frozenset[str] = frozenset()
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
    def irregularity(self) -> str | None:
        """"LINE:COLUMN: why" for the first duplicate key or non-finite number, for the features that must
        refuse such a file (strictify would drop a value or write invalid JSON; the boundary would validate
        against a schema nobody reviewed)."""
        for pointers, why in ((self.duplicate_keys, "the key {name!r} is given twice in one object"),
                              (self.non_finite, "`{name}` is not a finite number (Infinity or NaN has no JSON form)")):
            if pointers:
                span = self.span(pointers[0], key=True)
                name = jp.split(pointers[0])[-1]
                return f"{span.line}:{span.column}: " + why.format(name=name)
        return None

    @property
    def lines(self) -> LineIndex:
        if self.locator is not None:
            return self.locator.lines
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines


def format_for(path: str, raw: bytes = b"") -> str:
    """"json", "yaml" or "python": by the name's suffix, else by the first character of the content (stdin, no
    suffix)."""
    lowered = path.lower()
    if lowered.endswith(YAML_SUFFIXES):
        return "yaml"
    if lowered.endswith(PYTHON_SUFFIXES):
        return "python"
    if lowered.endswith(".json") or not raw:
        return "json"
    return "json" if raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[") else "yaml"


def read_stdin(display: str = "<stdin>") -> Source:
    """Read and parse standard input, sniffing JSON or YAML (the one reader `check`, `strictify` and `validate` share)."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None or stream.closed:
        return _failed(display, "", "unreadable-file", "not read: standard input is closed")
    raw = stream.read(MAX_FILE_BYTES + 1)
    return parse_bytes(raw, display, format_for(display, raw))


def read_path(path: str, display: str | None = None) -> Source:
    display = display or path
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            return _failed(display, "", "unreadable-file",
                           f"not read: the file is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit")
        raw = read_regular(path, MAX_FILE_BYTES)
    except NotRegular as error:
        return _failed(display, "", "unreadable-file", str(error))
    except OSError as error:
        return _failed(display, "", "unreadable-file", f"cannot read the file: {error.strerror or error}")
    return parse_bytes(raw, display, format_for(display, raw), path)


def parse_bytes(raw: bytes, display: str, fmt: str, path: str | None = None) -> Source:
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
    return parse_text(text, display, fmt, path)


def parse_text(text: str, display: str, fmt: str, path: str | None = None) -> Source:
    """`path`: where the file lies, for Python sources that import from their own project."""
    if fmt == "yaml":
        return _parse_yaml(text, display)
    if fmt == "python":
        from toollint.pysource import read_python

        return read_python(text, display, path)
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
    decoder = TrackingDecoder()
    try:
        source.data, read = decoder.loads_and_read(text, _reject_constant)
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
        source.locator.lines = LineIndex(text)  # blanking keeps every offset: frames and fixes see the comments
        source.suppressions = suppressions_in(text, "json", blanked)
        return source
    except _NonStandardConstant as error:
        match = re.search(rf"(?<![\w\"]){re.escape(str(error))}(?![\w\"])", text)
        line, column = LineIndex(text).position(match.start()) if match else (1, 1)
        source.problem = SourceProblem("parse-error", f"invalid JSON: {error} is not a JSON value", line, column)
        return source
    except RecursionError:
        source.problem = SourceProblem("parse-error", "not read: the JSON is nested too deeply to parse")
        return source
    except ValueError:  # CPython's limit on converting long integer literals
        source.problem = _too_long_number(text)
        return source
    # With a duplicated key an object has fewer members than its text: the locator is then not given the data.
    source.locator = JsonLocator(text, source.data if not decoder.duplicates else None, read)
    _note_irregularities(source, decoder.duplicates, numbers=decoder.overflow)
    return source


def _too_long_number(text: str) -> SourceProblem:
    position = long_integer_position(text)
    line, column = LineIndex(text).position(position) if position is not None else (1, 1)
    return SourceProblem("parse-error", "a number literal is too long: more than 4,300 digits", line, column)


def _note_irregularities(source: Source, duplicates: list[tuple[int, str]], *, numbers: bool) -> None:
    """Record duplicate keys and non-finite numbers for the linter; a lone surrogate is a parse error."""
    surrogates = may_hold_surrogates(source.text, source.format)
    if not (duplicates or numbers or surrogates):
        return
    found = locate(source.data, duplicates, numbers=numbers, surrogates=surrogates)
    source.duplicate_keys, source.non_finite = found.duplicate_keys, found.non_finite
    if found.lone_surrogates:
        span = source.span(found.lone_surrogates[0])
        source.problem = SourceProblem(
            "parse-error", "a string holds an unpaired UTF-16 surrogate escape (such as \\ud800); it is not text "
            "and cannot be written as UTF-8: remove it or complete the pair", span.line, span.column)
        source.data, source.locator = None, None


# `# toollint: ignore[rule, ...]` in YAML and Python; `// ...` or `/* ... */` in JSON with comments.
SUPPRESSION = lazy_compile(r"(#|//|/\*)\s*toollint:\s*ignore\[([^\]]*)\](?:\s*\*/)?")


def suppressions_in(text: str, fmt: str, blanked: str | None = None) -> dict[int, list[str]]:
    """Line -> rule names of every suppression comment. JSON has comments only as JSONC: a suppression there
    counts where `blanked` (the text with comments blanked) shows a comment, never inside a string."""
    found: dict[int, list[str]] = {}
    if "toollint" not in text or (fmt == "json" and blanked is None):
        return found
    blanked_lines = blanked.splitlines() if blanked is not None else None
    for number, line in enumerate(text.splitlines(), start=1):
        if "toollint" not in line:
            continue
        match = SUPPRESSION.search(line)
        if match is None or (match.group(1) == "#") == (fmt == "json"):
            continue
        if blanked_lines is not None and blanked_lines[number - 1][match.start():match.start() + 2].strip():
            continue  # `// toollint: ...` inside a JSON string, not a comment
        found[number] = [name.strip() for name in match.group(2).split(",") if name.strip()]
    return found


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
        reason = shown(" ".join(part for part in (error.context, error.problem) if part) or "invalid YAML", 300)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        source.problem = SourceProblem("parse-error", f"invalid YAML: {reason}", line, column)
        return source
    except RecursionError:
        source.problem = SourceProblem("parse-error", "not read: the YAML is nested too deeply to parse")
        return source
    except (AssertionError, KeyError) as error:  # ruamel asserts on a %YAML directive it does not support
        # (1.3); one in the middle of a mapping is a KeyError from its version table (review 2, item 10)
        line = next((n for n, row in enumerate(text.splitlines(), 1) if row.startswith("%YAML")), 0)
        if not line:
            raise YAMLError(f"unexpected {type(error).__name__}") from None  # not the directive: a plain error
        directive = text.splitlines()[line - 1].strip()[:40]
        source.problem = SourceProblem("parse-error", f"invalid YAML: unsupported directive {directive!r}; "
                                       "use %YAML 1.2 or leave it out", line)
        return source
    except ValueError as error:
        source.problem = (_too_long_number(text) if "digits" in str(error)
                          else SourceProblem("parse-error", f"invalid YAML: {shown(str(error), 300)}"))
        return source
    except (YAMLError, TypeError) as error:
        source.problem = SourceProblem("parse-error", f"invalid YAML: {shown(str(error), 300)}")
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
    except ValueError:  # an integer (decimal or hex) past CPython's 4,300-digit conversion limit
        source.problem = _too_long_number(text)
        return source
    source.locator = locator
    _note_irregularities(source, [], numbers=bool(_MAYBE_NON_FINITE.search(text)))
    if source.problem is not None:
        return source
    source.suppressions = suppressions_in(text, "yaml")
    return source


class _YamlTooBig(Exception):
    pass


_MAYBE_NON_FINITE = lazy_compile(r"\.(?:inf|nan)\b|[eE]\+?[0-9]{3}", re.IGNORECASE)
MAX_YAML_BYTES = 4 * MAX_FILE_BYTES  # what aliases may expand to: scalars count by length, once per use


_FLOW_TOKENS = lazy_compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]')


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
    """Reject a tree whose aliases expand past MAX_YAML_NODES nodes or MAX_YAML_BYTES bytes of scalars (a
    100 KB string aliased 100,000 times is few nodes but 10 GB); shared nodes count once per use, memoized."""
    sizes: dict[int, tuple[int, int]] = {}  # id -> (nodes, bytes) once expanded
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if not isinstance(node, (dict, list)) or (id(node) in sizes and not children_done):
            continue
        children = list(node.values()) if isinstance(node, dict) else list(node)
        if not children_done:
            sizes[id(node)] = (-1, 0)  # in progress: a recursive alias
            stack.append((node, True))
            stack.extend((child, False) for child in children
                         if isinstance(child, (dict, list)) and id(child) not in sizes)
            continue
        total, size = 1, sum(_scalar_bytes(key) for key in node) if isinstance(node, dict) else 0
        for child in children:
            if isinstance(child, (dict, list)):
                nodes, child_bytes = sizes.get(id(child), (1, 0))
                total, size = total + max(nodes, 1), size + child_bytes
            else:
                total, size = total + 1, size + _scalar_bytes(child)
            if total > MAX_YAML_NODES:
                raise _YamlTooBig(f"not read: the YAML expands to more than {MAX_YAML_NODES:,} nodes "
                                  "(an alias bomb?)")
            if size > MAX_YAML_BYTES:
                raise _YamlTooBig(f"not read: the YAML's aliases expand to more than {MAX_YAML_BYTES:,} bytes "
                                  "(an alias bomb?)")
        sizes[id(node)] = (total, size)
    expanded = sizes.get(id(root), (0, 0))[0]
    if is_dag_bomb(len(sizes), expanded):
        raise _YamlTooBig(f"not read: the YAML's aliases expand {len(sizes):,} nodes to {expanded:,} (a DAG of shared "
                          "anchors); write a shared part once under `$defs` and refer to it with `$ref`")


DAG_NODES = 10_000  # an expansion this large ...
DAG_RATIO = 100  # ... that many times the distinct nodes is a DAG of shared parts, not reuse (review 2, lower items)


def is_dag_bomb(distinct: int, expanded: int) -> bool:
    """Whether shared nodes multiply a document past what reuse does: every path of such a DAG is checked and
    validated on its own, which takes exponential time (14 levels of shared `anyOf`: 7 s and 32,767 findings)."""
    return expanded > DAG_NODES and expanded > DAG_RATIO * max(distinct, 1)


def _scalar_bytes(value: Any) -> int:
    return len(value) if isinstance(value, str) else 8


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
        if isinstance(node, AbstractSet):  # YAML `!!set {a, b}`: its members, in order (JSON has no sets)
            return [_scalar(member) for member in node]
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
