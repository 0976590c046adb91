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
    assert properties["limit"] == {"title": "Limit", "description": "Defaults to null.", "type": ["integer", "null"],
                                   "minimum": 0}
    assert properties["note"] == {"title": "Note", "type": ["string", "null"]}
    assert properties["tag"]["type"] == ["string", "null"] and "anyOf" not in properties["tag"]  # one branch: flat


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
