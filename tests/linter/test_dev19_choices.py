"""missing-param-description on an undescribed string whose name picks one of a set and whose default is a word of
it (read on holdout 18's recall review, a tuning set once measured, 2026-12-06): Tavily's `extract_depth` defaults
to "basic", and nothing says "advanced" is the other value. Sets everyone can complete (`orientation`) and a
parameter the tool description names are left alone. In English and Chinese; the docstring case is listed by the
`mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("tool_description", [
    "Fetch a web page and extract its content as markdown.",
    "抓取网页并把正文提取为 markdown。",
])
def test_a_choice_known_only_by_its_default(tool_description):
    tool = _tool("web_fetch", tool_description, {"url": {"type": "string", "description": "Page URL"},
                                                 "extract_depth": {"type": "string", "default": "basic",
                                                                   "title": "Extract Depth"}})
    assert fires("missing-param-description", tool)


@pytest.mark.parametrize("tool_description, prop", [
    ("Fetch a web page and extract its content.",  # the values are named
     {"type": "string", "default": "basic", "enum": ["basic", "advanced"]}),
    ("Fetch a web page. extract_depth='advanced' also reads tables.",  # the description names it
     {"type": "string", "default": "basic"}),
    ("抓取网页并提取正文。", {"type": "string", "default": "basic", "description": "提取深度：basic 或 advanced"}),
    ("抓取网页并提取正文。", {"type": "string", "default": "Basic extraction"}),  # a sentence, not a word of a set
])
def test_a_choice_whose_values_are_said(tool_description, prop):
    assert not fires("missing-param-description", _tool("web_fetch", tool_description, {"extract_depth": prop}))


def test_a_set_everyone_can_complete():
    tool = _tool("add_page", "Add a page to the document.", {"orientation": {"type": "string", "default": "landscape"}})
    assert not fires("missing-param-description", tool)


def test_a_choice_known_only_by_its_default_listed_by_the_sdk():
    def apply_design(slide: int, color_scheme: str = "modern_blue", orientation: str = "landscape") -> str:
        """Apply a professional design to a slide."""
        return ""

    assert _reported("missing-param-description", listed(apply_design)) == ["color_scheme"]
