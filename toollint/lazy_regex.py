"""Regular expressions compiled on first use.

toollint holds about 120 module-level patterns (lexicons, CJK character classes); compiling them all took
a sixth of the start-up of a small `check`, most of it for patterns the run never reaches. A lazy pattern
compiles on its first call, then puts the compiled pattern's methods on itself, so later calls cost what
calls on a compiled pattern cost (an instance attribute shadows the class's method).
"""

from __future__ import annotations

import re
from typing import Any, cast

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """Stands in for `re.compile(pattern, flags)`; `pattern` and `flags` are readable before compiling."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern, compiled once; its methods then shadow the class's deferred ones. (A deferred
        method taken off the instance before the first call, `f = pattern.search`, stays deferred: it still
        works, at the cost of one more Python call each time.)"""
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
            for name in _METHODS:
                setattr(self, name, getattr(self._compiled, name))
        return self._compiled

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self.flags})"


def _deferred(name: str) -> Any:
    """The class's `name` method: compile, then call the compiled pattern's (later calls skip this one)."""

    def method(self: LazyPattern, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.compiled(), name)(*args, **kwargs)

    method.__name__ = name
    return method


for _name in _METHODS:
    setattr(LazyPattern, _name, _deferred(_name))


def lazy_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, deferred to the first call. Pass it where a compiled pattern's methods are called; to
    `re.sub(...)` and friends pass `.pattern` instead (they want a string or a real `re.Pattern`)."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))


__all__ = ["LazyPattern", "lazy_compile"]
