"""Holdout 33's false finding and recall misses, fixed after it was measured (a tuning set from then on,
2026-12-07).

undocumented-identifier (a false finding): a tool description that shows what its ids look like ("Accepts A1 or
T-A1 style IDs.") describes the tool's one identifier, though it does not spell its name. A tool with two ids, or a
sentence that shows no form ("Accepts IDs."), still leaves it undescribed."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool


@pytest.mark.parametrize("description", [
    "Trace one control end to end. Accepts A1 or T-A1 style IDs.",
    "追踪一个控制点。Accepts IDs like CTL-104.",
    "追踪一个控制点。接受 A1 或 T-A1 格式的 ID。",
])
def test_ids_whose_form_the_tool_shows_are_described(description):
    assert not fires("undocumented-identifier", _tool("control_lookup", description, {
        "control_id": {"title": "Control Id", "type": "string"}}))


@pytest.mark.parametrize("description, properties", [
    ("Trace one control end to end. Accepts IDs.", {"control_id": {"type": "string"}}),
    ("Trace one control. Accepts A1 or T-A1 style IDs.",
     {"control_id": {"type": "string"}, "finding_id": {"type": "string"}}),
    ("追踪一个控制点。", {"control_id": {"type": "string"}}),
])
def test_ids_the_tool_shows_nothing_of_are_not(description, properties):
    assert fires("undocumented-identifier", _tool("control_lookup", description, properties))

