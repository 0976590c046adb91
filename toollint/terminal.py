"""Make text from tool files, servers and snapshots safe to print on a terminal or a CI log.

Names and descriptions can hold ESC, BEL, other C0/C1 controls and bidi overrides: printed raw they set the
window title, clear the screen or reorder what the reader sees. They are shown as `\\x1b`/`\\u202e` instead.
A newline in such text would also let it start a line of its own, and a line starting with `::` is a
GitHub Actions workflow command (`::add-mask::`, `::error::`): `one_line` prevents both.
"""

from __future__ import annotations

import re

from toollint.lazy_regex import lazy_compile

# C0 except tab and newline, DEL, C1, the bidi embeddings/overrides/isolates and marks, and lone surrogates
# (from a `\\ud800` escape in JSON: printed raw they stop the run with UnicodeEncodeError).
_UNSAFE = lazy_compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_IN_LINE = lazy_compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


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


def one_line(text: str) -> str:
    """`text` as one safe line: newlines shown as `\\n`/`\\r`, controls escaped, and a leading `::` (after any
    indentation, as the Actions runner reads it) written `\\x3a:`, so no workflow command can start here.
    Printable text (no Cc or Cf character) is kept as it is after one C-level test."""
    if not text.isprintable():
        text = escape_controls(text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r"))
    if text.lstrip().startswith("::"):
        head = len(text) - len(text.lstrip())
        text = text[:head] + "\\x3a" + text[head + 1:]
    return text


def safe_lines(text: str) -> str:
    """Multi-line text (a report built from untrusted names) with each line made safe by `one_line`."""
    return "\n".join(one_line(line) for line in text.split("\n"))


def shown(text: str, width: int = 40) -> str:
    """`text` cut in the middle to at most `width` characters: a finding's headline naming it stays short (the
    pointer and the code frame say exactly where), and a parser's reason stays a line."""
    if len(text) <= width:
        return text
    head = (width - 1) // 2
    return text[:head] + "…" + text[len(text) - (width - 1 - head):]
