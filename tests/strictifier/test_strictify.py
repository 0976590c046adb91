"""`toollint strictify`: the Python API, the command, the layouts it writes, and the boundary decoder."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR, lint_text
from jsonschema import Draft202012Validator

from toollint.cli import main
from toollint.strictifier.rewrite import (
    StrictifyError,
    StrictifyResult,
    UnsatisfiableSchema,
    decode_wire_arguments,
    strictify_tool,
)

ROOT = ROOT_DIR
REFUND = ROOT / "fixtures" / "refund.json"
STRICT = ROOT / "fixtures" / "strict"


def run(*args, input=None):
    return CliRunner().invoke(main, ["strictify", *map(str, args)], input=input)


def strict_findings(text, target, fmt="json"):
    return [f for f in lint_text(text, fmt, targets=(target,)) if f.rule.startswith("strict-")]


def schema_of(tool):
    definition = tool.get("function", tool)
    for key in ("input_schema", "parameters", "inputSchema", "parametersJsonSchema"):
        if key in definition:
            return definition[key]
    raise KeyError


# ---------------------------------------------------------------------------------------------
# The issue's must-show: refund.json


def test_refund_strictified_for_anthropic(tmp_path):
    result = run(REFUND, "--validator", tmp_path / "validator.json")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    (tmp_path / "refund.strict.json").write_text(text, encoding="utf-8")
    tool = json.loads(text)
    assert tool["strict"] is True and tool["name"] == "refund_order"
    assert strict_findings(text, "anthropic") == []
    properties = tool["input_schema"]["properties"]
    assert "minimum" not in properties["amount_cents"] and "maxLength" not in properties["note"]
    assert properties["amount_cents"]["description"] == "退款金额，单位：分。19.99 元写 1999。最小为 1。"
    assert properties["note"]["description"] == "可选，给客服的备注。长度最多为 200 个字符。"
    assert "最小为" in text  # non-ASCII is written as is, not escaped
    validators = json.loads((tmp_path / "validator.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(validators["refund_order"])
    seed_call = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged"}
    assert validator.is_valid(seed_call)
    assert not validator.is_valid({**seed_call, "amount_cents": 0})
    assert not validator.is_valid({**seed_call, "note": "x" * 201})
    assert validator.is_valid({**seed_call, "note": "x" * 200})
    # the change report names each move
    assert "/input_schema/properties/amount_cents/minimum" in result.stderr
    assert "/input_schema/properties/note/maxLength" in result.stderr


def test_refund_strictified_for_openai():
    result = run(REFUND, "--target", "openai")
    assert result.exit_code == 0, result.stderr
    tool = json.loads(result.stdout)
    assert tool["type"] == "function"  # written as OpenAI takes it: Chat Completions by default
    schema = tool["function"]["parameters"]
    assert strict_findings(result.stdout, "openai") == []
    assert schema["required"] == ["order_id", "amount_cents", "reason", "note"]
    assert schema["properties"]["note"]["type"] == ["string", "null"]
    assert schema["properties"]["amount_cents"]["minimum"] == 1  # OpenAI keeps numeric bounds
    assert tool["function"]["strict"] is True
    sent = {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged", "note": None}
    assert decode_wire_arguments(schema_of(json.loads(REFUND.read_text())), sent, "openai") == \
        {"order_id": "ORD-20260917", "amount_cents": 1999, "reason": "damaged"}


# ---------------------------------------------------------------------------------------------
# Python API


def test_api_result_and_changes():
    tool = json.loads(REFUND.read_text(encoding="utf-8"))
    before = copy.deepcopy(tool)
    result = strictify_tool(tool)
    assert isinstance(result, StrictifyResult)
    assert tool == before  # the input is not mutated
    assert result.validator == tool["input_schema"]
    moved = {(c.pointer, c.keyword, json.dumps(c.before), c.kind) for c in result.changes}
    assert moved == {("/input_schema/properties/amount_cents/minimum", "minimum", "1", "moved"),
                     ("/input_schema/properties/note/maxLength", "maxLength", "200", "moved")}
    assert all(c.after.startswith("description: ") for c in result.changes)
    assert not result.lossy


def test_package_level_api_after_import():
    import toollint
    import toollint.strictifier.rewrite  # noqa: F401 - importing the module must not shadow the function

    result = toollint.strictify(json.loads(REFUND.read_text(encoding="utf-8")), target="openai")
    assert isinstance(result, toollint.StrictifyResult)
    assert issubclass(toollint.StrictifyError, Exception)


def test_package_level_api_in_a_fresh_interpreter():
    code = (f"import json, toollint; r = toollint.strictify(json.load(open({str(REFUND)!r})));"
            "print(r.tool['strict'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr[-500:]


def test_every_dialect_keeps_its_shape():
    base = {"type": "object", "properties": {"q": {"type": "string", "maxLength": 5}}}
    cases = {
        "anthropic": ({"name": "f", "description": "d", "input_schema": base}, "input_schema", True),
        "openai-chat": ({"type": "function", "function": {"name": "f", "description": "d", "parameters": base}},
                        "parameters", True),
        "openai-responses": ({"type": "function", "name": "f", "description": "d", "parameters": base},
                             "parameters", True),
        "mcp": ({"name": "f", "description": "d", "inputSchema": base}, "inputSchema", False),
    }
    for name, (tool, key, has_strict) in cases.items():
        target = "anthropic" if name == "anthropic" else "openai" if name.startswith("openai") else "anthropic"
        out = strictify_tool(tool, target).tool
        definition = out.get("function", out)
        assert key in definition and definition[key]["additionalProperties"] is False, name
        assert ("strict" in definition) == has_strict, name
        assert set(out) - {"strict"} == set(tool), name


def test_open_objects_closed_everywhere_and_refs_inlined():
    schema = {"type": "object", "$schema": "http://json-schema.org/draft-07/schema#",
              "properties": {"address": {"$ref": "#/definitions/address", "description": "Where to ship"},
                             "items": {"type": "array", "items": {"$ref": "#/definitions/line"}, "minItems": 1}},
              "required": ["address"],
              "definitions": {"address": {"type": "object", "properties": {"city": {"type": "string"}}},
                              "line": {"type": "object", "properties": {"sku": {"type": "string"},
                                                                        "qty": {"type": "integer", "minimum": 1}}}}}
    for target in ("anthropic", "openai"):
        result = strictify_tool({"name": "ship", "description": "Ship it.", "input_schema": schema}, target)
        wire = result.tool["input_schema"]
        text = json.dumps(wire)
        assert "$ref" not in text and "definitions" not in text and "$schema" not in text
        assert wire["properties"]["address"]["description"] == "Where to ship"
        assert wire["properties"]["address"]["additionalProperties"] is False
        line = wire["properties"]["items"]["items"]
        assert line["additionalProperties"] is False
        assert strict_findings(json.dumps([result.tool]), target) == []
    anthropic = strictify_tool({"name": "ship", "description": "Ship it.", "input_schema": schema}).tool
    assert anthropic["input_schema"]["properties"]["items"]["items"]["properties"]["qty"]["description"] == \
        "Must be at least 1."


def test_one_of_becomes_any_of_and_all_of_is_merged():
    schema = {"type": "object",
              "properties": {"pet": {"oneOf": [{"type": "string", "maxLength": 8}, {"type": "string", "pattern": "^a"}],
                                     "description": "A pet"},
                             "kind": {"oneOf": [{"const": "cat"}, {"const": "dog"}]}},
              "allOf": [{"properties": {"age": {"type": "integer", "maximum": 30}}, "required": ["age"]}]}
    result = strictify_tool({"name": "pet", "description": "Record a pet.", "input_schema": schema}, "openai")
    wire = result.tool["input_schema"]
    assert "allOf" not in json.dumps(wire) and "oneOf" not in json.dumps(wire)
    assert wire["properties"]["pet"]["description"] == ("A pet. Must match exactly one of the alternatives. "
                                                        "Null means not given.")
    assert {"type": "null"} in wire["properties"]["pet"]["anyOf"]
    assert wire["properties"]["kind"]["description"] == "Null means not given."  # no oneOf sentence: distinct
    # consts, so anyOf already means oneOf
    assert wire["properties"]["age"] == {"type": "integer", "maximum": 30}
    assert wire["required"] == ["pet", "kind", "age"]
    assert {c.keyword for c in result.changes} >= {"oneOf", "allOf"}


def test_map_is_sent_as_key_value_pairs_and_decoded_back():
    schema = {"type": "object", "properties": {
        "labels": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 10},
                   "description": "Labels"}}, "required": ["labels"]}
    tool = {"name": "label", "description": "Label a server.", "inputSchema": schema}
    for target in ("anthropic", "openai"):
        result = strictify_tool(tool, target)
        wire = result.tool["inputSchema"]["properties"]["labels"]
        assert wire["type"] == "array"
        entry = wire["items"]
        assert entry["required"] == ["key", "value"] and entry["additionalProperties"] is False
        assert 'list of {"key", "value"} pairs' in wire["description"]
        assert strict_findings(json.dumps([result.tool]), target) == []
    sent = {"labels": [{"key": "env", "value": "prod"}, {"key": "team", "value": "core"}]}
    decoded = decode_wire_arguments(schema, sent)
    assert decoded == {"labels": {"env": "prod", "team": "core"}}
    assert Draft202012Validator(schema).is_valid(decoded)
    assert sent == {"labels": [{"key": "env", "value": "prod"}, {"key": "team", "value": "core"}]}  # pure


def test_any_value_is_sent_as_json_text():
    schema = {"type": "object", "properties": {"payload": {"description": "Any JSON"},
                                               "options": {"type": "object", "description": "Free-form options"}}}
    result = strictify_tool({"name": "send", "description": "Send a payload.", "input_schema": schema})
    properties = result.tool["input_schema"]["properties"]
    assert properties["payload"]["type"] == "string" and "JSON text" in properties["payload"]["description"]
    assert properties["options"]["type"] == "string" and properties["options"]["pattern"] == "^\\{[\\s\\S]*\\}$"
    decoded = decode_wire_arguments(schema, {"payload": "[1, 2]", "options": "{\"a\": true}"})
    assert decoded == {"payload": [1, 2], "options": {"a": True}}


def test_openai_null_means_absent_and_the_null_tag_means_null():
    # `a` has a default other than null, so its null and its absence differ: null travels as the tag
    schema = {"type": "object", "properties": {"a": {"type": ["string", "null"], "default": "all"},
                                               "b": {"type": "string"}, "c": {"type": "string"}}, "required": ["c"]}
    assert decode_wire_arguments(schema, {"a": None, "b": None, "c": "x"}, "openai") == {"c": "x"}
    assert decode_wire_arguments(schema, {"a": {"null": True}, "b": None, "c": "x"}, "openai") == {"a": None, "c": "x"}
    assert decode_wire_arguments(schema, {"a": None, "c": "x"}, "anthropic") == {"a": None, "c": "x"}
    nested = {"type": "object", "properties": {"items": {"type": "array", "items": {
        "type": "object", "properties": {"x": {"type": "integer"}}}}}}
    assert decode_wire_arguments(nested, {"items": [{"x": None}, {"x": 1}]}, "openai") == {"items": [{}, {"x": 1}]}


def test_decode_through_refs_and_unions():
    schema = {"type": "object", "$defs": {"tags": {"type": "object", "additionalProperties": {"type": "integer"}}},
              "properties": {"t": {"anyOf": [{"$ref": "#/$defs/tags"}, {"type": "null"}]}}}
    assert decode_wire_arguments(schema, {"t": [{"key": "a", "value": 1}]}) == {"t": {"a": 1}}
    assert decode_wire_arguments(schema, {"t": None}) == {"t": None}


# ---------------------------------------------------------------------------------------------
# Refusals and --allow-lossy


def test_recursion_travels_as_json_text_for_anthropic_and_is_kept_for_openai():
    tool = json.loads((STRICT / "recursive.json").read_text(encoding="utf-8"))
    text = strictify_tool(tool, "anthropic")
    assert not text.lossy and strict_findings(json.dumps([text.tool]), "anthropic") == []
    children = text.tool["input_schema"]["properties"]["root"]["properties"]["children"]["items"]
    assert children["type"] == "string" and "JSON text" in children["description"]
    value = {"root": {"title": "a", "children": [{"title": "b", "children": []}]}}
    assert Draft202012Validator(text.validator).is_valid(value)
    assert text.decode(text.encode(value)) == value
    result = strictify_tool(tool, "openai")
    wire = result.tool["input_schema"]
    assert wire["$defs"]["section"]["properties"]["children"]["items"] == {"$ref": "#/$defs/section"}
    assert strict_findings(json.dumps([result.tool]), "openai") == []


def test_root_union_is_refused_with_its_pointer():
    tool = json.loads((STRICT / "root_union.json").read_text(encoding="utf-8"))
    for target in ("openai", "anthropic"):
        with pytest.raises(StrictifyError) as caught:
            strictify_tool(tool, target)
        assert caught.value.pointer == "/parameters/anyOf"
    lossy = strictify_tool(tool, "openai", allow_lossy=True)
    assert set(lossy.tool["parameters"]["properties"]) == {"email", "user_id"}
    assert lossy.lossy


def test_map_beside_root_properties_travels_as_a_map_and_external_ref_is_refused():
    mixed = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}}
    result = strictify_tool({"name": "m", "description": "d", "input_schema": mixed})
    assert not result.lossy and "additional_properties" in result.tool["input_schema"]["properties"]
    remote = {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}
    with pytest.raises(StrictifyError) as caught:
        strictify_tool({"name": "r", "description": "d", "input_schema": remote})
    assert caught.value.pointer == "/input_schema/properties/a/$ref"
    assert "outside the schema" in str(caught.value)


def test_cli_refusal_exits_2_with_file_and_pointer():
    result = run(STRICT / "root_union.json", "--target", "openai")
    assert result.exit_code == 2
    assert "root_union.json" in result.stderr and "/parameters/anyOf" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    as_json = run(STRICT / "root_union.json", "--target", "openai", "--report", "json")
    assert as_json.exit_code == 2
    assert "/parameters/anyOf" in json.loads(as_json.stderr)["refused"][0]
    lossy = run(STRICT / "root_union.json", "--target", "openai", "--allow-lossy", "--report", "json")
    assert lossy.exit_code == 0
    report = json.loads(lossy.stderr)
    assert any(c["kind"] == "lossy" for c in report["tools"][0]["changes"])


def test_unreadable_input_exits_2(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "x",', encoding="utf-8")
    result = run(broken)
    assert result.exit_code == 2 and "broken.json:1:" in result.stderr and "Traceback" not in result.stderr
    result = run(tmp_path / "missing.json")
    assert result.exit_code == 2 and "missing.json" in result.stderr
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    assert run(empty).exit_code == 2


# ---------------------------------------------------------------------------------------------
# Layout: JSON and YAML round trips


def _digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_json_layout_indent_and_list(tmp_path):
    source = STRICT / "openai_chat.json"
    before = _digest(source)
    out = tmp_path / "out.json"
    result = run(source, "--target", "openai", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert _digest(source) == before
    text = out.read_text(encoding="utf-8")
    assert text.startswith('[\n    {\n        "type": "function"')  # 4-space indent kept, still a list
    data = json.loads(text)
    assert isinstance(data, list) and len(data) == 1
    function = data[0]["function"]
    assert function["strict"] is True
    assert list(function["parameters"]["properties"]) == ["origin", "destination", "date", "passengers", "cabin"]
    assert function["parameters"]["properties"]["passengers"]["description"] == \
        "Number of passengers. Defaults to 1."
    assert strict_findings(text, "openai") == []


def test_mcp_tools_list_keeps_its_shape():
    ambiguous = run(STRICT / "mcp_tools_list.json")
    assert ambiguous.exit_code == 2 and "pass --target with one of: anthropic, openai, gemini" in ambiguous.stderr
    result = run(STRICT / "mcp_tools_list.json", "--target", "anthropic")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["jsonrpc"] == "2.0" and list(data["result"]) == ["tools"]
    tool = data["result"]["tools"][0]
    assert "strict" not in tool  # MCP has no strict field
    mode = tool["inputSchema"]["properties"]["mode"]
    assert mode == {"type": "string", "pattern": "^[0-7]{3}$", "description": "Unix permissions"}
    assert strict_findings(result.stdout, "anthropic") == []


def test_yaml_round_trip_keeps_comments_order_and_chinese(tmp_path):
    source = STRICT / "tools.yaml"
    original = source.read_text(encoding="utf-8")
    out = tmp_path / "tools.strict.yaml"
    result = run(source, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert source.read_text(encoding="utf-8") == original
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Support tools for the helpdesk agent (hand-written; keep comments).\n")
    assert "  - name: create_ticket  # the main entry point\n" in text
    assert "          type: string\n          # short titles are useless\n" in text  # a moved key's comment stays
    assert "工单标题。长度至少为 5 个字符。长度最多为 80 个字符。" in text
    assert "优先级，1 最高。最小为 1。最大为 4。" in text
    assert "\\u" not in text
    assert "description: |\n      Close a support ticket" in text  # block scalar style kept
    lines = text.splitlines()
    assert lines.index("  - name: close_ticket") > lines.index("  - name: create_ticket  # the main entry point")
    assert strict_findings(text, "anthropic", fmt="yaml") == []
    unchanged = [line for line in original.splitlines() if "minLength" not in line and "short titles" not in line and "maxLength" not in line
                 and "minimum" not in line and "maximum" not in line and "additionalProperties" not in line
                 and "type: string" not in line and "type: object" not in line and "description: 工单标题" not in line
                 and "description: 优先级" not in line and "description: 标签名到值" not in line]
    for line in unchanged:
        assert line in lines, line


def test_stdin_and_determinism():
    text = REFUND.read_text(encoding="utf-8")
    first = run("-", input=text)
    second = run(REFUND)
    assert first.exit_code == 0 and first.stdout == second.stdout


# ---------------------------------------------------------------------------------------------
# --check, --validator, never the input


def test_check_mode(tmp_path):
    out, validator = tmp_path / "refund.strict.json", tmp_path / "validator.json"
    missing = run(REFUND, "-o", out, "--validator", validator, "--check")
    assert missing.exit_code == 1 and "missing" in missing.stderr
    assert not out.exists()
    assert run(REFUND, "-o", out, "--validator", validator).exit_code == 0
    assert run(REFUND, "-o", out, "--validator", validator, "--check", "-q").exit_code == 0
    out.write_text(out.read_text(encoding="utf-8").replace("最小为 1", "最小为 2"), encoding="utf-8")
    stale = run(REFUND, "-o", out, "--validator", validator, "--check")
    assert stale.exit_code == 1 and "out of date" in stale.stderr
    assert run(REFUND, "--check").exit_code == 2  # needs -o


def test_never_overwrites_the_input(tmp_path):
    copy_of = tmp_path / "refund.json"
    copy_of.write_text(REFUND.read_text(encoding="utf-8"), encoding="utf-8")
    before = _digest(copy_of)
    result = run(copy_of, "-o", copy_of)
    assert result.exit_code == 2 and "never modifies its input" in result.stderr
    assert _digest(copy_of) == before


# ---------------------------------------------------------------------------------------------
# Budget, --only, --max-strict


def _many_tools(count, optional=0):
    tools = []
    for index in range(count):
        properties = {"id": {"type": "string", "description": "Id"}}
        properties.update({f"o{i}": {"type": "string", "description": "Optional"} for i in range(optional)})
        tools.append({"name": f"tool_{index}", "description": "A tool. Use it when asked.",
                      "input_schema": {"type": "object", "properties": properties, "required": ["id"]}})
    return tools


def test_budget_is_enforced_and_selectable(tmp_path):
    path = tmp_path / "many.json"
    path.write_text(json.dumps(_many_tools(22), indent=2), encoding="utf-8")
    over = run(path)
    assert over.exit_code == 2
    assert "22 strict tools (limit 20)" in over.stderr and "--max-strict" in over.stderr
    chosen = run(path, "--max-strict", "20")
    assert chosen.exit_code == 0, chosen.stderr
    data = json.loads(chosen.stdout)
    assert [t.get("strict") is True for t in data].count(True) == 20
    assert "strict" not in data[21] and "additionalProperties" not in data[21]["input_schema"]
    assert [f for f in lint_text(chosen.stdout) if f.rule.startswith("strict-")] == []
    only = run(path, "--only", "tool_3,tool_5", "--only", "tool_7")
    assert only.exit_code == 0
    assert [t["name"] for t in json.loads(only.stdout) if t.get("strict")] == ["tool_3", "tool_5", "tool_7"]
    assert run(path, "--only", "nope").exit_code == 2


def test_optional_budget_with_max_strict(tmp_path):
    path = tmp_path / "optional.json"
    path.write_text(json.dumps(_many_tools(5, optional=6)), encoding="utf-8")
    over = run(path)
    assert over.exit_code == 2 and "30 optional parameters (limit 24)" in over.stderr
    fits = run(path, "--max-strict", "10")
    assert fits.exit_code == 0
    assert sum(1 for t in json.loads(fits.stdout) if t.get("strict")) == 4
    assert run(path, "--target", "openai").exit_code == 0  # no published OpenAI budget


# ---------------------------------------------------------------------------------------------
# Language of the moved sentences, input_examples


def test_language_follows_the_description_or_the_flag():
    schema = {"type": "object", "properties": {
        "en": {"type": "integer", "minimum": 1, "description": "How many"},
        "zh": {"type": "integer", "minimum": 1, "description": "数量"},
        "none": {"type": "integer", "minimum": 1}}}
    tool = {"name": "n", "description": "Count things.", "input_schema": schema}
    properties = strictify_tool(tool).tool["input_schema"]["properties"]
    assert properties["en"]["description"] == "How many. Must be at least 1."
    assert properties["zh"]["description"] == "数量。最小为 1。"
    assert properties["none"]["description"] == "Must be at least 1."
    zh_tool = {**tool, "description": "数东西。"}
    assert strictify_tool(zh_tool).tool["input_schema"]["properties"]["none"]["description"] == "最小为 1。"
    forced = strictify_tool(tool, lang="zh").tool["input_schema"]["properties"]
    assert forced["en"]["description"] == "How many。最小为 1。"


def test_input_examples_invalid_on_the_wire_are_removed():
    tool = {"name": "t", "description": "Tag.", "input_schema": {"type": "object", "properties": {
        "tags": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "input_examples": [{"tags": {"a": "b"}}, {}]}
    result = strictify_tool(tool)
    assert result.tool["input_examples"] == [{}]
    assert any(c.keyword == "input_examples" for c in result.changes)


def test_required_but_undefined_property_stays_sendable():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}
    wire = strictify_tool({"name": "u", "description": "d", "input_schema": schema}).tool["input_schema"]
    assert wire["required"] == ["a", "b"] and wire["properties"]["b"]["type"] == "string"
    assert decode_wire_arguments(schema, {"a": "x", "b": "[1]"}) == {"a": "x", "b": [1]}
    closed = {**schema, "additionalProperties": False}  # no valid call exists: refused, naming `required`
    with pytest.raises(UnsatisfiableSchema) as caught:
        strictify_tool({"name": "u", "description": "d", "input_schema": closed})
    assert caught.value.pointer == "/input_schema/required"


def test_annotations_and_examples():
    schema = {"type": "object", "$comment": "internal", "properties": {
        "q": {"type": "string", "examples": ["shoes", "red hat"], "deprecated": True, "x-internal": 1,
              "description": "Query"},
        "n": {"type": "integer", "example": 3, "readOnly": True}}}
    result = strictify_tool({"name": "s", "description": "Search.", "input_schema": schema})
    properties = result.tool["input_schema"]["properties"]
    assert properties["q"] == {"type": "string", "description": 'Query. For example: "shoes", "red hat". Deprecated.'}
    assert properties["n"] == {"type": "integer", "description": "For example: 3."}
    dropped = {c.keyword for c in result.changes if c.kind == "dropped"}
    assert dropped == {"$comment", "x-internal", "readOnly"}


def test_tools_left_out_of_the_strict_set_stop_asking_for_strict(tmp_path):
    path = tmp_path / "strict_all.json"
    tools = [{"name": f"t{i}", "description": "A tool. Use it when asked.", "strict": True,
              "input_schema": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}}}
             for i in range(3)]
    path.write_text(json.dumps(tools), encoding="utf-8")
    result = run(path, "--only", "t1", "--report", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [t["strict"] for t in data] == [False, True, False]
    assert data[0]["input_schema"] == tools[0]["input_schema"]  # untouched otherwise
    assert [f for f in lint_text(result.stdout) if f.rule.startswith("strict-")] == []
    report = json.loads(result.stderr)
    assert report["tools"][0]["changes"][0]["keyword"] == "strict"


def test_line_endings_and_flow_yaml(tmp_path):
    crlf = tmp_path / "crlf.json"
    crlf.write_bytes(b'{\r\n  "name": "x",\r\n  "description": "d",\r\n  "input_schema": {"type": "object", '
                     b'"properties": {"a": {"type": "string", "maxLength": 2}}}\r\n}\r\n')
    result = CliRunner().invoke(main, ["strictify", str(crlf), "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 0
    written = (tmp_path / "out.json").read_bytes()
    assert b"\r\n" in written and b"\n" not in written.replace(b"\r\n", b"")
    flow = tmp_path / "flow.yaml"
    flow.write_text("- name: w   # weather\n  description: 'Weather.'\n  input_schema:\n    type: object\n"
                    "    properties:\n      city: {type: string, maxLength: 40, description: \"City name\"}\n",
                    encoding="utf-8")
    result = run(flow)
    assert result.exit_code == 0
    assert "- name: w   # weather\n  description: 'Weather.'\n" in result.stdout
    assert 'city: {type: string, description: "City name. Must be at most 40 characters long."}' in result.stdout


def test_has_wire_forms():
    from toollint.strictifier.rewrite import has_wire_forms

    assert not has_wire_forms(json.loads(REFUND.read_text(encoding="utf-8"))["input_schema"])
    assert has_wire_forms({"type": "object", "properties": {"m": {"type": "object",
                                                                  "additionalProperties": {"type": "string"}}}})
    assert has_wire_forms({"type": "object", "properties": {"v": {}}})
    assert has_wire_forms({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]})
    assert has_wire_forms({"type": "object", "properties": {"xs": {"type": "array"}}})


def test_too_deep_is_refused_not_crashed():
    schema = {"type": "string"}
    for _ in range(3000):
        schema = {"type": "object", "properties": {"a": schema}}
    with pytest.raises(StrictifyError) as caught:
        strictify_tool({"name": "deep", "description": "d", "input_schema": schema})
    assert "nested too deeply" in caught.value.message


def test_sentences_are_deterministic_in_both_languages():
    from toollint.strictifier.sentences import append, detect_lang, sentence

    cases = [
        ("minimum", 1, "Must be at least 1.", "最小为 1。"),
        ("maximum", 2.0, "Must be at most 2.", "最大为 2。"),
        ("exclusiveMinimum", 0, "Must be greater than 0.", "必须大于 0。"),
        ("multipleOf", 5, "Must be a multiple of 5.", "必须是 5 的倍数。"),
        ("maxLength", 200, "Must be at most 200 characters long.", "长度最多为 200 个字符。"),
        ("minItems", 2, "Must have at least 2 items.", "至少包含 2 项。"),
        ("uniqueItems", True, "Items must be unique.", "各项不得重复。"),
        ("pattern", "^a+$", "Must match the regular expression ^a+$.", "必须匹配正则表达式 ^a+$。"),
        ("format", "uri", "Must be a valid uri string.", "必须是有效的 uri 格式。"),
        ("default", "x", 'Defaults to "x".', '默认值为 "x"。'),
        ("dependentRequired", {"a": ["b"]}, 'If "a" is given, "b" must be given too.', '如果提供了 "a"，还必须提供 "b"。'),
    ]
    for keyword, value, english, chinese in cases:
        assert sentence(keyword, value, "en") == english
        assert sentence(keyword, value, "zh") == chinese
    assert detect_lang("退款金额") == "zh" and detect_lang("Amount") == "en" and detect_lang("  ") is None
    assert append("Amount in cents", ["Must be at least 1."], "en") == "Amount in cents. Must be at least 1."
    assert append("退款金额", ["最小为 1。"], "zh") == "退款金额。最小为 1。"
    assert append(None, ["最小为 1。", "最大为 9。"], "zh") == "最小为 1。最大为 9。"
