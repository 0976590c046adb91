"""strictify on hostile YAML and JSON: shared anchors and merge keys rewritten per use, byte-exact --check,
no private exceptions, large YAML loaded once (review items B7, B8, C1, C3)."""

from __future__ import annotations

import json

import pytest
from ruamel.yaml import YAML

from hostile.util import REFUND, toollint, write_json
from toollint.document import yaml_tree
from toollint.strictifier.rewrite import StrictifyError, strictify_tool

SHARED_ACROSS_TOOLS = """\
defs:
  money: &money {type: integer, minimum: 1, description: Amount in cents}
tools:
  - name: pay_invoice
    description: Pay one invoice and return the receipt id.
    input_schema: {type: object, properties: {tip: *money}}
  - name: refund_order
    description: Refund one order and return the refund id.
    input_schema: {type: object, properties: {amount: *money}, required: [amount]}
"""

SHARED_WITHIN_ONE_TOOL = """\
name: transfer
description: Move money between two accounts and return the transfer id.
input_schema:
  type: object
  properties:
    a: &s {type: string, description: Account id}
    b: *s
  required: [a]
"""

MERGE_KEY = """\
base: &base {type: integer, minimum: 1}
tools:
  - name: pay_invoice
    description: Pay one invoice and return the receipt id.
    input_schema:
      type: object
      properties:
        amount: {<<: *base, description: Amount in cents}
      required: [amount]
"""


def _strictify_yaml(tmp_path, text: str, target: str) -> dict:
    (tmp_path / "a.yaml").write_text(text)
    result = toollint("strictify", str(tmp_path / "a.yaml"), "--target", target, "-o", str(tmp_path / "out.yaml"),
                      "-q")
    assert result.exit_code == 0, result.output
    return YAML(typ="safe").load((tmp_path / "out.yaml").read_text())


def _nullable(schema: dict) -> bool:
    kinds = schema.get("type")
    return "null" in kinds if isinstance(kinds, list) else any(b.get("type") == "null" for b in schema.get("anyOf", []))


def test_anchor_shared_across_tools_is_rewritten_per_tool(tmp_path) -> None:
    out = _strictify_yaml(tmp_path, SHARED_ACROSS_TOOLS, "openai")  # written as OpenAI tools: only the tools
    tip = out[0]["function"]["parameters"]["properties"]["tip"]
    amount = out[1]["function"]["parameters"]["properties"]["amount"]
    assert _nullable(tip) and not _nullable(amount)


def test_anchor_shared_within_one_tool(tmp_path) -> None:
    out = _strictify_yaml(tmp_path, SHARED_WITHIN_ONE_TOOL, "openai")
    properties = out["function"]["parameters"]["properties"]
    assert not _nullable(properties["a"]) and _nullable(properties["b"])


def test_non_tool_section_is_never_edited(tmp_path) -> None:
    out = _strictify_yaml(tmp_path, SHARED_ACROSS_TOOLS, "anthropic")
    assert out["defs"]["money"] == {"type": "integer", "minimum": 1, "description": "Amount in cents"}


def test_merge_keys_are_expanded_so_removed_keys_stay_removed(tmp_path) -> None:
    _strictify_yaml(tmp_path, MERGE_KEY, "anthropic")
    text = (tmp_path / "out.yaml").read_text()
    assert "<<" not in text.split("tools:")[1]
    check = toollint("check", str(tmp_path / "out.yaml"), "--target", "anthropic", "--output-format", "json")
    assert "TL501" not in check.stdout


def test_yaml_is_loaded_once(monkeypatch, tmp_path) -> None:
    loads = []
    real = YAML.load
    real_all = YAML.load_all
    monkeypatch.setattr(YAML, "load", lambda self, stream: loads.append(1) or real(self, stream))
    monkeypatch.setattr(YAML, "load_all", lambda self, stream: loads.append(1) or real_all(self, stream))
    (tmp_path / "a.yaml").write_text(SHARED_WITHIN_ONE_TOOL)
    assert toollint("strictify", str(tmp_path / "a.yaml"), "-q").exit_code == 0
    assert len(loads) == 2  # one for reading (positions, checks), one for the round-trip tree


def test_large_yaml_is_dumped_once(monkeypatch, tmp_path) -> None:
    """A 15 MB line took 85 s as 8 loads and dumps; past MAX_LAYOUT_TRIALS_BYTES no layout is tried."""
    text = "name: t\ndescription: " + "word " * 60_000 + "\ninput_schema: {type: object}\n"  # 300 KB
    assert len(text) > yaml_tree.MAX_LAYOUT_TRIALS_BYTES
    (tmp_path / "a.yaml").write_text(text)
    dumps = []
    real = YAML.dump
    monkeypatch.setattr(YAML, "dump", lambda self, data, stream: dumps.append(1) or real(self, data, stream))
    assert toollint("strictify", str(tmp_path / "a.yaml"), "-q").exit_code == 0
    assert len(dumps) == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("a:\n  b: 1\n  c:\n    - x\n", (2, 4, 2)),
    ("a:\n  b: 1\n  c:\n  - x\n", (2, 2, 0)),
    ("a:\n    b: 1\n    c:\n      - x\n", (4, 4, 2)),
    ("a:\n  - x\n", (2, 4, 2)),
    ("a:\n  b:\n    - c: 1\n", (2, 4, 2)),
])
def test_indent_guess(text, expected) -> None:
    assert yaml_tree.guess_indent(text) == expected


def test_crlf_json_is_up_to_date_after_writing(tmp_path) -> None:
    text = json.dumps(REFUND, indent=2).replace("\n", "\r\n") + "\r\n"
    (tmp_path / "crlf.json").write_bytes(text.encode())
    out = str(tmp_path / "crlf.strict.json")
    assert toollint("strictify", str(tmp_path / "crlf.json"), "-o", out, "-q").exit_code == 0
    assert toollint("strictify", str(tmp_path / "crlf.json"), "-o", out, "--check", "-q").exit_code == 0


def test_check_sees_line_ending_drift_and_non_utf8(tmp_path) -> None:
    source = write_json(tmp_path / "t.json", REFUND)
    out = tmp_path / "o.json"
    assert toollint("strictify", str(source), "-o", str(out), "-q").exit_code == 0
    out.write_bytes(out.read_bytes().replace(b"\n", b"\r\n"))
    drift = toollint("strictify", str(source), "-o", str(out), "--check", "-q")
    assert drift.exit_code == 1 and "out of date" in drift.stderr
    out.write_bytes(b"\xff\xfe not utf-8")
    broken = toollint("strictify", str(source), "-o", str(out), "--check", "-q")
    assert broken.exit_code == 1 and "out of date" in broken.stderr


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {"type": "string", "allOf": [{"type": "integer"}]}}},
    {"type": "object", "properties": {"a": {"type": "string", "allOf": [False]}}},
])
@pytest.mark.parametrize("target", ["openai", "anthropic"])
def test_lossy_allof_never_leaks_a_private_error(schema, target) -> None:
    # `a` accepts no value: optional, it is left out of the closed object (issue 11); required, the whole
    # schema is unsatisfiable and refused with a StrictifyError, never the private merge error
    tool = {"name": "t", "description": "Do one thing.", "input_schema": schema}
    for lossy in (False, True):
        result = strictify_tool(tool, target, allow_lossy=lossy)
        assert "a" not in result.tool["input_schema"]["properties"]
        assert any(change.kind == "dropped" and change.pointer.endswith("/properties/a") for change in result.changes)
    required = {"name": "t", "description": "Do one thing.", "input_schema": {**schema, "required": ["a"]}}
    for lossy in (False, True):
        with pytest.raises(StrictifyError):
            strictify_tool(required, target, allow_lossy=lossy)


def _nested(levels: int) -> dict:
    inner: dict = {"type": "string", "description": "The leaf value"}
    for _ in range(levels - 1):
        inner = {"type": "object", "description": "One level", "properties": {"n": inner}, "required": ["n"]}
    return inner


@pytest.mark.parametrize(("schema", "what"), [
    (_nested(12), "levels of nesting"),
    ({"type": "object", "properties": {f"p{i}": {"type": "integer", "description": "A number"} for i in range(5001)}},
     "object properties"),
    ({"type": "object", "properties": {"c": {"type": "string", "description": "A code",
                                             "enum": [f"v{i}" for i in range(1001)]}}}, "enum values"),
    ({"type": "object", "properties": {"c": {"type": "string", "description": "A code",
                                             "enum": [f"{i:03d}" + "x" * 60 for i in range(251)]}}},
     "one enum of more than 250"),
])
def test_openai_size_limits_in_check_and_strictify(tmp_path, schema, what) -> None:
    path = write_json(tmp_path / "big.json", {"name": "store", "description": "Store one record and return its id.",
                                              "input_schema": schema})
    result = toollint("check", str(path), "--target", "openai")  # the full format prints the note
    assert "TL112" in result.stdout and what in result.stdout
    result = toollint("strictify", str(path), "--target", "openai", "-q")
    assert result.exit_code == 2 and what in result.stderr


def test_ten_levels_are_within_the_limit(tmp_path) -> None:
    path = write_json(tmp_path / "ok.json", {"name": "store", "description": "Store one record and return its id.",
                                             "input_schema": _nested(10)})
    result = toollint("check", str(path), "--target", "openai", "--output-format", "concise")
    assert "TL112" not in result.stdout
