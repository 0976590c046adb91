"""Inputs that standard parsers accept or choke on: each becomes a per-file finding with a location, and the
other files of the run are still checked (review items A6, B5, B6, B7, C2, C8)."""

from __future__ import annotations

import json

import pytest
from ruamel.yaml import YAML

from hostile.util import REFUND, toollint, write_json
from toollint.boundary import Boundary, BoundaryError
from toollint.linter.report import REPORTERS

BIG_INT_JSON = ('{"name":"t","description":"Refund one order.","input_schema":{"type":"object","maximum":'
                + "9" * 4301 + "}}")
HEX_YAML = "name: t\ndescription: Refund one order.\ninput_schema: {type: object, maximum: 0x" + "f" * 4000 + "}\n"
SURROGATE_NAME = '{"name": "x\\ud800y", "description": "d", "input_schema": {"type": "object"}}'
SURROGATE_DESCRIPTION = '{"name": "t", "description": "a \\ud800 b", "input_schema": {"type": "object"}}'
YAML_13 = "%YAML 1.3\n---\nname: t\ndescription: d\ninput_schema: {type: object}\n"
YAML_13_MID = "name: t\n%YAML 1.3\ndescription: d\ninput_schema: {type: object}\n"


def _findings(tmp_path, *names: str) -> list[dict]:
    result = toollint("check", str(tmp_path), "--output-format", "json")
    assert result.exit_code == 1, result.output
    return [f for f in json.loads(result.stdout) if any(f["file"].endswith(n) for n in names)]


@pytest.mark.parametrize(("name", "text", "where"), [
    ("big.json", BIG_INT_JSON, "4,300 digits"),
    ("hex.yaml", HEX_YAML, "4,300 digits"),
    ("lone.json", SURROGATE_NAME, "surrogate"),
    ("lone2.json", SURROGATE_DESCRIPTION, "surrogate"),
    ("v13.yaml", YAML_13, "%YAML"),
    ("v13mid.yaml", YAML_13_MID, "%YAML 1.3"),  # a KeyError from ruamel before (review 2, item 10)
])
def test_one_bad_file_is_a_finding_and_the_run_goes_on(tmp_path, name, text, where) -> None:
    write_json(tmp_path / "a.json", REFUND)
    (tmp_path / name).write_text(text, encoding="utf-8")
    for fmt in REPORTERS:
        result = toollint("check", str(tmp_path), "--output-format", fmt)
        assert result.exit_code == 1, result.output
        assert "internal error" not in result.output
    findings = _findings(tmp_path, name)
    assert [f["rule"] for f in findings] == ["parse-error"]
    assert where in findings[0]["message"]
    assert findings[0]["line"] >= 1


@pytest.mark.parametrize("text", [BIG_INT_JSON, SURROGATE_NAME, SURROGATE_DESCRIPTION])
def test_strictify_refuses_with_a_message(tmp_path, text) -> None:
    (tmp_path / "t.json").write_text(text, encoding="utf-8")
    result = toollint("strictify", str(tmp_path / "t.json"))
    assert result.exit_code == 2 and "internal error" not in result.output
    assert "t.json:1:" in result.stderr


@pytest.mark.parametrize(("name", "text"), [("big.json", BIG_INT_JSON), ("hex.yaml", HEX_YAML),
                                            ("lone.json", SURROGATE_NAME), ("v13.yaml", YAML_13),
                                            ("v13mid.yaml", YAML_13_MID)])
def test_boundary_raises_only_boundary_error(tmp_path, name, text) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(BoundaryError):
        Boundary.from_tools(str(tmp_path / name))


def test_validate_with_yaml_13_is_a_usage_error(tmp_path) -> None:
    (tmp_path / "t.yaml").write_text(YAML_13, encoding="utf-8")
    result = toollint("validate", str(tmp_path / "t.yaml"), "--input", "{}")
    assert result.exit_code == 2 and "%YAML" in result.stderr


def test_terminal_escapes_are_never_printed_raw(tmp_path) -> None:
    name = "bad\x1b]0;PWNED\x07\x1b[2Jname\u202e\x9b"
    write_json(tmp_path / "esc.json", {"name": name, "description": f"d {name}", "input_schema": {"type": "object"}})
    for fmt in REPORTERS:  # every output format
        result = toollint("check", str(tmp_path / "esc.json"), "--output-format", fmt, "--no-color")
        for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
            assert raw not in result.output, (fmt, raw)
    result = toollint("check", str(tmp_path / "esc.json"), "--output-format", "json")
    assert any(f["tool"] == name for f in json.loads(result.stdout))  # the JSON value itself is kept
    result = toollint("strictify", str(tmp_path / "esc.json"), "--target", "openai")
    assert "\x1b" not in result.stderr


def test_duplicate_json_keys_are_reported(tmp_path) -> None:
    (tmp_path / "d.json").write_text(
        '{"name": "pay", "description": "Pay one invoice and return the receipt id.", "input_schema": '
        '{"type": "object", "properties": {"amount": {"type": "string"},\n "amount": {"type": "integer"}}}}')
    findings = _findings(tmp_path, "d.json")
    dup = [f for f in findings if f["rule"] == "duplicate-key"]
    assert len(dup) == 1 and dup[0]["code"] == "TL110" and dup[0]["line"] == 2
    result = toollint("strictify", str(tmp_path / "d.json"))
    assert result.exit_code == 2 and "twice" in result.stderr
    with pytest.raises(BoundaryError, match="twice"):
        Boundary.from_tools(str(tmp_path / "d.json"))


@pytest.mark.parametrize(("text", "fmt"), [
    ('{"name":"t","description":"Refund one order.","input_schema":{"type":"object","properties":'
     '{"n":{"type":"integer","minimum":1e999}},"required":["n"]}}', "json"),
    ("name: t\ndescription: Refund one order.\ninput_schema:\n  type: object\n  properties:\n"
     "    n: {type: number, minimum: .nan, maximum: .inf}\n", "yaml"),
])
def test_non_finite_numbers_are_reported_and_never_written(tmp_path, text, fmt) -> None:
    path = tmp_path / f"inf.{fmt}"
    path.write_text(text)
    findings = _findings(tmp_path, path.name)
    assert "non-finite-number" in [f["rule"] for f in findings]
    for target in ("openai", "anthropic"):
        out = tmp_path / f"out.{target}.json"
        result = toollint("strictify", str(path), "--target", target, "-o", str(out), "--validator",
                          str(tmp_path / "v.json"), "-q")
        assert result.exit_code == 2 and "finite" in result.stderr
        assert not out.exists()


def _string_alias_bomb() -> str:
    text = "x" * 100_000
    lines = [f's: &s "{text}"', "l1: &l1 [" + ", ".join(["*s"] * 10) + "]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(2, 6)]
    lines += ["name: t", "description: Store one value and return its id.",
              "input_schema: {type: object, properties: {x: {type: string, default: *l5}}}"]
    return "\n".join(lines) + "\n"


def test_string_alias_bomb_is_refused_everywhere(tmp_path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(_string_alias_bomb())
    result = toollint("check", str(path), "--output-format", "concise")
    assert result.exit_code == 1 and "bytes" in result.stdout and "alias" in result.stdout
    result = toollint("strictify", str(path))
    assert result.exit_code == 2 and "alias" in result.stderr
    with pytest.raises(BoundaryError, match="alias"):
        Boundary.from_tools(str(path))


def test_yaml_set_becomes_a_list(tmp_path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("name: pay\ndescription: Pay one invoice and return the receipt id.\ninput_schema:\n"
                    "  type: object\n  properties:\n    a: {type: string, description: A}\n"
                    "    b: {type: string, description: B}\n  required: !!set {a, b}\n")
    result = toollint("strictify", str(path), "--target", "openai", "-q")
    assert result.exit_code == 0, result.output
    written = YAML(typ="safe").load(result.stdout)  # an Anthropic tool, written as OpenAI takes it
    assert written["function"]["parameters"]["required"] == ["a", "b"]
