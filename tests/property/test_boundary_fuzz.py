"""Whatever a model (or a bug) puts in a call, `check` answers with an Outcome and never raises."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT_DIR
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from toollint.boundary import CODES, Boundary

pytestmark = pytest.mark.slow  # deep Hypothesis runs

ROOT = ROOT_DIR
BOUNDARY = Boundary.from_tools(ROOT / "fixtures" / "refund.json", max_retries=1_000_000)
SCHEMA = BOUNDARY.schema("refund_order")
PLAIN = Draft202012Validator(SCHEMA)
FIELDS = ["order_id", "amount_cents", "reason", "note", "extra"]

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
json_values = st.recursive(scalars, lambda children: st.lists(children, max_size=4)
                           | st.dictionaries(st.text(max_size=8), children, max_size=4), max_leaves=15)
field_values = st.sampled_from(["ORD-20260917", "damaged", "Damaged", "DAMAGED", "other", "", "19.99"]) | json_values
near_miss = st.dictionaries(st.sampled_from(FIELDS), field_values, max_size=5)
argument_values = json_values | near_miss | st.binary(max_size=64) | st.text(max_size=64) \
    | near_miss.map(json.dumps).flatmap(lambda text: st.integers(0, len(text)).map(lambda cut: text[:cut]))
names = st.sampled_from(["refund_order", "refund", ""]) | json_values
stop_reasons = st.none() | st.sampled_from(["tool_use", "max_tokens", "length", "end_turn"]) | json_values


def shapes(name, arguments, call_id):
    return st.sampled_from([
        {"type": "tool_use", "id": call_id, "name": name, "input": arguments},
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}},
        {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments},
        {"functionCall": {"name": name, "args": arguments}},
        {"method": "tools/call", "params": {"name": name, "arguments": arguments}},
    ])


calls = st.tuples(names, argument_values, json_values).flatmap(lambda t: shapes(*t)) | json_values


def assert_well_formed(outcome):
    assert outcome.code in CODES
    assert outcome.code != "INTERNAL_ERROR", outcome.reason
    assert outcome.ok == (outcome.code == "OK")
    if not outcome.ok:
        assert isinstance(outcome.result, dict)
        assert outcome.errors
        assert all(isinstance(p.message, str) and p.message for p in outcome.errors)
        json.dumps(outcome.result, ensure_ascii=False)  # the result can always be sent
        json.dumps([p.to_dict() for p in outcome.errors])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=calls, stop_reason=stop_reasons)
def test_check_never_raises(call, stop_reason):
    assert_well_formed(BOUNDARY.check(call, stop_reason=stop_reason))


@settings(max_examples=200, deadline=None)
@given(arguments=st.binary(max_size=200) | st.text(max_size=200))
def test_raw_bytes_and_text_as_arguments(arguments):
    for call in ({"type": "tool_use", "id": "t", "name": "refund_order", "input": arguments},
                 {"type": "function_call", "call_id": "c", "name": "refund_order", "arguments": arguments}):
        assert_well_formed(BOUNDARY.check(call))


@settings(max_examples=300, deadline=None)
@given(arguments=near_miss)
def test_verdict_agrees_with_jsonschema(arguments):
    """Valid per plain jsonschema means ok and untouched; ok always means valid per plain jsonschema."""
    outcome = BOUNDARY.check({"type": "tool_use", "id": "t", "name": "refund_order", "input": arguments})
    assert_well_formed(outcome)
    if PLAIN.is_valid(arguments) and "nan" not in repr(arguments) and "inf" not in repr(arguments):
        assert outcome.ok and outcome.arguments == arguments  # NaN/Infinity pass jsonschema; the boundary refuses
    if outcome.ok:
        assert PLAIN.is_valid(outcome.arguments)
    else:
        assert {p.location for p in outcome.errors} <= set(FIELDS) | {"(root)"}


WIRE = Boundary.from_tools({"name": "tag", "input_schema": {"type": "object", "properties": {
    "labels": {"type": "object", "additionalProperties": {"type": "string", "enum": ["red", "green"]}},
    "extra": {}, "items": {"type": "array", "items": {"anyOf": [{"type": "string", "pattern": "^(a+)+$"},
                                                                {"$ref": "#/$defs/n"}]}}},
    "$defs": {"n": {"type": "integer"}}}}, target="openai", max_retries=1_000_000)


@settings(max_examples=200, deadline=None)
@given(arguments=st.dictionaries(st.sampled_from(["labels", "extra", "items", "other"]), json_values, max_size=4)
       | argument_values)
def test_wire_decoding_never_raises(arguments):
    assert_well_formed(WIRE.check({"type": "function_call", "call_id": "c", "name": "tag", "arguments": arguments}))
    assert_well_formed(WIRE.check({"type": "tool_use", "id": "t", "name": "tag", "input": arguments}))


@settings(max_examples=100, deadline=None)
@given(arguments=near_miss, lang=st.sampled_from(["en", "zh"]))
def test_chinese_never_raises_either(arguments, lang):
    boundary = Boundary.from_tools(ROOT / "fixtures" / "refund.json", lang=lang)
    assert_well_formed(boundary.check({"id": "c", "type": "function",
                                       "function": {"name": "refund_order", "arguments": json.dumps(arguments)}}))


# --- the linear-time regex matcher agrees with `re` ---------------------------------------------------

ATOMS = ["a", "b", ".", "\\d", "\\w", "\\s", "[ab]", "[^a]", "[a-c]", "\\b", "^", "$", "\\-", "(?:a|b)"]


@st.composite
def regexes(draw, depth=0):
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 3 and draw(st.booleans()):
            inner = draw(regexes(depth=depth + 1))
            if draw(st.booleans()):
                inner = f"({inner}|{draw(regexes(depth=depth + 1))})"
            else:
                inner = f"({inner})"
        else:
            inner = draw(st.sampled_from(ATOMS))
        if inner not in ("^", "$", "\\b"):
            # Groups get only bounded repetition: nested unbounded repetition makes the `re` oracle itself
            # backtrack for minutes, which is the very thing SafeMatcher exists to avoid.
            group = inner.startswith("(")
            inner += draw(st.sampled_from(["", "", "?", "{2}", "{1,3}"] if group else
                                          ["", "", "*", "+", "?", "{2}", "{1,3}", "*?", "+?", "{0,}"]))
        parts.append(inner)
    return "".join(parts)


@settings(max_examples=400, deadline=None)
@given(pattern=regexes(), texts=st.lists(st.text(alphabet="ab1 -\nc", max_size=10), min_size=1, max_size=8))
def test_safe_matcher_agrees_with_re(pattern, texts):
    import re

    from toollint.schema.safe_regex import SafeMatcher, is_risky, risk

    matcher = SafeMatcher(pattern)
    # `re` is the oracle, and on the risky patterns the matcher exists for, `re` itself backtracks
    # exponentially: keep their texts short enough for the oracle to answer quickly. So it does polynomially on a
    # pattern of high degree (`((\w*?.{0,}\-{0,}){1,3}){1,3}`, degree 27, took `re` minutes on 10 characters):
    # `risk` says how long a text `re` may search with it, and a text a few characters longer is still quick.
    allowed = risk(pattern)
    limit = 6 if is_risky(pattern) else 10 if allowed is None or allowed >= 56 else 4 if allowed < 10 else 6
    for text in texts:
        text = text[:limit]
        assert matcher.search(text) == (re.search(pattern, text) is not None), (pattern, text)
