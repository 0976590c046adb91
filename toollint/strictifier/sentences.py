"""The sentences strictify writes into descriptions for the constraints it moves, in English and Chinese.

Deterministic: the same keyword and value always give the same sentence.
"""

from __future__ import annotations

import json
import re
from typing import Any

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LANGS = ("auto", "en", "zh")


def detect_lang(text: Any) -> str | None:
    """"zh" when the text holds CJK ideographs, "en" for other non-empty text, None for no text."""
    if not isinstance(text, str) or not text.strip():
        return None
    return "zh" if _CJK.search(text) else "en"


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
    "if": ("If it matches the schema {v}, the conditions below apply.", "若匹配模式 {v}，则适用下列条件。"),
    "then": ("When that condition holds, it must match the schema {v}.", "条件成立时，须匹配模式 {v}。"),
    "else": ("Otherwise it must match the schema {v}.", "否则须匹配模式 {v}。"),
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
    "json_object": ("A JSON object, sent as JSON text.", "一个 JSON 对象，以 JSON 文本形式传递。"),
    "lossy": ("(Simplified for strict mode: the tool checks the full rule.)", "（为严格模式简化：工具会校验完整规则。）"),
}


def sentence(keyword: str, value: Any, lang: str) -> str:
    """The sentence for one moved constraint."""
    zh = lang == "zh"
    if keyword in FIXED and (keyword != "uniqueItems" or value is True) and (keyword != "deprecated" or value is True):
        return FIXED[keyword][1 if zh else 0]
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


_END_EN = (".", "!", "?", "。", "！", "？", ")", "）")
_END_ZH = ("。", "！", "？", ".", "!", "?", "）", ")")


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
