"""Holdout 33's false finding and recall misses, fixed after it was measured (a tuning set from then on,
2026-12-07).

undocumented-identifier (a false finding): a tool description that shows what its ids look like ("Accepts A1 or
T-A1 style IDs.") describes the tool's one identifier, though it does not spell its name. A tool with two ids, or a
sentence that shows no form ("Accepts IDs."), still leaves it undescribed.

undocumented-identifier (a recall miss): an optional integer id (`owner_uid: int | None = None`, an `anyOf` of an
integer and null) is as open to a made-up value as a plain one.

values-only-in-prose (a recall miss): quoted values joined by `/` after the parameter's name and a colon in the tool
description ('Resolve with strategy: "keep_a"/"keep_b"/"keep_both"/"merge"'), three or more of them, as the forms
joined by `|` and by commas already were.

missing-unit (holdout 33's false class): quantities whose unit the domain fixes. A texture's or a sprite's width and
height are pixels, as an image's are; the lengths of a Unity scene, a point cloud or a mesh are in the scene's own
units, which no suffix could name; `min_cluster_size` counts points. A radius on a map, a label's width and a file's
size still want a unit.

relative-path (holdout 33's false class): a Unity tool's paths (`Assets/Scenes/Main.unity`, a build output) are the
project's own, resolved against the project, never the agent's directory. A scene saved to disk by any other tool
still wants an absolute path."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


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


def test_an_optional_integer_id_is_an_identifier():
    def export_tracks(source: str = "likes", owner_uid: int | None = None, kind: int | None = None) -> str:
        """Export every track of the likes or of a playlist to text files.

        For source="playlist" pass kind.
        """
        return ""

    assert "owner_uid" in _reported("undocumented-identifier", listed(export_tracks))


def test_an_optional_integer_id_with_a_description_is_not_undocumented():
    def export_tracks(owner_uid: int | None = None) -> str:
        """Export every track of a playlist to text files.

        Args:
            owner_uid: 播放列表所有者的用户 ID，来自 account_info 的返回值
        """
        return ""

    assert _reported("undocumented-identifier", listed(export_tracks)) == []


def _conflict_tool(description: str) -> str:
    return _tool("conflict", description, {
        "action": {"type": "string", "enum": ["list", "resolve"]},
        "strategy": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Strategy"}})


@pytest.mark.parametrize("description", [
    'Manage memory conflicts.\n\n- "resolve": Resolve with strategy: "keep_a"/"keep_b"/"keep_both"/"merge".',
    '管理记忆冲突。resolve 时给出 strategy: "keep_a"/"keep_b"/"merge"。',
])
def test_quoted_values_joined_by_slashes_after_the_name(description):
    assert fires("values-only-in-prose", _conflict_tool(description))


@pytest.mark.parametrize("description", [
    'Manage memory conflicts. Resolve with strategy: "keep_a"/"keep_b".',
    'Manage memory conflicts. Files live in paths: "a"/"b"/"c" of the store.',
    'Manage memory conflicts. Resolve with strategy: keep_a/keep_b/merge of the pair.',
])
def test_two_values_other_names_or_bare_slashes_are_not_this_form(description):
    assert not fires("values-only-in-prose", _conflict_tool(description))


@pytest.mark.parametrize("description, properties", [
    ("Procedural texture generation for Unity.", {"width": {"type": "integer"}, "height": {"type": "integer"}}),
    ("Add a sphere collider to a GameObject.", {"radius": {"type": "number"}}),
    ("Estimate normals of a point cloud.", {"radius": {"type": "number"}, "max_distance": {"type": "number"}}),
    ("点云法向量估计。", {"radius": {"type": "number"}}),
    ("Cluster the memories.", {"min_cluster_size": {"type": "integer"}}),
])
def test_quantities_whose_unit_the_domain_fixes(description, properties):
    assert not fires("missing-unit", _tool("scene_tool", description, properties))


@pytest.mark.parametrize("description, properties", [
    ("Find shops near a place.", {"radius": {"type": "number"}}),
    ("在地图上搜索附近的商店。", {"radius": {"type": "number"}}),
    ("Print a label.", {"width": {"type": "number"}, "height": {"type": "number"}}),
    ("Upload a file.", {"max_size": {"type": "integer"}}),
])
def test_quantities_a_unit_would_settle_are_still_reported(description, properties):
    assert fires("missing-unit", _tool("place_tool", description, properties))


@pytest.mark.parametrize("tool_description", [
    "Performs CRUD operations on Unity scenes: create, load, save.",
    "对 Unity 场景执行增删改查：创建、加载、保存。",
])
def test_a_unity_projects_paths_are_the_projects(tool_description):
    assert not fires("relative-path", _tool("manage_scene", tool_description, {
        "path": {"type": "string", "description": "Scene path"}}))


@pytest.mark.parametrize("tool_description", [
    "Save the current scene to a file.",
    "把当前场景保存到文件。",
])
def test_a_scene_saved_to_disk_still_wants_an_absolute_path(tool_description):
    assert fires("relative-path", _tool("save_scene", tool_description, {
        "path": {"type": "string", "description": "File path"}}))
