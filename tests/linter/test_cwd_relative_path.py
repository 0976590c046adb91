"""relative-path on a path the text makes relative to the server's working directory (a recall miss on holdout
10): the agent cannot see that directory, so saying "relative" names no base it can use. A path relative to a
base the tool owns ("the vault root") stays relative by design, and so does a tool set whose `cd` lets the agent
set the directory itself."""

from __future__ import annotations

import json

import pytest
from helpers import fires, lint_text
from helpers import mcp_tool as _tool


@pytest.mark.parametrize("name, description, properties", [
    ("read_pdf", "Read a PDF and return its text.",
     {"path": {"type": "string", "description": "Path to the PDF, relative to the current working directory"}}),
    ("read_pdf", "Read PDFs.", {"sources": {"type": "array", "items": {"type": "object", "properties": {
        "path": {"type": "string", "description": "Relative paths are resolved against the server's cwd"}}}}}),
    ("打开文档", "打开一个文档并返回内容。", {"文件路径": {"type": "string", "description": "相对于当前工作目录的路径"}}),
    # FastMCP sends the docstring as the description; the property has only a title.
    ("read_pdf", "Read a PDF.\n\nArgs:\n    path: The PDF, relative to the working directory.\n",
     {"path": {"title": "Path", "type": "string"}}),
])
def test_a_path_relative_to_the_working_directory_fires(name, description, properties):
    assert fires("relative-path", _tool(name, description, properties))


def test_the_message_names_the_working_directory():
    text = _tool("read_pdf", "Read a PDF.", {"path": {"type": "string", "description": "Relative to the cwd"}})
    (finding,) = [f for f in lint_text(text) if f.rule == "relative-path"]
    assert "relative to the server's working directory" in finding.message


@pytest.mark.parametrize("description", ["Path relative to the vault root", "相对路径，例如 notes/today.md",
                                         "The relative path of the page"])
def test_a_path_relative_to_the_tools_own_base_stays_quiet(description):
    assert not fires("relative-path", _tool("open_note", "Open a note.", {"path": {"type": "string",
                                                                                  "description": description}}))


def test_a_tool_set_with_cd_sets_the_working_directory_itself():
    tools = [json.loads(_tool("cd", "Change the current directory.", {"dir": {"type": "string",
                                                                              "description": "Absolute path"}})),
             json.loads(_tool("cat", "Print a file.", {"path": {"type": "string", "description":
                                                                "Relative to the current working directory"}}))]
    assert not fires("relative-path", json.dumps(tools))
