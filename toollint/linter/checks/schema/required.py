"""Schema rules (TL1) on `required`: names `properties` lacks, and a required property that also has a
`default`."""

from __future__ import annotations

import json
from typing import Any

from toollint import pointer as jp
from toollint.document import edits
from toollint.linter import fixes
from toollint.linter.checks import check
from toollint.linter.checks.shared import damerau
from toollint.linter.context import Context, node_label
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# required-not-defined


def _defined_names(schema: dict[str, Any], ctx: Context, depth: int = 0) -> tuple[set[str], bool]:
    """Property names a schema defines (through properties and composition), and whether it is open."""
    names: set[str] = set()
    open_ended = False
    properties = schema.get("properties")
    if isinstance(properties, dict):
        names |= set(properties)
    if schema.get("patternProperties") or isinstance(schema.get("additionalProperties"), dict):
        open_ended = True
    if depth < 8:
        for keyword in ("allOf", "anyOf", "oneOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list):
                for branch in branches:
                    branch = ctx.resolver().deref(branch)
                    if isinstance(branch, dict):
                        more, branch_open = _defined_names(branch, ctx, depth + 1)
                        names |= more
                        open_ended = open_ended or branch_open
        for keyword in ("$ref", "then", "else", "if"):
            target = schema.get(keyword)
            if keyword == "$ref":
                target = ctx.resolver().deref(schema)
                if target is schema:
                    continue
            if isinstance(target, dict):
                more, branch_open = _defined_names(target, ctx, depth + 1)
                names |= more
                open_ended = open_ended or branch_open
    return names, open_ended


# The keywords whose subschemas apply to the same instance as the schema holding them: a `required` there may name
# what the enclosing object's `properties` define (`oneOf: [{"required": ["channel"]}, ...]`, an either-or).
_SAME_INSTANCE = frozenset({"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"})


@check("required-not-defined", "schema", keys=("required",))
def required_not_defined(node: SchemaNode, ctx: Context) -> None:
    required = node.schema["required"]
    properties = node.schema.get("properties")
    if not isinstance(required, list) or not isinstance(properties, dict):
        return
    if all(name in properties for name in required if isinstance(name, str)):
        return  # every name is an own property: nothing to look for in composition or references
    names, open_ended = _defined_names(node.schema, ctx)
    at = node
    while not open_ended and at.parent is not None and at.via in _SAME_INSTANCE:
        at = at.parent  # a branch of `oneOf` (or `if`, `then`) checks the object its parent describes
        more, open_ended = _defined_names(at.schema, ctx)
        names |= more
    if open_ended:
        return
    for index, name in enumerate(required):
        if isinstance(name, str) and name not in names:
            closed = node.schema.get("additionalProperties") is False
            consequence = ("no valid call exists, since `additionalProperties` is false" if closed
                           else "the model is told to send it but not what it is")
            where = jp.join(node.pointer, "required", index)
            near = [p for p in node.schema["properties"] if damerau(name, p, 1) <= 1]
            autofix = None
            if len(near) == 1 and near[0] not in required:
                autofix = fixes.safe(f"change {name!r} to {near[0]!r}", edits.set_value(where, near[0]))
            ctx.report(where, f"`required` names {shown(repr(name))}, which `properties` does not define",
                       help=f"define {name!r} in `properties`, or remove it from `required`", note=consequence,
                       autofix=autofix)


# ---------------------------------------------------------------------------------------------
# required-with-default


def _json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _nullable(schema: dict[str, Any]) -> bool:
    declared = schema.get("type")
    if declared == "null" or (isinstance(declared, list) and "null" in declared) or schema.get("nullable") is True:
        return True
    return any(isinstance(b, dict) and b.get("type") == "null" for k in ("anyOf", "oneOf") for b in schema.get(k) or ())


@check("required-with-default", "schema", keys=("required",))
def required_with_default(node: SchemaNode, ctx: Context) -> None:
    required = node.schema.get("required")
    properties = node.schema.get("properties")
    if not isinstance(required, list) or not isinstance(properties, dict):
        return
    defaulted = [(name, schema) for name in required if isinstance(name, str)
                 for schema in (properties.get(name),) if isinstance(schema, dict) and "default" in schema]
    if not defaulted:
        return  # the common case, decided before the tool's targets are worked out
    tool = ctx.tool
    if tool is not None and ctx.has_targets(tool) and "openai" in ctx.targets(tool):
        return  # OpenAI strict makes every property required, so a default there is documentation; Anthropic
        # strict keeps optional properties, so the rule applies there (issue 23)
    for name, schema in defaulted:
        if _nullable(schema):
            continue  # `anyOf [T, null]` + default: the strict-mode idiom for an optional parameter
        where = jp.join(node.pointer, "properties", name, "default")
        label = node_label(SchemaNode(schema, None, "properties", name, node, node.depth + 1))
        ctx.report(where, f"`{shown(label)}` is required and also has a `default`",
                   help=f"remove {name!r} from `required`, or remove its `default`",
                   note=f"the default {shown(_json(schema['default']), 40)} never applies: the caller must always "
                        "send it",
                   autofix=fixes.drop_requirement(node.pointer, required, name))
