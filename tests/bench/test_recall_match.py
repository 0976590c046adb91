"""bench/recall_match.py: a listed problem counts as caught by its own rule, and, on the last line, by a rule that
shares the problem (an identifier reported by undocumented-identifier when the reviewer named
unconstrained-identifier)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TOOLS = [{"name": "get_references", "description": "List the references a requirement cites.",
          "inputSchema": {"type": "object", "properties": {"doc_id": {"type": "string", "title": "Doc Id"},
                                                           "mode": {"type": "string"},
                                                           "query": {"type": "string"}},
                          "required": ["doc_id"]}}]

REVIEW = '''
[[tool]]
id = 1
server = "srv"
name = "get_references"

[[tool.problems]]
rule = "unconstrained-identifier"
where = "doc_id"
note = "doc_id has no description, format or example."

[[tool.problems]]
rule = "missing-param-description"
where = "mode"
note = "mode says nothing of what it switches."
'''


def _run(tmp_path: Path, *extra: str) -> str:
    (tmp_path / "srv.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    review = tmp_path / "review.toml"
    review.write_text(REVIEW, encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "recall_match.py"), str(review), str(tmp_path),
                           *extra], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=True)
    return done.stdout


def test_split_rule_counts_only_on_the_shared_problem_line(tmp_path: Path) -> None:
    out = _run(tmp_path, "--misses")
    assert "| unconstrained-identifier | 1 | 0 | 0 |" in out
    assert "| missing-param-description | 1 | 1 | 0 |" in out
    assert "(reported as undocumented-identifier)" in out
    assert "shares the problem (SAME_PROBLEM): 2 of 2 (100%)" in out


def test_verdicts_count_the_confirmed_ones(tmp_path: Path) -> None:
    verdicts = tmp_path / "verdicts.json"
    verdicts.write_text(json.dumps({"#1 unconstrained-identifier doc_id": "true",
                                    "#1 missing-param-description mode": "debatable"}), encoding="utf-8")
    out = _run(tmp_path, "--verdicts", str(verdicts))
    assert "of the confirmed 1 of 1 (100%)" in out


def test_an_option_and_the_share_of_findings_where_a_problem_was_listed(tmp_path: Path) -> None:
    assert "| missing-param-description | 1 | 1 (100%) |" in _run(tmp_path, "--unlisted")
    out = _run(tmp_path, "--unlisted", "--option", "missing-param-description.every-parameter=true")
    assert "| missing-param-description | 3 | 1 (33%) |" in out  # `query` and `doc_id` too: no such problem listed
