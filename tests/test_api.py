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


@pytest.mark.parametrize(("schema", "pointer", "said"), [
    ({"type": "object", "properties": {"q": {"type": "string", "format": {"kind": "x"}}}},
     "/input_schema/properties/q/format", "`format` must be a string"),
    ({"type": "object", "properties": {"q": {"anyOf": True}}}, "/input_schema/properties/q/anyOf", "`anyOf` must be"),
    ({"type": "object", "properties": {"金额": {"type": "number"}}, "required": ["金额", "币种"]},
     "/input_schema/required/1", "'币种'"),
])
def test_strictify_refuses_a_broken_definition_as_the_command_does(schema, pointer, said):
    """`toollint strictify` refuses a definition with a structural error; from Python it was rewritten, or failed
    with a TypeError on a keyword of the wrong kind (a mutation fuzz found both, 2026-12-07)."""
    with pytest.raises(toollint.StrictifyError) as caught:
        toollint.strictify({"name": "t", "description": "d", "input_schema": schema}, target="openai")
    assert caught.value.pointer == pointer and said in caught.value.message
    assert "does not rewrite a broken definition" in caught.value.message


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
