"""unconstrained-identifier and undocumented-identifier: an identifier with no pattern, format, enum or example a
model could follow; the second rule takes those that nothing at all is written about."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.parameters.tool_names import names_other_tool
from toollint.linter.context import Context, node_label
from toollint.linter.docview import SENTENCE_BREAK, entry_text, is_top_level, tool_docs, with_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.options import RuleOptions
from toollint.linter.paramview import param_of, plain_description, plain_type, restates_name, string_param
from toollint.linter.textstats import (
    WordMatcher,
    cjk_language,
    contains_any,
    has_cjk,
    has_text,
    literal_trie,
    name_tokens,
    words_regex,
)
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# unconstrained-identifier

@dataclass(frozen=True)
class UnconstrainedIdentifierOptions(RuleOptions, rule="unconstrained-identifier"):
    id_words: tuple[str, ...]
    extra_id_words: tuple[str, ...]
    number_words: tuple[str, ...]
    business_nouns: tuple[str, ...]
    id_phrases: tuple[str, ...]
    code_phrases: tuple[str, ...]
    example_words: tuple[str, ...]
    provenance_words: tuple[str, ...]

    @cached_property
    def id_word_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.id_words + self.extra_id_words)

    @cached_property
    def number_word_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.number_words)

    @cached_property
    def business_noun_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.business_nouns)

    @cached_property
    def id_phrase_matcher(self) -> WordMatcher | None:
        return words_regex(self.id_phrases)

    @cached_property
    def example(self) -> WordMatcher | None:
        return words_regex(self.example_words)

    @cached_property
    def provenance(self) -> WordMatcher | None:
        return words_regex(self.provenance_words)

    @cached_property
    def cjk_id_names(self) -> tuple[str, ...]:
        return tuple(w for w in self.id_phrases if has_cjk(w))

    @cached_property
    def code_phrase_matcher(self) -> WordMatcher | None:
        return words_regex(self.code_phrases)

    @cached_property
    def public_code_words(self) -> frozenset[str]:
        """The `code-phrases` of one Latin word (`cve`, `isbn`, `doi`): a name holding one says what it takes."""
        return frozenset(p.lower() for p in self.code_phrases if p.isascii() and p.isalpha())

    @cached_property
    def code_hint(self) -> re.Pattern[str]:
        """The words of `code_phrase_matcher` as substrings (of the lower-cased text)."""
        matcher = self.code_phrase_matcher
        return literal_trie([word for word, *_ in matcher.entries] if matcher is not None else [])

    @cached_property
    def hints(self) -> re.Pattern[str]:
        """Every word of `example`, `provenance` and `_caller_assigned`'s pre-filter, as substrings of the
        lower-cased text: when none occurs, none of the three can match, and one scan replaces three."""
        words = [word for matcher in (self.example, self.provenance) if matcher is not None
                 for word, *_ in matcher.entries]
        return literal_trie(words + list(_ASSIGNED_PARTS) + list(_ASSIGNED_CJK))

    @cached_property
    def names(self) -> NameMemo:
        """name -> `_id_name`."""
        heads = self.id_word_set | self.number_word_set | self.business_noun_set | {"code"}  # `_is_identifier`'s
        return NameMemo(lambda name: _id_name(name, heads))


def _id_name(name: str, heads: frozenset[str]) -> tuple[tuple[str, ...], bool] | None:
    """The name's tokens and whether its last one may make it an identifier (`order_id`, `ticket_no`, 订单号:
    `_is_identifier` decides), or None when neither the name nor a description can: no tokens, or a free-text
    name (`query`, `search_text`)."""
    tokens = name_tokens(name)
    if not tokens:
        return None
    head = tokens[-1]
    if head in heads or (not head.isascii() and has_cjk(head)):
        return tokens, True
    if not _FREE_TEXT.isdisjoint(tokens):
        return None
    return tokens, False


_QUOTED_SAMPLE = lazy_compile(r"['\"`‘“「]([A-Za-z0-9][\w.:/#-]{1,80})['\"`’”」]")


def _is_identifier(description: str, tokens: tuple[str, ...], lex: UnconstrainedIdentifierOptions) -> bool:
    if not tokens:
        return False
    head = tokens[-1]
    if head in lex.id_word_set:
        return True
    if len(tokens) > 1 and head in lex.number_word_set:
        return tokens[-2] in lex.business_noun_set or head in ("no", "nr")
    if head == "code" and len(tokens) > 1:
        return tokens[-2] in lex.business_noun_set
    if head in lex.business_noun_set and lex.id_phrase_matcher is not None:
        return lex.id_phrase_matcher.search(description[:40]) is not None
    if has_cjk(head):  # a Chinese name: 订单号, 运单编号
        return any(phrase in head for phrase in lex.cjk_id_names)
    return False


_FREE_TEXT = frozenset({"query", "q", "search", "text", "keyword", "keywords", "term", "terms", "name", "names", "prompt"})

_CONSTRAINTS = ("pattern", "format", "enum", "const", "examples", "example")


def _constrained(schema: dict[str, Any]) -> bool:
    """A `pattern`, `format`, `enum`, `const`, example or default shows the model what a value looks like."""
    if "default" not in schema and schema.keys().isdisjoint(_CONSTRAINTS):
        return False  # the common case, decided without a lookup per keyword
    for key in _CONSTRAINTS:
        if schema.get(key) not in (None, "", []):
            return True
    default = schema.get("default")
    return isinstance(default, str) and bool(default)


def _names_a_code(schema: dict[str, Any], lex: UnconstrainedIdentifierOptions) -> bool:
    """"The ISBN of the book", "IATA airport code": the description says the value is a code with a fixed format."""
    text = schema.get("description")
    if not isinstance(text, str) or lex.code_phrase_matcher is None:
        return False
    head = text[:60]
    # Most descriptions hold no code phrase at all: one scan for any of them as a substring settles those.
    return lex.code_hint.search(head.lower()) is not None and lex.code_phrase_matcher.search(head) is not None


def _quoted_sample(text: str) -> bool:
    """A quoted value with a digit, `-` or `_` in it ("'ORD-2041'"): an example of the id."""
    return any(not m.isalpha() and (any(c.isdigit() for c in m) or "-" in m or "_" in m)
               for m in _QUOTED_SAMPLE.findall(text))


_CALLER_ASSIGNED = lazy_compile(
    r"\b(?:you\s+choose|of\s+your\s+choice|chosen\s+by\s+(?:you|the\s+caller)|assign(?:ed)?\s+by\s+(?:you|the\s+caller)|"
    r"arbitrary|any\s+(?:unique\s+)?(?:string|name|value|label|identifier)|your\s+own|user-defined|caller-defined|"
    r"client-generated|client-supplied|idempotency|to\s+identify\s+(?:it|this\s+\w+)\s+later|a\s+new\s+unique)\b|"
    r"自定义|任意|自行(?:指定|定义)|由调用方(?:指定|生成)", re.IGNORECASE)
# A part of every alternative of `_CALLER_ASSIGNED`, lower case, without `i`, `s` or `k` (see `_VALUES_OPENING`).
_ASSIGNED_PARTS = ("you", "cho", "gn", "arb", "any", "-def", "nt-", "dempot", "later", "new")
_ASSIGNED_CJK = ("自定义", "任意", "自行", "由调用方")
_DEFINITION_KEYS = frozenset({"$defs", "definitions"})


def _caller_assigned(text: str) -> bool:
    """A label the caller makes up itself ("an arbitrary name", 自定义), after a cheap test for any of its words."""
    if not contains_any(text, _ASSIGNED_CJK) and not contains_any(text.lower(), _ASSIGNED_PARTS):
        return False
    return _CALLER_ASSIGNED.search(text) is not None


def _reported_definition_before(node: SchemaNode, ctx: Context, rule: str) -> bool:
    """Whether `rule` already reported an identical definition (same `$defs` name and content) in this file."""
    current: SchemaNode | None = node
    while current is not None and current.via not in _DEFINITION_KEYS:
        current = current.parent
    if current is None:
        return False
    key = (current.name, node.name, json.dumps(current.schema, sort_keys=True, default=str))
    seen: set[Any] = ctx.cached(("reported-definitions", rule), set)
    if key in seen:
        return True
    seen.add(key)
    return False


# Ids the model mints itself: the branch of its own chain of thought, a label for the new thing this call makes.
_MINTED = lazy_compile(
    r"\b(?:branch|thought|step|revision)\s+(?:id|identifier)\b|\b(?:id|identifier)\s+(?:for|of)\s+(?:the\s+)?"
    r"(?:current|this|new|a\s+new)\s+(?:branch|thought|step|session|run|conversation|chain)\b|"
    r"\b(?:unique\s+)?(?:id|identifier|name)\s+(?:to\s+give|to\s+assign|you\s+(?:pick|make\s+up|create))\b|"
    r"\bgenerate\s+(?:a\s+)?(?:new\s+)?(?:unique\s+)?(?:id|identifier)\b|"
    r"\b(?:client|caller)[- ](?:chosen|generated|provided|supplied)\b", re.IGNORECASE)
# An identifier that takes another form too: "Document ID, title, or URL", "Secret name or ID", "名称或ID".
_OR_NAME = lazy_compile(
    r"\b(?:id|ids|identifier|uuid)\s*(?:,\s*[\w ]{1,20})*\s*(?:,|or|/)\s*(?:an?\s+|the\s+|its\s+)?(?:full\s+)?"
    r"(?:name|title|url|uri|slug|handle|email|path|domain|key|alias|link)s?\b|"
    r"\b(?:name|title|url|slug|handle|email|domain|alias|link)s?\s*(?:,|or|/)\s*(?:an?\s+|the\s+|its\s+)?"
    r"(?:id|ids|identifier|uuid)\b|(?:名称|名字|链接)\s*(?:或|/)\s*(?:ID|id|编号)|(?:ID|id|编号)\s*(?:或|/)\s*(?:名称|名字|链接)",
    re.IGNORECASE)
# An example value after a cue: "e.g. dQw4w9WgXcQ", "例如 ORD-2041".
_EXAMPLE_VALUE = lazy_compile(r"(?:\be\.g\.?|\bfor\s+example|\bsuch\s+as|\bexample:|\blike|例如|比如)[,:：]?\s*"
                              r"[\"'`“‘(]?([A-Za-z0-9][\w.:/#-]{3,80})", re.IGNORECASE)
_LOOKUP_VERBS = frozenset({"list", "search", "find", "get", "lookup", "query", "resolve", "browse", "fetch",
                           "retrieve", "discover", "show", "describe"})
_ID_TOKENS = frozenset({"id", "ids", "uuid", "uuids", "guid", "guids", "identifier", "identifiers", "no", "nr",
                        "number", "num", "code", "key"})


_CJK_ID = ("编号", "号码", "单号", "标识")


def _example_of(prose: str, tokens: tuple[str, ...], lex: UnconstrainedIdentifierOptions) -> bool:
    """The tool description shows an example id (digits, `-` or `_` in it, or mixed case) or its format ("by its
    id (a UUID string)") in a sentence about the id's noun."""
    nouns = [t for t in tokens if t not in _ID_TOKENS]
    low = prose.lower()
    if nouns and not any(noun in low for noun in nouns) and "id" not in low and not contains_any(prose, _CJK_ID):
        return False
    if lex.example is not None and lex.hints.search(low) is not None:
        for sentence in SENTENCE_BREAK.split(prose):
            word = lex.example.search(sentence)
            if word is None:
                continue
            said = sentence.lower()
            if re.search(r"\bids?\b", said) or _near(said, said.find(word), nouns):
                return True  # "by its id (a UUID string)", "orders look like ORD-1234"
    for match in _EXAMPLE_VALUE.finditer(prose):
        value = match.group(1)
        if any(c.isdigit() for c in value) or "-" in value or "_" in value or (
                not value.islower() and not value.isupper() and not value.istitle()):
            return True
    return False


def _near(text: str, at: int, nouns: list[str], reach: int = 40) -> bool:
    """Whether one of `nouns` stands within `reach` characters of `at`: "numeric values ... in an Excel file" says
    nothing of the file's id, "file ids are numeric" does."""
    return at >= 0 and any(noun in text[max(0, at - reach):at + reach] for noun in nouns)


_CREATING_VERBS = frozenset({"create", "new", "add", "open", "register", "make", "init", "initialize", "start"})


# A MIME Content-ID (RFC 2392): the name the composer of a message gives an inline part, which its HTML then refers
# to (`<img src="cid:logo">`). Nothing returns one; a model sending mail makes it up.
_SENDER_NAMED = frozenset({("content", "id"), ("cid",)})


def _names_the_new_thing(node: SchemaNode, ctx: Context) -> bool:
    """Whether a bare `id` names what the call makes: the item of a body being built (`nodes[].id`), or the top-level
    `id` of a tool whose name starts with a creating verb (`create_presentation(id=...)`, also after a prefix:
    `gephi_add_node(id=...)`)."""
    if not is_top_level(node):
        return True
    verbs = name_tokens(ctx.tool.name or "")[:2] if ctx.tool is not None else ()
    return not _CREATING_VERBS.isdisjoint(verbs)  # (the second word after a server's prefix: `gephi_add_node`)


def _example_argument(prose: str, name: str) -> bool:
    """Whether the description shows the parameter as a JSON or Python argument with a value: `"id": "mon_abc"`,
    `id="mon_abc"`."""
    if len(name) < 2 or name not in prose:
        return False
    quoted = re.escape(name)
    return re.search(rf"[\"']{quoted}[\"']\s*:\s*[\"']?[A-Za-z0-9]|(?<![\w]){quoted}\s*=\s*[\"'][A-Za-z0-9]", prose) is not None


def _singular_id(tokens: tuple[str, ...]) -> str:
    """`channel_ids` and `channelId` both as `channel_id`: one id or a list of them is the same thing to look up."""
    return "_".join(tokens[:-1] + (tokens[-1][:-1],) if tokens and tokens[-1] in ("ids", "uuids", "guids") else tokens)


def _looked_up(name: str) -> tuple[str, ...]:
    """The words of a lookup tool's name but its verbs, the last one what it looks up (`groups` of `list_groups`,
    `categories` of `list_group_categories`, `sports` of `pointsbet_sports_list`; a `_tool` suffix is none)."""
    return tuple(t for t in name_tokens(name) if t not in _LOOKUP_VERBS and t not in ("tool", "tools"))


def _looks_up_that_kind(other: Tool, names: frozenset[str], forms: list[set[str]], ctx: Context) -> bool:
    """Whether a sibling whose name holds the id's nouns looks up that very kind of thing, for a help to name it:
    what it looks up is the id's last noun (not `list_group_categories` for `group_id`), the words before it are the
    id's, this tool's (`aho` of `GetAHOReferenceMetadata` and `ListAHOReferences`) or filters
    (`get_user_recent_projects`; not `list_outcome_groups`), and in a set that mixes providers it is one of the same
    provider (not `pointsbet_sports_list` for `mlb_umpires(sportId)`)."""
    looked_up = _looked_up(other.name or "")
    if looked_up[-1:] and looked_up[-1] not in forms[-1]:
        return False
    known = set().union(*forms, name_tokens(ctx.tool.name or "") if ctx.tool is not None else ())
    if any(word not in known and word not in _FILTER_WORDS for word in looked_up[:-1]):
        return False
    namespace = _namespace_of(ctx.tool, ctx) if ctx.tool is not None else None
    return namespace is None or namespace in names or _namespace_of(other, ctx) is None


# Words a lookup's name may put before what it looks up that pick some of them, not another kind of thing.
_FILTER_WORDS = frozenset({"my", "user", "users", "recent", "all", "active", "available", "current", "open", "public",
                           "own", "shared", "favorite", "favorites", "starred", "top", "new", "latest", "by"})


def _namespace_of(tool: Tool, ctx: Context) -> str | None:
    """The provider prefix of a tool's name, when other tools of the set share it and it is no verb: a set that mixes
    providers (`mlb_umpires`, `pointsbet_sports_list`) names each one's tools so, and ids do not cross them. Both
    tools must have one to tell them apart: `pin_note` beside `get_user_recent_projects` has none to compare."""
    first = name_tokens(tool.name or "")[:1]
    if not first or first[0] in _LOOKUP_VERBS or first[0] in _ACTION_VERBS:
        return None
    firsts: Counter[str] = ctx.cached("first-name-tokens", lambda: Counter(
        tokens[0] for tokens in (name_tokens(other.name or "") for other in ctx.tools) if tokens))
    return first[0] if firsts[first[0]] > 1 else None  # (the tool itself is one of them)


# Verbs a tool's name may start with besides the lookup verbs (then its first token is no provider prefix).
_ACTION_VERBS = frozenset({"create", "update", "delete", "remove", "add", "set", "run", "start", "stop", "send",
                           "upload", "download", "edit", "move", "copy", "rename", "cancel", "close", "open", "post",
                           "put", "patch", "make", "build", "apply", "check", "validate", "import", "export"})


def _lookup_sibling(tokens: tuple[str, ...], ctx: Context, exact: bool = False) -> str | None:
    """The name of another tool of the set that lists, searches or looks up the things this id names (`channel_id`
    and `search_channels`), so the model is not left to invent one; None when there is none. `exact`: only one that
    looks up that very kind of thing, of the same provider, as a help that names the tool needs (a looser match is
    enough to know the set offers a way to find one)."""
    nouns = [t for t in tokens if t not in _ID_TOKENS]
    if not nouns or len(ctx.tools) < 2:
        return None
    forms = [{noun, noun + "s", noun[:-1] if noun.endswith("s") else noun} for noun in nouns]

    def lookups() -> list[tuple[Any, frozenset[str], frozenset[str]]]:
        found = []
        for other in ctx.tools:
            names = name_tokens(other.name or "")
            if names and not _LOOKUP_VERBS.isdisjoint(names):
                properties = other.schema.get("properties") if isinstance(other.schema, dict) else None
                found.append((other, frozenset(names), frozenset(properties) if isinstance(properties, dict)
                              else frozenset()))
        return found

    name = _singular_id(tokens)
    for other, names, takes in ctx.cached("lookup-tools", lookups):
        if other is ctx.tool or any(names.isdisjoint(form) for form in forms):
            continue  # every noun of the id (`production`, `line`) must name what the sibling looks up
        if exact and not _looks_up_that_kind(other, names, forms, ctx):
            continue
        if any(_singular_id(name_tokens(p)) == name for p in takes):
            continue  # `get_photo_info(photo_id)`, `getChannelStatistics(channelIds)` take such ids too: no
            # place to get one from
        return other.name if isinstance(other.name, str) else ""
    return None


def _unconstrained_identifier(node: SchemaNode, ctx: Context, lex: UnconstrainedIdentifierOptions,
                              documented: bool) -> str | None:
    """The text written about an identifier parameter that nothing constrains and nothing shows, or None when the
    parameter is no identifier, something shows the model what one looks like or where to get it, or it is
    `documented` (`_documented`) when the caller asks for one that is not, or the other way round."""
    schema = node.schema
    kind = plain_type(node)
    # A plain property's own type settles most of it before its name is looked at (and it is its own view).
    if kind is not None and kind != "array" and \
            (_constrained(schema) or not (kind == "string" or (kind == "integer" and not documented))):
        return None  # a flag, an object or a float holds no identifier; a constrained one is shown (an integer id is
        # only undocumented-identifier's: `advert_id: int` that nothing describes)
    named = lex.names[node.name or ""]
    if named is None:
        return None
    tokens, by_name = named
    if not by_name and (not documented or not _names_a_code(schema, lex)):
        return None  # not an identifier by its name, and no description naming a code ("the ISBN") makes it one
    if kind == "string" or kind == "integer":
        return _judge_identifier(node, ctx, lex, tokens, schema, schema, plain_description(schema), documented)
    found = string_param(node, ctx)
    if found is None:
        param = param_of(node, ctx)
        if documented or param.types != {"integer"}:
            return None  # (an optional integer, `owner_uid: int | None = None`, is as open as a plain one)
        return _judge_identifier(node, ctx, lex, tokens, param.schema, param.schema, param.description, documented)
    param, merged = found
    schema = param.schema if merged is None else \
        {**merged, "description": f"{param.description}\n{merged.get('description', '')}"}
    return _judge_identifier(node, ctx, lex, tokens, param.schema, schema, param.description, documented)


def _documented(node: SchemaNode, ctx: Context) -> bool:
    """Whether anything is written about the parameter: a description (its own, or its items' or `$ref`'s), a
    title that says more than its name, an entry in the tool description's parameter section, or a sentence of
    the description that names it."""
    param = param_of(node, ctx)
    if (param.has_description and not _spells_the_name(param.layers, node.name or "")) or param.titled:
        return True  # ("Team ID" for `teamId` spells the name again: nothing is written about it)
    entry = entry_text(node, ctx)
    if entry and not _only_spells(entry, node.name or ""):
        return True  # its `Args:` entry, unless that too only spells the name (`model_uid: 模型 UID`)
    items = param.item()
    if items is not None and has_text(items.get("description")):
        return True
    if ctx.tool is None:
        return False
    if (node.name or "").lower() == "id" and is_top_level(node):
        return _id_sourced_in_prose(ctx.tool.description, ctx) or _described_by_the_tool(node, ctx)
    if tool_docs(ctx.tool, ctx).mentions(node.name or ""):
        return True
    return _described_by_the_tool(node, ctx)


# "Accepts A1 or T-A1 style IDs.": a sentence of the tool description that speaks of IDs and shows their form, a code
# of capitals and digits beside "style", "format", "like" or "e.g.".
_IDS_WORD = lazy_compile(r"(?<![\w-])(?:IDs?|Ids?|ids?)(?![\w-])")
_ID_CODE = r"(?<![A-Za-z0-9-])[A-Z]{1,5}-?[A-Z]?\d{1,8}(?![A-Za-z0-9])"
_ID_FORM = lazy_compile(rf"{_ID_CODE}[^.。\n]{{0,30}}?(?:\b(?:style|format|form)\b|格式|样式|形式)|"
                        rf"(?:\b(?:like|e\.g\.|such\s+as|format|formatted\s+as)|形如|例如)\s*[:：]?\s*[\"'`“]?{_ID_CODE}")


def _shows_its_ids(ctx: Context) -> bool:
    """Whether the tool has one identifier parameter and its description shows what the ids look like: asked once
    per tool (every id the docs do not name asks it)."""
    tool = ctx.tool
    return tool is not None and ctx.cached(("shows-its-ids", id(tool)),
                                           lambda: _sole_id(tool) and _id_form_in_prose(tool.description))


def _described_by_the_tool(node: SchemaNode, ctx: Context) -> bool:
    """Whether the tool description describes this top-level id: it shows the form of the tool's one id, or, for an
    id named only `id` or `identifier`, names the code it is ("Fetch one CVE by its exact ID", "Look up products by
    an exact GTIN", "Add items by DOI, PMID or ISBN"). An id whose name says what it identifies (`order_id`) is not
    described by a code the text names for something else."""
    if not is_top_level(node):
        return False
    if _shows_its_ids(ctx):
        return True
    tool = ctx.tool
    if tool is None or not _ID_WORDS.issuperset(name_tokens(node.name or "")) or not _sole_id(tool) or \
            not isinstance(tool.description, str):
        return False
    matcher = _lexicon(ctx).code_phrase_matcher
    return matcher is not None and matcher.search(tool.description) is not None


def _lexicon(ctx: Context) -> UnconstrainedIdentifierOptions:
    """unconstrained-identifier's lexicon as configured, made once per run: undocumented-identifier reads it too."""
    return ctx.cached("identifier-options", lambda: UnconstrainedIdentifierOptions.configured(ctx.linter.settings))


def _id_form_in_prose(description: Any) -> bool:
    """Whether a sentence of the tool description shows what the tool's ids look like."""
    if not isinstance(description, str) or _IDS_WORD.search(description) is None:
        return False
    return any(_IDS_WORD.search(sentence) and _ID_FORM.search(sentence) for sentence in SENTENCE_BREAK.split(description))


def _sole_id(tool: Tool) -> bool:
    """Whether the tool has one parameter whose name ends in an id word: the one "IDs" speaks of."""
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    if not isinstance(properties, dict):
        return False
    ends = [name_tokens(name)[-1:] for name in properties if isinstance(name, str)]
    return sum(1 for end in ends if end and end[0] in _ID_NAME_END) == 1


# "the todo's ID (find it using search or view tools first)", "the ID returned by list_todos": where a bare `id`
# comes from, said in the tool description, which speaks of it as "ID" (too short a name for `mentions`).
_ID_WORD = lazy_compile(r"(?<![\w-])(?:ID|Id|id)(?![\w-])")
_ID_SOURCE = lazy_compile(r"\b(?:find|get|look\s+up|fetch)\s+it\b|\bfirst\b|\breturned\s+by\b|\bfrom\s+(?:the\s+)?"
                          r"(?:list|search|results?|response|output)|先(?:调用|查询|搜索)|返回的|获取")


# A tool description that opens by looking a thing up "by" the forms its key takes: "Get a single AD user by
# sAMAccountName, UPN, mail or cn", "Get an organizational unit by its `ou` name or full DN".
_LOOKUP_BY = lazy_compile(r"\s*(?:get|fetch|find|look\s+up|lookup|retrieve|read|return|show|describe|resolve)s?\b"
                          r"[^.\n]{0,60}?\b(?<!ed )by\s+(?P<forms>[^.;\n]{1,80})", re.IGNORECASE)
# The same in Chinese, the forms before the verb: "按 sAMAccountName、UPN 或 mail 获取单个 AD 用户".
_LOOKUP_BY_ZH = lazy_compile(r"\s*(?:按|通过|根据)\s*(?P<forms>[^，。；\n]{1,80}?)\s*(?:获取|查找|查询|读取|返回)")
_NOTE = lazy_compile(r"\([^()]*\)|（[^（）]*）|`")  # "`cn` (GUID)": the form, its note and its code quotes
_FORM_SPLIT = lazy_compile(r"\s*[,、，]\s*(?:or\s+|或\s*)?|\s+or\s+|\s*或\s*")
# Words of a form that make it an id, or the key itself ("by ID", "by its idea_id"), not the forms it takes.
# (A code or a number is an id too: "by stock code or crypto symbol", 根据股票代码或加密货币符号, says no more.)
_ID_FORM_WORDS = frozenset({"id", "ids", "identifier", "identifiers", "uuid", "default", "code", "codes", "number",
                            "numbers", "symbol", "symbols", "key", "keys"})
_ID_FORM_CJK = ("代码", "编号", "符号", "号码", "标识", "ID", "id")


def _looked_up_by_its_forms(node: SchemaNode, tool: Tool) -> bool:
    """Whether the tool's opening names two or more forms this key takes ("Get a user by sAMAccountName, UPN or
    mail") and the key is the tool's one required parameter, which those words can only be about."""
    description = tool.description
    if not isinstance(description, str):
        return False
    if " by " not in description[:200] and not contains_any(description[:4], "按通根"):
        return False  # (the quick test: most descriptions look nothing up "by" anything)
    required = tool.schema.get("required") if isinstance(tool.schema, dict) else None
    if not isinstance(required, list) or required != [node.name]:
        return False
    match = _LOOKUP_BY.match(description) or _LOOKUP_BY_ZH.match(description)
    if match is None:
        return False
    forms = [f for f in _FORM_SPLIT.split(_NOTE.sub("", match.group("forms")).strip()) if f.strip()]
    own = set(name_tokens(node.name or ""))
    for form in forms:
        words = form.split()
        if not words or len(words) > 3:
            return False  # a clause, not a form ("by the given theorem", "by default when ...")
        tokens = {t for word in words for t in name_tokens(word)}
        if not tokens.isdisjoint(_ID_FORM_WORDS) or tokens & own - {"name"} or contains_any(form, _ID_FORM_CJK):
            return False
    return len(forms) >= 2


def _id_sourced_in_prose(description: Any, ctx: Context) -> bool:
    """Whether a sentence of the tool description speaks of an ID and says where it comes from (a cue, or another
    tool's name)."""
    if not isinstance(description, str) or _ID_WORD.search(description) is None:
        return False
    return any(_ID_WORD.search(sentence) and (_ID_SOURCE.search(sentence) or names_other_tool(sentence, ctx))
               for sentence in SENTENCE_BREAK.split(description))


def _names_its_source(prose: str, tokens: tuple[str, ...], name: str, ctx: Context) -> bool:
    """Whether a sentence of the tool description names another tool and speaks of this id: its name, or a noun of
    it ("the channel" or `search_channels` for `channel_id`). A tool named for another id ("pass the attachment_id
    to download_attachment") says nothing of where a `message_id` comes from."""
    if not names_other_tool(prose, ctx):
        return False
    nouns = [t for t in tokens if t not in _ID_TOKENS]
    if not nouns:
        return True  # a bare `id`: the tool the description names is where it comes from
    low_name = name.lower()
    for sentence in SENTENCE_BREAK.split(prose):
        low = sentence.lower()
        if (low_name in low or any(noun in low for noun in nouns)) and names_other_tool(sentence, ctx):
            return True
    return False


def _spells_the_name(layers: list[dict[str, Any]], name: str) -> bool:
    """Whether every description of the parameter's layers only spells its name again ("Team ID" for `teamId`)."""
    return all(_only_spells(layer["description"], name) for layer in layers if has_text(layer.get("description")))


# How many characters longer than the name a description that spells it again may be ("The folder ID." for
# `folder_id`: an article, spaces, a full stop).
_NAME_SPELT = 6


def _only_spells(description: Any, name: str) -> bool:
    """Whether a description only spells the name again, settled by its length for most."""
    if not isinstance(description, str) or len(description) > len(name) + _NAME_SPELT_IN_WORDS:
        return False
    if len(description) <= len(name) + _NAME_SPELT and restates_name(description, name):
        return True
    if not description.isascii():
        bare = _CJK_FILLER.sub("", description)  # "要更新的任务 ID", "指定任务的 ID": the name without the filler
        return bare != description and restates_name(bare, name)
    return _id_in_words(description, name)


# How much longer an identifier's name written out in words may be ("The unique identifier for the post" for
# `post_id`), and the words that write out "the id of" without saying more of it.
_NAME_SPELT_IN_WORDS = 32
_ID_WORDS = frozenset(("id", "ids", "identifier", "identifiers"))
_ID_NAME_END = _ID_WORDS | {"uid", "uuid"}  # the last word of an identifier's name, for `_sole_id`
_SPELT_FILLER = _ID_WORDS | {"the", "a", "an", "unique", "of", "for", "s", "specific", "given"}


# What a Chinese description adds to an id's name without saying more of it: the tool's verb ("要更新的"), "specific"
# (指定, 给定) and the possessive before ID ("任务的 ID").
_CJK_FILLER = lazy_compile(r"^\s*(?:要[\u4e00-\u9fff]{1,4}的|(?:指定|给定|特定)的?)|的(?=\s*(?:ID|id|Id|编号|标识)\b)")


def _id_in_words(description: str, name: str) -> bool:
    """Whether a description is the identifier's name in words: the words of the name before `id`, in order,
    among "the unique identifier for ..." ("ID of the session" for `session_id`, "The post's ID", "Specific task
    ID"), maybe run together in the name (`taskseries_id`), maybe followed by what the tool does with it ("Activity
    ID to update")."""
    spelt = name_tokens(name)
    if len(spelt) < 2 or spelt[-1] not in _ID_WORDS:
        return False
    words = name_tokens(description)
    if words[-2:-1] == ("to",):
        words = words[:-2]  # "... to update": the tool's own verb, nothing of the id
    if _ID_WORDS.isdisjoint(words):
        return False
    kept = [w for w in words if w not in _SPELT_FILLER]
    return kept == list(spelt[:-1]) or "".join(kept) == "".join(spelt[:-1])  # "Task series ID": `taskseries_id`


@check("unconstrained-identifier", "schema", properties_only=True)
def unconstrained_identifier(node: SchemaNode, ctx: Context) -> None:
    text = _unconstrained_identifier(node, ctx, ctx.options, documented=True)
    if text is None:
        return  # (an identifier nothing is written about is undocumented-identifier's)
    if _reported_definition_before(node, ctx, "unconstrained-identifier"):
        return  # one `$defs` entry copied into many tools of the file: reported on its first copy only
    label = node_label(node)
    ctx.report(node.pointer, f"`{shown(label)}` is an identifier with no `pattern`, `format`, `enum` or example",
               key=True, help="add a `pattern` (such as `^ORD-[0-9]{8}$`) or `\"format\": \"uuid\"`, an example in "
                              "the description (" + _example_words(text) + "), or name the tool that returns it",
               note="a model can invent a plausible one")


# ---------------------------------------------------------------------------------------------
# undocumented-identifier


# A property that constrains or shows its value is never this rule's: decided once per node shape.
_SHOWN = frozenset(("enum", "const", "pattern", "format", "examples"))


@check("undocumented-identifier", "schema", properties_only=True, when=lambda keys: _SHOWN.isdisjoint(keys))
def undocumented_identifier(node: SchemaNode, ctx: Context) -> None:
    """The identifiers unconstrained-identifier would report that nothing at all is written about: its lexicon,
    as configured, says what an identifier is. A description that only spells the name again ("Team ID" for
    `teamId`) is nothing written about it; any other (even an empty one, as missing-param-description reads it)
    is."""
    if "description" in node.schema and not _only_spells(node.schema["description"], node.name or ""):
        return  # described (most properties here, settled by the description's length)
    kind = plain_type(node)
    if kind is not None and kind != "string" and kind != "array" and kind != "integer":
        return  # most properties: a number, a flag or an object, before the options are looked up
    lex = _lexicon(ctx)
    if not lex.public_code_words.isdisjoint(name_tokens(node.name or "")):
        return  # `cve_ids`, `isbn`, `doi`: the name says which public code it takes, whose form a model knows
    text = _unconstrained_identifier(node, ctx, lex, documented=False)
    if text is None or _reported_definition_before(node, ctx, "undocumented-identifier"):
        return
    tool = ctx.tool
    written = (tool.description if tool is not None and isinstance(tool.description, str) else "") + (node.name or "")
    what = "whose description only spells its name" if "description" in node.schema or entry_text(node, ctx) \
        else "that nothing describes"
    named = lex.names[node.name or ""]
    sibling = _lookup_sibling(named[0], ctx, exact=True) if named is not None else None
    source = f"(say that `{shown(sibling)}` returns one)" if sibling else "(the tool that returns it)"
    ctx.report(node.pointer, f"`{shown(node_label(node))}` is an identifier {what}", key=True,
               help=f"add a `description` saying what it identifies and where the model gets one {source}, with an "
                    "example (" + _example_words(written) + ")" + ("" if kind == "integer" else ", or a `pattern`"),
               note="with only its name to go on, a model can invent a plausible one")


# An example id as each language writes one (`cjk_language`), English for the rest.
_EXAMPLE_ID = {"ko": "\"예: ORD-20260917\"", "ja": "\"例: ORD-20260917\"", "zh": "\"例如 ORD-20260917\""}


def _example_words(text: str) -> str:
    return _EXAMPLE_ID.get(cjk_language(text) or "", "\"e.g. ORD-20260917\"")


def _judge_identifier(node: SchemaNode, ctx: Context, lex: UnconstrainedIdentifierOptions, tokens: tuple[str, ...],
                      view: dict[str, Any], schema: dict[str, Any], description: str, documented: bool) -> str | None:
    """The text about a string (or array of strings) identifier when nothing constrains or shows it and whether
    anything describes it is `documented`, else None: `view` is its parameter view's schema, `schema` the one its
    values follow (the items' for an array), `description` the view's text."""
    if not _is_identifier(description, tokens, lex) and not (_names_a_code(view, lex) and
                                                            _FREE_TEXT.isdisjoint(tokens)):
        return None
    if _constrained(schema):
        return None
    if tokens == ("id",) and _names_the_new_thing(node, ctx):
        return None  # the `id` of what the call creates (`create_presentation`, `nodes[].id`): the caller names it
    if tokens in _SENDER_NAMED:
        return None  # an attachment's MIME Content-ID: the sender names it, and the HTML refers to it as `cid:...`
    if _documented(node, ctx) is not documented:
        return None  # the other rule's (before the text is read: most identifiers are described)
    own = schema.get("description")
    if not isinstance(own, str):  # a title that only spells the name (FastMCP's `File Uuid`) says nothing of it
        title = schema.get("title")
        own = "" if isinstance(title, str) and restates_name(title, node.name or "") else description
    text = with_docs(own, node, ctx)
    hinted = lex.hints.search(text.lower()) is not None
    if hinted and ((lex.example is not None and lex.example.search(text))
                   or (lex.provenance is not None and lex.provenance.search(text))):
        return None  # an example or the format of the id, or where it comes from
    if _quoted_sample(text):
        return None
    if names_other_tool(text, ctx):
        return None  # "use the id returned by list_orders": the model is told where to get it
    if hinted and _caller_assigned(text):
        return None  # a label the caller makes up itself: there is nothing to invent wrongly
    if _MINTED.search(text):
        return None  # "a new branch identifier", "an id you make up for this thought": the model mints it
    if _OR_NAME.search(text) or ("or" in tokens and _OR_NAME.search(" ".join(tokens))):
        return None  # "ID, title or URL", "name or ID", `name_or_id`: a pattern would reject the other forms it takes
    tool = ctx.tool
    if tokens == ("id",) and tool is not None and is_top_level(node) and _id_sourced_in_prose(tool.description, ctx):
        return None  # "Requires the todo's ID (find it using search first)"
    if tool is not None and is_top_level(node) and _looked_up_by_its_forms(node, tool):
        return None  # "Get a single AD user by sAMAccountName, UPN, mail or cn": the forms of the tool's one key
    prose = tool_docs(tool, ctx).prose if tool is not None else ""
    if prose and _example_argument(prose, node.name or ""):
        return None  # a usage example in the description gives it a value: `"arguments": {"id": "mon_abc123"}`
    if prose and (_names_its_source(prose, tokens, node.name or "", ctx) or _example_of(prose, tokens, lex)):
        return None  # the tool's description says where the id comes from ("use channels_getByHandle first") or shows one
    if documented and _described_by_the_tool(node, ctx):
        return None  # "Accepts A1 or T-A1 style IDs.", "Fetch one CVE by its exact ID"
    if documented and _lookup_sibling(tokens, ctx) is not None:
        return None  # a sibling tool lists or looks up these things, and the id's own text says enough of it. (An id
        # nothing describes is still reported: the reader is not told that the sibling's results are what it takes.)
    return text
