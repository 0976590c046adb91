"""Issue 9's false-positive classes: one finding per root cause, with advice that fits it."""

from __future__ import annotations

import json

from helpers import lint_text, rules_of, said


def _tool(properties: dict, description: str = "Look up one order of the shop by its number.", **schema) -> str:
    return json.dumps({"name": "lookup", "description": description,
                       "input_schema": {"type": "object", "properties": properties, **schema}})


def test_an_enum_with_many_case_pairs_is_one_warning():
    text = _tool({"status": {"type": "string", "description": "Order status",
                             "enum": ["open", "Open", "closed", "Closed", "pending"]}})
    found = [f for f in lint_text(text) if f.rule == "enum-case-collision"]
    assert len(found) == 1
    assert found[0].severity == "warning"
    assert "'open'/'Open'" in said(found[0]) and "'closed'/'Closed'" in said(found[0])


def test_case_insensitive_enum_said_so_is_not_reported():
    text = _tool({"status": {"type": "string", "description": "Order status (case-insensitive)",
                             "enum": ["open", "Open", "closed"]}})
    assert "enum-case-collision" not in rules_of(lint_text(text))


def test_python_type_name_is_one_finding_with_the_replacement():
    text = json.dumps({"name": "lookup", "description": "Look up one order of the shop by its number.",
                       "parameters": {"type": "dict", "properties": {
                           "weight": {"type": "float", "description": "Weight in kg"},
                           "tags": {"type": "tuple", "description": "Tags to match", "items": {"type": "String"}}}}})
    found = lint_text(text)
    assert "schema-root-not-object" not in rules_of(found)
    messages = [f.message for f in found if f.rule == "invalid-json-schema"]
    assert len(messages) == 4
    assert any('"dict"' in m and 'use "object"' in m for m in messages)
    assert any('"float"' in m and 'use "number"' in m for m in messages)
    assert any('"tuple"' in m and 'use "array"' in m for m in messages)
    assert any('"String"' in m and 'use "string"' in m for m in messages)


def test_a_type_list_with_a_non_string_entry_gets_no_rename_fix():
    """`["OBJECT", []]` (found by the engine fuzz): the alias is reported, and no fix renames a list it cannot read."""
    found = [f for f in lint_text(_tool({"amount": {"type": ["OBJECT", []]}})) if f.rule == "invalid-json-schema"]
    assert found and all(f.autofix is None for f in found if "OBJECT" in f.message)


def test_any_type_gets_its_own_advice():
    found = lint_text(_tool({"value": {"type": "any", "description": "Any value"}}))
    assert [f.message for f in found if f.rule == "invalid-json-schema"] == [
        '`type` "any" is not a JSON Schema type name; JSON Schema has no `any`: drop `type` to allow every value, '
        "or list the types it may take"]


def test_interest_rate_asks_percent_or_fraction():
    found = lint_text(_tool({"interest_rate": {"type": "number", "description": "Annual interest rate"}},
                            "Quote the monthly repayment of a loan."))
    message = next(said(f) for f in found if f.rule == "missing-unit")
    assert "percentage or a fraction" in message and "per second" not in message


def test_a_named_catalog_with_parameter_instead_of_parameters_is_reported(tmp_path):
    from click.testing import CliRunner

    from toollint.cli import main

    path = tmp_path / "catalog.json"
    path.write_text(json.dumps([{"name": "get_weather", "description": "Current weather for a city.",
                                 "parameter": {"type": "object", "properties": {}}}]), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--isolated", "--output-format", "concise", str(path)])
    assert result.exit_code == 1
    assert "TL004" in result.output and "did you mean `parameters`?" in result.output
    assert "All checks passed!" not in result.output


def test_a_file_that_is_no_tool_catalog_is_not_reported_but_the_run_says_nothing_was_checked(tmp_path):
    from click.testing import CliRunner

    from toollint.cli import main

    path = tmp_path / "package.json"
    path.write_text(json.dumps({"name": "app", "version": "1.0.0", "description": "An app"}), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--isolated", str(path)])
    assert result.exit_code == 0
    assert "All checks passed!" not in result.output
    assert "No tool definitions found" in result.output


def test_an_empty_directory_says_nothing_was_checked(tmp_path):
    from click.testing import CliRunner

    from toollint.cli import main

    result = CliRunner().invoke(main, ["check", "--isolated", str(tmp_path)])
    assert result.exit_code == 0
    assert "No tool definitions found" in result.output


def test_a_chinese_catalog_with_params_gets_the_hint():
    text = "- name: query_order\n  description: 按订单号查询订单状态。\n  params:\n    type: object\n"
    found = [f for f in lint_text(text, "yaml") if f.rule == "no-tool-definitions"]
    assert len(found) == 1 and "`params`" in found[0].message and "`parameters`" in found[0].message


def test_a_github_action_with_inputs_is_no_tool_catalog():
    text = ("name: Setup\ndescription: Set up the toolchain.\ninputs:\n  version:\n    description: Version to install\n"
            "    required: false\nruns:\n  using: composite\n  steps:\n    - name: Install\n      run: echo hi\n      shell: bash\n")
    assert "no-tool-definitions" not in rules_of(lint_text(text, "yaml"))


def test_an_openapi_document_is_no_tool_catalog():
    text = json.dumps({"openapi": "3.1.0", "paths": {"/orders": {"get": {"parameters": [
        {"name": "limit", "in": "query", "description": "How many"},
        {"name": "cursor", "in": "query", "description": "Where to start"}]}}}})
    assert "no-tool-definitions" not in rules_of(lint_text(text))


def test_a_list_of_named_described_entries_without_schemas_is_reported():
    text = json.dumps([{"name": "get_weather", "description": "Current weather for a city."},
                       {"name": "get_time", "description": "Current time in a time zone."}])
    assert "no-tool-definitions" in rules_of(lint_text(text))
