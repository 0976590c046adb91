"""A schema that breaks the metaschema (`"format": {}`, `"anyOf": true`) is reported by invalid-json-schema, and
the checks that read what a schema means pass over what they cannot read instead of aborting the file with an
internal error. A check that raises on a valid schema is still a bug, reported as one.

The inputs are the classes a structural mutation fuzz of real tool files found (2026-12-07): before, each made
`toollint check` answer "internal error while checking ..." with exit code 2 and no findings for the file."""

from __future__ import annotations

import json

import pytest

from toollint.document.source import parse_text
from toollint.linter.checks import REGISTRY
from toollint.linter.config import Settings
from toollint.linter.context import CheckCrashed
from toollint.linter.engine import Linter

EVERY_RULE = Settings(select=("ALL", "OPT-IN"), targets=("anthropic", "openai", "gemini"))


def tool(properties: dict, description: str = "Copy a file.") -> str:
    return json.dumps({"tools": [{"name": "copy_file", "description": description,
                                  "inputSchema": {"type": "object", "properties": properties}}]},
                      ensure_ascii=False, indent=1)


def lint(text: str, settings: Settings = EVERY_RULE):
    return Linter(settings).lint(parse_text(text, "tools.json", "json")).findings


# Each broke one rule's reading of a keyword: relative-path (`format`, `type`), missing-unit (`format`),
# values-only-in-prose (`anyOf`), missing-param-description (`anyOf`).
ILL_FORMED = [
    pytest.param({"path": {"type": "string", "format": {"kind": "path"}, "description": "File to copy"}},
                 "format", id="format-object-path"),
    pytest.param({"path": {"type": ["string", []], "format": ["path"], "description": "File to copy"}},
                 "type", id="type-and-format-arrays"),
    pytest.param({"timeout": {"type": "integer", "format": {"unit": "s"}, "description": "How long to wait"}},
                 "format", id="format-object-number"),
    pytest.param({"mode": {"anyOf": True, "description": "Mode: one of fast, slow, careful"}},
                 "anyOf", id="anyOf-boolean"),
    pytest.param({"data": {"anyOf": -1}}, "anyOf", id="anyOf-integer"),
    pytest.param({"数据": {"anyOf": 1.5, "description": "模式：可选值 快、慢"}}, "anyOf", id="anyOf-float-chinese"),
]


@pytest.mark.parametrize(("properties", "keyword"), ILL_FORMED)
def test_an_ill_formed_schema_is_reported_not_an_internal_error(properties, keyword):
    findings = lint(tool(properties))
    assert any(f.rule == "invalid-json-schema" and f"`{keyword}`" in f.message for f in findings)


def test_the_rest_of_the_file_is_still_linted():
    """The other tools, and the other parameters of the broken one, keep their findings."""
    document = json.loads(tool({"path": {"type": "string", "format": {"kind": "path"}, "description": "File to copy"},
                                "amount": {"type": "number", "description": "Refund amount"}}))
    document["tools"].append({"name": "delete_path", "description": "Delete the file at a path.",
                              "inputSchema": {"type": "object", "properties": {
                                  "file_path": {"type": "string", "description": "Path of the file to delete"}}}})
    rules = {(f.rule, f.message.split("`")[1] if "`" in f.message else "") for f in lint(json.dumps(document, indent=1))}
    assert ("relative-path", "file_path") in rules  # the other tool
    assert any(rule == "missing-unit" for rule, _ in rules)  # the broken tool's other parameter


def _exploding(rule: str, scope: str, monkeypatch) -> None:
    original = REGISTRY[rule][0]

    def explode(subject, ctx):
        raise ValueError("boom")

    monkeypatch.setitem(REGISTRY, rule, [original.__class__(original.rule, scope, explode)])


@pytest.mark.parametrize("scope", ["schema", "tool"])
def test_a_check_that_raises_on_a_valid_schema_is_still_a_crash(scope, monkeypatch):
    _exploding("missing-unit", scope, monkeypatch)
    with pytest.raises(CheckCrashed, match="missing-unit crashed: ValueError: boom"):
        lint(tool({"timeout": {"type": "integer", "description": "How long to wait"}}),
             Settings(select=("missing-unit",)))


@pytest.mark.parametrize("scope", ["schema", "tool"])
def test_a_check_that_raises_on_an_ill_formed_schema_is_passed_over(scope, monkeypatch):
    _exploding("missing-unit", scope, monkeypatch)
    findings = lint(tool({"timeout": {"type": "integer", "format": {}, "description": "How long to wait"}}),
                    Settings(select=("missing-unit", "invalid-json-schema")))
    assert [f.rule for f in findings] == ["invalid-json-schema"]


def test_a_too_deep_schema_is_still_said_as_such(monkeypatch):
    original = REGISTRY["missing-unit"][0]

    def recurse(node, ctx):
        raise RecursionError

    monkeypatch.setitem(REGISTRY, "missing-unit", [original.__class__(original.rule, "schema", recurse)])
    with pytest.raises(CheckCrashed, match="nested or referenced too deeply"):
        lint(tool({"timeout": {"type": "integer", "format": {}}}), Settings(select=("missing-unit",)))
