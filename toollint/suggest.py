"""'Did you mean' for names a user types: rule names, selectors, config keys (difflib, as ruff's tip does)."""

from __future__ import annotations

from collections.abc import Iterable


def closest(word: str, choices: Iterable[str], *, ignore_case: bool = False) -> str | None:
    """The choice most like `word` (difflib ratio at least 0.6), or None: what a typo most likely meant."""
    import difflib  # here: only a mistyped name needs it

    if not ignore_case:
        found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
        return found[0] if found else None
    lowered = {choice.lower(): choice for choice in choices}
    found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """` (did you mean `x`?)` for the closest choice (case ignored), or "" when none is close."""
    match = closest(word, choices, ignore_case=True)
    return f" (did you mean `{match}`?)" if match else ""
