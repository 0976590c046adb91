"""relative-path on a relative default (holdouts 13 and 16's recall misses): `path: str = "project.faf"` and
`extract_dir` defaulting to `.` are read from the server's working directory, which the agent cannot see. An empty
default (not given), an absolute, home or variable one, a URL and a template are not relative paths, and what
settles a path otherwise (an anchor, a remote place) still settles it. English and Chinese; the docstring cases
are listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import lint_text
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def _messages(text: str) -> list[str]:
    return [f.message for f in lint_text(text) if f.rule == "relative-path"]


def test_a_framework_default_file_name_is_reported_with_its_value():
    def faf_read(path: str = "project.faf") -> str:
        """Read project DNA from a .faf file and return its parsed structure."""
        return ""

    def faf_export(path: str = "project.faf", out_dir: str = "docs/generated") -> str:
        """导出项目说明。

        Args:
            path: 项目文件
            out_dir: 输出目录
        """
        return ""

    assert _reported("relative-path", listed(faf_read)) == ["path"]
    assert _reported("relative-path", listed(faf_export)) == ["path", "out_dir"]


@pytest.mark.parametrize("default", [".", "./output", "assets", "data/raw/", ".claude/commands"])
def test_relative_defaults_are_reported_as_the_servers_working_directory(default):
    messages = _messages(_tool("export_files", "Write the generated files.",
                               {"output_dir": {"type": "string", "description": "Directory to write to",
                                               "default": default}}))
    assert messages == [f"`output_dir` defaults to the relative path `{default}`, resolved against the server's "
                        "working directory, which the agent cannot see"]


def test_an_empty_default_is_read_as_no_default():
    assert _messages(_tool("export_files", "Write the generated files.",
                           {"output_dir": {"type": "string", "description": "Directory to write to",
                                           "default": ""}})) == \
        ["`output_dir` takes a path but does not require an absolute one"]


@pytest.mark.parametrize("default", ["/var/data", "~/notes", "$HOME/notes", "${DATA_DIR}/out", "C:\\data",
                                     "https://example.com/files", "{name}.md", "$.items[0]", "-", "stdout", "auto"])
def test_absolute_variable_url_and_template_defaults_are_not_relative(default):
    assert _messages(_tool("export_files", "Write the generated files.",
                           {"output_dir": {"type": "string", "description": "Directory to write to",
                                           "default": default}})) == []


@pytest.mark.parametrize("description", [
    "Output directory, relative to the project root",
    "Path inside the repository",
    "输出目录，相对于项目根目录",
])
def test_an_anchored_or_remote_path_with_a_relative_default_stays_quiet(description):
    assert _messages(_tool("export_docs", "Export the docs.",
                           {"out_dir": {"type": "string", "description": description, "default": "docs"}})) == []


def test_a_chinese_description_gets_the_advice_in_chinese():
    found = [f for f in lint_text(_tool("导出", "导出报告。", {"output_dir": {"type": "string", "description": "输出目录",
                                                                       "default": "reports"}}))
             if f.rule == "relative-path"]
    assert len(found) == 1 and "绝对路径" in (found[0].help or "")


@pytest.mark.parametrize("tool, prop, description", [
    ("extract_archive", "archive_path", "Archive file path"),
    ("compress_files", "output_path", "Path of the zip file to write"),
    ("解压", "archive_path", "压缩包文件路径"),
])
def test_the_path_of_an_archive_file_is_on_the_disk(tool, prop, description):
    assert len(_messages(_tool(tool, "Extract an archive file (zip, tar).",
                               {prop: {"type": "string", "description": description}}))) == 1


@pytest.mark.parametrize("description", [
    "Path of the entry inside the archive",
    "Path of the file within the zip",
])
def test_a_path_inside_an_archive_stays_quiet(description):
    assert _messages(_tool("read_archive_entry", "Read one entry of an archive file.",
                           {"entry_path": {"type": "string", "description": description}})) == []
