"""single-letter-parameter: a parameter named with one letter and no description."""

from __future__ import annotations

from toollint.linter.checks import check
from toollint.linter.context import Context
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

_COORDINATES = frozenset("xyzXYZ")


@check("single-letter-parameter", "schema", properties_only=True,
       when=lambda keys: "description" not in keys)
def single_letter_parameter(node: SchemaNode, ctx: Context) -> None:
    name = node.name
    if not name or len(name) != 1 or not name.isalpha() or name in _COORDINATES:
        return
    ctx.report(node.pointer, f"parameter `{shown(name)}` is named with a single letter and not described",
               key=True, help="rename it after what it holds (`query`, `count`) or give it a description",
               note="a one-letter name tells the model nothing about the value it should send")
