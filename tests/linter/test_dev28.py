"""Holdout 27's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07).

untyped-property: a property of a branch of the input schema's own top-level `oneOf` that the input schema declares
with its type is a condition on that property (`{"plan": {"not": {"type": "null"}}}`), and root-combinator already
reports the `oneOf`. A branch property the schema does not declare, and one under a `oneOf` deeper down (in `$defs`),
are still reported: nothing else says them."""

from __future__ import annotations

import json

from helpers import lint_text


def _untyped(schema: dict) -> list[str]:
    text = json.dumps({"tools": [{"name": "apply_plan", "description": "Apply a saved plan to the document.",
                                  "inputSchema": schema}]})
    return [f.pointer for f in lint_text(text) if f.rule == "untyped-property"]


_DECLARED = {"plan": {"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string"}}}},
             "confirm": {"type": "boolean"}, "plan_id": {"type": "string"}}


def test_conditions_on_declared_properties_in_a_top_level_one_of_are_not_declarations():
    schema = {"type": "object", "properties": _DECLARED,
              "oneOf": [{"required": ["plan"], "properties": {"plan": {"not": {"type": "null"}}, "confirm": {"const": True}}},
                        {"allOf": [{"properties": {"plan_id": {"minLength": 1}}}]}]}
    assert _untyped(schema) == []


def test_an_undeclared_branch_property_is_still_reported():
    schema = {"type": "object", "properties": _DECLARED,
              "oneOf": [{"properties": {"plan": {"not": {"type": "null"}}, "mode": {"const": "fast"}}},
                        {"properties": {"plan_id": {"type": "string"}}}]}
    assert _untyped(schema) == ["/tools/0/inputSchema/oneOf/0/properties/mode"]


def test_a_one_of_deeper_down_is_still_reported():
    appearance = {"type": "object", "properties": {"kind": {"type": "string"}, "rect": {"type": "array", "items": {"type": "number"}}},
                  "oneOf": [{"properties": {"kind": {"const": "Square"}, "rect": {"minItems": 4}}},
                            {"properties": {"kind": {"const": "Text"}}}]}
    schema = {"type": "object", "properties": {"appearance": {"$ref": "#/$defs/Appearance"}},
              "$defs": {"Appearance": appearance}}
    assert _untyped(schema) == [
        "/tools/0/inputSchema/$defs/Appearance/oneOf/0/properties/kind",
        "/tools/0/inputSchema/$defs/Appearance/oneOf/0/properties/rect",
        "/tools/0/inputSchema/$defs/Appearance/oneOf/1/properties/kind",
    ]
