"""`toollint check`: the rule engine, the checks bound to the rule catalog, config, discovery and reports.

`run_check(CheckRequest(...)) -> CheckResult` is one whole `check` run (see `check_run`); the names are imported
lazily, so importing a module of this package pays nothing for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toollint.linter.check_run import CheckRequest, CheckResult, run_check

__all__ = ["CheckRequest", "CheckResult", "run_check"]


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module 'toollint.linter' has no attribute {name!r}")
    return getattr(importlib.import_module("toollint.linter.check_run"), name)
