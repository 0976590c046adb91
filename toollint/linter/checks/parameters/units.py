"""missing-unit: a number that measures something, with no unit in its name or description."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.catalog import load_catalog
from toollint.linter.checks import check
from toollint.linter.checks.parameters.quantity_context import (
    is_share_rate,
    unit_token_in_name,
    unitless_by_context,
)
from toollint.linter.context import Context, node_label
from toollint.linter.docview import with_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.options import RuleOptions
from toollint.linter.paramview import param_of, plain_description, plain_type, type_name
from toollint.linter.textstats import (
    LATIN_WORD,
    WordMatcher,
    as_list,
    contains_any,
    has_cjk,
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
# A number written as a string: the default of `duration: str = "8"`.
_NUMBER_TEXT = lazy_compile(r"-?\d{1,9}(?:\.\d{1,9})?")


@dataclass(frozen=True)
class MissingUnitOptions(RuleOptions, rule="missing-unit"):
    name_units: tuple[str, ...]
    units: tuple[str, ...]
    currency_codes: tuple[str, ...]
    cjk_single_units: tuple[str, ...]
    count_words: tuple[str, ...]
    count_modifiers: tuple[str, ...]
    text_modifiers: tuple[str, ...]
    count_phrases: tuple[str, ...]
    extra_units: tuple[str, ...]
    extra_count_words: tuple[str, ...]
    not_quantities: tuple[str, ...]
    modifier_kinds: Mapping[str, str]
    quantities: Mapping[str, Any]  # kind -> its table; a configured table replaces that kind's default only

    @cached_property
    def kinds(self) -> dict[str, Any]:
        defaults = load_catalog()["missing-unit"].options.get("quantities", {})
        return {**defaults, **self.quantities}

    @cached_property
    def _quantity_words(self) -> tuple[dict[str, str], list[tuple[str, str]]]:
        word_kind: dict[str, str] = {}
        cjk_words: list[tuple[str, str]] = []
        for kind, table in self.kinds.items():
            if not isinstance(table, dict):
                continue
            for word in as_list(table.get("words")):
                word = word.lower()
                if has_cjk(word):
                    cjk_words.append((word, kind))
                else:
                    word_kind.setdefault(word, kind)
        return word_kind, cjk_words

    @cached_property
    def word_kind(self) -> dict[str, str]:
        """Each Latin quantity word -> its kind (the first kind that lists it)."""
        return self._quantity_words[0]

    @cached_property
    def cjk_words(self) -> list[tuple[str, str]]:
        """(CJK quantity word, its kind), found anywhere in a CJK token."""
        return self._quantity_words[1]

    @cached_property
    def name_unit_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.name_units)

    @cached_property
    def currency_name_set(self) -> frozenset[str]:
        """The currency codes as name tokens: a money amount's unit after its money word (`budget_rub`)."""
        return frozenset(code.lower() for code in self.currency_codes)

    @cached_property
    def unit_matcher(self) -> WordMatcher | None:
        return words_regex(self.units + self.extra_units)

    @cached_property
    def currency_code(self) -> re.Pattern[str] | None:
        """An ISO 4217 code in capitals, as a word of its own (`TWD`, not the `ils` of details)."""
        codes = [re.escape(code) for code in self.currency_codes if code]
        return re.compile(rf"(?<![A-Za-z])(?:{'|'.join(codes)})(?![A-Za-z])") if codes else None

    @cached_property
    def _single_units(self) -> list[str]:
        return [c for c in self.cjk_single_units if len(c) == 1]

    @cached_property
    def cjk_units(self) -> re.Pattern[str] | None:
        """A CJK single unit next to a number or in a unit phrase ("单位：分", "（秒）")."""
        singles = "".join(re.escape(c) for c in self._single_units)
        if not singles:
            return None
        return re.compile(rf"(?:[0-9０-９]\s*|单位\s*[：:是为]?\s*|以\s*|按\s*|[（(]\s*)[{singles}]|"
                          rf"[{singles}]\s*(?:为单位|[）)/])")

    @cached_property
    def cjk_units_ascii_free(self) -> bool:
        """Every CJK single unit is non-ASCII, so `cjk_units` cannot match ASCII text."""
        return not any(c.isascii() for c in self._single_units)

    @cached_property
    def count_word_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.count_words + self.extra_count_words)

    @cached_property
    def count_modifier_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.count_modifiers)

    @cached_property
    def text_modifier_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.text_modifiers)

    @cached_property
    def count_phrase_matcher(self) -> WordMatcher | None:
        return words_regex(self.count_phrases)

    @cached_property
    def modifier_kind(self) -> dict[str, str]:
        """A modifier (lower case) -> the kind it makes the quantity after it (`font` size, `file` size)."""
        return {k.lower(): v for k, v in self.modifier_kinds.items()}

    @cached_property
    def not_quantity_phrases(self) -> frozenset[tuple[str, ...]]:
        return frozenset(name_tokens(n) for n in self.not_quantities)

    @cached_property
    def not_quantity_heads(self) -> frozenset[str]:
        """The first tokens of `not_quantity_phrases`: a name holds none of them mostly."""
        return frozenset(phrase[0] for phrase in self.not_quantity_phrases if phrase)

    @cached_property
    def names(self) -> NameMemo:
        """name -> its `_UnitName`."""
        return NameMemo(lambda name: _unit_name(name, self))


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


def _unit_name(name: str, lex: MissingUnitOptions) -> _UnitName:
    tokens = name_tokens(name)
    has_unit = not lex.name_unit_set.isdisjoint(tokens[1:]) or (len(tokens) == 1 and tokens[0] in lex.name_unit_set)
    count_last = bool(tokens) and tokens[-1] in lex.count_word_set
    any_count = not lex.count_word_set.isdisjoint(tokens)
    not_quantity = not lex.not_quantity_heads.isdisjoint(tokens) and any(
        _contains(tokens, phrase) for phrase in lex.not_quantity_phrases)
    quantity = _quantity_in_name(tokens, lex)
    return _UnitName(tokens, has_unit, count_last, any_count, not_quantity, quantity,
                     has_unit or count_last or not_quantity or (quantity is None and any_count))


def _holds_a_number(schema: dict[str, Any]) -> bool:
    """A string schema whose `format` or `pattern` says it holds a number, or whose default is one (`"8"` of a
    `duration: str = "8"`)."""
    if schema.get("format") in _NUMERIC_FORMATS:
        return True
    default = schema.get("default")
    if isinstance(default, str) and _NUMBER_TEXT.fullmatch(default):
        return True
    pattern = schema.get("pattern")
    return isinstance(pattern, str) and bool(_ONLY_NUMBER_CHARS.match(pattern)) and ("\\d" in pattern or "0-9" in pattern)


def _quantity_in_name(tokens: tuple[str, ...], lex: MissingUnitOptions) -> tuple[str, str, str | None] | None:
    """(kind, quantity word, the token before it) when the name measures something; None for counts."""
    core = list(tokens)
    while len(core) > 1 and core[0] in _QUALIFIERS:
        core.pop(0)
    if not core or core[-1] in lex.count_word_set:
        return None
    for index in range(len(core) - 1, -1, -1):
        kind = lex.word_kind.get(core[index])
        if kind is None:
            continue
        before = core[index - 1] if index else None
        if kind == "data" and (before in lex.count_modifier_set or not lex.count_modifier_set.isdisjoint(core[:index])
                               and ("pool" in core or "queue" in core or "thread" in core)):
            return None  # `batch_size`, `thread_pool_search_throttled_size`: a count of things
        if kind == "length" and before in lex.text_modifier_set:
            return None  # `name_length`, `sld_length_max`: a text's length, counted in characters
        return kind, core[index], before
    for token in core:
        if token.isascii():
            continue  # no CJK word is part of an ASCII token
        for word, kind in lex.cjk_words:
            if word in token:
                return kind, word, None
    return None


def _quantity_in_description(text: str, lex: MissingUnitOptions) -> tuple[str, str, str | None] | None:
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


def _states_unit(text: str, lex: MissingUnitOptions) -> bool:
    """A unit word, a CJK unit next to a number, or "per ..."/"in seconds". `_PER` goes first: it is the
    cheapest scan and finds most units ("in seconds"); the CJK units need a non-ASCII character."""
    if not text:
        return False
    if _PER.search(text) is not None:
        return True
    if lex.unit_matcher is not None and lex.unit_matcher.search(text):
        return True
    if lex.currency_code is not None and lex.currency_code.search(text) is not None:
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
    r"pounds\s+sterling|yuan|decimals?|decimal\s+places?|decimais|decimales)\b|\d+\.\d{1,2}(?!\d)|人民币元|最小(?:货币)?单位|만원|원\s*단위|万円|千円|円単位|"
    r"(?:单位\s*[：:是为]?\s*|以\s*|按\s*|[（(]\s*|[0-9]\s*)[元分角]|[元分角]\s*(?:为单位|[）)])",
    re.IGNORECASE)


# A rate's scale stated as a fraction: "(decimal)", "as a decimal", 小数 (5% sent as 0.05).
_DECIMAL_FRACTION = lazy_compile(r"\bdecimal\b|小数", re.IGNORECASE)


# A description that opens by saying what an `amount` is, when it is no money: "Mass of the solute", "Volume of".
_OTHER_AMOUNT = lazy_compile(r"\s*(?:the\s+)?(?:mass|volume|weight|quantity|moles?|concentration|dose|dosage)\b|"
                             r"\s*(?:质量|体积|重量|数量|剂量)", re.IGNORECASE)


def _moves_money(ctx: Context) -> bool:
    """Whether the tool charges, refunds, pays or transfers money (by the verbs of its name), unless its name or
    its description starts by reading or computing (`calculate_tip`; `gst_reverse_charge`, "Compute tax payable
    under reverse charge": a tax term, not a charge)."""
    tool = ctx.tool
    if tool is None or not tool.name:
        return False
    tokens = name_tokens(tool.name)
    if tokens and tokens[0] in _NOT_MOVING:
        return False
    if _MONEY_VERBS.isdisjoint(tokens) and not contains_any(tool.name, _MONEY_CJK):
        return False
    description = tool.description if isinstance(tool.description, str) else ""
    first = LATIN_WORD.search(description[:40])
    return first is None or first.group(0).lower() not in _NOT_MOVING


def _example_values(schema: dict[str, Any]) -> str:
    """The schema's examples and default as text (an example of 19.99 states major units; a default of 0.0 states
    nothing)."""
    values = [schema.get("default"), *(schema.get("examples") or [] if isinstance(schema.get("examples"), list)
                                        else [])]
    return " ".join(str(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0)


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
        if kind not in _UNIT_KINDS or (kind == "string" and not _holds_a_number(schema)):
            return
        lex: MissingUnitOptions = ctx.options
        named: _UnitName = lex.names[node.name or ""]
        if named.never or (named.quantity is None and not isinstance(schema.get("description"), str)):
            return  # the name settles it, or no quantity in the name and no description to reveal one
        _judge_unit(node, ctx, lex, named, schema, plain_description(schema))
        return
    union = None if "$ref" in schema or "type" in schema else _plain_union(schema)
    if union is not None and not union[0]:
        return  # a union of plainly typed branches, none of them a number or a numeric string
    lex = ctx.options
    named = lex.names[node.name or ""]
    if named.never:
        return
    if union is not None and named.quantity is None and not union[1]:
        return  # no quantity in the name and no description to reveal one
    param = param_of(node, ctx)
    if not (param.is_numeric or (param.is_string and _holds_a_number(param.schema))):
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


# Integers that each stand for a value ("1=week 2=month 3=quarter", "0=off, 1=on"): two pairs or more.
_CODED = lazy_compile(r"(?<![\w.])\d+\s*=\s*[^\s=,;]+(?:[\s,;]+\d+\s*=\s*[^\s=,;]+)+")


def _coded_in_prose(name: str, prose: str) -> bool:
    """Whether the tool's prose gives the parameter's codes after its name ("interval_type: 1=3m 2=6m 3=1y")."""
    if not name or "=" not in prose or name not in prose:
        return False
    return any(_CODED.match(prose, m.end()) for m in re.finditer(rf"(?<![\w.]){re.escape(name)}\s*[:：]\s*", prose))


# "Length of pattern", "Total length of the buffer", "Length of the string": what the length is of, the word after.
_LENGTH_OF = lazy_compile(r"\blength\s+of\s+(?:the\s+|an?\s+|each\s+)?(?:[\w-]+\s+)?(?P<noun>[a-z]+)\b", re.IGNORECASE)
# A sequence whose length counts its items, bytes or characters (besides the texts of `text-modifiers`).
_SEQUENCES = frozenset({"pattern", "buffer", "payload", "array", "list", "sequence", "padding", "shellcode", "prefix",
                        "suffix", "content", "input", "output", "data", "bytes", "bytestring"})


def _sequence_length(text: str, lex: MissingUnitOptions) -> bool:
    """Whether the text says the length is a sequence's or a text's: "Length of pattern", "Total length of buffer"."""
    if "ength" not in text:
        return False
    for match in _LENGTH_OF.finditer(text):
        noun = match.group("noun").lower()
        if any(word in _SEQUENCES or word in lex.text_modifier_set for word in (noun, noun.removesuffix("s"))):
            return True  # ("Length of the payloads": a plural too)
    return False


def _judge_unit(node: SchemaNode, ctx: Context, lex: MissingUnitOptions, named: _UnitName, schema: dict[str, Any],
                text: str) -> None:
    """missing-unit on a number (or a numeric string) whose name does not settle it: `schema` and `text` are
    its parameter view's merged schema and text."""
    if isinstance(schema.get("enum"), list) or "const" in schema:
        return
    found = named.quantity or _quantity_in_description(text, lex)
    if found is None:
        return
    if found[:2] == ("money", "amount") and _OTHER_AMOUNT.match(text):
        found = _quantity_in_description(text, lex)  # `solute_amount`, "Mass of the solute": a mass, if anything
        if found is None:
            return
    text = with_docs(text, node, ctx)  # the docstring's `Args:` entry often is the only place the unit is written
    moves_money = found[0] == "money" and _moves_money(ctx)
    if found[0] == "money" and (_MONEY_SCALE.search(text) or _MONEY_SCALE.search(_example_values(schema))):
        return  # "in cents", "major units", "19.99", "2 decimais": the scale is stated (the currency is the system's)
    if not moves_money and (_states_unit(text, lex) or (lex.count_phrase_matcher is not None and
                                                        lex.count_phrase_matcher.search(text))):
        return
    if schema.get("format") in ("duration", "date-time", "date", "time"):
        return
    if schema.get("minimum") == 0 and schema.get("maximum") == 1:
        return  # a fraction
    kind, word, before = found
    if kind in _FRACTION_KINDS and _fraction(schema):
        return
    if kind == "length" and _sequence_length(text, lex):
        return  # "Length of pattern", "Total length of buffer": counted in its bytes or characters
    tokens = named.tokens
    name = node.name or ""
    tool_text = _tool_text(ctx)
    if "=" in text and _CODED.search(text) or _coded_in_prose(name, tool_text):
        return  # "interval_type: 1=3m 2=6m 3=1y": a code for each value, not a quantity
    if unit_token_in_name(tokens, word, lex.name_unit_set) or \
            kind == "money" and unit_token_in_name(tokens, word, lex.currency_name_set):
        return
    if not moves_money and unitless_by_context(lex.modifier_kind.get(before or "", kind), word, text, node,
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
        if _DECIMAL_FRACTION.search(text):
            return  # "Annualized interest rate (decimal)": 5% is sent as 0.05
        ctx.report(node.pointer, f"`{shown(node_label(node))}` is a rate with no scale: percent or fraction?",
                   key=True, help=f"rename it `{_with_suffix(name, '_pct')}`, or say which in the description ("
                                  + ("\"年利率，百分数，例如 5 表示 5%\"" if has_cjk(text) else
                                     "\"annual rate in percent, 5 for 5%\"") + ")",
                   note=f"`{word}` reads as a percentage or a fraction: is 5% sent as 5 or as 0.05?")
        return
    kind = lex.modifier_kind.get(before or "", kind)
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
