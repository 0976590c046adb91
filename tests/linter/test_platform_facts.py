"""Probes of the platform facts of late 2026 (issue 23, ../shared/reference/field-notes-2026-12.md section 3): each
builds the small file that shows the fact and asserts what toollint says about it."""

from __future__ import annotations

import json

import pytest
from helpers import lint_text, said

GOOD = "Look the thing up in the catalogue and return its details. Use it when the user names one item."
PARAMS = {"type": "object", "properties": {"item_id": {"type": "string", "description": "Item ID, e.g. I-1"}},
          "required": ["item_id"]}


def _fired(data: dict | list, rule: str, **settings) -> list:
    return [f for f in lint_text(json.dumps(data), select=("ALL",), **settings) if f.rule == rule]


def _anthropic(name: str = "lookup_item", **fields) -> dict:
    return {"name": name, "description": GOOD, "input_schema": PARAMS, **fields}


# --- tool names (A1, O7, M4, G1) -----------------------------------------------------------------------------

def test_anthropic_names_reach_128_characters_and_openai_stays_at_64():
    assert not _fired(_anthropic("a" * 100), "invalid-tool-name")  # 100: valid since Anthropic allows 128
    (over,) = _fired(_anthropic("a" * 129), "invalid-tool-name")
    assert "(129 characters)" in over.message and "{1,128}" in over.note and "2026-12-01" in over.note
    chat = {"type": "function", "function": {"name": "a" * 65, "description": GOOD, "parameters": PARAMS}}
    (openai,) = _fired(chat, "invalid-tool-name")
    assert "{1,64}" in openai.note


def test_mcp_names_are_checked_against_each_target_that_rejects_them():
    tool = {"tools": [{"name": "a" * 100, "description": GOOD, "inputSchema": PARAMS}]}
    assert not _fired(tool, "invalid-tool-name")
    assert not _fired(tool, "invalid-tool-name", targets=("anthropic",))  # 100 is fine for Anthropic now
    (finding,) = _fired(tool, "invalid-tool-name", targets=("anthropic", "openai"))
    assert finding.message.endswith("is valid MCP but not for OpenAI")
    dotted = {"tools": [{"name": "files.read", "description": GOOD, "inputSchema": PARAMS}]}
    (finding,) = _fired(dotted, "invalid-tool-name", targets=("anthropic", "openai", "gemini"))
    assert finding.message.endswith("not for Anthropic and OpenAI")  # Gemini takes the dot


def test_gemini_names_record_both_the_sdk_limit_and_the_older_api_errors():
    declaration = {"functionDeclarations": [{"name": "9lookup", "description": GOOD,
                                             "parametersJsonSchema": PARAMS}]}
    (finding,) = _fired(declaration, "invalid-tool-name")
    assert "[a-zA-Z_]" in finding.note and "128" in finding.note and "said 64" in finding.note


# --- Gemini declarations (G2, G3) ----------------------------------------------------------------------------

def test_gemini_parameter_names_are_letters_digits_and_underscore():
    schema = {"type": "OBJECT", "properties": {"city-name": {"type": "STRING", "description": "City"},
                                               "ok_name": {"type": "STRING", "description": "Fine"},
                                               "nested": {"type": "OBJECT", "properties": {"2fa": {"type": "STRING"}}}}}
    declaration = {"functionDeclarations": [{"name": "get_weather", "description": GOOD, "parameters": schema}]}
    found = _fired(declaration, "invalid-parameter-name")
    assert [f.pointer.rsplit("/", 1)[-1] for f in found] == ["city-name", "2fa"]
    as_json_schema = {"functionDeclarations": [{"name": "get_weather", "description": GOOD,
                                                "parametersJsonSchema": {"type": "object", "properties": {
                                                    "city-name": {"type": "string", "description": "City"}}}}]}
    assert not _fired(as_json_schema, "invalid-parameter-name")


def test_gemini_exclusive_fields():
    declaration = {"functionDeclarations": [{"name": "get_weather", "description": GOOD,
                                             "parameters": {"type": "OBJECT", "properties": {}},
                                             "parametersJsonSchema": PARAMS,
                                             "response": {"type": "STRING"}, "responseJsonSchema": {"type": "string"}}]}
    found = _fired(declaration, "invalid-tool-field")
    assert sorted(f.message for f in found) == ["`parameters` and `parametersJsonSchema` are both given",
                                                "`response` and `responseJsonSchema` are both given"]


# --- Anthropic and Responses tool fields (A2, O1, O5) ---------------------------------------------------------

@pytest.mark.parametrize(("fields", "expected"), [
    ({"defer_loading": "yes"}, "`defer_loading` must be a boolean"),
    ({"eager_input_streaming": 1}, "`eager_input_streaming` must be a boolean"),
    ({"allowed_callers": ["direct", "code_execution_19990101"]}, "`allowed_callers` holds 'code_execution_19990101'"),
    ({"allowed_callers": "direct"}, "`allowed_callers` must be an array"),
    ({"type": "builtin"}, "`type` holds 'builtin'"),
])
def test_anthropic_tool_fields_of_the_wrong_type_are_errors(fields, expected):
    (finding,) = _fired(_anthropic(**fields), "invalid-tool-field")
    assert finding.severity == "error" and finding.message.startswith(expected) and "anthropic 2.15.0" in finding.note


def test_anthropic_tool_fields_of_the_right_type_pass():
    tool = _anthropic(defer_loading=True, eager_input_streaming=False, type="custom", cache_control={"type": "ephemeral"},
                      allowed_callers=["direct", "code_execution_20260521"], input_examples=[{"item_id": "I-1"}])
    assert not _fired(tool, "invalid-tool-field")


def test_responses_fields_output_schema_and_grammar():
    tool = {"type": "function", "name": "lookup_item", "description": GOOD, "parameters": PARAMS, "strict": False,
            "defer_loading": "no", "allowed_callers": ["programmatic", "robot"], "output_schema": {"type": "objekt"}}
    messages = sorted(f.message for f in _fired(tool, "invalid-tool-field"))
    assert messages[0].startswith("`allowed_callers` holds 'robot'")
    assert messages[1].startswith("`defer_loading` must be a boolean")
    assert messages[2].startswith("`output_schema` is not a valid JSON Schema")
    custom = {"type": "custom", "name": "sql", "description": GOOD,
              "format": {"type": "grammar", "syntax": "regex", "definition": "SELECT (.*"}}
    (bad_regex,) = _fired([custom, tool | {"defer_loading": True, "allowed_callers": ["direct"],
                                           "output_schema": {"type": "object"}}], "invalid-tool-field")
    assert bad_regex.message == "the grammar's regex does not compile"


# --- Responses strict default (O2) ---------------------------------------------------------------------------

def test_a_responses_tool_without_strict_and_an_incompatible_schema_is_told():
    optional = {"type": "function", "name": "lookup_item", "description": GOOD, "parameters": {
        "type": "object", "properties": {"item_id": {"type": "string", "description": "Item ID"}}}}
    (finding,) = _fired(optional, "responses-strict-fallback")
    assert finding.severity == "info" and "falls back to non-strict validation" in finding.note
    compatible = optional | {"parameters": {**optional["parameters"], "required": ["item_id"],
                                            "additionalProperties": False}}
    assert not _fired(compatible, "responses-strict-fallback")
    assert not _fired(optional | {"strict": False}, "responses-strict-fallback")
    assert not _fired(optional, "responses-strict-fallback", targets=("openai",))  # the strict rules say where


# --- required-with-default under a target, the no-parameter form ----------------------------------------------

def test_required_with_default_applies_under_anthropic_strict_but_not_openai():
    schema = {"type": "object", "additionalProperties": False, "required": ["limit"],
              "properties": {"limit": {"type": "integer", "default": 10, "description": "At most this many"}}}
    tool = {"name": "list_items", "description": GOOD, "input_schema": schema}
    assert _fired(tool, "required-with-default", targets=("anthropic",))
    assert _fired(tool | {"strict": True}, "required-with-default")
    assert not _fired(tool, "required-with-default", targets=("openai",))


def test_the_no_parameter_form_names_what_both_mcp_and_openai_accept():
    tool = {"tools": [{"name": "ping", "description": GOOD,
                       "inputSchema": {"type": "object", "additionalProperties": False}}]}
    (finding,) = _fired(tool, "object-without-properties")
    assert '`"properties": {}`' in finding.help and "MCP's recommended" in finding.help


# --- MCP: x-mcp-header (M11) and annotations (M12) ------------------------------------------------------------

def _mcp(properties: dict, **tool) -> dict:
    return {"tools": [{"name": "list_instances", "description": GOOD,
                       "inputSchema": {"type": "object", "properties": properties}, **tool}]}


def test_x_mcp_header_constraints_are_errors():
    found = _fired(_mcp({
        "region": {"type": "string", "x-mcp-header": "Region"},
        "zone": {"type": "string", "x-mcp-header": "region"},           # repeats ignoring case
        "ratio": {"type": "number", "x-mcp-header": "Ratio"},            # number is not allowed
        "bad": {"type": "string", "x-mcp-header": "Bad\r\nX-Injected: 1"},  # not a token
        "empty": {"type": "string", "x-mcp-header": ""},
        "filter": {"type": "object", "properties": {"owner": {"type": "string", "x-mcp-header": "Owner"}}},
        "tags": {"type": "array", "items": {"type": "string", "x-mcp-header": "Tag"}},  # not reachable
    }), "invalid-mcp-header")
    by_property = {f.pointer.rsplit("/", 2)[-2]: f.message for f in found}
    assert set(by_property) == {"zone", "ratio", "bad", "empty", "items"}
    assert "repeats 'Region'" in by_property["zone"] and "number property" in by_property["ratio"]
    assert "not an HTTP token" in by_property["bad"] and "not an HTTP token" in by_property["empty"]
    assert all(f.severity == "error" and "MUST drop the tool" in f.note for f in found)


def test_x_mcp_header_on_a_secret_is_a_warning():
    found = _fired(_mcp({"api_key": {"type": "string", "x-mcp-header": "Api-Key"},
                         "region": {"type": "string", "x-mcp-header": "Region"}}), "mcp-header-on-secret")
    assert [(f.severity, f.pointer.rsplit("/", 2)[-2]) for f in found] == [("warning", "api_key")]
    assert "SHOULD NOT" in said(found[0])


def test_read_only_and_destructive_together_contradict():
    (finding,) = _fired(_mcp({}, annotations={"readOnlyHint": True, "destructiveHint": True}),
                        "contradictory-annotations")
    assert finding.pointer.endswith("/annotations/destructiveHint")
    assert not _fired(_mcp({}, annotations={"readOnlyHint": True, "destructiveHint": False}), "contradictory-annotations")
    assert not _fired(_mcp({}, annotations={"readOnlyHint": False, "destructiveHint": True}), "contradictory-annotations")


def test_a_namespaced_function_does_not_clash_with_a_top_level_one():
    """O3: whether a Responses namespace scopes its functions' names is not on record, so no TL202 across them."""
    function = {"type": "function", "name": "search", "description": GOOD, "parameters": PARAMS, "strict": False}
    namespace = {"type": "namespace", "name": "crm", "description": "The CRM's tools.", "tools": [function]}
    assert not _fired({"tools": [function, namespace]}, "duplicate-tool-name")
    assert _fired({"tools": [function, function]}, "duplicate-tool-name")
    assert _fired({"tools": [namespace | {"tools": [function, function]}]}, "duplicate-tool-name")


def test_openai_strict_takes_string_lengths_and_rejects_unique_and_prefix_items():
    """minLength/maxLength: live-probed 200 (pydantic-ai#7400); uniqueItems/prefixItems: quoted 400s (jcode#687,
    pydantic-ai#7333)."""
    schema = {"type": "object", "additionalProperties": False, "required": ["code", "tags", "pair"], "properties": {
        "code": {"type": "string", "minLength": 2, "maxLength": 8, "description": "Code"},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "description": "Tags"},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "string"},
                 "description": "Pair"}}}
    tool = {"type": "function", "function": {"name": "t", "description": GOOD, "strict": True, "parameters": schema}}
    found = sorted(f.pointer.rsplit("/", 1)[-1] for f in _fired([tool], "strict-unsupported-keyword"))
    assert found == ["prefixItems", "uniqueItems"]
    import toollint

    wire = toollint.strictify({"name": "t", "description": GOOD, "input_schema": schema}, target="openai").tool
    code = wire["input_schema"]["properties"]["code"]
    assert (code["minLength"], code["maxLength"]) == (2, 8)  # kept on the wire, enforced by the API
    assert "uniqueItems" not in wire["input_schema"]["properties"]["tags"]


def test_gemini_parameters_spell_references_ref_and_defs():
    schema = {"type": "object", "$defs": {"Id": {"type": "string", "description": "An id"}},
              "properties": {"item": {"$ref": "#/$defs/Id"}}}
    tool = {"name": "lookup_item", "description": GOOD, "input_schema": schema}
    found = {f.pointer.rsplit("/", 1)[-1]: f for f in _fired(tool, "strict-unsupported-keyword", targets=("gemini",))}
    assert set(found) == {"$ref", "$defs"}
    assert "spell it `ref`" in found["$ref"].help and "spell it `defs`" in found["$defs"].help
