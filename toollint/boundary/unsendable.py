"""Argument values no JSON Schema keyword can judge: NaN and Infinity (JSON has neither; every bound
compares false against NaN, so `minimum`/`maximum` would let it through) and integers too long to print
(CPython refuses to convert more than 4,300 digits). They arrive in dict arguments built by the caller
(`json.loads` accepts `NaN`, `1e999` overflows) and are rejected before validation."""

from __future__ import annotations

import json
import math
from typing import Any

from toollint.boundary.messages import Problem, display_path

MAX_INT_BITS = 14_000  # about 4,200 decimal digits, under CPython's int-to-string limit


def unsendable(arguments: Any, lang: str) -> tuple[list[Problem], list[Problem]]:
    """(over-long integers, NaN/Infinity) in `arguments`, depth-first, at most 20. Over-long integers are
    refused before validating (no message can show them); non-finite numbers once the schema passed them.

    The common case costs one C-speed `json.dumps`, which raises on exactly these values."""
    try:
        json.dumps(arguments, allow_nan=False)
        return [], []
    except (ValueError, TypeError, RecursionError):
        pass  # look closer: one of ours, or just not JSON (the validator judges that)
    huge: list[Problem] = []
    non_finite: list[Problem] = []
    stack: list[tuple[Any, tuple]] = [(arguments, ())]
    while stack and len(huge) + len(non_finite) < 20:
        value, path = stack.pop()
        if isinstance(value, dict):
            stack.extend((item, (*path, key)) for key, item in reversed(value.items()))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, (*path, index)) for index, item in reversed(list(enumerate(value))))
        elif isinstance(value, float) and not math.isfinite(value):
            word = "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
            non_finite.append(Problem(path, "type", "number", None, _sentence(path, word, lang)))
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
            huge.append(Problem(path, "maximum", None, None, _sentence(path, "", lang)))
    return huge, non_finite


def _sentence(path: tuple, word: str, lang: str) -> str:
    where = display_path(path, lang)
    if lang == "zh":
        return f"{where}：应为有限的 JSON 数字，不能是 {word}" if word else f"{where}：数字位数过多，无法处理"
    if word:
        return f"{where}: expected a finite JSON number, got {word} (JSON has no such value)"
    return f"{where}: the number has too many digits to handle; send a smaller number"
