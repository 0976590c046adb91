"""`no-tool-definitions`: a file named on the command line in which the reader found no tool.

Without it the run says "All checks passed!" about a catalog it did not understand (tools under
`parameter` instead of `parameters`). The hint names the near-miss key when there is one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from toollint import pointer as jp
from toollint.lazy_regex import lazy_compile

SCHEMA_KEYS = ("parameters", "input_schema", "inputSchema", "parametersJsonSchema")
# Keys that hold a tool's arguments in home-grown formats, and the standard key each one is closest to.
NEAR_MISSES = {"parameter": "parameters", "params": "parameters", "param": "parameters", "args": "parameters",
               "arguments": "parameters", "argument": "parameters", "inputs": "inputSchema", "input": "inputSchema",
               "schema": "parameters", "json_schema": "parameters", "jsonSchema": "parameters",
               "parameters_schema": "parameters", "inputschema": "inputSchema", "input_Schema": "input_schema",
               "inputSchemas": "inputSchema", "input_schemas": "input_schema", "paramters": "parameters",
               "parmeters": "parameters", "parametres": "parameters", "parameter_schema": "parameters"}


def _named_objects(node: Any, pointer: str = "", depth: int = 0) -> Iterator[tuple[dict, str]]:
    if depth > 6:
        return
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _named_objects(item, jp.join(pointer, index), depth + 1)
    elif isinstance(node, dict):
        if isinstance(node.get("name"), str):
            yield node, pointer
        for key, value in node.items():
            if isinstance(value, (list, dict)):
                yield from _named_objects(value, jp.join(pointer, key), depth + 1)


# Where a catalog keeps its entries: the top-level list, or a list under a tool-ish key (not an OpenAPI
# operation's `parameters`, not a workflow's `steps`).
_TOOL_LIST = lazy_compile(r"/\d+|/[^/]*(?:tool|function|api|action|command|skill|plugin)[^/]*/\d+", re.IGNORECASE)


def _schema_like(value: Any) -> bool:
    """A JSON Schema (`type` or `properties`), or a list of typed parameter records; not a GitHub action's `inputs`."""
    if isinstance(value, dict):
        return "properties" in value or isinstance(value.get("type"), str)
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "type" in v for v in value)


_READS = "toollint reads the schema from `parameters`, `input_schema` or `inputSchema`"


def diagnose(data: Any) -> tuple[str, str, str, bool] | None:
    """Why a document that looks like a tool catalog yielded no tool: (pointer, message, note, key) or None.

    None means it does not look like tools at all (a `package.json`, a CI workflow), which is not reported.
    """
    misses: Counter[str] = Counter()
    first: dict[str, str] = {}
    described: list[str] = []
    for obj, pointer in _named_objects(data):
        for key in obj:
            if key in NEAR_MISSES and _schema_like(obj[key]):
                misses[key] += 1
                first.setdefault(key, jp.join(pointer, key))
        if isinstance(obj.get("description"), str) and _TOOL_LIST.fullmatch(pointer):
            described.append(pointer)
    if misses:
        key, count = misses.most_common(1)[0]
        wanted = NEAR_MISSES[key]
        objects = "object" if count == 1 else "objects"
        return (first[key], f"no tool definition found: {count} named {objects} hold `{key}`; did you mean "
                f"`{wanted}`?", _READS, True)
    if len(described) >= 2:
        return (described[0], f"no tool definition found, although {len(described)} objects have a `name` and a "
                "`description`", f"{_READS}, or from objects in a `tools` or `functions` list", False)
    return None
