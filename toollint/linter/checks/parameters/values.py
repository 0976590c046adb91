"""values-only-in-prose: allowed values listed only in the words of a description (or its parameter section),
with no `enum`: a model follows the words, and nothing stops it from sending another spelling."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.shared import finditer_at, literal_starts, space_before
from toollint.linter.context import Context, node_label
from toollint.linter.docview import documented, ends_on_joiner, tool_docs
from toollint.linter.paramview import param_of
from toollint.linter.textstats import contains_any, fold_case, literal_trie, name_tokens
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# values-only-in-prose

# A value: a word or a code, maybe quoted; quoted, it may be Chinese (`{'今日','5日'}`). (The CJK range is matched
# case-sensitively: under IGNORECASE, compiling it folds the case of each of its 21,000 characters.)
_VALUE = r"(?:[\"'`“‘]?[A-Za-z0-9][\w.+/-]{0,63}[\"'`”’]?|[\"'`“‘](?-i:[\u4e00-\u9fff])[\w.+/-]{0,31}[\"'`”’])"
# A note in parentheses after a listed value, before the next one: "PLATE, CYLINDER (targets), HEAT_DETECTOR".
_VALUE_NOTE_AFTER = r"[ \t]*[(（][^()（）\n]{1,80}[)）](?=\s*(?:,|、|，|;|或|和|\bor\b|\band\b))"
# Words that close a set before a plural and a colon: "Available IDs:", "Supported formats:".
_CLOSING_WORDS = ("available", "valid", "supported", "supports", "allowed", "accepted", "possible")
_PLURAL_AFTER = r"\s+(?:[a-z]+\s+)?"  # then the plural: "Available topic IDs:"
_SEP = r"(?:\s*(?:,|、|，|/|\||;|或|和)\s*(?:or\s+|and\s+|或\s*|和\s*)?|\s+(?:or|and)\s+)"  # ("a、b、或 c")
# "one of: a, b, c", "Allowed values: a | b", "可选值：a、b、c", "支持：a、b" (supported:), "[Enum]: [...]", "Here are the options: a, b",
# "Available: a, b" (a word that says the set is closed, then a colon), "Available IDs: a, b" (a plural after such a
# word, then a colon: it lists the values only
# when the plural names what the parameter holds, `ids` for `topicId`; "Supported formats:" of `archivePath` lists
# the formats of the file at the path).
# The `\b` every English cue starts with stands before the alternation, so the search gives up at once at the
# positions inside a word instead of trying each cue there (`[enum]`, which starts with another character than
# any cue next to it, moved behind them).
_LISTED = lazy_compile(
    r"(?:\b(?:one\s+of|allowed\s+values?|valid\s+values?|possible\s+values?|accepted\s+values?|"
    r"supported\s+values?|available\s+values?|must\s+be\s+(?:either|one\s+of)|can\s+be\s+(?:either|one\s+of)|"
    r"options?\s+(?:are|is)|the\s+options\b|options\s*:|values?\s*:|enum\b|"
    rf"(?:{'|'.join(_CLOSING_WORDS)}){_PLURAL_AFTER}(?P<plural>[a-z]+s)(?=\s*[:：])|"
    rf"(?:{'|'.join(_CLOSING_WORDS)})(?=\s*[:：]))|\[enum\]|"
    r"可选值|取值(?:范围)?(?:为|是)?|可选(?:项|参数)?(?:为|有|包括)?|只能是|必须是|之一|支持(?:的(?-i:[\u4e00-\u9fff]){1,6})?(?=\s*[:：]))"
    r"\s*(?:are|is)?\s*[:：]?\s*[\[(（{]?\s*"
    rf"(?P<values>{_VALUE}(?:{_VALUE_NOTE_AFTER})?(?:{_SEP}{_VALUE}(?:{_VALUE_NOTE_AFTER})?){{1,29}})", re.IGNORECASE)
# Every cue of `_LISTED` is Chinese or holds, lower-cased (`fold_case`), `value` or a match of one of these
# regexes, each tried only when its word occurs: each starts with a literal, which the regex engine finds at
# memchr speed, where one alternation of them all is tried at every position of the text.
_LISTED_CJK = ("可选", "取值", "只能是", "必须是", "之一", "支持")
_LISTED_CUES = (("option", re.compile(r"option[s\s]")), ("one", re.compile(r"one\s+of")),
                ("either", re.compile(r"be\s+either")), ("enum", re.compile(r"enum\b")))
_PLURAL_CUES = tuple((word, re.compile(word + _PLURAL_AFTER + r"[a-z]+s\s*[:：]|" + word + r"\s*[:：]"))
                     for word in _CLOSING_WORDS)  # ("Available topics:", or "Available:" alone)


def _may_list(low: str) -> bool:
    """Whether `low` (`fold_case` of a text) holds an English cue of `_LISTED` (an exact pre-filter)."""
    if "value" in low:
        return True
    for word, cue in _LISTED_CUES:
        if word in low and cue.search(low) is not None:
            return True
    if ":" in low or "：" in low:  # the plural cues ("Available IDs:") end in one
        for word, cue in _PLURAL_CUES:
            if word in low and cue.search(low) is not None:
                return True
    return False


# Every cue starts, lower-cased, with one of these (`the options` is found through its `option`). A literal trie,
# which the regex engine scans quickly; `_LISTED` is then tried only where one starts, instead of at every
# position of the text.
_LISTED_STARTS = literal_trie(("one", "allowed", "valid", "possible", "accepted", "supported", "supports", "available", "must",
                               "can", "option", "value", "enum", "[enum]", "可选", "取值", "只能是", "必须是", "之一", "支持"))
# "(economy, premium, business)", `("all", "stdout", "stderr")`: three or more words, bare or quoted, in parentheses
# (a quoted one in any case: `("CBC", "GLPK", "CPLEX")`),
# not after "e.g." nor a call's `f(` nor a quote (`'(col,year,month)'` is a literal tuple); after a CJK character,
# as Chinese writes `类型（a, b, c）`. The lookbehind follows the parenthesis so the search can jump from one
# parenthesis to the next.
_PAREN_VALUE = r"(?:[\"'`“‘]?[a-z][\w-]{0,20}[\"'`”’]?|[\"'`“‘][A-Za-z0-9][\w-]{0,20}[\"'`”’])"
_PARENS = lazy_compile(rf"[(（](?<![A-Za-z0-9_.+*?^|)\]'\"`][(（])\s*(?P<values>{_PAREN_VALUE}(?:\s*(?:,|/|\|)\s*"
                       rf"(?:or\s+)?{_PAREN_VALUE}){{2,19}})\s*[)）]")
# "HTTP method (GET, POST, PUT, DELETE)", "position (C, 1B, 2B, SS)": three or more upper-case codes in parentheses
# (one letter, or digits before a capital), for a choice
# (`CHOICE_NAMES`) alone, in a text that gives no examples: "Currency (USD, EUR, GBP)" gives some of an open set.
_CODE = r"(?:[A-Z][A-Z0-9_]{0,20}|[0-9]{1,4}[A-Z][A-Z0-9_]{0,20})"  # `GET`, `C`, `1B`, `4K`: a capital in each
_PARENS_CODES = lazy_compile(rf"[(（]\s*(?P<values>{_CODE}(?:\s*(?:,|/|\||、|，)\s*(?:or\s+)?{_CODE}){{2,19}})\s*[)）]")
# "Output format (html or markdown)": two bare words joined by `or`, alone in parentheses. Only for a parameter
# whose name says it picks one (`CHOICE_NAMES`): "Repository owner (username or organization)" says what it is.
_PAREN_PAIR = lazy_compile(r"[(（]\s*(?P<values>[a-z][\w-]{0,20}\s+or\s+[a-z][\w-]{0,20})\s*[)）]")
# "Output format: file or inline": two bare words joined by `or` after a label's colon, ending the sentence (or
# before a parenthesis), for a choice (`CHOICE_NAMES`) as `_PAREN_PAIR`; "Sort order: newest or oldest first" goes on.
_LABEL_PAIR = lazy_compile(r"[:：][ \t]*(?P<values>[a-z][\w-]{0,20}[ \t]+or[ \t]+[a-z][\w-]{0,20})[ \t]*(?:[.;(（]|$)")
# "The format of the response in markdown or json": names of text or file formats, the last joined by `or`, for a
# parameter named for a format alone. Lower case, as the values are written: "JSON or Markdown" may be prose.
_FORMAT_WORDS = r"(?:json|jsonl|ndjson|markdown|md|html|text|txt|plain|csv|tsv|xml|yaml|yml|toml|pdf|png|jpe?g|svg|webp|docx|xlsx)"
_FORMAT_CHOICE = lazy_compile(rf"\b(?P<values>{_FORMAT_WORDS}(?:\s*[,、，]\s*{_FORMAT_WORDS})*(?:,?\s+or\s+|\s*或\s*)"
                              rf"{_FORMAT_WORDS})\b"
                              r"(?!\s*[-/(])")
# "Sort order (asc/desc)", "asc or desc": the two directions of a sort, a closed pair written in any joiner, for a
# parameter named for the direction (`sort_order`, `direction`); `sort` alone often takes a field and a direction.
_SORT_DIRECTIONS = lazy_compile(r"(?<![\w-])(?P<values>[\"'`]?(?:asc|ascending)[\"'`]?[ \t]*(?:/|\||,|,?[ \t]or|或)[ \t]*"
                                r"[\"'`]?(?:desc|descending)[\"'`]?|[\"'`]?(?:desc|descending)[\"'`]?[ \t]*"
                                r"(?:/|\||,|,?[ \t]or|或)[ \t]*[\"'`]?(?:asc|ascending)[\"'`]?)(?![\w-])", re.IGNORECASE)
_DIRECTION_ENDS = frozenset({("order",), ("direction",), ("dir",)})
# "Data freshness (final, all). Default: final": two words joined by a comma or a slash, alone in parentheses,
# list the values of a choice (`CHOICE_NAMES`) when the text says one of them is the default; without that,
# "Image size (width, height)" would be read as two values.
_PAREN_TWO = lazy_compile(r"[(（]\s*(?P<values>[a-z][\w-]{0,20}\s*[,/]\s*[a-z][\w-]{0,20})\s*[)）]")
_DEFAULT_NAMED = lazy_compile(r"(?:\b(?:defaults?|by\s+default)\b\s*(?:is|to|[:=])?|默认(?:为|是|值)?\s*[:：]?)\s*"
                              r"[\"'`]?(?P<value>[a-z][\w-]{0,20})", re.IGNORECASE)
# The cues `_ends_with` looks for, in lower case: it searches them case-sensitively in folded text (`fold_case`),
# where the regex engine skips an alternative on its first letter (IGNORECASE tries each).
# Words that make the values after them some of the set: "Common values: a, b, c", "Popular:", 常用.
_SOME = r"\b(?:common|typical|popular|usual|recommended|suggested)"
_SOME_CJK = "常用|常见|推荐|建议"
# The same just before the values in any form ("Common codes: \"120\": annual report", "Common values: ['a', 'b']").
_SOME_NEAR = lazy_compile(rf"{_SOME}\b|{_SOME_CJK}", re.IGNORECASE)
_SOME_BEFORE = lazy_compile(rf"{_SOME}\s*$|(?:{_SOME_CJK})\s*$")  # right before the cue
_EXAMPLE_CUE = lazy_compile(r"(?:e\.g\.?|i\.e\.?|eg\.?|z\.\s?b\.?|such\s+as|for\s+example|for\s+instance|like|including|"
                          r"\$filter|例如|比如|如|예시|예를\s+들(?:어|면)|예(?=\s*[:：]))\s*[:：,]?\s*$")
# ("Supports $filter (eq, ne, in)": its operators. 예:, 예시 and 예를 들어 are Korean's "e.g.".)
_CONDITION_BEFORE = lazy_compile(r"\b(?:for|when|if|in|with|on|unless)\s*$|(?:当|如果|对于)\s*$")
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
    context = 1 if start else 0  # the character before, which a `\b` at `start` looks at
    return cue.search(fold_case(text[start - context:end]), context) is not None


_OPEN_ENDED = lazy_compile(r"\betc\b|\botherwise\b|\bany\s+other\b|否则|\.\.\.|…|\band\s+(?:more|others|so\s+on)\b|\b\d+\+?\s+(?:more|others)\b|\bamong\s+others\b|\bcustom\b|"
                         r"\bor\s+(?:an?\s+)?(?:any|another|other|specific|arbitrary)\b|\bor\s+an?\s+(?:valid|[\w-]+-specific)\b|\bnot\s+limited\s+to\b|等|或(?:其他|其它|任意|任何|指定)|"
                         r"\bprefix(?:ed)?\s+(?:it\s+|them\s+|each\s+|a\s+value\s+|the\s+\w+\s+)?(?:with|by)\b", re.IGNORECASE)


def _open_ended(text: str, values: list[str]) -> bool:
    """Whether `text` leaves the list open ("etc.", "or a custom one"). A word of `_OPEN_ENDED` that is one of the
    listed `values` ("blocklist, allowlist, custom") opens nothing, unless `or` puts it last ("application, host,
    or custom": a custom one) or it is `etc` itself."""
    listed = {value.lower() for value in values} - {"etc"}
    return any(found.group(0).lower() not in listed or _OR_BEFORE.search(text, 0, found.start()) is not None
               for found in _OPEN_ENDED.finditer(text))


_OR_BEFORE = lazy_compile(r"\bor\s+$")


_EXAMPLE_ANYWHERE = lazy_compile(r"\be\.g\.|\bz\.\s?b\.|\bsuch\s+as\b|\bfor\s+example\b|\bfor\s+instance\b|\bexamples?\s*:|例如|比如|示例[:：]|"
                                 r"예시|예를\s+들(?:어|면)|예\s*[:：]",
                                 re.IGNORECASE)
# "already request ... by default (\"external_issues\" / \"external_issue\")": the values the tool picks unasked,
# not the whole set the parameter takes.
_DEFAULT_BEFORE = lazy_compile(r"\bby\s+default\s*[:(（]?\s*$|\bdefaults?\s*(?:is|are|to)?\s*[:(（]\s*$|默认(?:为|是)?\s*[:：(（]?\s*$")
_STRIP = "\"'`“”‘’ []()（）{}."


def _values(match: re.Match[str]) -> list[str]:
    values = _NOTE_AFTER_LAST.sub("", _NOTE_AFTER_VALUE.sub("", match.group("values")))
    parts = re.split(_SEP, values)
    return [p.strip(_STRIP) for p in parts if p.strip(_STRIP)]


_NOTE_AFTER_VALUE = lazy_compile(_VALUE_NOTE_AFTER)
# The note after the last value, where no separator follows inside the list: "hk(港股), us(美股)".
_NOTE_AFTER_LAST = lazy_compile(r"(?<=\w)[ \t]*[(（][^()（）\n]{1,80}[)）]$")
_LIST_GOES_ON = lazy_compile(r"[ \t]*[(（][^()（）]*[)）]\s*(?:,|、|，|;|或|\bor\b)")


# What explains a quoted value after it: "for", "means", an arrow, a verb of what it does ("'full' returns
# everything"), or Chinese straight after it ("'cheapest'按最低价排序").
_EXPLAINED_BY = (r"for\b|means\b|->|→|表示|代表|为|仅|(?:returns|sorts|orders|shows|lists|gives|selects|keeps)\b"
                 r"|(?=[\u4e00-\u9fff])")
# "'l' for lines, 'w' for words", "`asc` = oldest first", '"all"为双平台，"jd"仅京东': each value quoted and explained.
# The lookbehinds (no `{` or `:` just before the quote) follow the quote so the search can jump from one quote to the next.
_EXPLAINED = lazy_compile(r"[\"'`“‘](?<![{:]\s[\"'`“‘])(?<![{:][\"'`“‘])([A-Za-z0-9][\w.+/-]{0,30})[\"'`”’]\s*"
                        r"(?:[(（][^()（）\n]{1,30}[)）]\s*)?"  # a note before the colon: "'managed' (MySQL only): ..."
                        rf"(?:{_EXPLAINED_BY}|[:：](?=\s*[A-Za-z\u4e00-\u9fff]))\s*(?![\"'{{\[])\S")
_OPEN_QUOTES = ("\"", "'", "`", "“", "‘")
# The closing quote of an `_EXPLAINED` match and what follows it (the `:` without its lookahead). Its matches
# cannot overlap (each holds one quote, at its start), so each `_EXPLAINED` match has one of its own.
_EXPLAINED_TAIL = lazy_compile(rf"[\"'`”’]\s*(?:[(（][^()（）\n]{{1,30}}[)）]\s*)?(?:{_EXPLAINED_BY}|[:：])")


def _cue_starts(low: str) -> Iterator[int]:
    """The positions, ascending, where a `_LISTED` cue may start in `low` (`fold_case` of the text)."""
    for start in literal_starts(_LISTED_STARTS, low):
        if low.startswith("option", start):  # and `the` before it, after white space?
            before = space_before(low, start)
            if before < start and low.endswith("the", 0, before):
                yield before - 3
        yield start


def _listed_matches(text: str) -> Iterator[re.Match[str]]:
    """`_LISTED.finditer(text)`, the regex tried only where a cue starts (nowhere in most texts)."""
    low = fold_case(text)
    if _may_list(low) or not text.isascii() and contains_any(text, _LISTED_CJK):
        return finditer_at(_LISTED, text, _cue_starts(low))
    return iter(())


_ID_ENDS = (("id",), ("ids",), ("uuid",), ("key",))


def listed_values(text: str, name: str = "") -> list[str] | None:
    """The allowed values a description lists, or None when it lists none (examples do not count). When `name`
    says the parameter picks one of a few (`format`, `sort_order`), two words in parentheses list them too."""
    # Pre-filters, each exact: two explained values need an opening quote and two `_EXPLAINED_TAIL` matches,
    # `_PARENS` an opening parenthesis and two separators, `_LISTED` one of its cues (`_listed_matches`).
    explained: list[str] = []
    if contains_any(text, _OPEN_QUOTES) and len(_EXPLAINED_TAIL.findall(text)) >= 2:
        explained = [m.group(1) for m in _EXPLAINED.finditer(text) if not _ends_with(_EXAMPLE_CUE, text, m.start())
                     and not _ends_with(_CONDITION_BEFORE, text, m.start())]
    if len(explained) >= 2 and "{" not in text and not _open_ended(text, explained) and \
            not _named_default_outside(text, explained) and \
            not _EXAMPLE_ANYWHERE.search(text) and \
            not all(v.lower() in ("true", "false") for v in explained) and len(set(explained)) == len(explained):
        return explained
    found: list[Iterator[re.Match[str]]] = [_listed_matches(text)]
    id_name = name_tokens(name)[-1:] in _ID_ENDS
    if ("(" in text or "（" in text) and text.count(",") + text.count("/") + text.count("|") >= 2 and not id_name:
        found.append(_PARENS.finditer(text))  # (not of an id: "ID of the item (document, chunk, image)" names kinds)
    if " or " in text and (":" in text or "：" in text) and _picks_one(name):
        found.append(_LABEL_PAIR.finditer(text))
    if (" or " in text or "或" in text) and name_tokens(name)[-1:] == ("format",):
        found.append(_FORMAT_CHOICE.finditer(text))
    if name_tokens(name)[-1:] in _DIRECTION_ENDS and "sc" in text.lower():
        found.append(_SORT_DIRECTIONS.finditer(text))
    if ("(" in text or "（" in text) and _picks_one(name):
        if contains_any(text, (",", "/", "|", "、", "，")):
            # Codes unless the text gives examples ("Examples: ... (PNG, JPG, PDF)"), asked once codes matched.
            found.append(m for m in _PARENS_CODES.finditer(text) if not _EXAMPLE_ANYWHERE.search(text))
        if " or " in text:
            found.append(_PAREN_PAIR.finditer(text))
        if "efault" in text or "默认" in text:
            found.append(m for m in _PAREN_TWO.finditer(text) if _default_among(m, text))
    for matches in found:
        for match in matches:
            if _ends_with(_EXAMPLE_CUE, text, match.start()) or _ends_with(_EXAMPLE_CUE, text, match.start("values")):
                continue
            if _ends_with(_SOME_BEFORE, text, match.start()):
                continue  # "Common values: a, b": some of the set
            if _NEGATED_BEFORE.search(text, max(0, match.start() - _NEGATION_REACH), match.start()) is not None:
                continue  # "Must not use reserved names (anthropic, openai, azure)": the values it may not take
            if not _names_the_parameter(match.groupdict().get("plural"), name):
                continue  # "Supported formats:" of a path: the formats of its file
            if id_name and match.group(0)[:3].lower() in ("can", "mus"):
                continue  # "The cell can be either vertex or edge" of `cell_id`: what the id points at
            if _LIST_GOES_ON.match(text, match.end()):
                continue  # a note too long to read past, then more values: only part of the list was read
            values = _values(match)
            if _open_ended(text[match.start():match.end() + 80], values):
                continue  # "..., etc.", "or any custom object", "..., and 30+ more": the list is not the whole set
            if len(values) >= 2 and len(set(values)) == len(values) and not any(v.isdigit() for v in values) and \
                    not all(v.lower() in ("true", "false") for v in values) and "null" not in values:
                return values  # ("Allowed values: null, Minor, Adult": an `enum` of them would need JSON null)
    return None


# A negation in the clause before the values: they are the ones the parameter may not take ("Must not use reserved
# names (a, b, c)", "cannot be one of", "except", 不能使用).
_NEGATED_BEFORE = lazy_compile(r"(?:\b(?:must\s+not|mustn't|cannot|can't|can\s+not|may\s+not|should\s+not|shouldn't|"
                               r"never|except|excluding|other\s+than|besides)\b|不能|不得|不可|禁止|除了?)[^.;!?。；！？\n]*$",
                               re.IGNORECASE)
_NEGATION_REACH = 80  # characters before the values searched for it


def _named_default_outside(text: str, values: list[str]) -> bool:
    """Whether the text names a default that is none of the values ("(default: 'default'). Use 'docs' for
    documents, 'all' for cross-store search."): the values are some of the set, beside the default."""
    if "efault" not in text and "默认" not in text:
        return False
    named = _STATED_DEFAULT.search(text)
    return named is not None and named.group("value").lower() not in {v.lower() for v in values} and \
        named.group("value").lower() not in ("none", "null", "empty")


# A default stated as one: "(default: 'default')", "defaults to x", "默认为 x" ("Default based on ..." is none).
_STATED_DEFAULT = lazy_compile(r"(?:\bdefaults?\s*(?:is\s+|to\s+|[:=]\s*)|默认(?:为|是|值)?\s*[:：]?\s*)[\"'`]?"
                               r"(?P<value>[A-Za-z0-9][\w-]{0,30})", re.IGNORECASE)


def _default_quoted_among(values: str, after: str) -> bool:
    """Whether the text after quoted values names one of them, quoted, as the default ("Defaults to 'bottom_right'")."""
    named = _DEFAULT_NAMED.search(after)
    if named is None or after[named.start("value") - 1:named.start("value")] not in ("'", '"', "`"):
        return False
    return re.search(rf"[\"'`“‘]{re.escape(named.group('value'))}[\"'`”’]", values, re.IGNORECASE) is not None


def _default_among(match: re.Match[str], text: str) -> bool:
    """Whether the text names one of the two values of a `_PAREN_TWO` match as the default."""
    values = {v.lower() for v in _values(match)}
    return any(m.group("value").lower() in values for m in _DEFAULT_NAMED.finditer(text))


def _names_the_parameter(plural: str | None, name: str) -> bool:
    """Whether a plural cue ("Available IDs:") names what the parameter holds: a token of its name (`topicId`)."""
    if plural is None:
        return True  # another cue ("one of", "allowed values")
    tokens, plural = name_tokens(name), plural.lower()
    return plural in tokens or plural[:-1] in tokens or (plural.endswith("es") and plural[:-2] in tokens)


# Keywords that constrain or explain the values already (a set test over the node's few keys, not seven lookups).
_CONSTRAINED = frozenset(("enum", "const", "anyOf", "oneOf", "pattern", "format", "items"))
# The schema check's test: the same, but an `anyOf` may be the optional idiom (`str | None`) and `items` an array's
# strings, which it looks into.
_CONSTRAINED_HERE = _CONSTRAINED - {"anyOf", "items"}
# A declared type other than string is the parameter's type unless another schema is merged in.
_OTHER_TYPES = frozenset(("integer", "number", "boolean", "array", "object"))
_MERGED = frozenset(("$ref", "allOf"))
# What already constrains or points elsewhere for a value: the docstring path looks into `anyOf` and `items` itself.
_VALUE_KEYWORDS = frozenset(("enum", "const", "pattern", "format", "oneOf", "$ref", "allOf"))


def _unconstrained(keys: tuple[str, ...]) -> bool:
    return _CONSTRAINED_HERE.isdisjoint(keys)


# Only property nodes with a description and none of the `_CONSTRAINED` keywords: decided once per node shape.
@check("values-only-in-prose", "schema", keys=("description",), properties_only=True, when=_unconstrained)
def values_only_in_prose(node: SchemaNode, ctx: Context) -> None:
    description = node.schema.get("description")
    if not isinstance(description, str) or len(description) < 8:
        return
    declared = node.schema.get("type")
    if isinstance(declared, str) and declared in _OTHER_TYPES and declared != "array" and \
            _MERGED.isdisjoint(node.schema):
        return  # plainly no string: the parameter view would say so after more work
    if ("anyOf" in node.schema or "items" in node.schema) and not _takes_strings(node.schema, None):
        return  # a union of kinds or an array of anything but plain strings, before its text is read
    # The text next: few descriptions list values, and the parameter view is built only for those.
    if not contains_any(description, _JOINERS) and not contains_any(description, _OPEN_QUOTES):
        return  # no two values without something between them: many descriptions, settled without a pattern
    values = _allowed_values_in(ctx, description, node.name or "", node.schema.get("title"), node.schema.get("default"))
    many = _takes_many(node.schema)  # (its items are plain strings: `_takes_strings` said so above)
    if values is None and not many:
        values = whole_text_choice(description, node.name or "")  # "low, medium, or high.", "Type: STATIC or DYNAMIC"
    if values is None or _takes_no_value_set(node.name):
        return
    if not many:
        param = param_of(node, ctx)
        if not param.is_string or param.first("enum") is not None or param.first("const") is not None:
            return
    if node.parent is not None and (_siblings_values_in(values, node.parent.schema, node.name) or
                                    _names_siblings(values, node.parent.schema)):
        return  # "required for user, group": the values of the neighbouring `type`, named to say when
    if _default_outside(values, node.schema):
        return
    _report_values(ctx, node.pointer, node_label(node), values, "the description", many=many,
                   default=node.schema.get("default"))


# What stands between two listed values in every form `allowed_values` knows but explained ones (which are quoted): a
# separator of `_SEP`, or a line break.
_JOINERS = (",", "/", "|", ";", "\n", " or ", " and ", "、", "，", "；", "或", "和", "또는")


def _default_outside(values: list[str], schema: dict[str, Any]) -> bool:
    """A string default that is none of the listed values (`"fixed-point"` beside "exact, float"): the text
    names some values, not the whole set, and an `enum` of them would reject the default."""
    default = schema.get("default")
    return isinstance(default, str) and default != "" and default.lower() not in {v.lower() for v in values}


def _names_siblings(values: list[str], schema: Any) -> bool:
    """Whether a listed value is the name of a property beside this one: "all other parameters (start_time,
    end_time)" names parameters, not values."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return isinstance(properties, dict) and not properties.keys().isdisjoint(values)


def _section_names_siblings(values: list[str], schema: Any) -> bool:
    """Whether half or more of a section's entries are properties beside this one: a section of parameters. One
    operation that shares a flag's name (`calltab`, the operation, beside `calltab`, whether to run it) leaves
    it a section of values."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return isinstance(properties, dict) and 2 * len(properties.keys() & set(values)) >= len(values)


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
        if not _VALUE_KEYWORDS.isdisjoint(prop) or _takes_no_value_set(name):
            continue  # `_takes_strings` looks into `anyOf` and `items`
        if _own_text_lists(name, prop, ctx):
            continue  # reported by the schema check
        if len(found.text) < 8 or not _takes_strings(prop, found.type_name):
            continue
        if ends_on_joiner(found.text):
            continue  # an entry cut mid-list (`mode: "horizontal" (...), "vertical" (...),`, the rest below it): some
            # of the set
        values = _allowed_values_in(ctx, found.text, name, prop.get("title"), prop.get("default"))
        if values is None and not _takes_many(prop):
            values = whole_text_choice(found.text, name)  # one string, its entry only a list or a choice: pick one
        if values is None and ("/" in found.text or "|" in found.text) and not _takes_many(prop):
            values = slashed_values(found.text)  # `CN/US (default CN)`, `decimal | american`: the entry is the choice
        if values is None and _BULLET.search(found.text) is not None and not _takes_many(prop):
            values = bulleted_values(found.text)  # `- "working" (default): every change` under the entry
        if values is not None and not _siblings_values_in(values, tool.schema, name) and \
                name not in values and not _default_outside(values, prop):  # ("exactly one of `x` or `y`")
            _report_values(ctx, jp.join(tool.schema_pointer, "properties", name), name, values,
                           "the docstring's entry", default=prop.get("default"))


@check("values-only-in-prose", "tool")
def values_in_a_section(tool: Tool, ctx: Context) -> None:
    """Allowed values given as a section of the tool description headed by the parameter's name (`Operations:`
    for `operation`, `Actions:` for `action`), each entry a value and what it does: the values of a tool that
    dispatches on one parameter. Not a parameter section (`Args:` of a parameter named `args`): its entries are
    the tool's parameters."""
    description = tool.description
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    if not isinstance(description, str) or not isinstance(properties, dict) or "\n" not in description:
        return
    headers = section_headers(description)
    if not headers:
        return  # most descriptions: no line is a word and a colon
    by_key = {name.lower(): name for name in properties if isinstance(name, str)}
    reported: set[str] = set()
    for word, start, indent in headers:
        # `Operations:` heads `operation` (or `operations`, when that one takes a string)
        names = [by_key.get(key) for key in (word, word[:-1], word[:-2]) if key]
        name = next((n for n in names if n is not None and _picks_from_section(n, properties[n])), None)
        if name is None or name in reported:
            continue
        prop = properties[name]
        values = _entries_after(description.split("\n"), description.count("\n", 0, start) + 1, indent)
        if values is None or _section_names_siblings(values, tool.schema) or _listed_by_its_text(name, prop, ctx, tool) \
                or _siblings_values_in(values, tool.schema, name) or _default_outside(values, prop):
            continue
        reported.add(name)
        _report_values(ctx, jp.join(tool.schema_pointer, "properties", name), name, values,
                       "a section of the tool description", default=prop.get("default"))


@check("values-only-in-prose", "tool")
def values_in_a_labelled_sentence(tool: Tool, ctx: Context) -> None:
    """Allowed values given in a sentence of the tool description labelled with the parameter's name in the plural
    (`Operations: flow/clone, aiagent/train, sessions/inject-state.` for `operation`): the one-line form of a
    section. The values are kept whole (`flow/clone`), as the text writes them."""
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    description = tool.description
    if not isinstance(properties, dict) or not isinstance(description, str) or description.count(",") < 2:
        return
    by_key: dict[str, str] = {}
    for colon in _PLURAL_COLON.finditer(description):
        by_key = by_key or {name.lower(): name for name in properties if isinstance(name, str)}
        if _labels_a_parameter(description, colon.end() - 1, by_key):
            break
    else:
        return  # most descriptions: no colon after a parameter's name, before the docstring's sections are read
    prose = tool_docs(tool, ctx).prose
    for colon in _COLON.finditer(prose):
        at = colon.start()
        label = _LABEL_BEFORE.search(prose[max(0, at - 60, prose.rfind("\n", 0, at) + 1):at])
        if label is None:
            continue
        name = _named_in_plural(label.group("word"), by_key)
        listed = _INLINE_VALUES.match(prose, at + 1) if name is not None else None
        if name is None or listed is None or not _picks_from_section(name, properties[name]):
            continue
        values = [v.strip(_STRIP) for v in re.split(r"\s*,\s*(?:or\s+|and\s+)?", listed.group("values"))]
        if _listed_by_its_text(name, properties[name], ctx, tool) or \
                not _stands_as_its_set(values, name, properties[name], prose[at:listed.end() + 80], tool, ctx):
            continue
        _report_values(ctx, jp.join(tool.schema_pointer, "properties", name), name, values, "the tool description",
                       default=properties[name].get("default"))
        return


@check("values-only-in-prose", "tool")
def values_after_the_name(tool: Tool, ctx: Context) -> None:
    """Allowed values written after the parameter's own name in the tool description's prose, joined by `|`
    (`role:Wind|Wall|Door.`, `format: html|markdown`, `assignee (hamza|sana|ali)`) or by commas when the sentence ends with them (`status:
    all, running, failed or cancelled.`): the one-line form of an `Args:` entry."""
    description = tool.description
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    if not isinstance(description, str) or not isinstance(properties, dict):
        return
    # The raw description first (the prose is part of it): most hold no `|` and no word between a colon and a comma.
    piped = "|" in description
    listed = ("," in description and ":" in description and _COLON_WORD_COMMA.search(description) is not None) or \
        (not description.isascii() and contains_any(description, _WIDE_MARKS) and
         _WIDE_COLON_WORD_COMMA.search(description) is not None)
    slashed = contains_any(description, _QUOTES_SLASHED)
    if not piped and not listed and not slashed:
        return
    prose = tool_docs(tool, ctx).prose
    piped = piped and "|" in prose
    for name, prop in properties.items():
        if not isinstance(name, str) or not name or name not in prose:
            continue
        found = _name_and(_NAME_AND_PIPED, prose, name) if piped else None
        if found is None and piped:
            found = _name_and(_NAME_AND_PIPED_IN_PARENS, prose, name)
        if found is None and listed:
            found = _name_and(_NAME_AND_COMMAS, prose, name)
        if found is None and slashed:
            found = _name_and(_NAME_AND_QUOTED_SLASHED, prose, name)
        if found is None or not _picks_from_section(name, prop) or _listed_by_its_text(name, prop, ctx, tool):
            continue
        values = _values(found)  # (split by `_SEP`, which holds every joiner of both forms)
        if _types_only(values, name) or \
                not _stands_as_its_set(values, name, prop, prose[found.start():found.end() + 80], tool, ctx):
            continue
        _report_values(ctx, jp.join(tool.schema_pointer, "properties", name), name, values, "the tool description",
                       default=prop.get("default"))


def _name_and(pattern: re.Pattern[str], prose: str, name: str) -> re.Match[str] | None:
    """`pattern` matched where `name` stands in the prose (tried at each place, not searched: most prose holds no
    parameter's name)."""
    at = prose.find(name)
    while at >= 0:
        found = pattern.match(prose, at - 1 if at and prose[at - 1] == "`" else at)
        if found is not None and found.group("name") == name:
            return found
        at = prose.find(name, at + 1)
    return None


# A parameter's name (maybe backticked), a colon or `=`, and two or more values joined by `|`. After a backticked name
# or a short note in parentheses the colon may be left out: `` `action` (required) take|pass|drop ``.
_PIPED_WORDS = r"[\"'`]?[\w-]{1,40}[\"'`]?(?:[ \t]*\|[ \t]*[\"'`]?[\w-]{1,40}[\"'`]?)+"  # `a|b|c`, each maybe quoted
_NAME_AND_PIPED = lazy_compile(r"(?<![\w.`/-])`?(?P<name>[A-Za-z_]\w{0,40})`?(?:[ \t]*[(（][^()（）\n]{1,20}[)）])?"
                               r"(?:[ \t]*[:：=][ \t]*|(?<=[`)])[ \t]+|(?<=）)[ \t]*)"
                               rf"(?P<values>{_PIPED_WORDS})(?![\w|/-])")
# The same in parentheses right after the name: "filtered by assignee (hamza|sana|ali) and due date".
_NAME_AND_PIPED_IN_PARENS = lazy_compile(r"(?<![\w.`/-])`?(?P<name>[A-Za-z_]\w{0,40})`?[ \t]*[(（][ \t]*"
                                         rf"(?P<values>{_PIPED_WORDS})[ \t]*[)）]")
# "status: all, running, completed, failed or cancelled.": the name and a colon, three or more bare words joined by
# commas (the last maybe by "or", 或), and the sentence ends there. ASCII words: `\w` would run on into 或.
_WORD = r"[a-z][A-Za-z0-9_-]{0,24}"
_NAME_AND_COMMAS = lazy_compile(rf"(?<![\w.`/-])`?(?P<name>[A-Za-z_]\w{{0,40}})`?[ \t]*[:：][ \t]*"
                                rf"(?P<values>{_WORD}(?:[ \t]*[,、，][ \t]*{_WORD})+"
                                rf"(?:,?[ \t]+or[ \t]+|[ \t]*(?:[,、，]|或|和)[ \t]*){_WORD})"
                                r"[ \t]*(?:[.;。；]?[ \t]*$|[.;][ \t]+(?=[A-Z])|[。；])", re.MULTILINE)
# "strategy: "keep_a"/"keep_b"/"keep_both"/"merge"": the name and a colon, three or more quoted values joined by `/`.
_NAME_AND_QUOTED_SLASHED = lazy_compile(r"(?<![\w.`/-])`?(?P<name>[A-Za-z_]\w{0,40})`?[ \t]*[:：=][ \t]*"
                                        r"(?P<values>(?P<q>[\"'`])[\w-]{1,40}(?P=q)"
                                        r"(?:[ \t]*/[ \t]*(?P=q)[\w-]{1,40}(?P=q)){2,})(?![\w/-])")
_QUOTES_SLASHED = ('"/"', "'/'", "`/`")
# Its quick tests, one scan of the description each: a pattern led by one literal character skips to it in C.
_COLON_WORD_COMMA = lazy_compile(rf":[ \t]*{_WORD}[ \t]*,")
_WIDE_COLON_WORD_COMMA = lazy_compile(rf"[:：][ \t]*{_WORD}[ \t]*[,、，]")
_WIDE_MARKS = ("：", "、", "，")  # (a description with none of them needs only the first test)
# The names of value types: `x: str|None` is a type annotation, "(number, string, bool)" the types a value is read as.
_TYPE_WORDS = frozenset({"str", "string", "int", "integer", "float", "number", "bool", "boolean", "none", "null",
                         "list", "dict", "object", "array", "any"})


def _types_only(values: list[str], name: str) -> bool:
    """Whether the values are all names of types, for a parameter that does not pick a type (`value`, not
    `data_type`): they say how it is read, not which values it takes."""
    return all(value.lower() in _TYPE_WORDS for value in values) and _TYPE_PICKERS.isdisjoint(name_tokens(name)[-1:])


_TYPE_PICKERS = frozenset({"type", "types", "dtype", "datatype", "kind"})


def _stands_as_its_set(values: list[str], name: str, prop: dict[str, Any], around: str, tool: Tool,
                       ctx: Context) -> bool:
    """Whether values the tool's prose gives a parameter are its set: distinct, the list not left open (`around`:
    the text from the list on), no sibling's names or values, its default among them, and no examples in its own
    texts ("'ls -l' or 'cat file.txt'" for `command`: the list names a part of it)."""
    return len(set(values)) == len(values) and not _open_ended(around, values) and \
        not _names_siblings(values, tool.schema) and not _siblings_values_in(values, tool.schema, name) and \
        not _default_outside(values, prop) and not _says_examples(_own_texts(name, prop, ctx, tool))


def _own_texts(name: str, prop: dict[str, Any], ctx: Context, tool: Tool) -> str:
    """The property's own description and its docstring entry."""
    own = prop.get("description")
    entry = tool_docs(tool, ctx).entry(name)
    return (own if isinstance(own, str) else "") + "\n" + (entry.text if entry is not None else "")


_COLON = lazy_compile("[:：]")
_PLURAL_COLON = lazy_compile(r"s(?:\*\*|__)?[ \t]*[:：]")  # a colon after a word in the plural, maybe in bold
_WORD_BEFORE = lazy_compile(r"[A-Za-z][a-z_]{1,30}$")


def _labels_a_parameter(text: str, colon: int, by_key: dict[str, str]) -> bool:
    """Whether the word before the colon at `colon` is a parameter's name in the plural: `_LABEL_BEFORE`'s quick
    test."""
    word = _WORD_BEFORE.search(text[max(0, colon - 36):colon].rstrip(" \t*_"))
    return word is not None and _named_in_plural(word.group(0), by_key) is not None


def _named_in_plural(word: str, by_key: dict[str, str]) -> str | None:
    """The parameter (`by_key`: lower-cased name -> name) that `word` names in the plural (`Operations` for
    `operation`, `Statuses` for `status`), or None; a word that is a parameter's own name (an `Args:` entry,
    `operation:`) is no label."""
    key = word.lower()
    if not key or key in by_key:
        return None
    return next((by_key[stem] for stem in (key[:-1], key[:-2]) if stem in by_key), None)


# What labels a sentence's list: the sentence's or line's first word, maybe after "Available", "Valid" or "Supported"
# (`Operations`, `**Actions**`), right before its colon.
_LABEL_BEFORE = lazy_compile(r"(?:^|[.;!?][ \t]+|[。；！？])[ \t]*(?:[-*•][ \t]+)?(?:\*\*|__)?"
                             r"(?:(?i:available|valid|supported|allowed)[ \t]+)?(?P<word>[A-Za-z][a-z_]{1,30})"
                             r"(?:\*\*|__)?[ \t]*$")
# Three or more bare (or backticked) values after the colon, each a word or words joined by `/`, ending the
# sentence or the line.
_INLINE_VALUE = r"`?[a-z][\w-]{0,30}(?:/[A-Za-z][\w-]{0,30})*`?"
_INLINE_VALUES = lazy_compile(rf"[ \t]*(?P<values>{_INLINE_VALUE}(?:[ \t]*,[ \t]*(?:(?:or|and)[ \t]+)?{_INLINE_VALUE}){{2,30}})"
                              r"[ \t]*(?:\.(?=\s|$)|[;。；]|$|\n)")


def _picks_from_section(name: str, prop: Any) -> bool:
    """A parameter whose values a section may list: one unconstrained string, no expression."""
    return isinstance(prop, dict) and _VALUE_KEYWORDS.isdisjoint(prop) and _takes_strings(prop, None) and \
        not _takes_many(prop) and not _takes_no_value_set(name)


def _own_text_lists(name: str, prop: dict[str, Any], ctx: Context) -> bool:
    """Whether the property's own description lists values: the schema check reports it there."""
    own = prop.get("description")
    return isinstance(own, str) and _allowed_values_in(ctx, own, name, prop.get("title"), prop.get("default")) is not None


def _listed_by_its_text(name: str, prop: dict[str, Any], ctx: Context, tool: Tool) -> bool:
    """Whether its own description or its docstring entry lists values: the other checks report it there."""
    if _own_text_lists(name, prop, ctx):
        return True
    entry = tool_docs(tool, ctx).entry(name)
    return entry is not None and _allowed_values_in(ctx, entry.text, name, prop.get("title"), prop.get("default")) is not None


# A note in parentheses after a value, up to 60 characters: `"upstream" (suppliers)`, `set (field, value)`.
_NOTE = r"[ \t]*[(（][^()（）\n]{1,60}[)）]"
# An entry: a bullet or a number (or neither), a value or two joined by `/` (bare, quoted or backticked), maybe the
# arguments it takes in parentheses (`- set (field, value): ...`), then a colon, a dash or an arrow and what it does.
_SECTION_ENTRY = lazy_compile(
    r"(?P<indent>[ \t]*)(?P<bullet>[-*•+]|\d{1,2}[.)])?[ \t]*"
    r"(?P<values>[\"'`]?[A-Za-z][\w-]{0,40}[\"'`]?(?:[ \t]*/[ \t]*[\"'`]?[A-Za-z][\w-]{0,40}[\"'`]?)*)"
    rf"(?:{_NOTE})?[ \t]*(?:[:：]|[—–]|--?(?=[ \t])|->|→|=>)")


# A header line that is only a word, maybe after "Available", "Valid" or "Supported", then a colon (or a Markdown
# heading): `Operations:`, `**Actions:**`, `## Actions`, `Supported Operations:`. A colon that ends a line is found
# first (`_HEADER_END`, searched in the text with a newline put after it: a MULTILINE `$` costs six times as much,
# and a pattern of the whole line tried at every newline five times the cost of this), then what stands before it
# on the line is matched whole (`_HEADER_WORD`).
_HEADER_END = lazy_compile(r":[ \t*_]*\n")
_CJK_HEADER_END = lazy_compile(r"：[ \t*_]*\n")  # apart: a class of both colons is searched three times slower
_HEADER_WORD = lazy_compile(r"(?P<indent>[ \t]*)(?:\*\*|__)?(?:(?:available|valid|supported|allowed)[ \t]+)?"
                            r"(?P<word>[A-Za-z][a-z_]{1,30})[ \t]*(?:\*\*|__)?", re.IGNORECASE)
_HEADING_LINE = lazy_compile(
    r"\n(?P<indent>[ \t]*)#{1,6}[ \t]+(?:\*\*|__)?(?:(?:available|valid|supported|allowed)[ \t]+)?"
    r"(?P<word>[A-Za-z][a-z_]{1,30})[ \t]*(?:\*\*|__)?[:：]?(?:\*\*|__)?[ \t]*(?=\n)", re.IGNORECASE)


def section_headers(description: str) -> list[tuple[str, int, int]]:
    """(header word in lower case, where the header's line starts, its indentation) of each line that is only a
    word and a colon (`Operations:`, `**Actions:**`) or a Markdown heading (`## Supported actions`), in order:
    where `_entries_after` reads a section's values."""
    text = description + "\n"
    ends = [m.start() for m in _HEADER_END.finditer(text)]
    if "：" in description:
        ends += [m.start() for m in _CJK_HEADER_END.finditer(text)]
    found: list[tuple[str, int, int]] = []
    for at in ends:
        start = description.rfind("\n", 0, at) + 1
        if len(description[start:at].split(None, 2)) > 2:
            continue  # a sentence that ends in a colon ("Use one of the following:"), most of them
        header = _HEADER_WORD.fullmatch(description, start, at)
        if header is not None:
            found.append((header.group("word").lower(), start, len(header.group("indent").expandtabs())))
    if "#" in description:  # `m.start()` is the newline's, put in front: the line's start in `description`
        found += [(m.group("word").lower(), m.start(), len(m.group("indent").expandtabs()))
                  for m in _HEADING_LINE.finditer("\n" + description + "\n")]
    return sorted(found, key=lambda header: header[1])  # the colons of both kinds and the headings, in text order


def _entries_after(lines: list[str], start: int, header_indent: int) -> list[str] | None:
    """The values of the entries under a header: the lines at the first entry's indentation, up to the first line
    less indented or at that indentation but no entry (deeper lines continue an entry)."""
    values: list[str] = []
    indent = bullet = None
    for line in lines[start:]:
        if not line.strip():
            continue
        entry = _SECTION_ENTRY.match(line)
        depth = len(line) - len(line.lstrip())
        if indent is None:
            if entry is None or (entry.group("bullet") is None and depth <= header_indent):
                return None  # an entry needs a bullet or a number, or to stand indented under the header
            indent, bullet = depth, _bullet_kind(entry.group("bullet"))
        elif depth > indent:
            continue  # the entry's text goes on
        if depth < indent or entry is None or _bullet_kind(entry.group("bullet")) != bullet:
            break
        values += [v.strip(_STRIP) for v in entry.group("values").split("/")]
    values = [v for v in values if v]
    if len(values) < 2 or len(set(values)) != len(values):
        return None
    return values


def _bullet_kind(bullet: str | None) -> str:
    return "" if bullet is None else "number" if bullet[0].isdigit() else bullet


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


def _takes_many(prop: dict[str, Any]) -> bool:
    """An array (or an optional array): its entry's bare words may be examples of the items, not a choice."""
    kinds = [prop] + [b for b in prop.get("anyOf") or () if isinstance(b, dict)]
    return any(kind.get("type") == "array" for kind in kinds)


def _takes_no_value_set(name: str | None) -> bool:
    """`query`, `filter`, `jql`: an expression whose text names the operands it may compare, not its own values;
    `archive_path`, `upload_file`: a location whose text lists the formats of the file there ("Supported formats:
    zip, tar"), which no `enum` of the path can hold; `x_column`: a column of the caller's data, whose text says
    where it is used ("Column name for x-axis (line, bar, scatter)"; a column to sort by may pick from a set:
    "'name', 'resource_type' or 'status'" of `resultSortColumn`); `publication_info`: free text, whose text says
    what to write in it ("(publisher, date, series)")."""
    tokens = name_tokens(name or "")
    return bool(tokens) and (tokens[-1] in _NO_VALUE_SET_NAMES or
                             (tokens[-1] in _COLUMN_NAMES and _SORTING_WORDS.isdisjoint(tokens)))


_COLUMN_NAMES = frozenset({"column", "columns"})
_SORTING_WORDS = frozenset({"sort", "order", "sorting", "ordering"})


def _report_values(ctx: Context, pointer: str, label: str, values: list[str], where: str, many: bool = False,
                   default: Any = None) -> None:
    """`default`, the parameter's: an empty one ("" for all kinds) joins the advised `enum`, which would reject it."""
    if default == "" and not many and "" not in values:
        values = [*values, ""]
    listed = ", ".join(value or '""' for value in values[:6]) + (", ..." if len(values) > 6 else "")
    enum = "\"enum\": [" + ", ".join(f'"{v}"' for v in values[:6]) + (", ...]" if len(values) > 6 else "]")
    ctx.report(pointer, f"`{shown(label)}` lists its allowed values in {where} but has no `enum`",
               key=True, help=f"add `{enum}`" + (" to its `items`" if many else ""),
               note=f"the values {listed}: nothing stops a model from sending another spelling")


# Name endings of a parameter that picks one of a few values.
CHOICE_NAMES = frozenset({"format", "mode", "type", "order", "sort", "direction", "style", "level", "scheme", "kind",
                          "encoding", "access", "status", "strategy", "method", "layout", "view", "visibility",
                          "priority", "state", "granularity", "period", "interval", "unit", "units", "orientation",
                          "align", "alignment", "position", "size", "quality", "tone", "verbosity", "detail"})


def _picks_one(name: str) -> bool:
    tokens = name_tokens(name)
    return bool(tokens) and tokens[-1] in CHOICE_NAMES


def allowed_values(text: str, name: str, title: Any = None, default: Any = None) -> list[str] | None:
    """The allowed values a parameter's text lists, in any of the forms the rule knows (None when it lists none).
    The later forms are looked for only when the text has what each needs: two commas after a colon, a quote
    with a joiner, two pipes or a bracket. `default`, the parameter's: a labelled list that holds it is the set
    whatever the label says ("Research depth: fast, low, medium, high" of `preset`, default `medium`)."""
    if "``" in text:
        text = _RST_LITERAL.sub(r"\1", text)  # reStructuredText's ``"aws"``: the string literal "aws"
    found = listed_values(text, name)
    if found is None and _may_list_three(text) and (":" in text or "：" in text):
        found = labelled_values(text, name, title, default)
    if found is None and isinstance(default, str) and ("(" in text or "（" in text):
        found = quoted_set_holding(text, default)
    if found is None and _may_alternate(text):
        found = alternatives(text)
        if found is not None and not _OPEN_CODES.isdisjoint(name_tokens(name)[-1:]) and \
                not contains_any(text, ("|", "/", " or ", "或")):
            return None  # "Language filter - 'default', 'all', 'en', 'es', 'de'": a few of the codes, not the set
    if found is None:
        return None
    if any(value.lower() in _OPEN_VALUES for value in found):
        return None  # "all | qualified | rookies | etc.": the list is left open, whatever joins it
    if all(value.lower() in _CHARACTER_CLASSES for value in found):
        return None  # "(alphanumeric, hyphens, underscores)": the characters a free name may hold, not its values
    if _types_only(found, name):
        return None  # "parsed as the appropriate type (number, string, bool)": what a free value is read as
    if all(value.lower() in _REFERENCE_FORMS for value in found) and not _picks_one(name) and \
            _FORM_PICKERS.isdisjoint(name_tokens(name)[-1:]):
        return None  # "Target GameObject (name/path/id)": the forms a reference takes, not values of it (a
        # `search_by` or an `id_type` picks one of them: those are its values)
    if any(len(value) >= 4 and _FORMAT_MASK.fullmatch(value) for value in found):
        return None  # "('YYYY-MM-DD' or 'YYYY-MM')", "'YYYY', 'YYYY-MM' or 'latest'": the formats of a date, which no
        # `enum` holds, maybe beside a keyword (a one-letter `D` or `M` may be a period's value: "D, W or M")
    if ('{"' in text or "{'" in text) and _QUOTED_KEY.search(text):
        return None  # `{"dimension": ..., "order": "Asc"|"Desc"}`: the values of a key inside a JSON string (a
        # set's braces, `{'今日','5日'}`, hold the values themselves)
    if ("omma" in text or "逗号" in text) and _SEVERAL.search(text):
        return None  # "Comma-separated list of sort keys: ...": a string of several values, which no `enum` fits
    if "JSON" in text and (_JSON_LIST.search(text) or _JSON_TEXT.match(text)):
        return None  # "JSON string containing a list of view types. Valid values: ...": the same, encoded; "JSON
        # string with company attributes. Example keys: ..., stage ("lead"/"customer")": the values of a key in it
    first = text.find(found[0])  # where the values start
    if first > 0 and _SOME_NEAR.search(text, max(0, first - 30), first) is not None:
        return None  # "Common values: ['organic', 'cpc']", "Common codes: \"120\": ...": some of the set
    if first > 0 and all(any(char.isdigit() for char in value) for value in found) and not _picks_one(name) and \
            _FORM_LABEL.search(text, 0, first) is not None:
        return None  # "Page range. Format: '1,3,5-7' for pages, '1-10' for a range": samples of the value's form
    if "fuzzy" in text.lower() or ("lso accept" in text and _ALSO_ACCEPTED.search(text)):
        return None  # "fuzzy matched", "Raw setSpec also accepted": the tool takes other values too, which an
        # `enum` would reject
    empty = _EMPTY_LISTED.search(text) if '""' in text or "''" in text else None
    if empty is not None:  # '"" (general web), "academic" or "finance"': the empty string is one of them, in its place
        return [""] + found if 0 <= empty.start() < first else found + [""]
    return found


# A label that introduces the form a free value is written in, before samples of it: "Format: '1-10' for a range",
# "币种，格式: BTC 或 ETH" (for a parameter that picks no format).
_FORM_LABEL = lazy_compile(r"\b[Ff]ormat\s*[:：]|格式\s*[:：]")
# Other values taken besides the listed ones: "Raw OAI setSpec (...) also accepted", "also accepts any ...".
_ALSO_ACCEPTED = lazy_compile(r"\b[Aa]lso\s+accept(?:ed|s)\b")
# A quoted string inside reStructuredText's inline literal: ``"aws"``, ``'idle'``.
_RST_LITERAL = lazy_compile(r"``([\"'][^\"'`\n]{1,40}[\"'])``")


# An empty string listed among the values: '— "" (general web), "academic"', 'or "" (all time)'.
_EMPTY_LISTED = lazy_compile(r"(?:^|[\s:：—–,(/|-])(?:\"\"|'')(?=\s*(?:[(（,，/|;.]|or\b|$))")


def _allowed_values_in(ctx: Context, text: str, name: str, title: Any, default: Any = None) -> list[str] | None:
    """`allowed_values`, worked out once per file for each text and name: a tool set repeats its parameters'
    descriptions (the same `limit` or `format` in every tool), and the docstring checks read a description the
    schema check has read already. (A title that is no string is no title to it. The list is shared: read only.)"""
    title = title if isinstance(title, str) else None
    default = default if isinstance(default, str) else None
    return ctx.cached(("allowed-values", text, name, title, default), lambda: allowed_values(text, name, title, default))


_QUOTED_KEY = lazy_compile(r"\{\s*[\"'][^\"'\n]{0,40}[\"']\s*:")  # `{"dimension":`: a JSON object's first key
_FORMAT_MASK = lazy_compile(r"(?=[^a-z]*[YMDH])[YMDHhmsS]+(?:[-/:. T][YMDHhmsS]+)*")
_JSON_LIST = lazy_compile(r"\bJSON\s+(?:string\s+)?(?:array|list)\b|\bJSON\s+string\s+(?:containing|with|of|holding)\s+"
                          r"(?:an?\s+)?(?:list|array)\b", re.IGNORECASE)
# A text that opens by calling the parameter JSON text ("JSON string with ...", "A JSON object of ...", "JSON-encoded
# filters"): a string of JSON takes no `enum`, and the values in its text are those of its keys.
_JSON_TEXT = lazy_compile(r"\s*(?:an?\s+)?(?:JSON[- ](?:string|object|encoded|text|document)|JSON\s*字符串)\b", re.IGNORECASE)
_SEVERAL = lazy_compile(r"\bcomma[- ]separated\b|\bseparated\s+by\s+(?:a\s+)?commas?\b|逗号分隔|用逗号", re.IGNORECASE)


# Last words of a name that picks one form of a reference (`search_by`, `lookup_field`), besides `CHOICE_NAMES`
# (`id_type`, `key_kind`).
_FORM_PICKERS = frozenset({"by", "field", "fields"})
# Words that name the forms a reference to a thing takes: "(name/path/id)", "ID or URL", "名称或 ID".
_REFERENCE_FORMS = frozenset({"name", "names", "path", "paths", "id", "ids", "uuid", "guid", "url", "urls", "uri", "key",
                              "index", "title", "slug", "handle", "email", "number", "名称", "名字", "路径", "编号", "链接"})


# A "value" that leaves a list open.
_OPEN_VALUES = frozenset({"etc", "etc.", "...", "…", "等", "等等"})


# Words that name kinds of characters: a list of them is a rule for a free-form value (a `pattern`), not an enum.
_CHARACTER_CLASSES = frozenset({"alphanumeric", "alphanumerics", "letters", "letter", "digits", "digit", "numbers",
                                "numerals", "numeric", "hyphens", "hyphen", "dashes", "dash", "underscores",
                                "underscore", "dots", "dot", "periods", "period", "spaces", "space", "lowercase",
                                "uppercase", "ascii", "slashes", "colons", "colon", "apostrophe", "apostrophes",
                                "parentheses", "parenthesis", "brackets", "commas", "comma", "quotes", "symbols",
                                "punctuation", "whitespace", "字母", "数字", "下划线", "连字符", "中文", "汉字"})


# Parameters that take one of the codes of an open standard (ISO 639, 3166, 4217, IANA time zones): quoted codes
# joined by commas alone are some of them.
_OPEN_CODES = frozenset({"language", "languages", "lang", "langs", "locale", "locales", "country", "countries",
                         "region", "regions", "currency", "currencies", "timezone", "tz"})


# Quoted values joined by a comma, as `_default_quoted_among` needs them: `'a', 'b'`, `"a","b"`.
_QUOTED_COMMA = ("', '", '", "', "`, `", "','", '","')


def _may_alternate(text: str) -> bool:
    """An exact pre-filter of `alternatives`: a `[`, two pipes, or a quote together with `or`, `/`, 或 or 또는, with a
    default named (`_default_quoted_among`), or with a note in parentheses after a closing quote."""
    if "[" in text or text.count("|") >= 2:
        return True
    return contains_any(text, _OPEN_QUOTES) and (" or " in text or " or\n" in text or "/" in text or "或" in text
                                                 or "또는" in text
                                                 or _noted_quote(text)
                                                 or (("efault" in text or "默认" in text) and
                                                     contains_any(text, _QUOTED_COMMA)))


# An empty string last among the values, maybe with its note: `"year", or "" (all time)` (`allowed_values` adds it).
_EMPTY_LAST = r"(?:\s*(?:,\s*or|,|or|或|또는|/|\|)\s*(?:\"\"|'')(?:[ \t]*[(（][^()（）\n]{1,40}[)）])?)?"
# Two or more quoted bare words joined only by `or`, `,`, `/` or `|` ("\"watched\" or \"watchlist\""), or three or
# more bare words joined by `|` ("sum | mean | count"): an alternation of values, not prose.
_QUOTED_OR = lazy_compile(
    r"(?P<values>[\"'`“‘](?:[A-Za-z][\w.-]{0,30}|\d{1,4})[\"'`”’](?:\s*(?:,\s*or|,|or|或|또는|/|\|)\s*[\"'`“‘](?:[A-Za-z][\w.-]{0,30}|\d{1,4})[\"'`”’]){1,15}"
    rf"{_EMPTY_LAST})(?!\s*(?:,|or|或|또는|/|\|)?\s*[\w\"'`“‘])")
# The same, each value maybe with a note in parentheses (`"upstream" (suppliers), "downstream" (customers), or
# "both"`): tried only in a text where a closing quote is followed by a parenthesis (`_noted_quote`), as the
# optional note costs at every quoted word.
_QUOTED_OR_NOTED = lazy_compile(
    rf"(?P<values>[\"'`“‘](?:[A-Za-z][\w.-]{{0,30}}|\d{{1,4}})[\"'`”’](?:{_NOTE})?"
    rf"(?:\s*(?:,\s*or|,|or|或|또는|/|\|)\s*[\"'`“‘](?:[A-Za-z][\w.-]{{0,30}}|\d{{1,4}})[\"'`”’](?:{_NOTE})?){{1,15}}"
    rf"{_EMPTY_LAST})(?!\s*(?:,|or|或|또는|/|\|)?\s*[\w\"'`“‘])")
_CLOSING_QUOTES = frozenset("\"'`”’")


def _noted_quote(text: str) -> bool:
    """Whether a closing quote is followed by a parenthesis (`"upstream" (suppliers)`): each parenthesis found with
    `str.find` and the character before it looked at, where a regex of the quotes is tried at every position."""
    for paren in ("(", "（"):
        at = text.find(paren)
        while at >= 0:
            before = at - 1
            while before > 0 and text[before] in " \t":
                before -= 1
            if before >= 0 and text[before] in _CLOSING_QUOTES:
                return True
            at = text.find(paren, at + 1)
    return False


# What a value's parenthesis says of it: `"upstream" (suppliers), "downstream" (customers), or "both"`.
_VALUE_NOTE = lazy_compile(_NOTE)
def _each_noted(values: str) -> bool:
    """Whether every quoted value of a `_QUOTED_OR_NOTED` match has its note in parentheses."""
    return len(_VALUE_NOTE.findall(values)) * 2 == sum(values.count(q) for q in "\"'`“”‘’")


# One piped value: a word, maybe dotted (`crates.io`), maybe with a note in parentheses.
_PIPED_VALUE = r"[A-Za-z][\w-]{1,24}(?:\.[\w-]{1,12})*(?:[ \t]*[(（][^()（）|\n]{1,40}[)）])?"
_PIPED = lazy_compile(rf"(?<![A-Za-z0-9_|`.$(:])(?P<values>{_PIPED_VALUE}(?:\s*\|\s*{_PIPED_VALUE}){{2,15}})"
                      r"(?![\w|`)])")  # not a regex group's alternation: `(second|minute|hour)`
# A value may hold a dot (`crates.io`), so the list is read to its end. (A note after a piped value holds no pipe:
# `salience (default) | recent`, `low (friction) | high (abandoned)`; it is taken out with the others' `_VALUE_NOTE`.)


_TABLE_ROW = lazy_compile(r"^\s*\|", re.MULTILINE)
# A JSON array of quoted words after a cue that makes it the whole set: `subset of ["a", "b"]`, `one of ['x', 'y']`.
_QUOTED_ARRAY = lazy_compile(
    r"\b(?:subset\s+of|one\s+of|any\s+of|values?\s*:|options?\s*:|choices?\s*:|allowed\s*:|supported\s*:)\s*"
    r"\[(?P<values>\s*[\"'][A-Za-z][\w-]{0,30}[\"'](?:\s*,\s*[\"'][A-Za-z][\w-]{0,30}[\"']){1,20}\s*)\]", re.IGNORECASE)
_QUOTED_WORD = lazy_compile(r"[\"']([A-Za-z][\w-]{0,30})[\"']")
_DEFAULT_WORD_BEFORE = lazy_compile(r"\bdefaults?\s*$|默认\s*$", re.IGNORECASE)
_EXAMPLES_WORD = lazy_compile(r"\bexamples?\b|示例|例如", re.IGNORECASE)
_ALTERNATION = lazy_compile(r"[\"'`”’]\s*(?:,\s*)?(?:or|/|\||或|또는)\s*[\"'`“‘]")
# Parameters that hold where a file is: the values in their text are the file's formats.
_LOCATION_NAMES = frozenset({"path", "paths", "file", "files", "filename", "filepath", "dir", "directory", "folder",
                             "url", "uri"})
# Parameters that hold an expression in a query language: the values in their text are its operands.
_EXPRESSION_NAMES = frozenset({"query", "q", "filter", "filters", "expression", "expr", "where", "jql", "sql", "cql",
                               "search", "condition", "predicate", "selector", "startswith", "prefix", "contains",
                               "glob", "regex"})
# Parameters that hold a handle: the words in their text name the kinds of thing it points at ("the handle of a
# line, circle, or polyline"), not values. (An `*_id` may take a closed set: "Available IDs: a, b" of `topic_id`.)
_IDENTIFIER_NAMES = frozenset({"handle", "handles"})
# Free text: the words in its text say what to write in it ("Publication info (publisher, date, series).").
_FREE_TEXT_NAMES = frozenset({"info", "details", "notes", "description", "summary", "comment", "comments", "remarks"})
# The last words of `_takes_no_value_set`'s names, looked up once.
_NO_VALUE_SET_NAMES = _EXPRESSION_NAMES | _LOCATION_NAMES | _IDENTIFIER_NAMES | _FREE_TEXT_NAMES


def _says_examples(text: str) -> bool:
    """Whether `_EXAMPLES_WORD` occurs, searched only in a text that holds `example` in some case (no other letter
    matches one of these under IGNORECASE) or a Chinese cue: most hold neither, and the search tries each position."""
    return ("example" in text.lower() or "示例" in text or "例如" in text) and _EXAMPLES_WORD.search(text) is not None


# A label of `_SOME` anywhere before the values in their sentence: "Popular: "Media" (AVFoundation), ...".
_SOME_LABEL = lazy_compile(rf"(?i:{_SOME})(?:\s+\w+)?\s*[:：]|{_SOME_CJK}")
_SENTENCE_ENDS = (". ", ".\n", "。")
_ABBREVIATION_BEFORE = lazy_compile(r"\b(?:e\.g|i\.e|eg|etc|vs)\.$", re.IGNORECASE)


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds `text[start:end]` (a line break alone does not end one: docstrings wrap;
    nor does the period of "e.g." or "i.e.", after which the examples go on)."""
    first = max(text.rfind(mark, 0, start) for mark in _SENTENCE_ENDS)
    while first > 0 and _ABBREVIATION_BEFORE.search(text, max(0, first - 4), first + 1):
        first = max(text.rfind(mark, 0, first) for mark in _SENTENCE_ENDS)
    first += 1
    ends = [at for at in (text.find(mark, end) for mark in _SENTENCE_ENDS) if at >= 0]
    return text[first:min(ends) + 1 if ends else len(text)]


def alternatives(text: str) -> list[str] | None:
    """Values given as an alternation: quoted words joined by `or` (`"liked" or "disliked"`), or words joined by
    `|`. Not after an example cue, and not when the list is open ("etc.", "or any other")."""
    listed = _QUOTED_ARRAY.search(text) if "[" in text else None  # it needs a `[`; its cues are tried everywhere
    # (`Default value: ["VERTICAL", "VERTICAL"]` is the default of an array, not its set: the other forms are read)
    if listed is not None and not _DEFAULT_WORD_BEFORE.search(text, max(0, listed.start() - 12), listed.start()):
        found = _QUOTED_WORD.findall(listed.group("values"))  # `subset of ["markdown", "text", "html"]`
        return found if found and len(set(found)) == len(found) else None
    if "{" in text or _says_examples(text):
        return None  # JSON whose quoted strings are content, or "Examples: ..."
    quoted = contains_any(text, _OPEN_QUOTES)
    quoted_or = _QUOTED_OR_NOTED if quoted and _noted_quote(text) else _QUOTED_OR
    examples: bool | None = None
    for pattern in (quoted_or, _PIPED):
        if pattern is quoted_or and not quoted:
            continue
        if pattern is _PIPED and (text.count("|") < 2 or _TABLE_ROW.search(text) is not None):
            continue  # fewer than two pipes, or a Markdown table
        for match in pattern.finditer(text):
            if _ends_with(_EXAMPLE_CUE, text, match.start()) or _ends_with(_CONDITION_BEFORE, text, match.start()) \
                    or _ends_with(_DEFAULT_BEFORE, text, match.start()):
                continue
            if examples is None:  # searched once, at the first match
                examples = _EXAMPLE_ANYWHERE.search(text) is not None
            sentence = _sentence_around(text, match.start(), match.end()) if examples or ":" in text else ""
            if examples and _EXAMPLE_ANYWHERE.search(sentence):
                return None  # "for example 'a' or 'b'": examples, not the set (an example in another sentence
                # is of something else: `"bearer" | "basic". Use ... a token (e.g. ...)`)
            if _OPEN_ENDED.search(text[match.end():match.end() + 40]):
                continue
            if sentence and _SOME_LABEL.search(sentence):
                continue  # "Popular: "Media" (AVFoundation), "System" (Foundation)": some of the values
            if pattern is quoted_or and not _ALTERNATION.search(_VALUE_NOTE.sub("", match.group("values"))) and \
                    not (pattern is _QUOTED_OR_NOTED and _each_noted(match.group("values"))) and \
                    not _default_quoted_among(match.group("values"), text[match.end():]):
                continue  # quoted words joined by commas alone: a list of examples as often as of values (unless
                # each says what it means: "'sh'(沪市), 'sz'(深市)" is a legend of the values, or the text then
                # names one of them the default: "'top_left', 'top_right', 'bottom_right'. Defaults to
                # 'bottom_right'.")
            joined = _VALUE_NOTE.sub("", match.group("values"))
            values = _quoted_values(joined) if pattern is quoted_or else None
            if values is None:
                values = [v.strip(_STRIP) for v in re.split(_ALTERNATIVES_JOINER, joined)]
                values = [v for v in values if v]
            if "`" in match.group("values") or any("." in v for v in values):
                continue  # backticked or dotted: field names and identifiers (`diff_refs.head_sha`), not labels
            if any(v.isdigit() for v in values) and not all(v.isdigit() for v in values):
                continue  # `"Sheet1" or "0"`: a name or an index, two forms of one thing (quoted numbers alone, as
                # `"8", "9" or "10"`, are a set of versions or levels)
            if len(values) >= 2 and len(set(values)) == len(values) and \
                    not any(v.lower() in ("true", "false", "null", "none") for v in values):
                return values
    return None


# What joins the values of an alternation (`"a", "b" or "c"`, `a | b`); the quoted ones may hold only it between them.
_ALTERNATIVES_JOINER = r"\s*(?:,\s*or|,|\bor\b|或|또는|/|\|)\s*"
_QUOTED_VALUE = lazy_compile(r"[\"'`“‘]([^\"'`“”‘’\n]{1,40})[\"'`”’]")
_ONLY_JOINERS = lazy_compile(rf"(?:{_ALTERNATIVES_JOINER}|\s)*")


def _quoted_values(joined: str) -> list[str] | None:
    """The words inside the quotes of a list where every value is quoted (`'and', 'or', or 'one'`: the quoted `or` is
    a value, which splitting at each `or` loses), or None when something stands unquoted between them."""
    found = _QUOTED_VALUE.findall(joined)
    if not found or not _ONLY_JOINERS.fullmatch(_QUOTED_VALUE.sub("", joined)):
        return None
    return [v.strip() for v in found if v.strip()]


# `action: register, unregister, reconnect`: an `Args:` entry that is nothing but three or more bare lower-case words.
_BARE_NOTE_TEXT = r"[ \t]*[(（][^()（）\n]{1,40}[)）]"  # a note after a listed word: "oldest (least recent)"
_BARE_WORD = rf"[a-z][a-z0-9_-]{{0,24}}(?:{_BARE_NOTE_TEXT})?"
_BARE_LIST = lazy_compile(rf"(?P<values>{_BARE_WORD}(?:[ \t]*,[ \t]*(?:or[ \t]+)?{_BARE_WORD}){{1,14}}"
                          rf"(?:[ \t]*,[ \t]*(?:or[ \t]+)?|[ \t]+or[ \t]+){_BARE_WORD})[ \t]*\.?"
                          r"(?:[ \t]+[Dd]efault(?:s[ \t]+to|[ \t]*[:=])?[ \t]*[\"'`]?(?P<default>[a-z][a-z0-9_-]{0,24})[\"'`]?[ \t]*\.?)?")
# The notes, taken out before the words are split.
_BARE_NOTE = lazy_compile(_BARE_NOTE_TEXT)
# What joins the words of those two lists: a comma, maybe with "or", or the last "or" alone ("quick, standard or deep").
_LIST_JOINER = lazy_compile(r"\s*,\s*(?:or\s+)?|\s+or\s+")


def _may_list_three(text: str) -> bool:
    """An exact pre-filter of the comma lists of `bare_values` and `labelled_values`: three words or more need two
    commas, or a comma and the last "or"."""
    return text.count(",") >= 2 or ("," in text and " or " in text)


def whole_text_choice(text: str, name: str) -> list[str] | None:
    """The values of a text that is nothing but a choice: a bare list (`register, unregister, reconnect`), two
    words joined by a pipe (`self_restart | self_compact`), or a text that ends on two constants (`Storage type:
    STATIC or DYNAMIC`); None for any other text."""
    return (bare_values(text) if _may_list_three(text) else None) or _piped_pair(text) or constant_choice(text, name)


# A text that is only two words joined by a pipe, each maybe quoted: `cpm | cpc`, `"unified" | "manual"`.
_PIPED_PAIR = lazy_compile(r"\s*[\"'`]?(?P<a>[A-Za-z][\w-]{0,40})[\"'`]?[ \t]*\|[ \t]*[\"'`]?(?P<b>[A-Za-z][\w-]{0,40})"
                           r"[\"'`]?\s*\.?\s*")


def _piped_pair(text: str) -> list[str] | None:
    match = _PIPED_PAIR.fullmatch(text) if "|" in text else None
    if match is None or match.group("a") == match.group("b"):
        return None
    return [match.group("a"), match.group("b")]


def bare_values(entry: str) -> list[str] | None:
    """The values of a docstring entry that only lists them (`register, unregister, reconnect`), each maybe with a
    note, maybe with the default among them named after (`size, oldest (least recently opened), or newest. Default
    size.`): the entry says nothing else of the parameter, so the words are its values, not examples in a sentence."""
    match = _BARE_LIST.fullmatch(entry.strip())
    if match is None:
        return None
    listed = match.group("values")
    if "(" in listed or "（" in listed:
        listed = _BARE_NOTE.sub("", listed)
    values = [v.strip(_STRIP) for v in _LIST_JOINER.split(listed) if v.strip(_STRIP)]
    if len(set(values)) != len(values) or all(v.lower() in _CHARACTER_CLASSES for v in values) or \
            any(v in ("true", "false") or v in _OPEN_VALUES for v in values):
        return None
    if match.group("default") is not None and match.group("default") not in values:
        return None  # "a, b, or c. Default d.": some of the values
    return values


# `Storage type: STATIC or DYNAMIC`, `좌석 등급 필터 - ECONOMY 또는 BUSINESS (기본 None=전체)`: a text that ends on a
# choice of two constants (upper-case words, as enum values are written), after a label, a dash, a comma or "by"
# (`_CHOICE_AFTER`, looked at once the pattern matched: a pattern that starts with them is tried at every position).
# After "such as" or "e.g." the words are examples, which this never matches.
_CONSTANT_CHOICE = lazy_compile(r"(?P<a>[A-Z][A-Z0-9_]{2,24})\s*(?:\bor\b|또는|或|/)\s*(?P<b>[A-Z][A-Z0-9_]{2,24})\s*"
                                r"(?:[(（][^()（）\n]{0,40}[)）])?\s*[.。]?\s*$")
_CHOICE_AFTER = (":", "：", ",", "，", "—", "–", "-")
# Chinese words after which a choice of constants is the set: "白名单 LINEAR / HOLD" (whitelist), "仅支持 A 或 B".
_CHOICE_AFTER_CJK = ("白名单", "可选", "可选值", "取值", "仅支持", "只支持", "允许值")
# A constant and its comma before the two a choice ends on: "POST," of "POST, PUT or PATCH".
_EARLIER_CONSTANT = lazy_compile(r"(?<![\w-])(?P<c>[A-Z][A-Z0-9_]{2,24})\s*[,，]$")
# Upper-case words that name a form of a value, not a value: "Project ID or URL".
_FORMS = frozenset(("ID", "IDS", "URL", "URI", "UUID", "GUID", "ARN", "ISBN", "DOI", "SKU", "ASIN", "EAN", "UPC",
                    "NAME", "PATH", "NULL", "NONE", "TRUE", "FALSE"))
# The end of a text such a choice fits in (two constants, a note in parentheses), and what must join them there.
_CHOICE_TAIL = 128
_CHOICE_JOINERS = (" or ", "/", "또는", "或")


def constant_choice(text: str, name: str = "") -> list[str] | None:
    """The two constants a text ends by choosing between (`Retention mode: RETAIN or REMOVE`), or None. Only the
    text's end is searched, and only when a joiner stands there (few texts)."""
    start = max(len(text) - _CHOICE_TAIL, 0)
    if not contains_any(text[start:], _CHOICE_JOINERS):
        return None
    match = _CONSTANT_CHOICE.search(text, start)
    if match is None or match["a"] == match["b"] or match["a"] in _FORMS or match["b"] in _FORMS:
        return None
    values = [match["a"], match["b"]]
    before = text[:match.start()].rstrip()
    if not _picks_one(name) and _FORM_LABEL.search(before[-12:]) is not None:
        return None  # `symbol`: "币种，格式: BTC 或 ETH": samples of the form a code takes (a `format` picks one)
    while (earlier := _EARLIER_CONSTANT.search(before)) is not None and earlier["c"] not in _FORMS:
        values.insert(0, earlier["c"])  # "POST, PUT or PATCH": the constants before the last two are among them
        before = before[:earlier.start()].rstrip()
    if before and not before.endswith(_CHOICE_AFTER) and not before.endswith(_CHOICE_AFTER_CJK) and \
            not (before.endswith("by") and (len(before) == 2 or not before[-3].isalnum())):
        return None  # inside a sentence ("STATIC or DYNAMIC storage"), or a word runs on into it
    if _EXAMPLE_ANYWHERE.search(text, 0, match.start("a")) is not None:
        return None  # "e.g. MNQ, CL, BTC/USD": examples
    return values if len(set(values)) == len(values) else None


# `country: CN/US (default CN)`: an `Args:` entry that is nothing but words joined by `/`, and the default among them
# (or three words or more: `json/yaml/toml`).
_SLASHED = lazy_compile(r"(?P<values>[A-Za-z][\w-]{0,24}(?:[ \t]*(?P<joiner>[/|])[ \t]*[A-Za-z][\w-]{0,24}){1,10})[ \t]*"
                        r"(?:[(（](?:default|默认)[:：]?[ \t]*(?P<default>[\w-]+)[)）])?[ \t]*\.?")


def slashed_values(entry: str) -> list[str] | None:
    """The values of a docstring entry that is only a choice of words joined by `/` (`CN/US (default CN)`) or `|`
    (`decimal | american`: a pipe joins no other words, so two values are a choice without a default named)."""
    match = _SLASHED.fullmatch(entry.strip())
    if match is None:
        return None
    values = [v.strip() for v in re.split(r"[/|]", match.group("values"))]
    default = match.group("default")
    if ("/" in match.group("values") and "|" in match.group("values")) or len(set(values)) != len(values) or \
            (len(values) < 3 and default not in values and match.group("joiner") == "/") or \
            any(v.lower() in ("true", "false", "yes", "no", "on", "off") or v.lower() in _OPEN_VALUES for v in values):
        return None  # (`all | qualified | etc.` leaves the list open, as `allowed_values` reads it)
    return values


# `scope: What to review.` and then, indented under it, `- "working" (default): every uncommitted change`, `- "staged":
# what `git add` staged`: an `Args:` entry whose own lines are a bullet list, each item a value and what it does (the
# entry's text holds its lines joined by spaces).
# (The bullet's character comes first, so a search skips to it; the look-behind then asks for a space before it.
# Numbered items are left out: a digit and a period start many a version or a sentence, and cost a search four times.)
_BULLET = lazy_compile(r"[-*•](?<![^\s][-*•])[ \t]+\S")
_BULLETED_VALUE = lazy_compile(
    r"(?:^|\s)[-*•][ \t]+[\"'`“‘]?(?P<value>[A-Za-z0-9][\w.+-]{0,30})[\"'`”’]?[ \t]*"
    r"(?:[(（][^()（）]{1,20}[)）][ \t]*)?(?:[:：=]|(?<=[ \t])[-–—][ \t])")


def bulleted_values(entry: str) -> list[str] | None:
    """The values of a docstring entry whose bullet items each start with a value and what it does: every bullet
    of the entry one such item, two or more of them, and no word before them calling them examples or some."""
    items = list(_BULLETED_VALUE.finditer(entry))
    if len(items) < 2 or any(not any(item.start() <= bullet.start() < item.end() for item in items)
                             for bullet in _BULLET.finditer(entry)):
        return None  # a bullet that starts no item (a dash inside an item, `working - every change`, does)
    before = entry[:items[0].start()]  # "Options include:", "Common codes:", "e.g.": some of the values, not the set
    if _EXAMPLE_ANYWHERE.search(before) or _SOME_LABEL.search(before) or _OPEN_ENDED.search(before) or \
            "includ" in before.lower():
        return None
    values = [item.group("value") for item in items]
    if len(set(values)) != len(values) or any(v.lower() in ("true", "false", "yes", "no") for v in values):
        return None
    return values


# "Style: brief, detailed, bullet-points": the parameter's own name (or title, or "Filter") as a label, then three or
# more bare words and nothing after them but other sentences ("Operation to perform: a, b, c. Choose ..."). A label with no cue word is a list only when it names the parameter (or
# ends in its last word: "Resource type" for `type`).
# `bullet-points`, a constant (`POWER`), or a code joined by an underscore whatever its case (`SACCO_membership`)
_LABEL_VALUE = r"(?:[a-z][A-Za-z0-9_-]{0,24}|[A-Z][A-Z0-9_]{1,24}\b|[A-Z][A-Za-z0-9]{0,20}_[A-Za-z0-9_]{1,24}\b)"
_LABEL_START = r"(?:^|[.;:]\s+|[。；]\s*|\n)(?P<label>[A-Za-z][\w -]{0,30}?)\s*[:：]\s*"
_LIST_END = r"\s*(?:\.?\s*$|\.[ \t]+(?=[A-Z]))"  # the end of the text, or of a sentence another follows
_LABELLED = lazy_compile(
    _LABEL_START +
    rf"(?P<values>(?P<q>[\"'`“‘]?){_LABEL_VALUE}[\"'`”’]?(?:\s*,\s*(?:or\s+)?(?P=q){_LABEL_VALUE}"
    rf"[\"'`”’]?){{1,14}}(?:\s*,\s*(?:or\s+)?|\s+or\s+)(?P=q){_LABEL_VALUE}[\"'`”’]?)" + _LIST_END)
# The same list with every value quoted: quotes mark each one a literal, so a capital may start it ("Filter by type:
# "StaticBuiltIn", "DynamicBuiltIn", "Custom""), where a bare capitalised word may be English.
_QUOTED_LABEL_VALUE = r"[A-Za-z][A-Za-z0-9_.-]{0,30}"
_QUOTE_AFTER_COLON = tuple(f"{colon}{space}{quote}" for colon in ":：" for space in ("", " ") for quote in "\"'`")  # (its pre-filter)
_LABELLED_QUOTED = lazy_compile(
    _LABEL_START +
    rf"(?P<values>(?P<q>[\"'`])(?:{_QUOTED_LABEL_VALUE})(?P=q)(?:\s*,\s*(?:or\s+)?(?P=q){_QUOTED_LABEL_VALUE}(?P=q)){{0,14}}"
    rf"(?:\s*,\s*(?:or\s+)?|\s+or\s+)(?P=q){_QUOTED_LABEL_VALUE}(?P=q))" + _LIST_END)


# The words after which a label says what its parameter is for: "Scope for search", "Operation to perform".
_LABEL_TAIL_STARTS = frozenset({"to", "for", "of", "in"})
_SET_WORDS = (("options",), ("values",), ("choices",), ("modes",), ("types",), ("filter",))


def _names_own(label: tuple[str, ...], own: tuple[str, ...], title: Any) -> bool:
    """Whether a list's label names the parameter: its name (also run together: "Time limit" for `timelimit`), its
    title, its name's last word (or that word's type: "Device target type" for `target`), or a word that names a
    set ("Options", "Filter")."""
    return label == own or (isinstance(title, str) and label == name_tokens(title)) or \
        bool(own and label and (label[-1:] == own[-1:] or label[-2:] == (own[-1], "type"))) or \
        label[-1:] in _SET_WORDS or \
        (len(label) > 1 and "".join(label) == "".join(own))  # "Time limit" names `timelimit`


# Quoted words alone in parentheses, joined by commas: "Taint classification ('UNTRUSTED_INFLOW', 'VERIFIED_OPERATOR')".
_QUOTED_IN_PARENS = lazy_compile(r"[(（]\s*(?P<values>(?P<q>[\"'`])[\w.:-]{1,30}(?P=q)"
                                 r"(?:\s*,\s*(?:or\s+)?(?P=q)[\w.:-]{1,30}(?P=q)){1,14})\s*[)）]")


def quoted_set_holding(text: str, default: str) -> list[str] | None:
    """The quoted words a parenthesis lists alone, when the parameter's `default` is one of them: the default is
    picked from that set, so the parenthesis gives the set, not examples of an open one (which "e.g." or "such as"
    before it would say)."""
    for match in _QUOTED_IN_PARENS.finditer(text):
        values = _QUOTED_VALUE.findall(match.group("values"))
        if default not in values or len(set(values)) != len(values):
            continue
        if _ends_with(_EXAMPLE_CUE, text, match.start()) or _open_ended(text[match.start():], values):
            return None
        return values
    return None


def labelled_values(text: str, name: str, title: Any = None, default: Any = None) -> list[str] | None:
    """The values of a list labelled with the parameter's own name or title ("Style: brief, detailed, bullet-points"),
    or with any label when the parameter's `default` is one of them ("Research depth: fast, low, medium" of `preset`,
    default `medium`: the default is picked from that set)."""
    if ":" not in text and "：" not in text:
        return None
    match = _LABELLED.search(text)
    if match is None and contains_any(text, _QUOTE_AFTER_COLON):
        match = _LABELLED_QUOTED.search(text)
    if match is None:
        return None
    whole = name_tokens(match.group("label"))
    own = name_tokens(name)
    cut = next((at for at, word in enumerate(whole) if at and word in _LABEL_TAIL_STARTS), len(whole))
    # The label whole ("List of checks", "Style"), or up to the words saying what it is for ("Operation to perform",
    # "Assembly scope for search"): either names the parameter.
    named = any(_names_own(label, own, title) for label in (whole, whole[:cut]))
    if not named and not isinstance(default, str):
        return None
    values = [v.strip(_STRIP) for v in _LIST_JOINER.split(match.group("values")) if v.strip(_STRIP)]
    if not named and default not in values:
        return None
    if _open_ended(text[match.start():], values) or _ends_with(_EXAMPLE_CUE, text, match.start("values")) or \
            _says_examples(text[match.end():]):
        return None
    if len(set(values)) != len(values) or any(v in ("true", "false") for v in values):
        return None
    if not _OPEN_CODES.isdisjoint(own[-1:]) and any(v.isupper() for v in values):
        return None  # "Currency: USD, EUR, or GBP": a few codes of an open set
    return values
