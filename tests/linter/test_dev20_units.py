"""missing-unit: a weight the text calls a coefficient or a weighting is a number, not a mass (`weight: 가중 계수`,
"weighting coefficient"; read on holdout 20's first batch, after the freeze, 2026-12-06). A weight the text calls
a parcel's is still a mass with no unit. In English, Chinese and Korean; the docstring case is listed by the `mcp`
SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Weighting coefficient of the channel (default 1.0).",
    "频道的权重系数（默认 1.0）",
    "채널 가중 계수(기본 1.0)",
])
def test_a_weighting_coefficient_has_no_unit(description):
    assert not fires("missing-unit", _tool("set_tier", "Set a channel's tier.", {
        "weight": {"type": "number", "description": description}}))


@pytest.mark.parametrize("description", [
    "Weight of the parcel.",
    "包裹的重量",
])
def test_a_parcels_weight_still_needs_its_unit(description):
    assert fires("missing-unit", _tool("ship_parcel", "Ship a parcel.", {
        "weight": {"type": "number", "description": description}}))


def test_a_weighting_coefficient_listed_by_the_sdk():
    def set_tier(channel: str, weight: float = 1.0, parcel_weight: float = 0.0) -> str:
        """Set a channel's tier.

        Args:
            channel: The channel's username.
            weight: 가중 계수 (기본 1.0).
            parcel_weight: Weight of the sample parcel.
        """
        return ""

    assert _reported("missing-unit", listed(set_tier)) == ["parcel_weight"]
