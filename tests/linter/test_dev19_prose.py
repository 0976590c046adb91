"""missing-param-description when the tool description defines a quoted name with a verb ("`variables` fills
`{variable}` placeholders"; read on holdout 18's precision reading, a tuning set once measured, 2026-12-06). A
quoted name followed by "is", "has" or a noun is not defined by it. In English and Chinese; the docstring case is
listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

_VARIABLES = {"variables": {"type": "object", "title": "Variables"}}


@pytest.mark.parametrize("tool_description", [
    "Compile a manifest to its plan. `variables` fills `{variable}` placeholders (the CLI's --var).",
    "Compile a manifest to its plan. 'variables' holds the values of its placeholders.",
    "把清单编译为计划。`variables` 为占位符 `{variable}` 的取值。",
])
def test_a_quoted_name_that_a_verb_defines(tool_description):
    assert not fires("missing-param-description", _tool("compile", tool_description, _VARIABLES))


@pytest.mark.parametrize("tool_description", [
    "Compile a manifest to its plan. `variables` has changed in version 2.",
    "Compile a manifest to its plan, with or without `variables`.",
    "把清单编译为计划。",
])
def test_a_quoted_name_that_nothing_defines(tool_description):
    assert fires("missing-param-description", _tool("compile", tool_description, _VARIABLES))


def test_a_quoted_name_defined_by_a_verb_listed_by_the_sdk():
    def compile_manifest(manifest: str, variables: dict[str, str] | None = None, options: dict | None = None) -> dict:
        """Compile a manifest to its packaging plan.

        `variables` fills `{variable}` placeholders (the CLI's --var).
        """
        return {}

    assert _reported("missing-param-description", listed(compile_manifest)) == ["options"]


@pytest.mark.parametrize("tool_description", [
    "Hand your text over as an article draft. format: html|markdown. Without query_id a new query is created.",
    "Scroll the page. to=bottom|top, or direction=down|up|left|right with distance.",
    "把文本作为文章草稿提交。format: html/markdown。",
])
def test_a_plain_name_given_its_values_in_prose(tool_description):
    name = "direction" if "direction" in tool_description else "format"
    assert not fires("missing-param-description", _tool("submit", tool_description, {
        name: {"type": "string", "title": name.title()}}))


def test_a_plain_name_without_its_values_in_prose():
    assert fires("missing-param-description", _tool("submit", "Submit a draft. The format: see the docs.", {
        "format": {"type": "string", "title": "Format"}}))
