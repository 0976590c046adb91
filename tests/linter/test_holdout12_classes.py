"""False-finding classes read on holdout 12 (2026-12-06): a result field the description spells out, an id or a page
count that sounds like a quantity, a currency given as its ISO code, a unit on the next line of a wrapped docstring,
a tax calculation that moves no money, a scene's node path, an API path and a mail folder. Each stays quiet where
the text settles it and still fires where it does not, in English and Chinese (Japanese where the class came from)."""

from __future__ import annotations

import pytest
from helpers import fires, lint_text
from helpers import mcp_tool as _tool

# description-names-unknown-parameter: a field of the result's shape is no parameter.


def test_a_field_of_the_result_shape_is_not_an_unknown_parameter():
    description = ("Call a method on a node. `elapsed_ms` is omitted when the call fails.\n\n"
                   "Result: `{ok, node, elapsed_ms?, value?}`.")
    assert not fires("description-names-unknown-parameter",
                     _tool("call_method", description, {"node": {"type": "string", "description": "Node name"}}))


def test_a_name_given_as_an_argument_and_in_no_shape_still_fires():
    description = "Call a method on a node. Pass `elapsed_ms` to limit the call."
    assert fires("description-names-unknown-parameter",
                 _tool("call_method", description, {"node": {"type": "string", "description": "Node name"}}))


# missing-unit: a name that ends in `path`, `first` or `last` is an id or a count.

@pytest.mark.parametrize("name", ["storage_path", "pricesFirst", "ordersLast"])
def test_an_id_or_a_page_count_is_no_measure(name):
    assert not fires("missing-unit", _tool("list_documents", "List documents.", {name: {"type": "number"}}))


def test_a_storage_size_still_needs_a_unit():
    assert fires("missing-unit", _tool("create_volume", "Create a volume.", {"storage": {"type": "number"}}))


@pytest.mark.parametrize("text, reported", [("新售价（TWD）", False), ("Price in INR", False), ("Amount (HKD)", False),
                                            ("Price (RUB)", False), ("新售价", True), ("The new price", True),
                                            ("The price to try first", True), ("Price (hkd)", True)])
def test_a_currency_code_states_the_unit(text, reported):
    assert fires("missing-unit", _tool("update_price", "Update a product's price.",
                                       {"price": {"type": "number", "description": text}})) is reported


def test_a_unit_on_the_next_line_of_a_wrapped_docstring_counts():
    wrapped = ("Read new messages. wait=N polls for up to N\n    seconds before it returns, so repeated calls\n"
               "    see only messages that arrived since.")
    assert not fires("missing-unit", _tool("read_room", wrapped, {"wait": {"type": "integer", "title": "Wait"}}))


def test_a_sentence_that_ends_before_the_unit_line_still_fires():
    broken = "Read new messages. wait=N polls for a while.\nSeconds are counted by the server."
    assert fires("missing-unit", _tool("read_room", broken, {"wait": {"type": "integer", "title": "Wait"}}))


def test_a_tax_calculation_moves_no_money():
    prop = {"amount": {"type": "number", "description": "Taxable value in INR"}}
    assert not fires("missing-unit", _tool("gst_reverse_charge", "Compute the tax due under reverse charge.", prop))


def test_a_charge_that_moves_money_still_needs_its_scale():
    prop = {"amount": {"type": "number", "description": "Amount in INR"}}
    found = [f for f in lint_text(_tool("create_charge", "Charge the customer's card.", prop))
             if f.rule == "missing-unit"]
    assert found and "scale" in found[0].message


# relative-path: a scene's node path, an API path and a mail folder are not on the agent's disk.

@pytest.mark.parametrize("name, text", [
    ("node_path", "Path to the Sprite2D node"),
    ("from_node_path", "Path of the first Node3D"),
    ("node_path", "要修改的节点的路径"),
])
def test_a_scene_node_path_is_no_file_path(name, text):
    assert not fires("relative-path", _tool("set_property", "Set a property of a node in a scene.",
                                            {name: {"type": "string", "description": text}}))


@pytest.mark.parametrize("text", ["APIパス (例: /api/2/invoices)", "API 路径，例如 /api/2/invoices",
                                  "Endpoint to call, e.g. /api/2/invoices"])
def test_an_api_path_is_no_file_path(text):
    assert not fires("relative-path", _tool("api_get", "Call the accounting API.",
                                            {"path": {"type": "string", "description": text}}))


def test_a_mail_rule_folder_is_a_mailbox():
    assert not fires("relative-path", _tool("create_mail_rule", "Create a mail rule for a mail account.",
                                            {"folder": {"type": "string", "description": "Folder to watch"}}))


@pytest.mark.parametrize("text", ["Folder to write the export into", "导出文件的目录"])
def test_a_local_folder_still_fires(text):
    assert fires("relative-path", _tool("export_report", "Export a report as files.",
                                        {"folder": {"type": "string", "description": text}}))


def test_the_advice_speaks_the_parameters_language():
    text = _tool("save_file", "ファイルを保存します。", {"file_path": {"type": "string", "description": "保存先のファイルパス"}})
    (finding,) = [f for f in lint_text(text) if f.rule == "relative-path"]
    assert "絶対パス" in (finding.help or "")


def test_a_local_file_of_a_tool_that_calls_an_api_still_fires():
    text = _tool("upload_receipt", "領収書をアップロードします (POST /api/2/receipts)",
                 {"file_path": {"type": "string", "description": "アップロードするファイルのローカルパス"}})
    assert fires("relative-path", text)
