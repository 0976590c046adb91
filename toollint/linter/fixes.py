"""A fix is data on a finding: edits that remove the problem, and whether applying them is safe.

Safe fixes correct what can only have one reading (a misspelt keyword with one candidate, invisible
characters, a dead suppression comment, Python-only regex syntax with an exact ECMA-262 equivalent);
`--fix` applies them. Unsafe fixes change what the schema accepts (closing an object, making a property
required); only `--unsafe-fixes` applies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toollint.document.edits import Edit

SAFETIES = ("safe", "unsafe")


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[Edit, ...]
    safety: str = "safe"

    def __post_init__(self) -> None:
        if self.safety not in SAFETIES:
            raise ValueError(f"fix safety must be one of {SAFETIES}, not {self.safety!r}")

    def applies(self, unsafe: bool) -> bool:
        return self.safety == "safe" or unsafe

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "safety": self.safety, "edits": [e.as_dict() for e in self.edits]}


def safe(title: str, *edits: Edit) -> Fix:
    return Fix(title, edits, "safe")


def unsafe(title: str, *edits: Edit) -> Fix:
    return Fix(title, edits, "unsafe")


def drop_requirement(object_pointer: str, required: list[Any], name: str) -> Fix | None:
    """For `required-with-default` (TL109): a required property with a `default` is made optional, so the
    default can apply. Unsafe: calls without the property were rejected before and are accepted after."""
    from toollint import pointer as jp
    from toollint.document.edits import remove

    if name not in required:
        return None
    where = jp.join(object_pointer, "required", required.index(name))
    return unsafe(f"remove {name!r} from `required` so its default applies", remove(where))
