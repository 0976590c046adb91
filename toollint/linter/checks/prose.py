"""Rules that compare what the prose says with what the schema holds: a parameter the description names
but the schema lacks, allowed values listed only in words, and a `default` on a required parameter.

Each is a mismatch a model cannot see through: it follows the words, and the schema decides.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter import fixes
from toollint.linter.checks import check
from toollint.linter.checks.shared import damerau
from toollint.linter.context import Context, node_label
from toollint.linter.docview import FRAMEWORK_NAMES, documented, may_document, tool_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.paramview import param_of
from toollint.linter.textstats import contains_any, fold_case, is_word_char, literal_trie, name_tokens
from toollint.schema.walk import SchemaNode, walk
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# description-names-unknown-parameter

_BACKTICKED = lazy_compile(r"`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`")
# "if `x` is provided", "when page_token is set", "如果提供了 x": a parameter named in a condition.
_CONDITION = lazy_compile(
    r"\b(?:if|when|unless|whether)\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s+(?:is|are)\s+(?:not\s+)?"
    r"(?:provided|given|specified|supplied|passed|omitted)\b|"
    r"(?:如果|若|当)(?:提供了?|指定了?|传入了?)\s*`?([A-Za-z_][A-Za-z0-9_]*)`?", re.IGNORECASE)
_TOOL_VERBS = {(v,) for v in ("get", "list", "create", "update", "delete", "remove", "run", "search", "find", "read",
                               "write", "fetch", "add", "query", "describe", "download", "upload", "send", "start",
                               "stop", "execute", "check", "validate", "generate", "open", "close", "edit")}
_LITERALS = frozenset({"true", "false", "null", "none", "nil", "undefined", "string", "number", "integer", "boolean",
                       "object", "array", "json", "id", "ids", "url", "uri", "utc", "iso", "sql", "regex"})


_CAMEL_CASE = lazy_compile(r"[a-z][A-Z]")


def _looks_like_parameter(name: str) -> bool:
    """snake_case or camelCase: an English word in backticks is a value or a term, not a parameter."""
    head = name.split(".", 1)[0]
    return "_" in head.strip("_") or _CAMEL_CASE.search(head) is not None


def _tool_names(ctx: Context) -> frozenset[str]:
    """The set's tool names, as written, last dotted part, and folded (`listOrders` is `list_orders`)."""
    def build() -> frozenset[str]:
        names = {n for tool in ctx.tools if tool.name for n in (tool.name, tool.name.rsplit(".", 1)[-1])}
        return frozenset(names | {_fold(n) for n in names})

    names: frozenset[str] = ctx.cached("prose-tool-names", build)  # "tool-names" is parameters.py's
    return names


def _written_in_file(name: str, ctx: Context) -> bool:
    """The name is a key or a quoted value somewhere in the file (another tool's parameter, an output field, an
    enum value): then the description refers to something real."""
    text = ctx.source.text
    if f'"{name}"' in text or f"'{name}'" in text:
        return True
    return re.search(rf"^[ \t-]*{re.escape(name)}[ \t]*:", text, re.MULTILINE) is not None


# Words around a name that make it an argument of this call: "pass `x`", "the `x` parameter", "参数 `x`".
_BEFORE = lazy_compile(r"(?:\b(?:pass|passing|provide|providing|specify|specifying|supply|"
                     r"parameter|param|argument|arg|flag)\s+(?:the\s+)?|参数\s*|传入\s*|"
                     r"提供\s*|指定\s*|设置\s*)$", re.IGNORECASE)
_AFTER = lazy_compile(r"^\s*(?:parameters?|params?|arguments?|args?|flags?|(?:is|are)\s+(?:required|ignored|provided|"
                    r"given|specified|omitted)|=|参数|为必填|必填)", re.IGNORECASE)


def _mentions(text: str) -> Iterator[tuple[str, re.Match[str] | None]]:
    """Each parameter-like name the text refers to, with its backticked match (None for a `_CONDITION` match,
    which names an argument by itself); whether a backticked name is an argument is `_as_argument`'s question."""
    for match in _BACKTICKED.finditer(text):
        yield match.group(1), match
    for match in _conditions(text):
        name = match.group(1) or match.group(2)
        if name:
            yield name, None


def _as_argument(text: str, backticked: re.Match[str]) -> bool:
    """Whether the words around a backticked name make it an argument of this call."""
    start, end = backticked.span()  # the anchored `_AFTER` first: `_BEFORE` is searched for
    return bool(_AFTER.match(text[end:end + 30]) or _BEFORE.search(text[max(0, start - 30):start]))


def _fold(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def _nearest(name: str, known: Collection[str]) -> str | None:
    """The parameter a stale or misspelled name most likely means: same letters, or one of them contained in
    the other (`page_token` / `token`)."""
    folded = _fold(name)
    for candidate in sorted(known):
        if _fold(candidate) == folded:
            return candidate
    matches = [c for c in sorted(known) if len(folded) >= 6 and _close(folded, _fold(c))]
    return matches[0] if len(matches) == 1 else None


def _close(a: str, b: str) -> bool:
    """At most two edits apart (a typo or a half-done rename), by the distance unknown-keyword uses."""
    return damerau(a, b, 2) <= 2


def _own_parameters(tool: Tool, ctx: Context) -> frozenset[str]:
    """Every property name at any depth of the tool's schema; walked only for a tool whose text names something."""
    return ctx.cached(("own-parameters", id(tool)), lambda: frozenset(
        n.name for n in walk(tool.schema, tool.schema_pointer) if n.via == "properties" and n.name))


# Every `_CONDITION` match holds a Chinese cue or, lower-cased (`fold_case`), a `_CONDITION_TAIL` match, which
# `_holds_tail` finds much more cheaply than the full regex, which tries each alternative at every position of a
# long text.
_CONDITION_CJK = tuple(cue + verb for cue in ("如果", "若", "当") for verb in ("提供", "指定", "传入"))
_CONDITION_WORDS = ("provided", "given", "specified", "supplied", "passed", "omitted")
# Every `_CONDITION` match begins, lower-cased, with one of these.
_CONDITION_STARTS = lazy_compile("if|when|unless|whether|如果|若|当")
_CONDITION_TAIL = lazy_compile(r"(?:is|are)\s+(?:not\s+)?(?:provided|given|specified|supplied|passed|omitted)\b")
_IS_ARE = ("is", "are")


def _holds_tail(low: str) -> bool:
    """Whether `_CONDITION_TAIL.search(low)` finds a match. Each of its words is found with `str.find` (most texts
    hold none), and only where one occurs are the words before it and the boundary after it tested, in place:
    the regex would try `is`/`are` at every position of the text."""
    for word in _CONDITION_WORDS:
        if word not in low:  # the operator, cheaper than a method call for the words most texts lack
            continue
        found = low.find(word)
        while found >= 0:
            after = found + len(word)
            if (after == len(low) or not is_word_char(low[after])) and _is_or_are_before(low, found):
                return True
            found = low.find(word, found + 1)
    return False


def _is_or_are_before(low: str, end: int) -> bool:
    """Whether `low[:end]` ends with `(?:is|are)\\s+(?:not\\s+)?`."""
    start = _space_before(low, end)
    if start == end:
        return False
    if low.endswith(_IS_ARE, 0, start):
        return True
    if low.endswith("not", 0, start):
        before = _space_before(low, start - 3)
        return before < start - 3 and low.endswith(_IS_ARE, 0, before)
    return False


def _space_before(low: str, end: int) -> int:
    """Where the run of white space that ends at `end` starts (`end` itself when there is none)."""
    while end > 0 and low[end - 1].isspace():
        end -= 1
    return end


def _may_hold_condition(text: str) -> bool:
    """Whether `_CONDITION` can match the text (an exact pre-filter)."""
    if text.isascii():
        low = text.lower()  # `fold_case`, spelled out for the common case: this runs for every description
    elif contains_any(text, _CONDITION_CJK):
        return True
    else:
        low = fold_case(text)
    return _holds_tail(low)


def _conditions(text: str) -> Iterator[re.Match[str]]:
    """`_CONDITION.finditer(text)`: nothing when the pre-filter rules a match out (most texts), else the regex tried
    only where a cue starts, not at every position of a long text."""
    if _may_hold_condition(text):
        return _finditer_at(_CONDITION, text, _literal_starts(_CONDITION_STARTS, fold_case(text)))
    return iter(())


def _may_mention(text: str) -> bool:
    """Whether `_mentions` can find anything in the text: a backtick, or a `_CONDITION` match."""
    if "`" in text:
        return True
    return _may_hold_condition(text) and next(_conditions(text), None) is not None  # no iterator for most texts


def _literal_starts(literals: re.Pattern[str], low: str) -> Iterator[int]:
    """Every position, ascending, where the alternation of literals `literals` matches in `low`, overlaps
    included. Such a regex (no IGNORECASE, no `\\b`) is scanned quickly."""
    found = literals.search(low)
    while found is not None:
        yield found.start()
        found = literals.search(low, found.start() + 1)


def _finditer_at(pattern: re.Pattern[str], text: str, starts: Iterator[int]) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern whose every match begins at one of `starts` (ascending): the
    pattern is tried only there instead of at every position of the text."""
    end = 0
    for start in starts:
        if start >= end:
            match = pattern.match(text, start)
            if match is not None:
                yield match
                end = match.end()


def _parameter_like(name: str) -> bool:
    """Whether a name could be a parameter, by its shape alone: not a literal, a file name, an environment
    variable, a plain word or a verb (`get_metrics`: another tool)."""
    head = name.split(".", 1)[0]
    return not (head.lower() in _LITERALS or "." in name or not _looks_like_parameter(name) or head.isupper() or
                name_tokens(head)[:1] in _TOOL_VERBS)


_PARAMETER_LIKE = NameMemo(_parameter_like)  # names repeat (`page_token`, `user_id`): decided once per name


def _check_mentions(where: str, text: str, tool: Tool, ctx: Context) -> None:
    """Report the names `text` gives as arguments that are not parameters of `tool`. The tests run cheapest
    first: the name's shape, then the words around it, then the tool's parameters and the file."""
    own: frozenset[str] | None = None
    reported: set[str] = set()
    for name, backticked in _mentions(text):
        if name in reported or not _PARAMETER_LIKE[name]:
            continue
        if backticked is not None and not _as_argument(text, backticked):
            continue  # a backticked name with no sign that it is an argument: an output field, a term
        if own is None:
            own = _own_parameters(tool, ctx)
            if not own:
                return  # a tool without parameters: backticked names are about something else
        if name in own:
            continue
        tool_names = _tool_names(ctx)
        if name in tool_names or _fold(name) in tool_names:
            continue  # another tool (`listOrders`)
        if _written_in_file(name, ctx):
            continue  # another tool's parameter, an output field, an enum value
        near = _nearest(name, own)
        reported.add(name)
        ctx.report(where, f"the description names `{shown(name, 30)}`, which is not a parameter"
                   + (f"; did you mean `{shown(near, 30)}`?" if near else ""),
                   help=f"replace `{name}` with `{near}`" if near else
                   f"rename `{name}` to the parameter it means, or remove it",
                   note=f"`{tool.name}` has no parameter of that name: a model told to set it has nowhere to put it")


@check("description-names-unknown-parameter", "tool")
def description_names_unknown_parameter(tool: Tool, ctx: Context) -> None:
    description = tool.description
    if isinstance(tool.schema, dict) and isinstance(description, str) and _may_mention(description):
        _check_mentions(tool.description_pointer, description, tool, ctx)
    if isinstance(tool.schema, dict) and isinstance(description, str):
        _check_documented(tool, ctx)


def _check_documented(tool: Tool, ctx: Context) -> None:
    """A name the description's parameter section (`Args:`) documents that the schema lacks: a renamed or
    removed parameter whose docs stayed behind. Only for a section that documents a real parameter too (so it
    is this tool's section), and never for what a framework keeps out of the schema (`ctx`, `self`)."""
    properties = tool.schema.get("properties")
    if not isinstance(properties, dict) or not may_document(tool.description, properties):
        return  # no top-level parameter is named, so no section documents one
    docs = tool_docs(tool, ctx)
    if not docs.sectioned:
        return
    unknown = [name for name in docs.sectioned if name not in properties and name.lower() not in FRAMEWORK_NAMES
               and not name[:1].isupper() and not name.startswith("_") and "." not in name and name.isascii()]
    if not unknown or not any(name in properties for name in docs.sectioned):
        return  # every entry is a parameter, or none is (then the section is not this tool's)
    own = _own_parameters(tool, ctx)  # the nested properties too: walked only for a section with a stray name
    folded = {_fold(name) for name in own}
    for name in unknown:
        if name in own or _fold(name) in folded:
            continue
        near = _nearest(name, own)
        ctx.report(tool.description_pointer,
                   f"the parameter section documents `{shown(name, 30)}`, which is not a parameter"
                   + (f"; did you mean `{shown(near, 30)}`?" if near else ""),
                   help=f"replace `{name}` with `{near}`" if near else
                   f"document the parameter `{name}` became, or remove its entry",
                   note=f"`{tool.name}` has no parameter of that name: a model told to set it has nowhere to put it")


@check("description-names-unknown-parameter", "schema", keys=("description",))
def parameter_description_names_unknown_parameter(node: SchemaNode, ctx: Context) -> None:
    description = node.schema.get("description")
    if isinstance(description, str) and ctx.tool is not None and node.via in ("properties", None) and \
            _may_mention(description):  # before building the pointer, which most descriptions never need
        _check_mentions(jp.join(node.pointer, "description"), description, ctx.tool, ctx)


# ---------------------------------------------------------------------------------------------
# values-only-in-prose

_VALUE = r"[\"'`“‘]?[A-Za-z0-9][\w.+/-]{0,30}[\"'`”’]?"
_SEP = r"(?:\s*(?:,|、|，|/|\||;|或|和)\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)"
# "one of: a, b, c", "Allowed values: a | b", "可选值：a、b、c", "[Enum]: [...]", "Here are the options: a, b".
# The `\b` every English cue starts with stands before the alternation, so the search gives up at once at the
# positions inside a word instead of trying each cue there (`[enum]`, which starts with another character than
# any cue next to it, moved behind them).
_LISTED = lazy_compile(
    r"(?:\b(?:one\s+of|allowed\s+values?|valid\s+values?|possible\s+values?|accepted\s+values?|"
    r"supported\s+values?|available\s+values?|must\s+be\s+(?:either|one\s+of)|can\s+be\s+(?:either|one\s+of)|"
    r"options?\s+(?:are|is)|the\s+options\b|options\s*:|values?\s*:|enum\b)|\[enum\]|"
    r"可选值|取值(?:范围)?(?:为|是)?|可选(?:项|参数)?(?:为|有|包括)?|只能是|必须是|之一)"
    r"\s*(?:are|is)?\s*[:：]?\s*[\[(（]?\s*"
    rf"(?P<values>{_VALUE}(?:{_SEP}{_VALUE}){{1,29}})", re.IGNORECASE)
# Every cue of `_LISTED` is Chinese or holds, lower-cased (`fold_case`), `value` or a match of one of these
# regexes, each tried only when its word occurs: each starts with a literal, which the regex engine finds at
# memchr speed, where one alternation of them all is tried at every position of the text.
_LISTED_CJK = ("可选", "取值", "只能是", "必须是", "之一")
_LISTED_CUES = (("option", re.compile(r"option[s\s]")), ("one", re.compile(r"one\s+of")),
                ("either", re.compile(r"be\s+either")), ("enum", re.compile(r"enum\b")))


def _may_list(low: str) -> bool:
    """Whether `low` (`fold_case` of a text) holds an English cue of `_LISTED` (an exact pre-filter)."""
    if "value" in low:
        return True
    for word, cue in _LISTED_CUES:
        if word in low and cue.search(low) is not None:
            return True
    return False


# Every cue starts, lower-cased, with one of these (`the options` is found through its `option`). A literal trie,
# which the regex engine scans quickly; `_LISTED` is then tried only where one starts, instead of at every
# position of the text.
_LISTED_STARTS = literal_trie(("one", "allowed", "valid", "possible", "accepted", "supported", "available", "must",
                               "can", "option", "value", "enum", "[enum]", "可选", "取值", "只能是", "必须是", "之一"))
# "(economy, premium, business)": three or more bare words in parentheses, not after "e.g.". The lookbehind
# follows the parenthesis so the search can jump from one parenthesis to the next.
_PARENS = lazy_compile(r"[(（](?<![\w.+*?^|)\]][(（])\s*(?P<values>[a-z][\w-]{0,20}(?:\s*(?:,|/|\|)\s*(?:or\s+)?[a-z][\w-]{0,20})"
                     r"{2,19})\s*[)）]")
_EXAMPLE_CUE = lazy_compile(r"(?:e\.g\.?|i\.e\.?|eg\.?|such\s+as|for\s+example|for\s+instance|like|including|"
                          r"例如|比如|如)\s*[:：,]?\s*$", re.IGNORECASE)
_CONDITION_BEFORE = lazy_compile(r"\b(?:for|when|if|in|with|on|unless)\s*$|(?:当|如果|对于)\s*$", re.IGNORECASE)
# Most characters a match of `_EXAMPLE_CUE` (`for instance:`) or `_CONDITION_BEFORE` (`unless`) holds besides
# white space.
_CUE_TEXT = 12


def _ends_with(cue: re.Pattern[str], text: str, end: int) -> bool:
    """`cue.search(text[:end])` for a cue anchored at the end (`\\s*$`) holding at most `_CUE_TEXT` characters
    besides white space: searched over the last 64 characters only, unless those are nearly all white space (a
    match that starts before them holds all of them). Searching the whole of a long text before a list, at
    every position, cost more than the rest of values-only-in-prose."""
    start = max(0, end - 64)
    if start and len("".join(text[start:end].split())) <= _CUE_TEXT:
        start = 0
    return cue.search(text, start, end) is not None


_OPEN_ENDED = lazy_compile(r"\betc\b|\botherwise\b|\bany\s+other\b|否则|\.\.\.|…|\band\s+(?:more|others|so\s+on)\b|\bamong\s+others\b|\bcustom\b|"
                         r"\bor\s+(?:any|another|other)\b|\bnot\s+limited\s+to\b|等", re.IGNORECASE)
_EXAMPLE_ANYWHERE = lazy_compile(r"\be\.g\.|\bsuch\s+as\b|\bfor\s+example\b|\bfor\s+instance\b|例如|比如", re.IGNORECASE)
_STRIP = "\"'`“”‘’ []()（）."


def _values(match: re.Match[str]) -> list[str]:
    parts = re.split(_SEP, match.group("values"))
    return [p.strip(_STRIP) for p in parts if p.strip(_STRIP)]


# "'l' for lines, 'w' for words", "`asc` = oldest first": each value quoted and explained. The lookbehinds
# (no `{` or `:` just before the quote) follow the quote so the search can jump from one quote to the next.
_EXPLAINED = lazy_compile(r"[\"'`“‘](?<![{:]\s[\"'`“‘])(?<![{:][\"'`“‘])([A-Za-z0-9][\w.+/-]{0,30})[\"'`”’]\s*"
                        r"(?:for\b|means\b|->|→|表示|代表|[:：](?=\s*[A-Za-z\u4e00-\u9fff]))\s*(?![\"'{\[])\S")
_OPEN_QUOTES = ("\"", "'", "`", "“", "‘")
# The closing quote of an `_EXPLAINED` match and what follows it (the `:` without its lookahead). Its matches
# cannot overlap (each holds one quote, at its start), so each `_EXPLAINED` match has one of its own.
_EXPLAINED_TAIL = lazy_compile(r"[\"'`”’]\s*(?:for\b|means\b|->|→|表示|代表|[:：])")


def _cue_starts(low: str) -> Iterator[int]:
    """The positions, ascending, where a `_LISTED` cue may start in `low` (`fold_case` of the text)."""
    for start in _literal_starts(_LISTED_STARTS, low):
        if low.startswith("option", start):  # and `the` before it, after white space?
            before = _space_before(low, start)
            if before < start and low.endswith("the", 0, before):
                yield before - 3
        yield start


def _listed_matches(text: str) -> Iterator[re.Match[str]]:
    """`_LISTED.finditer(text)`, the regex tried only where a cue starts (nowhere in most texts)."""
    low = fold_case(text)
    if _may_list(low) or not text.isascii() and contains_any(text, _LISTED_CJK):
        return _finditer_at(_LISTED, text, _cue_starts(low))
    return iter(())


def listed_values(text: str) -> list[str] | None:
    """The allowed values a description lists, or None when it lists none (examples do not count)."""
    # Pre-filters, each exact: two explained values need an opening quote and two `_EXPLAINED_TAIL` matches,
    # `_PARENS` an opening parenthesis and two separators, `_LISTED` one of its cues (`_listed_matches`).
    explained: list[str] = []
    if contains_any(text, _OPEN_QUOTES) and len(_EXPLAINED_TAIL.findall(text)) >= 2:
        explained = [m.group(1) for m in _EXPLAINED.finditer(text) if not _ends_with(_EXAMPLE_CUE, text, m.start())
                     and not _ends_with(_CONDITION_BEFORE, text, m.start())]
    if len(explained) >= 2 and "{" not in text and not _OPEN_ENDED.search(text) and \
            not _EXAMPLE_ANYWHERE.search(text) and \
            not all(v.lower() in ("true", "false") for v in explained) and len(set(explained)) == len(explained):
        return explained
    found: list[Iterator[re.Match[str]]] = [_listed_matches(text)]
    if ("(" in text or "（" in text) and text.count(",") + text.count("/") + text.count("|") >= 2:
        found.append(_PARENS.finditer(text))
    for matches in found:
        for match in matches:
            if _ends_with(_EXAMPLE_CUE, text, match.start()) or _ends_with(_EXAMPLE_CUE, text, match.start("values")):
                continue
            if _OPEN_ENDED.search(text[match.end():match.end() + 80]) or _OPEN_ENDED.search(match.group(0)):
                continue  # "..., etc.", "or any custom object": the list is not the whole set
            values = _values(match)
            if len(values) >= 2 and len(set(values)) == len(values) and not any(v.isdigit() for v in values) and \
                    not all(v.lower() in ("true", "false") for v in values):
                return values
    return None


# Keywords that constrain or explain the values already (a set test over the node's few keys, not seven lookups).
_CONSTRAINED = frozenset(("enum", "const", "anyOf", "oneOf", "pattern", "format", "items"))
# A declared type other than string is the parameter's type unless another schema is merged in.
_OTHER_TYPES = frozenset(("integer", "number", "boolean", "array", "object"))
_MERGED = frozenset(("$ref", "allOf"))
# What already constrains or points elsewhere for a value: the docstring path looks into `anyOf` and `items` itself.
_VALUE_KEYWORDS = frozenset(("enum", "const", "pattern", "format", "oneOf", "$ref", "allOf"))


def _unconstrained(keys: tuple[str, ...]) -> bool:
    return _CONSTRAINED.isdisjoint(keys)


# Only property nodes with a description and none of the `_CONSTRAINED` keywords: decided once per node shape.
@check("values-only-in-prose", "schema", keys=("description",), properties_only=True, when=_unconstrained)
def values_only_in_prose(node: SchemaNode, ctx: Context) -> None:
    description = node.schema.get("description")
    if not isinstance(description, str) or len(description) < 8:
        return
    declared = node.schema.get("type")
    if isinstance(declared, str) and declared in _OTHER_TYPES and _MERGED.isdisjoint(node.schema):
        return  # plainly no string: the parameter view would say so after more work
    # The text next: few descriptions list values, and the parameter view is built only for those.
    values = allowed_values(description, node.name or "", node.schema.get("title"))
    if values is None or _is_expression(node.name):
        return
    param = param_of(node, ctx)
    if not param.is_string or param.first("enum") is not None or param.first("const") is not None:
        return
    if node.parent is not None and _siblings_values_in(values, node.parent.schema, node.name):
        return  # "required for user, group": the values of the neighbouring `type`, named to say when
    _report_values(ctx, node.pointer, node_label(node), values, "the description")


def _siblings_values_in(values: list[str], schema: Any, name: str | None) -> bool:
    """Whether the listed values are those of another property's `enum` or `const`s beside this one."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return False
    listed = {v.lower() for v in values}
    for other, prop in properties.items():
        if other == name or not isinstance(prop, dict):
            continue
        enum = prop.get("enum")
        known: list[Any] = enum if isinstance(enum, list) else \
            [b.get("const") for b in prop.get("oneOf") or prop.get("anyOf") or () if isinstance(b, dict)]
        if listed <= {str(v).lower() for v in known if v is not None}:
            return True
    return False


@check("values-only-in-prose", "tool")
def values_only_in_docstring(tool: Tool, ctx: Context) -> None:
    """Allowed values listed only in the tool description's parameter section (`Args:`, `参数：`)."""
    for name, prop, found in documented(tool, ctx):
        if not _VALUE_KEYWORDS.isdisjoint(prop) or _is_expression(name):
            continue  # `_takes_strings` looks into `anyOf` and `items`
        own = prop.get("description")
        if isinstance(own, str) and allowed_values(own, name, prop.get("title")):
            continue  # reported by the schema check
        if len(found.text) < 8 or not _takes_strings(prop, found.type_name):
            continue
        values = allowed_values(found.text, name, prop.get("title"))
        if values is not None and not _siblings_values_in(values, tool.schema, name):
            _report_values(ctx, jp.join(tool.schema_pointer, "properties", name), name, values,
                           "the docstring's entry")


def _takes_strings(prop: dict[str, Any], documented_type: str | None) -> bool:
    """A string, an array of unconstrained strings, or either of them or null (`Optional[list[str]]`)."""
    kinds = [prop] + [b for b in prop.get("anyOf") or () if isinstance(b, dict) and b.get("type") != "null"]
    if len(kinds) > 2 or (len(kinds) == 2 and "type" in prop):
        return False
    schema = kinds[-1]
    if schema.get("type") == "array":
        items = schema.get("items")
        return isinstance(items, dict) and items.get("type") == "string" and _CONSTRAINED.isdisjoint(items)
    if schema.get("type") is None and "anyOf" not in prop:
        return documented_type in ("str", "string")
    return schema.get("type") == "string" and _CONSTRAINED.isdisjoint(schema)


def _is_expression(name: str | None) -> bool:
    """`query`, `filter`, `jql`: an expression whose text names the operands it may compare, not its own values."""
    tokens = name_tokens(name or "")
    return bool(tokens) and tokens[-1] in _EXPRESSION_NAMES


def _report_values(ctx: Context, pointer: str, label: str, values: list[str], where: str) -> None:
    listed = ", ".join(values[:6]) + (", ..." if len(values) > 6 else "")
    ctx.report(pointer, f"`{shown(label)}` lists its allowed values in {where} but has no `enum`",
               key=True, help="add `\"enum\": [" + ", ".join(f'"{v}"' for v in values[:6])
                              + (", ...]`" if len(values) > 6 else "]`"),
               note=f"the values {listed}: nothing stops a model from sending another spelling")


def allowed_values(text: str, name: str, title: Any = None) -> list[str] | None:
    """The allowed values a parameter's text lists, in any of the forms the rule knows (None when it lists none).
    The later forms are looked for only when the text has what each needs: two commas after a colon, a quote
    with a joiner, two pipes or a bracket."""
    found = listed_values(text)
    if found is None and text.count(",") >= 2 and (":" in text or "：" in text):
        found = labelled_values(text, name, title)
    if found is None and _may_alternate(text):
        found = alternatives(text)
    return found


def _may_alternate(text: str) -> bool:
    """An exact pre-filter of `alternatives`: a `[`, two pipes, or a quote together with `or`, `/` or 或."""
    if "[" in text or text.count("|") >= 2:
        return True
    return contains_any(text, _OPEN_QUOTES) and (" or " in text or "/" in text or "或" in text)


# Two or more quoted bare words joined only by `or`, `,`, `/` or `|` ("\"watched\" or \"watchlist\""), or three or
# more bare words joined by `|` ("sum | mean | count"): an alternation of values, not prose.
_QUOTED_OR = lazy_compile(
    r"(?P<values>[\"'`“‘][A-Za-z][\w.-]{0,30}[\"'`”’](?:\s*(?:,\s*or|,|or|或|/|\|)\s*[\"'`“‘][A-Za-z][\w.-]{0,30}[\"'`”’]){1,15})"
    r"(?!\s*(?:,|or|或|/|\|)?\s*[\w\"'`“‘])")
_PIPED = lazy_compile(r"(?<![A-Za-z0-9_|`.$(:])(?P<values>[A-Za-z][\w-]{1,24}(?:\s*\|\s*[A-Za-z][\w-]{1,24}){2,15})"
                      r"(?![\w|`)])")  # not a regex group's alternation: `(second|minute|hour)`


_TABLE_ROW = lazy_compile(r"^\s*\|", re.MULTILINE)
# A JSON array of quoted words after a cue that makes it the whole set: `subset of ["a", "b"]`, `one of ['x', 'y']`.
_QUOTED_ARRAY = lazy_compile(
    r"\b(?:subset\s+of|one\s+of|any\s+of|values?\s*:|options?\s*:|choices?\s*:|allowed\s*:|supported\s*:)\s*"
    r"\[(?P<values>\s*[\"'][A-Za-z][\w-]{0,30}[\"'](?:\s*,\s*[\"'][A-Za-z][\w-]{0,30}[\"']){1,20}\s*)\]", re.IGNORECASE)
_QUOTED_WORD = lazy_compile(r"[\"']([A-Za-z][\w-]{0,30})[\"']")
_EXAMPLES_WORD = lazy_compile(r"\bexamples?\b|示例|例如", re.IGNORECASE)
_ALTERNATION = lazy_compile(r"[\"'`”’]\s*(?:,\s*)?(?:or|/|\||或)\s*[\"'`“‘]")
# Parameters that hold an expression in a query language: the values in their text are its operands.
_EXPRESSION_NAMES = frozenset({"query", "q", "filter", "filters", "expression", "expr", "where", "jql", "sql", "cql",
                               "search", "condition", "predicate", "selector"})


def alternatives(text: str) -> list[str] | None:
    """Values given as an alternation: quoted words joined by `or` (`"liked" or "disliked"`), or words joined by
    `|`. Not after an example cue, and not when the list is open ("etc.", "or any other")."""
    listed = _QUOTED_ARRAY.search(text)
    if listed is not None:  # `subset of ["markdown", "text", "html"]`
        return _QUOTED_WORD.findall(listed.group("values")) or None
    if "{" in text or _EXAMPLES_WORD.search(text):
        return None  # JSON whose quoted strings are content, or "Examples: ..."
    for pattern in (_QUOTED_OR, _PIPED):
        if pattern is _QUOTED_OR and not contains_any(text, _OPEN_QUOTES):
            continue
        if pattern is _PIPED and (text.count("|") < 2 or _TABLE_ROW.search(text) is not None):
            continue  # fewer than two pipes, or a Markdown table
        for match in pattern.finditer(text):
            if _ends_with(_EXAMPLE_CUE, text, match.start()) or _ends_with(_CONDITION_BEFORE, text, match.start()):
                continue
            if _OPEN_ENDED.search(text[match.end():match.end() + 40]) or _EXAMPLE_ANYWHERE.search(text):
                continue
            if pattern is _QUOTED_OR and not _ALTERNATION.search(match.group("values")):
                continue  # quoted words joined by commas alone: a list of examples as often as of values
            values = [v.strip(_STRIP) for v in re.split(r"\s*(?:,\s*or|,|\bor\b|或|/|\|)\s*", match.group("values"))]
            values = [v for v in values if v]
            if "`" in match.group("values") or any("." in v for v in values):
                continue  # backticked or dotted: field names and identifiers (`diff_refs.head_sha`), not labels
            if len(values) >= 2 and len(set(values)) == len(values) and \
                    not any(v.lower() in ("true", "false", "null", "none") for v in values):
                return values
    return None


# "Style: brief, detailed, bullet-points": the parameter's own name (or title) as a label, then three or more bare
# words and nothing after them. A label with no cue word is a list only when it names the parameter (or ends in its
# last word: "Resource type" for `type`).
_LABELLED = lazy_compile(
    r"(?:^|[.;:]\s+|\n)(?P<label>[A-Za-z][\w -]{0,30}?)\s*[:：]\s*"
    r"(?P<values>[a-z][A-Za-z0-9_-]{0,24}(?:\s*,\s*(?:or\s+)?[a-z][A-Za-z0-9_-]{0,24}){2,15})\s*\.?\s*$")


def labelled_values(text: str, name: str, title: Any = None) -> list[str] | None:
    """The values of a list labelled with the parameter's own name or title ("Style: brief, detailed, bullet-points")."""
    if ":" not in text and "：" not in text:
        return None
    match = _LABELLED.search(text)
    if match is None:
        return None
    label = name_tokens(match.group("label"))
    own = name_tokens(name)
    if label != own and not (isinstance(title, str) and label == name_tokens(title)) and \
            not (own and label[-1:] == own[-1:]) and \
            label[-1:] not in (("options",), ("values",), ("choices",), ("modes",), ("types",)):
        return None
    if _OPEN_ENDED.search(text[match.start():]) or _ends_with(_EXAMPLE_CUE, text, match.start("values")):
        return None
    values = [v.strip() for v in re.split(r"\s*,\s*(?:or\s+)?", match.group("values")) if v.strip()]
    if len(set(values)) != len(values) or any(v in ("true", "false") for v in values):
        return None
    return values


# ---------------------------------------------------------------------------------------------
# required-with-default


def _json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _nullable(schema: dict[str, Any]) -> bool:
    declared = schema.get("type")
    if declared == "null" or (isinstance(declared, list) and "null" in declared) or schema.get("nullable") is True:
        return True
    return any(isinstance(b, dict) and b.get("type") == "null" for k in ("anyOf", "oneOf") for b in schema.get(k) or ())


@check("required-with-default", "schema", keys=("required",))
def required_with_default(node: SchemaNode, ctx: Context) -> None:
    required = node.schema.get("required")
    properties = node.schema.get("properties")
    if not isinstance(required, list) or not isinstance(properties, dict):
        return
    defaulted = [(name, schema) for name in required if isinstance(name, str)
                 for schema in (properties.get(name),) if isinstance(schema, dict) and "default" in schema]
    if not defaulted:
        return  # the common case, decided before the tool's targets are worked out
    tool = ctx.tool
    if tool is not None and ctx.has_targets(tool) and "openai" in ctx.targets(tool):
        return  # OpenAI strict makes every property required, so a default there is documentation; Anthropic
        # strict keeps optional properties, so the rule applies there (issue 23)
    for name, schema in defaulted:
        if _nullable(schema):
            continue  # `anyOf [T, null]` + default: the strict-mode idiom for an optional parameter
        where = jp.join(node.pointer, "properties", name, "default")
        label = node_label(SchemaNode(schema, None, "properties", name, node, node.depth + 1))
        ctx.report(where, f"`{shown(label)}` is required and also has a `default`",
                   help=f"remove {name!r} from `required`, or remove its `default`",
                   note=f"the default {shown(_json(schema['default']), 40)} never applies: the caller must always "
                        "send it",
                   autofix=fixes.drop_requirement(node.pointer, required, name))
