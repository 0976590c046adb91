"""Tool definitions read from Python source without importing or running it.

`read_python(text, display, path)` returns a `Source` like the JSON and YAML readers do: its data is an
MCP `tools/list`-shaped object (`{"tools": [...], "skipped": [...]}`) and its locator points every pointer
at the `.py` line that carries the text. Frameworks are data (`frameworks.py`); the reading is `ast`,
because findings need exact node positions and the decorators' arguments, which a documentation loader
such as griffe keeps only as rendered strings.
"""

from __future__ import annotations

import re

from toollint.document.locate import LineIndex, YamlLocator
from toollint.document.source import Source, SourceProblem, suppressions_in
from toollint.lazy_regex import lazy_compile
from toollint.pysource.frameworks import FRAMEWORK_MODULES

# A file is read only when it imports a tool framework, decorates a function with `.tool` (a module of a
# server whose instance lives elsewhere) or writes a tool literal (`tools=`, an `input_schema` key): the
# pre-filter that keeps discovery cheap in a repository of ordinary Python.
PREFILTER = lazy_compile(
    r"^[ \t]*(?:from|import)[ \t]+(?:" + "|".join(m.replace(".", r"\.") for m in FRAMEWORK_MODULES) + r")\b"
    r"|^[ \t]*@[\w.]*\b(?:tool|tool_plain|function_tool)\b|\.add_tool\("  # a tool module importing its server
    r"|\btools\s*=|[\"'](?:input_schema|inputSchema|parameters|function_declarations)[\"']", re.MULTILINE)


class PythonLocator(YamlLocator):
    """Positions recorded while deriving the tools: pointer -> (key span, value span), nearest ancestor else."""


def might_define_tools(text: str) -> bool:
    return PREFILTER.search(text) is not None


def read_python(text: str, display: str, path: str | None = None) -> Source:
    from toollint.pysource.derive import Positions, derive_tools
    from toollint.pysource.literals import literal_tools
    from toollint.pysource.modules import Project, parse_module

    source = Source(display, text, "python")
    if not might_define_tools(text):  # ordinary Python: nothing to derive, not even parsed
        source.data = {"tools": []}
        return source
    try:
        module = parse_module(text, path)
    except SyntaxError as error:
        source.problem = SourceProblem("parse-error", f"invalid Python: {error.msg}", error.lineno or 1,
                                       error.offset or 1)
        return source
    except (ValueError, RecursionError, MemoryError) as error:
        source.problem = SourceProblem("parse-error", f"not read: the Python source cannot be parsed ({error})")
        return source
    lines = LineIndex(text)
    positions = Positions(lines)
    derived = derive_tools(module, Project(), positions)
    tools = derived.tools + literal_tools(module, positions, len(derived.tools))
    data: dict = {"tools": tools}
    if derived.skipped:
        data["skipped"] = derived.skipped
    source.unknown = frozenset(derived.unknown)
    locator = PythonLocator(text)
    locator.lines = lines
    locator.keys, locator.values = positions.keys, positions.values
    source.data, source.locator = data, locator
    source.suppressions = suppressions_in(text, "python")
    return source
