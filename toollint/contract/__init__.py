"""Contract tests generated from tool definitions: calls with the boundary's verdict on each.

    from toollint.contract import generate, check_cases
    cases = generate("tools/refund.json", seed=0)           # {tool name: [Case, ...]}
    failures = check_cases("tools/refund.json", "tests/contract/")  # [] when every verdict matches

`toollint contract gen` writes the cases as JSONL, `toollint contract run` (or the pytest plugin,
`toollint.contract.pytest_plugin`) checks them again, so a change to a tool definition or to the
boundary that changes a verdict shows up in review.
"""

from toollint.contract.files import CaseFileError, case_files, case_files_for, read_cases, write_cases
from toollint.contract.run import Failure, check_cases, generate
from toollint.contract.verdicts import Case, differences, verdict

__all__ = ["Case", "CaseFileError", "Failure", "case_files", "case_files_for", "check_cases", "differences", "generate", "read_cases",
           "verdict", "write_cases"]
