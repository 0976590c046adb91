"""'Did you mean' for names a user types: rule names, selectors, config keys (difflib, as ruff's tip does)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """` (did you mean `x`?)` for the closest choice, or "" when none is close."""
    options = list(choices)
    lowered = {choice.lower(): choice for choice in options}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean `{lowered[close[0]]}`?)" if close else ""
