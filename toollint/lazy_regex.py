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

    def compiled(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern, self.flags)  # `re` keeps its own cache: a second call is a lookup
        for name in _METHODS:
            setattr(self, name, getattr(compiled, name))
        return compiled

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled().split(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self.flags})"


def lazy_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, deferred to the first call. Pass it where a compiled pattern's methods are called; to
    `re.sub(...)` and friends pass `.pattern` instead (they want a string or a real `re.Pattern`)."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))


__all__ = ["LazyPattern", "lazy_compile"]
