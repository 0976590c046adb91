"""`toollint explain`: each provider's error shape resolves to the right rule, tool and place.

The texts follow field notes section 2, with other indices, tool names and property names than the
quoted ones, so a test passes only when the location is parsed, not when a quoted string is matched.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import said

from toollint.cli import main
from toollint.document.source import parse_text
from toollint.explainer import explain, match_text
from toollint.explainer.locations import ByIndex, parse_location
from toollint.linter.catalog import load_catalog

DESC = "Look things up in the archive. Use it when the user asks about archived records."


def mcp(name: str, schema: dict, **extra) -> dict:
    return {"name": name, "description": DESC, "inputSchema": schema, **extra}


def obj(**properties) -> dict:
    return {"type": "object", "properties": properties}


S = {"type": "string", "description": "A value"}

MCP_TOOLS = {"tools": [
    mcp("alpha", obj(q=S)),
    mcp("beta", {"type": "object", "properties": {"q": {"type": "text"}}}),
    mcp("gamma", obj(labels={"type": "array", "description": "Labels"}, q=S)),
    mcp("delta", {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
                  "properties": {"a": S, "b": S}}),
    mcp("epsilon", obj(note={"description": "A note"}, q=S)),
    mcp("zeta", obj(q=S), outputSchema={"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}),
]}


def source_of(data, name="tools.json"):
    return parse_text(json.dumps(data, indent=1), name, "json")


def run(text: str, data=None, name="tools.json"):
    return explain(text, source_of(data, name) if data is not None else None)


def rules(explanation) -> list[str]:
    return [m.spec.name for m in explanation.matches]


# --- every text in the catalog is well formed ------------------------------------------------


def test_every_api_error_pattern_matches_its_own_text():
    count = 0
    for spec in load_catalog().values():
        for error in spec.api_errors:
            count += 1
            assert re.search(error.pattern, error.text), (spec.name, error.text)
            assert error.sources and error.recorded, spec.name
    assert count >= 35


def test_rule_command_lists_the_api_texts():
    result = CliRunner().invoke(main, ["rule", "TL703"])
    assert result.exit_code == 0
    assert "## API errors it prevents" in result.output and "array schema missing items" in result.output


# --- Anthropic ------------------------------------------------------------------------------


def test_anthropic_root_combinator_by_index():
    text = ('{"type":"error","error":{"type":"invalid_request_error","message":"tools.3.custom.input_schema: '
            'input_schema does not support oneOf, allOf, or anyOf at the top level"}}')
    explanation = run(text, MCP_TOOLS)
    assert rules(explanation) == ["root-combinator"]
    assert explanation.resolved.tool.name == "delta"
    assert explanation.resolved.pointer == "/tools/3/inputSchema"
    assert [f.rule for f in explanation.findings] == ["root-combinator"]
    assert all(f.tool == "delta" for f in explanation.findings)


def test_anthropic_keywordless_invalid_schema_runs_the_metaschema():
    text = ("tools.1.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
            "(https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.claude.com/en/docs/tool-use.")
    explanation = run(text, MCP_TOOLS)
    assert rules(explanation) == ["invalid-json-schema"]
    assert explanation.resolved.tool.name == "beta"
    assert explanation.metaschema and "/tools/1/inputSchema/properties/q/type" in explanation.metaschema[0]


def test_anthropic_name_and_duplicate_texts():
    explanation = run("tools.4.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'", MCP_TOOLS)
    assert rules(explanation) == ["invalid-tool-name"]
    assert explanation.resolved.tool.name == "epsilon" and explanation.resolved.pointer == "/tools/4/name"
    assert rules(run("tools: Tool names must be unique.")) == ["duplicate-tool-name"]


# --- OpenAI Chat and Responses -----------------------------------------------------------------


def test_openai_chat_context_names_function_and_place():
    text = "Invalid schema for function 'gamma': In context=('properties', 'labels'), array schema missing items."
    explanation = run(text, MCP_TOOLS)
    assert rules(explanation) == ["array-missing-items"]
    assert explanation.location.tool_name == "gamma" and explanation.location.path == ["properties", "labels"]
    assert explanation.resolved.pointer == "/tools/2/inputSchema/properties/labels"
    assert explanation.resolved.exact
    assert [f.pointer for f in explanation.findings] == ["/tools/2/inputSchema/properties/labels"]


def test_openai_chat_request_body_by_param_index():
    body = {"model": "gpt-x", "tools": [
        {"type": "function", "function": {"name": "first", "description": DESC, "parameters": obj(q=S)}},
        {"type": "function", "function": {"name": "second", "description": DESC,
                                          "parameters": obj(rows={"type": "array", "items": {"description": "row"}})}}]}
    error = {"error": {"message": "Invalid schema for function 'second': In context=('properties', 'rows', 'items'), "
                                  "schema must have a 'type' key.", "type": "invalid_request_error",
                       "param": "tools[1].function.parameters", "code": "invalid_function_parameters"}}
    explanation = run(json.dumps(error), body, "body.json")
    assert rules(explanation) == ["untyped-property"]
    assert explanation.resolved.pointer == "/tools/1/function/parameters/properties/rows/items"
    assert explanation.findings and explanation.findings[0].rule == "untyped-property"


def test_openai_responses_param_without_function_wrapper():
    body = {"tools": [{"type": "function", "name": "one", "description": DESC, "parameters": obj(q=S)},
                      {"type": "function", "name": "two", "description": "x" * 1100, "parameters": obj(q=S)}]}
    text = ("Invalid 'tools[1].description': string too long. Expected a string with maximum length 1024, "
            "but got a string with length 1100 instead.")
    explanation = run(text, body, "responses.json")
    assert rules(explanation) == ["description-too-long"]
    assert explanation.resolved.tool.name == "two" and explanation.resolved.pointer == "/tools/1/description"


def test_openai_format_uri_is_owned_by_the_strict_rule_and_found_with_its_target():
    tools = [mcp("fetch_page", obj(link={"type": "string", "format": "uri", "description": "Page"}))]
    text = "Invalid schema for function 'fetch_page': In context=('properties', 'link'), 'uri' is not a valid format."
    explanation = run(text, tools)
    assert rules(explanation) == ["strict-unsupported-keyword"]
    assert explanation.findings and "'uri' is not a valid format" in said(explanation.findings[0])


def test_openai_tool_count():
    tools = [mcp(f"tool_{i}", obj(q=S)) for i in range(130)]
    explanation = run("Invalid 'tools': array too long. Expected an array with maximum length 128, but got an "
                      "array with length 130 instead.", tools)
    assert rules(explanation) == ["too-many-tools"]
    assert [f.rule for f in explanation.findings] == ["too-many-tools"]


# --- Gemini / Vertex ----------------------------------------------------------------------------


def test_gemini_new_style_property_by_name():
    text = ("* GenerateContentRequest.tools[0].function_declarations[2].parameters.properties[labels].items: "
            "missing field.")
    explanation = run(text, MCP_TOOLS)
    assert rules(explanation) == ["array-missing-items"]
    assert explanation.location.path == ["properties", "labels", "items"]
    assert explanation.resolved.tool.name == "gamma"
    assert explanation.resolved.pointer == "/tools/2/inputSchema/properties/labels" and not explanation.resolved.exact


def test_gemini_old_style_property_by_index_needs_the_request():
    body = {"contents": [], "tools": [{"functionDeclarations": [
        {"name": "first", "description": DESC, "parameters": {"type": "OBJECT", "properties": {"q": {"type": "STRING"}}}},
        {"name": "second", "description": DESC, "parameters": {"type": "OBJECT", "properties": {
            "a": {"type": "STRING"}, "b": {"type": "STRING"}, "c": {"anyOf": [{"description": "no type"}]}}}}]}]}
    text = ("Invalid value at 'tools[0].function_declarations[1].parameters.properties[2].value.any_of[0].type' "
            "(type.googleapis.com/google.ai.generativelanguage.v1beta.Type), \"\"")
    location = parse_location(text)
    assert location.path == ["properties", ByIndex(2), "anyOf", 0, "type"]
    explanation = run(text, body, "gemini-request.json")
    assert rules(explanation) == ["untyped-property"]
    assert explanation.resolved.tool.name == "second"
    assert explanation.resolved.pointer == "/tools/0/functionDeclarations/1/parameters/properties/c/anyOf/0"


def test_gemini_enum_and_unknown_field():
    tools = {"functionDeclarations": [
        {"name": "first", "description": DESC, "parameters": {"type": "OBJECT", "properties": {"q": {"type": "STRING"}}}},
        {"name": "pick_level", "description": DESC, "parameters": {"type": "OBJECT", "properties": {
            "level": {"type": "INTEGER", "enum": [1, 2]}}}}]}
    text = ("* GenerateContentRequest.tools[0].function_declarations[1].parameters.properties[level].enum: "
            "only allowed for STRING type")
    explanation = run(text, tools)
    assert rules(explanation) == ["strict-unsupported-keyword"]
    assert explanation.resolved.tool.name == "pick_level"
    assert explanation.findings and "only allowed for STRING type" in explanation.findings[0].message
    text = ("Invalid JSON payload received. Unknown name \"$defs\" at "
            "'request.tools[0].function_declarations[1].parameters': Cannot find field.")
    assert parse_location(text).path == ["$defs"]


# --- OpenAI-compatible and MCP clients ----------------------------------------------------------


def test_moonshot_path():
    text = ("tools.function.parameters is not a valid moonshot flavored json schema, details: "
            "<At path 'properties.note': type is not defined>")
    explanation = run(text, [MCP_TOOLS["tools"][4]])
    assert rules(explanation) == ["untyped-property"]
    assert explanation.location.path == ["properties", "note"]
    assert explanation.resolved.pointer == "/0/inputSchema/properties/note"


def test_mcp_client_dialect():
    text = ("Tool 'zeta' has an invalid outputSchema: JSON Schema declares an unsupported dialect (\"$schema\": "
            "\"http://json-schema.org/draft-07/schema#\"). The default validator supports JSON Schema 2020-12 only; "
            "pass a pre-configured Ajv instance to AjvJs")
    explanation = run(text, MCP_TOOLS)
    assert rules(explanation) == ["mcp-legacy-dialect"]
    assert explanation.resolved.pointer == "/tools/5/outputSchema/$schema"
    assert [f.pointer for f in explanation.findings] == ["/tools/5/outputSchema/$schema"]


# --- the command -----------------------------------------------------------------------------


def test_unknown_text_exits_1_and_suggests_check(tmp_path: Path):
    result = CliRunner().invoke(main, ["explain", "-"], input="Request contains an invalid argument.")
    assert result.exit_code == 1
    assert "does not know" in result.output and "toollint check --target" in result.output
    assert match_text("Request contains an invalid argument.") == []


def test_cli_json_output_with_tools_file(tmp_path: Path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(MCP_TOOLS, indent=1), encoding="utf-8")
    text = "Invalid schema for function 'epsilon': In context=('properties', 'note'), schema must have a 'type' key."
    result = CliRunner().invoke(main, ["explain", "--tools", str(path), "--output-format", "json", text])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["known"] and data["rules"][0]["code"] == "TL704"
    assert data["resolved"]["tool"] == "epsilon" and data["resolved"]["line"] > 1
    assert data["findings"][0]["rule"] == "untyped-property"
    text_result = CliRunner().invoke(main, ["explain", "--tools", str(path), text])
    assert f"{path}:{data['resolved']['line']}:{data['resolved']['column']}: tool 'epsilon'" in text_result.output


@pytest.mark.parametrize("content", ["{not json", ""])
def test_cli_bad_tools_file_is_a_usage_error(tmp_path: Path, content: str):
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--tools", str(path), "tools: Tool names must be unique."])
    assert result.exit_code == 2
    assert "broken.json" in result.output


# Field notes section 2, every provider text, with other indices and names: (text, rule, tool index, tool name).
SECTION_2 = [
    ("tools.7.custom.name: String should have at most 128 characters", "invalid-tool-name", 7, None),
    ("tools.2.custom.input_schema.type: Field required", "schema-root-not-object", 2, None),
    ("tools.5.custom: For 'string' type, properties maxLength, minLength are not supported",
     "strict-unsupported-keyword", 5, None),
    ("tools.1.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
     "strict-open-object", 1, None),
    ("Too many strict tools (31). The maximum number of strict tools supported is 20.", "strict-budget-exceeded",
     None, None),
    ("The compiled grammar is too large, which would cause performance issues.", "strict-budget-exceeded", None, None),
    ("Invalid schema for function 'list_all': In context=(), object schema missing properties.",
     "object-without-properties", None, "list_all"),
    ("Invalid schema for function 'get_now': schema must be a JSON Schema of 'type: \"object\"', got 'type: \"string\"'.",
     "schema-root-not-object", None, "get_now"),
    ("Invalid schema for function 'noop': [] is not of type 'object', 'boolean'.", "invalid-json-schema", None, "noop"),
    ("Invalid schema for function 'choose': schema must have type 'object' and not have "
     "'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.", "root-combinator", None, "choose"),
    ("Invalid schema for function 'save': In context=('properties', 'meta'), 'additionalProperties' is required to "
     "be supplied and to be false.", "strict-open-object", None, "save"),
    ("Invalid schema for function 'save': In context=(), 'required' is required to be supplied and to be an array "
     "including every key in properties. Missing 'tags'.", "strict-optional-property", None, "save"),
    ("Invalid schema for function 'save': In context=(), 'required' is required to be supplied and to be an array "
     "including every key in properties. Extra required key 'tag' supplied.", "required-not-defined", None, "save"),
    ("Invalid schema for function 'assign': context=('properties', 'owner'), $ref cannot have keywords "
     "{'description'}.", "strict-unsupported-keyword", None, "assign"),
    ("Invalid schema for function 'assign': In context=('properties', 'n'), 'default' is not permitted.",
     "strict-unsupported-keyword", None, "assign"),
    ("Invalid 'tools[3].function.name': string does not match pattern. Expected a string that matches the pattern "
     "'^[a-zA-Z0-9_-]+$'.", "invalid-tool-name", 3, None),
    ("'Web Search' does not match '^[a-zA-Z0-9_-]{1,64}$' - 'functions.4.name'", "invalid-tool-name", 4, None),
    ("Invalid JSON payload received. Unknown name \"additionalProperties\" at "
     "'request.tools[0].function_declarations[3].parameters.properties[opts]': Cannot find field.",
     "strict-unsupported-keyword", 3, None),
    ("Invalid JSON payload received. Unknown name \"type\" at 'request.tools[0].function_declarations[9].parameters."
     "properties[0].value': Proto field is not repeating, cannot start list.", "strict-unsupported-keyword", 9, None),
    ("Invalid value at 'request.tools[0].function_declarations[12].parameters.properties[4].value.enum[0]' "
     "(TYPE_STRING), 3", "strict-unsupported-keyword", 12, None),
    ("* GenerateContentRequest.tools[0].function_declarations[2].parameters.properties[homepage].format: only "
     "'enum' is supported for STRING type", "strict-unsupported-keyword", 2, None),
    ("* GenerateContentRequest.tools[0].function_declarations[6].parameters.required[1]: property is not defined",
     "required-not-defined", 6, None),
    ("The GenerateContentRequest proto is invalid:\n * tools[0].function_declarations[8].name: [FIELD_INVALID] "
     "Invalid function name. Must start with a letter or an underscore.", "invalid-tool-name", 8, None),
    ("Unable to submit request because `get_time` functionDeclaration parameters schema should be of type OBJECT.",
     "schema-root-not-object", None, "get_time"),
    ("The GenerateContentRequest proto is invalid:\n * tools[0].function_declarations: [FIELD_INVALID] At most 512 "
     "function declarations can be specified.", "too-many-tools", None, None),
    ("type and anyOf cannot be both populated.", "strict-unsupported-keyword", None, None),
    ("Tool `find_place` has invalid JSON parameters: - Unable to load schema from "
     "'https://json-schema.org/draft-07/schema'", "mcp-legacy-input-dialect", None, "find_place"),
    ("Validation failed calling list_tables with args {}: no schema with key or ref "
     "\"https://json-schema.org/draft/2020-12/schema\"", "mcp-legacy-dialect", None, None),
]


@pytest.mark.parametrize(("text", "rule", "index", "name"), SECTION_2, ids=[str(i) for i in range(len(SECTION_2))])
def test_section_2_texts(text, rule, index, name):
    explanation = explain(text)
    assert rule in rules(explanation)
    assert explanation.location.tool_index == index
    assert explanation.location.tool_name == name


@pytest.mark.parametrize(("text", "rule"), [
    # issue 23: uniqueItems rejected under OpenAI strict (1jehuang/jcode#687, 2026-07-31)
    ("Invalid schema for function 'tag_items': In context=('properties', 'tags'), 'uniqueItems' is not permitted.",
     "strict-unsupported-keyword"),
    # prefixItems is ignored, then the array has no items (pydantic/pydantic-ai#7333)
    ("Invalid schema for function 'pair': In context=('properties', 'pair'), array schema missing items.",
     "array-missing-items"),
    # Gemini's `parameters` Schema spells references `ref`: `$ref` is an unknown field
    ("Invalid JSON payload received. Unknown name \"$ref\" at 'tools[0].function_declarations[0].parameters"
     ".properties[1].value': Cannot find field.", "strict-unsupported-keyword"),
])
def test_the_late_2026_answers_are_explained(text, rule):
    assert rule in [m.spec.name for m in match_text(text)]
