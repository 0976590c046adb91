"""relative-path in traditional Chinese and "full file path" (read on holdout 20, a tuning set once measured,
2026-12-06): 絕對路徑 requires an absolute path as 绝对路径 does, 相對於項目根目錄 anchors a path as 相对于 does, and
"Full file path to the image" asks for an absolute one as "full path" does. A path the text leaves open is still
reported, in either script; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    ".docx 或 .doc 檔案的絕對路徑",
    "文件路徑，可以是相對於項目根目錄的路徑或絕對路徑",
    "文件路径，相对于项目根目录",
    "Full file path to the input image",
    "完整路徑，例如 /home/me/a.png",
])
def test_absolute_or_anchored_paths_stay_quiet(description):
    assert not fires("relative-path", _tool("ingest_file", "Ingest one document and return its id.", {
        "file_path": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    "要轉換的檔案路徑",
    "要转换的文件路径",
    "File path of the image to edit",
    "相對路徑，相對於目前工作目錄",  # relative to the server's working directory: the article's bug
])
def test_paths_left_open_are_reported(description):
    assert fires("relative-path", _tool("ingest_file", "Ingest one document and return its id.", {
        "file_path": {"type": "string", "description": description}}))


def test_traditional_chinese_args_listed_by_the_sdk():
    def ingest(file_path: str, title: str) -> str:
        """攝入 .docx 文件，轉換為 Markdown。

        Args:
            file_path: 要轉換的 .docx 檔案路徑
            title: 文件標題
        """
        return ""

    def ingest_absolute(file_path: str, title: str) -> str:
        """攝入 .docx 文件，轉換為 Markdown。

        Args:
            file_path: .docx 檔案的絕對路徑
            title: 文件標題
        """
        return ""

    assert _reported("relative-path", listed(ingest)) == ["file_path"]
    assert _reported("relative-path", listed(ingest_absolute)) == []
