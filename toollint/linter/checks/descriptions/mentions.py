"""description-names-unknown-parameter: a parameter the description (or its parameter section) names but the
schema lacks: a mismatch a model cannot see through, as it follows the words and the schema decides."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.shared import damerau, finditer_at, literal_starts, space_before
from toollint.linter.context import Context
from toollint.linter.docview import FRAMEWORK_NAMES, may_document, tool_docs, without_results
from toollint.linter.namememo import NameMemo
from toollint.linter.textstats import contains_any, fold_case, is_word_char, name_tokens
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

    names: frozenset[str] = ctx.cached("prose-tool-names", build)  # "tool-names" is tool_names.py's
    return names


def _written_in_file(name: str, ctx: Context) -> bool:
    """The name is a key or a quoted value somewhere in the file (another tool's parameter, an output field, an
    enum value), or a field of an object the text spells out (`{ok, node_path, return_type?}`, a result's
    shape): then the description refers to something real."""
    text = ctx.source.text
    if f'"{name}"' in text or f"'{name}'" in text:
        return True
    escaped = re.escape(name)
    return re.search(rf"^[ \t-]*{escaped}[ \t]*:|[{{,][ \t]*{escaped}\??[ \t]*[:,}}]", text, re.MULTILINE) is not None


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


# What follows a name passed on to another tool, in its clause: "`archiveBase64` unchanged to restore_catalog",
# "`archiveBase64` 原样传给 restore_catalog".
_PASSED_TO = lazy_compile(r"[^.;。；\n]{0,60}?(?:\b(?:to|into)\s+(?:the\s+)?|传给\s*|传入\s*|交给\s*|给\s*)`?"
                          r"([A-Za-z_][\w-]*(?:\.[\w-]+)*)")


def _passed_to_another_tool(text: str, end: int, tool: Tool, tool_names: frozenset[str]) -> bool:
    """Whether the clause after a name passes it to another tool of the set (`... to restore_catalog`)."""
    passed = _PASSED_TO.match(text, end)
    return passed is not None and passed.group(1) != tool.name and \
        (passed.group(1) in tool_names or _fold(passed.group(1)) in tool_names)


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
    start = space_before(low, end)
    if start == end:
        return False
    if low.endswith(_IS_ARE, 0, start):
        return True
    if low.endswith("not", 0, start):
        before = space_before(low, start - 3)
        return before < start - 3 and low.endswith(_IS_ARE, 0, before)
    return False


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
        return finditer_at(_CONDITION, text, literal_starts(_CONDITION_STARTS, fold_case(text)))
    return iter(())


def _may_mention(text: str) -> bool:
    """Whether `_mentions` can find anything in the text: a backtick, or a `_CONDITION` match."""
    if "`" in text:
        return True
    return _may_hold_condition(text) and next(_conditions(text), None) is not None  # no iterator for most texts


def _parameter_like(name: str) -> bool:
    """Whether a name could be a parameter, by its shape alone: not a literal, a file name, an environment
    variable, a plain word or a verb (`get_metrics`: another tool)."""
    head = name.split(".", 1)[0]
    return not (head.lower() in _LITERALS or "." in name or not _looks_like_parameter(name) or head.isupper() or
                name_tokens(head)[:1] in _TOOL_VERBS)


_PARAMETER_LIKE = NameMemo(_parameter_like)  # names repeat (`page_token`, `user_id`): decided once per name


def _check_mentions(where: str, text: str, tool: Tool, ctx: Context, describing: str | None = None) -> None:
    """Report the names `text` gives as arguments that are not parameters of `tool`; `describing` is the parameter
    whose description `text` is, if any. The tests run cheapest first: the name's shape, then the words around
    it, then the tool's parameters and the file."""
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
        if backticked is not None and _passed_to_another_tool(text, backticked.end(), tool, tool_names):
            continue  # "pass `archiveBase64` unchanged to restore_catalog": that tool's argument, this one's output
        if _written_in_file(name, ctx):
            continue  # another tool's parameter, an output field, an enum value
        near = _nearest(name, own)
        if near is not None and near == describing:
            continue  # `swapGroupId`'s text "cannot be used with `swapGroup`": another field of the API, no typo
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
        _check_respelled(tool, ctx)


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
        _check_mentions(jp.join(node.pointer, "description"), description, ctx.tool, ctx, node.name)


def _snake_spelling(name: str) -> str | None:
    """`isRevision` -> `is_revision`: a camelCase or kebab-case name of two or more words in snake_case, the
    spelling a description drifts to. (The other way, a camelCase word beside a snake_case parameter is nearly
    always the field the upstream API returns: `nextToken`, `attachmentSetId`.)"""
    tokens = name_tokens(name)
    if len(tokens) < 2 or not name.isascii() or not all(t.isalnum() for t in tokens):
        return None
    snake = "_".join(tokens)
    return snake if snake != name else None


_SNAKE_SPELLING = NameMemo(_snake_spelling)  # parameter names repeat over a tool set: spelt once per name


def _check_respelled(tool: Tool, ctx: Context) -> None:
    """A camelCase top-level parameter the description names in snake_case ("If is_revision is true" for
    `isRevision`), backticked or not, outside what it says of the result: a model copies the spelling it reads,
    and the schema rejects or drops it. One substring test per parameter, so most tools cost nothing more."""
    if not isinstance(tool.description, str) or "_" not in tool.description:
        return  # a snake_case spelling holds an underscore
    properties = tool.schema.get("properties")
    if not isinstance(properties, dict):
        return
    description: str | None = None
    for name in properties:
        spelling = _SNAKE_SPELLING[name] if isinstance(name, str) else None
        if spelling is not None and spelling in tool.description:
            if description is None:  # the inputs' text: what comes back is spelt as the API returns it
                description = without_results(tool.description)
            if spelling in properties or spelling in _tool_names(ctx) or \
                    not any(_whole_word(line, at, len(spelling)) and _RESULT_WORDS.search(line) is None
                            for line in description.split("\n") for at in _finds(line, spelling)):
                continue
            ctx.report(tool.description_pointer,
                       f"the description names `{shown(spelling, 30)}`, but the parameter is `{shown(name, 30)}`",
                       help=f"write `{name}` as the schema spells it",
                       note="a model copies the spelling it reads; the schema rejects or drops the other one")


# A line about what the call gives back ("pass the returned `attachmentSetId`", "The response includes:",
# `previous_result['nextToken']`): the field keeps the API's spelling there.
_RESULT_WORDS = lazy_compile(r"(?i:return|respons|result|output|includes|contain|yields?\b)|返回|结果|输出|包含")


def _finds(text: str, part: str) -> Iterator[int]:
    at = text.find(part)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


def _whole_word(text: str, start: int, length: int) -> bool:
    end = start + length
    return (start == 0 or not is_word_char(text[start - 1])) and (end >= len(text) or not is_word_char(text[end]))

