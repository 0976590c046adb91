"""Reading a tool file: the one loader strictify, the boundary and `toollint diff` share.

`check` reports unreadable files and files without tools as findings; the other features cannot go on
without tools, so they stop with an error that names the file (and line and column for a parse error).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from toollint.document.dialects import Tool, find_tools
from toollint.document.source import Source, read_path, read_stdin
from toollint.errors import ToollintError

NO_TOOLS = "no tool definitions found (expected Anthropic, OpenAI, MCP or Gemini tool definitions)"


def read_tool_file(path: str | os.PathLike[str], error: type[ToollintError] = ToollintError, *,
                   fallback: Callable[[Any], list[Tool]] | None = None) -> tuple[Source, list[Tool]]:
    """The parsed file and its tools; `path` "-" reads standard input.

    `fallback(data)` gives the tools of a file that holds no tool definition a caller can still read
    (the boundary reads strictify's validator file so).

    Raises `error` (a `ToollintError` subclass the caller chooses, so each feature keeps its own exception)
    when the file is missing, unreadable, does not parse, or holds no tool definition.
    """
    name = os.fspath(path)
    if name == "-":
        source = read_stdin("<stdin>")
    elif not os.path.lexists(name):
        raise error(f"{name}: cannot read the file: no such file")
    else:
        source = read_path(name)
    if source.problem is not None:
        problem = source.problem
        where = f"{source.path}:{problem.line}:{problem.column}" if problem.rule == "parse-error" else source.path
        raise error(f"{where}: {problem.message}")
    irregularity = source.irregularity()  # a duplicate key or NaN: the data is not what the file says
    if irregularity is not None:
        raise error(f"{source.path}:{irregularity}; `toollint check` reports it")
    tools = find_tools(source.data)
    if not tools and fallback is not None:
        tools = fallback(source.data)
    if not tools:
        raise error(f"{source.path}: {NO_TOOLS}")
    return source, tools
