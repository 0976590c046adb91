"""relative-path with an empty default (read on holdout 21, a tuning set once measured, 2026-12-07): FastMCP writes
an optional path as `image_path: str = ""`, and the rule used to skip every such parameter as if `""` showed the
path's form. An empty default says only "not given", so the path is read as if it had no default: reported when
its text leaves it open, quiet when the text asks for an absolute path, and never reported as a relative default."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", ["Image file to read", "要识别的图片文件路径"])
def test_an_empty_default_leaves_an_open_path_reported(description):
    assert fires("relative-path", _tool("ocr_image", "Read the text of one image.", {
        "image_path": {"type": "string", "default": "", "description": description}}))


@pytest.mark.parametrize("description", ["Absolute path of the image", "图片的绝对路径", "Image URL"])
def test_an_empty_default_does_not_make_a_path_open(description):
    name = "image_url" if "URL" in description else "image_path"
    assert not fires("relative-path", _tool("ocr_image", "Read the text of one image.", {
        name: {"type": "string", "default": "", "description": description}}))


def test_the_message_does_not_call_an_empty_default_relative():
    import toollint

    findings = [f for f in toollint.lint([{"name": "ocr_image", "description": "Read one image.", "inputSchema": {
        "type": "object", "properties": {"image_path": {"type": "string", "default": ""}}}}])
        if f.rule == "relative-path"]
    assert len(findings) == 1 and "defaults to" not in findings[0].message


def test_optional_paths_listed_by_the_sdk():
    def ocr_table(image_path: str = "", image_url: str = "") -> str:
        """表格识别：从图片中提取表格。

        参数：
        - image_path: 图片或PDF文件路径
        - image_url: 图片URL地址
        """
        return ""

    def ocr_table_absolute(image_path: str = "", image_url: str = "") -> str:
        """Extract a table from an image.

        Args:
            image_path: Absolute path of the image or PDF file.
            image_url: URL of the image.
        """
        return ""

    def export(output_dir: str = "./out") -> str:
        """Export the report.

        Args:
            output_dir: Directory to write the report to.
        """
        return ""

    assert _reported("relative-path", listed(ocr_table)) == ["image_path"]
    assert _reported("relative-path", listed(ocr_table_absolute)) == []
    assert _reported("relative-path", listed(export)) == ["output_dir"]
