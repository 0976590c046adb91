"""description-contradicts-schema: a default or allowed value the text states and the schema contradicts."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.context import Context, node_label
from toollint.linter.docview import documented
from toollint.linter.textstats import contains_any
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

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


# "default: 10-15", "defaults to 5 to 10": the number stated first is the low end of a range.
_RANGE_END = lazy_compile(r"\s*(?:-|–|—|~|～|to|到|至)\s*(-?\d+(?:\.\d+)?)")


def _in_stated_range(stated: re.Match[str], text: str, default: Any) -> bool:
    """Whether the stated default is a range that holds the schema's (`default: 10-15` with `default: 12`)."""
    if stated.group("number") is None or isinstance(default, bool) or not isinstance(default, (int, float)):
        return False
    end = _RANGE_END.match(text, stated.end())
    if end is None:
        return False
    low, high = float(stated.group("number").replace(",", "")), float(end.group(1))
    return low <= float(default) <= high


_NUMBER = lazy_compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?")
_UNIT_AFTER = lazy_compile(r"\s*(?:[a-zA-Z]{1,12}|[秒分钟小时天字节兆]{1,2}|%)")
# Between units of time (seconds, minutes, hours, days, weeks, milliseconds), size and percent.
_CONVERSIONS = (60, 3600, 86400, 1000, 1_000_000, 1024, 1_048_576, 100, 60_000, 3_600_000, 86_400_000, 24, 7, 168,
                1440, 10_080, 604_800)


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
        siblings = node.parent.schema.get("properties") if node.parent is not None else None
        _contradictions(ctx, lambda: (node.pointer, node_label(node)), node.schema, text, "the description",
                        siblings if isinstance(siblings, dict) else {})


# "Pass null to clear it", "0 or None for the full text", "Omit or use null", "Set to null/None to remove": the text
# tells the model to send null. Unquoted only (`"none"`, 'None' and NONE are string values), and "or null" only
# after an empty value or before what it does ("string, number, or null" lists types; "or None methods" a name).
_NULL_SENT = lazy_compile(
    r"(?<![\"'`])\b(?:(?i:pass(?:ing)?|set(?:\s+(?:it|this))?\s+to|use|send|leave\s+(?:it\s+)?as)\s+(?:null|None)\b|"
    r"(?i:0|-1|empty(?:\s+string)?|blank|omit(?:ted)?)\s+or\s+(?:null|None)\b|"
    r"\bor\s+(?:null|None)\s+(?:to|for|if|when)\b|(?:传入?|设为|设置为|填)\s*(?:null|None)\b)(?![\"'`])")


def _rejects_null(schema: dict[str, Any]) -> str | None:
    """The declared type of a schema that rejects null (`"integer"`), or None when it takes null or says no type."""
    declared = schema.get("type")
    if isinstance(declared, str):
        types = [declared]
    elif isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        types = list(declared)
    else:
        return None  # no type, or a union in `anyOf`/`oneOf`, which may hold null
    enum = schema.get("enum")
    if "null" in types or (isinstance(enum, list) and None in enum) or "anyOf" in schema or "oneOf" in schema:
        return None
    return ", ".join(types)


def _null_sent(ctx: Context, tool: Tool, name: str, schema: dict[str, Any], text: str, where: str) -> None:
    """Report a text that tells the model to send null for a top-level parameter whose type rejects it."""
    if ("null" not in text and "None" not in text) or ("default" in schema and schema["default"] is None) or \
            "{" in text:
        return  # (a `null` default it rejects is null-default-not-nullable's; "'open_session' as {...} or null"
        # is said of a key inside the object)
    declared = _rejects_null(schema)
    if declared is not None and "array" in declared.split(", "):
        return  # "2D array of styles ... if a cell does not change, use null": said of its items, not of it
    said = _NULL_SENT.search(text) if declared is not None else None
    if said is None or declared is None:
        return
    ctx.report(jp.join(tool.schema_pointer, "properties", name, "type"),
               f"{where} of `{shown(name, 30)}` says to send null, which its type ({declared}) rejects",
               help=f"add \"null\" to its type (`\"type\": [\"{declared.split(', ')[0]}\", \"null\"]`), or say to leave "
                    "it out instead",
               note=f"the text says \"{shown(text[max(0, said.start() - 30):said.end()].strip(), 60)}\"; a client "
                    "that validates the call against the schema rejects it")


@check("description-contradicts-schema", "tool")
def docstring_contradicts_schema(tool: Tool, ctx: Context) -> None:
    """The same comparison for what the tool description's parameter section (`Args:`) says of a parameter."""
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    required = tool.schema.get("required") if isinstance(tool.schema, dict) else None
    required = {name for name in required if isinstance(name, str)} if isinstance(required, list) else set()
    said_optional = set()
    for name, prop in properties.items() if isinstance(properties, dict) else ():  # (top-level parameters, read
        own = prop.get("description") if isinstance(prop, dict) else None  # once per tool: cheaper than per node)
        if not isinstance(own, str):
            continue
        if "null" in own or "None" in own:  # (`_null_sent`'s first test, before the call)
            _null_sent(ctx, tool, name, prop, own, "the description")
        if name in required and contains_any(own, _OPTIONAL_WORDS) and \
                _optional_but_required(ctx, tool, name, prop, own, "the description"):
            said_optional.add(name)
    for name, prop, found in documented(tool, ctx):
        own = prop.get("description")
        if isinstance(own, str) and found.text.strip() in own:
            continue  # the schema's own description, read above and by the schema check
        _null_sent(ctx, tool, name, prop, found.text, "the docstring's entry")
        if name in required and name not in said_optional and contains_any(found.text, _OPTIONAL_WORDS):
            _optional_but_required(ctx, tool, name, prop, found.text, "the docstring's entry")
        # (an entry of several names, `lon, lat : str (default "lon"/"lat")`, gives their defaults together)
        if ("default" in prop or "enum" in prop) and len(found.text) >= 6 and not found.shared:
            _contradictions(ctx, _entry_place(tool, name), prop, found.text, "the docstring's entry",
                            tool.schema.get("properties") or {})


def _entry_place(tool: Tool, name: str) -> Callable[[], tuple[str, str]]:
    return lambda: (jp.join(tool.schema_pointer, "properties", name), name)


def _contradictions(ctx: Context, place: Callable[[], tuple[str, str]], schema: dict[str, Any], text: str,
                    where: str, siblings: Mapping[str, Any]) -> None:
    """Report a default or an allowed value that `text` states and the schema contradicts. `place()` gives the
    parameter's pointer and label, built only for a report (most texts state nothing); `siblings` are the
    properties beside it, whose names a text may list ("provide one of 'path' or 'graph'") without listing values."""
    default = schema.get("default")
    if "default" in schema and default is not None and not isinstance(default, (dict, list)) and _may_state_default(text):
        stated = _DEFAULT_STATED.search(text)
        if stated is not None and _same_default(stated, default) is False and \
                not _unit_conversion(stated, text, default) and not _in_stated_range(stated, text, default):
            pointer, label = place()
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
            stray = [v for v in _QUOTED.findall(listed.group(1)) if v not in allowed and v not in siblings]
            if stray:
                pointer, label = place()
                ctx.report(jp.join(pointer, "enum"),
                           f"{where} of `{shown(label, 30)}` allows values that `enum` does not contain",
                           help="make the list and `enum` agree: add the value to `enum` or remove it from the text",
                           note=f"the text lists {shown(', '.join(repr(v) for v in stray), 60)}; a model sends what "
                                "the prose says and the call fails")


# The text says the parameter may be left out: "Optional.", "(optional)", "If omitted, ...", "If not provided, it is
# inferred", "Leave unset to ...", "可选", "不传则…". Said of the parameter itself: at the start of the text or of a
# sentence, with no other subject ("If the prefix is omitted" and "omitted parameters keep their value" say it of
# something else; "leave blank" sends an empty string, which a required string takes).
_SAID_OPTIONAL = lazy_compile(
    r"^\s*(?:\(optional\)|optional\b)|(?:^|[.;!]\s+)(?:if|when)\s+(?:not\s+(?:provided|specified|given|set|"
    r"supplied|passed)|omitted|absent|unset|left\s+(?:unset|out))\s*[,:]|\bleave\s+(?:it\s+|this\s+)?unset\b|"
    r"\bleave\s+(?:it|this)\s+out\b|\bomit\s+(?:it|this)\b|(?:^|[.;]\s+)omit\s+(?:to|for)\b|"
    r"^\s*(?:可选|选填|非必填)|不传(?:则|时|的话)|(?:如果|若)不(?:传|填|指定|提供)", re.IGNORECASE)
# Each form of `_SAID_OPTIONAL` holds one of these: a few substring tests before the regex.
_OPTIONAL_WORDS = ("ptional", "omit", "f not ", "n not ", "unset", "absent", "leave", "left out", "可选", "选填", "非必填",
                   "不传", "不填", "不指定", "不提供")


def _optional_but_required(ctx: Context, tool: Tool, name: str, prop: dict[str, Any], text: str, where: str) -> bool:
    """Report a required parameter whose description or docstring entry says it may be left out (whether it did):
    the model either leaves it out and the call is rejected, or never reaches what leaving it out was to do. A
    `default` is required-with-default's, and a text that also says when it is required ("Required for updates")
    is conditional."""
    said = _SAID_OPTIONAL.search(text)
    if said is None or "default" in prop or "required" in text.lower() or "必填" in text.replace("非必填", ""):
        return False
    ctx.report(jp.join(tool.schema_pointer, "properties", name),
               f"`{shown(name, 30)}` is required, but {where} says it may be left out",
               help="take it out of `required` (the server then handles its absence), or drop the words that make it "
                    "optional",
               note=f"the text says \"{shown(text[max(0, said.start() - 20):said.end() + 30].strip(), 70)}\"; a model "
                    "that leaves it out gets the call rejected")
    return True
