"""Parameter rules (poka-yoke): units, enum case, absolute paths, identifiers, secrets, and parameter
descriptions that contradict their schema.

Every lexicon is a rule option (defaults in `rules/<rule>.toml`), compiled once per options set.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.catalog import load_catalog
from toollint.linter.checks import check
from toollint.linter.checks.quantity_context import is_share_rate, unit_token_in_name, unitless_by_context
from toollint.linter.context import Context, node_label
from toollint.linter.docview import SENTENCE_BREAK, documented, tool_docs, with_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.paramview import param_of, plain_description, plain_type, string_param, type_name
from toollint.linter.textstats import (
    LATIN_WORD,
    OptionCache,
    WordMatcher,
    as_list,
    contains_any,
    has_cjk,
    literal_trie,
    name_tokens,
    words_regex,
)
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# missing-unit

_KIND_LABELS = {"money": "an amount of money", "time": "a time span", "data": "a size", "length": "a length",
                "distance": "a distance", "font": "a font size", "weight": "a weight", "temperature": "a temperature",
                "rate": "a rate", "speed": "a speed", "bandwidth": "a data rate", "frequency": "a frequency"}
# Kinds a description alone may reveal ("Price of the item", "超时时间"); "Size of ..." is too often a count.
_DESCRIPTION_KINDS = frozenset({"money", "time", "distance", "weight", "temperature"})
# Kinds whose numbers are often dimensionless fractions (a 0.5 weight, a 0.1 sampling rate).
_FRACTION_KINDS = frozenset({"weight", "rate", "speed"})
_QUALIFIERS = frozenset({"max", "min", "maximum", "minimum", "default", "initial", "target", "new", "old", "current",
                         "desired", "requested", "custom", "base", "start", "end", "from", "to", "upper", "lower"})
_LEADING_FILLERS = frozenset({"the", "a", "an", "max", "maximum", "min", "minimum", "optional", "default", "initial",
                              "set", "request", "requested", "desired", "total", "of", "in", "for", "custom", "new"})
_NUMERIC_FORMATS = frozenset({"int32", "int64", "float", "double", "decimal", "number", "integer"})
_ONLY_NUMBER_CHARS = lazy_compile(r"^[\^$\\d0-9\[\]\-+.,()?*{}|:]+$")


@dataclass(frozen=True)
class _UnitLexicon:
    kinds: dict[str, dict[str, Any]]
    word_kind: dict[str, str]
    cjk_words: list[tuple[str, str]]
    name_units: frozenset[str]
    units: WordMatcher | None
    cjk_units: re.Pattern[str] | None
    cjk_units_ascii_free: bool  # every CJK single unit is non-ASCII, so `cjk_units` cannot match ASCII text
    count_words: frozenset[str]
    count_modifiers: frozenset[str]
    count_phrases: WordMatcher | None
    modifier_kinds: dict[str, str]
    not_quantities: frozenset[tuple[str, ...]]
    not_quantity_heads: frozenset[str]  # the first tokens of `not_quantities`: a name holds none of them mostly
    names: NameMemo = field(compare=False)  # name -> `_UnitName`


def _unit_lexicon(options: dict[str, Any]) -> _UnitLexicon:
    defaults = load_catalog()["missing-unit"].options.get("quantities", {})
    kinds = {**defaults, **(options.get("quantities") or {})}
    word_kind: dict[str, str] = {}
    cjk_words: list[tuple[str, str]] = []
    for kind, table in kinds.items():
        if not isinstance(table, dict):
            continue
        for word in as_list(table.get("words")):
            word = word.lower()
            if has_cjk(word):
                cjk_words.append((word, kind))
            else:
                word_kind.setdefault(word, kind)
    single_units = [c for c in as_list(options.get("cjk-single-units")) if len(c) == 1]
    singles = "".join(re.escape(c) for c in single_units)
    not_quantities = frozenset(name_tokens(n) for n in as_list(options.get("not-quantities")))
    cjk_units = None
    if singles:
        cjk_units = re.compile(rf"(?:[0-9０-９]\s*|单位\s*[：:是为]?\s*|以\s*|按\s*|[（(]\s*)[{singles}]|"
                               rf"[{singles}]\s*(?:为单位|[）)/])")
    lex = _UnitLexicon(
        kinds, word_kind, cjk_words,
        frozenset(w.lower() for w in as_list(options.get("name-units"))),
        words_regex(as_list(options.get("units")) + as_list(options.get("extra-units"))),
        cjk_units,
        not any(c.isascii() for c in single_units),
        frozenset(w.lower() for w in as_list(options.get("count-words")) + as_list(options.get("extra-count-words"))),
        frozenset(w.lower() for w in as_list(options.get("count-modifiers"))),
        words_regex(as_list(options.get("count-phrases"))),
        {k.lower(): v for k, v in (options.get("modifier-kinds") or {}).items() if isinstance(v, str)},
        not_quantities,
        frozenset(phrase[0] for phrase in not_quantities if phrase),
        NameMemo(lambda name: _unit_name(name, lex)),  # called after `lex` is bound, on the first lookup
    )
    return lex


_UNITS = OptionCache(_unit_lexicon)


@dataclass(frozen=True, slots=True)
class _UnitName:
    """What a parameter's name alone tells missing-unit."""

    tokens: tuple[str, ...]
    has_unit: bool  # a unit token after the first (`timeout_ms`), or the whole name is one (`ms`)
    count_last: bool  # ends in a count word (`page_count`)
    any_count: bool  # holds a count word anywhere
    not_quantity: bool  # holds a phrase that only sounds like a quantity (`font_weight`)
    quantity: tuple[str, str, str | None] | None  # `_quantity_in_name`
    # The name alone settles it, whatever the schema and the description say: a unit in the name, a count
    # (a count word last, or anywhere when no quantity word makes it a measure), or a look-alike phrase.
    never: bool


def _unit_name(name: str, lex: _UnitLexicon) -> _UnitName:
    tokens = name_tokens(name)
    has_unit = not lex.name_units.isdisjoint(tokens[1:]) or (len(tokens) == 1 and tokens[0] in lex.name_units)
    count_last = bool(tokens) and tokens[-1] in lex.count_words
    any_count = not lex.count_words.isdisjoint(tokens)
    not_quantity = not lex.not_quantity_heads.isdisjoint(tokens) and any(
        _contains(tokens, phrase) for phrase in lex.not_quantities)
    quantity = _quantity_in_name(tokens, lex)
    return _UnitName(tokens, has_unit, count_last, any_count, not_quantity, quantity,
                     has_unit or count_last or not_quantity or (quantity is None and any_count))


def _numeric_format(schema: dict[str, Any]) -> bool:
    """A string schema whose `format` or `pattern` says it holds a number."""
    if schema.get("format") in _NUMERIC_FORMATS:
        return True
    pattern = schema.get("pattern")
    return isinstance(pattern, str) and bool(_ONLY_NUMBER_CHARS.match(pattern)) and ("\\d" in pattern or "0-9" in pattern)


def _quantity_in_name(tokens: tuple[str, ...], lex: _UnitLexicon) -> tuple[str, str, str | None] | None:
    """(kind, quantity word, the token before it) when the name measures something; None for counts."""
    core = list(tokens)
    while len(core) > 1 and core[0] in _QUALIFIERS:
        core.pop(0)
    if not core or core[-1] in lex.count_words:
        return None
    for index in range(len(core) - 1, -1, -1):
        kind = lex.word_kind.get(core[index])
        if kind is None:
            continue
        before = core[index - 1] if index else None
        if kind == "data" and (before in lex.count_modifiers or not lex.count_modifiers.isdisjoint(core[:index])
                               and ("pool" in core or "queue" in core or "thread" in core)):
            return None  # `batch_size`, `thread_pool_search_throttled_size`: a count of things
        return kind, core[index], before
    for token in core:
        if token.isascii():
            continue  # no CJK word is part of an ASCII token
        for word, kind in lex.cjk_words:
            if word in token:
                return kind, word, None
    return None


def _quantity_in_description(text: str, lex: _UnitLexicon) -> tuple[str, str, str | None] | None:
    """A description that opens with a quantity: "Price of the item", "超时时间"."""
    if not text:
        return None
    line_end = text.find("\n")
    first_words = islice(LATIN_WORD.finditer(text, 0, line_end if line_end >= 0 else len(text)), 6)
    leading = [w for w in (m.group(0).lower() for m in first_words) if w not in _LEADING_FILLERS][:2]
    for word in leading:
        kind = lex.word_kind.get(word)
        if kind in _DESCRIPTION_KINDS:
            return kind, word, None
    head = text.strip()[:8]
    if head.isascii():
        return None  # no CJK word in it
    for word, kind in lex.cjk_words:
        if kind in _DESCRIPTION_KINDS and word in head:
            return kind, word, None
    return None


def _states_unit(text: str, lex: _UnitLexicon) -> bool:
    """A unit word, a CJK unit next to a number, or "per ..."/"in seconds". `_PER` goes first: it is the
    cheapest scan and finds most units ("in seconds"); the CJK units need a non-ASCII character."""
    if not text:
        return False
    if _PER.search(text) is not None:
        return True
    if lex.units is not None and lex.units.search(text):
        return True
    return lex.cjk_units is not None and not (lex.cjk_units_ascii_free and text.isascii()) and \
        lex.cjk_units.search(text) is not None


_PER = lazy_compile(r"\bper\s+\w|/\s?(?:s|sec|min|h|hr|day)\b|每|\b(?:in|as)\s+(?:[A-Za-z]+\s+)?(?:[a-z]{2,}s|[A-Z]{2,}s?)\b")


def _contains(tokens: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    size = len(phrase)
    return size > 0 and any(tokens[i:i + size] == phrase for i in range(len(tokens) - size + 1))


def _fraction(schema: dict[str, Any]) -> bool:
    bound = schema.get("maximum")
    default = schema.get("default")
    return (isinstance(bound, (int, float)) and bound <= 1) or (
        isinstance(default, float) and 0 < default < 1)


def _with_suffix(name: str, suffix: str) -> str:
    if "_" not in name and "-" not in name and any(c.isupper() for c in name[1:]) or (
            name.isalpha() and name[:1].islower() and any(c.isupper() for c in name)):
        parts = [p for p in suffix.split("_") if p]
        return name + "".join(p[:1].upper() + p[1:] for p in parts)
    if "-" in name and "_" not in name:
        return name + suffix.replace("_", "-")
    return name + suffix


_UNIT_KINDS = frozenset({"number", "integer", "string"})

# Tools that move money: a refund of 19.99 sent as 1999 (or the reverse) is the mistake missing-unit exists for.
_MONEY_VERBS = frozenset({"charge", "charges", "refund", "refunds", "pay", "pays", "payment", "payments", "payout",
                          "payouts", "transfer", "transfers", "withdraw", "withdrawal", "deposit", "remit", "disburse",
                          "capture", "invoice", "bill", "donate", "send"})
# A first word that reads, lists or computes: `list_payments`, `calculate_tip` move nothing.
_NOT_MOVING = frozenset({"get", "list", "search", "find", "query", "fetch", "retrieve", "show", "describe", "calculate",
                         "calc", "compute", "estimate", "convert", "format", "check", "validate", "lookup", "analyze",
                         "analyse", "summarize", "count", "preview", "simulate", "quote"})
_MONEY_CJK = ("支付", "退款", "转账", "付款", "充值", "提现", "收款", "打款", "汇款")
# What states the scale of an amount: minor or major units, a named unit of either, or an amount with decimals.
_MONEY_SCALE = lazy_compile(
    r"\b(?:cents?|minor\s+units?|smallest\s+(?:currency\s+)?(?:units?|denomination)|major\s+units?|base\s+units?|"
    r"sub-?units?|whole\s+units?|pence|penny|pennies|paise|kopecks?|satoshis?|wei|lamports?|dollars?|euros?|"
    r"pounds\s+sterling|yuan|decimals?|decimal\s+places?)\b|\d+\.\d{1,2}(?!\d)|人民币元|最小(?:货币)?单位|"
    r"(?:单位\s*[：:是为]?\s*|以\s*|按\s*|[（(]\s*|[0-9]\s*)[元分角]|[元分角]\s*(?:为单位|[）)])",
    re.IGNORECASE)


def _moves_money(ctx: Context) -> bool:
    """Whether the tool charges, refunds, pays or transfers money (by the verbs of its name)."""
    tool = ctx.tool
    if tool is None or not tool.name:
        return False
    tokens = name_tokens(tool.name)
    if tokens and tokens[0] in _NOT_MOVING:
        return False
    return not _MONEY_VERBS.isdisjoint(tokens) or contains_any(tool.name, _MONEY_CJK)


def _example_values(schema: dict[str, Any]) -> str:
    """The schema's examples and default as text (an example of 19.99 states major units)."""
    values = [schema.get("default"), *(schema.get("examples") or [] if isinstance(schema.get("examples"), list)
                                        else [])]
    return " ".join(str(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool))


def _tool_text(ctx: Context) -> str:
    """The tool's name and description, which often say what a parameter's number is about."""
    tool = ctx.tool
    if tool is None:
        return ""
    description = tool.definition.get("description")
    return f"{tool.name or ''} {' '.join(name_tokens(tool.name or ''))} {description if isinstance(description, str) else ''}"


@check("missing-unit", "schema", properties_only=True)
def missing_unit(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    kind = plain_type(node)
    if kind is not None:
        # The common case, one plain type: decided from the node itself, without the parameter view.
        if kind not in _UNIT_KINDS or (kind == "string" and "pattern" not in schema and "format" not in schema):
            return
        lex: _UnitLexicon = _UNITS.get(ctx.options)
        named: _UnitName = lex.names[node.name or ""]
        if named.never or (named.quantity is None and not isinstance(schema.get("description"), str)):
            return  # the name settles it, or no quantity in the name and no description to reveal one
        if kind == "string" and not _numeric_format(schema):
            return
        _judge_unit(node, ctx, lex, named, schema, plain_description(schema))
        return
    union = None if "$ref" in schema or "type" in schema else _plain_union(schema)
    if union is not None and not union[0]:
        return  # a union of plainly typed branches, none of them a number or a numeric string
    lex = _UNITS.get(ctx.options)
    named = lex.names[node.name or ""]
    if named.never:
        return
    if union is not None and named.quantity is None and not union[1]:
        return  # no quantity in the name and no description to reveal one
    param = param_of(node, ctx)
    if not (param.is_numeric or (param.is_string and _numeric_format(param.schema))):
        return
    _judge_unit(node, ctx, lex, named, param.schema, param.description)


def _plain_union(schema: dict[str, Any]) -> tuple[bool, bool] | None:
    """For an `anyOf`/`oneOf` whose branches all declare one plain type: whether it may hold a number (a number,
    or a string with a `pattern` or `format`, or a string beside another non-null type) and whether the node
    or a branch has a description. None when only the parameter view can tell (no branch, a `$ref`, no type).
    One pass over the branches: unions of a type and null are a fifth of all properties."""
    numeric = stringy = other = spelled = False
    described = isinstance(schema.get("description"), str)
    seen = False
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        for branch in branches if isinstance(branches, list) else ():  # `"anyOf": true` is invalid-json-schema's
            if not isinstance(branch, dict):
                continue
            declared = branch.get("type")
            if "$ref" in branch or not isinstance(declared, str):
                return None
            seen = True
            kind = type_name(declared)
            if kind == "number" or kind == "integer":
                numeric = True
            elif kind == "string":
                stringy = True
            elif kind != "null":
                other = True
            if "pattern" in branch or "format" in branch:
                spelled = True
            if not described and isinstance(branch.get("description"), str):
                described = True
    if not seen:
        return None
    return numeric or (stringy and (other or spelled)), described


def _judge_unit(node: SchemaNode, ctx: Context, lex: _UnitLexicon, named: _UnitName, schema: dict[str, Any],
                text: str) -> None:
    """missing-unit on a number (or a numeric string) whose name does not settle it: `schema` and `text` are
    its parameter view's merged schema and text."""
    if isinstance(schema.get("enum"), list) or "const" in schema:
        return
    found = named.quantity or _quantity_in_description(text, lex)
    if found is None:
        return
    text = with_docs(text, node, ctx)  # the docstring's `Args:` entry often is the only place the unit is written
    moves_money = found[0] == "money" and _moves_money(ctx)
    if moves_money:
        if _MONEY_SCALE.search(text) or _MONEY_SCALE.search(_example_values(schema)):
            return  # "in cents", "major units", "19.99": the scale is stated
    elif _states_unit(text, lex) or (lex.count_phrases is not None and lex.count_phrases.search(text)):
        return
    if schema.get("format") in ("duration", "date-time", "date", "time"):
        return
    if schema.get("minimum") == 0 and schema.get("maximum") == 1:
        return  # a fraction
    kind, word, before = found
    if kind in _FRACTION_KINDS and _fraction(schema):
        return
    tokens = named.tokens
    name = node.name or ""
    tool_text = _tool_text(ctx)
    if unit_token_in_name(tokens, word, lex.name_units):
        return
    if not moves_money and unitless_by_context(lex.modifier_kinds.get(before or "", kind), word, text, node,
                                               tool_text, schema):
        return
    if moves_money:
        ctx.report(node.pointer, f"`{shown(node_label(node))}` is an amount of money with no scale", key=True,
                   help=f"rename it `{_with_suffix(name, '_cents')}`, or say "
                        + ("\"单位：分\" or \"单位：元，例如 19.99\"" if has_cjk(text) else
                           "\"in cents (minor units)\" or \"in major units, e.g. 19.99\"") + " in the description",
                   note=f"`{word}` in a tool that moves money: nothing says whether 19.99 is sent as 19.99 or as 1999 "
                        "(a currency says which money, not the scale)")
        return
    if kind == "rate" and is_share_rate(word, tokens, text, tool_text):
        ctx.report(node.pointer, f"`{shown(node_label(node))}` is a rate with no scale: percent or fraction?",
                   key=True, help=f"rename it `{_with_suffix(name, '_pct')}`, or say which in the description ("
                                  + ("\"年利率，百分数，例如 5 表示 5%\"" if has_cjk(text) else
                                     "\"annual rate in percent, 5 for 5%\"") + ")",
                   note=f"`{word}` reads as a percentage or a fraction: is 5% sent as 5 or as 0.05?")
        return
    kind = lex.modifier_kinds.get(before or "", kind)
    table = lex.kinds.get(kind) or {}
    suffixes = as_list(table.get("suffixes")) or ["_unit"]
    unit_words = as_list(table.get("shown"))
    names = " or ".join(f"`{_with_suffix(name, s)}`" for s in suffixes[:2])
    if not has_cjk(text + tool_text):  # an English text gets English examples
        unit_words = [w for w in unit_words if not has_cjk(w)]
    looked = ", ".join(unit_words) if unit_words else "unit words"
    ctx.report(node.pointer, f"`{shown(node_label(node))}` is {_KIND_LABELS.get(kind, 'a measured quantity')} with no unit",
               key=True, help=f"rename it {names}, or state the unit in the description",
               note=f"`{word}` measures something, and neither the name nor the description gives the unit (looked "
                    f"for a name suffix and words such as {looked})")


# ---------------------------------------------------------------------------------------------
# enum-case-collision

_SEPARATORS = lazy_compile(r"[\s_\-]+")


def _collisions(values: list[tuple[Any, str]]) -> list[tuple[str, str, str, str]]:
    """(first value, second value, how they collide, pointer of the second) for each colliding pair."""
    found = []
    by_fold: dict[str, str] = {}
    by_loose: dict[str, str] = {}
    for value, where in values:
        if not isinstance(value, str):
            continue
        folded = value.casefold()
        sign = folded[:1] if folded[:1] in "+-" else ""
        loose = sign + _SEPARATORS.sub("", folded[len(sign):])  # `x` and `-x` are opposite axes, not spellings
        if folded in by_fold:
            if by_fold[folded] != value:
                found.append((by_fold[folded], value, "differ only in letter case", where))
            continue
        by_fold[folded] = value
        if loose in by_loose and loose:
            found.append((by_loose[loose], value, "differ only in case, `_`, `-` or spaces", where))
            continue
        by_loose[loose] = value
    return found


@check("enum-case-collision", "schema", keys=("enum", "anyOf", "oneOf"))
def enum_case_collision(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    groups: list[tuple[str, list[tuple[Any, str]]]] = []
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) > 1:
        if _may_collide([v for v in enum if isinstance(v, str)]):
            where = jp.join(node.pointer, "enum")
            groups.append(("enum", [(v, jp.join(where, i)) for i, v in enumerate(enum)]))
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        consts: list[tuple[Any, int, bool]] = []  # (value, branch index, given as `const`)
        for i, branch in enumerate(branches):
            if isinstance(branch, dict) and "const" in branch:
                consts.append((branch["const"], i, True))
            elif isinstance(branch, dict) and isinstance(branch.get("enum"), list) and len(branch["enum"]) == 1:
                consts.append((branch["enum"][0], i, False))
        # Pointers only for a group that may collide at all (`_may_collide` holds whenever `_collisions` finds a pair).
        if len(consts) > 1 and _may_collide([v for v, _, _ in consts if isinstance(v, str)]):
            groups.append((f"the `const`s of `{key}`", [
                (v, jp.join(node.pointer, key, i, "const") if given else jp.join(node.pointer, key, i, "enum", 0))
                for v, i, given in consts]))
    for what, values in groups:
        pairs = _collisions(values)
        if not pairs or _case_is_meaningful(pairs, values) or _CASE_INSENSITIVE.search(_text_of(schema)):
            continue
        label = node_label(node)
        sample = ", ".join(f"{a!r}/{b!r}" for a, b, _, _ in pairs[:3]) + (" ..." if len(pairs) > 3 else "")
        how = "letter case" if all(h == "differ only in letter case" for _, _, h, _ in pairs) else \
            "letter case, `_`, `-` or spaces"
        ctx.report(pairs[0][3], f"{what} of `{shown(label, 30)}` has values that differ only in {how}",
                   help=f"keep one spelling of each: remove {pairs[0][1]!r} or rename it so it differs from "
                        f"{pairs[0][0]!r} in more than case",
                   note=f"{sample}: a model cannot tell them apart and constrained decoding does not guarantee case")


def _may_collide(strings: list[str]) -> bool:
    """Whether two distinct strings fold to the same one without case, `_`, `-` and spaces (as in `_collisions`).
    Values that fold to letters and digits only have nothing for `_SEPARATORS` to remove."""
    if len(strings) < 2:
        return False
    distinct = len(set(strings))
    folded = {v.casefold() for v in strings}
    if len(folded) < distinct:
        return True
    # `all(v.isalnum() for v in folded)` in one call: no empty value, and their concatenation is alphanumeric.
    if "" not in folded and "".join(folded).isalnum():
        return False
    return len({_SEPARATORS.sub("", v) for v in folded}) < distinct


_CASE_INSENSITIVE = lazy_compile(r"case[- ]insensitive|any case|ignores? case|不区分大小写|大小写不敏感", re.IGNORECASE)


def _text_of(schema: dict[str, Any]) -> str:
    description = schema.get("description")
    return description if isinstance(description, str) else ""


def _symbol(value: str) -> bool:
    """One letter (`m`/`M`, `K`/`k`) or a doubled one (`Bb`, `aa`): symbols whose case is the meaning."""
    return len(value) == 1 or (len(value) == 2 and value[0].lower() == value[1].lower())


def _case_is_meaningful(pairs: list[tuple[str, str, str, str]], values: list[tuple[Any, str]]) -> bool:
    """Symbols whose case is their meaning (`m`/`M`, `K`/`k`, alleles `Bb`/`bb`), or an alias list that spells
    every value in several cases on purpose (the server folds case itself)."""
    if all(_symbol(a) and _symbol(b) for a, b, _, _ in pairs):
        return True
    strings = [v for v, _ in values if isinstance(v, str)]
    groups: dict[str, set[str]] = {}
    for value in strings:
        groups.setdefault(_SEPARATORS.sub("", value.casefold()), set()).add(value)
    return len(groups) >= 2 and all(len(g) >= 2 for g in groups.values())


# ---------------------------------------------------------------------------------------------
# relative-path


_NAME_LIKE = lazy_compile(r"[a-z0-9_.\-]+")


def _mentionable_names(tools: list[Any]) -> dict[str, list[Any]]:
    names: dict[str, list[Any]] = {}
    for other in tools:
        name = other.name
        if not name or len(name) < 4 or (name.isalpha() and name.islower()):
            continue  # a one-word name ("search") is too common a word to count as a mention
        names.setdefault(name.lower(), []).append(other)
    return names


# Up to this many tool names, testing each as a substring is cheaper than splitting the text into words.
_FEW_NAMES = 48


def _names_other_tool(text: str, ctx: Context) -> bool:
    """The description points at another tool of the set (`list_orders`), the place to get the value from."""
    if not text or len(ctx.tools) < 2:
        return False
    names: dict[str, list[Any]] = ctx.cached("tool-names", lambda: _mentionable_names(ctx.tools))
    if not names:
        return False
    low = text.lower()
    if len(names) <= _FEW_NAMES and not contains_any(low, names):
        return False  # no tool name occurs at all (a word that names one holds it): a few substring tests
    for word in _NAME_LIKE.findall(low):
        owners = names.get(word) or names.get(word.strip(".-"))
        if owners and any(owner is not ctx.tool for owner in owners):
            return True
    return False


@dataclass(frozen=True)
class _PathLexicon:
    names: frozenset[str]
    cjk_names: tuple[str, ...]  # the CJK ones of `names`, found anywhere in a CJK name token
    weak_names: frozenset[str]
    not_modifiers: frozenset[str]
    weak_modifiers: frozenset[str]
    path_words: WordMatcher | None
    absolute: WordMatcher | None
    relative: WordMatcher | None
    anchored: re.Pattern[str]
    remote: WordMatcher | None
    names_seen: NameMemo = field(compare=False)  # name -> `_path_name`


def _path_lexicon(options: dict[str, Any]) -> _PathLexicon:
    names = frozenset(w.lower() for w in as_list(options.get("path-names")) + as_list(options.get("extra-path-names")))
    weak_names = frozenset(w.lower() for w in as_list(options.get("weak-path-names")))
    lex = _PathLexicon(
        names, tuple(word for word in names if has_cjk(word)), weak_names,
        frozenset(w.lower() for w in as_list(options.get("not-path-modifiers"))),
        frozenset(w.lower() for w in as_list(options.get("weak-path-modifiers"))),
        words_regex(as_list(options.get("path-words"))),
        words_regex(as_list(options.get("absolute-words"))),
        words_regex(as_list(options.get("relative-words"))),
        re.compile(r"relative\s+to\s+(?!(?:the\s+)?(?:current|working|cwd))\S|\w-relative\b|(?:within|inside|in)\s+(?:the|a|your)\s+"
                   r"(?:repository|repo|project|vault|workspace|archive|bucket|share|drive)|相对于", re.IGNORECASE),
        words_regex(as_list(options.get("remote-words"))),
        NameMemo(lambda name: _path_name(name, lex)),  # called after `lex` is bound, on the first lookup
    )
    return lex


_PATHS = OptionCache(_path_lexicon)
# `^/`, `^\/`, `^[A-Za-z]:`, `^(/|[A-Za-z]:)`, `^(?:/|~)`, `^\\\\` (UNC), `^~/`.
_ABSOLUTE_PATTERN = lazy_compile(r"^\^\(?(?:\?:)?(?:\\?/|\[(?:a-zA-Z|A-Za-z|a-z|A-Z)\]:|~|\\\\\\\\|[A-Za-z]:)")
# `^(?!/)`, `^[^/]`: the author requires a relative path on purpose.
_RELATIVE_PATTERN = lazy_compile(r"^\^(?:\(\?!\\?/|\[\^\\?/)")


def _path_kind(tokens: tuple[str, ...], lex: _PathLexicon) -> str | None:
    """"strong" when the name says path, "weak" when it may; None when it is no file-system path."""
    if not tokens:
        return None
    head = tokens[-1]
    if len(tokens) > 1 and not lex.not_modifiers.isdisjoint(tokens[:-1]):
        return None
    if head in lex.names and len(tokens) > 1 and not lex.weak_modifiers.isdisjoint(tokens[:-1]):
        return "weak"  # `key_path`: an SSH key file, or a path of keys in a document; the description decides
    if head in lex.names or (len(tokens) > 1 and tokens[-2] in ("file", "dir", "folder") and head == "path"):
        return "strong"
    if not head.isascii() and has_cjk(head) and any(word in head for word in lex.cjk_names):
        return "strong"  # 文件路径, 输出目录
    if head in lex.weak_names:
        return "weak"
    return None


def _path_name(name: str, lex: _PathLexicon) -> tuple[tuple[str, ...], str] | None:
    """The name's tokens and `_path_kind`, or None when the name is no path."""
    tokens = name_tokens(name)
    kind = _path_kind(tokens, lex)
    return (tokens, kind) if kind is not None else None


# "the path as a Java String", "in Python 3 syntax": a value in a programming language, not a file to open.
_CODE_EXPRESSION = lazy_compile(
    r"\b(?:java|javascript|typescript|python|kotlin|scala|ruby|c#|golang)\b[^.\n]{0,40}\b(?:syntax|object|"
    r"expression|variable|string representation|type|instance|literal)\b|\bstring representation of\b|"
    r"\bSDK syntax\b|\b(?:expression|variable)\s+(?:that|which)\s+(?:evaluates|holds|refers)", re.IGNORECASE)
_ABSOLUTE_EXAMPLE = lazy_compile(r"(?:[\"'`“‘(]|e\.g\.,?|例如)\s*(?:/[\w.~-]+/|[A-Za-z]:[\\/]|~/)")
# "the plan file from the plan tool's output": the system hands the value over, the model does not write it.
_PRODUCED = lazy_compile(r"\b(?:from|returned\s+by|output\s+of|given\s+by|produced\s+by)\b[^.]{0,40}\b(?:output|tool|call|"
                       r"response|result|step)s?\b", re.IGNORECASE)
_CD_TOOLS = frozenset({"cd", "chdir", "change_directory", "change_dir", "set_cwd", "set_working_directory",
                       "set_workdir", "pushd", "cwd", "pwd"})


_CODE_TYPES = frozenset({"String", "Boolean", "Integer", "Long", "HashMap", "Map", "List", "ArrayList", "Array", "any",
                         "Object", "Function", "char", "long", "short", "byte"})


def _code_language_set(ctx: Context) -> bool:
    """Java or JavaScript signatures (`"type": "String"`, `"any"`): their path arguments are values in code."""
    def search() -> bool:
        for tool in ctx.tools:
            properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
            if isinstance(properties, dict) and any(isinstance(p, dict) and isinstance(p.get("type"), str)
                                                    and p["type"] in _CODE_TYPES
                                                    for p in properties.values()):
                return True
        return False

    return bool(ctx.cached("code-language-set", search))


# A relative example: `e.g. "root/Player"`, `(e.g. dist)`, `like src/app`; an absolute one is `_ABSOLUTE_EXAMPLE`.
_RELATIVE_EXAMPLE = lazy_compile(r"(?:\be\.g\.,?|\bsuch\s+as|\bfor\s+example|\blike|例如)\s*[:(]?\s*[\"'`“‘]?"
                                 r"(?:\.{1,2}/|[A-Za-z_][\w.-]*/|[A-Za-z_][\w-]*[\"'`”’)])", re.IGNORECASE)


def _anchored_tool(ctx: Context, lex: _PathLexicon) -> bool:
    """A tool whose other parameters say its paths are relative to its project or root ("relative to the
    project", `res://`): its paths share that base by design."""
    tool = ctx.tool
    properties = tool.schema.get("properties") if tool is not None and isinstance(tool.schema, dict) else None
    for prop in properties.values() if isinstance(properties, dict) else ():
        text = prop.get("description") if isinstance(prop, dict) else None
        if isinstance(text, str) and (lex.anchored.search(text) or "res://" in text):
            return True
    return False


def _manages_working_directory(ctx: Context) -> bool:
    """The tool set keeps its own current directory (it has a `cd`), so its paths are relative to it on purpose."""
    def search() -> bool:
        names = {(t.name or "").lower().rsplit(".", 1)[-1] for t in ctx.tools}
        token_sets = [set(name_tokens(t.name or "")) for t in ctx.tools]
        sets_dir = any(tokens & {"set", "change", "switch", "use"} and tokens & {"dir", "directory", "cwd", "workdir",
                                                                             "folder"} for tokens in token_sets)
        return bool(names & _CD_TOOLS) or sets_dir

    return bool(ctx.cached("manages-working-directory", search))


# Tools that move, copy or rename files: their `source` and `destination` are paths by their role.
_FILE_MOVERS = frozenset({"move", "copy", "rename", "mv", "cp", "duplicate", "relocate"})
_ROLE_NAMES = frozenset({"source", "src", "destination", "dest", "dst", "from", "to", "target"})
# Paths that are not on the agent's file system: an SSH or SFTP host, a NAS volume, an API or URL path.
_OFF_DISK = lazy_compile(
    r"\b(?:(?:over|via|through|using)\s+ssh|ssh\s+(?:host|server|connection|session)|sftp|scp|ftp|ftps|rsync|remote\s+(?:host|server|machine|system|path|file|directory)|on\s+the\s+"
    r"(?:remote|server|host|device|router|switch|nas)|nas|synology|qnap|truenas|volume\d+|smb|cifs|"
    r"nfs|share\s+path|api\s+endpoint|endpoint\s+path|api\s+path|url\s+path|request\s+path|http\s+path|"
    r"rest\s+path|webdav|imap|mailbox|mail\s+folder|email\s+folder|inbox|path-based\s+routing|routing|route|routes|"
    r"redirects?|rewrites?|cron|deployments?|page\s+path|function\s+path|node\s+path|scene\s+tree|vault|"
    r"hierarchy|gameobjects?|asset\s+path|assets/|area\s+path|iteration\s+path|note\s+path|"
    r"path\s+(?:to|of)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}node)\b|"
    r"/volume\d+|远程|接口路径|邮箱", re.IGNORECASE)


# Name tokens that put a path on a remote system: `gitea_build_path`, `imap_folder`, `s3_key_path`.
_REMOTE_TOKENS = frozenset({"github", "gitlab", "gitea", "bitbucket", "git", "repo", "s3", "gcs", "drive", "dropbox",
                            "imap", "mail", "email", "mailbox", "ftp", "sftp", "ssh", "remote", "nas", "smb", "url",
                            "uri", "web", "http", "route", "api", "endpoint", "watch", "gameobject", "asset", "scene",
                            "vault", "note", "area", "iteration", "hierarchy"})


def _off_disk_tool(ctx: Context, lex: _PathLexicon) -> bool:
    """Whether the tool's description places its paths off the agent's disk (once per tool)."""
    tool = ctx.tool

    def search() -> bool:
        text = tool.description if tool is not None and isinstance(tool.description, str) else ""
        return bool(text) and ((lex.remote is not None and lex.remote.search(text) is not None)
                               or _OFF_DISK.search(text) is not None)

    return bool(ctx.cached(("off-disk", id(tool)), search))


def _role_path(node: SchemaNode, ctx: Context) -> bool:
    """`source`/`destination` of a tool that moves, copies or renames files."""
    tool = ctx.tool
    if tool is None or not node.name or not tool.name:
        return False
    tokens = name_tokens(node.name)
    return len(tokens) == 1 and tokens[0] in _ROLE_NAMES and \
        not _FILE_MOVERS.isdisjoint(name_tokens(tool.name)) and \
        bool({"file", "files", "path", "paths", "dir", "directory", "folder"} & set(name_tokens(tool.name)) or
             _FILE_WORDS.search(tool.description if isinstance(tool.description, str) else ""))


_FILE_WORDS = lazy_compile(r"\b(?:files?|director(?:y|ies)|folders?|paths?)\b|文件|目录", re.IGNORECASE)


@check("relative-path", "schema", properties_only=True)
def relative_path(node: SchemaNode, ctx: Context) -> None:
    lex: _PathLexicon = _PATHS.get(ctx.options)
    named = lex.names_seen[node.name or ""]
    if named is None:
        if not (node.name and node.name.lower() in _ROLE_NAMES and _role_path(node, ctx)):
            return  # most properties: no path by name, and no `source`/`destination` either
        named = (name_tokens(node.name), "strong")
    kind = named[1]
    if kind == "weak" and _role_path(node, ctx):
        kind = "strong"  # the `source` of a move: a path by its role, whatever the description says
    schema = node.schema
    items = None
    plain = plain_type(node)
    if plain is not None and plain != "array":  # a plain property is its own parameter view
        if plain != "string":
            return
        text = plain_description(schema)
    else:
        found = string_param(node, ctx)
        if found is None:
            return
        param, merged = found
        schema, text = param.schema if merged is None else merged, param.description
        items = None if merged is None else param.item()
    if "enum" in schema or "const" in schema or schema.get("format") in ("uri", "uri-reference", "iri", "url"):
        return
    if items is not None and isinstance(items.get("description"), str):
        text = f"{text}\n{items['description']}"
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and (_ABSOLUTE_PATTERN.match(pattern) or _RELATIVE_PATTERN.match(pattern)):
        return  # an absolute `^/`, or relative only on purpose (`^(?!/)`): the author chose it
    if isinstance(schema.get("default"), str):
        return  # an absolute default or a JSONPath; or a relative one (`./output`, `""`): relative by design
    text = with_docs(text, node, ctx)  # what the docstring's `Args:` entry and the description say of it
    if kind == "weak" and (lex.path_words is None or lex.path_words.search(text) is None):
        return
    if _RELATIVE_EXAMPLE.search(text):
        return  # "e.g. \"root/Player\"", "like dist": the tool resolves it against its own base
    siblings = node.parent.schema.get("properties") if node.parent is not None else None
    if isinstance(siblings, dict) and "op" in siblings and node.name == "path":
        return  # a JSON Patch operation
    if _names_other_tool(text, ctx):
        return  # "use list_artifacts to see available paths"
    if _ABSOLUTE_EXAMPLE.search(text) or _PRODUCED.search(text):
        return  # "e.g. '/var/log/app'" shows an absolute path; "from the plan tool's output" is handed over
    if _CODE_EXPRESSION.search(text):
        return  # a Java or Python value
    tool = ctx.tool
    tool_text = tool.description if tool is not None and isinstance(tool.description, str) else ""
    if lex.absolute is not None and lex.absolute.search(text):
        if lex.relative is None or not lex.relative.search(text) or lex.anchored.search(text):
            return
    elif lex.relative is not None and lex.relative.search(text):
        return  # relative by design ("the relative path to the doc page"); the base is the tool's business
    if lex.anchored.search(text) or (lex.remote is not None and lex.remote.search(text)) or _off_disk_tool(ctx, lex):
        return  # the tool's paths are in a repository, a bucket, on an SSH host, a NAS volume, an API endpoint
    if _OFF_DISK.search(text) or not _REMOTE_TOKENS.isdisjoint(named[0]):
        return  # a path on an SSH host, a NAS volume, an API endpoint: not the agent's file system
    if lex.relative is not None and lex.relative.search(tool_text):
        if lex.absolute is None or not lex.absolute.search(tool_text):
            return  # the tool says its paths are relative (to its sandbox, its root): by design
    elif lex.absolute is not None and lex.absolute.search(tool_text):
        return  # "All paths must be absolute" for the whole tool
    # Last, as they look at every tool of the file (once per file, but only for files that get this far):
    if _manages_working_directory(ctx) or _code_language_set(ctx) or _anchored_tool(ctx, lex):
        return  # a shell-like set whose `cd` makes relative paths its design, or values in Java/JavaScript code
    what = "paths" if items is not None else "a path"
    ctx.report(node.pointer, f"`{shown(node_label(node))}` takes {what} but does not require an absolute one",
               key=True, help="add `\"pattern\": \"^/\"` (or `^[A-Za-z]:\\\\` on Windows) and say "
                              + ("\"绝对路径\"" if has_cjk(text) else "\"absolute path\"") + " in the description",
               note="a relative path breaks once the agent changes directory")


# ---------------------------------------------------------------------------------------------
# unconstrained-identifier

@dataclass(frozen=True)
class _IdLexicon:
    id_words: frozenset[str]
    number_words: frozenset[str]
    business_nouns: frozenset[str]
    id_phrases: WordMatcher | None
    example: WordMatcher | None
    provenance: WordMatcher | None
    cjk_id_names: tuple[str, ...]
    code_phrases: WordMatcher | None
    code_hint: re.Pattern[str]  # the words of `code_phrases` as substrings (of the lower-cased text)
    # Every word of `example`, `provenance` and `_caller_assigned`'s pre-filter, as substrings of the lower-cased
    # text: when none occurs, none of the three can match, and one scan replaces three.
    hints: re.Pattern[str]
    names: NameMemo = field(compare=False)  # name -> `_id_name`


def _id_lexicon(options: dict[str, Any]) -> _IdLexicon:
    id_words = frozenset(w.lower() for w in as_list(options.get("id-words")) + as_list(options.get("extra-id-words")))
    number_words = frozenset(w.lower() for w in as_list(options.get("number-words")))
    business_nouns = frozenset(w.lower() for w in as_list(options.get("business-nouns")))
    heads = id_words | number_words | business_nouns | {"code"}  # the last tokens `_is_identifier` looks at
    example = words_regex(as_list(options.get("example-words")))
    provenance = words_regex(as_list(options.get("provenance-words")))
    code_phrases = words_regex(as_list(options.get("code-phrases")))
    hints = [word for matcher in (example, provenance) if matcher is not None for word, *_ in matcher.entries]
    return _IdLexicon(
        id_words, number_words, business_nouns,
        words_regex(as_list(options.get("id-phrases"))),
        example, provenance,
        tuple(w for w in as_list(options.get("id-phrases")) if has_cjk(w)),
        code_phrases,
        literal_trie([word for word, *_ in code_phrases.entries] if code_phrases is not None else []),
        literal_trie(hints + list(_ASSIGNED_PARTS) + list(_ASSIGNED_CJK)),
        NameMemo(lambda name: _id_name(name, heads)),
    )


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


_IDS = OptionCache(_id_lexicon)
_QUOTED_SAMPLE = lazy_compile(r"['\"`‘“「]([A-Za-z0-9][\w.:/#-]{1,80})['\"`’”」]")


def _is_identifier(description: str, tokens: tuple[str, ...], lex: _IdLexicon) -> bool:
    if not tokens:
        return False
    head = tokens[-1]
    if head in lex.id_words:
        return True
    if len(tokens) > 1 and head in lex.number_words:
        return tokens[-2] in lex.business_nouns or head in ("no", "nr")
    if head == "code" and len(tokens) > 1:
        return tokens[-2] in lex.business_nouns
    if head in lex.business_nouns and lex.id_phrases is not None:
        return lex.id_phrases.search(description[:40]) is not None
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


def _names_a_code(schema: dict[str, Any], lex: _IdLexicon) -> bool:
    """"The ISBN of the book", "IATA airport code": the description says the value is a code with a fixed format."""
    text = schema.get("description")
    if not isinstance(text, str) or lex.code_phrases is None:
        return False
    head = text[:60]
    # Most descriptions hold no code phrase at all: one scan for any of them as a substring settles those.
    return lex.code_hint.search(head.lower()) is not None and lex.code_phrases.search(head) is not None


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


def _reported_definition_before(node: SchemaNode, ctx: Context) -> bool:
    """Whether an identical definition (same `$defs` name and content) was already reported in this file."""
    current: SchemaNode | None = node
    while current is not None and current.via not in _DEFINITION_KEYS:
        current = current.parent
    if current is None:
        return False
    key = (current.name, node.name, json.dumps(current.schema, sort_keys=True, default=str))
    seen: set[Any] = ctx.cached("reported-definitions", set)
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


def _example_of(prose: str, tokens: tuple[str, ...], lex: _IdLexicon) -> bool:
    """The tool description shows an example id (digits, `-` or `_` in it, or mixed case) or its format ("by its
    id (a UUID string)") in a sentence about the id's noun."""
    nouns = [t for t in tokens if t not in _ID_TOKENS]
    low = prose.lower()
    if nouns and not any(noun in low for noun in nouns) and "id" not in low and not contains_any(prose, _CJK_ID):
        return False
    if lex.example is not None and lex.hints.search(low) is not None:
        for sentence in SENTENCE_BREAK.split(prose):
            said = sentence.lower()
            if (any(noun in said for noun in nouns) or re.search(r"\bids?\b", said)) and lex.example.search(sentence):
                return True
    for match in _EXAMPLE_VALUE.finditer(prose):
        value = match.group(1)
        if any(c.isdigit() for c in value) or "-" in value or "_" in value or (
                not value.islower() and not value.isupper() and not value.istitle()):
            return True
    return False


def _sibling_lists(tokens: tuple[str, ...], ctx: Context) -> bool:
    """Another tool of the set lists, searches or looks up the things this id names (`channel_id` and
    `search_channels`), so the model is not left to invent one."""
    nouns = [t for t in tokens if t not in _ID_TOKENS]
    if not nouns or len(ctx.tools) < 2:
        return False
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

    name = "_".join(tokens)
    for other, names, takes in ctx.cached("lookup-tools", lookups):
        if other is ctx.tool or any(names.isdisjoint(form) for form in forms):
            continue  # every noun of the id (`production`, `line`) must name what the sibling looks up
        if any("_".join(name_tokens(p)) == name for p in takes):
            continue  # `get_photo_info(photo_id)` takes the id too: it is no place to get one from
        return True
    return False


@check("unconstrained-identifier", "schema", properties_only=True)
def unconstrained_identifier(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    kind = plain_type(node)
    # A plain property's own type settles most of it before its name is looked at (and it is its own view).
    if kind is not None and (kind != "string" or _constrained(schema)) and kind != "array":
        return  # a number, a flag or an object holds no identifier string; a constrained string is shown
    lex: _IdLexicon = _IDS.get(ctx.options)
    named = lex.names[node.name or ""]
    if named is None:
        return
    tokens, by_name = named
    if not by_name and not _names_a_code(schema, lex):
        return  # not an identifier by its name, and no description naming a code ("the ISBN") makes it one
    if kind == "string":
        _judge_identifier(node, ctx, lex, tokens, schema, schema, plain_description(schema))
        return
    found = string_param(node, ctx)
    if found is None:
        return
    param, merged = found
    schema = param.schema if merged is None else \
        {**merged, "description": f"{param.description}\n{merged.get('description', '')}"}
    _judge_identifier(node, ctx, lex, tokens, param.schema, schema, param.description)


def _judge_identifier(node: SchemaNode, ctx: Context, lex: _IdLexicon, tokens: tuple[str, ...],
                      view: dict[str, Any], schema: dict[str, Any], description: str) -> None:
    """unconstrained-identifier on a string (or array of strings) parameter: `view` is its parameter view's
    schema, `schema` the one its values follow (the items' for an array), `description` the view's text."""
    if not _is_identifier(description, tokens, lex) and not (_names_a_code(view, lex) and
                                                            _FREE_TEXT.isdisjoint(tokens)):
        return
    if _constrained(schema):
        return
    own = schema.get("description")
    text = with_docs(own if isinstance(own, str) else description, node, ctx)
    hinted = lex.hints.search(text.lower()) is not None
    if hinted and ((lex.example is not None and lex.example.search(text))
                   or (lex.provenance is not None and lex.provenance.search(text))):
        return  # an example or the format of the id, or where it comes from
    if _quoted_sample(text):
        return
    if _names_other_tool(text, ctx):
        return  # "use the id returned by list_orders": the model is told where to get it
    if hinted and _caller_assigned(text):
        return  # a label the caller makes up itself: there is nothing to invent wrongly
    if _MINTED.search(text):
        return  # "a new branch identifier", "an id you make up for this thought": the model mints it
    if _OR_NAME.search(text):
        return  # "ID, title or URL", "name or ID": a pattern would reject the other forms it takes
    tool = ctx.tool
    prose = tool_docs(tool, ctx).prose if tool is not None else ""
    if prose and (_names_other_tool(prose, ctx) or _example_of(prose, tokens, lex)):
        return  # the tool's description says where the id comes from ("use channels_getByHandle first") or shows one
    if _sibling_lists(tokens, ctx):
        return  # a sibling tool lists or looks up these things, so the model has a place to get the id
    if _reported_definition_before(node, ctx):
        return  # one `$defs` entry copied into many tools of the file: reported on its first copy only
    label = node_label(node)
    ctx.report(node.pointer, f"`{shown(label)}` is an identifier with no `pattern`, `format`, `enum` or example",
               key=True, help="add a `pattern` (such as `^ORD-[0-9]{8}$`) or `\"format\": \"uuid\"`, an example in "
                              "the description (" + ("\"例如 ORD-20260917\"" if has_cjk(text) else
                                                     "\"e.g. ORD-20260917\"") + "), or name the tool that returns it",
               note="a model can invent a plausible one")


# ---------------------------------------------------------------------------------------------
# secret-parameter

def _secret_lexicon(options: dict[str, Any]) -> NameMemo:
    """name -> its tokens when it names a credential (ends in the tokens of a secret name, and no token makes
    it something else), else None."""
    by_last: dict[str, list[tuple[str, ...]]] = {}
    for name in as_list(options.get("secret-names")) + as_list(options.get("extra-secret-names")):
        tokens = name_tokens(name)
        if tokens:
            by_last.setdefault(tokens[-1], []).append(tokens)
    not_modifiers = frozenset(w.lower() for w in as_list(options.get("not-secret-modifiers")))

    def secret_name(name: str) -> tuple[str, ...] | None:
        tokens = name_tokens(name)
        candidates = by_last.get(tokens[-1]) if tokens else None
        if not candidates or not not_modifiers.isdisjoint(tokens):
            return None
        if not any(len(secret) <= len(tokens) and tokens[-len(secret):] == secret for secret in candidates):
            return None
        return tokens

    return NameMemo(secret_name)


_SECRETS = OptionCache(_secret_lexicon)


_NAMES_A_SECRET = lazy_compile(
    r"^\s*(?:the\s+)?(?:name|id|identifier|arn|uri|url)\s+of\b|名称|名字|"
    r"^\s*(?:the\s+)?(?:(?:full\s+|absolute\s+|local\s+)?path|file\s*path|filename|file\s+name|location)\s+(?:to|of)\b|"
    r"\b(?:path|file)\s+(?:to|of|containing)\s+(?:the\s+|an?\s+|your\s+)?(?:[\w-]+\s+){0,2}(?:key|keys|secret|"
    r"certificate|credentials?|token)(?:\s+file)?\b|密钥文件|文件路径|"
    r"\b(?:id|identifier|name|label|alias|fingerprint|prefix|hash|digest|checksum)\s+of\s+(?:the\s+|an?\s+)?"
    r"(?:[\w-]+\s+){0,2}(?:key|token|secret|password|credential)s?\b|"
    r"\b(?:hashed|bcrypt|sha-?\d*|md5|argon2)\b|(?:密钥|令牌|密码)(?:的)?(?:ID|编号|标识|哈希|摘要)|"
    r"\bpublic\s+(?:[\w-]+\s+)?(?:token|key)\b|\bpublishable\s+key\b|\bpk[._]\w*|公开的?(?:令牌|密钥)", re.IGNORECASE)
# A tool that deletes, revokes or rotates a key takes which key, not a secret to use.
_KEY_MANAGEMENT = frozenset({"delete", "revoke", "remove", "rotate", "disable", "expire", "invalidate", "deactivate"})


# Tools that provision a credential: the secret is what the tool stores, so it cannot come from the server's config.
_PROVISION_VERBS = frozenset({"create", "add", "set", "update", "change", "reset", "register", "provision", "invite",
                              "configure", "config", "store", "save", "put", "new", "enroll", "signup",
                              "modify", "edit", "generate", "import", "upsert", "write"})
_PROVISION_CJK = ("创建", "新增", "添加", "设置", "修改", "重置", "注册", "配置")


# A secret the call sets rather than uses: "Password for the new user", "(for create operation)", 新密码.
_SETS_SECRET = lazy_compile(
    r"\b(?:new|initial|temporary|desired)\s+(?:[\w-]+\s+)?(?:password|passphrase|secret|pin)\b|"
    r"\b(?:password|passphrase|secret)\s+(?:for|of)\s+the\s+new\s+(?:user|account|member|role)\b|"
    r"\bfor\s+(?:the\s+)?(?:create|creation|update|reset)\b|\bto\s+(?:set|assign)\b|新密码|初始密码|设置的?密码",
    re.IGNORECASE)
# Tools whose input a secret is: one-time passwords, signatures, ciphers.
_SECRET_PROCESSORS = frozenset({"otp", "totp", "hotp", "mfa", "authenticator", "hmac", "encrypt", "decrypt", "cipher",
                                "jwt", "hash", "crypto"})
def _provisions(tokens: tuple[str, ...], tool_tokens: set[str], ctx: Context) -> bool:
    """The tool creates or sets the credential (by the verbs of its name), or the parameter is a new one."""
    if tokens[:1] in (("new",), ("initial",), ("temporary",), ("temp",)):
        return True  # `new_password`: the value being set
    if not _PROVISION_VERBS.isdisjoint(tool_tokens) or (ctx.tool is not None and
                                                        contains_any(ctx.tool.name or "", _PROVISION_CJK)):
        return True
    # `spaces_key_get(access_key)`: a tool about the credentials themselves names which one, it does not use it
    return tokens[-1] in tool_tokens or tokens[-1] + "s" in tool_tokens


def names_a_secret(name: str, options: dict[str, Any]) -> bool:
    """Whether a name names a credential, by secret-parameter's own lexicon (its options, as configured)."""
    return _SECRETS.get(options)[name] is not None


@check("secret-parameter", "schema", properties_only=True)
def secret_parameter(node: SchemaNode, ctx: Context) -> None:
    tokens = _SECRETS.get(ctx.options)[node.name or ""]
    if tokens is None:
        return
    schema = node.schema
    plain = plain_type(node)
    if plain is not None:  # a plain property is its own parameter view
        if plain != "string":
            return
        text = plain_description(schema)
    else:
        param = param_of(node, ctx)
        if not param.is_string:
            return
        text = param.description
    text = with_docs(text, node, ctx)
    if _NAMES_A_SECRET.search(text):
        return  # "the name of the secret", "the key's id", "a bcrypt hash": a reference, not the secret
    tool_tokens = set(name_tokens(ctx.tool.name or "")) if ctx.tool is not None else set()
    if tool_tokens & _KEY_MANAGEMENT and tokens[-1] in ("key", "apikey", "token"):
        return  # delete_api_key(api_key): the key to revoke is named, not used
    if _provisions(tokens, tool_tokens, ctx) or _SETS_SECRET.search(text):
        return  # create_user(password), set_chap_secret(secret): the credential is the tool's data
    if not tool_tokens.isdisjoint(_SECRET_PROCESSORS):
        return  # an OTP generator, an HMAC signer: the secret is the input the tool computes on
    ctx.report(node.pointer, f"`{shown(node_label(node))}` asks the model for a secret", key=True,
               help="remove the parameter; have the server read the secret from its configuration or environment",
               note="the value passes through the prompt, the transcript and the provider's logs")


# ---------------------------------------------------------------------------------------------
# description-contradicts-schema

_DEFAULT_STATED = lazy_compile(
    r"(?:\bdefaults?\s*(?:is|to|:|=|value\s+is)\s*|\(\s*default\s+|默认(?:值)?\s*(?:为|是)?\s*[:：]?\s*)"
    r"(?:([\"'`“‘])(?P<quoted>[^\"'`”’\n]{1,60})[\"'`”’]|(?P<number>-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)(?![\w%]|[.,]\d)"
    r"|(?P<boolean>true|false)\b)", re.IGNORECASE)
_VALUES_STATED = lazy_compile(r"(?:\bone\s+of|\ballowed\s+values?|\bvalid\s+values?|\bpossible\s+values?|\bmust\s+be\s+either"
                            r"|可选值|取值(?:范围)?为?)\s*[:：]?\s*((?:[\"'`“‘][^\"'`”’\n]{1,40}[\"'`”’][\s,，、/|]*(?:or\s+|和|或)?){2,})",
                            re.IGNORECASE)
_QUOTED = lazy_compile(r"[\"'`“‘]([^\"'`”’\n]{1,40})[\"'`”’]")


def _may_state_default(text: str) -> bool:
    """Every form `_DEFAULT_STATED` knows spells "default" or "默认": a cheap test before the regex."""
    return "默认" in text or "default" in text.lower()


# A part of every opening of `_VALUES_STATED`, in lower case and in letters without another case-insensitive
# spelling (`i`, `s` and `k` have one: `ı`, `ſ`, the Kelvin sign), so it finds each of them in the lowered text.
_VALUES_OPENING = lazy_compile(r"one\s+of|[de]\s+value|be\s+e|可选值|取值")


def _may_list_values(text: str) -> bool:
    """A cheap test before `_VALUES_STATED`, whose case-insensitive alternation costs several times more."""
    return _VALUES_OPENING.search(text.lower()) is not None


def _same_default(stated: re.Match[str], default: Any) -> bool | None:
    """Whether the stated default equals the schema's; None when they cannot be compared."""
    if stated.group("boolean") is not None:
        return isinstance(default, bool) and str(default).lower() == stated.group("boolean").lower()
    if stated.group("number") is not None:
        if isinstance(default, bool) or not isinstance(default, (int, float, str)):
            return None
        try:
            return float(stated.group("number").replace(",", "")) == float(default)
        except ValueError:
            return None
    if isinstance(default, str):
        return stated.group("quoted").strip() == default.strip()
    return None


_NUMBER = lazy_compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?")
_UNIT_AFTER = lazy_compile(r"\s*(?:[a-zA-Z]{1,12}|[秒分钟小时天字节兆]{1,2}|%)")
_CONVERSIONS = (60, 3600, 86400, 1000, 1_000_000, 1024, 1_048_576, 100, 60_000, 3_600_000, 86_400_000)


def _unit_conversion(stated: re.Match[str], text: str, default: Any) -> bool:
    """"defaults to 2 hours (7,200 seconds)" with `default: 7200`: the prose states the same value in another unit."""
    if stated.group("number") is None or isinstance(default, bool) or not isinstance(default, (int, float)):
        return False
    sentence = re.split(r"(?<=[.;。；])\s", text[stated.start():], maxsplit=1)[0]
    if any(float(n.replace(",", "")) == float(default) for n in _NUMBER.findall(sentence)):
        return True
    number = float(stated.group("number").replace(",", ""))
    if not number or not _UNIT_AFTER.match(text, stated.end()):
        return False
    ratio = float(default) / number
    return any(abs(ratio - c) < 1e-9 or abs(ratio * c - 1) < 1e-9 for c in _CONVERSIONS)


@check("description-contradicts-schema", "schema", keys=("default", "enum"), properties_only=True,
       when=lambda keys: "description" in keys)
def description_contradicts_schema(node: SchemaNode, ctx: Context) -> None:
    text = node.schema.get("description")
    if isinstance(text, str) and len(text) >= 6:
        _contradictions(ctx, node.pointer, node_label(node), node.schema, text, "the description")


@check("description-contradicts-schema", "tool")
def docstring_contradicts_schema(tool: Tool, ctx: Context) -> None:
    """The same comparison for what the tool description's parameter section (`Args:`) says of a parameter."""
    for name, prop, found in documented(tool, ctx):
        if ("default" not in prop and "enum" not in prop) or len(found.text) < 6:
            continue
        own = prop.get("description")
        if isinstance(own, str) and found.text.strip() in own:
            continue  # the schema's own description, compared by the schema check
        _contradictions(ctx, jp.join(tool.schema_pointer, "properties", name), name, prop, found.text,
                        "the docstring's entry")


def _contradictions(ctx: Context, pointer: str, label: str, schema: dict[str, Any], text: str, where: str) -> None:
    """Report a default or an allowed value that `text` states and the schema contradicts."""
    default = schema.get("default")
    if "default" in schema and default is not None and not isinstance(default, (dict, list)) and _may_state_default(text):
        stated = _DEFAULT_STATED.search(text)
        if stated is not None and _same_default(stated, default) is False and not _unit_conversion(stated, text, default):
            ctx.report(jp.join(pointer, "default"),
                       f"{where} of `{shown(label, 30)}` and its `default` name different defaults",
                       help="change the description or `default` so they name the same value",
                       note=f"the text says the default is {shown(stated.group(0).split(None, 2)[-1], 40)!s}, "
                            f"`default` is {shown(repr(default), 40)}; a model trusts the prose, the server the schema")
    enum = schema.get("enum")
    if isinstance(enum, list) and enum and _may_list_values(text) and all(isinstance(v, str) for v in enum):
        listed = _VALUES_STATED.search(text)  # the text first: few descriptions list values, most enums are strings
        if listed is not None:
            allowed = set(enum)
            stray = [v for v in _QUOTED.findall(listed.group(1)) if v not in allowed]
            if stray:
                ctx.report(jp.join(pointer, "enum"),
                           f"{where} of `{shown(label, 30)}` allows values that `enum` does not contain",
                           help="make the list and `enum` agree: add the value to `enum` or remove it from the text",
                           note=f"the text lists {shown(', '.join(repr(v) for v in stray), 60)}; a model sends what "
                                "the prose says and the call fails")
