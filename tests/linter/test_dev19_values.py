"""values-only-in-prose on an identifier whose description names kinds in parentheses ("ID of the item (document,
chunk, image)"; read on holdout 18's precision reading, a tuning set once measured, 2026-12-06): the words are
the kinds of thing the id may point at, not its values. An id whose text lists values with a cue ("one of") is
still reported. In English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("name, description", [
    ("item_id", "ID of the item (document, ocr_result, chunk, embedding, image)"),
    ("repo_ids", "Repo IDs for (models|datasets|spaces), in author/name form"),
    ("item_id", "条目的 ID（document、chunk、image）"),
])
def test_the_kinds_an_id_points_at(name, description):
    assert not fires("values-only-in-prose", _tool("get_provenance", "Return an item's provenance chain.", {
        name: {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("voice_id", "The voice to speak with, one of: alloy, echo, fable"),
    ("voice_id", "朗读所用的声音，可选值：alloy、echo、fable"),
    ("item_kind", "Kind of the item (document, chunk, image)"),
])
def test_values_an_id_or_a_kind_lists(name, description):
    assert fires("values-only-in-prose", _tool("speak", "Speak a text aloud.", {
        name: {"type": "string", "description": description}}))


def test_the_kinds_an_id_points_at_listed_by_the_sdk():
    def get_provenance(item_id: str, item_kind: str) -> str:
        """Return an item's provenance chain.

        Args:
            item_id: ID of the item (document, chunk, embedding, image)
            item_kind: Kind of the item (document, chunk, embedding, image)
        """
        return ""

    assert _reported("values-only-in-prose", listed(get_provenance)) == ["item_kind"]
