"""Regex safety for the boundary: spot patterns prone to catastrophic backtracking, match them safely.

Python's `re` backtracks. A pattern such as `^(a+)+$`, `(a|a)*` or `(.*)*x` can take exponential time on
a string of a few dozen characters, and a model (or whoever steers it) chooses the string. So:

1. Detection, once per tool: a pattern is *risky* (exponential) when an unbounded repetition (`*`,
   `+`, `{n,}` or a large `{n,m}`) contains another repetition or an alternation. It is *polynomial*
   when it holds several unbounded repetitions (`\\d+\\d+x` takes `re` 11 s on 2,000 digits): `re`
   then runs only on strings short enough to be cheap (`risk`). The check reads the parse tree of
   Python's own regex parser, so it sees what `re` sees. It is deliberately conservative: a false
   alarm only means the pattern is matched by the slower, safe matcher below.
2. Matching risky patterns: a Thompson NFA built from that same parse tree simulates all paths at once,
   so a match costs O(len(text) x len(pattern)) and never backtracks. It answers "does it match
   anywhere" (`re.search`), which is all JSON Schema's `pattern` needs. Strings longer than
   `MAX_RISKY_LENGTH` are not matched against an exponential pattern at all: they fail with a "too
   long" problem.
3. A risky pattern the NFA cannot express (backreferences, lookaround, atomic groups, case-insensitive
   flags) falls back to `re`, an exponential one still behind the length limit; `Boundary.warnings`
   names the exponential patterns and how they are matched.

Safe patterns keep using `re` directly, so the common case costs nothing extra.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from toollint.schema.ecma import python_pattern

if sys.version_info >= (3, 11):
    from re import _constants as _sre_constants  # type: ignore[attr-defined, unused-ignore]
    from re import _parser as _sre_parser  # type: ignore[attr-defined, unused-ignore]
else:  # pragma: no cover - Python 3.10
    import sre_constants as _sre_constants
    import sre_parse as _sre_parser
# `re`'s private parser: typed loosely, since typeshed describes only part of it.
_sre: Any = _sre_constants
_parse: Any = _sre_parser

MAX_RISKY_LENGTH = 10_000
MAX_NFA_STATES = 20_000
_BIG_REPEAT = 16

_MAXREPEAT = _sre.MAXREPEAT
_REPEATS = {_sre.MAX_REPEAT, _sre.MIN_REPEAT}
_POSSESSIVE = getattr(_sre, "POSSESSIVE_REPEAT", None)
_ATOMIC = getattr(_sre, "ATOMIC_GROUP", None)
_ALLOWED_FLAGS = (_sre.SRE_FLAG_UNICODE | _sre.SRE_FLAG_VERBOSE | _sre.SRE_FLAG_DOTALL | _sre.SRE_FLAG_MULTILINE
                  | _sre.SRE_FLAG_IGNORECASE)

_WORD = re.compile(r"\w").fullmatch  # kept as a bound method: compiled now (a lazy one would stay deferred)


def _category(expression: str) -> Callable[[str], bool]:
    test = re.compile(expression).fullmatch
    return lambda ch: test(ch) is not None


# One character against `re` itself: exactly `re`'s Unicode semantics, and no backtracking possible.
_CATEGORIES: dict[Any, Callable[[str], bool]] = {
    _sre.CATEGORY_DIGIT: _category(r"\d"),
    _sre.CATEGORY_NOT_DIGIT: _category(r"\D"),
    _sre.CATEGORY_SPACE: _category(r"\s"),
    _sre.CATEGORY_NOT_SPACE: _category(r"\S"),
    _sre.CATEGORY_WORD: _category(r"\w"),
    _sre.CATEGORY_NOT_WORD: _category(r"\W"),
}


class Unsupported(Exception):
    """The NFA matcher cannot express this construct; fall back to `re` behind the length limit."""


# --- detection -----------------------------------------------------------------------------------


def is_risky(pattern: str) -> bool:
    """True when `pattern` nests a repetition or an alternation inside an unbounded repetition."""
    try:
        tree = _parse.parse(pattern)
    except (re.error, TypeError, ValueError, RecursionError, OverflowError):
        return False  # not a valid regex: the metaschema check reports it, `re` never runs it
    return _risky_items(list(tree), inside_loop=False)


def _risky_items(items: list, inside_loop: bool) -> bool:
    for op, arg in items:
        if op in _REPEATS or (_POSSESSIVE is not None and op is _POSSESSIVE):
            low, high, body = arg
            body = list(body)
            if inside_loop and high > 1:
                return True
            loops = high == _MAXREPEAT or high > _BIG_REPEAT
            if _risky_items(body, inside_loop or loops):
                return True
        elif op is _sre.BRANCH:
            if inside_loop:
                return True
            if any(_risky_items(list(alt), inside_loop) for alt in arg[1]):
                return True
        elif op is _sre.SUBPATTERN:
            if _risky_items(list(arg[-1]), inside_loop):
                return True
        elif _ATOMIC is not None and op is _ATOMIC:
            if _risky_items(list(arg), inside_loop):
                return True
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            if _risky_items(list(arg[1]), inside_loop):
                return True
        elif op is _sre.GROUPREF_EXISTS:
            for part in arg[1:]:
                if part is not None and _risky_items(list(part), inside_loop):
                    return True
    return False


def risk(pattern: str) -> int | None:
    """How long a string `re` may search with `pattern` before the linear-time matcher takes over.

    None: no risk (no unbounded repetition, or one tried only from the start), `re` always. 0: exponential (`is_risky`), the
    safe matcher always. Otherwise the pattern is polynomial: with d unbounded repetitions (one inside a
    bounded `{m,n}` counting n times) a failing search costs about len**(d+1) steps, so `re` runs
    while that stays under 10**7 (d=2: 215 characters, d=3: 56).
    """
    if is_risky(pattern):
        return 0
    try:
        degree = _degree(list(_parse.parse(pattern)))
    except (re.error, TypeError, ValueError, RecursionError, OverflowError):
        return None
    if degree == 0 or degree == 1 and _anchored_at_start(pattern):
        return None  # one loop tried from one place: linear
    return int(10 ** (7 / (degree + 1)))  # unanchored `\\s+$` is quadratic under `re.search` (28 s at 80k)


def _anchored_at_start(pattern: str) -> bool:
    tree = _parse.parse(pattern)
    items = list(tree)
    return bool(items) and items[0] == (_sre.AT, _sre.AT_BEGINNING_STRING) or (
        bool(items) and items[0] == (_sre.AT, _sre.AT_BEGINNING) and not tree.state.flags & _sre.SRE_FLAG_MULTILINE)


def _degree(items: list) -> int:
    total = 0
    for op, arg in items:
        if op in _REPEATS or (_POSSESSIVE is not None and op is _POSSESSIVE):
            low, high, body = arg
            inner = _degree(list(body))
            if high == _MAXREPEAT or high > _BIG_REPEAT:
                total += 1 + inner
            else:
                total += inner * high
        elif op is _sre.BRANCH:
            total += sum(_degree(list(alt)) for alt in arg[1])
        elif op is _sre.SUBPATTERN:
            total += _degree(list(arg[-1]))
        elif _ATOMIC is not None and op is _ATOMIC:
            total += _degree(list(arg))
    return total


# --- the NFA -------------------------------------------------------------------------------------

_CHAR, _SPLIT, _ASSERT, _MATCH = 0, 1, 2, 3


class SafeMatcher:
    """A backtracking-free `search` for one pattern: Thompson's construction over `re`'s parse tree."""

    def __init__(self, pattern: str) -> None:
        tree = _parse.parse(pattern)
        flags = tree.state.flags
        if flags & ~_ALLOWED_FLAGS:
            raise Unsupported("regex flags other than DOTALL, MULTILINE, IGNORECASE and VERBOSE")
        self.ignorecase = bool(flags & _sre.SRE_FLAG_IGNORECASE)
        self.dotall = bool(flags & _sre.SRE_FLAG_DOTALL)
        self.multiline = bool(flags & _sre.SRE_FLAG_MULTILINE)
        self.kind: list[int] = []
        self.arg: list[Any] = []
        self.out: list[list[int]] = []
        match = self._new(_MATCH, None, [])
        self.start = self._build(list(tree), match)

    def _new(self, kind: int, arg: Any, out: list[int]) -> int:
        if len(self.kind) >= MAX_NFA_STATES:
            raise Unsupported("the pattern expands to too many states")
        self.kind.append(kind)
        self.arg.append(arg)
        self.out.append(out)
        return len(self.kind) - 1

    def _build(self, items: list, nxt: int) -> int:
        for op, arg in reversed(items):
            nxt = self._item(op, arg, nxt)
        return nxt

    def _char(self, test: Callable[[str], bool], nxt: int, *, negated: bool = False) -> int:
        if self.ignorecase:  # like `re`: a character matches when one of its case forms does
            plain = test
            if negated:
                def test(ch: str) -> bool:
                    return plain(ch) and plain(ch.lower()) and plain(ch.upper())
            else:
                def test(ch: str) -> bool:
                    return plain(ch) or plain(ch.lower()) or plain(ch.upper())
        return self._new(_CHAR, test, [nxt])

    def _item(self, op: Any, arg: Any, nxt: int) -> int:
        if op is _sre.LITERAL:
            return self._char(_is(chr(arg)), nxt)
        if op is _sre.NOT_LITERAL:
            return self._char(_is_not(chr(arg)), nxt, negated=True)
        if op is _sre.ANY:
            if self.dotall:
                return self._new(_CHAR, lambda ch: True, [nxt])
            return self._new(_CHAR, lambda ch: ch != "\n", [nxt])
        if op is _sre.IN:
            negated = bool(arg) and arg[0][0] is _sre.NEGATE
            return self._char(_char_class(arg), nxt, negated=negated)
        if op is _sre.AT:
            return self._new(_ASSERT, arg, [nxt])
        if op is _sre.SUBPATTERN:
            _group, add_flags, del_flags, body = arg
            if add_flags & ~_ALLOWED_FLAGS or del_flags & ~_sre.SRE_FLAG_IGNORECASE:
                raise Unsupported("inline regex flags")
            if add_flags & (_sre.SRE_FLAG_DOTALL | _sre.SRE_FLAG_MULTILINE):
                raise Unsupported("scoped inline regex flags")
            outer = self.ignorecase
            self.ignorecase = bool(add_flags & _sre.SRE_FLAG_IGNORECASE) or outer and not del_flags
            try:
                return self._build(list(body), nxt)
            finally:
                self.ignorecase = outer
        if op is _sre.BRANCH:
            starts = [self._build(list(alt), nxt) for alt in arg[1]]
            return self._new(_SPLIT, None, starts)
        if op in _REPEATS:
            low, high, body = arg
            return self._repeat(list(body), low, high, nxt)
        raise Unsupported(f"regex construct {op}")

    def _repeat(self, body: list, low: int, high: int, nxt: int) -> int:
        if high == _MAXREPEAT:
            loop = self._new(_SPLIT, None, [])
            self.out[loop].extend([self._build(body, loop), nxt])
            current = loop
        else:
            current = nxt
            for _ in range(high - low):
                current = self._new(_SPLIT, None, [self._build(body, current), nxt])
        for _ in range(low):
            current = self._build(body, current)
        return current

    def _holds(self, code: Any, text: str, pos: int) -> bool:
        if code is _sre.AT_BEGINNING:
            return pos == 0 or self.multiline and text[pos - 1] == "\n"
        if code is _sre.AT_BEGINNING_STRING:
            return pos == 0
        if code is _sre.AT_END:
            end = len(text)
            if self.multiline:
                return pos == end or text[pos] == "\n"
            return pos == end or pos == end - 1 and text[pos] == "\n"
        if code is _sre.AT_END_STRING:
            return pos == len(text)
        if code in (_sre.AT_BOUNDARY, _sre.AT_NON_BOUNDARY):
            before = pos > 0 and _WORD(text[pos - 1]) is not None
            after = pos < len(text) and _WORD(text[pos]) is not None
            return (before != after) == (code is _sre.AT_BOUNDARY)
        return False

    def search(self, text: str) -> bool:
        """Whether the pattern matches anywhere in `text`, like `re.search(pattern, text) is not None`."""
        kind, arg, out = self.kind, self.arg, self.out
        pending: list[int] = []
        for pos in range(len(text) + 1):
            pending.append(self.start)
            seen: set[int] = set()
            chars: list[int] = []
            stack = pending
            while stack:
                state = stack.pop()
                if state in seen:
                    continue
                seen.add(state)
                k = kind[state]
                if k == _CHAR:
                    chars.append(state)
                elif k == _SPLIT:
                    stack.extend(out[state])
                elif k == _ASSERT:
                    if self._holds(arg[state], text, pos):
                        stack.append(out[state][0])
                else:
                    return True
            if pos == len(text):
                break
            ch = text[pos]
            pending = [out[state][0] for state in chars if arg[state](ch)]
        return False


def _is(char: str) -> Callable[[str], bool]:
    return lambda ch: ch == char


def _is_not(char: str) -> Callable[[str], bool]:
    return lambda ch: ch != char


def _in_range(low: int, high: int) -> Callable[[str], bool]:
    return lambda ch: low <= ord(ch) <= high


def _char_class(items: list) -> Callable[[str], bool]:
    negate = False
    tests: list[Callable[[str], bool]] = []
    for op, value in items:
        if op is _sre.NEGATE:
            negate = True
        elif op is _sre.LITERAL:
            tests.append(_is(chr(value)))
        elif op is _sre.NOT_LITERAL:
            tests.append(_is_not(chr(value)))
        elif op is _sre.RANGE:
            low, high = value
            tests.append(_in_range(low, high))
        elif op is _sre.CATEGORY and value in _CATEGORIES:
            tests.append(_CATEGORIES[value])
        else:
            raise Unsupported(f"character class item {op}")

    def test(ch: str) -> bool:
        return any(t(ch) for t in tests) != negate

    return test


# --- one entry point for the keyword implementations ---------------------------------------------


class TooLong(Exception):
    """The string is over `MAX_RISKY_LENGTH` and the pattern is risky: it is not matched."""


@lru_cache(maxsize=512)
def _matcher(pattern: str) -> SafeMatcher | None:
    try:
        return SafeMatcher(pattern)
    except (Unsupported, re.error, RecursionError, OverflowError, ValueError, TypeError):
        return None


def supported(pattern: str) -> bool:
    """Whether the safe matcher can run this pattern (else `re` runs it, behind the length limit)."""
    return _matcher(pattern) is not None


def search(pattern: str, text: str, risky: Mapping[str, int]) -> bool:
    """`re.search(pattern, text) is not None`, without catastrophic backtracking.

    `pattern` is read as ECMA-262 (`toollint.schema.ecma`). `risky` maps patterns to their `risk` limit.
    Raises `TooLong` for an exponential pattern and a
    string over `MAX_RISKY_LENGTH`.
    """
    limit = risky.get(pattern)
    ecma = python_pattern(pattern)  # ECMA-262's meaning of `$`, `\\d`, `\\w`, `\\s`, `\\b`, `.`
    if limit is None or len(text) <= limit:
        return re.search(ecma, text) is not None
    if limit == 0 and len(text) > MAX_RISKY_LENGTH:
        raise TooLong(pattern)
    matcher = _matcher(ecma)
    if matcher is None:
        return _budgeted_search(ecma, text, limit)
    return matcher.search(text)


MAX_UNBUDGETED_EXPONENTIAL = 20  # without `regex`: 2**20 steps at most, a few milliseconds
REGEX_SECONDS = 0.25


class TooSlow(TooLong):
    """Matching a string against a pattern the linear-time matcher cannot run hit the time budget."""


def _budgeted_search(pattern: str, text: str, limit: int) -> bool:
    """A pattern the NFA cannot express (backreferences, lookaround) on a string past its safe length: the
    `regex` package (extra `toollint-llm[regex]`) runs it with a real timeout; without it, `re` runs only on
    strings short enough to be cheap, and longer ones are refused as too long."""
    engine = _regex_module()
    if engine is not None:
        try:
            return engine.search(pattern, text, timeout=REGEX_SECONDS) is not None
        except TimeoutError:
            raise TooSlow(pattern) from None
        except Exception:  # noqa: BLE001 - a pattern `regex` reads differently: fall through to the cap
            pass
    if len(text) > (MAX_UNBUDGETED_EXPONENTIAL if limit == 0 else limit):
        raise TooLong(pattern)
    return re.search(pattern, text) is not None


def fallback_description() -> str:
    """How a risky pattern the linear-time matcher cannot run is matched here (for `Boundary.warnings`)."""
    if _regex_module() is not None:
        return f"matched by the `regex` package with a {REGEX_SECONDS} s time limit per string"
    return (f"matched by `re` only for strings up to {MAX_UNBUDGETED_EXPONENTIAL} characters (longer ones are "
            "refused; install `toollint-llm[regex]` for a time-budgeted matcher)")


@lru_cache(maxsize=1)
def _regex_module() -> Any:
    try:
        import regex  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return regex
