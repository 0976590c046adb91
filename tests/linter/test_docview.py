"""The documentation view: rules read a parameter's docs wherever the author wrote them (issue 22).

The tool listings are made by the real `mcp` SDK: functions with docstrings are registered on its server (mcp 2.x
`MCPServer`, mcp 1.x `FastMCP`) and listed, so the descriptions are exactly what such servers send (the raw
docstring, each property with only a `title`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import framework_listing as listed

import toollint
from toollint.linter.docview import parse


def rules(tools: list[dict[str, Any]], *names: str) -> list[tuple[str, str]]:
    """(rule, pointer) of the findings of the named rules."""
    return [(f.rule, f.pointer) for f in toollint.lint(tools, select=list(names) or None)
            if not names or f.rule in names]


# ---------------------------------------------------------------------------------------------
# The parser reads every common form of parameter section


def test_google_numpy_sphinx_markdown_and_chinese_sections():
    google = parse("Ship a parcel.\n\n    Args:\n        weight (float): Parcel weight in kg\n"
                   "        dest: Where to,\n            absolute.\n\n    Returns:\n        x\n    ")
    assert google.entry("weight").text == "Parcel weight in kg" and google.entry("weight").type_name == "float"
    assert google.entry("dest").text.split() == ["Where", "to,", "absolute."]
    numpy = parse("Search.\n\nParameters\n----------\nquery : str\n    The query, e.g. 'foo'\n")
    assert numpy.entry("query").text == "The query, e.g. 'foo'"
    sphinx = parse("Do it.\n:param x: the x in cm\n:type x: int\n")
    assert (sphinx.entry("x").text, sphinx.entry("x").type_name) == ("the x in cm", "int")
    markdown = parse("Create an issue.\n\nParameters:\n- `owner` (string): Repo owner\n- **title**: Issue title\n\n"
                     "Returns the issue.")
    assert markdown.entry("owner").text == "Repo owner" and markdown.entry("title").text == "Issue title"
    assert "Returns the issue." in markdown.prose and "Repo owner" not in markdown.prose
    chinese = parse("查询天气。\n\n参数：\n    city: 城市名称，例如 北京\n    days (int)：天数\n\n返回：天气")
    assert chinese.entry("city").text == "城市名称，例如 北京" and chinese.entry("days").text == "天数"
    mentions = parse("Fetch a page. The `timeout` is in seconds.\n- url: the URL to fetch")
    assert mentions.mentions("timeout") == "The `timeout` is in seconds."
    assert mentions.entry("url").text == "the URL to fetch"


@pytest.mark.parametrize("header", ["Args:", "ARGUMENTS:", "## Parameters", "**Params:**", "Keyword Args:", "INPUTS:",
                                    "> Input:", "Input Parameters:", "REQUEST PARAMETERS", "__Parameter details:__"])
def test_a_header_in_any_case_opens_a_section(header):
    """Only the lines holding a header word (`arg`, `param`, `input`) in any case are tried as headers."""
    docs = parse(f"Ship it. Sends a parcel.\n\n{header}\n    weight: Parcel weight in kg\n", ("weight",))
    assert docs.sectioned == ("weight",) and docs.entry("weight").text == "Parcel weight in kg"


def test_bulleted_entries_are_read_from_the_first_line_on():
    docs = parse("- city: 城市名称\r\n  * `days` (int) - 天数\n1. unit: metric or imperial", ("city", "days", "unit"))
    assert [(name, doc.text) for name, doc in docs.entries.items()] == [
        ("city", "城市名称"), ("days", "天数"), ("unit", "metric or imperial")]


def test_a_description_without_a_section_is_not_parsed():
    docs = parse("Return the weather for a city. Weight: heavy.")
    assert docs.entries == {} and docs.sectioned == ()


# ---------------------------------------------------------------------------------------------
# Tools listed by the SDK: quiet where the docstring documents the parameter, findings where it shows a problem


def test_units_and_descriptions_in_google_args_silence_missing_unit_and_missing_description():
    def ship_parcel(weight: float, timeout: int, data: str) -> str:
        """Ship a parcel with the courier.

        Args:
            weight: Parcel weight in kg.
            timeout: How long to wait for the courier, in seconds.
            data: Customs declaration as JSON text.
        """
        return ""

    tools = listed(ship_parcel)
    assert tools[0]["inputSchema"]["properties"]["weight"] == {"title": "Weight", "type": "number"}
    assert rules(tools, "missing-unit", "missing-param-description") == []


def test_the_same_parameters_without_docs_are_reported():
    def ship_parcel(weight: float, timeout: int, data: str) -> str:
        """Ship a parcel with the courier."""
        return ""

    assert sorted(rules(listed(ship_parcel), "missing-unit", "missing-param-description")) == [
        ("missing-param-description", "/0/inputSchema/properties/data"),
        ("missing-unit", "/0/inputSchema/properties/timeout"),
        ("missing-unit", "/0/inputSchema/properties/weight"),
    ]


@pytest.mark.parametrize("docstring", [
    "Ship it.\n\n    Parameters\n    ----------\n    weight : float\n        Parcel weight in kg\n",
    "Ship it.\n\n    :param weight: Parcel weight in kg\n    :type weight: float\n",
    "Ship it.\n\n    Parameters:\n    - `weight` (number): Parcel weight in kg\n",
    "寄送包裹。\n\n    参数：\n        weight: 包裹重量，单位：千克\n",
    "寄送包裹。\n\n    参数说明\n    - weight：包裹重量（公斤）\n",
])
def test_every_section_form_is_read(docstring):
    def ship(weight: float) -> str:
        return ""

    ship.__doc__ = docstring
    assert rules(listed(ship), "missing-unit") == []


def test_values_listed_only_in_the_args_block_are_reported_english_and_chinese():
    def summarize(text: str, style: str = "brief") -> str:
        """Summarize a text.

        Args:
            text: The text to summarize.
            style: Style: brief, detailed, bullet-points
        """
        return ""

    def translate(text: str, tone: str = "formal") -> str:
        """翻译文本。

        参数：
            text: 要翻译的文本
            tone: 语气，可选值：formal、casual、friendly
        """
        return ""

    assert rules(listed(summarize), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/style")]
    assert rules(listed(translate), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/tone")]


def test_an_example_in_the_docstring_is_shown_to_the_model_not_an_invented_identifier():
    def get_video(video_id: str) -> str:
        """Get a video's details.

        Args:
            video_id: The YouTube video id, e.g. dQw4w9WgXcQ
        """
        return ""

    def get_order(order_id: str) -> str:
        """获取订单详情。

        参数：
            order_id: 订单号，例如 ORD-20260917
        """
        return ""

    def cancel_order(order_id: str) -> str:
        """Cancel an order."""
        return ""

    assert rules(listed(get_video), "unconstrained-identifier") == []
    assert rules(listed(get_order), "unconstrained-identifier") == []
    assert rules(listed(get_video), "undocumented-identifier") == []
    assert rules(listed(cancel_order), "undocumented-identifier") == [
        ("undocumented-identifier", "/0/inputSchema/properties/order_id")]


def test_absolute_path_required_in_the_docstring_silences_relative_path():
    def read_log(log_path: str) -> str:
        """Read a log file.

        Args:
            log_path: Absolute path of the log file, e.g. /var/log/app.log
        """
        return ""

    def read_config(config_path: str) -> str:
        """Read a config file.

        Args:
            config_path: Where the config file is.
        """
        return ""

    assert rules(listed(read_log), "relative-path") == []
    assert rules(listed(read_config), "relative-path") == [("relative-path", "/0/inputSchema/properties/config_path")]


def test_a_stale_args_entry_is_reported_and_ctx_is_not():
    def search_notes(query: str, limit: int = 10) -> str:
        """Search the notes.

        Args:
            ctx: The request context (the framework keeps it out of the schema).
            query: Words to look for.
            max_hits: How many notes to return.
        """
        return ""

    found = [f for f in toollint.lint(listed(search_notes)) if f.rule == "description-names-unknown-parameter"]
    assert len(found) == 1 and "`max_hits`" in found[0].message and found[0].pointer == "/0/description"


def test_a_default_the_docstring_contradicts_is_reported():
    def list_items(limit: int = 100) -> str:
        """List items.

        Args:
            limit: How many items to return (default: 10).
        """
        return ""

    def list_pages(limit: int = 10) -> str:
        """List pages.

        Args:
            limit: How many pages to return (default: 10).
        """
        return ""

    assert rules(listed(list_items), "description-contradicts-schema") == [
        ("description-contradicts-schema", "/0/inputSchema/properties/limit/default")]
    assert rules(listed(list_pages), "description-contradicts-schema") == []


def test_a_secret_documented_as_a_key_file_path_is_not_a_secret():
    def connect(host: str, private_key: str) -> str:
        """Open an SSH connection.

        Args:
            host: Host name.
            private_key: Path to the private key file.
        """
        return ""

    def login(host: str, password: str) -> str:
        """Log in to the host.

        Args:
            host: Host name.
            password: The account password.
        """
        return ""

    assert rules(listed(connect), "secret-parameter") == []
    assert rules(listed(login), "secret-parameter") == [("secret-parameter", "/0/inputSchema/properties/password")]


def test_the_seed_refund_order_stays_clean_under_every_rule():
    from helpers import ROOT_DIR

    seed = (ROOT_DIR / "fixtures" / "refund.json").read_text(encoding="utf-8")
    assert toollint.lint(seed, select=["ALL", "OPT-IN"]) == []
    # The same tool with the unit in the description instead of the name: a money-moving tool that states its scale.
    renamed = seed.replace('"amount_cents"', '"amount"')
    assert [f.rule for f in toollint.lint(renamed, select=["ALL", "OPT-IN"])] == []


def test_a_parameter_line_without_a_section_header_is_its_entry():
    def read_items(status: str = "open", limit: int = 20) -> str:
        """Return the open items, newest first.

        status : one of open|blocked|done|dropped
        limit  : how many items to return
        """
        return ""

    def list_tasks(state: str = "open") -> str:
        """列出任务。

        state：任务状态，取值：open、blocked、done
        """
        return ""

    assert rules(listed(read_items), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/status")]
    assert rules(listed(list_tasks), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/state")]
    docs = parse("Return the items.\n\nstatus : one of open|done\nlimit: how many", ("status", "limit"))
    assert docs.entry("status").text == "one of open|done" and docs.entry("limit").text == "how many"
    assert docs.sectioned == ()  # no header: entries by name only, never a stale-entry report

def test_a_parameter_typed_as_a_path_is_a_path_whatever_its_name():
    def open_session(host: str, key_file: Path | None = None, identity: Path = Path("id")) -> str:
        """Open an SSH session to the host, through a route of jump hosts if given."""
        return ""

    def read_key(key_file: str = "") -> str:
        """Read a key."""
        return ""

    assert rules(listed(open_session), "relative-path") == [  # `identity`'s default `id` is read from the server's
        ("relative-path", "/0/inputSchema/properties/key_file"),  # working directory
        ("relative-path", "/0/inputSchema/properties/identity")]
    # `key_file` as a string, titled "Key File" by the framework: reported as without the empty default, which only
    # says "not given" (it was skipped for that default until holdout 21's tuning)
    assert rules(listed(read_key), "relative-path") == [("relative-path", "/0/inputSchema/properties/key_file")]


def test_values_with_the_default_marked_or_two_in_parentheses():
    def read_pending(order: str = "salience", owner: str = "") -> str:
        """Return the pending items.

        order : salience (default) | recent | priority
        owner : the item's owner (username or organization)
        """
        return ""

    def fetch(url: str, format: str = "markdown") -> str:
        """抓取网页。

        Args:
            url: 要抓取的网址
            format: Output format (html or markdown)
        """
        return ""

    assert rules(listed(read_pending), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/order")]
    assert rules(listed(fetch), "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/format")]
    own = {"name": "embed", "description": "Embed the text.", "inputSchema": {"type": "object", "properties": {
        "encoding_format": {"type": "string", "description": "The format to return embeddings in (float or base64)."},
        "owner": {"type": "string", "description": "Repository owner (username or organization)"}}}}
    assert rules([own], "values-only-in-prose") == [
        ("values-only-in-prose", "/0/inputSchema/properties/encoding_format")]


def test_a_line_that_only_looks_like_an_entry_is_not_one():
    docs = parse("Fetch the page.\nNote: slow on large sites\nStatus: beta", ("status", "url"))
    assert docs.entries == {}  # `Note` names no parameter, and `Status` is not `status`
    assert parse("取回网页。\n说明：很慢", ("url",)).entries == {}
