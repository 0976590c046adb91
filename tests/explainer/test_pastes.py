"""`explain` on error texts as users paste them: wrapped, repr-escaped, in proto spelling, several places
at once, or naming a tool by the name a client gave it."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.explainer.test_explain import DESC, MCP_TOOLS, rules, run
from toollint.cli import main
from toollint.explainer import explain_all, messages
from toollint.explainer.locations import parse_location

OPENAI_TEXT = "Invalid schema for function 'gamma': In context=('properties', 'labels'), array schema missing items."


def test_hard_wraps_and_runs_of_whitespace_are_joined():
    wrapped = "Invalid schema for function 'gamma': In context=('properties',\n    'labels'), array schema missing\n items."
    explanation = run(wrapped, MCP_TOOLS)
    assert rules(explanation) == ["array-missing-items"]
    assert explanation.resolved.pointer == "/tools/2/inputSchema/properties/labels"


def test_python_repr_bodies_are_unpacked_and_unescaped():
    body = {"error": {"message": OPENAI_TEXT, "type": "invalid_request_error", "param": None}}
    for paste in (f"Error code: 400 - {body!r}", "openai.BadRequestError: " + repr(OPENAI_TEXT),
                  OPENAI_TEXT.replace("'", "\\'")):
        explanation = run(paste, MCP_TOOLS)
        assert rules(explanation) == ["array-missing-items"], paste
        assert explanation.resolved.tool.name == "gamma", paste


def test_gemini_proto_names_become_json_keywords():
    text = ("Invalid JSON payload received. Unknown name \"additional_properties\" at "
            "'request.tools[0].function_declarations[1].parameters.properties[q].any_of[0]': Cannot find field.")
    assert parse_location(text).path == ["properties", "q", "anyOf", 0, "additionalProperties"]


def test_every_place_of_a_text_with_several_is_resolved():
    tools = {"functionDeclarations": [
        {"name": "first", "description": DESC, "parameters": {"type": "OBJECT", "properties": {
            "tags": {"type": "ARRAY"}}}},
        {"name": "second", "description": DESC, "parameters": {"type": "OBJECT", "properties": {
            "ids": {"type": "ARRAY"}}}}]}
    text = ("* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[tags].items: "
            "missing field.\n* GenerateContentRequest.tools[0].function_declarations[1].parameters.properties[ids]"
            ".items: missing field.\n")
    from tests.explainer.test_explain import source_of

    found = explain_all(text, source_of(tools))
    assert [e.resolved.tool.name for e in found] == ["first", "second"]
    assert all(rules(e) == ["array-missing-items"] for e in found)


def test_a_tool_name_a_client_prefixed_is_matched():
    text = ("Tool 'dblp_zeta' has an invalid outputSchema: JSON Schema declares an unsupported dialect "
            "(\"$schema\": \"http://json-schema.org/draft-07/schema#\").")
    explanation = run(text, MCP_TOOLS)
    assert explanation.resolved.tool.name == "zeta"
    assert run(text.replace("dblp_zeta", "mcp__dblp__zeta"), MCP_TOOLS).resolved.tool.name == "zeta"


def test_the_command_prints_each_place(tmp_path):
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(MCP_TOOLS), encoding="utf-8")
    two = OPENAI_TEXT + "\n* " + OPENAI_TEXT.replace("gamma", "alpha").replace("labels", "q")
    assert len(messages(two)) == 2
    result = CliRunner().invoke(main, ["explain", "--tools", str(tools), "--output-format", "json", two])
    assert result.exit_code == 0
    assert [e["resolved"]["tool"] for e in json.loads(result.stdout)] == ["gamma", "alpha"]
