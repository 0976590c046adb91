"""The boundary runtime: every call checked, every failure answered in the provider's shape."""

from __future__ import annotations

import json
import time

import pytest
from helpers import ROOT_DIR

from toollint.boundary import MISSING, Boundary, BoundaryError

ROOT = ROOT_DIR
REFUND = ROOT / "fixtures" / "refund.json"
GOOD = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged"}
TRUNCATED_TEXT = '{"order_id": "ORD-20260917", "amount_cents": 1999, "rea'


def tool_use(arguments, name="refund_order", id="toolu_01A"):
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


def chat_call(arguments, name="refund_order", id="call_1"):
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": id, "type": "function", "function": {"name": name, "arguments": text}}


def responses_call(arguments, name="refund_order", call_id="fc_1"):
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"type": "function_call", "id": "item_1", "call_id": call_id, "name": name, "arguments": text}


@pytest.fixture
def boundary():
    return Boundary.from_tools(REFUND)


# --- the reference tool ----------------------------------------------------------------------------


def test_string_amount_names_field_and_integer(boundary):
    outcome = boundary.check(tool_use({"order_id": "ORD-20260917", "amount_cents": "19.99", "reason": "damaged"}))
    assert not outcome.ok
    assert outcome.code == "INVALID_ARGUMENTS"
    assert outcome.retryable and not outcome.terminal
    result = outcome.result
    assert result["type"] == "tool_result"
    assert result["tool_use_id"] == "toolu_01A"
    assert result["is_error"] is True
    assert 'amount_cents: expected an integer, got "19.99" (a string)' in result["content"]
    assert "call refund_order again" in result["content"]
    [problem] = outcome.errors
    assert problem.path == ("amount_cents",)
    assert problem.keyword == "type"
    assert problem.expected == "integer"
    assert problem.received == "19.99"


def test_truncated_text_is_invalid_json_with_position(boundary):
    outcome = boundary.check(tool_use(TRUNCATED_TEXT))
    assert outcome.code == "INVALID_JSON"
    assert outcome.retryable
    details = outcome.errors[0].details
    assert details["line"] == 1
    assert details["column"] == 52
    assert details["position"] == 51
    assert details["raw"] == TRUNCATED_TEXT
    content = outcome.result["content"]  # prose like every other code; the raw text quoted by a JSON library
    assert content.startswith("The arguments for refund_order are not valid JSON (Unterminated string")
    assert "line 1, column 52, offset 51" in content
    assert json.dumps(TRUNCATED_TEXT) in content
    assert content.endswith("call refund_order again.")


def test_raw_text_with_quotes_and_chinese_survives_json_encoding(boundary):
    raw = '{"order_id": "ORD-20260917", "note": "客户说 \\"坏了\\"", "amount_cents": 19'
    outcome = boundary.check(chat_call(raw + "\n}x"))
    assert outcome.code == "INVALID_JSON"
    content = outcome.result["content"]
    assert json.dumps(raw + "\n}x", ensure_ascii=False) in content  # quotes and newline escaped, not pasted
    assert "客户说" in content  # ensure_ascii=False
    assert outcome.errors[0].details["raw"] == raw + "\n}x" and outcome.errors[0].details["line"] == 2


def test_enum_case_is_normalized(boundary):
    outcome = boundary.check(tool_use({**GOOD, "reason": "Damaged"}))
    assert outcome.ok, outcome.errors
    assert outcome.code == "OK"
    assert outcome.arguments["reason"] == "damaged"
    assert outcome.result is None


def test_normalization_does_not_touch_the_callers_input(boundary):
    given = {**GOOD, "reason": "NOT_RECEIVED", "note": None}
    outcome = boundary.check(tool_use(given))
    assert outcome.ok
    assert outcome.arguments == {**GOOD, "reason": "not_received"}
    assert given["reason"] == "NOT_RECEIVED" and given["note"] is None


def test_null_optional_field_is_dropped_but_null_required_field_is_not(boundary):
    ok = boundary.check(tool_use({**GOOD, "note": None}))
    assert ok.ok and "note" not in ok.arguments
    bad = boundary.check(tool_use({**GOOD, "amount_cents": None}))
    assert bad.code == "INVALID_ARGUMENTS"
    assert bad.errors[0].path == ("amount_cents",)
    assert "got null" in bad.result["content"]


def test_unknown_tool_lists_refund_order(boundary):
    outcome = boundary.check(tool_use(GOOD, name="refund"))
    assert outcome.code == "UNKNOWN_TOOL"
    assert outcome.retryable
    assert "refund_order" in outcome.result["content"]
    assert "Did you mean refund_order?" in outcome.result["content"]
    assert outcome.errors[0].expected == ["refund_order"]


def test_call_without_a_name(boundary):
    outcome = boundary.check({"type": "tool_use", "id": "t", "input": GOOD})
    assert outcome.code == "UNKNOWN_TOOL"
    assert outcome.result["content"].startswith("The call names no tool. The available tools are: refund_order.")


def test_long_lists_of_problems_are_cut_with_a_count():
    tool = {"name": "many", "input_schema": {"type": "object", "additionalProperties": {"type": "integer"}}}
    outcome = Boundary.from_tools(tool).check(tool_use({f"k{i:03}": "x" for i in range(80)}, name="many"))
    assert len(outcome.errors) == 80
    content = outcome.result["content"]
    assert "(80 problems)" in content and "- … and 30 more" in content
    assert content.count("\n- k") == 50


def test_valid_call_passes_untouched(boundary):
    outcome = boundary.check(tool_use(dict(GOOD)))
    assert outcome.ok and outcome.arguments == GOOD
    assert outcome.errors == [] and not outcome.terminal


# --- call shapes -----------------------------------------------------------------------------------


def test_openai_chat_shape(boundary):
    ok = boundary.check(chat_call({**GOOD, "reason": "WRONG_ITEM"}))
    assert ok.ok and ok.arguments["reason"] == "wrong_item" and ok.call_id == "call_1"
    bad = boundary.check(chat_call({**GOOD, "amount_cents": "19.99"}))
    assert set(bad.result) == {"role", "tool_call_id", "content"}
    assert bad.result["role"] == "tool" and bad.result["tool_call_id"] == "call_1"
    assert "amount_cents: expected an integer" in bad.result["content"]


def test_responses_shape(boundary):
    ok = boundary.check(responses_call(GOOD))
    assert ok.ok and ok.call_id == "fc_1"
    bad = boundary.check(responses_call({**GOOD, "amount_cents": 0}))
    assert bad.result == {"type": "function_call_output", "call_id": "fc_1", "output": bad.result["output"]}
    assert "amount_cents: expected at least 1, got 0 (an integer)" in bad.result["output"]


def test_anthropic_streamed_string_input(boundary):
    outcome = boundary.check(tool_use(json.dumps({**GOOD, "reason": "Other"})))
    assert outcome.ok and outcome.arguments["reason"] == "other"


def test_bytes_arguments_and_bad_utf8(boundary):
    assert boundary.check(tool_use(json.dumps(GOOD).encode())).ok
    outcome = boundary.check(tool_use(b'{"order_id": "\xff"}'))
    assert outcome.code == "INVALID_JSON"
    assert "UTF-8" in outcome.errors[0].details["error"]


def test_sdk_objects_are_accepted(boundary):
    class Block:
        def model_dump(self):
            return tool_use({**GOOD, "reason": "Damaged"})

    outcome = boundary.check(Block())
    assert outcome.ok and outcome.arguments["reason"] == "damaged"


def test_not_a_call_is_reported_not_raised(boundary):
    outcome = boundary.check(42)
    assert outcome.code == "INVALID_CALL" and outcome.terminal and not outcome.retryable
    assert outcome.result["is_error"] is True


def test_arguments_that_are_not_an_object(boundary):
    outcome = boundary.check(chat_call("[1, 2]"))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert outcome.errors[0].path == () and outcome.errors[0].expected == "object"
    assert "(root): expected an object, got [1, 2] (an array of 2 items)" in outcome.result["content"]


# --- truncation ------------------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["max_tokens", "length", "model_context_window_exceeded"])
def test_truncated_output_is_not_retried(boundary, reason):
    outcome = boundary.check(tool_use(TRUNCATED_TEXT), stop_reason=reason)
    assert outcome.code == "TRUNCATED"
    assert not outcome.retryable and not outcome.terminal
    assert "max_tokens" in outcome.reason and "do not ask the model to retry" in outcome.reason
    assert "Raise max_tokens" in outcome.result["content"]


def test_truncation_wins_even_when_the_partial_json_parses(boundary):
    outcome = boundary.check(chat_call('{"order_id": "ORD-20260917", "amount_cents": 19}'), stop_reason="length")
    assert outcome.code == "TRUNCATED" and not outcome.ok


def test_truncation_does_not_spend_the_retry_budget(boundary):
    for _ in range(5):
        assert boundary.check(tool_use(TRUNCATED_TEXT), stop_reason="max_tokens").code == "TRUNCATED"
    assert boundary.check(tool_use({})).attempt == 1


def test_tool_use_and_end_turn_are_not_truncation(boundary):
    assert boundary.check(tool_use(GOOD), stop_reason="tool_use").ok
    assert boundary.check(chat_call(GOOD), stop_reason="tool_calls").ok


# --- messages --------------------------------------------------------------------------------------


def test_chinese_messages():
    boundary = Boundary.from_tools(REFUND, lang="zh")
    outcome = boundary.check(tool_use({"order_id": "ORD-20260917", "amount_cents": "19.99", "reason": "damaged"}))
    content = outcome.result["content"]
    assert 'amount_cents：应为整数，收到 "19.99"（字符串）' in content
    assert "请修正参数后重新调用 refund_order" in content
    missing = boundary.check(tool_use({"order_id": "ORD-20260917"}))
    assert "reason：应为以下值之一" in missing.result["content"]
    assert "缺少该字段" in missing.result["content"]


def test_every_problem_listed_sorted_by_path(boundary):
    outcome = boundary.check(tool_use({"order_id": "12345", "amount_cents": 0, "reason": "broken",
                                       "note": "x" * 201, "amount": 3}))
    paths = [p.location for p in outcome.errors]
    assert paths == ["amount", "amount_cents", "note", "order_id", "reason"]
    content = outcome.result["content"]
    assert "amount: unexpected field, got 3 (an integer); allowed fields: order_id, amount_cents, reason, note " \
           "(did you mean amount_cents?)" in content
    assert "note: expected at most 200 characters, got" in content
    assert "(a string of 201 characters)" in content
    assert "order_id: expected a string matching the pattern ^ORD-[0-9]{8}$" in content
    assert 'reason: expected one of "damaged", "not_received", "wrong_item", "other", got "broken"' in content
    assert content.index("- amount:") < content.index("- amount_cents:") < content.index("- note:")


def test_missing_required_fields(boundary):
    outcome = boundary.check(tool_use({"order_id": "ORD-20260917"}))
    missing = {p.location: p for p in outcome.errors}
    assert set(missing) == {"amount_cents", "reason"}
    assert missing["amount_cents"].received is MISSING
    assert "amount_cents: expected an integer (required), got nothing (the field is missing)" in \
        outcome.result["content"]


KEYWORD_TOOL = {
    "name": "kitchen_sink",
    "description": "Every keyword the messages cover.",
    "input_schema": {
        "type": "object",
        "properties": {
            "kind": {"const": "refund"},
            "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "step": {"type": "integer", "multipleOf": 5, "maximum": 100},
            "code": {"type": "string", "minLength": 3},
            "email": {"type": "string", "format": "email"},
            "when": {"type": "string", "format": "date-time"},
            "day": {"type": "string", "format": "date"},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2, "uniqueItems": True},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            "exactly": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
            "nested": {"type": "object", "properties": {"items": {"type": "array", "items": {
                "type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}}}},
        },
        "additionalProperties": False,
    },
}


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"kind": "payout"}, 'kind: expected "refund", got "payout" (a string)'),
    ({"ratio": 0}, "ratio: expected greater than 0, got 0 (an integer)"),
    ({"ratio": 1.5}, "ratio: expected less than 1, got 1.5 (a number)"),
    ({"step": 7}, "step: expected a multiple of 5, got 7 (an integer)"),
    ({"step": 105}, "step: expected at most 100, got 105 (an integer)"),
    ({"code": "ab"}, 'code: expected at least 3 characters, got "ab" (a string of 2 characters)'),
    ({"email": "nobody"}, 'email: expected a valid email, got "nobody" (a string)'),
    ({"when": "tomorrow"}, 'when: expected a valid date-time, got "tomorrow" (a string)'),
    ({"day": "2026-02-30"}, 'day: expected a valid date, got "2026-02-30" (a string)'),
    ({"tags": []}, "tags: expected at least 1 item, got [] (an array of 0 items)"),
    ({"tags": ["a", "b", "c"]}, "tags: expected at most 2 items"),
    ({"tags": ["a", "a"]}, 'tags: expected unique items, got duplicates in ["a", "a"] (an array of 2 items)'),
    ({"either": 1.5}, "either: expected one of: a string; an integer, got 1.5 (a number)"),
    ({"exactly": 3}, "exactly: expected exactly one of the alternatives to match, but several do, got 3"),
    ({"nested": {"items": [{"sku": "a"}, {}]}}, "nested.items[1].sku: expected a string (required), got nothing"),
    ({"nested": {"items": [{"sku": 5}]}}, "nested.items[0].sku: expected a string, got 5 (an integer)"),
])
def test_keyword_messages(arguments, expected):
    outcome = Boundary.from_tools(KEYWORD_TOOL).check(tool_use(arguments, name="kitchen_sink"))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert expected in outcome.result["content"], outcome.result["content"]


def test_keyword_messages_in_chinese():
    boundary = Boundary.from_tools(KEYWORD_TOOL, lang="zh")
    content = boundary.check(tool_use({"step": 7, "tags": [], "code": "ab", "extra": 1},
                                      name="kitchen_sink")).result["content"]
    assert "step：应为 5 的倍数，收到 7（整数）" in content
    assert "tags：应至少 1 项，收到 []（数组，共 0 项）" in content
    assert 'code：应至少 3 个字符，收到 "ab"（字符串，共 2 个字符）' in content
    assert "extra：不允许的字段" in content


def test_generic_fallback_uses_jsonschema_message():
    tool = {"name": "t", "input_schema": {"type": "object", "not": {"required": ["a"]}}}
    outcome = Boundary.from_tools(tool).check(tool_use({"a": 1}, name="t"))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert "(root): " in outcome.result["content"] and "should not be valid under" in outcome.result["content"]


# --- normalization at depth --------------------------------------------------------------------------


DEEP_TOOL = {
    "type": "function",
    "function": {
        "name": "ship",
        "parameters": {
            "type": "object",
            "$defs": {"speed": {"type": "string", "enum": ["Express", "standard"]}},
            "properties": {
                "lines": {"type": "array", "items": {"type": "object", "properties": {
                    "speed": {"$ref": "#/$defs/speed"},
                    "color": {"anyOf": [{"type": "string", "enum": ["red", "Blue"]}, {"type": "null"}]},
                    "gift": {"type": "boolean"},
                }, "required": ["speed"], "additionalProperties": False}},
                "mode": {"const": "Live"},
                "clash": {"enum": ["a", "A", "b"]},
            },
            "required": ["lines"],
            "additionalProperties": False,
        },
    },
}


def test_enum_normalized_through_arrays_refs_and_anyof():
    boundary = Boundary.from_tools([DEEP_TOOL])
    call = chat_call({"lines": [{"speed": "EXPRESS", "color": "blue", "gift": None}, {"speed": "Standard"}],
                      "mode": "live"}, name="ship")
    outcome = boundary.check(call)
    assert outcome.ok, outcome.errors
    assert outcome.arguments == {"lines": [{"speed": "Express", "color": "Blue"}, {"speed": "standard"}],
                                 "mode": "Live"}


def test_enum_with_two_case_insensitive_matches_is_not_guessed():
    outcome = Boundary.from_tools([DEEP_TOOL]).check(chat_call({"lines": [], "clash": "B"}, name="ship"))
    assert outcome.ok and outcome.arguments["clash"] == "b"
    ambiguous = Boundary.from_tools([DEEP_TOOL]).check(chat_call({"lines": [], "clash": "á"}, name="ship"))
    assert ambiguous.code == "INVALID_ARGUMENTS"


def test_nullable_field_keeps_null():
    boundary = Boundary.from_tools([DEEP_TOOL])
    outcome = boundary.check(chat_call({"lines": [{"speed": "standard", "color": None}]}, name="ship"))
    assert outcome.ok and outcome.arguments["lines"][0] == {"speed": "standard", "color": None}


# --- schemas: drafts, remote refs, formats, regexes ---------------------------------------------------


def test_draft_07_schema_is_honoured():
    tool = {"name": "d7", "input_schema": {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "definitions": {"n": {"type": "integer"}},
        "properties": {"pair": {"type": "array", "items": [{"$ref": "#/definitions/n"}, {"type": "string"}],
                                "additionalItems": False}}}}
    boundary = Boundary.from_tools(tool)
    assert boundary.check(tool_use({"pair": [1, "x"]}, name="d7")).ok
    bad = boundary.check(tool_use({"pair": ["x", "y", 3]}, name="d7"))
    assert bad.code == "INVALID_ARGUMENTS"
    assert "pair[0]: expected an integer" in bad.result["content"]


def test_remote_ref_is_never_fetched(monkeypatch):
    import urllib.request

    def no_network(*args, **kwargs):
        raise AssertionError("the boundary tried to fetch a remote $ref")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    tool = {"name": "remote", "input_schema": {"type": "object", "properties": {
        "x": {"$ref": "https://example.com/schemas/x.json"}}}}
    boundary = Boundary.from_tools(tool)
    assert boundary.check(tool_use({}, name="remote")).ok
    outcome = boundary.check(tool_use({"x": 1}, name="remote"))
    assert outcome.code == "SCHEMA_ERROR"
    assert outcome.terminal and not outcome.retryable
    assert "https://example.com/schemas/x.json" in outcome.reason
    assert "never fetched" in outcome.reason


def test_catastrophic_pattern_is_detected_and_does_not_hang():
    tool = {"name": "evil", "input_schema": {"type": "object", "properties": {
        "word": {"type": "string", "pattern": "^(a+)+$"},
        "text": {"type": "string", "pattern": "^(\\w+\\s?)*$"}}}}
    boundary = Boundary.from_tools(tool)
    assert any("^(a+)+$" in w for w in boundary.warnings)
    started = time.perf_counter()
    outcome = boundary.check(tool_use({"word": "a" * 40 + "!", "text": "ab " * 3000 + "!"}, name="evil"))
    assert time.perf_counter() - started < 5
    assert {p.location for p in outcome.errors} == {"word", "text"}
    assert boundary.check(tool_use({"word": "aaaa", "text": "hello world"}, name="evil")).ok


def test_catastrophic_pattern_with_very_long_string_is_refused_quickly():
    tool = {"name": "evil", "input_schema": {"type": "object", "properties": {
        "word": {"type": "string", "pattern": "(a|aa)*$"}}}}
    outcome = Boundary.from_tools(tool).check(tool_use({"word": "a" * 20_000}, name="evil"))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert "10,000 characters" in outcome.result["content"]


def test_polynomial_patterns_switch_to_the_safe_matcher_on_long_strings():
    tool = {"name": "poly", "input_schema": {"type": "object", "properties": {
        "digits": {"type": "string", "pattern": "\\d+\\d+x"},
        "slug": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
        "cubed": {"type": "string", "pattern": "(\\w*){3}!"}}}}
    boundary = Boundary.from_tools(tool)
    assert boundary.warnings == []  # polynomial patterns are common: handled silently
    started = time.perf_counter()
    outcome = boundary.check(tool_use({"digits": "1" * 5000, "slug": "a" * 5000 + "-1", "cubed": "a" * 400},
                                      name="poly"))  # `re` alone: minutes
    assert time.perf_counter() - started < 5
    assert {p.location for p in outcome.errors} == {"digits", "cubed"}
    assert boundary.check(tool_use({"digits": "12x", "slug": "ab-12", "cubed": "ab!"}, name="poly")).ok


def test_risky_pattern_properties_are_guarded():
    tool = {"name": "evil", "input_schema": {"type": "object", "patternProperties": {"^(a|a)*$": {"type": "integer"}},
                                             "additionalProperties": False}}
    boundary = Boundary.from_tools(tool)
    assert boundary.check(tool_use({"aaa": 1}, name="evil")).ok
    started = time.perf_counter()
    outcome = boundary.check(tool_use({"a" * 30 + "b": 1, "aa": "x"}, name="evil"))
    assert time.perf_counter() - started < 5
    assert {p.keyword for p in outcome.errors} == {"additionalProperties", "type"}


OVERLAPPING = {"name": "nest", "input_schema": {"type": "object", "$defs": {"v": {"anyOf": [
    {"type": "string", "enum": ["A", "B"]},
    {"type": "array", "items": {"$ref": "#/$defs/v"}, "maxItems": 1},
    {"type": "array", "items": {"$ref": "#/$defs/v"}, "minItems": 3},
    {"type": "array", "items": {"$ref": "#/$defs/v"}}]}},
    "properties": {"value": {"$ref": "#/$defs/v"}}}}


def nested(depth):
    value = "a"
    for _ in range(depth):
        value = [value, "b", 5]
    return value


def test_exponential_anyof_is_cut_off_in_time(monkeypatch):
    from toollint.boundary import compiled as boundary_schema

    monkeypatch.setattr(boundary_schema, "MAX_SECONDS", 0.05)
    boundary = Boundary.from_tools(OVERLAPPING)
    started = time.perf_counter()
    outcome = boundary.check(tool_use({"value": nested(12)}, name="nest"))  # plain jsonschema: minutes
    assert time.perf_counter() - started < 3
    assert outcome.code == "INVALID_ARGUMENTS" and outcome.retryable
    assert [p.keyword for p in outcome.errors] == ["complexity"]
    assert "too complex" in outcome.result["content"]


def test_recursive_schemas_still_validate_and_normalize():
    outcome = Boundary.from_tools(OVERLAPPING).check(tool_use({"value": [[["a"]], "b"]}, name="nest"))
    assert outcome.ok and outcome.arguments == {"value": [[["A"]], "B"]}
    bad = Boundary.from_tools(OVERLAPPING).check(tool_use({"value": [[[5]]]}, name="nest"))
    assert bad.code == "INVALID_ARGUMENTS" and bad.errors[0].keyword != "complexity"


def test_safe_matcher_agrees_with_re():
    import random
    import re

    from toollint.schema.safe_regex import SafeMatcher

    patterns = [r"^(a+)+$", r"(a|ab)*c", r"^ORD-[0-9]{8}$", r"[^\d\sa-z]\w\b", r"(.*)*x", r"^(\w+\s?)*$",
                r"a{2,4}b?", r"\Aab\Z", r"(?s)a.b", r"(?m)^b$", r"\Bb", r"(|a)+$", r"[a-c-]+?z"]
    rng = random.Random(5)
    for pattern in patterns:
        matcher = SafeMatcher(pattern)
        for _ in range(400):
            text = "".join(rng.choice("abcz \n9-_OR") for _ in range(rng.randint(0, 9)))
            assert matcher.search(text) == (re.search(pattern, text) is not None), (pattern, text)


def test_gemini_nullable_is_honoured():
    tool = {"functionDeclarations": [{"name": "g", "parameters": {"type": "OBJECT", "properties": {
        "note": {"type": "STRING", "nullable": True}, "n": {"type": "INTEGER"}}, "required": ["note"]}}]}
    boundary = Boundary.from_tools(tool)
    outcome = boundary.check({"functionCall": {"name": "g", "args": {"note": None, "n": "x"}}})
    assert outcome.code == "INVALID_ARGUMENTS"
    assert [p.location for p in outcome.errors] == ["n"]
    assert outcome.result["functionResponse"]["name"] == "g"
    assert "error" in outcome.result["functionResponse"]["response"]


# --- strictified tools: wire forms decoded ------------------------------------------------------------


MAP_TOOL = {"name": "tag", "input_schema": {"type": "object", "properties": {
    "labels": {"type": "object", "additionalProperties": {"type": "string", "enum": ["red", "green"]}},
    "extra": {"description": "Anything at all."},
    "note": {"type": "string"}}, "required": ["labels"], "additionalProperties": False}}


def test_strictified_wire_forms_are_decoded_for_the_target():
    from toollint.strictifier.rewrite import strictify_tool

    wire = strictify_tool(MAP_TOOL, "openai").tool["input_schema"]
    assert wire["properties"]["labels"]["type"] == "array"  # what the model was given
    sent = {"labels": [{"key": "a", "value": "Red"}], "extra": '{"k": [1]}', "note": None}
    outcome = Boundary.from_tools(MAP_TOOL, target="openai").check(chat_call(sent, name="tag"))
    assert outcome.ok, outcome.errors
    assert outcome.arguments == {"labels": {"a": "red"}, "extra": {"k": [1]}}
    assert outcome.result is None and outcome.shape == "openai-chat"


def test_without_a_target_wire_forms_are_not_guessed():
    sent = {"labels": [{"key": "a", "value": "red"}], "extra": "[1]"}
    outcome = Boundary.from_tools(MAP_TOOL).check(tool_use(sent, name="tag"))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert outcome.errors[0].location == "labels" and outcome.errors[0].expected == "object"
    kept = Boundary.from_tools(MAP_TOOL).check(tool_use({"labels": {}, "extra": "[1]"}, name="tag"))
    assert kept.ok and kept.arguments["extra"] == "[1]"


def test_target_sets_the_default_shape():
    assert Boundary.from_tools(REFUND, target="openai").check(42).result["role"] == "tool"
    assert Boundary.from_tools(REFUND).check(42).result["type"] == "tool_result"


# --- retry budget ----------------------------------------------------------------------------------


def test_retry_budget_ends_the_chain(boundary):
    bad = tool_use({**GOOD, "amount_cents": "19.99"})
    first, second, third = (boundary.check(bad) for _ in range(3))
    assert (first.attempt, second.attempt, third.attempt) == (1, 2, 3)
    assert first.retryable and second.retryable and first.retries_left == 2 and second.retries_left == 1
    assert third.code == "RETRY_BUDGET_EXHAUSTED" and third.cause == "INVALID_ARGUMENTS"
    assert third.terminal and not third.retryable
    assert third.errors[0].path == ("amount_cents",)  # the last problems, for the log
    assert "after 2 retries" in third.result["content"] and third.result["is_error"] is True


def test_success_resets_the_chain(boundary):
    bad = tool_use({**GOOD, "amount_cents": "19.99"})
    boundary.check(bad)
    boundary.check(bad)
    assert boundary.check(tool_use(GOOD)).ok
    assert boundary.check(bad).attempt == 1


def test_chains_are_separate(boundary):
    bad = tool_use({**GOOD, "amount_cents": "19.99"})
    for _ in range(3):
        boundary.check(bad, chain="conversation-1")
    assert boundary.check(bad, chain="conversation-1").terminal
    other = boundary.check(bad, chain="conversation-2")
    assert other.attempt == 1 and other.retryable


def test_max_retries_is_configurable():
    boundary = Boundary.from_tools(REFUND, max_retries=0)
    assert boundary.check(tool_use({})).code == "RETRY_BUDGET_EXHAUSTED"
    with pytest.raises(BoundaryError):
        Boundary.from_tools(REFUND, max_retries=-1)


# --- business rules and tool errors ------------------------------------------------------------------


def test_business_rule(boundary):
    paid = {"ORD-20260917": 1500}

    @boundary.rule("refund_order")
    def not_more_than_paid(arguments):
        limit = paid.get(arguments["order_id"], 0)
        if arguments["amount_cents"] > limit:
            return {"amount_cents": f"must not exceed the amount paid, {limit}"}
        return None

    outcome = boundary.check(tool_use(GOOD))
    assert outcome.code == "BUSINESS_RULE" and outcome.retryable
    assert outcome.errors[0].path == ("amount_cents",)
    assert "amount_cents: must not exceed the amount paid, 1500" in outcome.result["content"]
    assert outcome.result["is_error"] is True
    assert boundary.check(tool_use({**GOOD, "amount_cents": 1500})).ok


def test_rules_run_only_after_the_schema_passed(boundary):
    seen = []
    boundary.add_rule("refund_order", lambda arguments: seen.append(arguments) or ["never", "both"])
    assert boundary.check(tool_use({**GOOD, "amount_cents": "x"})).code == "INVALID_ARGUMENTS"
    assert seen == []
    outcome = boundary.check(tool_use({**GOOD, "reason": "Damaged"}))
    assert seen == [{**GOOD, "reason": "damaged"}]  # rules see normalized arguments
    assert [p.message for p in outcome.errors] == ["never", "both"]


def test_a_rule_that_raises_is_reported(boundary):
    boundary.add_rule("refund_order", lambda arguments: 1 / 0)
    outcome = boundary.check(tool_use(GOOD))
    assert outcome.code == "RULE_ERROR" and outcome.terminal
    assert "ZeroDivisionError" in outcome.reason


def test_rule_for_unknown_tool_is_refused(boundary):
    with pytest.raises(BoundaryError, match="refund_order"):
        boundary.add_rule("refund", lambda arguments: None)


def test_tool_error_wraps_exceptions_and_messages(boundary):
    timeout = boundary.tool_error(tool_use(GOOD), TimeoutError("payment service did not answer in 10 s"))
    assert timeout.code == "TOOL_ERROR" and timeout.result["is_error"] is True
    assert "TimeoutError: payment service did not answer in 10 s" in timeout.result["content"]
    missing = boundary.tool_error(chat_call(GOOD), "order not found")
    assert missing.result == {"role": "tool", "tool_call_id": "call_1", "content": missing.result["content"]}
    assert "order not found" in missing.result["content"]


def test_run_validates_runs_and_wraps(boundary):
    calls = []

    def refund(arguments):
        calls.append(arguments)
        return {"refund_id": "RF-20260917", "status": "submitted"}

    ok = boundary.run(tool_use({**GOOD, "reason": "Damaged"}), refund)
    assert ok.ok and ok.output["status"] == "submitted"
    assert ok.result == {"type": "tool_result", "tool_use_id": "toolu_01A",
                         "content": '{"refund_id": "RF-20260917", "status": "submitted"}'}
    assert calls == [{**GOOD, "reason": "damaged"}]
    assert boundary.run(tool_use({**GOOD, "amount_cents": "x"}), refund).code == "INVALID_ARGUMENTS"
    assert len(calls) == 1  # an invalid call is never run


def test_tool_failures_spend_the_budget_even_after_valid_calls(boundary):
    def broken(arguments):
        raise TimeoutError("downstream timeout")

    codes = [boundary.run(tool_use(GOOD), broken).code for _ in range(3)]
    assert codes == ["TOOL_ERROR", "TOOL_ERROR", "RETRY_BUDGET_EXHAUSTED"]


# --- several calls in one reply ----------------------------------------------------------------------


def test_check_all_builds_one_user_message_in_order(boundary):
    reply = {"role": "assistant", "content": [
        {"type": "text", "text": "Refunding both orders."},
        tool_use(GOOD, id="toolu_1"),
        tool_use({**GOOD, "amount_cents": "19.99"}, id="toolu_2"),
        tool_use({**GOOD, "order_id": "ORD-20260918", "reason": "Other"}, id="toolu_3"),
    ]}
    batch = boundary.check_all(reply, runner={"refund_order": lambda a: f"refunded {a['order_id']} ({a['reason']})"})
    assert [o.code for o in batch.outcomes] == ["OK", "INVALID_ARGUMENTS", "OK"]
    assert not batch.ok
    message = batch.message
    assert message["role"] == "user"
    assert [r["tool_use_id"] for r in message["content"]] == ["toolu_1", "toolu_2", "toolu_3"]
    assert message["content"][0] == {"type": "tool_result", "tool_use_id": "toolu_1",
                                     "content": "refunded ORD-20260917 (damaged)"}
    assert message["content"][1]["is_error"] is True
    assert message["content"][2]["content"] == "refunded ORD-20260918 (other)"
    assert batch.messages == [message]


def test_check_all_openai_tool_messages(boundary):
    reply = {"role": "assistant", "tool_calls": [chat_call(GOOD, id="call_a"), chat_call("{", id="call_b")]}
    batch = boundary.check_all(reply)
    assert [o.code for o in batch.outcomes] == ["OK", "INVALID_JSON"]
    with pytest.raises(BoundaryError, match="set_output"):
        _ = batch.messages
    batch.set_output(0, {"status": "submitted"})
    assert [m["tool_call_id"] for m in batch.messages] == ["call_a", "call_b"]
    assert batch.messages[0] == {"role": "tool", "tool_call_id": "call_a", "content": '{"status": "submitted"}'}


def test_check_all_reads_whole_responses_and_their_stop_reason(boundary):
    response = {"id": "msg_1", "type": "message", "role": "assistant", "stop_reason": "max_tokens",
                "content": [tool_use(GOOD, id="t1")]}
    assert [o.code for o in boundary.check_all(response).outcomes] == ["TRUNCATED"]
    choice = {"index": 0, "finish_reason": "tool_calls",
              "message": {"role": "assistant", "content": None, "tool_calls": [chat_call(GOOD)]}}
    assert boundary.check_all(choice).ok
    responses = {"object": "response", "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"},
                 "output": [{"type": "reasoning", "summary": []}, responses_call(GOOD)]}
    assert [o.code for o in boundary.check_all(responses).outcomes] == ["TRUNCATED"]
    no_calls = boundary.check_all({"role": "assistant", "content": [{"type": "text", "text": "Done."}]})
    assert no_calls.outcomes == [] and no_calls.message is None


def test_check_all_accepts_sdk_objects(boundary):
    class Message:
        def model_dump(self):
            return {"role": "assistant", "stop_reason": "tool_use", "content": [tool_use(GOOD, id="t9")]}

    batch = boundary.check_all(Message(), runner={"refund_order": lambda arguments: "done"})
    assert batch.message == {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t9",
                                                          "content": "done"}]}


def test_check_all_when_truncated_runs_nothing(boundary):
    ran = []
    batch = boundary.check_all([tool_use(GOOD, id="t1"), tool_use(TRUNCATED_TEXT, id="t2")], stop_reason="max_tokens",
                               runner=lambda name, arguments: ran.append(name))
    assert batch.truncated and ran == []
    assert [o.code for o in batch.outcomes] == ["TRUNCATED", "TRUNCATED"]


def test_check_all_counts_one_failure_per_chain_per_reply(boundary):
    bad = tool_use({**GOOD, "amount_cents": "x"})
    batch = boundary.check_all([bad, bad, bad])
    assert [o.code for o in batch.outcomes] == ["INVALID_ARGUMENTS"] * 3
    assert [o.attempt for o in batch.outcomes] == [1, 1, 1]
    assert boundary.check(bad).attempt == 2


def test_check_all_runner_failure_becomes_tool_error(boundary):
    def runner(name, arguments):
        raise LookupError("order not found")

    batch = boundary.check_all([tool_use(GOOD)], runner=runner)
    assert batch.outcomes[0].code == "TOOL_ERROR"
    assert "LookupError: order not found" in batch.message["content"][0]["content"]


# --- loading ---------------------------------------------------------------------------------------


def test_from_tools_accepts_dicts_lists_and_paths():
    data = json.loads(REFUND.read_text(encoding="utf-8"))
    assert Boundary.from_tools(data).tools == ["refund_order"]
    assert Boundary.from_tools([data, DEEP_TOOL]).tools == ["refund_order", "ship"]
    assert Boundary.from_tools(str(REFUND)).tools == ["refund_order"]


def test_yaml_and_mcp_files(tmp_path):
    path = tmp_path / "tools.yaml"
    path.write_text("tools:\n  - name: lookup\n    description: Find an order.\n    inputSchema:\n"
                    "      type: object\n      properties:\n        id: {type: string}\n      required: [id]\n",
                    encoding="utf-8")
    boundary = Boundary.from_tools(path)
    assert boundary.tools == ["lookup"]
    outcome = boundary.check({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                              "params": {"name": "lookup", "arguments": {"other": 1}}})
    assert outcome.code == "INVALID_ARGUMENTS"
    assert outcome.result["isError"] is True
    assert "id: expected a string (required)" in outcome.result["content"][0]["text"]


@pytest.mark.parametrize(("content", "match"), [
    ("{not json", "invalid JSON"),
    ('{"hello": "world"}', "no tool definitions"),
])
def test_unreadable_tool_files(tmp_path, content, match):
    path = tmp_path / "tools.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BoundaryError, match=match) as info:
        Boundary.from_tools(path)
    assert str(path) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_missing_file_duplicate_names_and_bad_schema(tmp_path):
    with pytest.raises(BoundaryError, match="cannot read"):
        Boundary.from_tools(tmp_path / "nope.json")
    data = json.loads(REFUND.read_text(encoding="utf-8"))
    with pytest.raises(BoundaryError, match="two tools are named"):
        Boundary.from_tools([data, data])
    with pytest.raises(BoundaryError, match="not valid JSON Schema"):
        Boundary.from_tools({"name": "x", "input_schema": {"type": "object", "properties": {"a": {"type": "text"}}}})
    with pytest.raises(BoundaryError, match="tools\\[1\\]"):
        Boundary.from_tools([data, {"hello": 1}])
    with pytest.raises(BoundaryError, match="target"):
        Boundary.from_tools(data, target="cohere")
