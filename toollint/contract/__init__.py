"""Contract tests generated from tool definitions: calls with the boundary's verdict on each.

    from toollint.contract import generate, check_cases
    cases = generate("tools/refund.json", seed=0)           # {tool name: [Case, ...]}
    failures = check_cases("tools/refund.json", "tests/contract/")  # [] when every verdict matches

`toollint contract gen` writes the cases as JSONL, `toollint contract run` (or the pytest plugin,
`toollint.contract.pytest_plugin`) checks them again, so a change to a tool definition or to the
boundary that changes a verdict shows up in review.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toollint.contract.files import CaseFileError, case_files, case_files_for, read_cases, write_cases
    from toollint.contract.run import Failure, check_cases, generate
    from toollint.contract.verdicts import Case, differences, verdict

__all__ = ["Case", "CaseFileError", "Failure", "case_files", "case_files_for", "check_cases", "differences", "generate", "read_cases",
           "verdict", "write_cases"]

# Names are imported on first use: the pytest plugin (`toollint.contract.pytest_plugin`, loaded by every pytest
# run where toollint is installed) must not pay for the boundary unless a contract test runs.
_HOMES = {"CaseFileError": "files", "case_files": "files", "case_files_for": "files", "read_cases": "files",
          "write_cases": "files", "Failure": "run", "check_cases": "run", "generate": "run", "Case": "verdicts",
          "differences": "verdicts", "verdict": "verdicts"}


def __getattr__(name: str) -> object:
    try:
        module = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module 'toollint.contract' has no attribute {name!r}") from None
    return getattr(importlib.import_module(f"toollint.contract.{module}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
