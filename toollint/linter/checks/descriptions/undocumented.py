"""missing-param-description: a parameter whose name does not explain itself and that has no description."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toollint.linter.checks import check
from toollint.linter.context import Context, node_label
from toollint.linter.docview import entry_text, is_top_level
from toollint.linter.namememo import NameMemo
from toollint.linter.paramview import param_of
from toollint.linter.textstats import OptionCache, as_list, name_tokens
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# missing-param-description


@dataclass(frozen=True)
class _ParamLexicon:
    vague_heads: frozenset[str]
    evident_short: frozenset[str]
    relational: frozenset[str]  # a measure of something the name does not say: `depth` (of what?)


def _param_lexicon(options: dict[str, Any]) -> NameMemo:
    """What the name alone says (`_opaque`), memoised per name for this options set: names repeat (`id`, `q`)."""
    lex = _ParamLexicon(
        frozenset(w.lower() for w in as_list(options.get("vague-names")) + as_list(options.get("extra-vague-names"))),
        frozenset(w.lower() for w in as_list(options.get("evident-short-names"))),
        frozenset(w.lower() for w in as_list(options.get("relational-names"))))
    return NameMemo(lambda name: _opaque(name, lex))


_PARAMS = OptionCache(_param_lexicon)


_OF_WHAT = " does not say of what"


def _opaque(name: str, lex: _ParamLexicon) -> str | None:
    tokens = name_tokens(name)
    if not tokens:
        return None
    if len(name) <= 2 and name.lower() not in lex.evident_short:
        return "is too short to explain itself"
    if tokens[-1] in lex.vague_heads:
        return f"ends in `{tokens[-1]}`, which could hold anything"
    if len(tokens) == 1 and tokens[0] in lex.relational:
        return f"`{tokens[0]}`{_OF_WHAT}"
    return None


@check("missing-param-description", "schema", properties_only=True, when=lambda keys: "description" not in keys)
def missing_param_description(node: SchemaNode, ctx: Context) -> None:
    if not node.name or node.name[0] in "_$":
        return  # `_meta`, `$schema`: protocol fields, not the tool's parameters
    why = _PARAMS.get(ctx.options)[node.name]
    if why is None or (why.endswith(_OF_WHAT) and not is_top_level(node)):
        return  # `options.depth`: the object it sits in says of what
    param = param_of(node, ctx)
    if param.has_description or entry_text(node, ctx):
        return  # described in the schema, or in the docstring's `Args:` entry
    schema = param.schema
    if isinstance(schema.get("enum"), list) or "const" in schema or "format" in schema:
        return  # the values or the format say what it is
    if param.types == {"boolean"} or isinstance(schema.get("properties"), dict):
        return  # a flag reads as its name; an object is explained by its properties
    items = param.item()
    if items is not None and (isinstance(items.get("properties"), dict) or isinstance(items.get("enum"), list)):
        return
    for key in ("anyOf", "oneOf"):
        branches = node.schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and b.get("description") for b in branches):
            return  # each branch explains itself
    title = schema.get("title")
    if isinstance(title, str) and [t for t in name_tokens(title)] != list(name_tokens(param.name)):
        return  # a title that says more than the name
    ctx.report(node.pointer, f"parameter `{shown(node_label(node))}` has no description", key=True,
               help="add a `description` saying what it holds, its format and an example",
               note=f"its name {why}")
