"""Holdout 32's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

vague-description: a short description in an alphabet neither Latin nor CJK ("Закрыть открытый браузер профиля.",
Russian for "close the profile's open browser") was called generic, because the rule found no Latin word in it to
keep. Such words are now counted as words the rule cannot read: the text is measured, never called generic. A
generic English or Chinese text is still reported, and so is a one-word text in any alphabet.

values-only-in-prose (a recall miss of holdout 32): a property whose whole description is a list of three bare
words or more ("low, medium, or high.") gives its values, as a docstring entry that is only such a list does. A
list inside a sentence ("The name, email or phone of the contact") is no such text.

undocumented-identifier (recall misses of holdouts 30 and 32): an identifier's name written out in words ("The
unique identifier for the post" for `post_id`, "ID of the run" in an `Args:` entry) writes nothing about it, as "Post
ID" does not. A word more ("The Graph site ID"), an example or the tool that returns it is something written.

values-only-in-prose (a recall miss of holdout 30, and a form the shared corpus holds): a text that ends on a choice
of two constants after a label, a dash or "by" ("Storage type: STATIC or DYNAMIC", "좌석 등급 필터 - ECONOMY 또는
BUSINESS") gives the values. Examples ("such as DOCX or ODT", "e.g. MNQ, CL, BTC/USD"), forms of a value ("Project
ID or URL") and a hedge ("Usually FRONT or BACK") do not.

values-only-in-prose (a recall miss of holdout 32): quoted values explained by Chinese straight after them
("'cheapest'按最低价排序、'earliest'按起飞时间排序") or by a verb of what each does ('"preview" returns truncated
content; "full" returns complete content') are explained values, as "'l' for lines" already was.

undocumented-identifier (recall misses of holdouts 30 and 32): a tool description that names another tool for
another id ("pass the attachment_id to download_attachment") says nothing of where a `message_id` comes from. The
sentence that names the other tool must speak of this id, by its name or a noun of it ("the message", or
`search_messages`)."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Закрыть открытый браузер профиля.",
    "Проверить прокси: внешний адрес, страна, задержка, оценка риска.",
    "Κλείνει το ανοιχτό πρόγραμμα περιήγησης.",
    "Unpin feedbacks (открепить отзывы).",
])
def test_a_short_text_in_another_alphabet_is_not_generic(description):
    assert not fires("vague-description", _tool("close_profile", description, {"profile_id": {"type": "string"}}))


@pytest.mark.parametrize("name, description", [
    ("get_data", "Gets data."),
    ("get_data", "获取数据"),
    ("close_profile", "Закрыть."),
])
def test_generic_or_one_word_texts_are_still_reported(name, description):
    assert fires("vague-description", _tool(name, description, {}))


@pytest.mark.parametrize("description", ["low, medium, or high.", "trend, mean_reversion, breakout, momentum"])
def test_a_description_that_is_only_a_list_gives_the_values(description):
    assert fires("values-only-in-prose", _tool("update_bug", "Update a bug.", {
        "severity": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "description": description}}))


@pytest.mark.parametrize("description", [
    "The name, email or phone of the contact to look up.",
    "Search text: name, email, or phone",
    "按名称、邮箱或电话查找联系人",
])
def test_a_list_inside_a_sentence_is_not_the_value_set(description):
    assert not fires("values-only-in-prose", _tool("find_contact", "Find a contact.", {
        "query": {"type": "string", "description": description}}))


def _post_tool(description: str) -> str:
    return _tool("update_post", "Update a blog post's title or body.", {
        "post_id": {"type": "string", "description": description}, "title": {"type": "string", "description": "New title"}})


@pytest.mark.parametrize("description", [
    "The unique identifier for the post", "ID of the post", "The post's ID.", "Unique post identifier",
])
def test_an_id_written_out_in_words_is_undocumented(description):
    assert fires("undocumented-identifier", _post_tool(description))


@pytest.mark.parametrize("description", [
    "The Graph site ID of the post", "ID of the post, as list_posts returns it", "The post's ID, e.g. 'p_81x2'",
    "The unique identifier for the post to update; drafts have none",
])
def test_an_id_described_beyond_its_name_is_not(description):
    assert not fires("undocumented-identifier", _post_tool(description))


@pytest.mark.parametrize("description, reported", [("文章 ID", True), ("文章 ID，由 list_articles 返回", False)])
def test_chinese_spells_the_name_or_says_more(description, reported):
    tool = _tool("update_article", "更新文章。", {"article_id": {"type": "string", "description": description}})
    assert fires("undocumented-identifier", tool) is reported


def test_an_args_entry_that_writes_the_id_out_is_nothing_written():
    def get_task(run_id: str, task_id: str) -> str:
        """Get details about a specific task.

        Args:
            run_id: ID of the run
            task_id: The ID of the task, as list_tasks returns it
        """
        return ""

    assert _reported("undocumented-identifier", listed(get_task)) == ["run_id"]


@pytest.mark.parametrize("description", [
    "Storage type: STATIC or DYNAMIC", "The type of resource - ASSET or COMPUTATION_MODEL (required)",
    "좌석 등급 필터 - ECONOMY 또는 BUSINESS (기본 None=전체)", "舱位：ECONOMY 或 BUSINESS", "Filter assets by ALL or TOP_LEVEL",
])
def test_a_text_that_ends_choosing_between_two_constants_gives_them(description):
    assert fires("values-only-in-prose", _tool("create_store", "Create a store.", {
        "kind": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    "A binary source such as DOCX or ODT.", "e.g. MNQ, CL, BTC/USD", "Project ID or URL", "Usually FRONT or BACK",
    "舱位，例如 ECONOMY 或 BUSINESS", "STATIC or DYNAMIC storage is chosen from the plan",
])
def test_examples_forms_and_sentences_are_not_a_choice(description):
    assert not fires("values-only-in-prose", _tool("create_store", "Create a store.", {
        "kind": {"type": "string", "description": description}}))


def test_an_args_entry_that_ends_choosing_between_two_constants():
    def list_actions(target_resource_id: str, target_resource_type: str) -> dict:
        """List the actions of a target resource.

        Args:
            target_resource_id: The target resource, as list_assets returns it
            target_resource_type: The type of resource - ASSET or COMPUTATION_MODEL (required)
        """
        return {}

    assert _reported("values-only-in-prose", listed(list_actions)) == ["target_resource_type"]


@pytest.mark.parametrize("description", [
    "排序模式（可选），'cheapest'按最低价排序、'earliest'按起飞时间排序，默认按平台数量+价格排序",
    "'asc'升序，'desc'降序",
    '"preview" (default) returns truncated content; "full" returns complete content',
])
def test_quoted_values_explained_by_what_they_do(description):
    assert fires("values-only-in-prose", _tool("search_flights", "Search flights.", {
        "sort_mode": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", [
    "例如 'cheapest'按最低价排序、'earliest'按起飞时间排序", "'cheapest' returns the lowest fares first",
    "Search text, e.g. 'paris' returns flights to Paris and 'nyc' returns New York",
])
def test_one_explained_value_or_examples_are_not_the_set(description):
    assert not fires("values-only-in-prose", _tool("search_flights", "Search flights.", {
        "sort_mode": {"type": "string", "description": description}}))


def _attachments(description: str) -> list:
    tools = [
        {"name": "list_attachments", "description": description,
         "inputSchema": {"type": "object", "properties": {"message_id": {"type": "string"}}}},
        {"name": "download_attachment", "description": "Download one attachment of a message to a file.",
         "inputSchema": {"type": "object", "properties": {
             "attachment_id": {"type": "string", "description": "From list_attachments, e.g. 'att_01'"}}}},
        {"name": "search_messages", "description": "Search the mailbox; returns message ids and subjects.",
         "inputSchema": {"type": "object", "properties": {"query": {"type": "string", "description": "Gmail search"}}}},
    ]
    return tools


@pytest.mark.parametrize("description", [
    "List attachments in a message. Pass an attachment_id to download_attachment to fetch one.",
    "列出邮件的附件。把 attachment_id 传给 download_attachment 下载。",
])
def test_a_tool_named_for_another_id_says_nothing_of_this_one(description):
    assert _reported("undocumented-identifier", _attachments(description)) == ["message_id"]


@pytest.mark.parametrize("description", [
    "List attachments in a message. Get the message from search_messages first.",
    "List attachments of a message_id that search_messages returned.",
    "列出邮件的附件。message_id 来自 search_messages。",
])
def test_a_tool_named_beside_the_id_says_where_it_comes_from(description):
    assert _reported("undocumented-identifier", _attachments(description)) == []
