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
