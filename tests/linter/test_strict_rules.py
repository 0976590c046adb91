"""The strict-mode rules (TL501-TL504) and the provider profiles they read."""

from __future__ import annotations

import json
import re

import pytest
from helpers import lint_text, said

from toollint.profiles import PROFILE_NAMES, load_profile, recursive_refs, schema_usage


def _anthropic(schema, **extra):
    return json.dumps({"name": "do_it", "description": "Do the thing. Use it when asked to do the thing.",
                       "input_schema": schema, **extra})


def _openai(schema, strict=True):
    return json.dumps({"type": "function", "function": {"name": "do_it", "strict": strict,
                                                        "description": "Do the thing. Use it when asked.",
                                                        "parameters": schema}})


def _closed(properties, required=None):
    return {"type": "object", "properties": properties, "required": list(properties) if required is None else required,
            "additionalProperties": False}


def strict_findings(text, targets=(), rule=None):
    found = [f for f in lint_text(text, targets=targets) if f.rule.startswith("strict-")]
    return [f for f in found if rule is None or f.rule == rule]


# ---------------------------------------------------------------------------------------------
# profiles


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_profiles_are_dated_and_sourced(name):
    profile = load_profile(name)
    assert profile.name == name
    assert re.fullmatch(r"2026-1[12]-\d\d", profile.date) and profile.date >= "2026-11-30"
    assert profile.sources and all(s.startswith("https://") for s in profile.sources)
    assert profile.supported and profile.rejected
    assert not (profile.supported & set(profile.rejected)), "a keyword cannot be both supported and rejected"


def test_profile_facts_from_the_reference():
    anthropic, openai, gemini = (load_profile(n) for n in PROFILE_NAMES)
    assert anthropic.budget.strict_tools == 20
    assert anthropic.budget.optional_parameters == 24
    assert anthropic.budget.union_parameters == 16
    assert "uri" in anthropic.formats and "uri" not in openai.formats
    assert anthropic.max_min_items == 1 and not anthropic.recursion and openai.recursion
    assert openai.every_property_required and not anthropic.every_property_required
    assert not openai.root_any_of and not openai.ref_siblings
    assert {"minimum", "maximum", "minLength", "maxLength", "maxItems", "multipleOf"} <= set(anthropic.rejected)
    assert {"allOf", "oneOf", "not", "if", "then", "else", "dependentRequired"} <= set(openai.rejected)
    assert {"const", "exclusiveMinimum", "propertyNames", "$schema"} <= set(gemini.rejected)
    assert anthropic.message("unsupported_many", type="integer", keywords="maximum, minimum") == \
        "For 'integer' type, properties maximum, minimum are not supported"
    assert "Missing 'params'." in openai.message("optional", tool="mysql_execute", context="", name="params")


def test_unknown_profile():
    with pytest.raises(ValueError):
        load_profile("mistral")


def test_keyword_problem_values():
    anthropic = load_profile("anthropic")
    assert anthropic.keyword_problem("minItems", 1, {}) is None
    assert "above 1" in anthropic.keyword_problem("minItems", 2, {})
    assert "backreferences" in anthropic.keyword_problem("pattern", r"^(a)\1$", {})
    assert anthropic.keyword_problem("pattern", "^[a-z]+$", {}) is None
    assert anthropic.keyword_problem("format", "uri", {}) is None
    assert "format 'int32'" in anthropic.keyword_problem("format", "int32", {})
    assert anthropic.keyword_problem("enum", ["a", 1, None], {}) is None
    assert anthropic.keyword_problem("enum", [{"a": 1}], {}) is not None
    assert anthropic.keyword_problem("allOf", [{"$ref": "#/$defs/x"}], {"allOf": [{"$ref": "#/$defs/x"}]})
    assert anthropic.keyword_problem("allOf", [{"type": "object"}], {"allOf": [{"type": "object"}]}) is None
    openai = load_profile("openai")
    assert "uri" in openai.keyword_problem("format", "uri", {})
    assert openai.keyword_problem("anyOf", [], {}, is_root=True)
    assert openai.keyword_problem("anyOf", [], {}) is None
    assert openai.keyword_problem("$ref", "#/$defs/x", {"$ref": "#/$defs/x", "description": "d"})


def test_schema_usage_and_recursion():
    schema = {"type": "object", "properties": {
        "a": {"type": ["string", "null"]}, "b": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        "c": {"type": "object", "properties": {"d": {"type": "string"}, "e": {"type": "string"}}, "required": ["d"]}},
        "required": ["a"]}
    usage = schema_usage(schema)
    assert usage.optional_parameters == 3  # b, c, and the nested e
    assert usage.union_parameters == 2
    recursive = {"type": "object", "properties": {"root": {"$ref": "#/$defs/node"}},
                 "$defs": {"node": {"type": "object", "properties": {"kids": {"type": "array",
                                                                            "items": {"$ref": "#/$defs/node"}}}}}}
    assert recursive_refs(recursive) == ["/$defs/node/properties/kids/items"]
    assert recursive_refs({"type": "object", "properties": {"me": {"$ref": "#"}}}) == ["/properties/me"]
    assert recursive_refs({"properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "string"}}}) == []


# ---------------------------------------------------------------------------------------------
# strict-unsupported-keyword


def test_anthropic_strict_tool_reports_every_unsupported_keyword_with_the_api_answer():
    schema = _closed({"n": {"type": "integer", "minimum": 1, "maximum": 5, "description": "N"},
                      "s": {"type": "string", "maxLength": 9, "format": "uri", "description": "S"},
                      "xs": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 4}})
    found = strict_findings(_anthropic(schema, strict=True), rule="strict-unsupported-keyword")
    by_pointer = {f.pointer.rsplit("/", 2)[-2] + "/" + f.pointer.rsplit("/", 1)[-1]: said(f) for f in found}
    assert set(by_pointer) == {"n/minimum", "n/maximum", "s/maxLength", "xs/minItems", "xs/maxItems"}
    assert "For 'integer' type, property 'minimum' is not supported" in by_pointer["n/minimum"]
    assert "For 'array' type, property 'maxItems' is not supported" in by_pointer["xs/maxItems"]
    assert all("toollint strictify" in m for m in by_pointer.values())
    assert all(f.severity == "error" and f.code == "TL501" for f in found)


def test_not_strict_and_no_target_means_no_strict_findings():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}
    assert strict_findings(_anthropic(schema)) == []
    assert strict_findings(_openai(schema, strict=False)) == []


def test_target_flag_checks_non_strict_tools():
    schema = _closed({"n": {"type": "integer", "minimum": 1, "description": "N"}})
    assert strict_findings(_anthropic(schema), targets=("anthropic",))
    assert not strict_findings(_anthropic(schema), targets=("openai",))  # OpenAI keeps minimum


def test_openai_unsupported_keywords_quote_the_context():
    schema = _closed({"pet": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                      "site": {"type": "string", "format": "uri"},
                      "kind": {"$ref": "#/$defs/kind", "description": "The kind"}})
    schema["$defs"] = {"kind": {"type": "string", "enum": ["a", "b"]}}
    found = strict_findings(_openai(schema), rule="strict-unsupported-keyword")
    messages = " | ".join(said(f) for f in found)
    assert "In context=('properties', 'pet'), 'oneOf' is not permitted." in messages
    assert "format 'uri' is not supported" in messages
    assert "$ref cannot have keywords {'description'}" in messages
    assert len(found) == 3


def test_openai_root_any_of():
    schema = {"anyOf": [_closed({"a": {"type": "string"}}), _closed({"b": {"type": "string"}})]}
    found = strict_findings(_openai(schema), rule="strict-unsupported-keyword")
    assert [f.pointer for f in found] == ["/function/parameters/anyOf"]


def test_anthropic_regex_recursion_and_all_of_with_ref():
    schema = _closed({"w": {"type": "string", "pattern": "\\bword\\b", "description": "W"},
                      "tree": {"$ref": "#/$defs/node"},
                      "both": {"allOf": [{"$ref": "#/$defs/base"}], "description": "B"}})
    schema["$defs"] = {"node": _closed({"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}),
                       "base": _closed({"x": {"type": "string"}})}
    found = strict_findings(_anthropic(schema, strict=True), rule="strict-unsupported-keyword")
    messages = [f.message for f in found]
    assert any("word boundaries" in m for m in messages)
    assert any("`allOf` combined with `$ref`" in m for m in messages)
    recursion = [f for f in found if "recursive" in f.message]
    assert [f.pointer for f in recursion] == ["/input_schema/$defs/node/properties/kids/items/$ref"]
    assert "Too many recursive definitions in schema" in said(recursion[0])


def test_gemini_target_reports_proto_unknown_fields_only_under_parameters():
    schema = {"type": "object", "properties": {"mode": {"const": "heat"}, "n": {"type": ["integer", "null"]},
                                               "x": {"type": "number", "exclusiveMinimum": 0}}}
    mcp = json.dumps({"name": "set_mode", "description": "Set the mode. Use it when asked.", "inputSchema": schema})
    found = strict_findings(mcp, targets=("gemini",))
    keys = sorted(f.pointer.rsplit("/", 1)[-1] for f in found)
    assert keys == ["const", "exclusiveMinimum", "type"]
    assert all("Cannot find field" in said(f) or "Proto field is not repeating" in said(f) for f in found)
    json_schema = json.dumps({"functionDeclarations": [{"name": "set_mode", "description": "Set the mode.",
                                                        "parametersJsonSchema": schema}]})
    assert strict_findings(json_schema, targets=("gemini",)) == []
    # Gemini is not a strict target: objects need not be closed, optionals are fine
    assert not strict_findings(mcp, targets=("gemini",), rule="strict-open-object")


# ---------------------------------------------------------------------------------------------
# strict-open-object, strict-optional-property


def test_open_objects_everywhere():
    schema = {"type": "object", "additionalProperties": False, "required": ["a"],
              "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}},
                             "list": {"type": "array", "items": {"type": "object", "properties": {}}},
                             "map": {"type": "object", "additionalProperties": {"type": "string"}}}}
    found = strict_findings(_anthropic(schema, strict=True), rule="strict-open-object")
    assert len(found) == 3
    assert all("'additionalProperties' must be explicitly set to false" in said(f) for f in found)
    assert any("{key, value}" in said(f) for f in found)


def test_openai_object_without_properties():
    schema = {"type": "object", "additionalProperties": False}
    found = strict_findings(_openai(schema), rule="strict-open-object")
    assert len(found) == 1 and "object schema missing properties" in said(found[0])


def test_optional_property_is_openai_only():
    schema = {"type": "object", "properties": {"sql": {"type": "string"}, "params": {"type": "array"}},
              "required": ["sql"], "additionalProperties": False}
    found = strict_findings(_openai(schema), rule="strict-optional-property")
    assert len(found) == 1 and "Missing 'params'." in said(found[0])
    assert found[0].pointer == "/function/parameters/properties/params"
    assert not strict_findings(_anthropic(schema, strict=True), rule="strict-optional-property")


def test_responses_tool_strict_flag():
    text = json.dumps({"type": "function", "name": "f", "description": "Do f. Use it when asked.", "strict": True,
                       "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}})
    rules = sorted(f.rule for f in strict_findings(text))
    assert rules == ["strict-open-object", "strict-optional-property"]


# ---------------------------------------------------------------------------------------------
# strict-budget-exceeded


def _tool(index, optional=0, unions=0):
    properties = {"id": {"type": "string", "description": "Id"}}
    properties.update({f"opt{i}": {"type": "string", "description": "Optional"} for i in range(optional)})
    properties.update({f"u{i}": {"type": ["string", "null"], "description": "Maybe"} for i in range(unions)})
    required = ["id"] + [f"u{i}" for i in range(unions)]
    return {"name": f"tool_{index}", "description": "A tool. Use it when asked.", "strict": True,
            "input_schema": {"type": "object", "properties": properties, "required": required,
                             "additionalProperties": False}}


def test_budget_strict_tools():
    found = strict_findings(json.dumps([_tool(i) for i in range(21)]), rule="strict-budget-exceeded")
    assert len(found) == 1
    assert "Too many strict tools (21)" in said(found[0]) and found[0].tool == "tool_20"
    assert not strict_findings(json.dumps([_tool(i) for i in range(20)]), rule="strict-budget-exceeded")


def test_budget_optional_and_union_parameters():
    tools = [_tool(i, optional=6) for i in range(4)]
    assert not strict_findings(json.dumps(tools), rule="strict-budget-exceeded")  # 24: at the limit
    tools.append(_tool(4, optional=1))
    found = strict_findings(json.dumps(tools), rule="strict-budget-exceeded")
    assert len(found) == 1 and "too many optional parameters (25)" in said(found[0])
    assert found[0].tool == "tool_4"
    unions = [_tool(0, unions=9), _tool(1, unions=8)]
    found = strict_findings(json.dumps(unions), rule="strict-budget-exceeded")
    assert len(found) == 1 and "(17 parameters with type arrays or anyOf)" in said(found[0])


def test_budget_counts_only_tools_checked_for_the_target():
    tools = [_tool(i) for i in range(21)]
    for tool in tools[:5]:
        del tool["strict"]
    assert not strict_findings(json.dumps(tools), rule="strict-budget-exceeded")
    assert strict_findings(json.dumps(tools), targets=("anthropic",), rule="strict-budget-exceeded")


def test_conditional_subschemas_are_not_reported_as_open_objects():
    schema = _closed({"kind": {"type": "string"}, "size": {"type": "integer"}})
    schema["if"] = {"properties": {"kind": {"const": "box"}}}
    schema["then"] = {"required": ["size"]}
    found = strict_findings(_openai(schema))
    assert sorted(f.rule for f in found) == ["strict-unsupported-keyword", "strict-unsupported-keyword"]
    assert sorted(f.pointer.rsplit("/", 1)[-1] for f in found) == ["if", "then"]
