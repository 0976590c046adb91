"""The round trip, as a property: for real-shaped tool schemas and generated valid instances,
original -> `encode` -> valid on the wire -> `decode` -> equal to the original and valid against the validator.

The schemas mimic what tool catalogs hold (written here, not read from any corpus): maps, free objects, nullable
optionals with defaults, typeless consts as discriminators, unions of `$ref`'d objects, `anyOf [string, object]`,
tuples, enums of objects, `oneOf` of `required`-only branches. Objects are closed (an open object's extra keys
are, by design, what a strict wire cannot carry).
"""

from __future__ import annotations

import os
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import toollint

pytestmark = pytest.mark.slow  # deep Hypothesis runs

hypothesis_jsonschema = pytest.importorskip("hypothesis_jsonschema")
from_schema = hypothesis_jsonschema.from_schema

DEEP = bool(os.environ.get("TOOLLINT_DEEP"))
SETTINGS = settings(max_examples=300 if DEEP else 30, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=not DEEP)
TARGETS = st.sampled_from(["anthropic", "openai", "gemini"])

LEAVES = st.sampled_from([
    {"type": "string", "description": "A name"},
    {"type": "string", "enum": ["asc", "desc"]},
    {"type": "string", "pattern": "^[a-z]{1,8}$"},
    {"type": "integer", "minimum": 1, "maximum": 100, "description": "Page size (max 100)"},
    {"type": "number", "exclusiveMinimum": 0},
    {"type": "boolean"},
    {"type": ["integer", "null"], "default": 3},
    {"type": ["string", "null"], "enum": ["a", "b", None]},
    {"const": "fixed", "description": "Operation (fixed)"},
    {"enum": [1, "two", None]},
    {"enum": [{"kind": "a"}, {"kind": "b", "n": 2}]},
    {},
    {"type": "object", "description": "Free-form options"},
    {"type": ["object", "null"]},
    {"type": "object", "additionalProperties": {"type": "integer"}},
    {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"maxLength": 3}},
    {"anyOf": [{"type": "string"}, {"type": "object"}]},
    {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    {"type": "array", "items": {"type": "string"}, "maxItems": 3},
    {"type": "array", "maxItems": 2},
    {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False},
    {"$ref": "#/$defs/point"},
    {"anyOf": [{"$ref": "#/$defs/point"}, {"$ref": "#/$defs/labelled"}]},
])

DEFS = {
    "point": {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
              "required": ["x", "y"], "additionalProperties": False},
    "labelled": {"type": "object", "properties": {"label": {"type": "string"}, "meta": {"type": "object"}},
                 "required": ["label"], "additionalProperties": False},
}


@st.composite
def objects(draw, depth=0):
    names = draw(st.lists(st.sampled_from(["id", "query", "limit", "options", "items", "mode", "note", "tags"]),
                          min_size=1, max_size=4, unique=True))
    properties = {}
    for name in names:
        if depth < 2 and draw(st.integers(0, 5)) == 0:
            child = draw(objects(depth + 1))
            properties[name] = draw(st.sampled_from([child, {"type": "array", "items": child, "maxItems": 2}]))
        else:
            properties[name] = draw(LEAVES)
    required = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    schema = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    optional = [n for n in names if n not in required]
    if len(optional) >= 2 and draw(st.integers(0, 3)) == 0:
        schema["oneOf"] = [{"required": [optional[0]]}, {"required": [optional[1]]}]
    return schema


@st.composite
def tools(draw):
    schema = draw(objects())
    schema["$defs"] = DEFS
    return {"name": "t", "description": "A tool.", "input_schema": schema}


@SETTINGS
@given(tools(), TARGETS, st.data())
def test_encode_then_decode_gives_back_the_original(tool, target, data):
    result = toollint.strictify(tool, target=target)
    validator = Draft202012Validator(result.validator)
    wire = Draft202012Validator(result.codec_schema)  # the wire in JSON Schema terms (Gemini says `nullable`)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = data.draw(from_schema(tool["input_schema"]), label="instance")
    assert validator.is_valid(value)
    sent = result.encode(value)
    assert wire.is_valid(sent), (sent, list(wire.iter_errors(sent))[:1])
    decoded = result.decode(sent)
    assert decoded == value
    assert validator.is_valid(decoded)


ROOT_EXTRAS = st.sampled_from([
    {"patternProperties": {"^x-[a-z]{1,4}$": {"type": "integer"}}},
    {"additionalProperties": {"type": "string", "maxLength": 5}},
    {"patternProperties": {"^x-": {"type": "boolean"}}, "additionalProperties": {"type": ["integer", "null"]}},
    {"additionalProperties": {"$ref": "#/$defs/point"}},
])


@SETTINGS
@given(objects(), ROOT_EXTRAS, TARGETS, st.data())
def test_root_extras_beside_declared_properties_round_trip(schema, extras, target, data):
    schema = {**schema, **extras, "$defs": DEFS}
    schema.pop("oneOf", None)
    tool = {"name": "t", "description": "A tool.", "input_schema": schema}
    result = toollint.strictify(tool, target=target)
    assert not result.lossy
    validator = Draft202012Validator(result.validator)
    wire = Draft202012Validator(result.codec_schema)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = data.draw(from_schema(schema), label="instance")
    sent = result.encode(value)
    assert wire.is_valid(sent), (sent, list(wire.iter_errors(sent))[:1])
    decoded = result.decode(sent)
    assert decoded == value
    assert validator.is_valid(decoded)
