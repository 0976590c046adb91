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


# missing-unit: a unit on the next line of a wrapped docstring.


def test_a_unit_on_the_next_line_of_a_wrapped_docstring_counts():
    wrapped = ("Read new messages. wait=N polls for up to N\n    seconds before it returns, so repeated calls\n"
               "    see only messages that arrived since.")
    assert not fires("missing-unit", _tool("read_room", wrapped, {"wait": {"type": "integer", "title": "Wait"}}))


def test_a_sentence_that_ends_before_the_unit_line_still_fires():
    broken = "Read new messages. wait=N polls for a while.\nSeconds are counted by the server."
    assert fires("missing-unit", _tool("read_room", broken, {"wait": {"type": "integer", "title": "Wait"}}))
