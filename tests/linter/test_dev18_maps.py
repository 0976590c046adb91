"""missing-param-description on a map whose values are typed but whose keys nothing names (`dict[str, int]`, read
on holdout 17's recall review, a tuning set now, 2026-12-06): `escalation_thresholds: dict[str, int]` leaves the
model to guess which keys exist. A well-known map (`headers`), a map the docstring documents, and a nested map
inside an object that says what it mirrors stay quiet. Listed by the `mcp` SDK's own server, in English and
Chinese."""

from __future__ import annotations

from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def test_an_undocumented_map_of_typed_values_is_reported():
    def check_focus(snapshot: str, escalation_thresholds: dict[str, int] | None = None) -> str:
        """Classify focus escalation from a snapshot.

        Args:
            snapshot: the timing snapshot, as JSON
        """
        return ""

    assert _reported("missing-param-description", listed(check_focus)) == ["escalation_thresholds"]


def test_an_undocumented_map_in_a_chinese_docstring_is_reported():
    def check_focus(snapshot: str, escalation_thresholds: dict[str, int] | None = None) -> str:
        """根据时间快照判断专注升级级别。

        参数：
            snapshot: 时间快照（JSON）
        """
        return ""

    assert _reported("missing-param-description", listed(check_focus)) == ["escalation_thresholds"]


def test_a_documented_or_well_known_map_is_not_reported():
    def check_focus(headers: dict[str, str], escalation_thresholds: dict[str, int] | None = None) -> str:
        """Classify focus escalation.

        Args:
            headers: extra HTTP headers
            escalation_thresholds: minutes before each level, keyed gentle, nudge and hard
        """
        return ""

    def check_focus_zh(escalation_thresholds: dict[str, int] | None = None) -> str:
        """判断专注升级级别。

        参数：
            escalation_thresholds: 各级别的分钟阈值，键为 gentle、nudge、hard
        """
        return ""

    assert _reported("missing-param-description", listed(check_focus)) == []
    assert _reported("missing-param-description", listed(check_focus_zh)) == []


def test_a_nested_map_of_typed_values_is_left_to_the_object_around_it():
    tool = _tool("set_context", "Set the project context from .adbt-config.json.", {
        "config": {"type": "object", "description": "Contents of .adbt-config.json",
                   "properties": {"paths": {"type": "object", "additionalProperties": {"type": "string"}}}}})
    assert not fires("missing-param-description", tool)


def test_an_undescribed_json_string_is_reported_in_english_and_chinese():
    def release(point: str = "init", tag_json_str: str = "") -> str:
        """Stage 1: analyse commits and tags to find the next version. Use point='init' to start."""
        return ""

    def release_zh(point: str = "init", tag_json_str: str = "") -> str:
        """第一步：分析提交和标签，确定下一个版本号。point='init' 开始。"""
        return ""

    assert _reported("missing-param-description", listed(release)) == ["tag_json_str"]
    assert _reported("missing-param-description", listed(release_zh)) == ["tag_json_str"]


def test_a_described_json_string_or_a_json_flag_is_not_reported():
    def release(output_json: bool = False, json_path: str = "$.tag",
                tag_json_str: str = "") -> str:
        """Find the next version.

        Args:
            tag_json_str: the tags as a JSON list of {"name": ..., "sha": ...}, from list_tags
        """
        return ""

    assert _reported("missing-param-description", listed(release)) == []
