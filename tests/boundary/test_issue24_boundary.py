"""Issue 24, the boundary: undeclared fields, one calling convention, SDK objects, whole responses and
strictify's validator file."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from toollint.boundary import Boundary, BoundaryError
from toollint.cli import main

pytest_plugins = ["pytester"]

SILENT = {"name": "refund", "input_schema": {"type": "object", "required": ["order_id"], "properties": {
    "order_id": {"type": "string"}, "notes": {"type": "string"},
    "item": {"type": "object", "properties": {"sku": {"type": "string"}}}}}}


def tool_use(arguments, name="refund", id="toolu_1"):
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


def with_schema(**changes):
    return {"name": "refund", "input_schema": {**SILENT["input_schema"], **changes}}


# --- undeclared fields -----------------------------------------------------------------------------


def test_undeclared_fields_are_rejected_by_default_with_the_closed_message():
    outcome = Boundary.from_tools(SILENT).check(tool_use({"order_id": "A", "note": "hi", "item": {"sku": "s",
                                                                                                  "qty": 1}}))
    assert outcome.code == "INVALID_ARGUMENTS"
    assert sorted(p.path for p in outcome.errors) == [("item", "qty"), ("note",)]
    assert "note: unexpected field" in outcome.content and "(did you mean notes?)" in outcome.content
    closed = Boundary.from_tools(with_schema(additionalProperties=False)).check(tool_use({"order_id": "A",
                                                                                          "note": "hi"}))
    assert [p.message for p in closed.errors] == [p.message for p in outcome.errors if p.path == ("note",)]


def test_drop_strips_undeclared_fields_and_records_them():
    sent = {"order_id": "A", "note": "hi", "item": {"sku": "s", "qty": 1}}
    outcome = Boundary.from_tools(SILENT, extra="drop").check(tool_use(sent))
    assert outcome.ok and outcome.arguments == {"order_id": "A", "item": {"sku": "s"}}
    assert outcome.dropped == ["/item/qty", "/note"]
    assert outcome.to_dict()["dropped"] == ["/item/qty", "/note"]
    assert sent == {"order_id": "A", "note": "hi", "item": {"sku": "s", "qty": 1}}  # the caller's dict is intact


def test_drop_keeps_rejecting_what_the_schema_closes_itself():
    outcome = Boundary.from_tools(with_schema(additionalProperties=False), extra="drop").check(
        tool_use({"order_id": "A", "note": "hi"}))
    assert outcome.code == "INVALID_ARGUMENTS" and outcome.dropped == []


def test_allow_keeps_json_schemas_reading():
    outcome = Boundary.from_tools(SILENT, extra="allow").check(tool_use({"order_id": "A", "note": "hi"}))
    assert outcome.ok and outcome.arguments == {"order_id": "A", "note": "hi"} and outcome.dropped == []


@pytest.mark.parametrize("open_", [True, {"type": "string"}])
def test_a_schema_that_opens_the_object_keeps_that_meaning(open_):
    for extra in ("reject", "drop"):
        outcome = Boundary.from_tools(with_schema(additionalProperties=open_), extra=extra).check(
            tool_use({"order_id": "A", "note": "hi"}))
        assert outcome.ok and outcome.arguments == {"order_id": "A", "note": "hi"}, extra
    wrong = Boundary.from_tools(with_schema(additionalProperties={"type": "string"})).check(
        tool_use({"order_id": "A", "note": 1}))
    assert wrong.code == "INVALID_ARGUMENTS"


def test_objects_inside_combinators_stay_open():
    """Closing one branch of an allOf would reject fields the other branch declares."""
    tool = {"name": "t", "input_schema": {"allOf": [{"type": "object", "properties": {"a": {}}},
                                                    {"type": "object", "properties": {"b": {}}}]}}
    assert Boundary.from_tools(tool).check(tool_use({"a": 1, "b": 2}, name="t")).ok


def test_an_unknown_extra_policy_is_a_boundary_error():
    with pytest.raises(BoundaryError, match="extra must be one of reject, drop, allow"):
        Boundary.from_tools(SILENT, extra="ignore")


def test_validate_cli_takes_the_extra_policy(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([SILENT]))
    args = ["validate", str(path), "--input", '{"order_id": "A", "note": "x"}']
    rejected = CliRunner().invoke(main, args)
    assert rejected.exit_code == 1 and "did you mean notes?" in rejected.output
    dropped = CliRunner().invoke(main, [*args, "--extra", "drop"])
    assert dropped.exit_code == 0 and json.loads(dropped.stdout) == {"order_id": "A"}
    assert "dropped the undeclared field /note" in dropped.stderr
    assert CliRunner().invoke(main, [*args, "--extra", "allow"]).exit_code == 0


def test_contract_gen_writes_the_extra_field_case_for_the_policy(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([SILENT]))
    expects = {}
    for extra in ("reject", "drop", "allow"):
        out = tmp_path / extra
        result = CliRunner().invoke(main, ["contract", "gen", str(path), "-o", str(out), "--extra", extra])
        assert result.exit_code == 0, result.output
        cases = [json.loads(line) for line in (out / "refund.jsonl").read_text().splitlines()]
        expects[extra] = next(c for c in cases if c["id"] == "extra-field")
    assert expects["reject"]["expect"] == "error" and expects["reject"]["code"] == "INVALID_ARGUMENTS"
    assert expects["drop"]["expect"] == "ok" and "normalized" in expects["drop"]
    assert expects["allow"]["expect"] == "ok"
    run = CliRunner().invoke(main, ["contract", "run", str(path), str(tmp_path / "reject")])
    assert run.exit_code == 0, run.output


# --- SDK objects -----------------------------------------------------------------------------------


def _sdk_tools():
    mcp_types = pytest.importorskip("mcp.types")
    schema = {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
              "required": ["city"], "additionalProperties": False}
    tools = [mcp_types.Tool(name="weather", description="Current weather for a city.", inputSchema=schema)]
    chat = pytest.importorskip("openai.types.chat")
    tools.append(chat.ChatCompletionFunctionTool(type="function", function={
        "name": "forecast", "description": "Forecast for a city.", "parameters": schema}))
    return tools


def test_lint_boundary_and_strictify_read_sdk_objects():
    import toollint

    mcp_tool, chat_tool = _sdk_tools()
    assert toollint.lint([mcp_tool, chat_tool]) == toollint.lint(
        [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in (mcp_tool, chat_tool)])
    boundary = Boundary.from_tools([mcp_tool, chat_tool])
    assert boundary.tools == ["weather", "forecast"]
    assert boundary.check(tool_use({"city": "Oslo"}, name="weather")).ok
    assert not boundary.check(tool_use({"town": "Oslo"}, name="forecast")).ok
    single = Boundary.from_tools(mcp_tool)
    assert single.tools == ["weather"]
    result = toollint.strictify(mcp_tool, target="openai")
    assert result.tool["name"] == "weather" and "inputSchema" in result.tool


def test_a_minimal_pydantic_model_is_read_through_model_dump():
    pydantic = pytest.importorskip("pydantic")
    import toollint

    class MyTool(pydantic.BaseModel):
        name: str
        input_schema: dict = pydantic.Field(alias="inputSchema")
        description: str | None = None  # left out of the dump: exclude_none

    tool = MyTool(name="t", inputSchema={"type": "object", "properties": {"a": {"type": "integer"}}})
    assert Boundary.from_tools([tool]).schema("t")["properties"] == {"a": {"type": "integer"}}
    assert toollint.strictify(tool).tool["name"] == "t"


@pytest.mark.parametrize("bad", [42, object(), {1, 2}])
def test_anything_else_is_a_toollint_error_that_says_what_is_accepted(bad):
    import toollint

    for call in (toollint.lint, Boundary.from_tools, toollint.strictify):
        with pytest.raises(toollint.ToollintError, match="model_dump|SDK tool object") as raised:
            call(bad)
        assert isinstance(raised.value, toollint.ToollintError)
    with pytest.raises(toollint.ToollintError, match="not JSON"):
        toollint.lint([{"name": "t", "inputSchema": {"type": "object"}, "bad": object()}])


# --- one calling convention ------------------------------------------------------------------------


def test_handlers_are_called_as_their_signature_asks():
    from toollint.boundary.handlers import takes_dict

    props = ["order_id", "notes"]
    assert takes_dict(lambda arguments: None, props)
    assert takes_dict(lambda args, /: None, props)
    assert takes_dict(lambda *args: None, props)
    assert not takes_dict(lambda order_id: None, props)  # one parameter named like a property: keywords
    assert not takes_dict(lambda order_id, notes=None: None, props)
    assert not takes_dict(lambda **kwargs: None, props)
    assert not takes_dict(lambda *, order_id: None, props)
    assert not takes_dict(lambda: None, props)


def test_run_and_check_all_call_a_tool_function_with_keywords_and_a_dict_handler_with_the_dict():
    def refund(order_id, notes=None):
        return f"refunded {order_id}"

    def generic(arguments):
        return f"got {sorted(arguments)}"

    boundary = Boundary.from_tools(SILENT)
    assert boundary.run(tool_use({"order_id": "A"}), refund).output == "refunded A"
    assert boundary.run(tool_use({"order_id": "A"}), generic).output == "got ['order_id']"
    batch = boundary.check_all([tool_use({"order_id": "B"})], runner={"refund": refund})
    assert batch.outcomes[0].output == "refunded B"
    batch = boundary.check_all([tool_use({"order_id": "C"})], runner=lambda name, arguments: arguments)
    assert batch.outcomes[0].output == {"order_id": "C"}


def test_the_pytest_plugin_uses_the_same_convention_and_a_per_tool_mapping(pytester):
    two = [SILENT, {"name": "get_invoice", "input_schema": {"type": "object", "required": ["invoice_id"],
                                                            "properties": {"invoice_id": {"type": "string"}}}}]
    pytester.makefile(".json", tools=json.dumps(two))
    pytester.makepyfile(test_two="""
        import pytest

        seen = []

        def refund(order_id, notes=None, item=None):
            seen.append(("refund", order_id))
            return {"content": [], "isError": False}

        def get_invoice(arguments):
            seen.append(("invoice", arguments["invoice_id"]))
            return {"content": [], "isError": False}

        @pytest.mark.toollint_contract("tools.json", handler={"refund": refund, "get_invoice": get_invoice})
        def test_contract(contract_case):
            contract_case.verify()

        def test_both_ran():
            assert {kind for kind, _ in seen} == {"refund", "invoice"}
    """)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0 and outcomes["passed"] > 2, result.outlines[-5:]


# --- whole responses in `toollint validate` --------------------------------------------------------

MESSAGE = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "tool_use",
           "content": [{"type": "text", "text": "Refunding both."},
                       {"type": "tool_use", "id": "toolu_a", "name": "refund", "input": {"order_id": "A"}},
                       {"type": "tool_use", "id": "toolu_b", "name": "refund", "input": {"order_id": 7}}]}
COMPLETION = {"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0, "finish_reason": "tool_calls",
              "message": {"role": "assistant", "content": None, "tool_calls": [
                  {"id": "call_a", "type": "function", "function": {"name": "refund",
                                                                    "arguments": '{"order_id": "A"}'}},
                  {"id": "call_b", "type": "function", "function": {"name": "refund",
                                                                    "arguments": '{"order_id": "B", "x": 1}'}}]}}]}
RESPONSE = {"id": "resp_1", "object": "response", "status": "completed", "output": [
    {"type": "reasoning", "id": "rs_1", "summary": []},
    {"type": "function_call", "id": "fc_1", "call_id": "call_r", "name": "refund", "arguments": '{"order_id": "R"}'}]}


def _validate(tmp_path, response, *extra_args):
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([SILENT]))
    reply = tmp_path / "reply.json"
    reply.write_text(json.dumps(response))
    return CliRunner().invoke(main, ["validate", str(tools), "--input-file", str(reply), *extra_args])


@pytest.mark.parametrize(("response", "ids", "oks", "code"), [
    (MESSAGE, ["toolu_a", "toolu_b"], [True, False], 1),
    (COMPLETION, ["call_a", "call_b"], [True, False], 1),
    (RESPONSE, ["call_r"], [True], 0),
    (RESPONSE["output"], ["call_r"], [True], 0),
])
def test_validate_reads_a_whole_response_and_prints_one_result_per_call(tmp_path, response, ids, oks, code):
    result = _validate(tmp_path, response)
    assert result.exit_code == code, result.output
    printed = json.loads(result.stdout)
    assert [entry["id"] for entry in printed] == ids
    assert [entry["ok"] for entry in printed] == oks
    for entry in printed:
        assert entry["tool"] == "refund"
        assert ("arguments" in entry) == entry["ok"] and ("result" in entry) != entry["ok"]
    if not all(oks):
        assert printed[-1]["code"] == "INVALID_ARGUMENTS"


def test_validate_on_a_response_without_calls_or_with_many_choices_is_a_usage_error(tmp_path):
    text_only = {**MESSAGE, "content": [{"type": "text", "text": "hi"}], "stop_reason": "end_turn"}
    result = _validate(tmp_path, text_only)
    assert result.exit_code == 2 and "the response holds no tool calls" in result.stderr
    two = {**COMPLETION, "choices": COMPLETION["choices"] * 2}
    result = _validate(tmp_path, two)
    assert result.exit_code == 2 and "2 choices" in result.stderr and "Traceback" not in result.output


def test_validate_marks_a_cut_off_response_as_truncated(tmp_path):
    result = _validate(tmp_path, {**MESSAGE, "stop_reason": "max_tokens"})
    assert result.exit_code == 1
    assert {entry["code"] for entry in json.loads(result.stdout)} == {"TRUNCATED"}


# --- strictify's validator file and strict file ----------------------------------------------------

ORDER = [{"name": "create_order", "description": "Create an order.", "input_schema": {
    "type": "object", "required": ["sku"], "properties": {
        "sku": {"type": "string", "description": "The SKU."},
        "metadata": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Tags."},
        "priority": {"type": "integer", "minimum": 1}}}}]
WIRE = {"sku": "A", "metadata": [{"key": "channel", "value": "chat"}], "priority": None}


@pytest.fixture
def strictified(tmp_path):
    source = tmp_path / "order.json"
    source.write_text(json.dumps(ORDER))
    strict, validator = tmp_path / "order.openai.json", tmp_path / "order.openai.validator.json"
    result = CliRunner().invoke(main, ["strictify", str(source), "--target", "openai", "-o", str(strict),
                                       "--validator", str(validator)])
    assert result.exit_code == 0, result.output
    return source, strict, validator


def test_the_validator_file_is_read_and_decodes_like_the_original(strictified):
    source, _, validator = strictified
    from_validator = Boundary.from_tools(validator, target="openai")
    assert from_validator.tools == ["create_order"]
    call = tool_use(WIRE, name="create_order")
    expected = Boundary.from_tools(source, target="openai").check(call)
    outcome = from_validator.check(call)
    assert outcome.ok and outcome.arguments == expected.arguments == {"sku": "A", "metadata": {"channel": "chat"}}
    assert not from_validator.check(tool_use({"sku": "A", "priority": 0}, name="create_order")).ok  # minimum kept
    assert Boundary.from_tools(json.loads(validator.read_text()), target="openai").tools == ["create_order"]
    result = CliRunner().invoke(main, ["validate", str(validator), "--target", "openai", "--input", json.dumps(WIRE)])
    assert result.exit_code == 0 and json.loads(result.stdout) == {"sku": "A", "metadata": {"channel": "chat"}}


def test_a_strict_file_with_wire_forms_is_refused_with_the_fix(strictified):
    _, strict, _ = strictified
    with pytest.raises(BoundaryError, match=r"this is strictify output.*\(at /properties/metadata\).*"
                                            r"pass the original tool file, or the --validator file"):
        Boundary.from_tools(strict, target="openai")
    result = CliRunner().invoke(main, ["validate", str(strict), "--target", "openai", "--input", json.dumps(WIRE)])
    assert result.exit_code == 2 and "this is strictify output" in result.stderr
    assert "Traceback" not in result.output


def test_a_strict_file_whose_only_wire_form_is_null_for_absent_is_refused_too(tmp_path):
    """OpenAI sends an optional property as required and nullable: validating against that file would hand
    the tool a None where the original says "leave it out" (the tool's default)."""
    original = {"name": "search", "description": "Search.", "input_schema": {
        "type": "object", "required": ["q"], "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}}}
    source, strict = tmp_path / "search.json", tmp_path / "search.openai.json"
    source.write_text(json.dumps(original))
    result = CliRunner().invoke(main, ["strictify", str(source), "--target", "openai", "-o", str(strict)])
    assert result.exit_code == 0, result.output
    assert "null" in strict.read_text() and '{"null"' not in strict.read_text()  # no tag: null only says absent
    with pytest.raises(BoundaryError, match=r"this is strictify output.*\(at /properties/limit\)"):
        Boundary.from_tools(strict, target="openai")
    call = tool_use({"q": "x", "limit": None}, name="search")
    assert Boundary.from_tools(source, target="openai").check(call).arguments == {"q": "x"}


def test_a_strict_file_without_wire_forms_and_an_unrelated_object_are_not_mistaken(tmp_path):
    import toollint

    plain = toollint.strictify({"name": "t", "input_schema": {"type": "object", "required": ["a"],
                                                              "properties": {"a": {"type": "string"}}}})
    assert Boundary.from_tools([plain.tool]).check(tool_use({"a": "x"}, name="t")).ok
    with pytest.raises(BoundaryError, match="not a tool definition"):
        Boundary.from_tools({"create_order": "not a schema"})


def test_a_call_still_invalid_after_dropping_says_what_was_dropped():
    outcome = Boundary.from_tools(SILENT, extra="drop").check(tool_use({"order_id": 5, "note": "hi"}))
    assert outcome.code == "INVALID_ARGUMENTS" and outcome.dropped == ["/note"]
    assert [p.path for p in outcome.errors] == [("order_id",)]


def _order_schema():
    pydantic = pytest.importorskip("pydantic")

    class Address(pydantic.BaseModel):
        street: str
        city: str

    class Order(pydantic.BaseModel):
        sku: str
        ship_to: Address
        bill_to: Address | None = None
        items: list[Address] = []

    return {"name": "order", "input_schema": Order.model_json_schema()}


def test_nested_pydantic_models_behind_ref_are_closed_too():
    tool = _order_schema()
    address = {"street": "s", "city": "c"}
    good = {"sku": "a", "ship_to": address, "bill_to": address, "items": [address]}
    bad = {"sku": "a", "ship_to": {**address, "zip": 1}, "bill_to": {**address, "x": 1},
           "items": [{**address, "y": 2}]}
    call = lambda arguments: tool_use(arguments, name="order")  # noqa: E731
    assert Boundary.from_tools(tool).check(call(good)).ok
    rejected = Boundary.from_tools(tool).check(call(bad))
    assert sorted(p.path for p in rejected.errors) == [("bill_to", "x"), ("items", 0, "y"), ("ship_to", "zip")]
    dropped = Boundary.from_tools(tool, extra="drop").check(call(bad))
    assert dropped.ok and dropped.arguments == good
    assert dropped.dropped == ["/bill_to/x", "/items/0/y", "/ship_to/zip"]


def test_a_def_also_used_inside_allof_stays_open():
    tool = {"name": "t", "input_schema": {"type": "object", "$defs": {"A": {"type": "object", "properties": {
        "a": {"type": "integer"}}}}, "properties": {
        "plain": {"$ref": "#/$defs/A"},
        "merged": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"b": {"type": "integer"}}}]}}}}
    outcome = Boundary.from_tools(tool).check(tool_use({"plain": {"a": 1, "z": 0}, "merged": {"a": 1, "b": 2}},
                                                       name="t"))
    assert outcome.ok, outcome.content


def test_drop_in_a_union_of_closed_models_keeps_what_any_branch_declares():
    tool = {"name": "t", "input_schema": {"type": "object", "properties": {"v": {"anyOf": [
        {"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}, "$defs": {
        "A": {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}},
        "B": {"type": "object", "required": ["b"], "properties": {"b": {"type": "integer"}}}}}}
    outcome = Boundary.from_tools(tool, extra="drop").check(tool_use({"v": {"a": 1, "junk": 2}}, name="t"))
    assert outcome.ok and outcome.arguments == {"v": {"a": 1}} and outcome.dropped == ["/v/junk"]
