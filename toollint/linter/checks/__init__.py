"""Check functions, bound by rule name to the catalog's data.

A check declares its scope. The engine calls `file` checks once per file, `toolset` checks with
every tool of the file, `tool` checks once per tool and `schema` checks once per subschema (only
for subschemas holding one of its `keys`, when it names any; only properties with `properties_only`).
A `targets_only` check runs only for tools checked for a strict-mode target. A schema check with `when` runs
only on nodes whose keys satisfy it (decided once per node shape, so a check that skips most nodes costs
nothing there). `set` checks see a tool set spanning several files and servers (`linter/toolsets.py` calls
them, not the per-file engine).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SCOPES = ("file", "toolset", "tool", "schema", "set")


@dataclass(frozen=True)
class Check:
    rule: str
    scope: str
    func: Callable[..., Any]
    keys: frozenset[str] | None = None
    properties_only: bool = False
    targets_only: bool = False  # skipped for tools checked for no strict-mode target
    when: Callable[[tuple[str, ...]], bool] | None = None  # schema scope: the node's keys must satisfy it


REGISTRY: dict[str, list[Check]] = {}


def check(rule: str, scope: str, *, keys: tuple[str, ...] | None = None, properties_only: bool = False,
          targets_only: bool = False, when: Callable[[tuple[str, ...]], bool] | None = None):
    if scope not in SCOPES or (when is not None and scope != "schema"):
        raise ValueError(scope)

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        REGISTRY.setdefault(rule, []).append(
            Check(rule, scope, func, frozenset(keys) if keys else None, properties_only, targets_only, when))
        return func

    return register


def load_checks() -> dict[str, list[Check]]:
    from toollint.linter.checks import (  # noqa: F401
        descriptions,
        irregular,
        parameters,
        prose,
        provider_api,
        size,
        strict,
        structural,
        tool_fields,
        toolsets,
    )

    return REGISTRY
