"""relative-path on a path beside a repository (read on holdout 18's first batch, a tuning set once measured,
2026-12-06): Argo CD's `application.spec.source.path` sits beside `repoURL`, so it is a path inside the repository,
not on the agent's disk. A top-level path beside a repository (where notes are written) is still on the disk. In
English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("tool_description, path_description", [
    ("Update an Argo CD application.", "Path of the manifests"),
    ("更新 Argo CD 应用。", "清单所在的路径"),
])
def test_a_nested_path_beside_a_repository_is_in_the_repository(tool_description, path_description):
    source = {"type": "object", "properties": {"repoURL": {"type": "string", "description": "Git repository URL"},
                                               "path": {"type": "string", "description": path_description}}}
    tool = _tool("update_application", tool_description, {"application": {"type": "object", "properties": {
        "source": source}}})
    assert not fires("relative-path", tool)


@pytest.mark.parametrize("tool_description, properties", [
    ("Write the release notes to a file.", {"repo_name": {"type": "string"},
                                            "output_path": {"type": "string", "description": "Where to write the notes"}}),
    ("把项目的变更日志写入文件。", {"repository": {"type": "string", "description": "项目名称"},
                          "output_file": {"type": "string", "description": "写入变更日志的文件路径"}}),
])
def test_a_top_level_path_beside_a_repository_is_on_the_disk(tool_description, properties):
    assert fires("relative-path", _tool("write_notes", tool_description, properties))


def test_a_top_level_path_beside_a_repository_listed_by_the_sdk():
    def write_notes(repo_name: str, output_path: str) -> str:
        """Write the release notes to a file.

        Args:
            repo_name: its name, e.g. toollint
            output_path: where to write the notes
        """
        return ""

    assert _reported("relative-path", listed(write_notes)) == ["output_path"]
