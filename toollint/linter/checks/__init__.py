"""Check functions, bound by rule name to the catalog's data.

A check declares its scope. The engine calls `file` checks once per file, `toolset` checks with
every tool of the file, `tool` checks once per tool and `schema` checks once per subschema (only
for subschemas holding one of its `keys`, when it names any; only properties with `properties_only`).
A `targets_only` check runs only for tools checked for a strict-mode target. A schema check with `when` runs
only on nodes whose keys satisfy it (decided once per node shape, so a check that skips most nodes costs
nothing there). `set` checks see a tool set spanning several files and servers (`linter/toolsets.py` calls
them, not the per-file engine).

One module or package per rule family (`FAMILIES`): a rule's code series, its `category` and the module its checks
live in agree (tests/linter/test_rule_homes.py). Helpers two families need live in `checks.shared`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

SCOPES = ("file", "toolset", "tool", "schema", "set")

# Code series -> family: the rule's `category`, and (`family_module`) the module or package of its checks.
FAMILIES: dict[str, str] = {"TL0": "file", "TL1": "schema", "TL2": "names", "TL3": "descriptions", "TL4": "parameters",
                            "TL5": "strict", "TL6": "safety", "TL7": "provider-api"}


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


def family_module(category: str) -> str:
    """The module (or package) holding every check of a family: `provider-api` -> `...checks.provider_api`."""
    return f"{__name__}.{category.replace('-', '_')}"


@cache  # called for every rule's options: the families are imported once
def load_checks() -> dict[str, list[Check]]:
    """Every check, registered by importing each family's module (a package imports its own submodules)."""
    for family in FAMILIES.values():
        import_module(family_module(family))
    return REGISTRY
