"""Script-aware text measures and name tokenizing for the description and parameter rules.

English is measured in words, Chinese (and Japanese, Korean) in characters: a 40-character Chinese
sentence says as much as a 20-word English one, so one CJK character counts as half a word by default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, TypeGuard

from toollint.lazy_regex import lazy_compile

# CJK Unified Ideographs (+ extension A, compatibility), Hiragana, Katakana, Hangul syllables.
_KANA = "\u3040-\u30ff"
_HANGUL = "\uac00-\ud7af"
_CJK = f"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff{_KANA}{_HANGUL}"
CJK_CHAR = lazy_compile(f"[{_CJK}]")
_KANA_CHAR = lazy_compile(f"[{_KANA}]")
_HANGUL_CHAR = lazy_compile(f"[{_HANGUL}]")
CJK_RUN = lazy_compile(f"[{_CJK}]+")
LATIN_WORD = lazy_compile(r"[A-Za-z][A-Za-z0-9]*(?:['’][A-Za-z]+)?|[0-9]+(?:[.,][0-9]+)*")
_CAMEL = lazy_compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])"
                    f"|(?<=[{_CJK}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_CJK}])")
_SPLIT = lazy_compile(r"[^A-Za-z0-9" + _CJK + r"]+")


def has_cjk(text: str) -> bool:
    return CJK_CHAR.search(text) is not None


def cjk_language(text: str) -> str | None:
    """The East Asian language a text is written in, told by its script, for a hint in the author's words: "ko"
    (Hangul), "ja" (kana), "zh" (Han alone), or None for a text with none of them."""
    if not has_cjk(text):
        return None
    if _HANGUL_CHAR.search(text):
        return "ko"
    return "ja" if _KANA_CHAR.search(text) else "zh"


def cjk_count(text: str) -> int:
    return len(CJK_CHAR.findall(text))


def latin_words(text: str) -> list[str]:
    """Lower-cased Latin words and numbers, in order."""
    return [w.lower() for w in LATIN_WORD.findall(text)]


_LETTER_RUN = lazy_compile(r"[^\W\d_]+")


def other_script_words(text: str) -> list[str]:
    """Words of a script neither Latin nor CJK (Cyrillic, Greek, Arabic...): the rules can count them, not read
    them, so a text holding them is never called generic for want of Latin words."""
    if text.isascii():
        return []
    return [w for w in _LETTER_RUN.findall(text) if w.isalpha() and not w.isascii()
            and LATIN_WORD.search(w) is None and CJK_CHAR.search(w) is None]


def length_in_words(text: str, cjk_chars_per_word: float = 2.0) -> float:
    """Latin words, words of other alphabets, and CJK characters / `cjk_chars_per_word`: one measure for every
    script."""
    if text.isascii():  # nothing to set aside or to count
        latin, cjk = len(LATIN_WORD.findall(text)), 0
    else:
        latin = len(LATIN_WORD.findall(CJK_RUN.sub(" ", text))) + len(other_script_words(text))
        cjk = cjk_count(text)
    return latin + cjk / max(cjk_chars_per_word, 0.1)


@lru_cache(maxsize=65536)
def name_tokens(name: str) -> tuple[str, ...]:
    """`maxTimeoutMs`, `max_timeout_ms`, `max-timeout-ms` -> ('max', 'timeout', 'ms'). CJK runs stay whole."""
    tokens: list[str] = []
    for part in _SPLIT.split(name):
        if not part:
            continue
        if part.isascii() and part.lower() == part:
            tokens.append(part)  # `get`, `v2`: no case change and no CJK, nothing for the slow `_CAMEL` split
            continue
        for piece in _CAMEL.split(part):
            if piece:
                tokens.append(piece.lower())
    return tuple(tokens)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude English stem, enough to match `gets`/`get`, `files`/`file`, `listing`/`list`."""
    if len(word) <= 3 or not word.isascii():
        return word
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("es", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                return word
            if suffix == "es" and not word.endswith(("ches", "shes", "xes", "zes", "sses")):
                return word[:-1]
            return word[: len(word) - len(suffix)] + keep
    return word


class WordMatcher:
    """Find any of a list of words in a text, case-insensitively: Latin words whole (a trailing `*`
    allows any ending: `second*` matches seconds), CJK words and symbols anywhere.

    Plain `str.find` on the lower-cased text; a big case-insensitive regex alternation is ten times slower.
    """

    def __init__(self, words: Iterable[str]) -> None:
        entries = []
        for word in sorted({w.strip().lower() for w in words if isinstance(w, str) and w.strip()}, key=len, reverse=True):
            prefix = word.endswith("*")
            word = word.rstrip("*")
            if not word:
                continue
            wordlike = not has_cjk(word)
            entries.append((word, prefix, wordlike and is_word_char(word[0]), wordlike and is_word_char(word[-1])))
        self.entries = entries
        self._by_word = {word: (prefix, start, end) for word, prefix, start, end in entries}
        self._by_first: dict[str, list[tuple[str, bool, bool, bool]]] = {}
        for entry in entries:
            self._by_first.setdefault(entry[0][0], []).append(entry)
        # One pass of a literal alternation finds candidates; the word-boundary test runs only on those.
        self._any = literal_trie([word for word, *_ in entries]) if entries else None

    def search(self, text: str) -> str | None:
        if not text or self._any is None:
            return None
        low = text.lower()
        for found in self._any.finditer(low):
            word = found.group(0)
            prefix, check_start, check_end = self._by_word[word]
            start, end = found.start(), found.end()
            if (not check_start or start == 0 or not is_word_char(low[start - 1])) and (
                    prefix or not check_end or end >= len(low) or not is_word_char(low[end])):
                return word
            shorter = self._slow(low, start)
            if shorter is not None:
                return shorter
        return None

    def _slow(self, low: str, start: int) -> str | None:
        """A shorter word may fit at a position where the longest one failed its boundary test."""
        for word, prefix, check_start, check_end in self._by_first.get(low[start], ()):
            if low.startswith(word, start):
                end = start + len(word)
                if (not check_start or start == 0 or not is_word_char(low[start - 1])) and (
                        prefix or not check_end or end >= len(low) or not is_word_char(low[end])):
                    return word
        return None


def literal_trie(words: Iterable[str]) -> re.Pattern[str]:
    """A regex matching any of `words` (literals), the longest one where several start at one position, like the
    alternation of them sorted longest first, but with common prefixes shared (`sec(?:ond|)`): the regex engine
    tries the alternatives of an alternation one by one at each position, so fewer of them make it much faster."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here
    if not root:
        return re.compile("(?!)")  # no words: never matches

    def pattern(node: dict[str, dict]) -> str:
        longer = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if "" not in node:
            return longer[0] if len(longer) == 1 else "(?:" + "|".join(longer) + ")"
        return "" if not longer else "(?:" + "|".join(longer) + "|)"  # the longer words first

    return re.compile(pattern(root))


def has_text(value: Any) -> TypeGuard[str]:
    """A string with something in it besides white space (`value.strip()` without building the stripped copy)."""
    return isinstance(value, str) and bool(value) and not value.isspace()


def is_word_char(char: str) -> bool:
    """A character `\\b` counts as part of a word (the regex engine's definition for str patterns)."""
    return char.isalnum() or char == "_"


# The only non-ASCII letters an IGNORECASE regex equates with ASCII ones (long s, Kelvin sign, capital dotted I,
# small dotless i); the capital dotted I is also the only character whose lower case is two characters long.
_FOLDS_TO_ASCII = (("\u017f", "s"), ("\u212a", "k"), ("\u0130", "i"), ("\u0131", "i"))


def fold_case(text: str) -> str:
    """`text` lower-cased so that a substring test on it is an exact pre-filter for an IGNORECASE regex made of
    ASCII words: every character an IGNORECASE match of an ASCII letter can meet is an ASCII letter here."""
    if text.isascii():
        return text.lower()
    for letter, ascii_letter in _FOLDS_TO_ASCII:
        text = text.replace(letter, ascii_letter)  # much cheaper than `str.translate`
    return text.lower()


def contains_any(text: str, parts: Iterable[str]) -> bool:
    """Whether any of `parts` occurs in `text`: plain substring tests, cheaper than a regex alternation or `any()`
    over a generator, for the pre-filters that decide whether a precise (regex) scan is needed at all."""
    for part in parts:
        if part in text:
            return True
    return False


def words_regex(words: Iterable[str]) -> WordMatcher | None:
    """A matcher for `words`, or None when the list is empty."""
    matcher = WordMatcher(words)
    return matcher if matcher.entries else None


def as_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []

