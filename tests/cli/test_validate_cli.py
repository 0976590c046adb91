"""`toollint validate`: exit 0 valid, 1 invalid, 2 usage error; JSON on stdout, messages on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint.cli.validate import validate_command as validate

ROOT = ROOT_DIR
REFUND = str(ROOT / "fixtures" / "refund.json")
GOOD = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "Damaged"}


def invoke(*args, stdin=None):
    return CliRunner().invoke(validate, [str(a) for a in args], input=stdin)


def test_valid_arguments_exit_0_and_print_normalized():
    result = invoke(REFUND, "--input", json.dumps(GOOD))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {**GOOD, "reason": "damaged"}


def test_invalid_arguments_exit_1_and_print_tool_result():
    result = invoke(REFUND, "--input", json.dumps({**GOOD, "amount_cents": "19.99"}))
    assert result.exit_code == 1
    printed = json.loads(result.stdout)
    assert printed["type"] == "tool_result" and printed["is_error"] is True
    assert 'amount_cents: expected an integer, got "19.99" (a string)' in printed["content"]


def test_chinese_output_is_not_escaped():
    result = invoke(REFUND, "--lang", "zh", "--input", json.dumps({**GOOD, "amount_cents": "19.99"}))
    assert result.exit_code == 1
    assert "amount_cents：应为整数" in result.stdout  # ensure_ascii=False: readable, not \\u escapes


def test_stdin_and_dash(tmp_path):
    assert invoke(REFUND, stdin=json.dumps(GOOD)).exit_code == 0
    assert invoke(REFUND, "-", stdin=json.dumps(GOOD) + "\n").exit_code == 0
    result = invoke(REFUND, "--input-file", "-", stdin='{"order_id": "ORD-20260917", "amount_cents": 1999, "rea\n')
    assert result.exit_code == 1
    assert "line 1, column 52, offset 51" in json.loads(result.stdout)["content"]


def test_input_file(tmp_path):
    path = tmp_path / "args.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert invoke(REFUND, "--input-file", path).exit_code == 0
    assert invoke(REFUND, path).exit_code == 0


def test_whole_calls_keep_their_shape():
    call = {"id": "call_9", "type": "function", "function": {"name": "refund_order", "arguments": "{}"}}
    result = invoke(REFUND, "--input", json.dumps(call))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["tool_call_id"] == "call_9"
    unknown = {"type": "tool_use", "id": "toolu_1", "name": "refund", "input": {}}
    result = invoke(REFUND, "--input", json.dumps(unknown))
    assert result.exit_code == 1 and "refund_order" in json.loads(result.stdout)["content"]


def test_shape_target_and_stop_reason(tmp_path):
    result = invoke(REFUND, "--shape", "openai-responses", "--input", "{}")
    assert result.exit_code == 1 and json.loads(result.stdout)["type"] == "function_call_output"
    result = invoke(REFUND, "--target", "openai", "--input", "{}")
    assert result.exit_code == 1 and json.loads(result.stdout)["role"] == "tool"
    tools = tmp_path / "map.json"
    tools.write_text(json.dumps({"name": "tag", "input_schema": {"type": "object", "properties": {
        "labels": {"type": "object", "additionalProperties": {"type": "integer"}}}}}), encoding="utf-8")
    wire = json.dumps({"labels": [{"key": "a", "value": 1}]})
    assert invoke(tools, "--input", wire).exit_code == 1
    decoded = invoke(tools, "--target", "openai", "--input", wire)
    assert decoded.exit_code == 0 and json.loads(decoded.stdout) == {"labels": {"a": 1}}
    result = invoke(REFUND, "--stop-reason", "max_tokens", "--input", json.dumps(GOOD))
    assert result.exit_code == 1 and "max_tokens" in json.loads(result.stdout)["content"]


@pytest.fixture
def two_tools(tmp_path):
    data = json.loads(Path(REFUND).read_text(encoding="utf-8"))
    other = {"name": "cancel_order", "description": "Cancel an unshipped order.",
             "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}},
                              "required": ["order_id"]}}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [data, other]}), encoding="utf-8")
    return path


def test_several_tools_need_tool(two_tools):
    result = invoke(two_tools, "--input", "{}")
    assert result.exit_code == 2
    assert "--tool" in result.stderr and "refund_order" in result.stderr and "cancel_order" in result.stderr
    assert invoke(two_tools, "--tool", "cancel_order", "--input", '{"order_id": "A"}').exit_code == 0
    unknown = invoke(two_tools, "--tool", "refund", "--input", "{}")
    assert unknown.exit_code == 2 and "no tool named 'refund'" in unknown.stderr


@pytest.mark.parametrize("args", [
    ["nope.json", "--input", "{}"],
    [REFUND, "--input-file", "/nonexistent/args.json"],
    [REFUND, "--input", "{}", "-"],
    [REFUND, "--input", "   "],
    [REFUND, "--lang", "fr", "--input", "{}"],
])
def test_usage_errors_exit_2_without_traceback(args):
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output and result.stdout == ""
    assert result.stderr.strip()


def test_unreadable_tools_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x", "input_schema": ', encoding="utf-8")
    result = invoke(path, "--input", "{}")
    assert result.exit_code == 2
    assert str(path) in result.stderr and "invalid JSON" in result.stderr


def test_output_is_deterministic():
    args = [REFUND, "--input", json.dumps({"note": 5, "amount_cents": "x", "zzz": 1, "order_id": 3})]
    assert invoke(*args).stdout == invoke(*args).stdout


def test_schema_that_cannot_be_applied_is_a_usage_error(tmp_path):
    path = tmp_path / "remote.json"
    path.write_text(json.dumps({"name": "r", "input_schema": {"type": "object", "properties": {
        "x": {"$ref": "https://example.com/x.json"}}}}), encoding="utf-8")
    result = invoke(path, "--input", '{"x": 1}')
    assert result.exit_code == 2
    assert "https://example.com/x.json" in result.stderr and result.stdout == ""
    assert invoke(path, "--input", "{}").exit_code == 0


def test_strict_tools_decodes_only_the_tools_made_strict(tmp_path):
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([{"name": "t", "description": "Set a flag. Use it when asked to set one.",
                                  "input_schema": {"type": "object", "properties": {
                                      "name": {"type": "string"}, "value": {}}}}]), encoding="utf-8")
    sent = json.dumps({"name": "flag", "value": "true"})
    decoded = invoke(str(tools), "--target", "anthropic", "--input", sent)
    assert decoded.exit_code == 0 and json.loads(decoded.stdout)["value"] is True
    as_sent = invoke(str(tools), "--target", "anthropic", "--strict-tools", "other", "--input", sent)
    assert as_sent.exit_code == 0 and json.loads(as_sent.stdout)["value"] == "true"
