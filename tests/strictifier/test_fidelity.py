"""strictify's fidelity: wire schemas a provider accepts, values that survive original -> wire -> decoded, refusals
only where no value can be valid, and descriptions in plain words (issue 11; R1-R11 of the fidelity review, with
the schemas copied here)."""

from __future__ import annotations

import json

import pytest
from helpers import lint_text
from jsonschema import Draft202012Validator

import toollint
from toollint.boundary import Boundary
from toollint.strictifier.codec import CodecError
from toollint.strictifier.rewrite import UnsatisfiableSchema, strictify_tool


def tool(props, required=None, **root):
    return {"name": "t", "description": "Probe.", "input_schema": {
        "type": "object", "properties": props, "required": list(props) if required is None else required, **root}}


def wire(t, target):
    return toollint.strictify(t, target=target).tool["input_schema"]


def nodes(schema):
    """Every subschema of a wire schema."""
    if isinstance(schema, dict):
        yield schema
        for value in schema.values():
            yield from nodes(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from nodes(value)


def round_trip(t, target, value):
    result = toollint.strictify(t, target=target)
    sent = result.encode(value)
    assert Draft202012Validator(result.wire_schema).is_valid(sent), sent
    assert result.decode(sent) == value
    assert Draft202012Validator(result.validator).is_valid(result.decode(sent))
    return sent


def call(target, args):
    if target == "anthropic":
        return {"type": "tool_use", "id": "toolu_1", "name": "t", "input": args}
    return {"id": "call_1", "type": "function", "function": {"name": "t", "arguments": json.dumps(args)}}


def strict_findings(t, target):
    return [f.message for f in lint_text(json.dumps([t], ensure_ascii=False), targets=(target,))
            if f.rule.startswith("strict-")]


# -- correctness on the wire ---------------------------------------------------------------------


def test_r1_objects_in_enum_and_const_become_closed_objects_with_typed_leaves():
    t = tool({"v": {"enum": [6, "foo", [], True, {"foo": 12}]}, "c": {"const": {"a": 1}}})
    for target in ("openai", "anthropic"):
        w = wire(t, target)
        for node in nodes(w):
            for key in ("enum", "const"):
                if key in node:
                    values = node[key] if key == "enum" else [node[key]]
                    assert not any(isinstance(v, (dict, list)) for v in values), node
                    if target == "openai":
                        assert "type" in node, node
        validator = Draft202012Validator(w)
        assert validator.is_valid({"v": {"foo": 12}, "c": {"a": 1}})
        assert not validator.is_valid({"v": {"foo": 13}, "c": {"a": 1}})
        assert not validator.is_valid({"v": 6, "c": {"a": 2}})  # Anthropic used to accept any value here
        round_trip(t, target, {"v": {"foo": 12}, "c": {"a": 1}})
        round_trip(t, target, {"v": [], "c": {"a": 1}})


def test_r2_a_typeless_const_gets_a_type_on_openai():
    t = tool({"operation": {"const": "parse_dosing", "description": "Operation type (fixed)"}}, required=[])
    w = wire(t, "openai")
    typed = [n for n in nodes(w["properties"]["operation"]) if "const" in n or "enum" in n]
    assert typed and all("type" in n for n in typed)
    assert round_trip(t, "openai", {}) == {"operation": None}
    round_trip(t, "openai", {"operation": "parse_dosing"})


def test_r3_tuples_keep_their_positions_and_arrays_always_have_items():
    t = tool({"p": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
              "q": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}},
              "r": {"type": "array", "prefixItems": [{"type": "integer"}], "items": False}})
    for target in ("openai", "anthropic"):
        w = wire(t, target)
        assert all("items" in n for n in nodes(w) if n.get("type") == "array" or
                   isinstance(n.get("type"), list) and "array" in n["type"])
        round_trip(t, target, {"p": [1, "a", {"extra": True}], "q": ["x", 1, 2], "r": [7]})
        assert strict_findings(toollint.strictify(t, target=target).tool, target) == []
    assert wire(t, "openai")["properties"]["r"]["maxItems"] == 1


def test_r4_a_nested_one_of_of_required_only_branches_keeps_the_object_sendable():
    t = tool({"q": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                    "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}})
    for target in ("anthropic", "openai"):
        q = wire(t, target)["properties"]["q"]
        assert "anyOf" not in q and 'Give exactly one of "a", "b".' in q["description"]
        round_trip(t, target, {"q": {"a": "x"}})
        result = toollint.strictify(t, target=target)
        assert not Draft202012Validator(result.validator).is_valid({"q": {"a": "x", "b": "y"}})


def test_the_wire_never_accepts_nothing():
    with pytest.raises(UnsatisfiableSchema) as caught:
        strictify_tool(tool({"v": {"allOf": [True, False]}}))
    assert caught.value.pointer.startswith("/input_schema/properties/v")
    with pytest.raises(UnsatisfiableSchema):
        strictify_tool(tool({"v": {"type": "string", "enum": [1, 2]}}), "openai")
    with pytest.raises(UnsatisfiableSchema):
        strictify_tool(tool({"v": {"oneOf": [True, True, False]}}))
    # an optional property no value satisfies is simply left out of the closed object
    result = strictify_tool(tool({"a": {"type": "string"}, "gone": False}, required=["a"]), "openai")
    assert list(result.tool["input_schema"]["properties"]) == ["a"]


def test_r5_root_one_of_of_required_only_branches_keeps_every_root_property():
    t = tool({"a": {"type": "string"}, "b": {"type": "string"}}, required=[],
             oneOf=[{"required": ["a"]}, {"required": ["b"]}])
    for target in ("anthropic", "openai"):
        result = toollint.strictify(t, target=target)
        assert set(result.tool["input_schema"]["properties"]) == {"a", "b"} and not result.lossy
        round_trip(t, target, {"a": "x"})
        round_trip(t, target, {"b": "y"})
        assert not Draft202012Validator(result.validator).is_valid({})


# -- round trip -----------------------------------------------------------------------------------


def test_r6_json_text_in_a_union_with_strings_is_wrapped_so_it_never_passes_for_a_string():
    t = tool({"v": {"anyOf": [{"type": "string"}, {"type": "object"}]}})
    for target in ("anthropic", "openai"):
        sent = round_trip(t, target, {"v": {"a": 1}})
        assert sent == {"v": {"json": '{"a": 1}'}}
        assert round_trip(t, target, {"v": '{"a": 1}'}) == {"v": '{"a": 1}'}  # a string stays a string
        outcome = Boundary([t], target=target).check(call(target, sent))
        assert outcome.ok and outcome.arguments == {"v": {"a": 1}}


def test_r7_a_nullable_free_object_can_be_sent_as_null():
    t = tool({"v": {"type": ["object", "null"]}})
    for target in ("anthropic", "openai"):
        assert Draft202012Validator(wire(t, target)).is_valid({"v": None})
        round_trip(t, target, {"v": None})
        round_trip(t, target, {"v": {"k": [1]}})


R8_SCHEMA = {"type": "object", "$defs": {
    "Inner": {"type": "object", "properties": {"m": {"type": "object"}}},
    "A": {"type": "object", "properties": {"a": {"type": "string"}, "m": {"type": "object"}}, "required": ["a"]},
    "B": {"type": "object", "properties": {"inner": {"$ref": "#/$defs/Inner"}, "m": {"type": "object"}},
          "required": ["inner"]}},
    "properties": {"p": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}, "required": ["p"]}


def test_r8_union_branches_with_nested_refs_decode_to_the_right_branch():
    t = {"name": "t", "input_schema": R8_SCHEMA}
    value = {"p": {"inner": {"m": {"k": 1}}, "m": {"z": 2}}}
    for target in ("anthropic", "openai"):
        sent = round_trip(t, target, value)
        outcome = Boundary([t], target=target).check(call(target, sent))
        assert outcome.ok, outcome.reason
        assert outcome.arguments == value


def test_r9_openai_null_means_absent_so_the_tool_keeps_its_default():
    t = tool({"seq": {"type": "string"}, "nmotifs": {"type": ["integer", "null"], "default": 3},
              "distribution": {"type": ["string", "null"], "enum": ["oops", "zoops", "anr"], "default": "zoops"}},
             required=["seq"])
    outcome = Boundary([t], target="openai").check(call("openai", {"seq": "ACGT", "nmotifs": None,
                                                                   "distribution": None}))
    assert outcome.ok and outcome.arguments == {"seq": "ACGT"}
    for value in ({"seq": "ACGT"}, {"seq": "ACGT", "nmotifs": None}, {"seq": "A", "nmotifs": 2, "distribution": "anr"}):
        round_trip(t, "openai", value)
        round_trip(t, "anthropic", value)


def test_r10_tools_left_non_strict_are_not_decoded():
    t = tool({"name": {"type": "string"}, "value": {}})
    sent = {"name": "flag", "value": "true"}
    assert Boundary([t], target="anthropic").check(call("anthropic", sent)).arguments["value"] is True
    left_alone = Boundary([t], target="anthropic", strict_tools=[]).check(call("anthropic", sent))
    assert left_alone.ok and left_alone.arguments == sent


def test_encode_refuses_what_the_wire_cannot_carry():
    result = toollint.strictify(tool({"a": {"type": "string"}}, required=[]))
    with pytest.raises(CodecError):
        result.encode({"a": "x", "extra": 1})  # an open object's extra key: strict objects are closed


# -- fewer refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(("schema", "values"), [
    ({"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x-": {"type": "integer"}}},
     [{"a": "x", "x-n": 3}]),
    ({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
     [{"a": "x", "z": 1}]),
    ({"allOf": [{"contains": {"const": 1}}, {"contains": {"const": 2}}]}, [[1, 2]]),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}], "oneOf": [{"type": "integer"}, {"maxLength": 1, "type": "string"}]},
     [3, "s"]),
    ({"anyOf": [True, False]}, [3, "s", None, [1]]),
    ({"type": "object", "properties": {"a": {"type": "string"}, "bar": False}, "additionalProperties": False},
     [{"a": "x"}, {}]),
])
def test_below_the_root_a_schema_without_a_strict_form_still_travels_faithfully(schema, values):
    assert all(Draft202012Validator(schema).is_valid(v) for v in values)
    t = tool({"v": schema})
    for target in ("anthropic", "openai"):
        result = toollint.strictify(t, target=target)  # no StrictifyError
        assert not result.lossy
        assert strict_findings(result.tool, target) == []
        for value in values:
            round_trip(t, target, {"v": value})


ROOT_EXTRAS = [
    ({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
      "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False},
     [{"a": "q", "x-n": 3, "x-m": -1}, {"a": "q"}]),
    ({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
     [{"a": "x", "z": 1, "additional_properties": 2}, {"z": 0}, {}]),
    ({"type": "object", "properties": {"a": {"type": "string"}, "additional_properties": {"type": "boolean"}},
      "patternProperties": {"^x-": {"type": "integer"}, "^y": {"type": "string"}},
      "additionalProperties": {"type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"],
                               "additionalProperties": False}},
     [{"a": "x", "x-1": 1, "yy": "s", "other": {"k": "v"}, "additional_properties": True}, {"yes": "s"}]),
    ({"type": "object", "properties": {"n": {"type": ["integer", "null"], "default": 3}},
      "additionalProperties": {"type": ["string", "null"]}},
     [{"n": None, "k": None}, {"k": "v"}, {}]),
]


@pytest.mark.parametrize(("schema", "values"), ROOT_EXTRAS)
def test_root_pattern_properties_and_a_schema_valued_additional_properties_travel_as_one_map(schema, values):
    assert all(Draft202012Validator(schema).is_valid(v) for v in values)
    t = {"name": "t", "description": "Probe.", "input_schema": schema}
    for target in ("anthropic", "openai", "gemini"):
        result = toollint.strictify(t, target=target)  # no StrictifyError
        assert not result.lossy
        assert result.validator == schema
        assert strict_findings(result.tool, target) == []
        w = result.tool["input_schema"]
        assert set(schema["properties"]) < set(w["properties"])  # the declared properties stay as they are
        (synthetic,) = set(w["properties"]) - set(schema["properties"])
        assert synthetic.startswith("additional_properties")
        on_wire = Draft202012Validator(result.codec_schema)
        for value in values:
            sent = result.encode(value)
            assert on_wire.is_valid(sent), sent
            assert result.decode(sent) == value
            extras = {k: v for k, v in value.items() if k not in schema["properties"]}
            if extras:
                assert sorted(e["key"] for e in sent[synthetic]) == sorted(extras)
            if target != "gemini":
                assert Draft202012Validator(result.wire_schema).is_valid(sent)
                outcome = Boundary([t], target=target).check(call(target, sent))
                assert outcome.ok, outcome.reason
                assert outcome.arguments == value


def test_root_extras_still_checked_by_the_validator():
    schema = ROOT_EXTRAS[0][0]
    t = {"name": "t", "description": "Probe.", "input_schema": schema}
    sent = {"a": "q", "additional_properties": [{"key": "x-n", "value": 3}, {"key": "other", "value": 1}]}
    outcome = Boundary([t], target="anthropic").check(call("anthropic", sent))
    assert not outcome.ok  # "other" matches no pattern and the original allows no other key
    good = Boundary([t], target="anthropic").check(call("anthropic", {**sent, "additional_properties": sent[
        "additional_properties"][:1]}))
    assert good.ok and good.arguments == {"a": "q", "x-n": 3}


# -- Gemini ------------------------------------------------------------------------------------------


def test_gemini_target_writes_the_parameters_schema_subset():
    t = tool({"n": {"type": ["integer", "null"]}, "level": {"enum": [1, 2, 3]}, "mode": {"const": "fast"},
              "tags": {"type": "array"}, "meta": {"type": "object", "additionalProperties": {"type": "string"}}},
             required=["mode"])
    result = toollint.strictify(t, target="gemini")
    w = result.tool["input_schema"]
    for node in nodes(w):
        assert not isinstance(node.get("type"), list) and "const" not in node and "additionalProperties" not in node
        assert all(isinstance(v, str) for v in node.get("enum", [])), node
        if node.get("type") == "array":
            assert "items" in node
    assert w["properties"]["n"] == {"type": "integer", "nullable": True}
    assert "1, 2, 3" in w["properties"]["level"]["description"]
    assert w["properties"]["mode"]["enum"] == ["fast"]
    assert not strict_findings(result.tool, "gemini")
    value = {"mode": "fast", "n": None, "level": 2, "tags": [{"x": 1}], "meta": {"k": "v"}}
    assert result.decode(result.encode(value)) == value


# -- descriptions -------------------------------------------------------------------------------------


def test_r11_sentences_read_naturally():
    t = {"name": "t", "description": "Probe tool.", "input_schema": {"type": "object", "properties": {
        "a": {"type": "integer", "description": "Page size (max 100)", "maximum": 100},
        "b": {"type": "integer", "description": "Search radius around 北京 in km", "minimum": 1},
        "c": {"type": "integer", "description": "Page size", "format": "int32"},
        "d": {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"type": "string"}},
        "e": {"type": "object", "required": []},
        "f": {"type": "array", "items": {"type": "string"}, "uniqueItems": False},
        "g": {"type": "object", "additionalProperties": {"type": "string"},
              "propertyNames": {"minLength": 1, "maxLength": 1}},
        "h": {"type": "integer", "description": "Width", "exclusiveMinimum": 0, "maximum": 9007199254740991},
        "i": {"type": "string", "description": "ユーザー名を入力", "minLength": 2},
        "j": {"type": "integer", "description": "返回数量（最多 100）", "maximum": 100},
        "k": {"type": "string", "minLength": 0, "description": "Name"},
        "l": {"type": "integer", "format": "timestamp", "description": "When"},
        "m": {"type": "number", "format": "double"}}}}
    props = toollint.strictify(t, target="anthropic").tool["input_schema"]["properties"]
    said = {k: v.get("description") for k, v in props.items()}
    assert said["a"] == "Page size (max 100). Must be at most 100."
    assert said["b"] == "Search radius around 北京 in km. Must be at least 1."
    assert said["c"] == "Page size. Must be a 32-bit integer."
    assert "Every key" not in said["d"] and "satisfy" not in said["e"] and said["f"] is None
    assert "Every key is one character long." in said["g"] and "schema" not in said["g"]
    assert said["h"] == "Width. Must be greater than 0."
    assert said["i"] == "ユーザー名を入力. Must be at least 2 characters long."  # Japanese is not Chinese
    assert said["j"] == "返回数量（最多 100）。最大为 100。"
    assert said["k"] == "Name"
    assert said["l"] == "When. Format: timestamp." and said["m"] == "Must be a double-precision number."


def test_gemini_json_schema_field_keeps_json_schema_terms():
    declaration = {"name": "f", "description": "Find a thing.", "parametersJsonSchema": {
        "type": "object", "properties": {"a": {"type": ["string", "null"]}, "m": {"type": "object"}}}}
    result = toollint.strictify(declaration, target="gemini")
    schema = result.tool["parametersJsonSchema"]
    assert schema["properties"]["a"] == {"type": ["string", "null"]} and "nullable" not in json.dumps(schema)
    assert result.decode(result.encode({"a": None, "m": {"k": 1}})) == {"a": None, "m": {"k": 1}}


def test_gemini_json_schema_that_fits_the_parameters_subset_stays_json_schema():
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {
        "query": {"type": "string", "description": "What to find.", "maxLength": 200},
        "limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 50},
        "order": {"type": "string", "enum": ["asc", "desc"]}, "mode": {"const": "fast"},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5}},
        "required": ["query"], "additionalProperties": False}
    declaration = {"name": "find", "description": "Find a thing.", "parametersJsonSchema": schema}
    result = toollint.strictify(declaration, target="gemini")
    assert "parameters" not in result.tool and result.schema_key == "parametersJsonSchema"  # issue 24
    assert list(result.tool) == ["name", "description", "parametersJsonSchema"]
    w = result.tool["parametersJsonSchema"]
    assert w["properties"]["limit"] == {"type": ["integer", "null"], "minimum": 1, "maximum": 50}
    assert "$schema" not in w
    assert result.validator == schema
    value = {"query": "x", "limit": None, "order": "asc", "mode": "fast", "tags": ["a"]}
    assert result.decode(result.encode(value)) == value


@pytest.mark.parametrize("prop", [
    {"type": "object"},  # a free object: JSON text under `parameters`
    {"type": "integer", "exclusiveMinimum": 0},  # not in the Schema proto: only words under `parameters`
    {"enum": [1, 2, 3]},  # `parameters` enums are strings only
    {"type": "object", "additionalProperties": {"type": "string"}},  # a map: key/value pairs under `parameters`
])
def test_gemini_json_schema_that_does_not_fit_the_parameters_subset_stays_json_schema(prop):
    declaration = {"name": "find", "description": "Find a thing.", "parametersJsonSchema": {
        "type": "object", "properties": {"a": {"type": ["string", "null"]}, "p": prop}}}
    result = toollint.strictify(declaration, target="gemini")
    assert "parameters" not in result.tool and result.schema_key == "parametersJsonSchema"
    assert result.tool["parametersJsonSchema"]["properties"]["a"] == {"type": ["string", "null"]}


def test_gemini_parameter_names_outside_the_parameters_rule_keep_json_schema():
    declaration = {"name": "find", "description": "Find a thing.", "parametersJsonSchema": {
        "type": "object", "properties": {"page-size": {"type": "integer"}}}}
    assert "parametersJsonSchema" in toollint.strictify(declaration, target="gemini").tool


def test_gemini_file_with_json_schema_keeps_parameters_json_schema(tmp_path):
    from toollint.strictifier.files import strictify_file

    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"functionDeclarations": [
        {"name": "fits", "description": "Find a thing.", "parametersJsonSchema": {
            "type": "object", "properties": {"q": {"type": ["string", "null"]}}, "required": ["q"]}},
        {"name": "stays", "description": "Store a thing.", "parametersJsonSchema": {
            "type": "object", "properties": {"doc": {"type": "object"}}, "required": ["doc"]}}]}, indent=2))
    written = json.loads(strictify_file(str(path), "gemini").text)["functionDeclarations"]
    assert written[0]["parametersJsonSchema"] == {"type": "object", "properties": {"q": {"type": ["string", "null"]}},
                                                  "required": ["q"]}
    assert "parameters" not in written[1] and written[1]["parametersJsonSchema"]["properties"]["doc"]["type"] == "string"


def test_allow_lossy_root_union_on_openai_still_decodes_null_as_absent():
    t = {"type": "function", "function": {"name": "t", "description": "Look up a user.", "parameters": {"anyOf": [
        {"type": "object", "properties": {"email": {"type": "string"}}, "required": ["email"]},
        {"type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"]}]}}}
    result = toollint.strictify(t, target="openai", allow_lossy=True)
    assert result.lossy and result.decode({"email": "a@b.c", "user_id": None}) == {"email": "a@b.c"}


def test_json_text_deep_in_a_union_decodes_by_the_branch_that_carries_it():
    t = tool({"v": {"anyOf": [
        {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": False},
        {"type": "object", "properties": {"x": {}}, "required": ["x"], "additionalProperties": False}]},
        "w": {"unevaluatedItems": {"type": "boolean"}, "anyOf": [{"items": {"type": "string"}}, True]}})
    for target in ("anthropic", "openai"):
        for value in ({"v": {"x": "[1]"}, "w": ["yes"]}, {"v": {"x": [1]}, "w": [True, False]}):
            round_trip(t, target, value)


def test_openai_and_gemini_nodes_always_carry_a_type():
    t = tool({"short": {"maxLength": 5}, "limit": {"minimum": 1}, "other": {"not": {"type": "integer"}}})
    for target in ("openai", "gemini"):
        props = wire(t, target)["properties"]
        assert props["short"]["type"] in ("string", ["string", "null"])
        assert props["limit"]["type"] in ("number", ["number", "null"])
        assert "string" in props["other"]["type"] and "JSON text" in props["other"]["description"]
        round_trip(t, target, {"short": "abc", "limit": 2, "other": "x"})
        assert not strict_findings(toollint.strictify(t, target=target).tool, target)
        untyped = [f for f in lint_text(json.dumps([toollint.strictify(t, target=target).tool]), targets=(target,))
                   if f.rule == "untyped-property"]
        assert untyped == []
