"""values-only-in-prose: quoted values ending with the empty string ('"day", "week", or "" (all time)'; read on
holdout 19's recall review, a tuning set once measured, 2026-12-06). The empty string used to end the match
before it, so no list was found; it now joins the list (and the proposed `enum`). Quoted words joined by commas
alone, or written as examples, are still not a list. In English and Chinese; the docstring case is listed by the
`mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

from toollint.linter.checks.parameters.values import allowed_values


@pytest.mark.parametrize("description, values", [
    ('Time window — "day", "week", "month", or "" (no limit).', ["day", "week", "month", ""]),
    ('Sort order: "asc" or "desc", or "" (the server\'s order)', ["asc", "desc", ""]),
    ('时间范围："day" 或 "week" 或 ""（不限）', ["day", "week", ""]),
])
def test_an_empty_string_last_joins_the_values(description, values):
    assert allowed_values(description, "window") == values
    assert fires("values-only-in-prose", _tool("search", "Search the news.", {
        "window": {"type": "string", "default": "", "description": description}}))


@pytest.mark.parametrize("description", [
    'Time window, e.g. "day", "week", or "" (no limit).',  # examples
    'Keywords such as "day", "week" and "" are ignored.',
    '时间范围，例如 "day"、"week" 或 ""',
])
def test_examples_ending_with_an_empty_string_are_no_list(description):
    assert not fires("values-only-in-prose", _tool("search", "Search the news.", {
        "window": {"type": "string", "default": "", "description": description}}))


def test_an_empty_string_last_listed_by_the_sdk():
    def search(query: str, window: str = "", note: str = "") -> str:
        """Search the news.

        Args:
            query: What to look for.
            window: Time window — "day", "week", "month", or "" (no limit).
            note: A free note, e.g. "urgent", "later", or "".
        """
        return ""

    assert _reported("values-only-in-prose", listed(search)) == ["window"]


@pytest.mark.parametrize("description", [
    'Product version: "8", "9", "10", or "11" (default).',
    '产品版本："8" 或 "9" 或 "10"',
    'Level "1", "2" or "3".',
])
def test_quoted_numbers_alone_are_a_set(description):
    assert allowed_values(description, "version") is not None
    assert fires("values-only-in-prose", _tool("browse_docs", "Browse the documentation.", {
        "version": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    'Sheet name or index, "Sheet1" or "0".',
    '工作表名称或序号，如 "Sheet1" 或 "0"',
    'Quarter, "Q1" or "2" (a name or a number).',
])
def test_a_name_or_a_number_is_two_forms_of_one_thing(description):
    assert not fires("values-only-in-prose", _tool("read_sheet", "Read a worksheet.", {
        "sheet": {"type": "string", "description": description}}))


def test_quoted_numbers_listed_by_the_sdk():
    def browse_docs(version: str = "10", page: str = "") -> str:
        """Browse the documentation.

        Args:
            version: Product version: "8", "9", "10", or "11" (default).
            page: Page name or number, "intro" or "2".
        """
        return ""

    assert _reported("values-only-in-prose", listed(browse_docs)) == ["version"]


@pytest.mark.parametrize("description", [
    'Source to query. Options: "simbad", "ned", "gaia", or a specific catalog ID (e.g. "I/239").',
    'Source to query. Options: "simbad", "ned", "gaia", or any catalog ID.',
    '查询来源。可选值："simbad"、"ned"、"gaia"，或指定的目录编号（例如 "I/239"）',
])
def test_values_then_or_a_specific_other_one_leave_the_list_open(description):
    assert not fires("values-only-in-prose", _tool("cone_search", "Search a cone of the sky.", {
        "catalog": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    'Source to query. Options: "simbad", "ned", "gaia".',
    '查询来源。可选值："simbad"、"ned"、"gaia"',
])
def test_values_that_end_the_list_are_still_its_values(description):
    assert fires("values-only-in-prose", _tool("cone_search", "Search a cone of the sky.", {
        "catalog": {"type": "string", "description": description}}))


def test_an_open_list_listed_by_the_sdk():
    def cone_search(ra: float, catalog: str = "simbad", band: str = "r") -> str:
        """Search a cone of the sky.

        Args:
            ra: Right ascension in degrees.
            catalog: Source to query. Options: "simbad", "ned", "gaia", or a specific catalog ID (e.g. "I/239").
            band: Filter band. Options: "u", "g", "r".
        """
        return ""

    assert _reported("values-only-in-prose", listed(cone_search)) == ["band"]


@pytest.mark.parametrize("entry", [
    "CN/US (default CN)",
    "none/qfq/hfq",
    "industry/concept (默认 industry)",
])
def test_an_entry_that_is_only_a_slashed_choice(entry):
    def quote(market: str = "", adjust: str = "") -> str:
        return ""

    quote.__doc__ = f"Get a quote.\n\n    Args:\n        market: {entry}\n        adjust: How to adjust the prices.\n"
    assert _reported("values-only-in-prose", listed(quote)) == ["market"]


@pytest.mark.parametrize("entry", [
    "input/output",  # two words and no default among them: a pair as often as a choice
    "true/false (default true)",  # a flag spelt as a string
    "the market, CN/US (default CN)",  # more than the choice
    "市场代码，如 CN/US",
])
def test_an_entry_that_is_more_than_a_slashed_choice(entry):
    def quote(market: str = "") -> str:
        return ""

    quote.__doc__ = f"Get a quote.\n\n    Args:\n        market: {entry}\n"
    assert _reported("values-only-in-prose", listed(quote)) == []


@pytest.mark.parametrize("name, description", [
    ("target", "Target GameObject (name/path/id)."),
    ("project", "The project, by name, ID or URL."),
    ("target", "目标对象（名称/路径/编号）"),
])
def test_the_forms_a_reference_takes_are_no_values(name, description):
    assert not fires("values-only-in-prose", _tool("animate", "Animate a game object.", {
        name: {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("search_by", "Field to search by (name/email/id)."),
    ("id_type", "Kind of the given id: one of uuid, slug, email."),
    ("lookup_field", "查找字段，可选值：name、email、id"),
])
def test_a_parameter_that_picks_a_form_lists_them_as_values(name, description):
    assert fires("values-only-in-prose", _tool("find_user", "Find a user.", {
        name: {"type": "string", "description": description}}))


def test_reference_forms_listed_by_the_sdk():
    def animate(target: str = "", search_by: str = "name") -> str:
        """Animate a game object.

        Args:
            target: Target GameObject (name/path/id).
            search_by: How to find the target (name/path/id).
        """
        return ""

    assert _reported("values-only-in-prose", listed(animate)) == ["search_by"]


@pytest.mark.parametrize("name, description", [
    ("scope", "Assembly scope for search: unity, packages, project, all."),
    ("issue_type", "The type of issue: technical, account-and-billing, or service-limit"),
    ("checks", "List of checks: empty_layers, zero_length, duplicate_entities"),
])
def test_a_label_naming_the_parameter_before_what_it_is_for(name, description):
    assert fires("values-only-in-prose", _tool("reflect", "Inspect the API.", {
        name: {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("scope", "Number of days to look back: 1, 7, 30."),  # numbers
    ("scope", "Path of the project to search in: src, lib, test are searched by default, e.g."),
    ("scope", "搜索范围：见 list_scopes 的结果"),
])
def test_a_label_that_names_something_else(name, description):
    assert not fires("values-only-in-prose", _tool("reflect", "Inspect the API.", {
        name: {"type": "string", "description": description}}))


def test_a_label_before_what_it_is_for_listed_by_the_sdk():
    def reflect(query: str, scope: str = "all") -> str:
        """Search the API's types.

        Args:
            query: Type name to look for.
            scope: Assembly scope for search: unity, packages, project, all.
        """
        return ""

    assert _reported("values-only-in-prose", listed(reflect)) == ["scope"]
