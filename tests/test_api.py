"""The public Python API: `toollint.lint`, `toollint.strictify`, `toollint.Boundary`, one error hierarchy."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT_DIR

import toollint

VAGUE = {"name": "x", "description": "d", "input_schema": {"type": "object", "properties": {}}}  # properties: TL705
CLEAN = json.loads((ROOT_DIR / "fixtures" / "refund.json").read_text(encoding="utf-8"))


def test_lint_a_tool_dict_as_the_issue_shows():
    findings = toollint.lint(VAGUE)
    assert [f.rule for f in findings] == ["vague-description"]
    finding = findings[0]
    assert (finding.file, finding.line, finding.pointer, finding.tool) == ("<tools>", 3, "/description", "x")
    assert set(finding.as_dict()) >= {"code", "rule", "severity", "message", "file", "line", "column", "pointer"}


def test_lint_accepts_paths_text_and_lists_alike():
    path = ROOT_DIR / "fixtures" / "refund.json"
    assert toollint.lint(path) == []
    assert toollint.lint(str(path)) == []
    assert toollint.lint(path.read_text(encoding="utf-8")) == []
    assert toollint.lint([CLEAN]) == []
    assert toollint.lint("name: x\ndescription: d\ninput_schema: {type: object}\n")[0].rule == "vague-description"


def test_lint_select_ignore_and_targets():
    assert toollint.lint(VAGUE, ignore=["vague-description"]) == []
    assert toollint.lint(VAGUE, select=["TL1"]) == []
    strict = {**CLEAN, "input_schema": {**CLEAN["input_schema"], "additionalProperties": True}}
    assert toollint.lint(strict) == []
    assert "strict-open-object" in {f.rule for f in toollint.lint(strict, targets=["anthropic"])}


def test_errors_share_one_root():
    with pytest.raises(toollint.ConfigError):
        toollint.lint(VAGUE, select=["no-such-rule"])
    with pytest.raises(toollint.ToollintError):
        toollint.lint(VAGUE, targets=["nobody"])
    with pytest.raises(toollint.ToollintError):
        toollint.strictify({"name": "t", "description": "d", "input_schema": "not a schema"})
    with pytest.raises(toollint.ToollintError):
        toollint.Boundary.from_tools([])
    assert issubclass(toollint.BoundaryError, ValueError)  # kept: callers caught ValueError before


def test_the_three_features_are_reachable_from_the_top_level():
    from toollint.boundary import Boundary

    assert toollint.Boundary is Boundary
    result = toollint.strictify(CLEAN, target="anthropic")
    assert result.tool["strict"] is True
    outcome = toollint.Boundary.from_tools(CLEAN).check(
        {"type": "tool_use", "id": "1", "name": CLEAN["name"], "input": {}})
    assert not outcome.ok and outcome.code == "EMPTY_ARGUMENTS"  # {} with required fields has its own code
    with pytest.raises(AttributeError):
        toollint.no_such_name  # noqa: B018


def test_py_typed_ships_with_the_package():
    import importlib.resources

    assert importlib.resources.files("toollint").joinpath("py.typed").is_file()
