"""The boundary on hostile schemas and arguments: no stall, no wrong OK, only BoundaryError from
`from_tools` (review items B4, B7, C5, C6, C8, C11)."""

from __future__ import annotations

import time

import pytest

from hostile.util import tool_use
from toollint.boundary import Boundary, BoundaryError
from toollint.schema import safe_regex


def _pattern_tool(pattern: str) -> Boundary:
    return Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {
        "type": "object", "properties": {"x": {"type": "string", "pattern": pattern}}, "required": ["x"]}}])


@pytest.mark.parametrize(("pattern", "text", "ok"), [
    (r"\s+$", " " * 40_000 + "!", False),          # quadratic under re.search: 7 s at 40k before
    (r"\s+$", "x" + " " * 40_000, True),
    (r"a+b", "a" * 40_000, False),
    (r"[a-z0-9]+\.example\.com", "a" * 40_000, False),
    (r"(?i)^(a+)+$", "a" * 30 + "!", False),        # exponential; 55 s before (the NFA lacked (?i))
    (r"(?i)^(a+)+$", "A" * 30, True),
])
def test_no_pattern_stalls_a_call(pattern, text, ok) -> None:
    boundary = _pattern_tool(pattern)
    started = time.perf_counter()
    outcome = boundary.check(tool_use("t", {"x": text}))
    assert time.perf_counter() - started < 8  # linear: well under a second unloaded
    assert outcome.ok is ok


def test_unsupported_risky_pattern_is_time_boxed_without_regex(monkeypatch) -> None:
    monkeypatch.setattr(safe_regex, "_regex_module", lambda: None)
    boundary = _pattern_tool(r"^(a+)+\1$")  # a backreference: the NFA cannot run it
    assert "20 characters" in " ".join(boundary.warnings)
    started = time.perf_counter()
    outcome = boundary.check(tool_use("t", {"x": "a" * 40 + "!"}))
    assert time.perf_counter() - started < 2 and not outcome.ok
    assert boundary.check(tool_use("t", {"x": "aa"})).ok


def test_unsupported_risky_pattern_uses_the_regex_time_budget() -> None:
    pytest.importorskip("regex")
    boundary = _pattern_tool(r"^(a+)+\1$")
    assert "time limit" in " ".join(boundary.warnings)
    started = time.perf_counter()
    boundary.check(tool_use("t", {"x": "a" * 5_000 + "!"}))
    assert time.perf_counter() - started < 3


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"x": {"type": "string", "pattern": "x{99999999999}"}}},
    {"type": "object", "properties": {"x": {"type": "string", "pattern": "("}}},
])
def test_from_tools_raises_only_boundary_error(schema) -> None:
    with pytest.raises(BoundaryError):
        Boundary.from_tools([{"name": "t", "description": "d", "input_schema": schema}])


BOUNDED = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {
    "pct": {"type": "number", "minimum": 0, "maximum": 100}, "amt": {"type": "number", "minimum": 0},
    "blob": {"type": "object"}}}}])


@pytest.mark.parametrize("arguments", [
    {"pct": float("nan")}, {"amt": float("inf")}, {"blob": {"deep": [float("-inf")]}},
    '{"pct": 5, "amt": 1e999}', {"blob": {"a": 10**5000}},
])
def test_non_finite_and_huge_numbers_are_rejected(arguments) -> None:
    outcome = BOUNDED.check(tool_use("t", arguments), chain=object())
    assert not outcome.ok and outcome.code in ("INVALID_ARGUMENTS", "INVALID_JSON"), outcome.reason
    assert outcome.retryable


def test_non_finite_sentence_in_chinese() -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {"type": "object"}}], lang="zh")
    outcome = boundary.check(tool_use("t", {"a": float("nan")}))
    assert "有限" in outcome.content


def test_duplicate_keys_in_argument_text_are_invalid_json() -> None:
    outcome = BOUNDED.check(tool_use("t", '{"pct": 5, "pct": 6}'), chain=object())
    assert outcome.code == "INVALID_JSON" and "twice" in outcome.reason


def test_overflowing_multiple_of_is_not_an_internal_error() -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {
        "type": "object", "properties": {"m": {"type": "number", "multipleOf": 10**400}}}}])
    assert boundary.check(tool_use("t", {"m": 1.5})).code == "INVALID_ARGUMENTS"


def test_ref_cycle_is_a_schema_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # The cycle is found when validation recurses out of stack, about 10 ms; under a loaded CI runner that once took
    # longer than the half-second budget, which then answered "too complex" instead. The budget is not the subject.
    from toollint.boundary import compiled

    monkeypatch.setattr(compiled, "MAX_SECONDS", 30.0)
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {
        "type": "object", "$defs": {"a": {"$ref": "#/$defs/a"}}, "properties": {"x": {"$ref": "#/$defs/a"}}}}])
    outcome = boundary.check(tool_use("t", {"x": 1}))
    assert outcome.code == "SCHEMA_ERROR" and "cycle" in outcome.reason


def test_recursive_schema_still_judges_deep_arguments() -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {
        "type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}}])
    assert boundary.check(tool_use("t", {"kids": [{"kids": []}]})).ok


def test_invented_tool_names_share_one_retry_budget() -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {"type": "object"}}])
    codes = [boundary.check(tool_use(f"made_up_{i}", {}), chain="conversation-1").code for i in range(4)]
    assert codes[:2] == ["UNKNOWN_TOOL", "UNKNOWN_TOOL"] and codes[2:] == ["RETRY_BUDGET_EXHAUSTED"] * 2
    assert boundary.check(tool_use("made_up_x", {}), chain="conversation-2").code == "UNKNOWN_TOOL"


def test_retry_table_does_not_keep_long_names_or_chains() -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {"type": "object"}}])
    for i in range(50):
        boundary.check(tool_use("x" * 10_000 + str(i), {}), chain="c" * 10_000 + str(i))
    table = boundary.budget._failures
    assert sum(len(repr(key)) for key in table) < 50 * 200


@pytest.mark.parametrize(("sent", "declared", "mapped"), [
    ("REFUND", "refund", True), ("Straße", "STRASSE", False), ("\ufb01le", "file", False),
    ("\u017ftop", "stop", False), ("\u212aill", "kill", False),
])
def test_enum_normalization_maps_case_only(sent, declared, mapped) -> None:
    boundary = Boundary.from_tools([{"name": "t", "description": "d", "input_schema": {
        "type": "object", "properties": {"x": {"type": "string", "enum": [declared, "other"]}}}}])
    outcome = boundary.check(tool_use("t", {"x": sent}), chain=object())
    assert outcome.ok is mapped
    if mapped:
        assert outcome.arguments == {"x": declared}
