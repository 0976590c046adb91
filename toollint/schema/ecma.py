"""JSON Schema `pattern`s mean ECMA-262 regexes; Python's `re` reads the same text differently.

`$` matches before a trailing newline in `re` (so `^ORD-[0-9]{8}$` accepted "ORD-20260917\\n"), `\\d` and `\\w`
match any Unicode digit or letter (Arabic-Indic digits, a Cyrillic homoglyph), `\\s` and `.` use other sets
(reliability review 2, item 9). `python_pattern` rewrites a pattern into a Python regex with ECMA-262's
meaning (no `u` or `m` flag, as JSON Schema has none); every validator matches through it, via
`toollint.schema.safe_regex.search`.
"""

from __future__ import annotations

from functools import lru_cache

# ECMA-262 character classes, as members of a Python character class.
DIGIT = "0-9"
WORD = "A-Za-z0-9_"
SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
_CLASSES = {"d": DIGIT, "w": WORD, "s": SPACE}
_LINE_END = "\\n\\r\\u2028\\u2029"  # what ECMA-262's `.` does not match
_WORD_BOUNDARY = f"(?:(?<=[{WORD}])(?![{WORD}])|(?<![{WORD}])(?=[{WORD}]))"
_NOT_WORD_BOUNDARY = f"(?:(?<=[{WORD}])(?=[{WORD}])|(?<![{WORD}])(?![{WORD}]))"


@lru_cache(maxsize=4096)
def python_pattern(pattern: str) -> str:
    """`pattern` (ECMA-262) as a Python regex that matches exactly the same strings."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        char = pattern[i]
        if char == "\\" and i + 1 < n:
            escape = pattern[i + 1]
            if escape.lower() in _CLASSES:
                members = _CLASSES[escape.lower()]
                out.append(f"[{members}]" if escape.islower() else f"[^{members}]")
            elif escape == "b":
                out.append(_WORD_BOUNDARY)
            elif escape == "B":
                out.append(_NOT_WORD_BOUNDARY)
            else:
                out.append(pattern[i:i + 2])
            i += 2
        elif char == "[":
            text, i = _char_class(pattern, i)
            out.append(text)
        elif char == "$":
            out.append("\\Z")  # end of input only, never before a final newline
            i += 1
        elif char == ".":
            out.append(f"[^{_LINE_END}]")
            i += 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _char_class(pattern: str, start: int) -> tuple[str, int]:
    """The class opening at `start`, rewritten, and the index after it. `\\D`, `\\W`, `\\S` inside a class
    have no Python class spelling, so such a class becomes an alternation (or a lookahead when negated)."""
    i = start + 1
    negated = pattern.startswith("^", i)
    if negated:
        i += 1
    members: list[str] = []
    excluded: list[str] = []  # the member sets of \D, \W, \S: the class also matches what is outside them
    n = len(pattern)
    while i < n and pattern[i] != "]":
        if pattern[i] == "\\" and i + 1 < n:
            escape = pattern[i + 1]
            if escape.lower() in _CLASSES:
                (members if escape.islower() else excluded).append(_CLASSES[escape.lower()])
            else:
                members.append(pattern[i:i + 2])
            i += 2
        else:
            members.append("\\[" if pattern[i] == "[" else pattern[i])
            i += 1
    if i >= n:  # unterminated: leave it for `re` to report
        return pattern[start:], n
    body = "".join(members)
    if not body and not excluded:
        return ("[\\s\\S]" if negated else "(?!)"), i + 1  # ECMA-262 `[^]` is any character, `[]` none
    if not excluded:
        return f"[{'^' if negated else ''}{body}]", i + 1
    if not negated:  # in the listed members, or outside one of the excluded sets
        options = ([f"[{body}]"] if body else []) + [f"[^{e}]" for e in excluded]
        return "(?:" + "|".join(options) + ")", i + 1
    # neither a listed member nor outside any excluded set: inside every excluded set, not a member
    head = f"(?![{body}])" if body else ""
    return head + "".join(f"(?=[{e}])" for e in excluded[:-1]) + f"[{excluded[-1]}]", i + 1
