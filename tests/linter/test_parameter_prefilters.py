"""The parameter rules' cheap pre-filters and per-name memos decide exactly what the slow paths decide."""

from __future__ import annotations

import re

import pytest

from toollint.linter.checks.parameters import enums, identifiers
from toollint.linter.checks.safety import contradictions
from toollint.linter.namememo import NameMemo


def test_name_memo_computes_once_and_stays_bounded() -> None:
    calls: list[str] = []
    memo = NameMemo(lambda name: calls.append(name) or name.upper(), size=2)
    assert memo["a"] == "A" and memo["a"] == "A"
    assert calls == ["a"]
    memo["b"], memo["c"]
    assert len(memo) <= 2 and calls == ["a", "b", "c"]


@pytest.mark.parametrize("values", [
    ["Red", "red"], ["in_progress", "In Progress"], ["a-b", "ab"], ["one", "two"], ["x", "X", "y"],
    ["", " "], ["ß", "SS"], ["ﬁ", "FI"], ["A B", "a_b", "c"], [],
])
def test_may_collide_is_the_set_test_it_replaces(values: list[str]) -> None:
    distinct = len(set(values))
    slow = len({v.casefold() for v in values}) < distinct or len(
        {enums._SEPARATORS.sub("", v.casefold()) for v in values}) < distinct
    assert enums._may_collide(values) == slow


@pytest.mark.parametrize("text", [
    "Pick an arbitrary name", "any unique string you like", "ASSIGNED BY THE CALLER", "Chosen by you",
    "a user-defined label", "Client-Generated id", "IdempotencY key", "to identify it later", "a new unique id",
    "自定义名称", "由调用方生成", "The order id", "ſomething aſſigned by you", "the ID of the order",
])
def test_caller_assigned_prefilter_never_hides_a_match(text: str) -> None:
    assert identifiers._caller_assigned(text) == (identifiers._CALLER_ASSIGNED.search(text) is not None)


@pytest.mark.parametrize("text", [
    "One of 'a', 'b'", "Allowed values: \"x\", \"y\"", "VALID VALUES 'p' or 'q'", "possible values `m`, `n`",
    "Must be either 'on' or 'off'", "可选值：'a'、'b'", "取值为 'x' 或 'y'", "Nothing here", "ONE\tOF 'x' 'y'",
])
def test_values_prefilter_never_hides_a_match(text: str) -> None:
    if contradictions._VALUES_STATED.search(text):
        assert contradictions._may_list_values(text)


@pytest.mark.parametrize("text", ["Defaults to 5", "(DEFAULT 3)", "默认值为 10", "default: true", "no such word"])
def test_default_prefilter_never_hides_a_match(text: str) -> None:
    if contradictions._DEFAULT_STATED.search(text):
        assert contradictions._may_state_default(text)


def test_prefilter_parts_avoid_letters_with_other_case_insensitive_spellings() -> None:
    # `i`, `s` and `k` match `ı`/`İ`, `ſ` and the Kelvin sign under re.IGNORECASE, which str.lower() does not fold.
    for part in identifiers._ASSIGNED_PARTS:
        assert not set(part) & set("isk"), part
    assert not re.search(r"[isk]", contradictions._VALUES_OPENING.pattern.replace(r"\s", ""))
