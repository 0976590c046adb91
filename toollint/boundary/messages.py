"""Turn jsonschema errors into structured problems, and problems into text a model can act on.

A model fixes what it is told precisely: the field, what was expected, what it sent. jsonschema's own
messages (`'19.99' is not of type 'integer'`) are Python reprs and say nothing about the allowed
fields or values, so every common keyword gets its own English and Chinese sentence here, with
jsonschema's message kept only as the fallback.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from toollint.schema.types import json_type_of
from toollint.schema.walk import members
from toollint.suggest import closest

LANGS = ("en", "zh")
MAX_SHOWN = 80
MAX_ENUM_SHOWN = 25


class _Missing:
    """The `received` value of a required field that was not sent."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()

PathToken = str | int


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a call: where (`path`), which rule (`keyword`), `expected`, `received`.

    `expected` is the schema's value for the keyword (`"integer"`, the enum list, the minimum...);
    `received` is the value sent, or `MISSING`. `message` is the sentence the model is shown.
    """

    path: tuple[PathToken, ...]
    keyword: str
    expected: Any = None
    received: Any = MISSING
    message: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def location(self) -> str:
        """The path as a reader writes it: `items[0].sku`, or `(root)`."""
        return display_path(self.path)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.location, "keyword": self.keyword, "expected": _jsonable(self.expected)}
        if self.received is not MISSING:
            data["received"] = _jsonable(self.received)
        data["message"] = self.message
        return data


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value, allow_nan=False)
        return value
    except (TypeError, ValueError, RecursionError):
        return repr(value)


_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$-]*$")


def display_path(path: Iterable[PathToken], lang: str = "en") -> str:
    text = ""
    for token in path:
        if isinstance(token, int):
            text += f"[{token}]"
        elif isinstance(token, str) and _NAME.match(token):
            text += f".{token}" if text else token
        else:
            text += f"[{dumps(str(token))}]"
    return text or ("（根）" if lang == "zh" else "(root)")


def sort_key(problem: Problem) -> tuple:
    return (tuple((0, t, "") if isinstance(t, int) else (1, 0, str(t)) for t in problem.path),
            problem.keyword, problem.message)


def dumps(value: Any) -> str:
    """Compact JSON for a message; never raises (odd Python values fall back to repr)."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def show(value: Any) -> str:
    """A value as the model wrote it, shortened."""
    if isinstance(value, str) and len(value) > MAX_SHOWN:
        return dumps(value[: MAX_SHOWN - 20]) + "…"
    text = dumps(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


# --- words -----------------------------------------------------------------------------------------

_TYPES = {
    "en": {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "a boolean",
           "object": "an object", "array": "an array", "null": "null"},
    "zh": {"string": "字符串", "integer": "整数", "number": "数字", "boolean": "布尔值", "object": "对象",
           "array": "数组", "null": "null"},
}

_WORDS = {
    "en": {"sep": ": ", "got": ", got ", "or": " or ", "list": ", ", "alt": "; ", "value": "a value",
           "one_of": "one of ", "more": ", … ({n} more)", "nothing": "nothing (the field is missing)"},
    "zh": {"sep": "：", "got": "，收到 ", "or": "或", "list": "、", "alt": "；", "value": "值",
           "one_of": "以下值之一：", "more": " 等共 {n} 个", "nothing": "未提供（缺少该字段）"},
}


def kind_of(value: Any) -> str:
    return json_type_of(value)


def received_text(value: Any, lang: str, size: bool = False) -> str:
    """`"19.99" (a string)` / `"19.99"（字符串）`; with `size`, the length of strings and arrays."""
    if value is MISSING:
        return _WORDS[lang]["nothing"]
    kind = kind_of(value)
    if kind == "null":
        return "null"
    name = _TYPES[lang].get(kind, kind)
    extra = ""
    if size and kind == "string":
        extra = f" of {_count(len(value), 'character')}" if lang == "en" else f"，共 {len(value)} 个字符"
    elif kind == "array":
        extra = f" of {_count(len(value), 'item')}" if lang == "en" else f"，共 {len(value)} 项"
    if lang == "zh":
        return f"{show(value)}（{name}{extra}）"
    return f"{show(value)} ({name}{extra})"


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def type_names(types: Any, lang: str) -> str:
    names = [types] if isinstance(types, str) else [t for t in types if isinstance(t, str)] if isinstance(types, list) else []
    if not names:
        return _WORDS[lang]["value"]
    return _WORDS[lang]["or"].join(_TYPES[lang].get(t, t) for t in names)


def values_text(values: list, lang: str) -> str:
    shown = [show(v) for v in values[:MAX_ENUM_SHOWN]]
    text = _WORDS[lang]["list"].join(shown)
    if len(values) > MAX_ENUM_SHOWN:
        text += _WORDS[lang]["more"].format(n=len(values))
    return text


def number(value: Any) -> str:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return dumps(value)


class Describer:
    """Short descriptions of what a subschema accepts, for `required` and `anyOf` messages."""

    def __init__(self, deref: Callable[[Any], Any], lang: str) -> None:
        self.deref = deref
        self.lang = lang

    def __call__(self, schema: Any, depth: int = 0) -> str:
        words = _WORDS[self.lang]
        schema = self.deref(schema)
        if not isinstance(schema, dict) or depth > 3:
            return words["value"]
        if "const" in schema:
            return show(schema["const"])
        enum = schema.get("enum")
        if isinstance(enum, list) and enum:
            if len(enum) == 1:
                return show(enum[0])
            return words["one_of"] + values_text(enum, self.lang)
        if "type" in schema:
            return type_names(schema["type"], self.lang)
        for key in ("anyOf", "oneOf"):
            branches = schema.get(key)
            if isinstance(branches, list) and branches:
                return words["or"].join(self(b, depth + 1) for b in branches[:6])
        if isinstance(schema.get("properties"), dict):
            return _TYPES[self.lang]["object"]
        if "items" in schema or "prefixItems" in schema:
            return _TYPES[self.lang]["array"]
        return words["value"]


# --- sentences -------------------------------------------------------------------------------------

_LIMITS = {
    "en": {"minimum": "at least {v}", "maximum": "at most {v}", "exclusiveMinimum": "greater than {v}",
           "exclusiveMaximum": "less than {v}", "multipleOf": "a multiple of {v}",
           "minLength": "at least {v} characters", "maxLength": "at most {v} characters",
           "minItems": "at least {v} items", "maxItems": "at most {v} items",
           "minProperties": "at least {v} fields", "maxProperties": "at most {v} fields",
           "minContains": "at least {v} matching items", "maxContains": "at most {v} matching items"},
    "zh": {"minimum": "大于等于 {v}", "maximum": "小于等于 {v}", "exclusiveMinimum": "大于 {v}",
           "exclusiveMaximum": "小于 {v}", "multipleOf": "为 {v} 的倍数",
           "minLength": "至少 {v} 个字符", "maxLength": "最多 {v} 个字符",
           "minItems": "至少 {v} 项", "maxItems": "最多 {v} 项",
           "minProperties": "至少 {v} 个字段", "maxProperties": "最多 {v} 个字段",
           "minContains": "至少 {v} 项符合要求", "maxContains": "最多 {v} 项符合要求"},
}
_SIZED = {"minLength", "maxLength", "pattern"}


def sentence(problem: Problem, lang: str) -> str:
    """`amount_cents: expected an integer, got "19.99" (a string)` in `lang`."""
    where = display_path(problem.path, lang)
    words = _WORDS[lang]
    zh = lang == "zh"
    expect = "应为" if zh else "expected "
    got = words["got"] + received_text(problem.received, lang, size=problem.keyword in _SIZED)
    if problem.received is MISSING:
        got = "，但缺少该字段" if zh else ", got nothing (the field is missing)"
    kw, value, details = problem.keyword, problem.expected, problem.details
    if kw == "type":
        what = expect + type_names(value, lang)
    elif kw == "required":
        what = expect + (f"{value}（必填）" if zh else f"{value} (required)")
    elif kw == "additionalProperties":
        return where + words["sep"] + _unexpected(problem, lang)
    elif kw == "enum":
        what = expect + (words["one_of"] + values_text(value, lang) if len(value) > 1 else values_text(value, lang))
    elif kw == "const":
        what = expect + show(value)
    elif kw in _LIMITS[lang]:
        what = ("应" if zh else "expected ") + _LIMITS[lang][kw].format(v=number(value))
        if not zh and value == 1:
            what = re.sub(r" (character|item|field|matching item)s$", r" \1", what)
    elif kw == "pattern" and details.get("too_long"):
        limit = details.get("limit", 0)
        what = (f"应为不超过 {limit} 个字符的字符串（才能安全地按正则 {value} 检查）" if zh
                else f"expected at most {limit:,} characters (the pattern {value} is too costly to check on longer text)")
    elif kw == "pattern":
        what = f"应为匹配正则 {value} 的字符串" if zh else f"expected a string matching the pattern {value}"
    elif kw == "format":
        what = f"应为合法的 {value} 格式" if zh else f"expected a valid {value}"
    elif kw == "uniqueItems":
        what = "数组元素应互不相同" if zh else "expected unique items"
        got = ("，收到重复项 " if zh else ", got duplicates in ") + received_text(problem.received, lang)
    elif kw in ("anyOf", "oneOf") and details.get("several"):
        what = "应恰好符合一种形式，但同时符合了多种" if zh else "expected exactly one of the alternatives to match, but several do"
    elif kw in ("anyOf", "oneOf"):
        what = ("应符合以下之一：" if zh else "expected one of: ") + words["alt"].join(value)
    elif kw == "false":
        what = "此处不允许出现值" if zh else "expected nothing here (no value is allowed)"
    else:
        return where + words["sep"] + str(details.get("message") or kw)
    return where + words["sep"] + what + got


def _unexpected(problem: Problem, lang: str) -> str:
    allowed = list(problem.expected or [])
    patterns = list(problem.details.get("patterns") or [])
    closest = problem.details.get("closest")
    zh = lang == "zh"
    head = "不允许的字段" if zh else "unexpected field"
    head += ("，收到 " if zh else ", got ") + received_text(problem.received, lang)
    sep = "、" if zh else ", "
    if allowed or patterns:
        names = sep.join(allowed)
        if patterns:
            extra = sep.join(patterns)
            names = (f"{names}，或名字匹配 {extra} 的字段" if zh else f"{names}, or names matching {extra}") if names else \
                (f"名字匹配 {extra} 的字段" if zh else f"names matching {extra}")
        head += (f"；允许的字段：{names}" if zh else f"; allowed fields: {names}")
    else:
        head += "；这里不接受任何字段" if zh else "; no fields are allowed here"
    if closest:
        head += f"（是不是想写 {closest}？）" if zh else f" (did you mean {closest}?)"
    return head


def closest_name(name: str, names: Iterable[str]) -> str | None:
    """The tool or field name a model most likely meant (the same difflib match as the CLI's "did you mean")."""
    return closest(name, names)


# --- jsonschema errors -> problems ---------------------------------------------------------------


class ErrorConverter:
    """Walks jsonschema errors (and their anyOf/oneOf context) into `Problem`s."""

    def __init__(self, deref: Callable[[Any], Any], search: Callable[[str, str], bool], lang: str) -> None:
        self.deref = deref
        self.search = search
        self.lang = lang
        self.describe = Describer(deref, lang)

    def convert(self, errors: Iterable[Any]) -> list[Problem]:
        found: dict[tuple, Problem] = {}
        for error in errors:
            for problem in self._one(error):
                key = (problem.path, problem.keyword, problem.message)
                found.setdefault(key, problem)
        return sorted(found.values(), key=sort_key)

    def _make(self, path: tuple, keyword: str, expected: Any, received: Any, **details: Any) -> Problem:
        draft = Problem(path, keyword, expected, received, "", details)
        return Problem(path, keyword, expected, received, sentence(draft, self.lang), details)

    def _one(self, error: Any) -> list[Problem]:
        keyword = error.validator
        path = tuple(error.absolute_path)
        instance = error.instance
        value = error.validator_value
        schema = error.schema if isinstance(error.schema, dict) else {}
        if keyword == "type":
            return [self._make(path, "type", value, instance)]
        if keyword == "required" and isinstance(instance, dict) and isinstance(value, list):
            properties = members(schema, "properties")
            return [self._make(path + (name,), "required", self.describe(properties.get(name)), MISSING)
                    for name in value if isinstance(name, str) and name not in instance]
        if keyword == "additionalProperties" and value is False and isinstance(instance, dict):
            return self._extras(path, instance, schema)
        if keyword in ("anyOf", "oneOf"):
            return self._union(error, keyword, path, instance, value)
        if keyword == "enum" and isinstance(value, list):
            return [self._make(path, "enum", value, instance)]
        if keyword in ("const", "format", "uniqueItems", "multipleOf") or keyword in _LIMITS["en"]:
            return [self._make(path, keyword, value, instance)]
        if keyword == "pattern":
            if getattr(error, "too_long", False):
                from toollint.schema.safe_regex import MAX_RISKY_LENGTH
                return [self._make(path, "pattern", value, instance, too_long=True, limit=MAX_RISKY_LENGTH)]
            return [self._make(path, "pattern", value, instance)]
        if keyword is None and error.validator_value is False or keyword == "false":
            return [self._make(path, "false", False, instance)]
        return [self._make(path, keyword or "schema", value, instance, message=error.message)]

    def _extras(self, path: tuple, instance: dict, schema: dict) -> list[Problem]:
        properties = members(schema, "properties")
        patterns = members(schema, "patternProperties")
        allowed = [name for name in properties if isinstance(name, str)]
        problems = []
        for key, item in instance.items():
            if key in properties:
                continue
            if isinstance(key, str) and any(self._matches(p, key) for p in patterns):
                continue
            name = key if isinstance(key, str) else str(key)
            problems.append(self._make(path + (name,), "additionalProperties", allowed, item,
                                       patterns=list(patterns), closest=closest_name(name, allowed)))
        return problems

    def _matches(self, pattern: str, key: str) -> bool:
        try:
            return self.search(pattern, key)
        except Exception:  # noqa: BLE001 - too long or broken: it does not make the field allowed
            return False

    def _union(self, error: Any, keyword: str, path: tuple, instance: Any, branches: Any) -> list[Problem]:
        if not isinstance(branches, list):
            return [self._make(path, keyword, [], instance, message=error.message)]
        if keyword == "oneOf" and not error.context:
            return [self._make(path, keyword, [self.describe(b) for b in branches], instance, several=True)]
        groups: dict[int, list] = {}
        for sub in error.context:
            if sub.relative_schema_path:
                groups.setdefault(sub.relative_schema_path[0], []).append(sub)
        close = [index for index, subs in groups.items() if not any(_wrong_branch(sub) for sub in subs)]
        if len(close) == 1:
            problems: list[Problem] = []
            for sub in groups[close[0]]:
                problems.extend(self._one(sub))
            if problems:
                return problems
        return [self._make(path, keyword, [self.describe(b) for b in branches], instance)]


def _wrong_branch(error: Any) -> bool:
    """An error showing the branch is another shape entirely, not a near miss worth detailing."""
    depth = len(error.relative_path)
    if error.validator in ("type", "false") and depth == 0:
        return True
    return error.validator == "const" and depth <= 1


# --- whole messages --------------------------------------------------------------------------------


MAX_LISTED = 50


def problems_text(problems: list[Problem], lang: str = "en") -> str:
    """One line per problem; past `MAX_LISTED`, a count of the rest (the model fixes those first)."""
    lines = [f"- {p.message}" for p in problems[:MAX_LISTED]]
    if len(problems) > MAX_LISTED:
        rest = len(problems) - MAX_LISTED
        lines.append(f"- ……另有 {rest} 处问题" if lang == "zh" else f"- … and {rest} more")
    return "\n".join(lines)


def too_deep_sentence(lang: str) -> str:
    return "（根）：参数嵌套太深，无法校验" if lang == "zh" else "(root): the arguments are nested too deeply to check"


def too_complex_sentence(lang: str) -> str:
    if lang == "zh":
        return "（根）：参数过于复杂，无法在限定时间内按该工具的 schema 校验完；请发送更简单、层级更浅的值"
    return ("(root): the arguments are too complex to check against this tool's schema in the time allowed; "
            "send a simpler, flatter value")


def unknown_tool_content(name: Any, available: list[str], lang: str) -> str:
    closest = closest_name(name, available) if isinstance(name, str) else None
    if lang == "zh":
        text = f"没有名为 {show(name)} 的工具。" if isinstance(name, str) else "这次调用没有写工具名。"
        text += f"可用的工具：{'、'.join(available) or '（无）'}。"
        if closest:
            text += f"你是不是想调用 {closest}？"
        return text + "请改用可用的工具重新调用。"
    text = f"There is no tool named {show(name)}." if isinstance(name, str) else "The call names no tool."
    text += f" The available tools are: {', '.join(available) or '(none)'}."
    if closest:
        text += f" Did you mean {closest}?"
    return text + " Call one of the available tools instead."


MAX_RAW_SHOWN = 600


def invalid_json_sentence(tool: str, details: Mapping[str, Any], lang: str) -> str:
    """What is wrong with the JSON and where, in one sentence."""
    line, column, offset = details.get("line"), details.get("column"), details.get("position")
    if lang == "zh":
        return (f"{tool} 的参数不是合法的 JSON（{details.get('error')}；位置：第 {line} 行第 {column} 列，"
                f"偏移 {offset}），工具没有执行。")
    return (f"The arguments for {tool} are not valid JSON ({details.get('error')}; line {line}, column {column}, "
            f"offset {offset}), so the tool was not run.")


def invalid_json_content(tool: str, details: Mapping[str, Any], lang: str) -> str:
    """Prose like every other result; the text received is quoted as a JSON string (built by `json.dumps`,
    never pasted in), so quotes and newlines in it cannot break the message."""
    raw = details.get("raw")
    raw = raw if isinstance(raw, str) else ""
    quoted = json.dumps(raw if len(raw) <= MAX_RAW_SHOWN else raw[:MAX_RAW_SHOWN] + "…", ensure_ascii=False)
    head = invalid_json_sentence(tool, details, lang)
    if lang == "zh":
        return (f"{head}\n收到的文本（按 JSON 字符串引用）：{quoted}\n"
                f"请把完整的参数写成一个 JSON 对象，重新调用 {tool}。")
    return (f"{head}\nThe text received (quoted as a JSON string): {quoted}\n"
            f"Send the complete arguments as one JSON object and call {tool} again.")


# Messages for the model with no parts to assemble: one template per language, filled by `_say`.
_TEMPLATES: dict[str, dict[str, str]] = {
    "invalid": {
        "en": "The arguments for {tool} are invalid ({count} {problems}), so the tool was not run:\n{listed}\n"
              "Correct the arguments and call {tool} again.",
        "zh": "{tool} 的参数校验失败（{count} 处问题），工具没有执行：\n{listed}\n请修正参数后重新调用 {tool}。"},
    "rule": {
        "en": "The arguments for {tool} break a business rule, so the tool was not run:\n{listed}\n"
              "Correct the arguments and call {tool} again.",
        "zh": "{tool} 的参数不符合业务规则，工具没有执行：\n{listed}\n请修正参数后重新调用 {tool}。"},
    "exhausted": {
        "en": "The arguments for {tool} are still invalid after {retries} retries, so this call is abandoned:\n"
              "{listed}\nDo not call {tool} again with these arguments; tell the user this step could not be done.",
        "zh": "{tool} 的参数重试 {retries} 次后仍不合法，已放弃这次调用：\n{listed}\n"
              "不要再用这些参数调用 {tool}；请告诉用户这一步没能完成。"},
    "empty_arguments": {
        "en": "The call to {tool} came with empty arguments ({{}}), but {tool} requires {required}, so the tool was "
              "not run. Call {tool} again with every required argument filled in.",
        "zh": "调用 {tool} 时参数为空（{{}}），但它需要：{required_zh}，工具没有执行。请填好这些必填参数，重新调用 {tool}。"},
    "truncated": {
        "en": "The reply was cut off (stop_reason: {stop_reason}) while writing the arguments for {tool}, so the tool "
              "was not run. Raise max_tokens and send the request again instead of asking for a retry.",
        "zh": "回复在写 {tool} 的参数时被截断（stop_reason: {stop_reason}），工具没有执行。"
              "应调大 max_tokens 后重新发送请求，而不是让模型重试。"},
    "tool_error": {
        "en": "{tool} failed while running: {error}\nThe arguments were accepted; if the error is about them, "
              "correct them and call {tool} again, otherwise tell the user.",
        "zh": "{tool} 执行失败：{error}\n参数已通过校验；如果错误与参数有关，请修正后重新调用 {tool}，否则请如实告诉用户。"},
    "schema_error": {
        "en": "The arguments for {tool} could not be checked because the tool's schema is broken ({detail}); "
              "the tool was not run.",
        "zh": "{tool} 的参数无法校验：工具的 schema 有问题（{detail}），工具没有执行。"},
    "invalid_call": {
        "en": "The tool call could not be read: {detail}",
        "zh": "无法读取这次工具调用：{detail}"},
}


def _say(key: str, lang: str, **fields: Any) -> str:
    return _TEMPLATES[key]["zh" if lang == "zh" else "en"].format(**fields)


def invalid_content(tool: str, problems: list[Problem], lang: str) -> str:
    return _say("invalid", lang, tool=tool, count=len(problems), problems="problem" if len(problems) == 1 else
                "problems", listed=problems_text(problems, lang))


def rule_content(tool: str, problems: list[Problem], lang: str) -> str:
    return _say("rule", lang, tool=tool, listed=problems_text(problems, lang))


def exhausted_content(tool: str, problems: list[Problem], retries: int, lang: str) -> str:
    return _say("exhausted", lang, tool=tool, retries=retries, listed=problems_text(problems, lang))


def empty_arguments_content(tool: str, required: list[str], lang: str) -> str:
    """`{}` for a tool with required fields: strict mode does this now and then; say what to send."""
    return _say("empty_arguments", lang, tool=tool, required=", ".join(required), required_zh="、".join(required))


def truncated_content(tool: str, stop_reason: str, lang: str) -> str:
    return _say("truncated", lang, tool=tool, stop_reason=stop_reason)


def tool_error_content(tool: str, error: str, lang: str) -> str:
    return _say("tool_error", lang, tool=tool, error=error)


def schema_error_content(tool: str, detail: str, lang: str) -> str:
    return _say("schema_error", lang, tool=tool, detail=detail)


def invalid_call_content(detail: str, lang: str) -> str:
    return _say("invalid_call", lang, detail=detail)
