"""Recall classes from the problems reviewers listed on holdouts 13 to 15 (2026-12-06) that no rule reported:
identifiers nothing describes, allowed values in the text of an optional (`str | None`) parameter or in a pair
whose default is named, a `Returns:` section that calls the result absolute, a `bulk_delete` tool, and two
vague names. Each fires where the text leaves the problem and stays quiet where it settles it, in English and
Chinese; the docstring cases are listed by the `mcp` SDK's own server."""

from __future__ import annotations

from typing import Annotated

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported
from pydantic import Field

import toollint

# --- undocumented-identifier ------------------------------------------------------------------------------------

def test_identifiers_a_docstring_leaves_out_are_reported():
    def get_references(doc_id: str, req_id: str, depth: int = 1) -> str:
        """List the standards and clauses that a requirement refers to.

        Args:
            depth: how many levels of references to follow
        """
        return ""

    assert _reported("undocumented-identifier", listed(get_references)) == ["doc_id", "req_id"]


def test_chinese_identifiers_a_docstring_leaves_out_are_reported():
    def query_ticket(ticket_id: str, verbose: bool = False) -> str:
        """查询工单详情。

        参数：
            verbose: 是否返回完整历史
        """
        return ""

    assert _reported("undocumented-identifier", listed(query_ticket)) == ["ticket_id"]


def test_an_identifier_the_docstring_documents_is_left_to_unconstrained_identifier():
    def get_references(doc_id: str) -> str:
        """List the references of a document.

        Args:
            doc_id: the document's id
        """
        return ""

    assert _reported("undocumented-identifier", listed(get_references)) == []
    selected = [f.rule for f in toollint.lint(listed(get_references), select=["ALL", "OPT-IN"])
                if f.rule.endswith("identifier")]
    assert selected == ["unconstrained-identifier"]


def test_an_undocumented_identifier_is_reported_once_with_the_opt_in_group():
    def get_references(doc_id: str) -> str:
        """List the references of a document."""
        return ""

    selected = [f.rule for f in toollint.lint(listed(get_references), select=["ALL", "OPT-IN"])
                if f.rule.endswith("identifier")]
    assert selected == ["undocumented-identifier"]


@pytest.mark.parametrize("description", [
    'Check a crawl job.\n\n**Usage Example:**\n```json\n{"name": "check_crawl", "arguments": {"id": "550e8400-e29b"}}\n```',
    "查询任务状态。示例：check_crawl(id='job_2041')",
])
def test_a_usage_example_gives_the_identifier_a_value(description):
    assert not fires("undocumented-identifier", _tool("check_crawl", description, {"id": {"type": "string"}}))


def test_the_id_of_what_the_call_creates_is_the_callers():
    create = _tool("create_presentation", "Create a new presentation.",
                   {"id": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Id"}})
    nested = _tool("save_workflow", "Save a workflow.",
                   {"nodes": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}})
    assert not fires("undocumented-identifier", create)
    assert not fires("undocumented-identifier", nested)
    assert fires("undocumented-identifier", _tool("get_presentation", "Read a presentation.",
                                                  {"id": {"type": "string"}}))


def test_a_sentence_naming_the_identifier_documents_it():
    description = "Fetch a canvas region. Pass the canvas_id of a page of the manifest."
    assert not fires("undocumented-identifier", _tool("view_region", description, {"canvas_id": {"type": "string"}}))
    assert fires("undocumented-identifier", _tool("view_region", "Fetch a canvas region.",
                                                  {"canvas_id": {"type": "string"}}))


# --- values-only-in-prose ---------------------------------------------------------------------------------------

def test_values_in_the_description_of_an_optional_string_are_reported():
    def get_free_agents(
        position: Annotated[str | None, Field(description="Filter by position (catcher, pitcher, outfield)")] = None,
        sort: Annotated[str | None, Field(description="排序方式，可选值：newest、oldest、popular")] = None,
        note: Annotated[str | None, Field(description="Anything to add, e.g. (urgent, later, maybe)")] = None,
    ) -> str:
        """Get the free agents on the waiver wire."""
        return ""

    assert _reported("values-only-in-prose", listed(get_free_agents)) == ["position", "sort"]


def test_values_of_an_arrays_items_are_reported():
    def query_search_analytics(
        dimensions: Annotated[list[str] | None, Field(description="Dimensions to group by (date, query, page, "
                                                                  "country). Multiple allowed.")] = None,
        states: Annotated[list[str], Field(description="按状态过滤，可选值：RUNNING、FAILED、DONE")] = (),
        tags: Annotated[list[str] | None, Field(description="Tags to add, e.g. (bug, feature, docs)")] = None,
    ) -> str:
        """Query search traffic."""
        return ""

    findings = [f for f in toollint.lint(listed(query_search_analytics)) if f.rule == "values-only-in-prose"]
    assert [f.pointer.rsplit("/", 1)[-1] for f in findings] == ["dimensions", "states"]
    assert all("to its `items`" in (f.help or "") for f in findings)


def test_an_array_naming_its_sibling_arrays_lists_no_values():
    text = "Log groups to query. Exactly one of [log_group_names, log_group_identifiers] should be given."
    props = {"log_group_names": {"type": "array", "items": {"type": "string"}, "description": text},
             "log_group_identifiers": {"type": "array", "items": {"type": "string"}}}
    assert not fires("values-only-in-prose", _tool("run_query", "Run a Logs Insights query.", props))


def test_an_optional_union_of_two_kinds_is_not_read():
    schema = {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}],
              "description": "Sort order (newest, oldest, popular)"}
    assert not fires("values-only-in-prose", _tool("list_posts", "List posts.", {"sort": schema}))


@pytest.mark.parametrize("name, text, expected", [
    ("data_state", "Data freshness (final, all). Default: final", True),
    ("sort_order", "排序（asc/desc），默认 desc", True),
    ("size", "Image size (width, height). Default is 512", False),
    ("view", "View (grid, list)", False),
])
def test_a_pair_in_parentheses_lists_values_when_one_is_the_default(name, text, expected):
    tool = _tool("query", "Query the data.", {name: {"type": "string", "description": text}})
    assert fires("values-only-in-prose", tool) is expected


@pytest.mark.parametrize("name, text", [
    ("start_date", "Inclusive window start ('YYYY-MM-DD' or 'YYYY-MM')."),
    ("order_by", 'Ordering as a JSON string {"dimension": ..., "order": "Asc"|"Desc"}. The dimension is one of '
                 "Score/Savings/Spend."),
    ("next_token", "Pagination token. All other parameters (start_time, end_time, attribute_key) must match."),
])
def test_formats_json_keys_and_parameter_names_are_no_values(name, text):
    props = {name: {"type": "string", "description": text}, "start_time": {"type": "string"},
             "end_time": {"type": "string"}, "attribute_key": {"type": "string"}}
    assert not fires("values-only-in-prose", _tool("list_events", "List events.", props))


# --- relative-path ----------------------------------------------------------------------------------------------

def test_a_returns_section_that_calls_the_result_absolute_says_nothing_of_the_input():
    def create_diagram(xml_content: str, output_dir: str) -> str:
        """接收 Draw.io XML 内容，保存为图片。

        Args:
            xml_content: Draw.io XML 内容
            output_dir: 输出目录路径

        Returns:
            生成的 PNG 图片绝对路径
        """
        return ""

    def export_chart(output_dir: str) -> str:
        """Render the chart into a directory.

        Returns:
            The absolute path of the PNG written.
        """
        return ""

    assert _reported("relative-path", listed(create_diagram)) == ["output_dir"]
    assert _reported("relative-path", listed(export_chart)) == ["output_dir"]


def test_a_tool_that_asks_for_absolute_paths_is_still_quiet():
    def export_chart(output_dir: str) -> str:
        """Render the chart into a directory. All paths must be absolute.

        Returns:
            The path of the PNG written.
        """
        return ""

    assert _reported("relative-path", listed(export_chart)) == []


# --- undeclared-destructive-tool --------------------------------------------------------------------------------

@pytest.mark.parametrize("name, description, expected", [
    ("gmail_bulk_delete_messages", "Delete multiple emails at once by providing a list of message IDs.", True),
    ("batch_delete_sessions", "批量删除会话。", True),
    ("gmail_bulk_get_messages", "Read multiple emails at once.", False),
    ("gmail_bulk_delete_messages", "Move multiple emails to the trash at once.", False),
])
def test_a_batch_word_before_the_verb(name, description, expected):
    tool = _tool(name, description, {"ids": {"type": "array", "items": {"type": "string"}}})
    assert fires("undeclared-destructive-tool", tool) is expected


# --- missing-param-description ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["resource", "direction", "shift_direction"])
def test_a_resource_or_a_direction_says_nothing_on_its_own(name):
    assert fires("missing-param-description", _tool("list_items", "List the items.", {name: {"type": "string"}}))
    assert not fires("missing-param-description", _tool("list_items", "列出条目。", {
        name: {"type": "string", "description": "实体集名称，例如 items、customers"}}))


def test_a_choice_of_named_shapes_says_what_it_holds():
    schema = {"anyOf": [{"$ref": "#/$defs/TextContents"}, {"$ref": "#/$defs/BlobContents"}]}
    tool = ('{"name": "embed", "description": "Embed a resource.", "inputSchema": {"type": "object", '
            '"properties": {"resource": ' + __import__("json").dumps(schema) + '}, "$defs": {'
            '"TextContents": {"type": "object", "properties": {"text": {"type": "string"}}}, '
            '"BlobContents": {"type": "object", "properties": {"uri": {"type": "string"}}}}}}')
    assert not fires("missing-param-description", tool)


@pytest.mark.parametrize("description", [
    "Fetch a web page from its URL and return its images. Set saveDir to keep them.",
    "从 URL 抓取网页并返回其中的图片（https 链接）。",
])
def test_where_a_fetch_tool_saves_is_on_the_agents_disk(description):
    props = {"url": {"type": "string"}, "saveDir": {"type": "string"}}
    assert fires("relative-path", _tool("image_fetch", description, props))


def test_a_path_in_a_repository_tool_is_still_off_disk():
    props = {"repo": {"type": "string"}, "file_path": {"type": "string"}}
    assert not fires("relative-path", _tool("get_file", "Read a file from a GitHub repository.", props))


@pytest.mark.parametrize("description, example", [
    ("헌법 조문을 조회합니다.", "예: ORD-20260917"),
    ("画像を取得します。", "例: ORD-20260917"),
    ("查询工单详情。", "例如 ORD-20260917"),
    ("Read a ticket.", "e.g. ORD-20260917"),
])
def test_the_example_id_is_written_in_the_authors_language(description, example):
    listing = [{"name": "get_ticket", "description": description,
                "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "string"}}}}]
    (finding,) = [f for f in toollint.lint(listing) if f.rule == "undocumented-identifier"]
    assert example in (finding.help or "")


@pytest.mark.parametrize("name, text, expected", [
    ("output_format", "Output format: file or inline (test_from_context)", True),
    ("issue_type", "The issue type: technical or customer-service", True),
    ("mode", "打开方式: read or write", True),
    ("sort_order", "Sort order: newest or oldest first", False),
    ("owner", "Owner: user or org", False),
])
def test_a_labelled_pair_lists_the_values_of_a_choice(name, text, expected):
    tool = _tool("export", "Export the report.", {name: {"type": "string", "description": text}})
    assert fires("values-only-in-prose", tool) is expected
