"""undocumented-identifier when the tool's description uses a word of format only about something else
("Converts numeric values ... in an Excel file": a recall miss of a 60-tool review of holdouts 13-16, now tuning
sets, 2026-12-06). A format word counts for the id only in a sentence about ids or next to the id's noun. English
and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import json

import pytest
from helpers import fires, lint_text
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def _fires(description: str) -> bool:
    return fires("undocumented-identifier", _tool("convert_number_to_text", description,
                                                  {"file_uuid": {"type": "string"}}))


@pytest.mark.parametrize("description", [
    "Converts numeric values to text within a range of a worksheet in an Excel file using a cloud API.",
    "Formats the cells of a worksheet in an uploaded spreadsheet file.",
    "将 Excel 文件中工作表的数字转换为文本，保留原有格式。",
])
def test_a_format_word_about_something_else_leaves_the_id_undocumented(description):
    assert _fires(description)


@pytest.mark.parametrize("description", [
    "Converts numbers to text. File ids are numeric, as upload_file returns them.",
    "Converts numbers to text in an uploaded file; each file is named by a UUID.",
    "将数字转换为文本。文件 ID 格式为 8 位数字。",
])
def test_a_format_said_of_the_id_or_its_noun_documents_it(description):
    assert not _fires(description)


def test_a_framework_listed_tool_whose_docstring_speaks_of_numeric_values():
    def convert_number_to_text(file_uuid: str, worksheet: str = "Sheet1") -> bool:
        """Converts numeric values to text within a range of a worksheet in an Excel file.

        Args:
            worksheet: the worksheet's name
        """
        return True

    assert _reported("undocumented-identifier", listed(convert_number_to_text)) == ["file_uuid"]


@pytest.mark.parametrize("title, reported", [
    ("File Uuid", True),  # FastMCP's title: the name again
    ("文件 UUID，由 upload_file 返回", False),
    ("UUID returned by upload_file", False),
])
def test_a_title_that_only_spells_the_name_says_nothing(title, reported):
    assert fires("undocumented-identifier", _tool("trim_text", "Trims the text of a worksheet.",
                                                  {"file_uuid": {"type": "string", "title": title}})) is reported


def _channel_tools(description: str, lister: str | None) -> str:
    tools = [{"name": "getChannelStatistics", "description": description,
              "inputSchema": {"type": "object", "properties": {"channelIds": {"type": "array",
                                                                              "items": {"type": "string"}}}}},
             {"name": "getChannelTopVideos", "description": description,
              "inputSchema": {"type": "object", "properties": {"channelId": {"type": "string"}}}}]
    if lister:
        tools.append({"name": lister, "description": "List the channels the user follows, with their ids.",
                      "inputSchema": {"type": "object", "properties": {}}})
    return json.dumps(tools, ensure_ascii=False)


@pytest.mark.parametrize("description", ["Statistics and top videos of YouTube channels.", "频道的统计数据和热门视频。"])
def test_a_sibling_that_takes_a_list_of_the_ids_is_no_place_to_get_one(description):
    reported = {f.pointer.rsplit("/", 1)[-1] for f in lint_text(_channel_tools(description, None))
                if f.rule == "undocumented-identifier"}
    assert reported == {"channelId", "channelIds"}
    # A sibling that lists channels does not describe the ids (holdouts 17-19's recall reviews): still reported,
    # with the help naming that sibling for the description to mention.
    with_lister = [f for f in lint_text(_channel_tools(description, "listChannels"))
                   if f.rule == "undocumented-identifier"]
    assert {f.pointer.rsplit("/", 1)[-1] for f in with_lister} == {"channelId", "channelIds"}
    assert all("`listChannels` returns one" in f.help for f in with_lister)
