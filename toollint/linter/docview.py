"""What a tool's description says about each of its parameters, wherever the author wrote it.

FastMCP-style servers (mcp 1.x `FastMCP`, mcp 2.x `MCPServer`, standalone `fastmcp`) send the whole docstring as
the tool description and give each property only a `title`, so `Args:\\n    weight: Parcel weight in kg` is often
the only place a unit, a format, an example or the allowed values are written. Every text rule reads a parameter
through this view, so none of them reports as missing what the docstring says.

The parameter section is read in every common form:
- NumPy `Parameters` + `----------` and Sphinx `:param x:` / `:type x:`, parsed by docstring-parser (a maintained
  parser; one call per style that the text shows);
- Google `Args:` / `Arguments:` / `Parameters:`, Markdown lists (`- x: ...`, ``- `x` (type): ...``,
  `* **x** - ...`) and Chinese sections (`参数：`, `参数说明`), by the line scanner below. docstring-parser reads
  Google sections too, but on the 537 described sections of the shared corpus and the dev set it read 504 as
  the scanner does and nothing, or raised, on 29 of the other 33: indented or upper-case headers (`  Args:`,
  `PARAMETERS:`), bulleted entries, and sections it rejects as malformed (`bench/docview_agreement.py`);
- a section written on the description's one line (`Price a decklist. Args: decklist: one card per line. format:
  ...`), each parameter's name and a colon opening its entry;
- and, with no header at all, a line that begins with a parameter's exact name and a colon (`status : open|done`).

Other sentences of the description that name a parameter are its `mentions`: they may say its unit or an example,
so rules use them to stay quiet, never to report. The view is built once per tool, on first use: most tools never
need it, as their rules settle a parameter on its name and schema alone.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.schema.walk import SchemaNode

# Parameters a framework takes from the signature but never sends: documented, yet no property.
FRAMEWORK_NAMES = frozenset({"ctx", "context", "self", "cls", "args", "kwargs", "request", "req", "info"})

def _has_header_word(low: str) -> bool:
    """Whether the text, lower-cased, holds `arg`, `param`, `input` or 参数 (參數), one of which every section
    header holds."""
    return "arg" in low or "param" in low or "input" in low or "参数" in low or "參數" in low


# The bullet patterns begin with the newline before the line, and are searched in the text with one put in front:
# the regex engine jumps from one newline to the next, where a MULTILINE `^` is tried at every position.
_BULLET_LINE = lazy_compile(r"\n[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]")
_NUMPY = lazy_compile(r"^[ \t]*(?:parameters|other\s+parameters)[ \t]*\n[ \t]*-{3,}[ \t]*$", re.IGNORECASE | re.MULTILINE)
# A header that opens a parameter list in Markdown or Chinese: `Parameters:`, `## Arguments`, `**Inputs:**`, `参数：`
# (in traditional script `參數：`).
_HEADER = lazy_compile(
    r"^[ \t>]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?(?:args|arguments|parameters|params|keyword\s+args|inputs?|"
    r"input\s+parameters|request\s+parameters|parameter\s+details|参数(?:说明|列表|描述)?|输入参数|请求参数|"
    r"參數(?:說明|列表|描述)?|輸入參數|請求參數)"
    r"[ \t]*(?:\*\*|__)?[ \t]*[:：]?[ \t]*(?:\*\*|__)?[ \t]*$", re.IGNORECASE | re.MULTILINE)
# Any other header closes a section: `Returns:`, `Example:`, `## Notes`, `返回：`.
_OTHER_HEADER = lazy_compile(r"^[ \t>]*(?:#{1,6}[ \t]+\S.*|(?:\*\*|__)?[^\s:：][^:：]{0,40}[:：](?:\*\*|__)?)[ \t]*$")
# One entry: an optional bullet, the name (plain, in backticks or bold; or a few names that share the entry,
# `t0, t1: window bounds`, `query / body: base parameters`), an optional type, then `:` or a dash.
_ENTRY = lazy_compile(
    r"^(?P<indent>[ \t]*)(?P<bullet>(?:[-*•+]|\d{1,2}[.)])[ \t]+)?(?:\*\*|__|`)?"
    r"(?P<name>[A-Za-z_$][\w$.\-]{0,63}(?:(?:,[ \t]*|[ \t]+/[ \t]+)[A-Za-z_$][\w$.\-]{0,63}){0,3})"
    r"(?:`|\*\*|__)?[ \t]*(?:[(（](?P<type>[^()（）\n]{0,80}(?:\([^()\n]{0,40}\)[^()（）\n]{0,40})?)[)）]|"
    r"\[(?P<type2>[^\]\n]{0,60})\])?[ \t]*(?:`|\*\*|__)?"
    r"(?:[:：](?!//)(?:\*\*|__)?|[ \t][-–—][ \t]|[ \t]*$)[ \t]*(?P<text>.*)$")
# (A colon before `//` is a URL's: a wrapped `https://zettelkasten.de` line opens no entry named `https`.)
# A bulleted entry anywhere: `- city: 城市名称`, ``* `owner` (string): ...``.
_BULLET = lazy_compile(
    r"\n[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(?:\*\*|__|`)?(?P<name>[A-Za-z_$][\w$.\-]{0,63})(?:`|\*\*|__)?[ \t]*"
    r"(?:[(（][^()（）\n]{0,80}[)）]|\[[^\]\n]{0,60}\])?[ \t]*(?:`|\*\*|__)?(?:[:：](?!//)(?:\*\*|__)?|[ \t][-–—][ \t])"
    r"[ \t]*(?P<text>\S.*)$", re.MULTILINE)
# Where a description's sentences (and lines) end: what the identifier rule cuts it into.
SENTENCE_BREAK = lazy_compile(r"(?<=[.!?;。！？；])\s+|\n")
# Where a sentence ends once soft-wrapped lines are joined (`mentions`).
_SENTENCE_END = lazy_compile(r"(?<=[.!?;。！？；])\s+")
# A line that starts a block of its own (a bullet, a numbered item, a header, a table row, a `name:` entry), so the
# line before it ends there even with no full stop.
_BLOCK_START = lazy_compile(r"[ \t]*(?:[-*•+>#|]|\d{1,2}[.)][ \t]|[A-Za-z_$][\w$.\-]{0,40}[ \t]*[:：=])")
_LINE_ENDS_SENTENCE = (".", "!", "?", ";", ":", "。", "！", "？", "；", "：")


def sentences(text: str) -> list[str]:
    """The sentences of a text, its soft-wrapped lines joined first: a docstring wraps a sentence over lines
    ("wait=S long-polls up to S\n    seconds"), and the unit or the example that settles a parameter is often on
    the next line."""
    if "\n" not in text:
        return _SENTENCE_END.split(text)
    lines: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        last = lines[-1] if lines else ""
        if stripped and last.strip() and not last.rstrip().endswith(_LINE_ENDS_SENTENCE) and \
                not _BLOCK_START.match(line):
            lines[-1] = f"{last.rstrip()} {stripped}"
        else:
            lines.append(line)
    return [part for line in lines for part in _SENTENCE_END.split(line)]


@dataclass(frozen=True)
class ParamDoc:
    """One parameter's entry in a parameter section: its text (continuation lines joined), its written type, and
    whether one entry documents several names (`t0, t1: window bounds`, `t0 / t1`, NumPy's `lon, lat : str`), so that what it
    says of a value may be of another of them."""

    text: str
    type_name: str | None = None
    shared: bool = False


@dataclass
class ToolDocs:
    """The parameter sections of one tool description, and the rest of it (`prose`)."""

    entries: dict[str, ParamDoc] = field(default_factory=dict)
    # Names given entries inside a section that a header opens (so they were meant as this tool's parameters).
    sectioned: tuple[str, ...] = ()
    prose: str = ""
    _mentions: dict[str, str] = field(default_factory=dict)

    def entry(self, name: str) -> ParamDoc | None:
        found = self.entries.get(name)
        if found is None and self.entries:
            found = self.entries.get(name.lower()) or next(
                (doc for key, doc in self.entries.items() if key.lower() == name.lower()), None)
        return found

    def mentions(self, name: str) -> str:
        """The sentences of the prose (outside the sections) that name the parameter, as a whole word."""
        found = self._mentions.get(name)
        if found is None:
            found = ""
            if len(name) >= 3 and name.lower() in self._low:
                word = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])", re.IGNORECASE)
                found = "\n".join(s for s in self._sentences if word.search(s))
            self._mentions[name] = found
        return found

    # The prose lower-cased and cut into sentences once, for `mentions`: each of the tool's parameters asks, and
    # the prose can be the whole description. (Read only after `parse` has set the prose.)
    @cached_property
    def _low(self) -> str:
        return self.prose.lower()

    @cached_property
    def _sentences(self) -> list[str]:
        return sentences(self.prose)


_EMPTY = ToolDocs()


def parse(description: Any, names: tuple[str, ...] = ()) -> ToolDocs:
    """The parameter sections of a tool description (empty when it has none). `names`: the tool's top-level
    parameters, whose `name: text` lines are entries even with no header above them."""
    if not isinstance(description, str) or ("\n" not in description and ":param" not in description):
        if isinstance(description, str) and names and _has_header_word(description.lower()):
            return _inline_section(description, names)  # `... Args: decklist: one card per line. format: ...`
        return ToolDocs(prose=description if isinstance(description, str) else "")  # one line holds no other section
    docs = ToolDocs(prose=description)
    low = description.lower()
    header_word = _has_header_word(low)
    if not header_word and _BULLET_LINE.search("\n" + description) is None:
        _scan_named_lines(description, names, docs)  # no header or bullet: only `name: text` lines can be entries
        return docs
    styles = (("sphinx",) if ":param" in description else ()) + \
        (("numpy",) if "---" in description and _NUMPY.search(description) else ())
    if styles:
        _parse_with_docstring_parser(inspect.cleandoc(description), styles, docs)
    lines = description.split("\n") if header_word else []
    starts = _header_lines(lines, low.split("\n") if lines and description.isascii() else None)
    if starts:  # the scanner compares indentation line by line, so the text needs no `cleandoc`
        spans: list[tuple[int, int]] = []
        _scan_lists(starts, lines, docs, spans)
        inside = {number for start, end in spans for number in range(start, end)}
        docs.prose = "\n".join(line for number, line in enumerate(lines) if number not in inside)
    _scan_bullets(docs.prose, docs)  # bulleted entries outside any section: `- city: 城市名称`
    _scan_named_lines(docs.prose, names, docs)  # `status  : pending|active|done` with no header above it
    return docs


# The header of a parameter section written on the description's one line: "Price a decklist. Args: decklist: ...".
_INLINE_HEADER = lazy_compile(r"(?:^|(?<=[\s.;。]))(?:args|arguments|parameters|params|参数|參數)[ \t]*[:：][ \t]*",
                              re.IGNORECASE)
# What follows a parameter's name for it to open its entry on such a line: a colon (the name maybe in backticks).
_INLINE_COLON = lazy_compile(r"`?[ \t]*[:：][ \t]*")


def _inline_section(description: str, names: tuple[str, ...]) -> ToolDocs:
    """The entries of a one-line parameter section: after the header, each of the tool's parameter names followed by
    a colon opens an entry that runs to the next one (`Args: decklist: '4 Lightning Bolt' per line. format:
    standard/modern.`). The section must open with an entry; otherwise the line is prose."""
    docs = ToolDocs(prose=description)
    header = _INLINE_HEADER.search(description)
    if header is None:
        return docs
    opened: list[tuple[int, int, str]] = []  # (name start, text start, name)
    for name in names:
        at = description.find(name, header.end())
        while at >= 0:
            colon = _INLINE_COLON.match(description, at + len(name))
            if colon is not None and (at == header.end() or description[at - 1] in " \t`。；，"):
                opened.append((at, colon.end(), name))
                break
            at = description.find(name, at + 1)
    opened.sort()
    if not opened or description[header.end():opened[0][0]].strip("`"):
        return docs  # "Args: see the schema. ..."
    for number, (_, text_start, name) in enumerate(opened):
        end = opened[number + 1][0] if number + 1 < len(opened) else len(description)
        docs.entries[name] = ParamDoc(description[text_start:end].strip().rstrip("`").strip())
    docs.sectioned = tuple(name for _, _, name in opened)
    docs.prose = description[:header.start()].rstrip()
    return docs


def _scan_named_lines(text: str, names: tuple[str, ...], docs: ToolDocs) -> None:
    """Lines outside any section that begin with a parameter's exact name and a colon (`order : recent |
    priority`, `city：城市名称`): entries by the name alone, so a line such as `Note: ...` is one only for a
    parameter named `Note`. Not `sectioned`: no header says the lines are this tool's parameter list. Found with
    `str.find` on each name the text holds (one pattern for every name, none compiled per name)."""
    for name in names:
        if name in docs.entries:
            continue
        start = text.find(name)
        while start >= 0:
            line = text.rfind("\n", 0, start) + 1
            if not text[line:start].strip(" \t`"):
                match = _AFTER_NAME.match(text, start + len(name))
                if match is not None:
                    docs.entries[name] = ParamDoc(_with_continuation(text, match, start - line))
                    break
            start = text.find(name, start + 1)


# What follows a parameter's name at the start of a line for the line to be its entry: `: text`, `` `：text``.
_AFTER_NAME = lazy_compile(r"`?[ \t]*[:：][ \t]*(\S[^\n]*)")


def _with_continuation(text: str, match: re.Match[str], indent: int) -> str:
    """A named line's entry, with the lines below it when the line ends on a joiner (`synth_type: 'a' (...), 'b'
    (...),` then `            'c' (...)`, or `or "both" (...)` at the name's own indent), up to a blank line, a line
    left of the name, or the next entry. (A line that ends a sentence ends the entry: what follows it is read as
    prose, as before.)"""
    parts = [match.group(1).strip()]
    if not ends_on_joiner(parts[0]):
        return parts[0]
    at = match.end()
    while at < len(text) and text[at] == "\n":
        end = text.find("\n", at + 1)
        end = len(text) if end < 0 else end
        line = text[at + 1:end]
        body = line.lstrip(" \t")
        if not body or len(line) - len(body) < indent or \
                (len(line) - len(body) == indent and _ENTRY_START.match(body) is not None):
            break  # a blank line, a line left of the name, or the next `name: text` at its indent
        parts.append(body.rstrip())
        at = end
    return " ".join(parts)


# A line that opens an entry of its own: a name, then a colon (`name: text`, `` `name`: text ``, `name (str): text`).
_ENTRY_START = lazy_compile(r"`?[A-Za-z_][\w.-]*`?(?:[ \t]*\([^()\n]{0,30}\))?[ \t]*[:：]")


def ends_on_joiner(text: str) -> bool:
    """Whether a text ends on what joins a list's values (a comma, `/`, `|`, `;`, `or`, `and`, 、, 或, 和): a list
    that goes on past it. (Its end alone is read: a pattern anchored at the end is tried at every position.)"""
    tail = text.rstrip()
    return tail.endswith(_JOINERS_AT_END) or tail.endswith((" or", " and", "\tor", "\tand")) or tail in ("or", "and")


_JOINERS_AT_END = (",", "，", "、", "|", "/", ";", "或", "和")


def _header_lines(lines: list[str], low: list[str] | None) -> list[int]:
    """The numbers of the lines holding a parameter-section header: a short line (a header is a few words)
    that `_HEADER` matches. `low`: the lines lower-cased, given for ASCII text, where `_HEADER` (IGNORECASE) can
    match only a line whose lower case holds a header word: then only those lines are matched."""
    if low is None:
        return [number for number, line in enumerate(lines) if len(line) <= _HEADER_WIDTH and _HEADER.match(line)]
    return [number for number, line in enumerate(low) if len(line) <= _HEADER_WIDTH and _has_header_word(line)
            and _HEADER.match(lines[number])]


# The longest header line `_HEADER` matches is well under this (indentation, `## `, `**Request parameters:**`).
_HEADER_WIDTH = 64


def _scan_bullets(text: str, docs: ToolDocs) -> None:
    """Bulleted entries outside any section (`- city: 城市名称`), one line each."""
    text = "\n" + text  # the patterns begin with a newline
    if _BULLET_LINE.search(text) is None:
        return  # no bulleted or numbered line: nothing to scan
    for match in _BULLET.finditer(text):
        name = match.group("name")
        if name not in docs.entries:
            docs.entries[name] = ParamDoc(match.group("text").strip())


_TYPE_AFTER = lazy_compile(r"\s*\([^()]*\)$")


def _parse_with_docstring_parser(text: str, styles: tuple[str, ...], docs: ToolDocs) -> None:
    """NumPy and Sphinx sections, each parsed in the style its marker showed (Google sections are the line
    scanner's: the module docstring says why)."""
    import docstring_parser  # imported on first use: most runs never see a docstring-style description

    chosen = {"sphinx": docstring_parser.DocstringStyle.REST, "numpy": docstring_parser.DocstringStyle.NUMPYDOC}
    sectioned = list(docs.sectioned)
    for style in styles:
        try:
            parsed = docstring_parser.parse(text, chosen[style])
        except Exception:  # noqa: BLE001 - a malformed section is read by the line scanner instead
            continue
        for param in parsed.params:
            if param.args[0] not in ("param", "parameter", "arg", "argument", "key", "keyword"):
                continue  # `Attributes:`, `Other Parameters` of a class: not the call's arguments
            written = param.arg_name.split(",")  # NumPy's `lon, lat : str` documents both
            for each in written:
                name = _TYPE_AFTER.sub("", each.strip("`*- "))  # `x (int)`: the name and its type
                if not name or " " in name or not (name[0].isalpha() or name[0] in "_$") or name in docs.entries:
                    continue  # (words with spaces are prose at an entry's indentation: "When neither x nor y is
                    # given, previews a whole-scope forget")
                docs.entries[name] = ParamDoc((param.description or "").strip(), param.type_name, len(written) > 1)
                sectioned.append(name)
    docs.sectioned = tuple(sectioned)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _scan_lists(starts: list[int], lines: list[str], docs: ToolDocs, spans: list[tuple[int, int]]) -> None:
    """The entries of the sections whose headers stand on the lines `starts`: Google, Markdown and Chinese
    sections. Records the line spans of the sections read."""
    sectioned = list(docs.sectioned)
    index = 0
    for header in starts:
        if header < index:
            continue  # inside the section just read
        index = header
        line = lines[index]
        header_indent = _indent(line)
        start = index
        index += 1
        entry_indent: int | None = None
        current: tuple[str, list[str], str | None] | None = None
        while index < len(lines):
            line = lines[index]
            stripped = line.strip()
            if not stripped:
                if index + 1 < len(lines) and lines[index + 1].strip() and entry_indent is not None and \
                        _indent(lines[index + 1]) < entry_indent and not _ENTRY.match(lines[index + 1]):
                    break
                index += 1
                continue
            indent = _indent(line)
            match = _ENTRY.match(line)
            is_entry = match is not None and (entry_indent is None or indent <= entry_indent) and \
                (match.group("text") or match.group("type") or match.group("type2") or match.group("bullet")
                 or indent > header_indent)
            if is_entry and match is not None:
                if entry_indent is None:
                    entry_indent = indent
                _close(current, docs, sectioned)
                current = (match.group("name"), [match.group("text")], match.group("type") or match.group("type2"))
            elif current is not None and entry_indent is not None and indent > entry_indent:
                current[1].append(stripped)
            elif indent <= header_indent and (_OTHER_HEADER.match(line) or entry_indent is not None):
                break
            elif current is not None:
                current[1].append(stripped)
            else:
                break
            index += 1
        _close(current, docs, sectioned)
        spans.append((start, index))
    docs.sectioned = tuple(sectioned)


def _close(current: tuple[str, list[str], str | None] | None, docs: ToolDocs, sectioned: list[str]) -> None:
    if current is None:
        return
    names, body, type_name = current
    written = names.replace("/", ",").split(",")  # `t0, t1: window bounds` documents both, as `t0 / t1` does
    for name in written:
        name = name.strip()
        if name not in docs.entries:
            docs.entries[name] = ParamDoc(" ".join(part for part in body if part).strip(), type_name,
                                          len(written) > 1)
            sectioned.append(name)


def may_document(description: str, names: Any) -> bool:
    """Whether a description can hold an entry for one of these parameter names: it has more than one line
    (every section and list does) and names one at all. A few substring tests that spare most tools the parse."""
    return ("\n" in description or ":param" in description) and \
        any(name in description for name in names if isinstance(name, str) and name)


def documented(tool: Any, ctx: Any) -> list[tuple[str, dict[str, Any], ParamDoc]]:
    """(name, schema, entry) of each top-level property the tool description's parameter section documents: what
    the tool-scope text rules compare with the schema (worked out once per tool)."""
    return ctx.cached(("documented", id(tool)), lambda: list(_documented(tool, ctx)))


def _documented(tool: Any, ctx: Any) -> Iterator[tuple[str, dict[str, Any], ParamDoc]]:
    schema = tool.schema
    properties = schema.get("properties") if isinstance(schema, dict) else None
    description = tool.description
    if not isinstance(properties, dict) or not isinstance(description, str) or not may_document(description, properties):
        return  # no parameter is named, so none is documented
    docs = tool_docs(tool, ctx)
    if not docs.entries:
        return
    for name, prop in properties.items():
        if isinstance(prop, dict):
            found = docs.entry(name)
            if found is not None:
                yield name, prop, found


def tool_docs(tool: Any, ctx: Any) -> ToolDocs:
    """The parameter documentation of `tool`'s description, parsed once per tool and file."""
    if tool is None:
        return _EMPTY
    return ctx.cached(("tool-docs", id(tool)), lambda: parse(tool.description, _top_level_names(tool)))


def _top_level_names(tool: Any) -> tuple[str, ...]:
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    return tuple(n for n in properties if isinstance(n, str) and n) if isinstance(properties, dict) else ()


def _docs_of(node: SchemaNode, ctx: Any) -> ToolDocs | None:
    """Where a property is documented besides its own description: the tool description for a parameter, and for a
    property of a nested object the object's description when it names the property ("SimulationRequest with:
    - scenario_id: Unique scenario identifier", a pydantic model's docstring). None for anything else."""
    if not node.name or node.via != "properties" or node.parent is None:
        return None
    if node.parent.is_root:
        return tool_docs(ctx.tool, ctx)
    owner = node.parent.schema
    described = owner.get("description") if isinstance(owner, dict) else None
    if not isinstance(described, str) or node.name not in described:
        return None
    properties = owner.get("properties")
    names = tuple(n for n in properties if isinstance(n, str) and n) if isinstance(properties, dict) else ()
    found: ToolDocs = ctx.cached(("object-docs", id(owner)), lambda: parse(described, names))
    return found


def is_top_level(node: SchemaNode) -> bool:
    """A property of the input schema's root: the parameters a docstring documents."""
    parent = node.parent
    return node.via == "properties" and parent is not None and parent.is_root


def entry_text(node: SchemaNode, ctx: Any) -> str:
    """A parameter's entry in the tool description's parameter section, or a nested property's in its object's
    description ('' when there is none)."""
    docs = _docs_of(node, ctx)
    found = docs.entry(node.name) if docs is not None and node.name else None
    return found.text if found is not None else ""


def doc_text(node: SchemaNode, ctx: Any) -> str:
    """Everything the tool description says about a top-level parameter (or its object's description about a nested
    property): its section entry, then the other sentences naming it. For rules that stay quiet when the unit, an
    example or the format is written anywhere."""
    docs = _docs_of(node, ctx)
    if docs is None or not node.name:
        return ""
    found = docs.entry(node.name)
    mentions = docs.mentions(node.name)
    if found is None:
        return mentions
    return f"{found.text}\n{mentions}" if mentions else found.text


# The header of a section about what the tool gives back: `Returns:`, `**Response:**`, `返回：` (alone on its line or
# followed by its text).
_RESULT_HEADER = lazy_compile(
    r"^(?P<indent>[ \t>]*)(?:#{1,6}[ \t]*)?(?:\*\*|__)?(?:returns?|yields?|response|output|返回值?|返回结果|返回結果|输出|輸出)"
    r"(?:\*\*|__)?[ \t]*[:：]", re.IGNORECASE | re.MULTILINE)


def without_results(text: str) -> str:
    """The text without its `Returns:` section: "Returns: the absolute path of the PNG" says what comes back, not
    what a parameter takes. The section runs to the next line indented no deeper than its header."""
    low = text.lower()
    if "return" not in low and "yield" not in low and "respon" not in low and "output" not in low and \
            "返回" not in text and "输出" not in text and "輸出" not in text:
        return text
    lines = text.split("\n")
    kept: list[str] = []
    depth: int | None = None  # the header's indentation while inside a section
    for line in lines:
        if depth is not None:
            if not line.strip() or _indent(line) > depth:
                continue
            depth = None
        header = _RESULT_HEADER.match(line)
        if header is not None:
            depth = len(header.group("indent"))
            continue
        kept.append(line)
    return "\n".join(kept)


def with_docs(text: str, node: SchemaNode, ctx: Any) -> str:
    """`text` (the schema's own words about a parameter) followed by what the tool description says of it."""
    extra = doc_text(node, ctx)
    if not extra:
        return text
    return f"{text}\n{extra}" if text else extra
