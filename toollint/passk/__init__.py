"""pass^k from recorded runs: how often ALL k attempts at a task succeed, not just one.

    from toollint.passk import read_runs, build_report
    report = build_report(read_runs("runs.jsonl"), [1, 2, 4, 8])
    print(report.to_text())
"""

from toollint.passk.estimate import (
           Tally,
           bootstrap_interval,
           bootstrap_intervals,
           pass_at_k,
           pass_hat_k,
           suite_value,
)
from toollint.passk.records import FORMATS, RunsError, Trial, read_runs
from toollint.passk.report import Group, Report, Row, build_report, tally

__all__ = ["FORMATS", "Group", "Report", "Row", "RunsError", "Tally", "Trial", "bootstrap_interval",
           "bootstrap_intervals", "build_report", "pass_at_k", "pass_hat_k", "read_runs", "suite_value", "tally"]
