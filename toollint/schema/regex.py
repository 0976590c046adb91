"""ECMA-262 regular expressions as JSON Schema uses them, checked with Python's `re`.

`pattern` is ECMA-262, not Python: a few ECMA-only forms are translated before compiling, and the
Python-only forms that ECMA-262 rejects are reported. Also: which patterns risk catastrophic
backtracking, and which constructs Anthropic's strict grammar compiler refuses.
"""

from __future__ import annotations

import re
import warnings
from functools import lru_cache

from toollint.lazy_regex import lazy_compile

# Python/PCRE forms that are not ECMA-262: (message, regex that finds them outside character classes)
_NON_ECMA = (
    (r"\(\?P[<=>]", "`(?P...)` is Python syntax; ECMA-262 writes named groups as `(?<name>...)`"),
    (r"\(\?[aiLmsux]+\)", "inline flags such as `(?i)` are not ECMA-262; JSON Schema patterns have no flags"),
    (r"\(\?[aiLmsux-]+:", "scoped inline flags such as `(?i:...)` are not supported by JSON Schema validators"),
    (r"\(\?>", "atomic groups `(?>...)` are not ECMA-262"),
    (r"\(\?#", "comments `(?#...)` are not ECMA-262"),
    (r"\\[AZz]", "`\\A`, `\\Z` and `\\z` are not ECMA-262 anchors; use `^` and `$`"),
    (r"(?<![\\(])[*+?}]\+", "possessive quantifiers such as `a++` are not ECMA-262"),
)


def _strip_classes(pattern: str) -> str:
    """The pattern with escapes kept and character-class contents blanked, for searching syntax."""
    out = []
    in_class = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\" and i + 1 < len(pattern):
            out.append(pattern[i:i + 2] if not in_class else "  ")
            i += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
                out.append("]")
            else:
                out.append(" ")
        else:
            if char == "[":
                in_class = True
            out.append(char)
        i += 1
    return "".join(out)


# Python-only forms with an exact ECMA-262 equivalent (found outside character classes).
_EQUIVALENTS = lazy_compile(r"\(\?P<(?P<group>[A-Za-z_]\w*)>|\(\?P=(?P<backref>[A-Za-z_]\w*)\)|\\(?P<anchor>[AZz])")


def ecma_equivalent(pattern: str) -> str | None:
    """The same regex in ECMA-262 syntax, when its only faults are Python spellings with an exact equivalent
    (`(?P<n>...)`, `(?P=n)`, `\\A`, `\\Z`); None otherwise."""
    bare = _strip_classes(pattern)
    pieces, cursor = [], 0
    for match in _EQUIVALENTS.finditer(bare):
        if match.start() and bare[match.start() - 1] == "\\" and _escaped(bare, match.start()):
            continue
        pieces.append(pattern[cursor:match.start()])
        if match.group("group"):
            pieces.append(f"(?<{match.group('group')}>")
        elif match.group("backref"):
            pieces.append(f"\\k<{match.group('backref')}>")
        else:
            pieces.append("^" if match.group("anchor") == "A" else "$")
        cursor = match.end()
    if not pieces:
        return None
    rewritten = "".join(pieces) + pattern[cursor:]
    return rewritten if ecma_error(rewritten) is None else None


def _escaped(text: str, position: int) -> bool:
    """Whether the character at `position` follows an odd number of backslashes."""
    count = 0
    while position - count - 1 >= 0 and text[position - count - 1] == "\\":
        count += 1
    return count % 2 == 1


_TRANSLATIONS = (
    (re.compile(r"\(\?<(?![=!])([A-Za-z_$][\w$]*)>"), r"(?P<\1>"),
    (re.compile(r"\\k<([A-Za-z_$][\w$]*)>"), r"(?P=\1)"),
    (re.compile(r"\\[pP]\{[^}]*\}"), "."),
    (re.compile(r"\\u\{([0-9A-Fa-f]{1,6})\}"), lambda m: "\\U" + m.group(1).rjust(8, "0")),
    (re.compile(r"\\c[A-Za-z]"), lambda m: "\\x%02x" % (ord(m.group(0)[2].upper()) - 64)),
    (re.compile(r"\[\^\]"), r"[\\s\\S]"),
    (re.compile(r"(?<!\\)\[\]"), r"(?!)"),
)


@lru_cache(maxsize=4096)
def ecma_error(pattern: str) -> str | None:
    """Why `pattern` is not a valid ECMA-262 regex, or None when it is (as far as can be told)."""
    bare = re.sub(r"\\[pP]\{[^}]*\}", "x", _strip_classes(pattern))
    for finder, message in _NON_ECMA:
        if re.search(finder, bare):
            return message
    translated = pattern
    for translation, replacement in _TRANSLATIONS:
        translated = translation.sub(replacement, translated)
    try:
        with warnings.catch_warnings():  # "Possible nested set" is Python's note on `[[`, not a problem to print
            warnings.simplefilter("ignore", FutureWarning)
            re.compile(translated)
    except re.error as error:
        reason = str(error.msg if hasattr(error, "msg") else error)
        if "look-behind requires fixed-width" in reason:
            return None  # ECMA-262 allows variable-width lookbehind; Python does not
        where = f" at position {error.pos}" if getattr(error, "pos", None) is not None else ""
        return f"{reason}{where}"
    except (RecursionError, OverflowError, ValueError) as error:
        return str(error)
    return None


_QUANTIFIER = lazy_compile(r"(?:[*+?]|\{(\d*),?(\d*)\})\??")


@lru_cache(maxsize=4096)
def backtracking_risk(pattern: str) -> bool:
    """True for nested unbounded repetition whose body has no fixed atom, e.g. `(a+)+`, `(\\w+\\s?)*`.

    Such a body can split one input in exponentially many ways. `(-[a-z]+)*` is safe: the fixed
    `-` decides where each repetition starts.
    """
    bare = _strip_classes(pattern)
    # per open group: [has an unbounded inner repetition, has a mandatory atom]
    stack: list[list[bool]] = [[False, False]]
    i = 0
    while i < len(bare):
        char = bare[i]
        unbounded_atom = False
        if char == "(":
            stack.append([False, False])
            i += 1
            if bare.startswith("?", i):  # (?:, (?=, (?<name>: skip the group prefix
                close = bare.find(">", i) if bare.startswith("?<", i) and bare[i + 2:i + 3] not in "=!" else -1
                i = close + 1 if close != -1 else i + 2
            continue
        if char == ")":
            if len(stack) == 1:
                i += 1
                continue
            inner_unbounded, inner_mandatory = stack.pop()
            i += 1
            match = _QUANTIFIER.match(bare, i)
            if match and _unbounded(match) and inner_unbounded and not inner_mandatory:
                return True
            unbounded_atom = inner_unbounded
            mandatory = inner_mandatory
        elif char == "|":
            i += 1
            continue
        else:
            if char == "\\":
                i += 2
            elif char == "[":
                close = bare.find("]", i + 1)
                i = close + 1 if close != -1 else len(bare)
            else:
                i += 1
            if char in "^$":
                continue
            mandatory = True
            match = _QUANTIFIER.match(bare, i)
        if match:
            i = match.end()
            if _unbounded(match):
                unbounded_atom = True
            if not _exact(match):
                mandatory = False
        stack[-1][0] = stack[-1][0] or unbounded_atom
        stack[-1][1] = stack[-1][1] or mandatory
        match = None
    return False


def _unbounded(match: re.Match[str]) -> bool:
    text = match.group(0).rstrip("?") or match.group(0)
    if text[0] in "*+":
        return True
    if text[0] == "?":
        return False
    high = match.group(2)
    return ("," in text and high == "") or int(high or match.group(1) or 0) > 100


def _exact(match: re.Match[str]) -> bool:
    """`{n}`: the atom stands a fixed number of times, so it anchors each repetition."""
    return match.group(0).startswith("{") and "," not in match.group(0)


_LARGE_REPEAT = lazy_compile(r"\{(\d+)(?:,(\d*))?\}")


@lru_cache(maxsize=4096)
def anthropic_strict_problem(pattern: str, max_repeat: int = 100) -> str | None:
    """What Anthropic's strict grammar compiler refuses in a pattern, or None."""
    bare = _strip_classes(pattern)
    if re.search(r"\\[1-9]|\\k<", bare):
        return "backreferences"
    if re.search(r"\(\?<?[=!]", bare):
        return "lookahead or lookbehind"
    if re.search(r"\\[bB]", bare):
        return "word boundaries (\\b, \\B)"
    for match in _LARGE_REPEAT.finditer(bare):
        low = int(match.group(1))
        high = match.group(2)
        if low > max_repeat or (high and int(high) > max_repeat):
            return f"a large repetition {match.group(0)}"
    return None
