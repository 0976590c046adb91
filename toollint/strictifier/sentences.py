"""The sentences strictify writes into descriptions for the constraints it moves, in English and Chinese.

Deterministic: the same keyword and value always give the same sentence.
"""

from __future__ import annotations

import json
import re
from typing import Any

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uac00-\ud7af]")
_LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]{2,}")
LANGS = ("auto", "en", "zh")
MAX_SAFE_INTEGER = 2**53 - 1


def detect_lang(text: Any) -> str | None:
    """The language of the description's main script: "zh" when Chinese ideographs outnumber Latin words (an
    English sentence naming 北京 stays English; Japanese and Korean, which have no sentences here, get English),
    "en" for other non-empty text, None for no text."""
    if not isinstance(text, str) or not text.strip():
        return None
    if _CJK.search(text) is None or _KANA_HANGUL.search(text) is not None:
        return "en"
    return "zh" if len(_CJK.findall(text)) > len(_LATIN_WORD.findall(text)) else "en"


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False, separators=(", ", ": "))


def _n(value: Any) -> str:
    if value.__class__ is int:
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return _j(value)


def _list(values: Any, lang: str) -> str:
    if not isinstance(values, list):
        return _j(values)
    return ("、" if lang == "zh" else ", ").join(_j(v) for v in values)


# keyword -> (English, Chinese); {v} is the value as a number or JSON text.
_SENTENCES: dict[str, tuple[str, str]] = {
    "minimum": ("Must be at least {n}.", "最小为 {n}。"),
    "maximum": ("Must be at most {n}.", "最大为 {n}。"),
    "exclusiveMinimum": ("Must be greater than {n}.", "必须大于 {n}。"),
    "exclusiveMaximum": ("Must be less than {n}.", "必须小于 {n}。"),
    "multipleOf": ("Must be a multiple of {n}.", "必须是 {n} 的倍数。"),
    "minLength": ("Must be at least {n} characters long.", "长度至少为 {n} 个字符。"),
    "maxLength": ("Must be at most {n} characters long.", "长度最多为 {n} 个字符。"),
    "minItems": ("Must have at least {n} items.", "至少包含 {n} 项。"),
    "maxItems": ("Must have at most {n} items.", "最多包含 {n} 项。"),
    "minProperties": ("Must have at least {n} entries.", "至少包含 {n} 个条目。"),
    "maxProperties": ("Must have at most {n} entries.", "最多包含 {n} 个条目。"),
    "minContains": ("At least {n} items must match the `contains` condition.", "至少 {n} 项须满足 contains 条件。"),
    "maxContains": ("At most {n} items may match the `contains` condition.", "最多 {n} 项可满足 contains 条件。"),
    "pattern": ("Must match the regular expression {s}.", "必须匹配正则表达式 {s}。"),
    "format": ("Must be a valid {s} string.", "必须是有效的 {s} 格式。"),
    "required": ("Must have the keys {l}.", "必须包含键 {l}。"),
    "format_value": ("Format: {s}.", "格式：{s}。"),
    "schema": ("Must match the JSON Schema {v}.", "须匹配 JSON Schema {v}。"),
    "default": ("Defaults to {v}.", "默认值为 {v}。"),
    "examples": ("For example: {l}.", "例如：{l}。"),
    "example": ("For example: {v}.", "例如：{v}。"),
    "enum": ("Must be one of: {l}.", "必须是以下值之一：{l}。"),
    "const": ("Must be exactly {v}.", "必须等于 {v}。"),
    "not": ("Must not match the schema {v}.", "不得匹配模式 {v}。"),
    "contains": ("At least one item must match the schema {v}.", "至少一项须匹配模式 {v}。"),
    "propertyNames": ("Every key must match the schema {v}.", "每个键须匹配模式 {v}。"),
    "prefixItems": ("Items in order must match the schemas {v}.", "各项须依次匹配模式 {v}。"),
    "additionalItems": ("Items after the listed ones must match the schema {v}.", "列出项之后的各项须匹配模式 {v}。"),
    "unevaluatedItems": ("Other items must match the schema {v}.", "其余各项须匹配模式 {v}。"),
    "unevaluatedProperties": ("Other entries must match the schema {v}.", "其余条目须匹配模式 {v}。"),
    "patternProperties": ("Entries whose key matches a pattern must match its schema: {v}.",
                          "键匹配某一模式的条目须匹配对应模式：{v}。"),
    "if": ("If it matches the schema {v}, the next condition applies.", "若匹配模式 {v}，则适用下一条件。"),
    "then": ("When it does, it must also match the schema {v}.", "此时还须匹配模式 {v}。"),
    "else": ("When it does not, it must match the schema {v}.", "否则须匹配模式 {v}。"),
    "contentEncoding": ("Encoded as {s}.", "编码为 {s}。"),
    "contentMediaType": ("Media type {s}.", "媒体类型为 {s}。"),
}

FIXED: dict[str, tuple[str, str]] = {
    "uniqueItems": ("Items must be unique.", "各项不得重复。"),
    "deprecated": ("Deprecated.", "已弃用。"),
    "oneOf": ("Must match exactly one of the alternatives.", "必须恰好匹配其中一个选项。"),
    "map": ('A map, sent as a list of {"key", "value"} pairs (keys unique).',
            "这是一个映射，以 {\"key\", \"value\"} 键值对列表传递（键不得重复）。"),
    "json": ("Any JSON value, sent as JSON text.", "任意 JSON 值，以 JSON 文本形式传递。"),
    "root_ref": ('Here "#" stands for the schema of the whole input.', "其中 \"#\" 指整个输入的模式。"),
    "json_object": ("A JSON object, sent as JSON text.", "一个 JSON 对象，以 JSON 文本形式传递。"),
    "lossy": ("(Simplified for strict mode: the tool checks the full rule.)", "（为严格模式简化：工具会校验完整规则。）"),
    "null_tag": ('The value null, sent as {"null": true} (a plain null means the parameter is not given).',
                 '值 null，以 {"null": true} 传递（直接传 null 表示不提供该参数）。'),
    "null_absent": ("Null means not given.", "null 表示不提供。"),
}

# Formats that name a number's size, not a string's shape.
_NUMBER_FORMATS = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16, "uint32": 32,
                   "uint64": 64}
_FLOAT_FORMATS = {"float": ("a single-precision number", "单精度浮点数"),
                  "double": ("a double-precision number", "双精度浮点数")}


def vacuous(keyword: str, value: Any, schema: Any = None) -> bool:
    """Whether a keyword says nothing a model could use: `required: []`, `uniqueItems: false`, `minLength: 0`,
    keys that are strings anyway, bounds at JavaScript's safe-integer limit, `if` with no `then`/`else`."""
    if keyword in ("required", "examples") and value == []:
        return True
    if keyword in ("uniqueItems", "deprecated") and value is False:
        return True
    if keyword in ("minLength", "minItems", "minProperties", "minContains") and value == 0:
        return True
    if keyword == "propertyNames" and (value is True or isinstance(value, dict) and
                                       set(value) <= {"type", "description", "title"} and
                                       value.get("type", "string") == "string"):
        return True
    if keyword in ("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "maxItems",
                   "maxProperties") and isinstance(value, (int, float)) and not isinstance(value, bool) and \
            abs(value) >= MAX_SAFE_INTEGER:
        return True
    if keyword == "if" and isinstance(schema, dict) and "then" not in schema and "else" not in schema:
        return True
    return keyword in ("then", "else") and isinstance(schema, dict) and "if" not in schema


def union_sentence(keyword: str, branches: list[Any], lang: str) -> str:
    """`oneOf`/`anyOf` of conditions on one node, in words: "Give exactly one of "a", "b"." where each branch
    only requires one key."""
    zh = lang == "zh"
    names = [b["required"][0] for b in branches if isinstance(b, dict) and set(b) == {"required"} and
             isinstance(b["required"], list) and len(b["required"]) == 1]
    if len(names) == len(branches):
        if keyword == "oneOf":
            return f"只能提供 {_list(names, lang)} 中的一个。" if zh else f"Give exactly one of {_list(names, lang)}."
        return f"至少提供 {_list(names, lang)} 中的一个。" if zh else f"Give at least one of {_list(names, lang)}."
    if keyword == "oneOf":
        return f"须恰好匹配以下模式之一：{_list(branches, lang)}。" if zh else \
            f"Must match exactly one of the schemas {_list(branches, lang)}."
    return f"须至少匹配以下模式之一：{_list(branches, lang)}。" if zh else \
        f"Must match at least one of the schemas {_list(branches, lang)}."


def _key_sentence(value: dict[str, Any], lang: str) -> str | None:
    """`propertyNames` holding only string rules, in plain words ("Every key is one character long.")."""
    if not set(value) <= {"type", "minLength", "maxLength", "pattern", "enum", "format"} or \
            value.get("type", "string") != "string":
        return None
    zh = lang == "zh"
    parts = []
    low, high = value.get("minLength"), value.get("maxLength")
    if low is not None and low == high:
        parts.append(f"每个键的长度恰好为 {_n(low)} 个字符。" if zh else
                     "Every key is " + ("one character" if low == 1 else f"{_n(low)} characters") + " long.")
    else:
        if low:
            parts.append(f"每个键的长度至少为 {_n(low)} 个字符。" if zh else f"Every key is at least {_n(low)} "
                         + ("character" if low == 1 else "characters") + " long.")
        if high is not None:
            parts.append(f"每个键的长度最多为 {_n(high)} 个字符。" if zh else f"Every key is at most {_n(high)} "
                         + ("character" if high == 1 else "characters") + " long.")
    if "pattern" in value:
        parts.append(f"每个键须匹配正则表达式 {value['pattern']}。" if zh else
                     f"Every key matches the regular expression {value['pattern']}.")
    if "enum" in value:
        parts.append(f"每个键须是以下值之一：{_list(value['enum'], lang)}。" if zh else
                     f"Every key is one of: {_list(value['enum'], lang)}.")
    if "format" in value:
        parts.append(f"每个键须是有效的 {value['format']} 格式。" if zh else
                     f"Every key is a valid {value['format']} string.")
    return ("" if zh else " ").join(parts) or None


def ref_sentence(ref: str, definition: Any, lang: str) -> str:
    """What a `$ref` named in a description stands for (the wire has no `$defs` to point at)."""
    text = json.dumps(definition, ensure_ascii=False)
    return f"其中 {_j(ref)} 指 JSON Schema {text}。" if lang == "zh" else \
        f"Here {_j(ref)} stands for the JSON Schema {text}."


def sentence(keyword: str, value: Any, lang: str) -> str:
    """The sentence for one moved constraint ("" for one that says nothing, see `vacuous`)."""
    zh = lang == "zh"
    if vacuous(keyword, value):
        return ""
    if keyword in FIXED and (keyword != "uniqueItems" or value is True) and (keyword != "deprecated" or value is True) \
            and (keyword != "oneOf" or not isinstance(value, list)):
        return FIXED[keyword][1 if zh else 0]
    if keyword == "oneOf":
        return union_sentence("oneOf", value, lang)
    if keyword == "number_format":
        keyword = "format" if value in _NUMBER_FORMATS or value in _FLOAT_FORMATS else "format_value"
    if keyword == "format" and value in _NUMBER_FORMATS:
        bits = _NUMBER_FORMATS[value]
        unsigned = value.startswith("u")
        return (f"必须是 {bits} 位{'无符号' if unsigned else ''}整数。" if zh else
                f"Must be a {bits}-bit {'unsigned ' if unsigned else ''}integer.")
    if keyword == "format" and value in _FLOAT_FORMATS:
        return f"必须是{_FLOAT_FORMATS[value][1]}。" if zh else f"Must be {_FLOAT_FORMATS[value][0]}."
    if keyword == "propertyNames" and isinstance(value, dict):
        words = _key_sentence(value, lang)
        if words:
            return words
    if keyword in ("dependentRequired",) or (keyword == "dependencies" and isinstance(value, dict)):
        parts = []
        for name, needed in (value or {}).items():
            if isinstance(needed, list):
                parts.append(f"如果提供了 {_j(name)}，还必须提供 {_list(needed, lang)}。" if zh else
                             f"If {_j(name)} is given, {_list(needed, lang)} must be given too.")
            else:
                parts.append(f"如果提供了 {_j(name)}，整体还须匹配模式 {_j(needed)}。" if zh else
                             f"If {_j(name)} is given, the whole must also match the schema {_j(needed)}.")
        return ("" if zh else " ").join(parts)
    if keyword == "dependentSchemas" and isinstance(value, dict):
        return ("" if zh else " ").join(
            f"如果提供了 {_j(name)}，整体还须匹配模式 {_j(sub)}。" if zh else
            f"If {_j(name)} is given, the whole must also match the schema {_j(sub)}." for name, sub in value.items())
    template = _SENTENCES.get(keyword)
    if template is None:
        return f"还须满足 {keyword}: {_j(value)}。" if zh else f"Must also satisfy {keyword}: {_j(value)}."
    text = template[1 if zh else 0]
    if "{n}" in text:
        text = text.replace("{n}", _n(value))
        if not zh and value == 1 and not isinstance(value, bool):
            text = text.replace(" characters ", " character ").replace(" items.", " item.").replace(
                " entries.", " entry.")
        return text
    if "{s}" in text:
        return text.replace("{s}", value if isinstance(value, str) else _j(value))
    if "{l}" in text:
        return text.replace("{l}", _list(value, lang))
    return text.replace("{v}", _j(value))


_END_EN = (".", "!", "?", "。", "！", "？")
_END_ZH = ("。", "！", "？", ".", "!", "?")


def append(description: Any, sentences: list[str], lang: str) -> str:
    """The description with sentences added after its existing text."""
    added = ("" if lang == "zh" else " ").join(s for s in sentences if s)
    existing = description.rstrip() if isinstance(description, str) else ""
    if not existing:
        return added
    if not added:
        return existing
    if lang == "zh":
        if not existing.endswith(_END_ZH):
            existing += "。"
        return existing + added
    if not existing.endswith(_END_EN):
        existing += "."
    return existing + " " + added
