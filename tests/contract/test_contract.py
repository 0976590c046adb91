"""Contract cases: generated from tool definitions, verdicts from the boundary, checked again by `run`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint.cli import main
from toollint.contract import CaseFileError, check_cases, generate, read_cases, write_cases

ROOT = ROOT_DIR
REFUND = ROOT / "fixtures" / "refund.json"

NESTED = {
    "name": "ship_items",
    "description": "Ship items to an address. 把商品寄到地址。",
    "input_schema": {
        "type": "object",
        "$defs": {"sku": {"type": "string", "pattern": "^SKU-[A-Z]{3}$", "description": "e.g. SKU-ABC"}},
        "properties": {
            "items": {"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": True,
                      "items": {"type": "object", "additionalProperties": False, "required": ["sku", "qty"],
                                "properties": {"sku": {"$ref": "#/$defs/sku"},
                                               "qty": {"type": "integer", "exclusiveMinimum": 0, "maximum": 9}}}},
            "express": {"type": "boolean"},
            "ship_date": {"type": "string", "format": "date"},
            "weight_kg": {"type": "number", "minimum": 0.1, "multipleOf": 0.1},
            "label_path": {"type": "string", "pattern": "^/", "description": "Absolute path of the label PDF"},
            "options": {"type": "object", "properties": {"gift": {"type": "boolean"}}},
        },
        "required": ["items", "ship_date"],
        "additionalProperties": False,
    },
}


def by_id(cases):
    return {case.id: case for case in cases}


def test_refund_cases_include_the_articles_three_and_all_match(tmp_path):
    cases = by_id(generate(REFUND)["refund_order"])
    stringified = cases["number-as-string:amount_cents"]
    assert stringified.call["arguments"]["amount_cents"] == "1999"  # the description's own example, quoted
    assert (stringified.expect, stringified.code, stringified.pointer) == ("error", "INVALID_ARGUMENTS", "/amount_cents")
    truncated = cases["truncated-json"]
    assert isinstance(truncated.call["arguments"], str) and truncated.code == "INVALID_JSON"
    variant = cases["enum-case:reason"]
    assert variant.expect == "ok" and variant.normalized["reason"] == variant.call["arguments"]["reason"].lower()
    assert cases["empty-arguments"].code == "EMPTY_ARGUMENTS"
    assert cases["unknown-tool"].code == "UNKNOWN_TOOL" and cases["unknown-tool"].call["name"] == "refund_orders"
    assert cases["extra-field"].pointer == "/orderId"
    assert cases["at-max-length:note"].expect == "ok" and len(cases["at-max-length:note"].call["arguments"]["note"]) == 200
    assert cases["too-long:note"].expect == "error"
    assert cases["below-minimum:amount_cents"].call["arguments"]["amount_cents"] == 0
    assert cases["null:note"].expect == "ok"  # an optional null is dropped, as OpenAI-strict sends it
    write_cases(tmp_path, "refund_order", list(cases.values()))
    count, failures = check_cases(REFUND, tmp_path)
    assert count == len(cases) and failures == []


def test_same_seed_same_cases_and_seeded_pattern_strings(tmp_path):
    path = tmp_path / "ship.json"
    path.write_text(json.dumps(NESTED), encoding="utf-8")
    first = generate(path, seed=3)["ship_items"]
    assert [c.to_dict() for c in first] == [c.to_dict() for c in generate(path, seed=3)["ship_items"]]
    assert len({c.id for c in first}) == len(first)
    # a pattern with no example anywhere: strings come from rstr, seeded
    tool = {"name": "t", "input_schema": {"type": "object", "required": ["code"],
                                          "properties": {"code": {"type": "string", "pattern": "^[a-z]{12}$"}}}}
    codes = [generate(tool, seed=s)["t"][0].call["arguments"]["code"] for s in (1, 1, 2)]
    assert codes[0] == codes[1] != codes[2] and all(len(c) == 12 for c in codes)


def test_nested_fields_refs_and_limits(tmp_path):
    path = tmp_path / "ship.json"
    path.write_text(json.dumps(NESTED), encoding="utf-8")
    cases = by_id(generate(path)["ship_items"])
    assert cases["valid-minimal"].expect == "ok" and cases["valid-maximal"].expect == "ok"
    assert cases["missing:items[0].sku"].pointer == "/items/0/sku"
    assert cases["pattern-mismatch:items[0].sku"].expect == "error"
    assert cases["below-minimum:items[0].qty"].call["arguments"]["items"][0]["qty"] == 0
    assert cases["at-maximum:items[0].qty"].expect == "ok" and cases["above-maximum:items[0].qty"].expect == "error"
    assert cases["too-few-items:items"].expect == "error" and cases["too-many-items:items"].expect == "error"
    assert cases["duplicate-items:items"].code == "INVALID_ARGUMENTS"
    assert cases["array-as-json-text:items"].expect == "error"
    assert cases["boolean-as-string:express"].call["arguments"]["express"] == "false"
    assert cases["format-mismatch:ship_date"].pointer == "/ship_date"
    assert cases["not-multiple:weight_kg"].expect == "error"
    assert cases["relative-path:label_path"].expect == "error"
    assert "absolute path is asked for" in cases["relative-path:label_path"].why
    assert cases["extra-field:items[0]"].pointer.startswith("/items/0/")


def test_coerce_changes_the_verdicts_of_stringified_values(tmp_path):
    path = tmp_path / "ship.json"
    path.write_text(json.dumps(NESTED), encoding="utf-8")
    cases = by_id(generate(path, coerce=True)["ship_items"])
    assert cases["array-as-json-text:items"].expect == "ok"
    assert cases["boolean-as-string:express"].normalized["express"] is False
    assert cases["wrong-type:ship_date"].expect == "error"  # 42 for a string is never coerced
    refund = by_id(generate(REFUND, coerce=True)["refund_order"])
    assert refund["number-as-string:amount_cents"].expect == "ok"
    assert refund["wrong-type:amount_cents"].expect == "error"  # "many" reads as no number


def test_commands_gen_then_run_and_a_changed_schema_is_caught(tmp_path):
    runner = CliRunner()
    out = tmp_path / "contract"
    result = runner.invoke(main, ["contract", "gen", str(REFUND), "-o", str(out), "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert "refund_order.jsonl: 26 cases" in result.output
    first = (out / "refund_order.jsonl").read_bytes()
    runner.invoke(main, ["contract", "gen", str(REFUND), "-o", str(out), "--seed", "7"])
    assert (out / "refund_order.jsonl").read_bytes() == first
    assert "退款备注" in first.decode("utf-8")  # non-ASCII kept as is
    result = runner.invoke(main, ["contract", "run", str(REFUND), str(out)])
    assert result.exit_code == 0 and "26 cases: every verdict matches" in result.output
    changed = json.loads(REFUND.read_text(encoding="utf-8"))
    changed["input_schema"]["properties"]["note"]["maxLength"] = 500
    changed["input_schema"]["properties"]["reason"]["enum"].append("NOT_RECEIVED")
    edited = tmp_path / "refund.json"
    edited.write_text(json.dumps(changed, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(main, ["contract", "run", str(edited), str(out / "refund_order.jsonl")])
    assert result.exit_code == 1
    assert "too-long:note: expect: expected \"error\", got \"ok\"" in result.output
    assert "enum-case:reason: normalized:" in result.output
    assert "2 of 26 cases differ" in result.output


@pytest.mark.parametrize(("text", "message"), [
    ("{not json\n", "cases.jsonl:1:2: invalid JSON"),
    ('{"id": "a", "call": {"name": "refund_order"}, "expect": "maybe", "code": "OK"}\n', "cases.jsonl:1: expect must"),
    ('{"id": "a", "expect": "ok", "code": "OK"}\n', "cases.jsonl:1: the case lacks call"),
    ("\n", "no cases"),
])
def test_bad_case_files_are_reported_with_line(tmp_path, text, message):
    path = tmp_path / "cases.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseFileError, match="cases.jsonl"):
        read_cases(path)
    result = CliRunner().invoke(main, ["contract", "run", str(REFUND), str(path)])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_gen_on_a_bad_tools_file_exits_2_and_writes_nothing(tmp_path):
    bad = tmp_path / "tools.json"
    bad.write_text('{"name": "x", "input_schema": {"type": "object", "properties": {"a": {"type": "text"}}}}',
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["contract", "gen", str(bad), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and "not valid JSON Schema" in result.stderr
    assert not (tmp_path / "out").exists()


def test_run_on_a_directory_reads_only_the_case_files_of_these_tools(tmp_path):
    write_cases(tmp_path, "refund_order", generate(REFUND)["refund_order"])
    (tmp_path / "other_tool.jsonl").write_text('{"id": "x", "call": {"name": "other_tool", "arguments": {}}, '
                                                '"expect": "ok", "code": "OK"}\n', encoding="utf-8")
    count, failures = check_cases(REFUND, tmp_path)
    assert count == 26 and failures == []
    (tmp_path / "refund_order.jsonl").unlink()
    with pytest.raises(CaseFileError, match="no case files for refund_order"):
        check_cases(REFUND, tmp_path)
