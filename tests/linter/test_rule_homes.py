"""A rule's code series names its family: the category agrees with it, and check modules share helpers through
`toollint.linter.checks.shared`, never through one another's private names (issue 26)."""

from __future__ import annotations

import ast

from helpers import ROOT_DIR

from toollint.linter.catalog import load_catalog

SERIES = {"TL0": "file", "TL1": "schema", "TL2": "names", "TL3": "descriptions", "TL4": "parameters",
          "TL5": "strict", "TL6": "safety", "TL7": "provider-api"}


def test_every_category_agrees_with_its_code_series():
    wrong = {s.code: s.category for s in load_catalog().values() if SERIES.get(s.code[:3]) != s.category}
    assert not wrong, wrong


def test_no_check_imports_another_checks_private_names():
    checks = ROOT_DIR / "toollint" / "linter" / "checks"
    found = []
    for path in sorted(checks.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("toollint.linter.checks."):
                found += [f"{path.name}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert not found, found
