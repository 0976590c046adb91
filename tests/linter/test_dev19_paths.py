"""relative-path when "routing" in the tool description is not about URLs (read on holdout 18's recall review, a
tuning set once measured, 2026-12-06): "a plan summary, per-target backend/muxer routing" said nothing of where
`manifest_path` is, yet silenced it. URL or request routing still puts a path off the disk. In English and
Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("tool_description, path_description", [
    ("Compile a manifest (YAML/JSON) to its plan: per-target backend routing and each step.", "The manifest file"),
    ("把清单（YAML/JSON）编译为打包计划，含每个目标的后端 routing。", "清单文件的路径"),
])
def test_routing_that_is_not_about_urls_leaves_the_path_on_the_disk(tool_description, path_description):
    tool = _tool("compile_manifest", tool_description, {"manifest_path": {"type": "string",
                                                                          "description": path_description}})
    assert fires("relative-path", tool)


@pytest.mark.parametrize("tool_description", [
    "Add a rewrite to the project's URL routing.",
    "为站点的 URL 路由添加一条重写规则。",
])
def test_url_routing_puts_the_path_off_the_disk(tool_description):
    tool = _tool("add_rewrite", tool_description, {"source_path": {"type": "string",
                                                                   "description": "The path to match"}})
    assert not fires("relative-path", tool)


def test_routing_of_a_compiled_manifest_listed_by_the_sdk():
    def compile_manifest(manifest_path: str) -> dict:
        """Compile a manifest (YAML/JSON) to its packaging plan.

        Returns a plan summary: per-target backend/muxer routing, and each step's id and kind.
        """
        return {}

    assert _reported("relative-path", listed(compile_manifest)) == ["manifest_path"]


@pytest.mark.parametrize("name, description", [
    ("extract_to", "Directory to extract to"),
    ("saveTo", "The path to save the screenshot to"),
    ("license", "Path to license file"),
    ("out", "输出目录，报告写在这里"),
    ("target", "目标文件夹：解压到这里"),
])
def test_a_parameter_described_as_a_path(name, description):
    assert fires("relative-path", _tool("extract_archive", "Extract an archive.", {
        name: {"type": "string", "description": description}}))


@pytest.mark.parametrize("name, description", [
    ("node_path", "Path to the node in the scene tree"),  # the name places it elsewhere
    ("extract_to", "Directory to extract to; an absolute path"),
    ("query", "The path of least resistance, as a search phrase"),
    ("out", "输出格式：json 或 csv"),
])
def test_a_parameter_not_described_as_a_path_on_the_disk(name, description):
    assert not fires("relative-path", _tool("extract_archive", "Extract an archive.", {
        name: {"type": "string", "description": description}}))


def test_a_parameter_described_as_a_path_in_its_docstring_entry_listed_by_the_sdk():
    def extract_archive(archive: str, extract_to: str = ".", json_path: str = "") -> str:
        """Extract an archive.

        Args:
            archive: the archive's id in the store
            extract_to: Directory to extract to
            json_path: Path to the value in the archive's manifest
        """
        return ""

    assert _reported("relative-path", listed(extract_archive)) == ["extract_to"]


@pytest.mark.parametrize("description", [
    "Path to the script to debug. Use absolute paths or paths relative to your current working directory",
    "要调试的脚本路径，可为绝对路径或相对于当前工作目录的路径",
])
def test_relative_to_your_working_directory(description):
    assert fires("relative-path", _tool("start_debugging", "Start debugging a script.", {
        "scriptPath": {"type": "string", "description": description}}))


@pytest.mark.parametrize("tool_name, tool_description", [
    ("analyze_for_redesign", "Accepts multiple file contents and returns a rebranding plan."),
    ("review_files", "审查提交的多个文件内容并返回修改建议。"),
])
def test_a_path_beside_the_files_content_in_a_tool_that_reads_it(tool_name, tool_description):
    files = {"type": "array", "items": {"type": "object", "properties": {
        "path": {"type": "string", "description": "File path"}, "content": {"type": "string"}}}}
    assert not fires("relative-path", _tool(tool_name, tool_description, {"files": files}))


@pytest.mark.parametrize("tool_name, tool_description", [
    ("write_files", "Write several files at once."),
    ("batch_write", "批量写入多个文件。"),
])
def test_a_path_beside_the_files_content_in_a_tool_that_writes_it(tool_name, tool_description):
    files = {"type": "array", "items": {"type": "object", "properties": {
        "path": {"type": "string", "description": "File path"}, "content": {"type": "string"}}}}
    assert fires("relative-path", _tool(tool_name, tool_description, {"files": files}))


@pytest.mark.parametrize("description", ["Path to the Python interpreter (auto-detected)", "解释器路径，默认自动检测"])
def test_an_executable_is_found_on_the_path(description):
    assert not fires("relative-path", _tool("start_debugging", "Start debugging a script.", {
        "executablePath": {"type": "string", "description": description}}))
