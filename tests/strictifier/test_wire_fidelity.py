"""strictify's wire forms for the cases of issue 24: conditional properties, optional nullable fields on
OpenAI, Gemini's own schema spelling and names, typeless leaves on Anthropic, and budget signals."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

import toollint
from toollint.strictifier.codec import CodecError

TARGETS = ("anthropic", "openai", "gemini")


def tool(schema):
    return {"name": "t", "description": "Probe.", "input_schema": schema}


def round_trip(schema, target, value):
    result = toollint.strictify(tool(schema), target=target)
    sent = result.encode(value)
    assert Draft202012Validator(result.codec_schema).is_valid(sent), sent
    assert result.decode(sent) == value
    assert Draft202012Validator(result.validator).is_valid(value)
    return result, sent


# -- conditional properties ----------------------------------------------------------------------

IF_THEN = {"type": "object", "properties": {"kind": {"enum": ["a", "b"]}}, "required": ["kind"],
           "if": {"properties": {"kind": {"const": "a"}}},
           "then": {"properties": {"a_val": {"type": "string"}}, "required": ["a_val"]}}
DEPENDENT = {"type": "object", "properties": {"card": {"type": "string"}},
             "dependentSchemas": {"card": {"properties": {"cvv": {"type": "string"}}, "required": ["cvv"]}}}
DEPENDENT_REQUIRED = {"type": "object", "properties": {"card": {"type": "string"}},
                      "dependentRequired": {"card": ["billing"]}}
IF_THEN_ELSE = {"type": "object", "properties": {"mode": {"type": "string"}},
                "if": {"properties": {"mode": {"const": "n"}}, "required": ["mode"]},
                "then": {"properties": {"x": {"type": "integer"}}},
                "else": {"properties": {"x": {"type": "string"}, "y": {"type": "boolean"}}}}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("schema", "value"), [
    (IF_THEN, {"kind": "a", "a_val": "x"}),
    (DEPENDENT, {"card": "4242", "cvv": "123"}),
    (DEPENDENT_REQUIRED, {"card": "4242", "billing": {"street": "Main"}}),
    (IF_THEN_ELSE, {"mode": "n", "x": 3}),
    (IF_THEN_ELSE, {"mode": "s", "x": "three", "y": True}),
])
def test_a_property_declared_only_in_a_condition_can_be_sent(schema, target, value):
    result, _ = round_trip(schema, target, value)
    assert "If" in result.wire_schema["description"]  # the condition is still said


@pytest.mark.parametrize("target", TARGETS)
def test_the_condition_stays_in_the_validator(target):
    result = toollint.strictify(tool(IF_THEN), target=target)
    validator = Draft202012Validator(result.validator)
    assert not validator.is_valid(result.decode(result.encode({"kind": "a"})))  # a_val missing
    assert validator.is_valid(result.decode(result.encode({"kind": "b"})))


@pytest.mark.parametrize("target", ("anthropic", "openai"))
def test_a_closed_object_does_not_grow_conditional_properties(target):
    schema = {**DEPENDENT, "additionalProperties": False}
    result = toollint.strictify(tool(schema), target=target)
    assert list(result.wire_schema["properties"]) == ["card"]
    with pytest.raises(CodecError):
        result.encode({"card": "4242", "cvv": "123"})  # never valid: additionalProperties is false


# -- optional nullable fields on OpenAI ----------------------------------------------------------

PYDANTIC_OPTIONAL = {"type": "object", "properties": {
    "limit": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}], "default": None, "title": "Limit"},
    "note": {"type": ["string", "null"], "title": "Note"},
    "sort": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "name", "title": "Sort"},
    "tag": {"anyOf": [{"type": "string", "maxLength": 9}], "title": "Tag"}}, "required": []}


def test_an_optional_field_whose_null_means_absent_is_a_plain_type_array_on_openai():
    properties = toollint.strictify(tool(PYDANTIC_OPTIONAL), target="openai").wire_schema["properties"]
    assert properties["limit"] == {"title": "Limit", "description": "Defaults to null. Null means not given.",
                                   "type": ["integer", "null"], "minimum": 0}
    assert properties["note"] == {"title": "Note", "type": ["string", "null"], "description": "Null means not given."}
    assert properties["tag"]["type"] == ["string", "null"] and "anyOf" not in properties["tag"]  # one branch: flat


def test_a_chinese_tool_is_told_in_chinese_that_null_means_not_given():
    chinese = {"name": "t", "description": "查询订单。", "input_schema": {"type": "object", "properties": {
        "limit": {"type": "integer", "description": "返回条数"}}}}
    wire = toollint.strictify(chinese, target="openai").wire_schema["properties"]["limit"]
    assert wire == {"type": ["integer", "null"], "description": "返回条数。null 表示不提供。"}


def test_the_null_tag_stays_only_where_null_and_absent_differ():
    result = toollint.strictify(tool(PYDANTIC_OPTIONAL), target="openai")
    sort = result.wire_schema["properties"]["sort"]
    assert [b.get("type") for b in sort["anyOf"]] == ["string", "object", "null"]  # null tag: the default is "name"
    assert result.decode(result.encode({"sort": None})) == {"sort": None}
    assert result.decode({"limit": None, "note": None, "sort": None, "tag": None}) == {}
    assert result.decode(result.encode({"limit": 3, "note": "n"})) == {"limit": 3, "note": "n"}


def test_optional_nullable_fields_stay_small():
    import json

    result = toollint.strictify(tool(PYDANTIC_OPTIONAL), target="openai")
    assert json.dumps(result.wire_schema).count('{"null"') == 1  # only `sort` carries the tag


# -- Gemini ---------------------------------------------------------------------------------------

RECURSIVE = {"type": "object", "$defs": {"Node": {"type": "object", "properties": {
    "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
    "required": ["name"]}}, "properties": {"root": {"$ref": "#/$defs/Node"}}, "required": ["root"]}
TREE = {"root": {"name": "a", "children": [{"name": "b", "children": []}]}}


def _keys(schema):
    if isinstance(schema, dict):
        for key, value in schema.items():
            yield key
            if key not in ("enum", "default"):
                yield from _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _keys(value)


def test_gemini_parameters_spell_references_as_the_schema_proto_does():
    result, _ = round_trip(RECURSIVE, "gemini", TREE)
    wire = result.wire_schema
    assert "$ref" not in set(_keys(wire)) and "$defs" not in wire
    assert wire["defs"]["Node"]["properties"]["children"]["items"] == {"ref": "#/defs/Node"}
    assert wire["properties"]["root"]["properties"]["children"]["items"] == {"ref": "#/defs/Node"}


def test_gemini_a_reference_to_the_root_goes_through_a_copy_in_defs():
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "next": {"$ref": "#"}}}
    result, _ = round_trip(schema, "gemini", {"name": "a", "next": {"name": "b"}})
    wire = result.wire_schema
    assert wire["properties"]["next"] == {"ref": "#/defs/root"}
    assert wire["defs"]["root"]["properties"]["next"] == {"ref": "#/defs/root"}


def test_gemini_json_schema_input_stays_json_schema_with_its_references():
    declaration = {"name": "t", "description": "Probe.", "parametersJsonSchema": RECURSIVE}
    result = toollint.strictify(declaration, target="gemini")
    assert result.schema_key == "parametersJsonSchema" and "parameters" not in result.tool
    assert result.tool["parametersJsonSchema"]["$defs"]["Node"]["properties"]["children"]["items"] == \
        {"$ref": "#/$defs/Node"}
    assert result.decode(result.encode(TREE)) == TREE


def test_gemini_nullable_on_the_wire_agrees_with_the_validator():
    json_schema = {"type": "object", "properties": {"n": {"type": "string", "nullable": True}}, "required": ["n"]}
    result = toollint.strictify(tool(json_schema), target="gemini")
    assert result.wire_schema["properties"]["n"] == {"type": "string"}  # JSON Schema: null is not valid
    assert not Draft202012Validator(result.validator).is_valid({"n": None})
    openapi = {"name": "t", "description": "Probe.", "parameters": {
        "type": "OBJECT", "properties": {"n": {"type": "STRING", "nullable": True}}, "required": ["n"]}}
    result = toollint.strictify(openapi, target="gemini")
    assert result.wire_schema["properties"]["n"] == {"type": "string", "nullable": True}
    assert Draft202012Validator(result.validator).is_valid({"n": None})  # OpenAPI: null is valid, both agree
    assert result.decode(result.encode({"n": None})) == {"n": None}


def test_gemini_parameter_names_it_rejects_are_renamed_and_mapped_back():
    schema = {"type": "object", "properties": {
        "auth-method": {"type": "string"}, "auth_method": {"type": "string"}, "9lives": {"type": "integer"},
        "x" * 70: {"type": "boolean"}, "nested": {"type": "object", "properties": {"a.b": {"type": "string"}},
                                                  "required": ["a.b"]}}, "required": ["auth-method"]}
    value = {"auth-method": "key", "auth_method": "other", "9lives": 9, "x" * 70: True, "nested": {"a.b": "c"}}
    result, sent = round_trip(schema, "gemini", value)
    wire = result.wire_schema
    assert list(wire["properties"]) == ["auth_method_2", "auth_method", "_9lives", "x" * 64, "nested"]
    assert wire["required"] == ["auth_method_2"] and wire["properties"]["nested"]["required"] == ["a_b"]
    assert sent == {"auth_method_2": "key", "auth_method": "other", "_9lives": 9, "x" * 64: True,
                    "nested": {"a_b": "c"}}
    from toollint.strictifier.decode import decode_wire_arguments

    assert decode_wire_arguments(schema, sent, "gemini") == value  # the boundary maps the names back too


# -- Anthropic -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("leaf", "inferred"), [
    ({"minimum": 1}, "number"), ({"format": "email"}, "string"), ({"maxLength": 3}, "string"),
    ({"minItems": 1}, "array"), ({"properties": {"a": {"type": "string"}}}, "object"),
])
def test_a_typeless_leaf_gets_the_type_its_keywords_imply_on_every_target(leaf, inferred):
    for target in ("anthropic", "openai"):
        wire = toollint.strictify(tool({"type": "object", "properties": {"v": leaf}}), target=target).wire_schema
        declared = wire["properties"]["v"]["type"]
        assert inferred in (declared if isinstance(declared, list) else [declared]), (target, wire)


def test_a_cut_recursion_says_what_the_reference_stands_for():
    result = toollint.strictify(tool(RECURSIVE), target="anthropic")
    items = result.wire_schema["properties"]["root"]["properties"]["children"]["items"]
    assert "$defs" not in result.wire_schema and items["type"] == "string"
    assert 'Here "#/$defs/Node" stands for the JSON Schema {"type": "object"' in items["description"]
    assert result.decode(result.encode(TREE)) == TREE


# -- budgets on the Python API -------------------------------------------------------------------

def _wide(optional=0, unions=0):
    properties = {"id": {"type": "string"}}
    properties.update({f"o{i}": {"type": "string"} for i in range(optional)})
    properties.update({f"u{i}": {"type": ["string", "integer"]} for i in range(unions)})
    return tool({"type": "object", "properties": properties, "required": ["id", *(f"u{i}" for i in range(unions))]})


def test_the_python_api_says_when_one_tool_alone_exceeds_anthropics_budget():
    fits = toollint.strictify(_wide(optional=24), target="anthropic")
    assert (fits.usage.optional_parameters, fits.usage.union_parameters) == (24, 0) and fits.over_budget == []
    assert toollint.strictify(_wide(optional=25), target="anthropic").over_budget == \
        ["25 optional parameters (limit 24)"]
    assert toollint.strictify(_wide(unions=17), target="anthropic").over_budget == \
        ["17 union parameters (limit 16)"]


def test_the_cli_and_the_api_say_the_same_about_a_tool_over_budget(tmp_path):
    import json

    from click.testing import CliRunner

    from toollint.cli import main

    path = tmp_path / "wide.json"
    path.write_text(json.dumps([_wide(optional=25)]), encoding="utf-8")
    result = CliRunner().invoke(main, ["strictify", str(path)])
    assert result.exit_code == 2 and "'t' alone has 25 optional parameters (limit 24)" in result.stderr


def test_the_boundary_decodes_a_gemini_json_schema_call_that_keeps_its_own_names():
    from toollint.strictifier.decode import decode_wire_arguments

    schema = {"type": "object", "properties": {"page-size": {"type": "integer"},
                                               "filter-map": {"type": "object",
                                                              "additionalProperties": {"type": "string"}}}}
    declaration = {"name": "t", "description": "Probe.", "parametersJsonSchema": schema}
    result = toollint.strictify(declaration, target="gemini")
    assert list(result.tool["parametersJsonSchema"]["properties"]) == ["page-size", "filter-map"]  # not renamed
    value = {"page-size": 5, "filter-map": {"a": "b"}}
    sent = result.encode(value)
    assert sent["filter-map"] == [{"key": "a", "value": "b"}]
    assert decode_wire_arguments(schema, sent, "gemini") == value  # the boundary's codec renames; both agree
