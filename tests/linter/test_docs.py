"""The generated rule docs stay in sync with the catalog, and the README's quick start stays true."""

from __future__ import annotations

import re

from helpers import ROOT_DIR

from toollint.linter.docs import render

ROOT = ROOT_DIR


def test_rules_page_is_current():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == render(), (
        "docs/rules.md is stale: run `python -m toollint.linter.docs > docs/rules.md`")


def test_readme_quick_start_has_two_setup_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quick, flags=re.S)
    assert commands == ["pip install . && toollint check fixtures/", "pip install -e '.[test]' && python -m pytest"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[test]' && python -m pytest" in ci
