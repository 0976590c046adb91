"""values-only-in-prose classes read on holdout 17's recall review (a tuning set now, 2026-12-06): the values of a
dispatching parameter given in one labelled sentence of the tool description ("Operations: flow/clone,
aiagent/train, sessions/inject-state." for `operation`), and a listed value that is the word `custom`
("blocklist, allowlist, custom"), which no longer reads as "or a custom one". Each fires where the text lists the
values and stays quiet where they are examples, an open set or several values in one string, in English and
Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def _fires(description: str, properties: dict) -> bool:
    return fires("values-only-in-prose", _tool("run_operation", description, properties))


_OPERATION = {"operation": {"type": "string", "title": "Operation"}, "resource_id": {"type": "string"}}


# --- a labelled sentence of the tool description -----------------------------------------------------------------

@pytest.mark.parametrize("description", [
    "Run a named operation on a resource. Operations: flow/clone, aiagent/train, knowledgestore/run, "
    "sessions/inject-state. To move a node, use update instead.",
    "Run an operation on a resource.\nAvailable operations: clone, train, run, inject\nReturns the job id.",
    "在资源上执行一个命名操作。Operations: flow/clone, aiagent/train, sessions/inject-state。返回任务编号。",
])
def test_a_sentence_labelled_with_the_parameter_lists_its_values(description):
    assert _fires(description, _OPERATION)


@pytest.mark.parametrize("description, properties", [
    # examples, or a list left open
    ("Run an operation. Operations: clone, train, run, etc.", _OPERATION),
    ("Run an operation. Operations: clone, train, or any other the API knows.", _OPERATION),
    ("在资源上执行操作。Operations: clone, train, run 等。", _OPERATION),
    # the parameter says how a value looks, and the list names only a part of it
    ("Run a shell command.\n\nAvailable commands: cat, pwd, ls\nAvailable flags: --help, -l",
     {"command": {"type": "string", "description": "Single command to run (example: 'ls -l' or 'cat file.txt')"}}),
    # an array takes several of them; a label that names no parameter
    ("Tag a document. Tags: urgent, draft, final.", {"tags": {"type": "array", "items": {"type": "string"}}}),
    ("Run an operation. Steps: clone, train, run.", _OPERATION),
    # the list is in a sentence, not after the parameter's label
    ("Run an operation such as clone, train or run on a resource.", _OPERATION),
])
def test_the_labelled_sentence_stays_quiet_where_it_does_not_give_the_set(description, properties):
    assert not _fires(description, properties)


def test_a_labelled_sentence_in_a_docstring_listed_by_the_sdk():
    def run_operation(resource_id: str, operation: str) -> str:
        """Run a named operation on a resource. Operations: flow/clone, aiagent/train, sessions/inject-state.

        Args:
            resource_id: the resource, as returned by list_resources
        """
        return ""

    assert _reported("values-only-in-prose", listed(run_operation)) == ["operation"]


# --- `custom` as one of the values ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Filter: blocklist, allowlist, custom",
    "名单类型，可选值：blocklist, allowlist, custom",
])
def test_custom_as_a_listed_value_closes_nothing(text):
    assert fires("values-only-in-prose", _tool("list_lists", "List the lists.", {"list_type": {"type": "string",
                                                                                             "description": text}}))


@pytest.mark.parametrize("text", [
    "Relation type: spouse, child, parent, or custom.",  # "or custom": a custom one
    "Log type (application, host, performance, or custom)",
    "Options: 'CustomLog', 'AzureMetrics', etc.",
    "类型，可选值：spouse, child, parent 等",
])
def test_or_custom_and_etc_still_leave_the_list_open(text):
    assert not fires("values-only-in-prose", _tool("list_lists", "List the lists.", {"type": {"type": "string",
                                                                                           "description": text}}))


@pytest.mark.parametrize("text", [
    "Optional JSON string containing a list of view types.\nValid values: PRIMARY, BILLING_GROUP, CUSTOM.",
    "JSON array of view types. Valid values: primary, billing_group, custom.",
])
def test_values_of_a_json_encoded_list_are_no_enum_of_the_string(text):
    assert not fires("values-only-in-prose", _tool("list_views", "List billing views.",
                                                   {"view_types": {"type": "string", "description": text}}))


# --- codes of one capital, or digits and a capital ----------------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("position", "Filter by position (C, 1B, 2B, SS, 3B, OF, SP, RP, P)"),
    ("size", "Shirt size (S, M, L, XL)"),
    ("position", "按位置筛选（C、1B、2B、SS）"),
])
def test_short_codes_in_parentheses_list_the_values_of_a_choice(name, text):
    assert fires("values-only-in-prose", _tool("get_players", "List players.", {name: {"type": "string",
                                                                                     "description": text}}))


@pytest.mark.parametrize("name, text", [
    ("position", "Grid position (1, 2, 3)"),
    ("position", "Filter by position, e.g. (C, 1B, 2B)"),
    ("position", "按位置筛选，例如（C、1B、2B）"),
    ("team", "Team (NYY, BOS, LAD)"),  # not a choice by its name: some of an open set
])
def test_numbers_examples_and_open_sets_of_codes_are_not_listed(name, text):
    assert not fires("values-only-in-prose", _tool("get_players", "List players.", {name: {"type": "string",
                                                                                         "description": text}}))


# --- "Available:" alone before the values (holdout 18's first batch, a tuning set once measured) ------------------

@pytest.mark.parametrize("text", [
    "Optional topic for specific guidance. Available: html_layout, diagrams, local_assets, credentials",
    "IFC schema. Allowed: IFC2x3 / IFC4 / IFC4x3.",
    "指南主题，可选：html_layout、diagrams、credentials",
])
def test_a_closing_word_and_a_colon_list_the_values(text):
    assert fires("values-only-in-prose", _tool("get_info", "Get usage tips.", {"topic": {"type": "string",
                                                                                     "description": text}}))


@pytest.mark.parametrize("text", [
    "Optional topic. Available: html_layout, diagrams, etc.",
    "Optional topic. Available: yes",
    "指南主题，例如：html_layout、diagrams",
])
def test_a_closing_word_before_examples_or_one_word_lists_nothing(text):
    assert not fires("values-only-in-prose", _tool("get_info", "Get usage tips.", {"topic": {"type": "string",
                                                                                         "description": text}}))
