"""Holdout 40's false findings and misses, fixed after it was measured (a tuning set from then on, 2026-12-07).

The documentation view: a colon before `//` is a URL's, so a wrapped `https://...` line in a parameter section opens
no entry named `https` (description-names-unknown-parameter)."""

from __future__ import annotations

import pytest
from helpers import fires, mcp_tool

_WRAPPED_URL = ("Create a note.\n\n    Args:\n        title: Concise title\n        references: Newline-separated "
                "citations (e.g. \"Ahrens, S. (2017).\n{url}\")\n    ")


@pytest.mark.parametrize("url", ["https://zettelkasten.de", "http://example.com/notes", "- https://example.com"])
def test_a_wrapped_url_opens_no_entry(url):
    text = mcp_tool("create_note", _WRAPPED_URL.format(url=url),
                    {"title": {"type": "string"}, "references": {"type": "string"}})
    assert not fires("description-names-unknown-parameter", text)


@pytest.mark.parametrize("line", ["homepage: the site to open", "homepage：要打开的网站"])
def test_an_entry_that_is_no_parameter_is_still_reported(line):
    description = f"Open a site.\n\n    Args:\n        url: The address\n        {line}\n    "
    assert fires("description-names-unknown-parameter", mcp_tool("open_site", description, {"url": {"type": "string"}}))
