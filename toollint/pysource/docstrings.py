"""A function's docstring as each framework keeps it, and the parameter descriptions some of them copy
into the schema. fastmcp 3.2.4+, the Agents SDK and Pydantic AI parse docstrings with griffe; so does
toollint for them, so the split matches theirs exactly."""

from __future__ import annotations

import ast
import inspect
import logging
import re
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Literal

_PARSERS: tuple[Literal["google", "numpy", "sphinx"], ...] = ("google", "numpy", "sphinx")
# Google headings griffe leaves as admonitions that fastmcp 4 counts as structure (its docstring_parsing.py).
_SECTION_ADMONITIONS = frozenset({"attention", "caution", "danger", "error", "example", "hint", "important", "note",
                                  "notes", "raise", "references", "return", "see-also", "tip", "todo", "warning",
                                  "yield"})


@dataclass
class Docstring:
    text: str | None  # the description as the framework sends it; None: the tool has none
    parameters: dict[str, str] = field(default_factory=dict)  # name -> description (frameworks that copy them)


@dataclass(frozen=True)
class RawDocstring:
    """A docstring literal: its value and the line its text starts on."""

    value: str
    node: ast.Constant

    @property
    def lineno(self) -> int:
        return self.node.lineno


def raw_docstring(function: ast.FunctionDef | ast.AsyncFunctionDef) -> RawDocstring | None:
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return RawDocstring(body[0].value.value, body[0].value)
    return None


# The Python whose `__doc__` is emulated: the one running toollint, as the server's usually is (a bench
# comparing with a listing made on another Python sets it).
RUNTIME: tuple[int, int] = (sys.version_info[0], sys.version_info[1])


def as_interpreter_keeps(raw: str) -> str:
    """`fn.__doc__`: the literal as written before Python 3.13; from 3.13 the compiler strips the indentation."""
    if RUNTIME < (3, 13):
        return raw
    lines = raw.expandtabs().split("\n")
    margin = min((len(line) - len(line.lstrip(" ")) for line in lines[1:] if line.strip()), default=0)
    return "\n".join([lines[0].lstrip(" ")] + [line[margin:] if line.strip() else line.strip(" ")
                                              for line in lines[1:]])


def framework_docstring(raw: str | None, style: str) -> Docstring:
    """The description a framework makes of a docstring: `style` is a `Framework.docstring` value."""
    if style == "raw":
        return Docstring(as_interpreter_keeps(raw) if raw is not None else "")
    if style == "stripped":
        return Docstring(textwrap.dedent(as_interpreter_keeps(raw)).strip() if raw is not None else None)
    doc = inspect.cleandoc(raw) if raw is not None else None
    if style == "getdoc" or not doc:
        return Docstring(doc or None)
    if style == "split-always":
        return _griffe_detected(doc)
    if style == "split-xml":
        return _griffe_detected(doc, returns_as_xml=True)
    return _griffe_split(doc, any_section=style == "split-sections")


def _detect_style(doc: str) -> Literal["google", "numpy", "sphinx"]:
    """The Agents SDK's docstring style detection (src/agents/function_schema.py), which Pydantic AI's matches
    on the common forms: Sphinx > NumPy > Google on a tie, Google by default."""
    scores = {
        "sphinx": sum(bool(re.search(p, doc, re.MULTILINE)) for p in (r"^:param\s", r"^:type\s", r"^:return:",
                                                                      r"^:rtype:")),
        "numpy": sum(bool(re.search(p, doc, re.MULTILINE)) for p in (r"^Parameters\s*\n\s*-{3,}",
                                                                     r"^Returns\s*\n\s*-{3,}", r"^Yields\s*\n\s*-{3,}")),
        "google": sum(bool(re.search(p, doc, re.MULTILINE)) for p in (r"^(Args|Arguments):", r"^(Returns):",
                                                                      r"^(Raises):")),
    }
    best = max(scores.values())
    styles: tuple[Literal["sphinx", "numpy", "google"], ...] = ("sphinx", "numpy", "google")
    return next((style for style in styles if best and scores[style] == best), "google")


def _griffe_detected(doc: str, *, returns_as_xml: bool = False) -> Docstring:
    """The first text section and every parameter description, in the detected style. Pydantic AI
    (`returns_as_xml`) writes a Returns section into the description as `<summary>...</summary>
    <returns>...</returns>` (pydantic_ai/_griffe.py)."""
    try:
        from griffe import Docstring as GriffeDocstring
        from griffe import DocstringSectionKind
    except ImportError:  # pragma: no cover
        return Docstring(doc)
    logging.getLogger("griffe").setLevel(logging.ERROR)
    try:
        sections = GriffeDocstring("\n" + doc, lineno=1, parser=_detect_style(doc)).parse()
    except Exception:  # noqa: BLE001
        return Docstring(doc)
    text = next((s.value for s in sections if s.kind == DocstringSectionKind.text), None)
    parameters: dict[str, str] = {}
    for section in sections:
        if section.kind == DocstringSectionKind.parameters:
            for parameter in section.value:
                parameters.setdefault(parameter.name.lstrip("*"), parameter.description)
    returns = next((s for s in sections if s.kind == DocstringSectionKind.returns), None)
    if returns_as_xml and returns is not None and returns.value:
        statement = returns.value[0]
        kind = f"<type>{statement.annotation}</type>\n" if statement.annotation else ""
        xml = f"<returns>\n{kind}<description>{statement.description}</description>\n</returns>"
        text = f"<summary>{text}</summary>\n{xml}" if text else xml
    return Docstring(text, parameters)


def _griffe_split(doc: str, *, any_section: bool) -> Docstring:
    try:
        from griffe import Docstring as GriffeDocstring
        from griffe import DocstringSectionKind
    except ImportError:  # pragma: no cover - a dependency; kept readable if an old environment lacks it
        return Docstring(doc)
    logging.getLogger("griffe").setLevel(logging.ERROR)
    for parser in _PARSERS:
        try:
            sections = GriffeDocstring(doc, lineno=1, parser=parser).parse()
        except Exception:  # noqa: BLE001 - griffe on an odd docstring; the framework would fall through too
            continue
        description: str | None = None
        parameters: dict[str, str] = {}
        structured = False
        for section in sections:
            if section.kind == DocstringSectionKind.text and description is None:
                description = section.value
            elif section.kind == DocstringSectionKind.parameters:
                for parameter in section.value:
                    parameters[parameter.name] = parameter.description
                structured = True
            elif section.kind == DocstringSectionKind.admonition:
                structured = structured or section.value.kind in _SECTION_ADMONITIONS
            elif section.kind != DocstringSectionKind.text:
                structured = True
        if parameters or (any_section and structured):
            return Docstring(description, parameters)
    return Docstring(doc)


def line_of(raw: str, name: str) -> int | None:
    """The 0-based line of the docstring that documents `name` (`name:`, `name (type):`, `:param name:`)."""
    for number, line in enumerate(raw.split("\n")):
        stripped = line.strip().lstrip("-*` ").replace("`", "")
        if stripped.startswith((f"{name}:", f"{name} (", f"{name}(", f":param {name}:", f"{name} :")):
            return number
    return None
