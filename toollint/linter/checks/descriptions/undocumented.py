"""missing-param-description: a parameter whose name does not explain itself and that has no description."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.parameters.values import CHOICE_NAMES
from toollint.linter.context import Context, node_label
from toollint.linter.docview import entry_text, is_top_level, tool_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.options import RuleOptions
from toollint.linter.paramview import param_of
from toollint.linter.textstats import name_tokens
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# missing-param-description


@dataclass(frozen=True)
class MissingParamDescriptionOptions(RuleOptions, rule="missing-param-description"):
    vague_names: tuple[str, ...]
    extra_vague_names: tuple[str, ...]
    relational_names: tuple[str, ...]
    evident_short_names: tuple[str, ...]
    every_parameter: bool

    @cached_property
    def vague_heads(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.vague_names + self.extra_vague_names)

    @cached_property
    def evident_short(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.evident_short_names)

    @cached_property
    def relational(self) -> frozenset[str]:
        """Measures of something the name does not say: `depth` (of what?)."""
        return frozenset(w.lower() for w in self.relational_names)

    @cached_property
    def opacity(self) -> NameMemo:
        """What the name alone says (`_opaque`), memoised per name for these options: names repeat (`id`, `q`)."""
        return NameMemo(lambda name: _opaque(name, self))


_OF_WHAT = " does not say of what"
_ONLY_A_NAME = "is all the model has to go on"
_FREE_FORM = "does not say which keys the object takes, and its schema lists none"


def _opaque(name: str, lex: MissingParamDescriptionOptions) -> str | None:
    tokens = name_tokens(name)
    if not tokens:
        return None
    if len(name) <= 2 and name.lower() not in lex.evident_short:
        return "is too short to explain itself"
    if tokens[-1] in lex.vague_heads and tokens[-2:] not in _STANDARD_TYPES:
        return f"ends in `{tokens[-1]}`, which could hold anything"
    if len(tokens) == 1 and tokens[0] in lex.relational:
        return f"`{tokens[0]}`{_OF_WHAT}"
    if tokens[-1] == "json" or (tokens[-2:-1] == ("json",) and tokens[-1] in _ENCODED):
        return "says it holds JSON, not of what shape"  # `tag_json_str`, `filters_json`
    if tokens[-1] in _DATE_TOKENS or tokens in (("since",), ("until",)):
        return _NO_DATE_FORMAT  # `from_date`: 2026-12-06, 06-12-2026 or "last week"?
    return None


# A type a standard names (`mime_type`, `mimeType`: `application/pdf`): `type` there holds one well-known thing.
# (A `content_type` or a `media_type` may be a CMS's or a catalogue's kinds: those stay reported.)
_STANDARD_TYPES = frozenset({("mime", "type")})


# A name that holds a date written as text: `from_date`, `start_date`, `since`. Without a description, a `format` or
# an example, nothing says how to write one (ISO 8601, DD-MM-YYYY, "yesterday").
_DATE_TOKENS = frozenset({"date", "dates", "day", "datetime"})
_NO_DATE_FORMAT = "holds a date but does not say how to write one"
# How a description writes the form of its dates: a format (`YYYY-MM-DD`, `yyyy/mm/dd`), a standard's name, or a
# date written out (`2026-12-06`).
_DATE_FORM = lazy_compile(r"\b(?:yyyy|YYYY)(?:\b|[-/._]?(?:mm|MM))|\bISO[ -]?8601\b|\bRFC[ -]?3339\b|(?<!\d)(?:19|20)\d\d-[01]\d-[0-3]\d(?!\d)")


def _tool_shows_a_date_form(ctx: Context) -> bool:
    """Whether the tool's description, outside its parameter section, writes a date form: it then stands for each of
    the tool's dates. (One parameter's `Args:` entry, "to_date: End date, DD-MM-YYYY", speaks of that one.)"""
    return ctx.tool is not None and _DATE_FORM.search(tool_docs(ctx.tool, ctx).prose) is not None


# What follows `json` in a name that holds JSON text: `tag_json_str`, `config_json_string`.
_ENCODED = frozenset({"str", "string", "text", "data", "body", "payload", "input"})


# Siblings that say what a nested `value` holds: `{currency, value}` is an amount, `{unit, value}` a measure,
# `{key, value}` an entry.
_QUALIFIERS = frozenset({"currency", "unit", "units", "key", "name", "field", "label", "attribute", "metric"})


def _qualified_by_sibling(node: SchemaNode) -> bool:
    """A nested `value` in a small object (at most three properties) beside a sibling that qualifies it."""
    parent = node.parent
    if parent is None or parent.is_root or node.via != "properties" or name_tokens(node.name or "")[-1:] not in \
            (("value",), ("val",)):
        return False
    siblings = parent.schema.get("properties")
    if not isinstance(siblings, dict) or len(siblings) > 3:
        return False
    return any(isinstance(other, str) and other != node.name and not _QUALIFIERS.isdisjoint(name_tokens(other)[-1:])
               for other in siblings)


# What follows a parameter's name in a sentence that defines it: "option_type is PUT or CALL", "use type (e.g.
# host, network)", "direction: BUY or SELL".
_DEFINER = lazy_compile(r"\s*(?:[(（][^)）\n]{2,}|[:=：]|\s+(?:is|are|must|should|can|may|accepts?|takes?|sets?|"
                        r"specifies|selects|controls|defaults?|means)\b)")
# After a quoted name (`` `variables` fills ``, "'tags' holds"), a verb in the third person defines it too.
_QUOTED_DEFINER = lazy_compile(_DEFINER.pattern + r"|\s+(?!is\b|was\b|has\b|this\b|its\b)[a-z]{2,}s\b")
# What defines a plain word: a parenthesis after it, the shape it takes (`data: {x, y, text}`), or its values
# (`format: html|markdown`, `mode='hedged': ...`, a keyword argument as Python writes one).
_PARENTHESIS = lazy_compile(r"\s*(?:[(（][^)）\n]{2,}|[:=：∈]\s*[{\[]|[:=：∈]\s*[\w-]+(?:\s*[|/]\s*[\w-]+)+|=[\"'`][\w-]|"
                            r"=[\w-]+[:：]\s)")
# A Chinese sentence that names the parameter and holds a copula anywhere defines it ("mode 为 fast 或 slow",
# "默认是 fast"): word order there does not put the definer right after the name.
_CJK_COPULA = lazy_compile("为|是|表示")


def _defined_in_prose(node: SchemaNode, ctx: Context) -> bool:
    """A top-level parameter that a sentence of the tool description (outside any parameter section) defines by
    its exact name. A name that is one plain word (`type`) needs backticks, quotes, a parenthesis or a shape
    (`data: {x, y}`) after it, so that "the type is returned" does not count."""
    name = node.name or ""
    if not is_top_level(node) or ctx.tool is None:
        return False
    docs = tool_docs(ctx.tool, ctx)
    if len(name) <= 6 and name.isalpha() and _expands(name, docs.prose):
        return True  # "by its distinguished name (DN)" of `dn`: the abbreviation, spelled out
    if len(name) == 2:  # `tf ∈ {5m, 1h}`: too short for `mentions`, whose sentences would hold every "to" and "id";
        text = docs.prose if name in docs.prose else ""  # the definer after it is searched in the whole prose
    else:
        text = docs.mentions(name)
        if text and _CJK_COPULA.search(text):
            return True
    if not text:
        return False
    plain = name.isalpha() and name.islower()
    # The name (quoted, or as a whole word), then what defines it matched where the name ends: one small pattern
    # per name, not the definers compiled again for each.
    for found in re.finditer(rf"(?P<quote>``|[`'\"]){re.escape(name)}(?:``|[`'\"])|(?<![\w]){re.escape(name)}(?![\w])",
                             text):  # (reStructuredText quotes a name in two backticks: ``params``)
        definers = (_QUOTED_DEFINER,) if found.group("quote") else (_DEFINER,) if not plain else \
            (_PARENTHESIS, _DEFINER) if _SENTENCE_START.search(text, 0, found.start()) else (_PARENTHESIS,)
        if any(definer.match(text, found.end()) for definer in definers):
            return True
        if found.group("quote") and _TO_VERB.match(text, found.end()) and _asks_to_pass(text, found.start()):
            return True  # "Pass `extra_filter` to AND an extra raw LDAP clause": what it is for
    return False


# "Pass `scope` to restrict ...", "Use `cursor` to page", "Pass `base` (a DN) to scope to an OU, or `extra_filter`
# to AND ...", "传入 `scope` 以限定...": a sentence that opens by asking to pass things, and a quoted name in it,
# then "to" and a verb.
_PASS_OPENING = lazy_compile(r"\s*(?:(?:Pass|Use|Give|Provide|Supply)\s|传入|使用|提供)")
_TO_VERB = lazy_compile(r"\s+to\s+[A-Za-z]|\s*(?:以|来|用于)")


def _asks_to_pass(text: str, at: int) -> bool:
    """Whether the sentence of `text` that holds position `at` opens with `_PASS_OPENING`."""
    start = max(text.rfind(".", 0, at), text.rfind(";", 0, at), text.rfind("。", 0, at), text.rfind("\n\n", 0, at)) + 1
    return _PASS_OPENING.match(text, start) is not None


def _expands(name: str, prose: str) -> bool:
    """Whether the prose spells out an abbreviation that is the name, then gives it in parentheses: "distinguished
    name (DN)" of `dn`, "time to live (TTL)" of `ttl`."""
    if not prose or name.upper() not in prose:
        return False
    return re.search(rf"(?:[A-Za-z][\w-]*\s+|[\u4e00-\u9fff])[(（]\s*{re.escape(name.upper())}\s*[)）]", prose) is not None


# Where a sentence starts: a plain lower-case name there is the parameter ("filter is the IP quality filter"), as a
# sentence of prose would start with a capital ("The type is returned").
_SENTENCE_START = lazy_compile(r"(?:^|[.;!?。；]\s+|\n\s*)$")


def _shown_in_a_call(node: SchemaNode, ctx: Context) -> bool:
    """A top-level parameter that an example call of the tool in its description fills (`get_message_details(
    'geometry_msgs/Twist')`, `subscribe(topic='/cmd_vel', duration=5)`): the value shows its form, by position
    (the schema's order) or by keyword."""
    tool = ctx.tool
    if tool is None or not tool.name or not is_top_level(node) or not isinstance(tool.description, str) or \
            f"{tool.name}(" not in tool.description:
        return False  # nearly every tool: no call of itself in its text
    shown_names = tool.extras.get("called_with")
    if shown_names is None:
        shown_names = tool.extras["called_with"] = _called_with(tool.description, tool.name, tool.schema)
    return node.name in shown_names


def _called_with(text: str, name: str, schema: Any) -> frozenset[str]:
    """The parameters the calls of `name(...)` in `text` give a value: keyword arguments by name, the others by
    their place among the schema's properties."""
    order = [key for key in (schema.get("properties") or {}) if isinstance(key, str)] if isinstance(schema, dict) else []
    given: set[str] = set()
    for call in re.finditer(rf"(?<![\w.]){re.escape(name)}\(", text):
        arguments = _arguments(text, call.end())
        for place, argument in enumerate(arguments):
            keyword = _KEYWORD.match(argument)
            if keyword is not None:
                given.add(keyword.group(1))
            elif argument and place < len(order):
                given.add(order[place])
    return frozenset(given)


_KEYWORD = lazy_compile(r"\s*([A-Za-z_]\w*)\s*=(?!=)")
_CLOSES = {"(": ")", "[": "]", "{": "}"}


def _arguments(text: str, start: int) -> list[str]:
    """The arguments of a call whose `(` ends at `start`, split at its top-level commas (brackets and quotes kept
    whole), up to its `)`; [] when the call does not close on its line."""
    arguments, depth, quote, begin = [], [], "", start
    for at in range(start, min(len(text), start + 500)):
        char = text[at]
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in _CLOSES:
            depth.append(_CLOSES[char])
        elif depth and char == depth[-1]:
            depth.pop()
        elif char == "\n":
            return []
        elif not depth and char in ",)":
            arguments.append(text[begin:at].strip())
            begin = at + 1
            if char == ")":
                return arguments if arguments != [""] else []  # (an empty place keeps its position)
    return []


# The caller told what to give, in the imperative: "Paste a requirements.txt, ...", "Provide the SQL to run", 请粘贴.
# (A bare 提供 is as often "the tool provides": only 请提供 asks.)
_ASKS_FOR_INPUT = lazy_compile(r"\b(?:[Pp]aste|[Pp]rovide|[Pp]ass|[Ss]upply|[Ee]nter)\s+(?:an?|the|your|one|any)?\b|"
                               r"粘贴|贴入|傳入|传入|[请請](?:提供|输入|輸入)")


def _sole_input_asked(node: SchemaNode, ctx: Context) -> bool:
    """The tool's only parameter, when its description tells the caller what to give: that is the parameter's
    description ("Paste a requirements.txt, package.json or a comma list" of `scan_stack(input)`)."""
    tool = ctx.tool
    properties = tool.schema.get("properties") if tool is not None and isinstance(tool.schema, dict) else None
    if not is_top_level(node) or not isinstance(properties, dict) or len(properties) != 1:
        return False
    return _ASKS_FOR_INPUT.search(tool_docs(tool, ctx).prose) is not None


def _default_listed(node: SchemaNode, ctx: Context) -> bool:
    """A string whose default the tool's prose lists among other values ("Add a section break (new_page,
    continuous, even_page, odd_page)" of `break_type="new_page"`): its values are written there (values-only-in-prose
    asks for the `enum`)."""
    default = node.schema.get("default")
    tool = ctx.tool
    if not isinstance(default, str) or len(default) < 4 or tool is None or not isinstance(tool.description, str) \
            or default not in tool.description:
        return False
    prose = tool_docs(tool, ctx).prose
    at = prose.find(default)
    while at >= 0:
        end = at + len(default)
        before, after = prose[max(0, at - 12):at], prose[end:end + 12]
        if (_SEPARATOR_BEFORE.search(before) and not _WORD_AFTER.match(after)) or \
                (not _WORD_BEFORE.search(before) and _SEPARATOR_AFTER.match(after)):
            return True  # `(new_page, continuous`, `| 'new_page'`: a value among others
        at = prose.find(default, end)
    return False


# What stands around a value in a list: a separator (maybe a quote between), and no letter joining it to a word.
_SEPARATOR_BEFORE = lazy_compile(r"[,|/、(]\s*[\"'`]?$")
_SEPARATOR_AFTER = lazy_compile(r"[\"'`]?\s*[,|/、]")
_WORD_BEFORE = lazy_compile(r"[\w-][\"'`]?$")
_WORD_AFTER = lazy_compile(r"[\"'`]?[\w-]")


# Free-form maps whose keys the name itself says: HTTP headers, environment variables, labels.
_EVIDENT_MAPS = frozenset({"headers", "header", "env", "environment", "envs", "labels", "tags", "annotations",
                           "cookies", "metadata", "meta", "attributes", "attrs", "properties", "props"})


def _free_form_object(node: SchemaNode, ctx: Context) -> bool:
    """An object (also an optional one, `dict | None`) with nothing that says which keys it takes (no properties,
    no schema for the values, no example or default), under a name that is no well-known map: the model must
    guess the whole structure."""
    schema = node.schema
    if schema.get("type") != "object" and not any(isinstance(branch, dict) and branch.get("type") == "object"
                                                  for branch in schema.get("anyOf") or ()):
        return False  # most properties (`str | None` too), before building the parameter view
    tokens = name_tokens(node.name or "")
    if not tokens or tokens[-1] in _EVIDENT_MAPS:
        return False
    param = param_of(node, ctx)
    top = is_top_level(node)  # (a nested map sits in an object whose text may say what it mirrors)
    return param.types == {"object"} and not any(_says_shape(layer, typed_values=not top) for layer in param.layers)


_SHAPE_KEYWORDS = frozenset({"properties", "patternProperties", "additionalProperties", "propertyNames", "examples",
                             "default", "enum", "const", "$ref", "oneOf", "allOf"})


def _says_shape(schema: dict, typed_values: bool) -> bool:
    """Whether a keyword of `_SHAPE_KEYWORDS` tells something of the keys (an empty `properties: {}`,
    `additionalProperties: true` or a null default does not, nor, unless `typed_values`, values typed only, as a
    `dict[str, int]` has them), or a union offers several shapes."""
    if any(schema[key] not in (True, None, {}, []) and
           (typed_values or key != "additionalProperties" or not _typed_only(schema[key]))
           for key in _SHAPE_KEYWORDS & schema.keys()):
        return True
    branches = schema.get("anyOf")
    return isinstance(branches, list) and sum(not (isinstance(b, dict) and b.get("type") == "null")
                                              for b in branches) > 1


def _typed_only(values: Any) -> bool:
    """A schema of a map's values that gives a plain type and nothing else (`{"type": "integer"}`): the keys are
    still anyone's guess."""
    return isinstance(values, dict) and values.keys() == {"type"} and values["type"] in ("string", "integer",
                                                                                         "number", "boolean")


@check("missing-param-description", "schema", properties_only=True, when=lambda keys: "description" not in keys)
def missing_param_description(node: SchemaNode, ctx: Context) -> None:
    if not node.name or node.name[0] in "_$":
        return  # `_meta`, `$schema`: protocol fields, not the tool's parameters
    why = ctx.options.opacity[node.name]
    if why is None and _free_form_object(node, ctx):
        why = _FREE_FORM
    if why is None and "default" in node.schema:
        why = _unnamed_choice(node, ctx)
    if why is None and node.schema.get("default") is None:  # (no default, or null: `str | None = None`)
        why = _undescribed_choice(node, ctx)
    if why is None and ctx.options.every_parameter:
        why = _ONLY_A_NAME  # a team that describes every parameter (option `every-parameter`)
    if why is None or (why.endswith(_OF_WHAT) and not is_top_level(node)):
        return  # `options.depth`: the object it sits in says of what
    if _qualified_by_sibling(node):
        return  # `budget: {currency, value}`, `weight: {unit, value}`: the pair says what the value is
    param = param_of(node, ctx)
    if param.has_description or entry_text(node, ctx) or _defined_in_prose(node, ctx) or _sole_input_asked(node, ctx) \
            or _default_listed(node, ctx) or _shown_in_a_call(node, ctx):
        return  # described in the schema, in the docstring's `Args:` entry or in a sentence of the description
    schema = param.schema
    enum = schema.get("enum")
    if isinstance(enum, list) and _unexplained_modes(node, enum, ctx):
        _report(node, ctx, f"ends in `mode`, and nothing says what {_listed(enum)} do")
        return
    if isinstance(enum, list) or "const" in schema or "format" in schema:
        return  # the values or the format say what it is
    if param.types == {"boolean"} or isinstance(schema.get("properties"), dict):
        return  # a flag reads as its name; an object is explained by its properties
    if why == _NO_DATE_FORMAT and (param.types != {"string"} or "pattern" in schema or "examples" in schema or
                                   _tool_shows_a_date_form(ctx)):
        return  # a number (a timestamp's unit is missing-unit's), a string whose pattern or examples show the form,
        # or a tool whose description writes the form for its dates ("日期格式 YYYY-MM-DD", "ISO 8601 dates")
    items = param.item()
    if items is not None and (isinstance(items.get("properties"), dict) or isinstance(items.get("enum"), list)):
        return
    for key in ("anyOf", "oneOf"):
        branches = node.schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and b.get("description") for b in branches):
            return  # each branch explains itself
        if isinstance(branches, list) and len(branches) > 1 and all(isinstance(b, dict) and "$ref" in b
                                                                    for b in branches):
            return  # a choice of named shapes (`TextResourceContents | BlobResourceContents`) says what it holds
    if param.titled:
        return  # a title that says more than the name
    _report(node, ctx, why)


# A keyword-like default: `basic`, `high`, `top-down`.
_WORD_DEFAULT = lazy_compile(r"[a-z][a-z0-9_-]{1,20}")


def _unnamed_choice(node: SchemaNode, ctx: Context) -> str | None:
    """A string whose name says it picks one of a set (`extract_depth`, `quality`) and whose default is a word of
    that set (`"basic"`), with no `enum`: the default shows there is a set, and nothing names the other values.
    Not when the tool description names the parameter (`view='official'` gives another value)."""
    schema = node.schema
    default = schema.get("default")
    tokens = name_tokens(node.name or "")
    if schema.get("type") != "string" or not isinstance(default, str) or not _WORD_DEFAULT.fullmatch(default) or \
            not tokens or tokens[-1] not in _CHOOSING or _VALUE_KEYWORDS & schema.keys():
        return None
    if ctx.tool is not None and tool_docs(ctx.tool, ctx).mentions(node.name or ""):
        return None
    return f"picks one of a set (its default is `{shown(default, 20)}`), and nothing names the other values"


def _undescribed_choice(node: SchemaNode, ctx: Context) -> str | None:
    """A string with no default (or a null one) whose name says it picks one of a set the server defines (`status`, `priority`,
    `platform`, `action`), with no `enum` and not named in the tool description: the model has to guess how each
    value is spelled ("open", "OPEN" or "opened"). Names whose set everyone knows (`format`, `sort`, `encoding`)
    or that often hold free text (`state`, `view`) are left out."""
    tokens = name_tokens(node.name or "")
    if not tokens or tokens[-1] not in _SERVER_SETS or _GIVES_VALUES & node.schema.keys():
        return None
    param = param_of(node, ctx)
    if not param.is_string or param.schema.keys() & _GIVES_VALUES:
        return None  # a number, a union of kinds, or an optional string whose branch gives its values
    docs = tool_docs(ctx.tool, ctx) if ctx.tool is not None else None
    if docs is not None and (docs.mentions(node.name or "") or docs.mentions(f"{node.name}s")):
        return None  # named, or its values listed under a plural header (`Actions:` for `action`)
    return "says it picks one of a set, and nothing names the values"


# Name endings of a string that takes one of the server's own words (a `status` of its workflow, a `platform` it
# supports, an `action` it dispatches on).
_SERVER_SETS = frozenset({"status", "priority", "strategy", "visibility", "granularity", "verbosity", "quality",
                          "style", "layout", "tone", "access", "scheme", "action", "operation", "platform"})


# Sets everyone knows (`orientation`: portrait or landscape; `legend_position`: left, right, top or bottom) are
# left out: their default names a set the model can complete.
_CHOOSING = (CHOICE_NAMES | {"depth"}) - {"position", "align", "alignment", "orientation", "unit", "units",
                                          "direction", "order", "sort", "size"}
_VALUE_KEYWORDS = frozenset({"enum", "const", "format", "pattern", "examples", "anyOf", "oneOf", "$ref", "allOf"})
# The same, where an `anyOf` may be only the optional idiom (`str | None`): the parameter view looks through it.
_GIVES_VALUES = _VALUE_KEYWORDS - {"anyOf"}


def _unexplained_modes(node: SchemaNode, enum: list[Any], ctx: Context) -> bool:
    """A `mode` whose enum values the tool description never names (`mode: aggregate | pages`, `auto | calculate |
    display`): the values say which modes there are, not what each does. Other enums name their values plainly
    enough (`format: json | csv`), and a `mode` the description walks through is explained there. Top-level
    parameters only."""
    if name_tokens(node.name or "")[-1:] != ("mode",) or len(enum) < 2 or not all(isinstance(v, str) for v in enum) \
            or not is_top_level(node):
        return False  # (a nested `mode` sits in an object whose name or siblings say more: `edits[].mode`)
    tool = ctx.tool
    text = tool.description.lower() if tool is not None and isinstance(tool.description, str) else ""
    return not any(re.search(rf"(?<![\w-]){re.escape(value.lower())}(?![\w-])", text) for value in enum)


def _listed(values: list[Any]) -> str:
    shown_values = ", ".join(f"`{v}`" for v in values[:4]) + (", ..." if len(values) > 4 else "")
    return f"its values {shown_values}"


def _report(node: SchemaNode, ctx: Context, why: str) -> None:
    ctx.report(node.pointer, f"parameter `{shown(node_label(node))}` has no description", key=True,
               help="add a `description` saying what it holds, its format and an example"
                    + (" (or declare its `properties`)" if why is _FREE_FORM else "")
                    + (" (or `\"format\": \"date\"` for an ISO 8601 date, 2026-12-06)" if why is _NO_DATE_FORMAT else "")
                    + (", or an `enum` of its values" if "one of a set" in why else ""),
               note=f"its name {why}")
