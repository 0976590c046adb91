"""JSON with comments (tsconfig.json, .vscode/*.json, hand-written tool files): blank the comments and
trailing commas with spaces, newlines kept, so every key keeps its line and column for findings.

No maintained Python JSONC reader keeps positions (they re-emit or parse to a tree without offsets), and
the JSON locator works on offsets, so this is a one-pass scanner instead.
"""

from __future__ import annotations

import re

from toollint.lazy_regex import lazy_compile

# Strings (kept), comments (blanked) and commas whose next token is a closing bracket (blanked); the regex
# engine skips everything else, so a large file costs one pass in C plus one call per string or comment.
# Inside the lookahead each comment must be taken whole (to the line's end, to its own `*/`): a `]` within a
# comment (`// toollint: ignore[rule]`) is not the closing bracket that makes a comma trailing.
_TOKENS = lazy_compile(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|/\*(?:.*?\*/|.*)'
                       r'|,(?=(?:\s|//[^\n]*(?=\n|\Z)|/\*(?:(?!\*/).)*\*/)*[}\]])', re.S)


def blank_jsonc(text: str) -> str | None:
    """`text` with `//` and `/* */` comments and trailing commas replaced by spaces; None when it has none."""
    changed = False

    def blank(match: re.Match[str]) -> str:
        nonlocal changed
        token = match.group(0)
        if token.startswith('"'):
            return token
        changed = True
        return " " if token == "," else re.sub(r"[^\r\n]", " ", token)

    out = _TOKENS.sub(blank, text)
    return out if changed else None
