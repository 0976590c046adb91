"""Make text from tool files safe to print on a terminal.

Names and descriptions can hold ESC, BEL, other C0/C1 controls and bidi overrides: printed raw they set the
window title, clear the screen or reorder what the reader sees. They are shown as `\\x1b`/`\\u202e` instead.
"""

from __future__ import annotations

import re

from toollint.lazy_regex import lazy_compile

# C0 except tab and newline, DEL, C1, and the bidi embeddings/overrides/isolates and marks.
_UNSAFE = lazy_compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_IN_LINE = lazy_compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, *, newlines: bool = True) -> str:
    """`text` with every terminal control shown as an escape; newlines kept unless `newlines` is False."""
    return (_UNSAFE if newlines else _UNSAFE_IN_LINE).sub(_escape, text)


def escape_json_controls(text: str) -> str:
    """JSON text with C1 controls and bidi marks written as `\\uXXXX`: the same JSON value, safe to print.

    `json.dumps` already escapes C0; outside strings these characters cannot occur in valid JSON.
    """
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
