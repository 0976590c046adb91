"""Holdout 29's missed allowed values, read after it was measured (a tuning set from then on, 2026-12-07).

values-only-in-prose: a list of three words or more whose last one is joined by "or" without a comma ("quick,
standard or deep"), as an `Args:` entry alone or after a label naming the parameter; and the two directions of a
sort ("asc/desc", "asc or desc", "Sort order (asc/desc)") for a parameter named for the direction. Kinds of value
in capitals ("IP, hostname or CIDR") and a `sort` that takes a field and a direction stay quiet."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def test_an_entry_that_lists_three_words_without_the_last_comma():
    def network_scan(target: str, scan_type: str = "quick", scope: str = "") -> str:
        """Scan a network.

        Args:
            target: Host to scan: IP, hostname or CIDR
            scan_type: quick, standard or deep
            scope: Scan scope: ports, services or vulns
        """
        return ""

    assert _reported("values-only-in-prose", listed(network_scan)) == ["scan_type", "scope"]


def test_the_directions_of_a_sort():
    def search_tickets(query: str, sort_by: str = "created_at", sort_order: str = "desc",
                       direction: str = "asc", sort: str = "") -> str:
        """Search tickets.

        Args:
            query: Search text
            sort_by: Field to sort by
            sort_order: Sort order, asc or desc
            direction: asc/desc
            sort: Field and direction, e.g. "created_at asc" or "priority desc"
        """
        return ""

    assert _reported("values-only-in-prose", listed(search_tickets)) == ["sort_order", "direction"]


@pytest.mark.parametrize("name, description, reported", [
    ("sort_order", "Sort order (asc/desc)", True),
    ("sort_direction", "排序方向：ASC 或 DESC", True),
    ("order", "'ascending' or 'descending'", True),
    ("sort", "Sort by a field, asc or desc after it", False),
    ("order_id", "Order to cancel, asc or desc by date", False),
])
def test_sort_directions_in_a_description(name, description, reported):
    assert fires("values-only-in-prose", _tool("search", "Search.", {name: {"type": "string",
                                                                              "description": description}})) is reported
