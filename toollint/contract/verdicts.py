"""Expected verdicts from the boundary, and the comparison `contract run` and the pytest plugin make.

A verdict is `expect` ("ok" or "error"), the outcome `code`, the JSON Pointer of the first problem
(`pointer`, None when ok), and for ok calls the boundary changed (enum case, dropped nulls,
coerced strings) the `normalized` arguments. Each case is checked with a fresh retry budget, so
cases do not depend on their order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toollint.boundary import Boundary
from toollint.pointer import from_tokens

FIELDS = ("expect", "code", "pointer", "normalized")
UNSET: Any = object()


@dataclass
class Case:
    """One contract case as stored: the call, why it is there, and the verdict expected for it."""

    id: str
    call: dict[str, Any]
    expect: str
    code: str
    pointer: str | None
    why: str
    normalized: Any = UNSET

    def to_dict(self) -> dict[str, Any]:
        data = {"id": self.id, "call": self.call, "expect": self.expect, "code": self.code,
                "pointer": self.pointer, "why": self.why}
        if self.normalized is not UNSET:
            data["normalized"] = self.normalized
        return data

    @property
    def has_normalized(self) -> bool:
        return self.normalized is not UNSET


def verdict(boundary: Boundary, call: Any) -> dict[str, Any]:
    """What the boundary says about `call`, as the fields a case stores."""
    boundary.reset()
    outcome = boundary.check(call)
    if outcome.ok:
        found: dict[str, Any] = {"expect": "ok", "code": outcome.code, "pointer": None}
        sent = call.get("arguments") if isinstance(call, dict) else None
        if isinstance(sent, dict) and outcome.arguments != sent:
            found["normalized"] = outcome.arguments
        return found
    first = outcome.errors[0].path if outcome.errors else ()
    return {"expect": "error", "code": outcome.code, "pointer": from_tokens(first)}


def differences(case: Case, found: dict[str, Any]) -> list[str]:
    """Each way the boundary's verdict differs from the case's, in words ("code: expected X, got Y")."""
    out = []
    for key in ("expect", "code", "pointer"):
        if getattr(case, key) != found.get(key):
            out.append(f"{key}: expected {_show(getattr(case, key))}, got {_show(found.get(key))}")
    if case.has_normalized and case.normalized != found.get("normalized", case.call.get("arguments")):
        out.append(f"normalized: expected {_show(case.normalized)}, got {_show(found.get('normalized'))}")
    elif not case.has_normalized and "normalized" in found:
        out.append(f"normalized: the boundary now changes the arguments to {_show(found['normalized'])}")
    return out


def _show(value: Any) -> str:
    from toollint.boundary.messages import show

    return show(value)
