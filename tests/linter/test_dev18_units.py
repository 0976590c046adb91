"""missing-unit on a graph's numbers (read on holdout 18's first batch, a tuning set once measured, 2026-12-06): an
edge's `weight`, a node's drawn `size` and a community's minimum size are numbers of the graph, no mass or bytes.
A parcel's weight and a Microsoft Graph file size still lack their unit. In English and Chinese; the docstring case is
listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("tool_description, name, description", [
    ("Add an edge between two existing nodes.", "weight", "Weight"),
    ("Lay the graph out by community.", "min_community_size", "Smallest community drawn"),
    ("Import a graph; node sizes are capped at 30. Parse an edge list yourself otherwise.", "max_node_size",
     "Cap for imported node sizes"),
    ("在两个节点之间添加一条边。", "weight", "边权"),
])
def test_the_numbers_of_a_graph_need_no_unit(tool_description, name, description):
    assert not fires("missing-unit", _tool("add_edge", tool_description, {name: {"type": "number",
                                                                                 "description": description}}))


@pytest.mark.parametrize("tool_description, name, description", [
    ("Create a shipment for a parcel.", "weight", "Parcel weight"),
    ("Upload a file to OneDrive through Microsoft Graph.", "file_size", "Size of the file"),
    ("为包裹创建运单。", "weight", "包裹重量"),
])
def test_a_mass_or_a_file_size_still_needs_one(tool_description, name, description):
    assert fires("missing-unit", _tool("create_shipment", tool_description, {name: {"type": "number",
                                                                                    "description": description}}))


def test_an_edge_weight_in_a_docstring_listed_by_the_sdk():
    def add_edge(source: str, target: str, weight: float = 1.0) -> str:
        """Add an edge between two existing nodes."""
        return ""

    def ship(parcel_id: str, weight: float) -> str:
        """Create a shipment for a parcel."""
        return ""

    assert _reported("missing-unit", listed(add_edge)) == []
    assert _reported("missing-unit", listed(ship)) == ["weight"]
