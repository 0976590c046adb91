"""Boundary polish: opt-in coercion, EMPTY_ARGUMENTS, whole ChatCompletions, INVALID_JSON as prose,
results typed as the SDKs' message params, and the outcome log that boundary pass^k reads."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint.boundary import Boundary, BoundaryError
from toollint.cli import main

ROOT = ROOT_DIR
REFUND = ROOT / "fixtures" / "refund.json"
GOOD = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged"}
TYPES = {"name": "configure", "input_schema": {"type": "object", "properties": {
    "count": {"type": "integer"}, "ratio": {"type": "number"}, "dry_run": {"type": "boolean"},
    "tags": {"type": "array", "items": {"type": "string"}}, "limits": {"type": "object", "properties": {
        "max": {"type": "integer"}}}, "label": {"type": "string"}, "either": {"type": ["integer", "boolean"]},
    "free": {}, "maybe": {"type": ["integer", "null"]}}}}


def tool_use(arguments, name="refund_order", id="toolu_1"):
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


# --- coercion --------------------------------------------------------------------------------------


def test_coercion_is_off_by_default():
    outcome = Boundary.from_tools(REFUND).check(tool_use({**GOOD, "amount_cents": "1999"}))
    assert outcome.code == "INVALID_ARGUMENTS" and outcome.coerced == []


def test_unambiguous_strings_are_converted_and_recorded():
    boundary = Boundary.from_tools(TYPES, coerce=True)
    sent = {"count": "200000", "ratio": "0.5", "dry_run": "false", "tags": '["a", "b"]',
            "limits": '{"max": "3"}', "label": "42", "either": "true", "maybe": "null"}
    outcome = boundary.check(tool_use(sent, name="configure"))
    assert outcome.ok, outcome.errors
    assert outcome.arguments == {"count": 200000, "ratio": 0.5, "dry_run": False, "tags": ["a", "b"],
                                 "limits": {"max": 3}, "label": "42", "either": True, "maybe": None}
    assert sent["count"] == "200000"  # the caller's object is not changed
    done = {c.to_dict()["path"]: (c.received, c.value) for c in outcome.coerced}
    assert done["limits.max"] == ("3", 3) and done["tags"] == ('["a", "b"]', ["a", "b"])
    assert "label" not in done  # a string field keeps its string
    assert outcome.to_dict()["coerced"][0]["path"] == "count"


@pytest.mark.parametrize(("field", "value"), [
    ("count", "19.99"), ("count", "1e3"), ("count", " 7"), ("dry_run", "yes"), ("dry_run", "True"),
    ("tags", "a,b"), ("tags", '{"a": 1}'), ("free", "1"),
])
def test_ambiguous_strings_are_left_for_validation(field, value):
    outcome = Boundary.from_tools(TYPES, coerce=True).check(tool_use({field: value}, name="configure"))
    assert not any(c.path == (field,) for c in outcome.coerced)
    if field != "free":
        assert outcome.code == "INVALID_ARGUMENTS"


def test_the_articles_string_amount_still_fails_with_coercion():
    outcome = Boundary.from_tools(REFUND, coerce=True).check(tool_use({**GOOD, "amount_cents": "19.99"}))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert 'amount_cents: expected an integer, got "19.99" (a string)' in outcome.result["content"]


# --- empty arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    tool_use({}),
    {"id": "call_1", "type": "function", "function": {"name": "refund_order", "arguments": "{}"}},
    {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "refund_order"}},
])
def test_empty_arguments_get_their_own_code(call):
    outcome = Boundary.from_tools(REFUND).check(call)
    assert outcome.code == "EMPTY_ARGUMENTS" and outcome.retryable and not outcome.terminal
    assert "requires order_id, amount_cents, reason" in json.dumps(outcome.result, ensure_ascii=False)
    assert outcome.errors[0].expected == ["order_id", "amount_cents", "reason"]


def test_empty_arguments_in_chinese_and_for_a_tool_without_required_fields():
    outcome = Boundary.from_tools(REFUND, lang="zh").check(tool_use({}))
    assert "参数为空" in outcome.result["content"] and "order_id、amount_cents、reason" in outcome.result["content"]
    assert Boundary.from_tools(TYPES).check(tool_use({}, name="configure")).ok


def test_empty_arguments_count_against_the_retry_budget():
    boundary = Boundary.from_tools(REFUND, max_retries=1)
    assert boundary.check(tool_use({})).code == "EMPTY_ARGUMENTS"
    last = boundary.check(tool_use({}))
    assert last.code == "RETRY_BUDGET_EXHAUSTED" and last.cause == "EMPTY_ARGUMENTS"


# --- INVALID_JSON is prose -------------------------------------------------------------------------


def test_invalid_json_is_prose_in_both_languages():
    raw = '{"order_id": "ORD-20260917", "note": "他说\\"坏了\\"", "amount'
    for lang, head in (("en", "are not valid JSON"), ("zh", "不是合法的 JSON")):
        content = Boundary.from_tools(REFUND, lang=lang).check(tool_use(raw)).result["content"]
        assert head in content and json.dumps(raw, ensure_ascii=False) in content
        with pytest.raises(ValueError):
            json.loads(content)  # not a JSON document any more


# --- real SDK objects and types --------------------------------------------------------------------


def chat_completion(choices):
    from openai.types.chat import ChatCompletion

    return ChatCompletion.model_validate({"id": "chatcmpl-1", "object": "chat.completion", "created": 1,
                                          "model": "gpt-test", "choices": choices})


def choice(index, arguments, finish_reason="tool_calls"):
    return {"index": index, "finish_reason": finish_reason, "message": {
        "role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{index}", "type": "function",
             "function": {"name": "refund_order", "arguments": json.dumps(arguments)}}]}}


def test_check_all_takes_a_whole_chat_completion():
    pytest.importorskip("openai")
    from openai.types.chat import ChatCompletionToolMessageParam
    from pydantic import TypeAdapter

    boundary = Boundary.from_tools(REFUND)
    batch = boundary.check_all(chat_completion([choice(0, {**GOOD, "amount_cents": "1999"})]))
    [outcome] = batch.outcomes
    assert outcome.code == "INVALID_ARGUMENTS" and outcome.shape == "openai-chat"
    assert outcome.result["tool_call_id"] == "call_0"
    TypeAdapter(ChatCompletionToolMessageParam).validate_python(batch.messages[0], strict=True)
    cut = boundary.check_all(chat_completion([choice(0, GOOD, finish_reason="length")]))
    assert [o.code for o in cut.outcomes] == ["TRUNCATED"]
    assert Boundary.from_tools(REFUND, coerce=True).check_all(chat_completion([choice(0, {
        **GOOD, "amount_cents": "1999"})])).ok


def test_a_chat_completion_with_several_choices_is_refused_in_chat_shape():
    pytest.importorskip("openai")
    batch = Boundary.from_tools(REFUND).check_all(chat_completion([choice(0, GOOD), choice(1, GOOD)]))
    [outcome] = batch.outcomes
    assert outcome.code == "INVALID_CALL" and outcome.terminal
    assert outcome.result["role"] == "tool" and "choices[0]" in outcome.result["content"]


def test_results_fit_the_sdk_message_param_types():
    pytest.importorskip("anthropic")
    pytest.importorskip("openai")
    from anthropic.types import ToolResultBlockParam, ToolUseBlock
    from openai.types.chat import ChatCompletionMessageFunctionToolCall, ChatCompletionToolMessageParam
    from openai.types.responses import ResponseFunctionToolCall
    from openai.types.responses.response_input_param import FunctionCallOutput
    from pydantic import TypeAdapter

    # the param types themselves (tests/typecheck/sdk_fit.py checks the whole message lists statically)
    boundary = Boundary.from_tools(REFUND)
    block = ToolUseBlock(type="tool_use", id="toolu_9", name="refund_order", input={**GOOD, "amount_cents": "x"})
    anthropic_result = TypeAdapter(ToolResultBlockParam)
    for outcome in (boundary.check(block),
                    boundary.run(block.model_copy(update={"input": GOOD}), lambda arguments: {"refunded": True})):
        assert anthropic_result.validate_python(outcome.result, strict=True) == outcome.result
    chat = ChatCompletionMessageFunctionToolCall.model_validate(
        {"id": "call_9", "type": "function", "function": {"name": "refund_order", "arguments": "{"}})
    result = boundary.check(chat).result
    assert TypeAdapter(ChatCompletionToolMessageParam).validate_python(result, strict=True) == result
    item = ResponseFunctionToolCall(type="function_call", call_id="fc_9", name="refund_order", arguments="{}")
    result = boundary.check(item).result
    assert TypeAdapter(FunctionCallOutput).validate_python(result, strict=True) == result


# --- the outcome log and boundary pass^k -----------------------------------------------------------


def test_outcomes_are_logged_as_json_lines():
    stream = io.StringIO()
    boundary = Boundary.from_tools(REFUND, log=stream, coerce=True)
    boundary.check(tool_use({**GOOD, "amount_cents": "5"}), chain=("退款-1", 0))
    boundary.check(tool_use({}), chain={"task_id": "退款-1", "trial": 1})
    boundary.run(tool_use(GOOD), lambda arguments: 1 / 0, chain="plain")
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert records[0] == {"task_id": "退款-1", "trial": 0, "tool": "refund_order", "call_id": "toolu_1",
                          "code": "OK", "ok": True,
                          "coerced": [{"path": "amount_cents", "received": "5", "value": 5}]}
    assert (records[1]["trial"], records[1]["code"]) == (1, "EMPTY_ARGUMENTS")
    assert len(records) == 3 and records[2]["code"] == "TOOL_ERROR" and records[2]["task_id"] == "plain"
    assert "退款" in stream.getvalue()


def test_an_unusable_log_is_a_boundary_error(tmp_path):
    with pytest.raises(BoundaryError, match="outcome log"):
        Boundary.from_tools(REFUND, log=tmp_path / "missing-dir" / "log.jsonl")
    with pytest.raises(BoundaryError, match="outcome log"):
        Boundary.from_tools(REFUND, log=42)


def test_boundary_pass_k_per_tool_from_a_log_file(tmp_path):
    tools = [json.loads(REFUND.read_text(encoding="utf-8")),
             {"name": "cancel_order", "input_schema": {"type": "object", "required": ["order_id"],
                                                       "properties": {"order_id": {"type": "string"}}}}]
    log = tmp_path / "outcomes.jsonl"
    boundary = Boundary.from_tools(tools, log=log)
    bad = {**GOOD, "amount_cents": "19.99"}
    # task A: refund fails the boundary in trial 2 (then passes on retry: the trial still counts as failed)
    plan = {("A", 0): [GOOD], ("A", 1): [GOOD], ("A", 2): [bad, GOOD], ("A", 3): [GOOD],
            ("B", 0): [GOOD], ("B", 1): [GOOD], ("B", 2): [GOOD], ("B", 3): [GOOD]}
    for (task, trial), calls in plan.items():
        for arguments in calls:
            boundary.check(tool_use(arguments), chain=(task, trial))
        boundary.check(tool_use({"order_id": "x"}, name="cancel_order"), chain=(task, trial))
    boundary.check(tool_use(GOOD), "max_tokens", chain=("B", 4))  # truncated: not the model's doing
    boundary.close()
    result = CliRunner().invoke(main, ["passk", str(log), "--by", "tool", "-k", "1,2",
                                       "--output-format", "json"])
    assert result.exit_code == 0, result.output
    groups = {g["name"]: g for g in json.loads(result.stdout)["groups"]}
    assert groups["cancel_order"]["rows"][1]["pass_hat_k"] == 1.0
    refund = groups["refund_order"]
    assert [(t["task_id"], t["n"], t["c"]) for t in refund["per_task"]] == [("A", 4, 3), ("B", 4, 4)]
    assert refund["rows"][1]["pass_hat_k"] == pytest.approx((0.5 + 1.0) / 2)
    assert refund["excluded"] == {"TRUNCATED": 1}
