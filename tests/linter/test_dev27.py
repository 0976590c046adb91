"""Two forms holdout 26's recall review showed (a tuning set once measured, 2026-12-07).

values-only-in-prose: an `Args:` entry whose own lines are a bullet list, each item a value and what it does
(`- "working" (default): every uncommitted change`), in English and Chinese. Not when the words before the list call
its items examples or some of the values ("Options include:", "Common codes:", "常用"), nor when the bullets are
not all such items.

missing-unit: a string parameter whose default is a number (`duration: str = "8"`) holds a number.

undeclared-destructive-tool: the destroying verb last, in a server that names its tools resource first
(`sarvam_tools_pronunciation_delete`)."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

import toollint

_SCOPE = {"scope": {"type": "string", "default": "working"}, "branch": {"type": "string"}}


@pytest.mark.parametrize("description", [
    "Review a change.\n\nArgs:\n    scope: What to review.\n        - \"working\" (default): every uncommitted change\n"
    "        - \"staged\": what git add staged\n        - \"committed\": branch...HEAD\n    branch: base branch\n",
    "Review a change.\n\nArgs:\n    scope: What to review.\n        - working: every uncommitted change\n"
    "        - staged: what git add staged\n    branch: base branch\n",
    "Review a change.\n\nArgs:\n    scope: What to review:\n        * `working` - every uncommitted change\n"
    "        * `staged` - what git add staged\n    branch: base branch\n",
    "审查一个变更。\n\n    Args:\n        scope: 审查范围。\n            - \"working\"（默认）：所有未提交改动\n"
    "            - \"staged\"：只审已暂存\n            - \"committed\"：审 branch...HEAD\n        branch: 基线分支\n",
])
def test_a_bullet_list_of_values_under_the_entry_is_reported(description):
    assert fires("values-only-in-prose", _tool("review_changes", description, _SCOPE))


@pytest.mark.parametrize("description", [
    # some of the values, not the set
    "Review a change.\n\nArgs:\n    scope: What to review. Options include:\n        - working: every change\n"
    "        - staged: what git add staged\n    branch: base branch\n",
    "Review a change.\n\nArgs:\n    scope: What to review. Common scopes:\n        - \"working\": every change\n"
    "        - \"staged\": what git add staged\n    branch: base branch\n",
    "审查一个变更。\n\nArgs:\n    scope: 审查范围，例如：\n        - working：所有改动\n        - staged：已暂存\n"
    "    branch: 基线分支\n",
    # one bullet is no value and what it does: a list of notes
    "Review a change.\n\nArgs:\n    scope: What to review.\n        - working: every change\n"
    "        - Leave it empty to review the last commit.\n    branch: base branch\n",
    # one item only
    "Review a change.\n\nArgs:\n    scope: What to review.\n        - working: every change\n    branch: base branch\n",
])
def test_examples_notes_and_single_items_stay_quiet(description):
    assert not fires("values-only-in-prose", _tool("review_changes", description, _SCOPE))


def test_a_bullet_list_of_values_listed_by_the_sdk():
    def review_changes(scope: str = "working", branch: str | None = None) -> str:
        """Review a git change.

        Args:
            scope: What to review.
                - "working" (default): every uncommitted change
                - "staged": only what git add staged
                - "committed": branch...HEAD; needs branch
            branch: The base branch.
        """
        return ""

    def search_filings(doc_type: str | None = None) -> str:
        """Search filings.

        Args:
            doc_type: Document type code. Common codes:
                - "120": annual report
                - "130": semi-annual report
        """
        return ""

    assert _reported("values-only-in-prose", listed(review_changes, search_filings)) == ["scope"]


@pytest.mark.parametrize("name, reported", [
    ("pronunciation_dictionary_delete", True),
    ("speech_cache_purge", True),
    ("pronunciation_dictionary_get", False),
    ("pronunciation_dictionary_delete_log", False),  # the verb neither first nor last: a log of deletions
])
def test_a_destroying_verb_last(name, reported):
    text = _tool(name, "Acts on a pronunciation dictionary by its ID.", {"dictionary_id": {"type": "string"}})
    assert fires("undeclared-destructive-tool", text) is reported


def test_a_destroying_verb_last_after_the_servers_prefix_listed_by_the_sdk():
    def speech_tools_pronunciation_list() -> str:
        """List the pronunciation dictionaries."""
        return ""

    def speech_tools_pronunciation_delete(dictionary_id: str) -> str:
        """删除指定的发音词典。"""
        return ""

    def speech_tools_pronunciation_create(name: str) -> str:
        """Create a pronunciation dictionary."""
        return ""

    listing = listed(speech_tools_pronunciation_list, speech_tools_pronunciation_delete,
                     speech_tools_pronunciation_create)
    reported = [listing[int(f.pointer.split("/")[1])]["name"] for f in toollint.lint(listing)
                if f.rule == "undeclared-destructive-tool"]
    assert reported == ["speech_tools_pronunciation_delete"]


def test_a_number_in_a_string_listed_by_the_sdk():
    def make_video(herb: str, duration: str = "8", version: str = "2", ratio: str = "16:9") -> str:
        """生成视频。"""
        return ""

    def make_clip(herb: str, duration: str = "8") -> str:
        """Make a clip.

        Args:
            herb: The herb to show.
            duration: Length of the clip in seconds.
        """
        return ""

    assert _reported("missing-unit", listed(make_video)) == ["duration"]
    assert _reported("missing-unit", listed(make_clip)) == []
