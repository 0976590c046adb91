"""Classes read on holdout 22's first batch (a tuning set once measured, 2026-12-07): an `Args:` entry that names
several parameters joined by ` / ` documents each of them (`query / body / path_values: base parameters`), a list
of type names is how a free value is read and no set of its values (`value`: "parsed as the appropriate type
(number, string, bool)"), and an `items_path` is a path in a JSON answer, not on a disk. Also, from the shared corpus
(read again as holdout 22 listed the same server under another spelling of its name): an enum that merges two
vocabularies, each in its own case style (`AVG, COUNT, SUM` beside `Average, SampleCount, Sum`), holds a word of
both on purpose."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def test_an_entry_shared_with_slashes_documents_each_name():
    def fetch_all(operation_id: str, query: dict | None = None, body: dict | None = None) -> str:
        """Auto-paginate a read endpoint.

        Args:
            operation_id: a read endpoint from the catalog.
            query / body: base parameters (cursor fields are managed).
        """
        return ""

    def fetch_all_undocumented(operation_id: str, query: dict | None = None, body: dict | None = None) -> str:
        """Auto-paginate a read endpoint.

        Args:
            operation_id: a read endpoint from the catalog.
        """
        return ""

    assert _reported("missing-param-description", listed(fetch_all)) == []
    assert _reported("missing-param-description", listed(fetch_all_undocumented)) == ["query", "body"]


@pytest.mark.parametrize("description", [
    "Value to set. Will be parsed as appropriate type (number, string, bool).",
    "要设置的值，按类型解析，可选值：number、string、bool",
])
def test_type_names_are_no_values(description):
    assert not fires("values-only-in-prose", _tool("instrument_set", "Set a property on an instrument.", {
        "value": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    "Column type (number, string, bool).",
    "列类型，可选值：number、string、bool",
])
def test_type_names_are_the_values_of_a_type(description):
    assert fires("values-only-in-prose", _tool("add_column", "Add a column to the table.", {
        "column_type": {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, reported", [("items_path", False), ("array_path", False), ("output_path", True)])
def test_a_path_of_items_is_no_file(name, reported):
    assert fires("relative-path", _tool("fetch_all", "Fetch every row of an endpoint.", {
        name: {"type": "string", "description": "override the path (default: the endpoint's own)"}})) is reported


@pytest.mark.parametrize("enum, reported", [
    (["AVG", "COUNT", "MAX", "MIN", "SUM", "Average", "Sum", "Maximum", "Minimum", "SampleCount"], False),
    (["AVG", "COUNT", "SUM", "Sum"], True),  # one vocabulary and a stray spelling
    (["damaged", "Damaged", "not_received", "wrong_item"], True),
    (["已签收", "ACTIVE", "Active", "PAUSED", "DONE", "Open", "Closed"], True),  # too few of each style
])
def test_two_vocabularies_in_their_own_case_styles(enum, reported):
    assert fires("enum-case-collision", _tool("get_metric_data", "Get a metric's data points.", {
        "statistic": {"type": "string", "enum": enum}})) is reported
