"""What standard parsers accept silently but a tool file must not hold: duplicate JSON keys (parsers
disagree on which one wins), numbers that overflow to Infinity or are NaN (not JSON; they disable bounds),
and unpaired UTF-16 surrogates (valid escapes that no UTF-8 writer can output).

`TrackingDecoder` notes them while `json` parses (C speed, a Python call per object); `locate` then
finds their JSON Pointers with one walk, only when something was noted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from toollint import pointer as jp
from toollint.lazy_regex import lazy_compile

_SURROGATE_ESCAPE = lazy_compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = lazy_compile("[\ud800-\udfff]")
_LONG_INT = lazy_compile(r"(?<![\w.])[-+]?(?:[0-9]{4301,}|0[xXoObB][0-9a-fA-F_]{1000,})")


@dataclass
class Irregularities:
    """Pointers (JSON Pointer) of duplicate keys, non-finite numbers and strings with lone surrogates."""

    duplicate_keys: list[str] = field(default_factory=list)
    non_finite: list[str] = field(default_factory=list)
    lone_surrogates: list[str] = field(default_factory=list)


class TrackingDecoder:
    """`json.loads` that rejects NaN/Infinity literals and remembers duplicate keys and overflowing floats."""

    def __init__(self) -> None:
        self.duplicates: list[tuple[int, str]] = []
        self.overflow = False

    def _object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.duplicates.append((id(result), key))
                seen.add(key)
        return result

    def _float(self, text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            self.overflow = True
        return value

    def loads(self, text: str, parse_constant: Any) -> Any:
        return json.loads(text, object_pairs_hook=self._object, parse_float=self._float,
                          parse_constant=parse_constant)

    def loads_and_read(self, text: str, parse_constant: Any) -> tuple[Any, dict[int, Any]]:
        """`loads`, and the top containers as `locate.read_top` read them (for the locator). Text it does not
        read is read again by `loads`, which parses it or says why not, with no container read."""
        from toollint.document.locate import read_top

        decoder = json.JSONDecoder(object_pairs_hook=self._object, parse_float=self._float,
                                   parse_constant=parse_constant)
        try:
            return read_top(text, decoder)
        except Exception:  # noqa: BLE001 - `loads` reads it again, for its own error
            self.duplicates.clear()
            self.overflow = False
            return self.loads(text, parse_constant), {}


def long_integer_position(text: str) -> int | None:
    """Offset of an integer literal over CPython's 4,300-digit conversion limit, if any."""
    match = _LONG_INT.search(text)
    return match.start() if match else None


def may_hold_surrogates(text: str, fmt: str) -> bool:
    return bool(_SURROGATE_ESCAPE.search(text)) or (fmt == "yaml" and "\\U0000d" in text.lower())


def locate(data: Any, duplicates: Sequence[tuple[int, str]] = (), *, numbers: bool = False,
           surrogates: bool = False) -> Irregularities:
    """One walk over parsed data naming where each irregularity sits."""
    found = Irregularities()
    by_object: dict[int, list[str]] = {}
    for identity, key in duplicates:
        by_object.setdefault(identity, []).append(key)
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            for key in by_object.get(id(node), ()):
                found.duplicate_keys.append(jp.join(pointer, key))
            for key, value in node.items():
                child = jp.join(pointer, key)
                if surrogates and isinstance(key, str) and _SURROGATE.search(key):
                    found.lone_surrogates.append(child)
                stack.append((value, child))
        elif isinstance(node, list):
            stack.extend((value, jp.join(pointer, index)) for index, value in enumerate(node))
        elif numbers and isinstance(node, float) and not math.isfinite(node):
            found.non_finite.append(pointer)
        elif surrogates and isinstance(node, str) and _SURROGATE.search(node):
            found.lone_surrogates.append(pointer)
    for values in (found.duplicate_keys, found.non_finite, found.lone_surrogates):
        values.sort(key=_stable_order)
    return found


def _stable_order(pointer: str) -> list[tuple[int, Any]]:
    return [(0, int(t)) if t.isdigit() else (1, t) for t in jp.split(pointer)]
