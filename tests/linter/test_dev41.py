"""Holdouts 40 and 41's false findings and misses, fixed after each was measured (tuning sets from then on,
2026-12-07).

After holdout 40:
- the documentation view: a colon before `//` is a URL's, so a wrapped `https://...` line in a parameter section
  opens no entry named `https` (description-names-unknown-parameter);
- missing-unit: a currency code after a money word is the amount's unit (`daily_budget_rub`, `price_usdc`), and a
  rate its text calls a decimal is a fraction;
- values-only-in-prose: "Supports:" closes the set, a set's braces may hold quoted Chinese values, and a description
  of two piped words is the set;
- relative-path: only the tool's prose places its paths off the disk, and a returned "data URL" is no remote place;
- undeclared-destructive-tool: taking things out of a container that a sibling adds them back to destroys nothing.

After holdout 41:
- the documentation view reads a nested object's description as its properties' documentation;
- missing-unit: a sample rate is in hertz and a frame rate per second; beats, bars and ticks are units in a name."""

from __future__ import annotations

import pytest
from helpers import fires, mcp_tool

_WRAPPED_URL = ("Create a note.\n\n    Args:\n        title: Concise title\n        references: Newline-separated "
                "citations (e.g. \"Ahrens, S. (2017).\n{url}\")\n    ")


@pytest.mark.parametrize("url", ["https://zettelkasten.de", "http://example.com/notes", "- https://example.com"])
def test_a_wrapped_url_opens_no_entry(url):
    text = mcp_tool("create_note", _WRAPPED_URL.format(url=url),
                    {"title": {"type": "string"}, "references": {"type": "string"}})
    assert not fires("description-names-unknown-parameter", text)


@pytest.mark.parametrize("line", ["homepage: the site to open", "homepage：要打开的网站"])
def test_an_entry_that_is_no_parameter_is_still_reported(line):
    description = f"Open a site.\n\n    Args:\n        url: The address\n        {line}\n    "
    assert fires("description-names-unknown-parameter", mcp_tool("open_site", description, {"url": {"type": "string"}}))


# missing-unit: a money amount whose name ends in its currency's code states its unit (`daily_budget_rub`,
# `price_usdc`), in any case; a code that is no money word's unit still leaves a distance without one.
@pytest.mark.parametrize("tool_name, param, description", [
    ("update_campaign_budget", "daily_budget_rub", "Change the campaign budget."),
    ("preflight_purchase", "price_usdc", "FREE pre-pay check."),
    ("refund_order", "amountEth", "Refund an order."),
    ("更新预算", "budget_rub", "修改广告预算。"),
])
def test_a_currency_code_in_the_name_is_the_unit(tool_name, param, description):
    assert not fires("missing-unit", mcp_tool(tool_name, description, {param: {"type": "number"}}))


@pytest.mark.parametrize("tool_name, param, description", [
    ("update_campaign_budget", "daily_budget", "Change the campaign budget."),
    ("更新预算", "budget_amount", "修改广告预算。"),
    ("plan_route", "distance_rub", "Plan a route."),  # no money: a code is no unit of a distance
])
def test_a_money_amount_without_its_code_still_lacks_a_unit(tool_name, param, description):
    assert fires("missing-unit", mcp_tool(tool_name, description, {param: {"type": "number"}}))


# missing-unit: a rate its text calls a decimal is a fraction (5% sent as 0.05).
@pytest.mark.parametrize("description", ["Annualized interest rate (decimal)", "Interest rate as a decimal, 0.05 for 5%",
                                         "年利率（小数）"])
def test_a_rate_called_a_decimal_has_its_scale(description):
    text = mcp_tool("loan_schedule", "Amortization schedule of a loan.",
                    {"interest_rate": {"type": "number", "description": description}})
    assert not fires("missing-unit", text)


@pytest.mark.parametrize("description", ["Annualized interest rate", "年利率"])
def test_a_rate_with_no_scale_is_still_reported(description):
    text = mcp_tool("loan_schedule", "Amortization schedule of a loan.",
                    {"interest_rate": {"type": "number", "description": description}})
    assert fires("missing-unit", text)


# values-only-in-prose: "Supports: 'lu', 'qr', 'svd'" lists the values, and so does a set in braces, whose quoted
# values may be Chinese (`仅支持: {'今日','5日','10日'}`); a JSON object's braces hold a key's values, not the set.
@pytest.mark.parametrize("param, description", [
    ("method", "Method for decomposition. Supports: 'lu', 'qr', 'svd', 'cholesky'"),
    ("layout", "Graph layout algorithm. Supports: spring, circular, random"),
    ("days", "天数，仅支持: {'今日','5日','10日'}，如果需要获取今日数据，请确保是交易日"),
    ("cate", "仅支持: {'行业资金流','概念资金流','地域资金流'}"),
])
def test_values_after_supports_or_in_a_set_are_listed(param, description):
    assert fires("values-only-in-prose", mcp_tool("rank_sectors", "Rank things.", {param: {"type": "string",
                                                                                            "description": description}}))


@pytest.mark.parametrize("param, description", [
    ("method", "Decomposition method. Supports complex matrices, e.g. 'lu' or 'qr'."),
    ("sort", "排序，例如 {'field': 'date', 'order': 'asc'}"),
    ("filter", "Filter object, e.g. {'status': 'open', 'owner': 'me'}"),
    ("days", "天数，例如 '今日'、'5日'"),
])
def test_examples_and_json_objects_are_no_set(param, description):
    assert not fires("values-only-in-prose", mcp_tool("rank_sectors", "Rank things.", {param: {
        "type": "string", "description": description}}))


# values-only-in-prose: a description that is only two words joined by a pipe is the set (`self_restart |
# self_compact`); a pipe inside a sentence, or one word twice, is not.
@pytest.mark.parametrize("description", ["self_restart | self_compact", "cpm | cpc", "\"unified\" | \"manual\"."])
def test_a_piped_pair_alone_lists_the_values(description):
    assert fires("values-only-in-prose", mcp_tool("run_command", "Run a command. 执行命令。",
                                                  {"cmd": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", ["The command to run, e.g. restart | compact", "命令，例如 restart | compact", "on | on",
                                         "name | id of the user"])
def test_a_pipe_in_a_sentence_lists_nothing(description):
    assert not fires("values-only-in-prose", mcp_tool("run_command", "Run a command.",
                                                      {"cmd": {"type": "string", "description": description}}))


# relative-path: what another parameter's entry says ("url: The URL to crawl", "Script resource path") places
# none of this tool's paths off the disk; the tool's prose still does ("Read a file of the GitHub repository").
_ENTRIES = "{prose}\n\n    Args:\n        {other}\n        project_path: {own}\n    "


@pytest.mark.parametrize("prose, other, own", [
    ("Get the source of a project script.", "script: Script resource path (from list_scripts output).",
     "Path to the project directory or .zip export."),
    ("Start a crawl that saves to the crawler's database.", "url: The URL to crawl (e.g. https://example.com)",
     "Optional path to the project directory."),
    ("获取项目脚本的源码。", "script: 脚本的资源路径 (resource path)。", "项目目录的路径 (project directory path)。"),
])
def test_another_entrys_words_leave_the_path_on_the_disk(prose, other, own):
    description = _ENTRIES.format(prose=prose, other=other, own=own)
    assert fires("relative-path", mcp_tool("get_script", description, {
        "script": {"type": "string"}, "project_path": {"type": "string"}}))


@pytest.mark.parametrize("prose, other, own", [
    ("Read a file of the GitHub repository.", "script: Script name.", "Path to the project directory."),
    ("读取 GitHub 仓库中的项目。", "script: 脚本名。", "项目目录的路径 (project directory path)。"),
    ("Get the source of a project script.", "script: Script name.", "Path of the project directory in the bucket."),
])
def test_the_tools_own_words_still_place_it_off_the_disk(prose, other, own):
    description = _ENTRIES.format(prose=prose, other=other, own=own)
    assert not fires("relative-path", mcp_tool("get_script", description, {
        "script": {"type": "string"}, "project_path": {"type": "string"}}))


# relative-path: the "data URL" a tool returns instead of writing the file is no place the path is in.
@pytest.mark.parametrize("description", [
    "Optional file path to save the PNG. When empty, returns a base64 data URL of the PNG bytes.",
    "保存 PNG 的文件路径 (file path)；为空时返回 base64 data URI。",
])
def test_a_data_url_places_no_path_off_the_disk(description):
    assert fires("relative-path", mcp_tool("generate_chart", "Draw a chart.", {
        "output_path": {"type": "string", "description": description}}))


@pytest.mark.parametrize("description", ["Path of the chart inside the bucket; a data URL is returned too.",
                                         "图表在 GitHub 仓库中的路径 (path in the repository)。"])
def test_a_path_in_a_remote_place_is_still_left_alone(description):
    assert not fires("relative-path", mcp_tool("generate_chart", "Draw a chart.", {
        "output_path": {"type": "string", "description": description}}))


# undeclared-destructive-tool: a tool whose description opens by taking things out of a container, beside a sibling
# that adds them back (the same name with `add` for its verb), removes a membership only.
def _remover_set(name: str, description: str, sibling: str) -> str:
    return "[" + ", ".join(mcp_tool(n, d, {"sku": {"type": "string"}}) for n, d in (
        (name, description), (sibling, "Add goods to a campaign. 添加商品。"), ("shop_list_campaigns", "List them."))) + "]"


@pytest.mark.parametrize("name, description, sibling", [
    ("shop_ad_products_delete", "Remove goods from a campaign.", "shop_ad_products_add"),
    ("remove_note_collaborator", "Remove a collaborator email from a note.", "add_note_collaborator"),
    ("shop_group_members_delete", "从分组中移除成员。", "shop_group_members_add"),
])
def test_taking_out_what_a_sibling_adds_back_destroys_nothing(name, description, sibling):
    assert not fires("undeclared-destructive-tool", _remover_set(name, description, sibling))


@pytest.mark.parametrize("name, description, sibling", [
    ("delete_feature_flag", "Removes a feature flag from the project.", "create_feature_flag"),  # no `add`: gone
    ("shop_ad_products_delete", "Delete the goods of a campaign.", "shop_ad_products_add"),  # no taking out of
    ("shop_group_members_delete", "删除分组成员的全部数据。", "shop_group_members_add"),
])
def test_a_deletion_is_still_reported(name, description, sibling):
    assert fires("undeclared-destructive-tool", _remover_set(name, description, sibling))


# The documentation view reads a nested object's description as its properties' documentation ("SimulationRequest
# with:\n- scenario_id: ..."), as a pydantic model's docstring documents its fields.
def _request(description: str) -> str:
    return mcp_tool("run_simulation", "Run a disaster simulation.", {"request": {
        "type": "object", "description": description,
        "properties": {"sector_id": {"type": "string"}, "timeout": {"type": "number"}, "mode": {"type": "string"}}}})


@pytest.mark.parametrize("description", [
    "SimulationRequest with:\n- sector_id: Geographic sector to simulate, from list_sectors (e.g. SEC-12)\n"
    "- timeout: How long to run, in seconds",
    "模拟请求：\n- sector_id: 要模拟的地理区域，由 list_sectors 返回（例如 SEC-12）\n- timeout: 运行时长，单位：秒",
])
def test_a_nested_property_is_documented_by_its_objects_description(description):
    text = _request(description)
    assert not fires("undocumented-identifier", text)
    assert not fires("missing-unit", text)


@pytest.mark.parametrize("description", ["SimulationRequest: what to simulate.", "模拟请求。"])
def test_a_nested_property_its_object_does_not_name_is_still_undocumented(description):
    text = _request(description)
    assert fires("undocumented-identifier", text)
    assert fires("missing-unit", text)


# missing-unit: a sample rate is in hertz and a frame rate in frames per second by definition; "default" in its text
# makes it no share rate ("percent or fraction?").
@pytest.mark.parametrize("param, entry", [("sample_rate", "Sample rate (default 48000)"),
                                          ("frame_rate", "Frame rate of the render"), ("sample_rate", "采样率，默认 44100")])
def test_a_sample_or_frame_rate_needs_no_unit(param, entry):
    text = mcp_tool("render_project", f"Render the project.\n\nArgs:\n    {param}: {entry}\n",
                    {param: {"type": "integer", "default": 48000}})
    assert not fires("missing-unit", text)


@pytest.mark.parametrize("param, entry", [("interest_rate", "Interest rate (default 5)"), ("tax_rate", "税率，默认 5")])
def test_a_share_rate_still_lacks_its_scale(param, entry):
    text = mcp_tool("loan_schedule", f"Amortize a loan.\n\nArgs:\n    {param}: {entry}\n", {param: {"type": "number"}})
    assert fires("missing-unit", text)


# missing-unit: a length counted in beats, bars or ticks carries its unit in its name (`length_beats`).
@pytest.mark.parametrize("param, description", [("length_beats", "Clip length."), ("min_length_bars", "片段最短长度。"),
                                                ("duration_ticks", "Note duration.")])
def test_beats_bars_and_ticks_are_units(param, description):
    assert not fires("missing-unit", mcp_tool("add_midi_clip", "Add a MIDI clip. 添加 MIDI 片段。",
                                              {param: {"type": "number", "description": description}}))


@pytest.mark.parametrize("param, description", [("length", "Clip length."), ("duration", "音符时长。")])
def test_a_length_without_them_still_lacks_a_unit(param, description):
    assert fires("missing-unit", mcp_tool("trim_video", "Trim a video clip. 裁剪视频。",
                                          {param: {"type": "number", "description": description}}))


# values-only-in-prose: a docstring entry of piped words that ends on "etc." leaves the list open, as the parameter's
# own description does (`adbca40`).
@pytest.mark.parametrize("entry", ["all | qualified | rookies | etc.", "全部 | all | qualified | 等", "web | news | etc"])
def test_a_piped_entry_ending_on_etc_is_open(entry):
    description = f"Rank players.\n\n    Args:\n        pool: {entry}\n    "
    assert not fires("values-only-in-prose", mcp_tool("rank_players", description, {"pool": {"type": "string"}}))


@pytest.mark.parametrize("entry", ["all | qualified | rookies", "web | news"])
def test_a_closed_piped_entry_is_still_reported(entry):
    description = f"Rank players. 球员排名。\n\n    Args:\n        pool: {entry}\n    "
    assert fires("values-only-in-prose", mcp_tool("rank_players", description, {"pool": {"type": "string"}}))
