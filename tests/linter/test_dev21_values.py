"""values-only-in-prose: a section of operations whose entries name the arguments each takes (`- set (field,
value): write one box`), read on holdout 20's recall review (a tuning set once measured, 2026-12-06). The
parenthesis used to end the entry, so only the first operation counted and no list was found. An operation that
shares the name of a flag beside it (`calltab`, the operation, and `calltab`, whether to run it) no longer makes the
section one of parameters; a section whose entries are mostly the tool's parameters still is. In English and
Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported

_OPERATION = {"operation": {"type": "string"}, "field": {"type": "string"}, "value": {"type": "string"},
              "calltab": {"type": "boolean"}}


@pytest.mark.parametrize("description", [
    "Fill the form.\n\n    operations:\n      - set (field, value): write one box.\n"
    "      - calltab: run the lookup.\n      - clear: empty the form.\n      - focus (field): move to a box.\n",
    "Fill the form.\n\nOperations:\n  - set (field, value): write one box\n  - set_many (fields={...}): several\n"
    "  - enter: log it\n",
    "填写表单。\n\noperations:\n  - set（field, value）：写入一个输入框\n  - clear：清空表单\n  - focus（field）：移动焦点\n",
])
def test_operations_with_their_arguments_are_values(description):
    assert fires("values-only-in-prose", _tool("log", description, _OPERATION))


@pytest.mark.parametrize("description", [
    # the entries are the tool's parameters (two of three), not values of `operation`
    "Fill the form.\n\nOperations:\n  - field (str): the box to write\n  - value (str): what to write\n"
    "  - focus (bool): move to it\n",
    # an enum already says it
    "Fill the form.\n\nOperations:\n  - set (field, value): write one box\n  - clear: empty it\n",
])
def test_sections_of_parameters_or_of_enumerated_values_stay_quiet(description):
    properties = dict(_OPERATION)
    if "empty it" in description:
        properties["operation"] = {"type": "string", "enum": ["set", "clear"]}
    assert not fires("values-only-in-prose", _tool("log", description, properties))


def test_an_operations_section_listed_by_the_sdk():
    def log(operation: str, field: str | None = None, value: str | None = None, calltab: bool = True) -> str:
        """Logbook entry: set fields, then enter a contact.

        operations:
          - set (field, value): write one entry box.
          - calltab: run the lookups (after setting the call).
          - enter: log the current form.
          - focus (field): move focus to a box.
        """
        return ""

    assert _reported("values-only-in-prose", listed(log)) == ["operation"]
