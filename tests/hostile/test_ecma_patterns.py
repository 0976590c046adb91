"""`pattern` is matched with ECMA-262's meaning in every validator: the boundary, `validate`, and check's
example validation (reliability review 2, item 9, cases 53-55)."""

from __future__ import annotations

import json

import pytest

from hostile.util import REFUND, tool_use, toollint, write_json
from toollint.boundary import Boundary
from toollint.schema.validation import safe_validator


def _tool(pattern: str) -> dict:
    return {"name": "t", "description": "d", "input_schema": {
        "type": "object", "properties": {"x": {"type": "string", "pattern": pattern}}, "required": ["x"]}}


CASES = [
    ("^ORD-[0-9]{8}$", "ORD-20260917\n", False),   # `$` is the end of input, not before a final newline
    ("^ORD-[0-9]{8}$", "ORD-20260917", True),
    (r"^\d{4}$", "\u0661\u0662\u0663\u0664", False),  # Arabic-Indic digits are not \d in ECMA-262
    (r"^\d{4}$", "2026", True),
    (r"^\w+$", "p\u0430y", False),                # a Cyrillic а is not \w
    (r"^\w+$", "pay_1", True),
    (r"\bcat\b", "concat\u00e9", False),          # \b is ASCII: é is not a word character
    (r"^[^\D]+$", "123", True),
    (r"^[^\D]+$", "12\u0663", False),
    (r"^a.c$", "a\rc", False),                    # ECMA-262 `.` excludes CR and the line separators
    (r"^\s$", "\ufeff", True),                    # ECMA-262 \s includes U+FEFF, Python's does not
    (r"^\s$", "\x1c", False),                     # and Python's includes U+001C, ECMA-262's does not
]


@pytest.mark.parametrize(("pattern", "text", "ok"), CASES)
def test_the_boundary_matches_ecma_262(pattern, text, ok):
    assert Boundary.from_tools([_tool(pattern)]).check(tool_use("t", {"x": text})).ok is ok


@pytest.mark.parametrize(("pattern", "text", "ok"), CASES)
def test_the_shared_validator_matches_ecma_262(pattern, text, ok):
    schema = _tool(pattern)["input_schema"]
    assert safe_validator(schema).is_valid({"x": text}) is ok


def test_validate_rejects_a_trailing_newline_in_an_id(tmp_path):
    tools = write_json(tmp_path / "tools.json", [REFUND])
    bad = toollint("validate", str(tools), "--tool", "refund_order", "--input", json.dumps({"order_id": "ORD-20260917\n"}))
    good = toollint("validate", str(tools), "--tool", "refund_order", "--input", json.dumps({"order_id": "ORD-20260917"}))
    assert bad.exit_code == 1 and good.exit_code == 0


def test_pattern_properties_and_property_names_use_ecma_262_too():
    schema = {"type": "object", "propertyNames": {"pattern": r"^\w+$"}}
    assert not safe_validator(schema).is_valid({"p\u0430y": 1}) and safe_validator(schema).is_valid({"pay": 1})
    schema = {"type": "object", "patternProperties": {r"^\d+$": {"type": "integer"}}, "additionalProperties": False}
    assert not safe_validator(schema).is_valid({"\u0661": 1}) and safe_validator(schema).is_valid({"1": 1})


@pytest.mark.parametrize("text", ['{"x": "a\\ud800b"}', '{"x\\udc00": "a"}', '{"x": "\\udc00\\ud800"}'])
def test_a_lone_surrogate_in_json_call_text_is_invalid_json(text):
    boundary = Boundary.from_tools([_tool("^.*$")])
    outcome = boundary.check({"type": "function", "function": {"name": "t", "arguments": text}, "id": "c1"})
    assert outcome.code == "INVALID_JSON" and "lone surrogate" in (outcome.reason + str(outcome.errors))


def test_a_surrogate_pair_in_json_call_text_is_fine():
    boundary = Boundary.from_tools([_tool("^.*$")])
    outcome = boundary.check({"type": "function", "function": {"name": "t", "arguments": '{"x": "\\ud83d\\ude00"}'},
                              "id": "c1"})
    assert outcome.ok
