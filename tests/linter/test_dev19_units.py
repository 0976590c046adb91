"""missing-unit misreads from holdout 18's precision reading (a tuning set once measured, 2026-12-06): "超时秒数"
states seconds; a Lighthouse "CLS budget" is no money; a distance threshold between embeddings in a clustering
tool has no metres; a replay `speed` whose default is 1 is a multiplier. The same words in a tool that moves money,
a delivery tool or a vehicle still need their unit. In English and Chinese; the docstring case is listed by the
`mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("tool_name, tool_description, name, prop", [
    ("session_cleanup", "清理超时的过期会话，返回清理数量。", "timeout", {"type": "integer", "description": "超时秒数，默认 120"}),
    ("check_budget", "Check if website performance meets the budget thresholds.", "cls",
     {"type": "number", "description": "CLS budget"}),
    ("check_budget", "检查网站性能是否满足预算阈值。", "cls", {"type": "number", "description": "CLS 预算"}),
    ("cluster_documents", "Group documents by similarity of their embeddings.", "distance_threshold",
     {"type": "number", "description": "Distance threshold for auto-detection"}),
    ("cluster_documents", "按嵌入的相似度对文档聚类。", "distance_threshold", {"type": "number", "description": "距离阈值"}),
    ("replay_start", "Serve a recorded capture to an app as a paced stream.", "speed",
     {"type": "number", "default": 1.0}),
    ("replay_start", "把录制的数据回放给应用。", "speed", {"type": "number", "default": 1}),
])
def test_a_number_whose_unit_is_said_or_needs_none(tool_name, tool_description, name, prop):
    assert not fires("missing-unit", _tool(tool_name, tool_description, {name: prop}))


@pytest.mark.parametrize("tool_name, tool_description, name, prop", [
    ("session_cleanup", "清理超时的过期会话。", "timeout", {"type": "integer", "description": "超时时间，默认 120"}),
    ("set_budget", "Set the monthly marketing budget of a campaign.", "budget", {"type": "number"}),
    ("set_budget", "设置广告活动的预算。", "budget", {"type": "number", "description": "广告预算"}),
    ("plan_delivery", "Plan a delivery route for a courier.", "max_distance",
     {"type": "number", "description": "Longest leg of the route"}),
    ("set_speed", "Set a vehicle's cruise speed.", "speed", {"type": "number", "default": 50}),
])
def test_a_number_that_still_needs_its_unit(tool_name, tool_description, name, prop):
    assert fires("missing-unit", _tool(tool_name, tool_description, {name: prop}))


def test_replay_speed_and_cleanup_timeout_listed_by_the_sdk():
    def replay_start(source: str, speed: float = 1.0, timeout: int = 30) -> str:
        """Serve a recorded capture to an app as a paced stream.

        Args:
            source: the capture file's id in the store
            speed: how fast to send the packets
            timeout: how long to wait for the app to connect
        """
        return ""

    assert _reported("missing-unit", listed(replay_start)) == ["timeout"]
