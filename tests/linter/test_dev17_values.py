"""values-only-in-prose classes read on a 60-tool review of the shared corpus (a tuning set, 2026-12-06): upper-case
codes in parentheses for a choice (`method`: "(GET, POST, PUT)"), a label that names the parameter and what is done
with it ("Operation to perform: a, b, c. Choose ..."), format names joined by "or" for a `format`. Each fires where
the text lists the values and stays quiet where they are examples or an open set, in English and Chinese; the
docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def _values_fire(name: str, text: str) -> bool:
    return fires("values-only-in-prose", _tool("call_api", "Call an API endpoint.",
                                               {name: {"type": "string", "description": text}}))


# --- values-only-in-prose: upper-case codes in parentheses --------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("method", "HTTP method to use (GET, POST, PUT, DELETE, HEAD, PATCH)"),
    ("quality", "The quality of the asset property value (GOOD, BAD, UNCERTAIN)"),
    ("file_type", "Filter by file type (FASTQ, BAM, CRAM, or UBAM)"),
    ("method", "请求方法（GET、POST、PUT、DELETE）"),
])
def test_codes_in_parentheses_list_the_values_of_a_choice(name, text):
    assert _values_fire(name, text)


@pytest.mark.parametrize("name, text", [
    ("currency", "Currency of the amount (USD, EUR, GBP)"),  # not a choice by its name: some of an open set
    ("media_type", "Filter by MIME type (PNG, JPG, PDF). Examples: 'image/png'"),
    ("region", "Region code (US, EU, APAC)"),
    ("method", "请求方法，例如（GET、POST、PUT）"),
])
def test_codes_of_an_open_set_or_given_as_examples_are_not_listed(name, text):
    assert not _values_fire(name, text)


# --- values-only-in-prose: "Operation to perform: a, b, c. Choose ..." ------------------------------------------

def test_a_label_naming_the_parameter_and_its_use_lists_values_before_another_sentence():
    text = ("Operation to perform: create-data-catalog, delete-data-catalog, get-data-catalog, list-data-catalogs. "
            "Choose read-only operations when write access is disabled.")
    assert _values_fire("operation", text)
    assert _values_fire("action", "Action to take: start, stop, restart. Stopping drains the queue first.")


@pytest.mark.parametrize("text", [
    "Operation to perform: create, delete, list. For example, list shows every catalog.",
    "Operation to perform: create, delete, list, etc. Choose read-only ones when writes are off.",
    "Target to build: app, tests, docs. Other targets come from the Makefile, any other name works too.",
])
def test_the_label_form_stays_quiet_on_examples_and_open_lists(text):
    assert not _values_fire("operation", text)


def test_a_docstring_entry_labelled_with_the_parameter_and_its_use():
    def manage_service(name: str, action: str = "status") -> str:
        """Manage a system service.

        Args:
            name: the service
            action: Action to take: start, stop, restart, status. Stopping drains the queue first.
        """
        return ""

    assert _reported("values-only-in-prose", listed(manage_service)) == ["action"]


# --- values-only-in-prose: format names -------------------------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("format", "The format of the response in markdown or json"),
    ("output_format", "Write the report as csv, json or xml."),
    ("format", "返回格式：markdown 或 json"),
])
def test_format_names_joined_by_or_list_a_formats_values(name, text):
    assert _values_fire(name, text)


@pytest.mark.parametrize("name, text", [
    ("format", "Return JSON or Markdown"),  # capitalised: prose as often as the values
    ("style", "Render as markdown or html"),  # not a `format`
    ("format", "Date format, e.g. YYYY-MM-DD"),
    ("format", "返回 JSON 或 Markdown 格式"),
])
def test_other_texts_about_formats_are_not_listed(name, text):
    assert not _values_fire(name, text)


# --- values-only-in-prose: a quoted value explained after a note ----------------------------------------------------

@pytest.mark.parametrize("text", [
    "'self_service': generates SQL for the user to run. 'managed' (MySQL only): connects through the RDS Data API.",
    "'fast'（默认）：跳过检查；'safe'：运行全部检查",
])
def test_explained_values_may_carry_a_note_before_the_colon(text):
    assert _values_fire("execution_mode", text)


def test_a_note_on_an_example_is_no_value_set():
    assert not _values_fire("execution_mode", "e.g. 'managed' (MySQL only): connects through the RDS Data API.")


# --- values-only-in-prose: quoted values each with its meaning, joined by commas -----------------------------------

@pytest.mark.parametrize("text", [
    "市场: 'sh'(沪市), 'sz'(深市)",
    "Market: 'sh' (Shanghai), 'sz' (Shenzhen)",
    "Output format: 'summary' (id and name only), 'standard' (metadata), 'full' (everything).",
])
def test_quoted_values_each_with_its_meaning_list_the_values(text):
    assert _values_fire("market", text)


@pytest.mark.parametrize("text", [
    "Market, e.g. 'sh' (Shanghai), 'sz' (Shenzhen)",
    "Market such as 'sh', 'sz' (Shenzhen)",  # not every value says what it means
    "例如 'sh'(沪市), 'sz'(深市)",
])
def test_noted_examples_or_a_partial_legend_are_no_value_set(text):
    assert not _values_fire("market", text)


# --- values-only-in-prose: an example in another sentence ----------------------------------------------------------

def test_an_alternation_stays_a_value_set_when_another_sentence_gives_an_example():
    def propose_capability(name: str, auth: str) -> str:
        """Propose a read capability.

        Args:
            name: the capability's name
            auth: "oauth_client_credentials" | "bearer" | "basic". Use
                  oauth_client_credentials when the secret is a client
                  credential exchanged for a token (e.g. "id:secret").
        """
        return ""

    assert _reported("values-only-in-prose", listed(propose_capability)) == ["auth"]


@pytest.mark.parametrize("text", [
    'For example "bearer" or "basic".',
    '"bearer" or "basic", for example.',
    'Popular: "Media" (AVFoundation), "System" (Foundation). Leave empty for all.',
    '常用："Media"（音视频）、"System"（系统）',
])
def test_examples_in_the_same_sentence_or_some_popular_values_are_no_set(text):
    assert not _values_fire("auth", text)


# --- values-only-in-prose: holdout 17's false classes (a tuning set for this rule now) ------------------------------

@pytest.mark.parametrize("name, text", [
    ("userPrincipalName", "The user principal name. Returned by default. Supports $filter (eq, ne, not, ge, le, in)."),
    ("ageGroup", "Sets the age group of the user. Allowed values: null, Minor, NotAdult, and Adult."),
    ("markets", "Markets to scan. Valid values: america, uk, germany, france, and 30+ more."),
    ("zone", "Zonen-Code, z.B. DE, FR, PL oder AT"),
    ("dimensions", "Dimensions to group by. Options: query, page, device. You can provide multiple dimensions "
                   "separated by comma."),
    ("market", "可选值：america、uk、germany，等 30 多个市场"),
])
def test_operators_a_null_value_an_open_list_examples_and_several_values_are_no_enum(name, text):
    assert not _values_fire(name, text)


def test_a_filter_label_still_lists_values():
    assert _values_fire("entry_type", "Filter: face, document, phone, email")


def test_the_operators_of_an_operator_parameter_are_its_values():
    assert _values_fire("filter_operator", "Single filter operator (contains, equals, notContains, notEquals)")
