"""Holdout 35's false class, fixed after it was measured (a tuning set from then on, 2026-12-07).

required-not-defined: a `required` inside a branch of `oneOf` (or `anyOf`, `allOf`, `if`/`then`/`else`, `not`)
applies to the same object as the schema that holds the branch, so it may name what that object's `properties`
define: `oneOf: [{"properties": {"action": {"const": "start"}}, "required": ["action", "channel"]}, ...]` beside a
root `channel` is an either-or of required fields, not a name nobody defines. A branch that requires a name neither
it nor the enclosing object defines is still reported, as is one under `properties` or `items` (another object).

undocumented-identifier and unconstrained-identifier: a phone number (`dropoff_phone_number`) is the user's data,
not a record the model looks up, so it is no identifier (judged false once and debatable twice on holdout 35, never
true); an id of a phone number (`agent_phone_number_id`) still is.

undocumented-identifier: an id named only `id` or `identifier(s)`, the tool's one id, is described by a tool
description that names the code it is ("Fetch one CVE by its exact ID", "Look up products by an exact GTIN",
"按 DOI 或 ISBN 添加条目"): the code's form is well known. An id whose name says what it identifies (`order_id`) is not
described by a code the text names for something else ("meta_type = sgtin|gtin").

values-only-in-prose: a text that ends on a choice of constants keeps the ones a comma puts before the last two
("method: POST, PUT or PATCH." proposes all three, where it proposed PUT and PATCH). Samples after "Format:" of a
parameter that picks nothing ("Page range. Format: '1,3,5-7' for pages, '1-10' for a range, '5' for one page")
show the form of a free value, not its values; a `format` parameter's "Format: json, csv or xml" still lists them.

undeclared-destructive-tool (info; 8 of its 12 findings judged false on holdout 35): a `remove` whose object is a
part of a picture, a page or a project file (`remove_background`, `remove_image_watermark`, `remove_margin`,
`uv_remove_dependency`) edits that file or writes an edited copy; nothing stored is destroyed. `remove_image`,
`remove_image_file` and `delete_background` still destroy what they name.

missing-unit (info): a camera's white balance (and a colour or load balance) is no money; a time in ticks ("非负整数 VCD
tick") states its unit; a speed or a level on a byte's scale ("Rotation speed 0-255") has no physical unit.

values-only-in-prose (a recall miss): a docstring entry that ends on constants after a Chinese word that makes them
the set ("interp: 插值方式，白名单 LINEAR / HOLD。", "仅支持 FAST 或 SLOW") lists its values, as after a colon.

relative-path (info; 12 of 15 sampled judged debatable on holdout 35, most for its advice): the help asks first for
the words "absolute path" (绝对路径) in the description, with an example; a `^/` pattern rejects `~/` and `C:\\`
paths, so it is offered only for a server that runs on one system."""

from __future__ import annotations

import json

import pytest
from helpers import fires, helps


def _logging_tool(branch_required: list[str], root_properties: dict | None = None, via: str = "oneOf") -> str:
    properties = root_properties if root_properties is not None else {
        "action": {"type": "string", "enum": ["start", "stop"], "description": "What to do / 要做的操作"},
        "channel": {"type": "string", "description": "日志通道，例如 uart0"}}
    schema = {"type": "object", "properties": properties, "required": ["action"],
              via: [{"properties": {"action": {"const": "start"}}, "required": branch_required},
                    {"properties": {"action": {"const": "stop"}}, "required": ["action"]}]}
    return json.dumps([{"name": "logging", "description": "Start or stop a log channel. 启动或停止日志通道。",
                        "inputSchema": schema}])


@pytest.mark.parametrize("via", ["oneOf", "anyOf", "allOf"])
def test_a_branch_may_require_what_the_enclosing_object_defines(via):
    assert not fires("required-not-defined", _logging_tool(["action", "channel"], via=via))


def test_a_branch_requiring_a_name_nobody_defines_is_reported():
    assert fires("required-not-defined", _logging_tool(["action", "chanel"]))


def test_a_nested_object_does_not_borrow_its_parents_properties():
    tool = json.dumps([{"name": "send", "description": "Send a message. 发送消息。", "inputSchema": {
        "type": "object", "properties": {
            "channel": {"type": "string", "description": "Channel"},
            "options": {"type": "object", "properties": {"retries": {"type": "integer", "description": "重试次数"}},
                        "required": ["channel"]}}}}])
    assert fires("required-not-defined", tool)


def test_then_may_require_what_the_object_defines():
    tool = json.dumps([{"name": "export", "description": "Export a report.", "inputSchema": {
        "type": "object", "properties": {"format": {"type": "string", "enum": ["csv", "pdf"], "description": "格式"},
                                         "delimiter": {"type": "string", "description": "CSV delimiter"}},
        "if": {"properties": {"format": {"const": "csv"}}, "required": ["format"]},
        "then": {"properties": {"format": {"const": "csv"}}, "required": ["delimiter"]}}}])
    assert not fires("required-not-defined", tool)


@pytest.mark.parametrize("name", ["dropoff_phone_number", "phone_number", "phoneNumber"])
def test_a_phone_number_is_no_identifier(name):
    tool = json.dumps([{"name": "create_delivery", "description": "Create a delivery. 创建配送单。", "inputSchema": {
        "type": "object", "properties": {name: {"type": "string"}}, "required": [name]}}])
    assert not fires("undocumented-identifier", tool)
    assert not fires("unconstrained-identifier", tool)


@pytest.mark.parametrize("name", ["order_number", "tracking_no", "agent_phone_number_id"])
def test_other_numbers_and_ids_still_are(name):
    tool = json.dumps([{"name": "get_delivery", "description": "Get a delivery. 查询配送单。", "inputSchema": {
        "type": "object", "properties": {name: {"type": "string"}}, "required": [name]}}])
    assert fires("undocumented-identifier", tool)


def _one_id_tool(name: str, description: str, id_name: str) -> str:
    return json.dumps([{"name": name, "description": description, "inputSchema": {
        "type": "object", "properties": {id_name: {"type": "string", "title": id_name.title()}}, "required": [id_name]}}])


@pytest.mark.parametrize("description, id_name", [
    ("Fetch one CVE by its exact ID, with its official data.", "id"),
    ("Look up products by an exact GTIN, MPN/model number, or retailer SKU.", "identifier"),
    ("按 DOI 或 ISBN 添加条目，已有条目跳过。", "identifiers"),
])
def test_a_bare_id_of_a_code_the_tool_names_is_described(description, id_name):
    assert not fires("undocumented-identifier", _one_id_tool("lookup", description, id_name))


@pytest.mark.parametrize("description, id_name", [
    ("Set an order's marking: meta_type = sgtin|uin|imei|gtin.", "order_id"),
    ("Fetch one vulnerability record.", "id"),
    ("查询一个条目。", "identifier"),
])
def test_an_id_the_code_is_not_of_is_still_undescribed(description, id_name):
    assert fires("undocumented-identifier", _one_id_tool("lookup", description, id_name))


def _values_help(name: str, description: str) -> list[str]:
    tool = json.dumps([{"name": "write_raw", "description": "Write data. 写入数据。", "inputSchema": {
        "type": "object", "properties": {name: {"type": "string", "description": description}}}}])
    return helps("values-only-in-prose", tool)


@pytest.mark.parametrize("description", ["POST, PUT or PATCH.", "HTTP method: POST, PUT or PATCH", "方法：POST, PUT 或 PATCH"])
def test_every_constant_of_a_choice_is_proposed(description):
    assert _values_help("method", description) == ['add `"enum": ["POST", "PUT", "PATCH"]`']


@pytest.mark.parametrize("name, description, reported", [
    ("range", "Page range. Format: '1,3,5-7' for pages, '1-10' for a range, '5' for one page", False),
    ("pages", "页码范围。格式：'1-10' 表示连续页，'5' 表示单页", False),
    ("format", "Format: 'json' for data, 'csv' for tables, 'xml' for legacy tools", True),
])
def test_samples_after_format_show_a_form(name, description, reported):
    assert bool(_values_help(name, description)) is reported


def _destructive(name: str, description: str) -> bool:
    return fires("undeclared-destructive-tool", json.dumps([{"name": name, "description": description, "inputSchema": {
        "type": "object", "properties": {"file_url": {"type": "string", "format": "uri", "description": "Input"}}}}]))


@pytest.mark.parametrize("name, description", [
    ("remove_background", "Remove the background of an image and return the result."),
    ("remove_image_watermark", "去除图片水印，返回处理后文件的下载链接。"),
    ("remove_margin", "Crop the white margins of a PDF."),
    ("uv_remove_dependency", "Remove a dependency from pyproject.toml and update the lockfile."),
])
def test_removing_a_part_of_a_file_destroys_nothing(name, description):
    assert not _destructive(name, description)


@pytest.mark.parametrize("name, description", [
    ("remove_image", "Remove an image from the gallery."),
    ("remove_image_file", "删除图库中的一个图片文件。"),
    ("delete_background", "Delete a saved background preset."),
])
def test_removing_a_stored_thing_still_does(name, description):
    assert _destructive(name, description)


def _unit_tool(name: str, prop: dict) -> str:
    return json.dumps([{"name": "set_device", "description": "Set a device. 设置设备。", "inputSchema": {
        "type": "object", "properties": {name: prop}}}])


@pytest.mark.parametrize("name, description", [("white_balance", "White balance value"), ("color_balance", "色彩平衡")])
def test_a_white_balance_is_no_money(name, description):
    assert not fires("missing-unit", _unit_tool(name, {"type": "integer", "description": description}))


def test_an_account_balance_still_is():
    assert fires("missing-unit", _unit_tool("balance", {"type": "number", "description": "Account balance"}))


@pytest.mark.parametrize("entry", ["start_time: 非负整数 VCD tick，默认 0。", "start_time: Start of the window, in ticks."])
def test_a_time_in_ticks_states_its_unit(entry):
    tool = json.dumps([{"name": "query_waveform", "description": f"Query a waveform.\n\nArgs:\n    {entry}\n",
                        "inputSchema": {"type": "object", "properties": {
                            "start_time": {"type": "integer", "default": 0, "title": "Start Time"}}}}])
    assert not fires("missing-unit", tool)


@pytest.mark.parametrize("description, reported", [
    ("Rotation speed 0-255 (0 = let the robot control it).", False),
    ("电机转速 0~255", False),
    ("Fan speed, 0 to 1023", False),
    ("Rotation speed, 0-300", True),
])
def test_a_level_on_a_bytes_scale_has_no_unit(description, reported):
    assert fires("missing-unit", _unit_tool("speed", {"type": "integer", "description": description})) is reported


@pytest.mark.parametrize("entry, reported", [
    ("interp: 插值方式，白名单 LINEAR / HOLD。", True),
    ("interp: 插值方式，仅支持 LINEAR 或 HOLD", True),
    ("interp: Interpolation, whitelist: LINEAR / HOLD.", True),
    ("interp: 插值方式，例如 LINEAR / HOLD", False),
])
def test_constants_after_a_chinese_cue_are_the_set(entry, reported):
    tool = json.dumps([{"name": "set_wave", "description": f"Set an analog wave.\n\nArgs:\n    {entry}\n",
                        "inputSchema": {"type": "object", "properties": {
                            "interp": {"type": "string", "default": "LINEAR", "title": "Interp"}}}}])
    assert fires("values-only-in-prose", tool) is reported


@pytest.mark.parametrize("description, words", [("Output file path", '"absolute path"'), ("输出文件路径", '"绝对路径"')])
def test_the_path_advice_asks_for_words_first(description, words):
    tool = json.dumps([{"name": "save_report", "description": "Save a report. 保存报告。", "inputSchema": {
        "type": "object", "properties": {"output_path": {"type": "string", "description": description}}}}])
    told = helps("relative-path", tool)
    assert len(told) == 1 and told[0].startswith(f"say {words} in the description") and "only" in told[0]
