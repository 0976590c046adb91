"""Schema rules (TL1) over what the reader noted but the data no longer shows: duplicate JSON keys (the first
value is gone) and non-finite numbers (JSON cannot carry them)."""

from __future__ import annotations

from toollint import pointer as jp
from toollint.document.source import Source
from toollint.linter.checks import check
from toollint.linter.context import Context
from toollint.terminal import shown


@check("duplicate-key", "file")
def duplicate_key(source: Source, ctx: Context) -> None:
    for pointer in source.duplicate_keys:
        name = jp.split(pointer)[-1]
        ctx.report(pointer, f"the key {shown(repr(name))} is given twice in one object", key=True,
                   help="keep one of the two", note="only the last value is kept here; other parsers may keep the first")


@check("non-finite-number", "file")
def non_finite_number(source: Source, ctx: Context) -> None:
    for pointer in source.non_finite:
        ctx.report(pointer, f"`{shown(jp.split(pointer)[-1])}` is {_name(source, pointer)}, which JSON has no number for",
                   help="write a finite number, or drop the keyword",
                   note="the tool cannot be sent as JSON, and a NaN bound disables the check")


def _name(source: Source, pointer: str) -> str:
    value = source.data
    for token in jp.split(pointer):
        value = value[int(token)] if isinstance(value, list) else value[token]
    return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
