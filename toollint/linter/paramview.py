"""What a parameter is, seen through `$ref`, the `anyOf: [X, {type: null}]` optional idiom and `allOf: [X]`.

Every parameter rule asks the same questions (its types, its description, its pattern); this answers
them once per property node and caches the answer for the next rule that asks about the same node.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

from toollint.linter.textstats import has_text, name_tokens
from toollint.schema.type_names import replacement
from toollint.schema.walk import SCHEMA_TYPES, SchemaNode

_PY_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
             (dict, "object"))


def _value_type(value: Any) -> str | None:
    if value is None:
        return "null"
    for py, name in _PY_TYPES:
        if isinstance(value, py):
            return name
    return None


_CANONICAL = {name: name for name in SCHEMA_TYPES}


def type_name(name: str) -> str:
    """`float` is a number and `str` a string to every rule that asks what a parameter holds (TL101 reports the name)."""
    return _CANONICAL.get(name) or replacement(name) or name.lower()  # the spelt-right names without a call


def _own_types(schema: dict[str, Any]) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        return {type_name(declared)}
    if isinstance(declared, list):
        return {type_name(t) for t in declared if isinstance(t, str)}
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return {t for t in map(_value_type, schema["enum"]) if t}
    if "const" in schema:
        found = _value_type(schema["const"])
        return {found} if found else set()
    return set()


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or ("const" in schema and schema["const"] is None)
                                         or schema.get("enum") == [None])


def restates_name(text: str, name: str) -> bool:
    """Whether a title or a description only spells the parameter's name again, in other case or spacing, maybe
    after an article: FastMCP titles every parameter from its name, so `Doc Id` says nothing of `doc_id`, and
    "The team ID." nothing of `teamId`; nor does "项目 ID" of `project_id`, word for word in Chinese."""
    tokens, spelt = name_tokens(text), name_tokens(name)
    if tokens == spelt or (tokens[:1] in (("the",), ("a",), ("an",)) and tokens[1:] == spelt):
        return True
    return not text.isascii() and _in_chinese(text, spelt)


# Chinese for the words of common parameter names, to see "项目 ID" spell `project_id` again. Each word has its usual
# renderings; a name with a word not here is never read as spelt in Chinese.
_CHINESE = {
    "id": ("id", "编号", "标识", "标识符"), "user": ("用户",), "users": ("用户",), "team": ("团队",), "project": ("项目",),
    "module": ("模块",), "session": ("会话",), "order": ("订单",), "task": ("任务",), "file": ("文件",),
    "document": ("文档",), "doc": ("文档",), "group": ("组", "群组", "分组"), "product": ("产品",), "customer": ("客户",),
    "account": ("账户", "账号"), "message": ("消息",), "msg": ("消息",), "channel": ("频道", "渠道"), "device": ("设备",),
    "item": ("条目", "商品"), "node": ("节点",), "page": ("页面",), "record": ("记录",), "app": ("应用",),
    "workspace": ("工作区", "工作空间"), "repo": ("仓库",), "comment": ("评论",), "article": ("文章",),
    "category": ("分类", "类别"), "tag": ("标签",), "store": ("店铺", "门店"), "shop": ("店铺",), "image": ("图片",),
    "video": ("视频",), "query": ("查询",), "name": ("名称", "名字"), "type": ("类型",), "job": ("作业", "任务"),
    "folder": ("文件夹",), "space": ("空间",), "chat": ("聊天", "会话"), "room": ("房间",), "event": ("事件",),
    "ticket": ("工单",), "issue": ("问题",), "note": ("笔记",), "book": ("书籍",), "course": ("课程",),
    "model": ("模型",), "object": ("对象",), "parameter": ("参数",), "param": ("参数",), "uid": ("uid", "id"),
    "uuid": ("uuid", "id"),
}
# What a Chinese description may add to the words without saying more: "查询参数", "用户 ID 字段", "项目 ID，可选".
_CHINESE_TAIL = ("", "参数", "字段", "值", "，可选", "(可选)", "（可选）")


def _in_chinese(text: str, spelt: tuple[str, ...]) -> bool:
    """Whether `text` is the name's words in Chinese, one rendering each, maybe followed by 参数."""
    plain = "".join(text.split()).rstrip("。.").lower()
    if not spelt or len(plain) > 16 or not all(word in _CHINESE for word in spelt):
        return False
    return any(plain == "".join(words) + tail for words in product(*(_CHINESE[word] for word in spelt))
               for tail in _CHINESE_TAIL)


@dataclass
class Param:
    """A property: its name, merged effective schema, non-null types and all the text written about it."""

    name: str
    schema: dict[str, Any]
    types: frozenset[str]
    description: str
    has_description: bool
    layers: list[dict[str, Any]] = field(default_factory=list)
    nullable: bool = False

    @property
    def is_numeric(self) -> bool:
        return bool(self.types) and self.types <= {"number", "integer"}

    @property
    def is_string(self) -> bool:
        return self.types == {"string"}

    @property
    def titled(self) -> bool:
        """Whether its `title` says more than its name (`Base64 image bytes` for `data`)."""
        title = self.schema.get("title")
        return isinstance(title, str) and not restates_name(title, self.name)

    def first(self, key: str) -> Any:
        """The first value of `key` over the layers (the property itself first, then what it refers to)."""
        for layer in self.layers:
            if key in layer:
                return layer[key]
        return None

    def item(self) -> dict[str, Any] | None:
        items = self.first("items")
        return items if isinstance(items, dict) else None


_LAST: list[Any] = [None, None]


def param_of(node: SchemaNode, ctx: Any) -> Param:
    """The parameter view of a property node (cached for the node the engine is visiting)."""
    if _LAST[0] is node:
        return _LAST[1]
    view = _build(node, ctx)
    _LAST[0], _LAST[1] = node, view
    return view


_PLAIN: list[Any] = [None, None]


def plain_type(node: SchemaNode) -> str | None:
    """The one JSON type of a plain property (a string `type`, no `$ref`, `anyOf`, `oneOf` or `allOf`), spelt
    as `type_name` spells it; None for any other. Such a property is its own parameter view, so most rules
    settle it from this alone; cached for the node the engine is visiting, as several rules ask first thing."""
    if _PLAIN[0] is node:
        return _PLAIN[1]
    schema = node.schema
    declared = schema.get("type")
    kind = type_name(declared) if isinstance(declared, str) and not composed(schema) else None
    _PLAIN[0], _PLAIN[1] = node, kind
    return kind


def _deref(schema: Any, ctx: Any) -> Any:
    if isinstance(schema, dict) and "$ref" in schema and ctx.tool is not None:
        try:
            return ctx.resolver().deref(schema)
        except Exception:  # noqa: BLE001 - an unresolvable ref is reported by unresolved-ref
            return schema
    return schema


def layers_of(schema: dict[str, Any], ctx: Any) -> tuple[list[dict[str, Any]], set[str], bool]:
    """The schema, what its `$ref` points to, and the one non-null branch of an optional union."""
    layers: list[dict[str, Any]] = []
    types: set[str] = set()
    nullable = False
    pending = [schema]
    seen = 0
    while pending and seen < 8:
        current = pending.pop(0)
        seen += 1
        if not isinstance(current, dict):
            continue
        layers.append(current)
        target = _deref(current, ctx)
        if target is not current and isinstance(target, dict):
            pending.insert(0, target)
            continue
        own = _own_types(current)
        if "null" in own:
            nullable = True
        types |= own - {"null"}
        if current.get("nullable") is True:
            nullable = True
        for key in ("anyOf", "oneOf", "allOf"):
            branches = current.get(key)
            if not isinstance(branches, list):
                continue
            real = [b for b in (_deref(b, ctx) for b in branches) if isinstance(b, dict) and not _is_null(b)]
            if len(real) < len(branches):
                nullable = True
            if len(real) == 1:
                pending.append(real[0])
            elif key != "allOf":
                for branch in real:
                    types |= _own_types(branch) - {"null"}
    return layers, types, nullable


def merge(layers: list[dict[str, Any]]) -> dict[str, Any]:
    """One schema from a parameter's layers, the earlier ones (the property itself first) winning."""
    merged: dict[str, Any] = {}
    for layer in reversed(layers):
        merged.update(layer)
    return merged


def string_param(node: SchemaNode, ctx: Any) -> tuple[Param, dict[str, Any] | None] | None:
    """The parameter view of a string property, with None; of an array of strings, with its items' merged schema
    (`layers_of` them); None for any other property."""
    param = param_of(node, ctx)
    if param.types == {"array"}:
        items = param.item()
        if items is None:
            return None
        layers, types, _ = layers_of(items, ctx)
        return (param, merge(layers)) if types == {"string"} else None
    return (param, None) if param.is_string else None


def composed(schema: dict[str, Any]) -> bool:
    """Whether the schema says more through `$ref`, `anyOf`, `oneOf` or `allOf` than through its own keywords."""
    return "$ref" in schema or "anyOf" in schema or "oneOf" in schema or "allOf" in schema


def plain_description(schema: dict[str, Any]) -> str:
    """All the text written about a plain (not `composed`) property, as its parameter view has it: the
    description, then the title when that says something else. For rules that read it before (or without)
    building the view."""
    description = schema.get("description")
    text = description if has_text(description) else ""
    title = schema.get("title")
    if has_text(title) and title != text:
        text = f"{text}\n{title}" if text else title
    return text


# One frozenset per JSON type, shared by every plain `"type": "..."` parameter.
_ONE_TYPE = {name: frozenset({name}) for name in SCHEMA_TYPES if name != "null"}
_NO_TYPE: frozenset[str] = frozenset()


def _build(node: SchemaNode, ctx: Any) -> Param:
    schema = node.schema
    if not composed(schema):  # the common case: a plain property schema
        declared = schema.get("type")
        if isinstance(declared, str):  # what `_own_types` answers for one type, without building sets
            kind = type_name(declared)
            null = kind == "null"
            plain = _NO_TYPE if null else _ONE_TYPE.get(kind) or frozenset((kind,))
        else:
            own = _own_types(schema)
            null = "null" in own
            plain = frozenset(own - {"null"})
        return Param(node.name or "", schema, plain, plain_description(schema), has_text(schema.get("description")),
                     [schema], null or schema.get("nullable") is True)
    layers, types, nullable = layers_of(schema, ctx)
    texts = []
    for layer in layers:
        for key in ("description", "title"):
            value = layer.get(key)
            if isinstance(value, str) and value.strip() and value not in texts:
                texts.append(value)
    return Param(node.name or "", merge(layers), frozenset(types), "\n".join(texts),
                 any(isinstance(layer.get("description"), str) and layer["description"].strip()
                     for layer in layers), layers, nullable)
