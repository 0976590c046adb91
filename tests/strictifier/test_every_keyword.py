"""Every JSON Schema keyword through strictify and then check, for every target: the strict rules find nothing
on what strictify writes. The strict profiles are the one list of what each target takes (issue 23), so a
keyword a profile rejects cannot survive on the wire unnoticed."""

from __future__ import annotations

import json

import pytest
from helpers import lint_text

import toollint
from toollint.profiles import PROFILE_NAMES
from toollint.schema.walk import KNOWN_KEYWORDS

STRICT_RULES = {"strict-unsupported-keyword", "strict-open-object", "strict-optional-property"}
GOOD = "Store one value and return its id. Use it when the user asks to save something."

# One plausible use of each keyword on a property (None: the keyword is the property's structure itself,
# exercised by the others, or only meaningful at the document root).
SAMPLES: dict[str, dict] = {
    "$anchor": {"type": "string", "$anchor": "value"},
    "$comment": {"type": "string", "$comment": "kept out of the prompt"},
    "$defs": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}},
    "$dynamicAnchor": {"type": "string", "$dynamicAnchor": "node"},
    "$id": {"type": "string", "$id": "https://example.com/value"},
    "$recursiveAnchor": {"type": "string", "$recursiveAnchor": False},
    "$ref": {"$ref": "#/$defs/Code"},
    "$schema": {"type": "string", "$schema": "https://json-schema.org/draft/2020-12/schema"},
    "$vocabulary": {"type": "string", "$vocabulary": {}},
    "additionalItems": {"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "integer"}},
    "additionalProperties": {"type": "object", "additionalProperties": {"type": "integer"}},
    "allOf": {"allOf": [{"type": "string"}, {"minLength": 1}]},
    "anyOf": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    "const": {"const": "fixed"},
    "contains": {"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 5}},
    "contentEncoding": {"type": "string", "contentEncoding": "base64"},
    "contentMediaType": {"type": "string", "contentMediaType": "text/html"},
    "default": {"type": "integer", "default": 3},
    "definitions": {"type": "object", "properties": {"a": {"$ref": "#/definitions/A"}},
                    "definitions": {"A": {"type": "string"}}},
    "dependencies": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                     "dependencies": {"a": ["b"]}},
    "dependentRequired": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                          "dependentRequired": {"a": ["b"]}},
    "dependentSchemas": {"type": "object", "properties": {"a": {"type": "string"}},
                         "dependentSchemas": {"a": {"properties": {"b": {"type": "integer"}}}}},
    "deprecated": {"type": "string", "deprecated": True},
    "description": {"type": "string", "description": "A value"},
    "else": {"type": "integer", "if": {"minimum": 10}, "then": {"multipleOf": 10}, "else": {"maximum": 5}},
    "enum": {"type": "string", "enum": ["a", "b"]},
    "examples": {"type": "string", "examples": ["x"]},
    "exclusiveMaximum": {"type": "number", "exclusiveMaximum": 10},
    "exclusiveMinimum": {"type": "number", "exclusiveMinimum": 0},
    "format": {"type": "string", "format": "uri"},
    "id": {"type": "string", "id": "value"},
    "if": {"type": "integer", "if": {"minimum": 10}, "then": {"multipleOf": 10}},
    "items": {"type": "array", "items": {"type": "string"}},
    "maxContains": {"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 5}, "maxContains": 2},
    "maxItems": {"type": "array", "items": {"type": "string"}, "maxItems": 4},
    "maxLength": {"type": "string", "maxLength": 8},
    "maxProperties": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 3},
    "maximum": {"type": "integer", "maximum": 9},
    "minContains": {"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 5}, "minContains": 2},
    "minItems": {"type": "array", "items": {"type": "string"}, "minItems": 2},
    "minLength": {"type": "string", "minLength": 2},
    "minProperties": {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1},
    "minimum": {"type": "integer", "minimum": 1},
    "multipleOf": {"type": "integer", "multipleOf": 5},
    "not": {"type": "string", "not": {"const": "forbidden"}},
    "oneOf": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
    "pattern": {"type": "string", "pattern": "^[a-z]+$"},
    "patternProperties": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}},
    "prefixItems": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
    "properties": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
    "propertyNames": {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"maxLength": 8}},
    "readOnly": {"type": "string", "readOnly": True},
    "required": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
    "then": {"type": "integer", "if": {"minimum": 10}, "then": {"multipleOf": 10}},
    "title": {"type": "string", "title": "Value"},
    "type": {"type": "boolean"},
    "unevaluatedItems": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": False},
    "unevaluatedProperties": {"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": False},
    "uniqueItems": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
    "writeOnly": {"type": "string", "writeOnly": True},
    # Keywords that only mean something with a dynamic scope or an older draft: one use each, so they are covered.
    "$dynamicRef": {"type": "string", "$dynamicRef": "#node"},
    "$recursiveRef": {"type": "string", "$recursiveRef": "#"},
}


def test_every_known_keyword_has_a_sample():
    assert set(SAMPLES) == set(KNOWN_KEYWORDS)


CASES = [pytest.param(keyword, target, id=f"{keyword}-{target}") for keyword in sorted(SAMPLES)
         for target in PROFILE_NAMES]


@pytest.mark.parametrize(("keyword", "target"), CASES)
def test_what_strictify_writes_has_no_strict_finding(keyword, target):
    schema = {"type": "object", "properties": {"value": SAMPLES[keyword]}, "required": ["value"],
              "$defs": {"Code": {"type": "string", "minLength": 1}}}
    tool = {"name": "store_value", "description": GOOD, "input_schema": schema}
    try:
        result = toollint.strictify(tool, target=target)
    except toollint.StrictifyError:
        return  # refused, naming the place: nothing is sent
    wire = result.tool
    findings = [f for f in lint_text(json.dumps(wire), targets=(target,)) if f.rule in STRICT_RULES]
    assert not findings, [(f.rule, f.pointer, f.message) for f in findings]


def test_a_keyword_the_profile_rejects_is_not_written_the_title_experiment(monkeypatch):
    """Marking `title` rejected in the Anthropic profile makes check flag it; strictify must then stop writing it,
    with no list of its own to update (issue 23's experiment)."""
    from toollint.profiles import load_profile
    from toollint.strictifier import rewrite

    monkeypatch.setitem(load_profile("anthropic").rejected, "title", "")
    monkeypatch.setattr(rewrite, "_LEAF_KEYS", {})
    monkeypatch.setattr(rewrite, "_FREE_KEEP", {})
    schema = {"type": "object", "title": "Store", "required": ["value"], "properties": {
        "value": {"type": "string", "title": "Value"},
        "nested": {"type": "object", "title": "Nested", "properties": {"a": {"type": "integer", "title": "A"}}}}}
    tool = {"name": "store_value", "description": GOOD, "input_schema": schema}
    assert [f.pointer for f in lint_text(json.dumps(tool), targets=("anthropic",)) if f.rule in STRICT_RULES
            and f.pointer.endswith("/title")]  # check flags every title now
    wire = toollint.strictify(tool, target="anthropic").tool
    assert "title" not in json.dumps(wire["input_schema"])
    assert not [f for f in lint_text(json.dumps(wire), targets=("anthropic",)) if f.rule in STRICT_RULES]
