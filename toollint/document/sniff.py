"""Does a file look like tool definitions? Asked only of files that fail to parse, in discovery mode: one
that looks like tools is still a parse error to report; any other (a tsconfig.json with an odd comment,
JSON Lines named .json, a Helm template) is skipped instead of blocking a commit.
"""

from __future__ import annotations

from toollint.lazy_regex import lazy_compile

# The schema key of every dialect, as a JSON or YAML key: input_schema (Anthropic), inputSchema (MCP),
# parameters / parametersJsonSchema (OpenAI, Gemini), functionDeclarations / function_declarations (Gemini).
_TOOL_KEY = lazy_compile(
    r"""(?:^|[{,\s])["']?(?:input_schema|inputSchema|parameters|parametersJsonSchema|functionDeclarations|"""
    r"""function_declarations)["']?\s*:""")
_NAME_KEY = lazy_compile(r"""(?:^|[{,\s])["']?name["']?\s*:""")


def looks_like_tools(text: str) -> bool:
    """A schema key of some dialect and a `name` key: what every tool definition has."""
    return bool(_TOOL_KEY.search(text)) and bool(_NAME_KEY.search(text))
