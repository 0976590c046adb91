"""relative-path classes read on a 60-tool review of the shared corpus (a tuning set, 2026-12-06): a tool's
"relative" about something else than paths ("Relative references shift as in Excel") does not settle its `path`,
and a path that may be a URL instead ("Path to the PDF file or URL") is a path on the disk. Each fires where the
text leaves the problem and stays quiet where it settles it, in English and Chinese; the docstring cases are listed
by the `mcp` SDK's own server."""

from __future__ import annotations

import json

import pytest
from helpers import framework_listing as listed
from helpers import lint_text
from helpers import reported_params as _reported

# --- relative-path -----------------------------------------------------------------------------------------------

def _paths(description: str, prop: dict, name: str = "path") -> list[str]:
    text = json.dumps({"name": "copy_range", "description": description,
                       "inputSchema": {"type": "object", "properties": {name: prop}}}, ensure_ascii=False)
    return [f.pointer for f in lint_text(text) if f.rule == "relative-path"]


@pytest.mark.parametrize("description", [
    "Copy and paste a range, overwriting the destination. Relative references shift as in Excel.",
    "复制单元格区域。相对引用会按 Excel 的规则移动。",
])
def test_relative_about_something_else_than_paths_does_not_settle_a_path(description):
    assert _paths(description, {"type": "string", "description": "Workbook path"}) == ["/inputSchema/properties/path"]


@pytest.mark.parametrize("description", [
    "Copy a range. Paths are relative to the workbook folder.",
    "复制单元格区域。所有路径均为相对路径，以工作区为根。",
])
def test_a_tool_that_says_its_paths_are_relative_stays_quiet(description):
    assert _paths(description, {"type": "string", "description": "Workbook path"}) == []


def _pdf_tool(entry: str) -> list[str]:
    def get_pdf_info(pdf_file_path: str) -> str:
        """Get basic information about a PDF file. Supports both local file paths and URLs.

        Args:
            pdf_file_path: {entry}
        """
        return ""

    get_pdf_info.__doc__ = (get_pdf_info.__doc__ or "").replace("{entry}", entry)
    return _reported("relative-path", listed(get_pdf_info))


@pytest.mark.parametrize("entry", [
    "Path to the PDF file or URL to PDF",
    "Local file path or file:// URL",
    "PDF 文件路径或 URL",
])
def test_a_path_that_may_be_a_url_instead_is_a_path_on_the_disk(entry):
    assert _pdf_tool(entry) == ["pdf_file_path"]


@pytest.mark.parametrize("entry", ["Path of the PDF in the S3 bucket", "S3 存储桶中的 PDF 路径",
                                   "Path of the PDF on the remote host"])
def test_a_path_in_a_bucket_or_on_a_host_stays_quiet(entry):
    assert _pdf_tool(entry) == []


@pytest.mark.parametrize("entry", ["Directory to save downloaded files", "下载到的本地目录"])
def test_where_a_fetch_tool_saves_is_on_the_disk(entry):
    def download_files(urls: list[str], output_dir: str | None = None) -> str:
        """Download multiple files from URLs.

        Args:
            urls: the URLs
            output_dir: {entry}
        """
        return ""

    download_files.__doc__ = (download_files.__doc__ or "").replace("{entry}", entry)
    assert _reported("relative-path", listed(download_files)) == ["output_dir"]


def test_a_remote_path_to_download_from_stays_quiet():
    def download_file(remote_path: str) -> str:
        """Download a file from the remote server over SFTP.

        Args:
            remote_path: path of the file to download on the remote host
        """
        return ""

    assert _reported("relative-path", listed(download_file)) == []


@pytest.mark.parametrize("description", ["Optional extracted project root.", "工作区根目录"])
def test_a_project_root_is_a_path(description):
    assert _paths("Run a command of the project's CLI.", {"type": "string", "description": description},
                  "root") == ["/inputSchema/properties/root"]


def test_a_root_that_is_no_path_stays_quiet():
    assert _paths("Solve an equation.", {"type": "string", "description": "Which root of the polynomial to return"},
                  "root") == []
