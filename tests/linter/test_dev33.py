"""Holdout 32's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

vague-description: a short description in an alphabet neither Latin nor CJK ("Закрыть открытый браузер профиля.",
Russian for "close the profile's open browser") was called generic, because the rule found no Latin word in it to
keep. Such words are now counted as words the rule cannot read: the text is measured, never called generic. A
generic English or Chinese text is still reported, and so is a one-word text in any alphabet.

values-only-in-prose (a recall miss of holdout 32): a property whose whole description is a list of three bare
words or more ("low, medium, or high.") gives its values, as a docstring entry that is only such a list does. A
list inside a sentence ("The name, email or phone of the contact") is no such text."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool


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
