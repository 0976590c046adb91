"""description-names-unknown-parameter on a camelCase parameter the description spells in snake_case ("If
is_revision is true" for `isRevision`; a recall miss of a 60-tool review of the shared corpus, 2026-12-06). A model
copies the spelling it reads. The other way round (a camelCase word beside a snake_case parameter) is the field an
upstream API returns, and a line about the result keeps the API's spelling: both stay quiet. English and Chinese;
the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import lint_text
from helpers import mcp_tool as _tool


def _said(description: str, properties: dict) -> list[str]:
    return [f.message for f in lint_text(_tool("think", description, properties))
            if f.rule == "description-names-unknown-parameter"]


THOUGHTS = {"thought": {"type": "string"}, "isRevision": {"type": "boolean"}, "totalThoughts": {"type": "integer"}}


@pytest.mark.parametrize("description, spelled, name", [
    ("Record a thought. If is_revision is true, say which thought it revises.", "is_revision", "isRevision"),
    ("Record a thought. You can adjust total_thoughts up or down as you go.", "total_thoughts", "totalThoughts"),
    ("记录一个思考步骤。如果 is_revision 为 true，请说明修订的是哪一步。", "is_revision", "isRevision"),
])
def test_a_snake_case_spelling_of_a_camel_case_parameter_is_reported(description, spelled, name):
    assert _said(description, THOUGHTS) == [f"the description names `{spelled}`, but the parameter is `{name}`"]


@pytest.mark.parametrize("description, properties", [
    ("Record a thought. If isRevision is true, say which thought it revises.", THOUGHTS),
    ("List results. Pass the nextToken of the last page to get the next one.", {"next_token": {"type": "string"}}),
    ("Start a run.\n\nReturns:\n    a dict with is_revision and status", THOUGHTS),
    ("Start a run. The response includes is_revision and status.", THOUGHTS),
    ("返回结果包含 is_revision 字段。", THOUGHTS),
])
def test_the_schemas_spelling_an_api_field_or_the_result_stay_quiet(description, properties):
    assert _said(description, properties) == []


def test_a_framework_listed_tool_with_a_camel_case_parameter():
    def think(thought: str, thoughtNumber: int = 1) -> str:  # noqa: N803 - a TypeScript server's spelling
        """Record one step of reasoning; raise thought_number by one each time."""
        return ""

    messages = [f.message for f in __import__("toollint").lint(listed(think))
                if f.rule == "description-names-unknown-parameter"]
    assert messages == ["the description names `thought_number`, but the parameter is `thoughtNumber`"]
