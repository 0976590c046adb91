"""Holdout 28's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

missing-param-description: an example call of the tool in its own description fills a parameter by position or by
keyword (`get_message_details('geometry_msgs/Twist')`, `subscribe(topic='/cmd_vel', duration=5)`), which shows the
value's form. A parameter the calls leave out still needs a description.

missing-unit: a radius on an image being edited (a blur, rounded corners) is in pixels by definition; a search
radius around a point still needs its unit. A `weight_security` is the weight of a part in a score, no mass; a
`package_weight`, a bare `weight` and a `weight_max` still need theirs."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def test_parameters_an_example_call_fills_listed_by_the_sdk():
    def call_service(service_name: str, service_type: str, request: dict, timeout: float = 5.0,
                     retries: int = 0, mode: str = "sync") -> str:
        """Call a ROS service with the given request.

        Example:
        call_service('/rosapi/topics', 'rosapi/Topics', {})
        call_service('/slow_service', 'pkg/SlowService', {}, timeout=10.0)
        """
        return ""

    def get_message_details(message_type: str) -> str:
        """获取消息类型的完整定义。示例：get_message_details('geometry_msgs/Twist')"""
        return ""

    assert _reported("missing-param-description", listed(call_service, get_message_details)) == ["mode"]


@pytest.mark.parametrize("description", [
    "Look up a record.\nExample: lookup_record(",  # the call never closes
    "Look up a record, as other_lookup('abc') does.",  # another tool's call
])
def test_no_call_of_the_tool_shows_nothing(description):
    assert fires("missing-param-description", _tool("lookup_record", description, {"mode": {"type": "string"}}))


@pytest.mark.parametrize("name, description", [
    ("blur_image", "Apply a Gaussian blur to an image."),
    ("round_corners", "给图片加圆角。"),
])
def test_a_radius_on_an_image_is_pixels(name, description):
    assert not fires("missing-unit", _tool(name, description, {"radius": {"type": "number", "default": 2}}))


@pytest.mark.parametrize("name, description", [
    ("find_stores", "Find stores near a point."),
    ("search_nearby", "搜索附近的门店。"),
])
def test_a_search_radius_still_needs_its_unit(name, description):
    schema = {"lat": {"type": "number", "description": "Latitude"}, "lon": {"type": "number", "description": "Longitude"},
              "radius": {"type": "number"}}
    assert fires("missing-unit", _tool(name, description, schema))


def test_the_weight_of_a_part_in_a_score_listed_by_the_sdk():
    def audit_release(weight_security: float = 0.3, weight_tests: float = 0.2) -> str:
        """Compute a composite release-readiness grade."""
        return ""

    def score_app(weight_security: float = 0.3) -> str:
        """计算综合评分。"""
        return ""

    def ship_parcel(package_weight: float, weight_max: float = 30.0) -> str:
        """Ship a parcel."""
        return ""

    assert _reported("missing-unit", listed(audit_release, score_app)) == []
    assert _reported("missing-unit", listed(ship_parcel)) == ["package_weight", "weight_max"]
