"""The default profile: what the providers' tool APIs reject for every request, strict mode or not.

Data in `tool_apis.toml` (dated, each construct with the providers that reject it, their exact answers
and sources); the TL7xx rules read it here, so a new report changes the data, not the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from toollint._compat import tomllib


@dataclass(frozen=True)
class Construct:
    """One rejected construct: who rejects it, with what answer, on what evidence."""

    name: str
    data: dict[str, Any]

    @property
    def rejected_by(self) -> tuple[str, ...]:
        return tuple(self.data.get("rejected_by", ()))

    @property
    def confirmed(self) -> tuple[str, ...]:
        return tuple(self.data.get("confirmed", ()))

    def answer(self, provider: str, **fields: Any) -> str:
        """The provider's real answer, filled in (placeholders left as written when a field is unknown)."""
        text = self.data[provider]
        try:
            return text.format(**fields)
        except (KeyError, IndexError):
            return text

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@cache
def tool_apis() -> dict[str, Construct]:
    """Every construct of the default profile, by name (as in the TOML tables)."""
    text = resources.files(__package__).joinpath("tool_apis.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return {key: Construct(key, value) for key, value in data.items() if isinstance(value, dict)}


def construct(name: str) -> Construct:
    return tool_apis()[name]
