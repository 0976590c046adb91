"""`linter.shared_config`: what strictify takes from the linter (the config that applies, its strictify pairs, the
structural errors that refuse a file)."""

from __future__ import annotations

import pytest
from helpers import ROOT_DIR

from toollint.document.source import read_path
from toollint.errors import ConfigError
from toollint.linter.config import Settings
from toollint.linter.shared_config import (
    STRUCTURAL_RULES,
    resolve_settings,
    strictify_pairs,
    structural_errors,
)


def test_structural_errors_are_the_structural_rules_sorted():
    source = read_path(str(ROOT_DIR / "tests" / "data" / "snapshot_tools.json"), "tools.json")
    findings = structural_errors(source)
    assert findings and {f.rule for f in findings} <= set(STRUCTURAL_RULES)
    assert findings == sorted(findings, key=lambda f: f.sort_key())
    assert all(f.severity == "error" for f in findings)  # a misspelled keyword refuses too
    assert structural_errors(read_path(str(ROOT_DIR / "fixtures" / "refund.json"), "refund.json")) == []


def test_resolve_settings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resolve_settings(None, False) == Settings(root=resolve_settings(None, False).root)
    assert strictify_pairs() == ()
    (tmp_path / "toollint.toml").write_text('select = ["TL1"]\n[strictify]\n"a.json" = { output = "b.json" }\n',
                                            encoding="utf-8")
    assert resolve_settings(None, False).select == ("TL1",)
    assert resolve_settings(None, True).select == ("ALL",)  # isolated: no config file
    assert [(p.source, p.output) for p in strictify_pairs()] == [("a.json", "b.json")]  # as the config says
    with pytest.raises(ConfigError, match="config file not found"):
        resolve_settings(str(tmp_path / "missing.toml"), False)
