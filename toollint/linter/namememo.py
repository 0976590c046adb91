"""What a rule's lexicon makes of a property name, worked out once per name.

The parameter rules run on every property and most of them first ask what the name alone says (is its
last token `id`, `path`, `password`, a unit?). Property names repeat across tools (`id`, `path`, `limit`,
`query`), so the answer is kept per name: one dict lookup per property instead of tokenizing and set tests.
One memo belongs to one compiled lexicon (one options set), so an option change never sees a stale answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class NameMemo(dict[str, Any]):
    """`memo[name]` is `decide(name)`, computed on the first lookup; bounded (cleared past `size` names,
    as names in a large run vary freely)."""

    def __init__(self, decide: Callable[[str], Any], size: int = 8192) -> None:
        super().__init__()
        self._decide = decide
        self._size = size

    def __missing__(self, name: str) -> Any:
        if len(self) >= self._size:
            self.clear()
        value = self[name] = self._decide(name)
        return value
