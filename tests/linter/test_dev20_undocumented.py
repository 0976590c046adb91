"""missing-param-description: a plain name defined in the tool description as a keyword argument
(`mode='hedged': buy spot + short perp ...`; read on holdout 20's first batch, after the freeze, 2026-12-06).
A name followed by `=` and a quoted value is defined where Python writes one; the name alone in a sentence is
not. In English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires, lint_text
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Open a position.\nmode='hedged': buy spot and short the perp. mode='directional': one perp position.",
    '开仓。\nmode="hedged"：现货加空永续；mode="directional"：单边永续。',
])
def test_a_name_defined_as_a_keyword_argument(description):
    assert not fires("missing-param-description", _tool("open_position", description, {
        "mode": {"type": "string", "default": "hedged", "title": "Mode"}}))


@pytest.mark.parametrize("description", [
    "Open a position in the chosen mode.\nThe mode decides the risk.",
    "按所选模式开仓。\n风险由 mode 决定，默认 hedged。",
])
def test_a_name_only_mentioned_is_not_defined(description):
    assert fires("missing-param-description", _tool("open_position", description, {
        "mode": {"type": "string", "default": "hedged", "title": "Mode"}}))


def test_a_keyword_argument_definition_listed_by_the_sdk():
    def open_position(mode: str = "hedged", depth: int = 3) -> str:
        """Open a position on the best market.

        mode='hedged': buy spot and short the perp of equal size.
        mode='directional': a single perp position.
        """
        return ""

    assert _reported("missing-param-description", listed(open_position)) == ["depth"]


@pytest.mark.parametrize("name", ["from_date", "start_date", "since", "issueDate"])
def test_a_date_string_with_nothing_saying_how_to_write_it(name):
    found = [f for f in lint_text(_tool("announcements", "List the corporate announcements. 查询公司公告。", {
        name: {"type": "string"}}), extend_select=("missing-param-description",))
        if f.rule == "missing-param-description"]
    assert len(found) == 1 and '"format": "date"' in found[0].help


@pytest.mark.parametrize("schema", [
    {"type": "string", "format": "date"},
    {"type": "string", "pattern": "^\\d{2}-\\d{2}-\\d{4}$"},
    {"type": "string", "description": "开始日期，格式 YYYY-MM-DD"},
    {"type": "integer"},  # a timestamp: its unit is missing-unit's
    {"type": "string", "examples": ["2026-12-06"]},
])
def test_a_date_whose_form_is_shown_or_no_string(schema):
    assert not fires("missing-param-description", _tool("announcements", "List the announcements.",
                                                        {"from_date": schema}))


def test_a_date_listed_by_the_sdk():
    def announcements(symbol: str, from_date: str = "", to_date: str = "") -> str:
        """List the corporate announcements of a symbol.

        Args:
            symbol: The ticker, e.g. INFY.
            to_date: End date, DD-MM-YYYY.
        """
        return ""

    assert _reported("missing-param-description", listed(announcements)) == ["from_date"]
