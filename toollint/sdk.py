"""Tool definitions given as SDK objects, read as the plain JSON they stand for: one place for `lint`,
`strictify` and the boundary.

The SDKs' tool types (mcp `Tool`, openai `ChatCompletionFunctionTool` and `FunctionTool`, anthropic's
models) are pydantic models: `model_dump(mode="json", by_alias=True, exclude_none=True)` gives the wire
JSON (`inputSchema`, not `input_schema`; no `null` for fields left out). The SDKs' `...Param` types are
TypedDicts, so already plain dicts.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from toollint.errors import SourceError, ToollintError

if TYPE_CHECKING:
    from toollint.strictifier.rewrite import StrictifyResult

ACCEPTED = ("a path, JSON/YAML text, a tool dict, a list of tool dicts, or SDK tool objects "
            "(mcp Tool, anthropic or openai tool types: anything with pydantic's model_dump)")


@runtime_checkable
class SupportsModelDump(Protocol):
    """A pydantic model: every SDK tool type."""

    def model_dump(self, *args: Any, **kwargs: Any) -> Any: ...


def dumped(item: Any) -> Any:
    """`item` as plain JSON when it is an SDK object; anything else unchanged."""
    if isinstance(item, SupportsModelDump) and not isinstance(item, type):
        return item.model_dump(mode="json", by_alias=True, exclude_none=True)
    return item


def plain_tools(source: Any, error: type[ToollintError] = SourceError) -> Any:
    """`source` with every SDK object (itself, or an item of a list) dumped to plain JSON.

    Raises `error` when `source` is neither a path, text, a mapping, a list nor an SDK object, naming what
    is accepted; what a list holds is the caller's to judge (each says which item is not a tool).
    """
    if isinstance(source, (str, os.PathLike)):
        return source
    source = dumped(source)
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, (list, tuple)):
        return [dumped(item) for item in source]
    raise error(f"cannot read tool definitions from a {type(source).__name__}; give {ACCEPTED}")


def strictify(tool: Mapping[str, Any] | SupportsModelDump, target: str = "anthropic", *, lang: str = "auto",
              allow_lossy: bool = False) -> StrictifyResult:
    """`toollint.strictify`: `strictify_tool` on a tool dict or an SDK tool object (see the module)."""
    from toollint.errors import StrictifyError
    from toollint.strictifier.rewrite import strictify_tool

    plain = plain_tools(tool, StrictifyError)
    if not isinstance(plain, dict):
        raise StrictifyError(f"strictify takes one tool: a tool dict or an SDK tool object, not a "
                             f"{type(tool).__name__}")
    _refuse_broken(plain)
    return strictify_tool(plain, target, lang=lang, allow_lossy=allow_lossy)


def _refuse_broken(tool: dict[str, Any]) -> None:
    """Refuse a tool whose definition `toollint strictify` would refuse (`strictifier.precheck`): an invalid
    keyword value, a `required` name no property has, an invalid regex. Rewriting one keeps the mistake under
    `"strict": true`, or fails on a value of the wrong kind."""
    import json

    from toollint.document.source import parse_text
    from toollint.errors import StrictifyError
    from toollint.linter.shared_config import structural_errors

    try:
        text = json.dumps(tool, ensure_ascii=False)
    except (TypeError, ValueError):
        return  # not JSON data (the rewrite says what is wrong with it)
    found = structural_errors(parse_text(text, "<tool>", "json"))
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise StrictifyError(f"{first.message} ({first.rule}){more}; strictify does not "
                             "rewrite a broken definition (`toollint check` explains each)", first.pointer)
