"""values-only-in-prose: values written after the parameter's own name in the tool description's prose, joined by
`|` (`role:Wind|Wall|Door.`, `format: html|markdown`, `action=fulfill|block`; read on holdout 22's first batch, a
tuning set once measured, 2026-12-07). The one-line form of an `Args:` entry: the values are there and nowhere in
the schema. Not a type annotation (`str|None`), a list left open, a parameter with an `enum`, or a word that is no
parameter's name."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Record one turn. role:Wind|Wall|Door.",
    "Record one turn. role: Wind | Wall | Door (the speaker's stance).",
    "Add a network rule. role=wind|wall|door.",
    "记录一轮发言。role：风|墙|门。",
    "记录一轮发言，role 取值 role=风|墙|门",
])
def test_piped_values_after_the_name_are_reported(description):
    assert fires("values-only-in-prose", _tool("add_turn", description, {"role": {"type": "string"}}))


@pytest.mark.parametrize("description, schema", [
    ("Record one turn. role: str|None, the speaker.", {"type": "string"}),  # a type annotation
    ("Record one turn. role: wind|wall|door, etc.", {"type": "string"}),  # left open
    ("Record one turn. role:Wind|Wall|Door.", {"type": "string", "enum": ["Wind", "Wall", "Door"]}),
    ("Record one turn. stance:Wind|Wall|Door.", {"type": "string"}),  # no parameter of that name
    ("记录一轮发言。role：风|墙|门 等", {"type": "string"}),  # 等: left open
])
def test_types_open_lists_enums_and_other_words_stay_quiet(description, schema):
    assert not fires("values-only-in-prose", _tool("add_turn", description, {"role": schema}))


def test_values_after_the_name_listed_by_the_sdk():
    def add_turn(thread_id: str, role: str, cognition: str | None = None) -> str:
        """Record turn. role:Wind|Wall|Door. cognition:PATHOS|ETHOS|LOGOS→validates content."""
        return ""

    def add_turn_documented(thread_id: str, role: str) -> str:
        """记录一轮发言。

        Args:
            thread_id: 会话 ID
            role: 发言立场
        """
        return ""

    assert _reported("values-only-in-prose", listed(add_turn)) == ["role", "cognition"]
    assert _reported("values-only-in-prose", listed(add_turn_documented)) == []


def test_rst_literals_around_quoted_values_listed_by_the_sdk():
    """reStructuredText's ``"aws"`` is the string "aws" (holdout 22's second batch, a tuning set once measured);
    "... also accepted" leaves the set open."""
    def find_playbooks(scope: str | None = None, confidence: str | None = None) -> str:
        """Find the runbooks of a cloud waste pattern.

        Args:
            scope: ``"aws"``, ``"azure"``, ``"gcp"``, or ``"cross-cloud"``.
            confidence: ``"obvious"`` (one signal is enough), ``"likely"`` (two signals), or ``"possible"``.
        """
        return ""

    def search(collection: str | None = None) -> str:
        """搜索文献。

        Args:
            collection: ``"atiqot"`` | ``"ha-esi"`` | ``"favissa"``. Raw setSpec (``"publication:x"``) also accepted.
        """
        return ""

    assert _reported("values-only-in-prose", listed(find_playbooks)) == ["scope", "confidence"]
    assert _reported("values-only-in-prose", listed(search)) == []


def test_an_entry_of_two_piped_values_listed_by_the_sdk():
    """`odds_format: decimal | american` (holdout 23, a tuning set once measured): a pipe joins no other words, so
    two values are a choice; two joined by `/` still need a default named (`CN/US (default CN)`), as `read/write`
    is one thing."""
    def get_odds(sport: str, odds_format: str = "decimal", scope: str = "read") -> str:
        """Get the odds of a sport's events.

        Args:
            sport: the sport key
            odds_format: decimal | american
            scope: read/write
        """
        return ""

    def get_odds_zh(sport: str, odds_format: str = "decimal") -> str:
        """获取赛事赔率。

        参数：
            sport: 运动项目
            odds_format: True | False
        """
        return ""

    assert _reported("values-only-in-prose", listed(get_odds)) == ["odds_format"]
    assert _reported("values-only-in-prose", listed(get_odds_zh)) == []
