"""JSON Pointers to line and column: keys with escapes, odd spacing, brackets inside strings, JSONC."""

from __future__ import annotations

import json

import pytest

from toollint.document.locate import JsonLocator, _matching_closes
from toollint.document.source import parse_text

TEXT = '{ "a\\"b" :{"x":[1, {"y" : "}]{["}] } ,\n  "\\u00e9" : [ ] , "": {"k\\\\": "v"},"last":true}'


@pytest.mark.parametrize("pointer, key, expected", [
    ('/a"b', True, '"a\\"b"'),
    ('/a"b', False, '{"x":[1, {"y" : "}]{["}] }'),
    ('/a"b/x/1/y', False, '"}]{["'),
    ('/a"b/x/1/y', True, '"y"'),
    ("/é", True, '"\\u00e9"'),
    ("/é", False, "[ ]"),
    ("/", False, '{"k\\\\": "v"}'),
    ('/a"b/nope', True, '{"x":[1, {"y" : "}]{["}] }'),  # no such key: the nearest existing ancestor
    ('/a"b/x/7', False, '[1, {"y" : "}]{["}]'),
    ("/last", False, "true"),
])
def test_pointer_spans(pointer, key, expected) -> None:
    locator = JsonLocator(TEXT)
    start, end = locator.offsets(pointer, key=key)
    assert TEXT[start:end] == expected


def test_escaped_key_found_by_its_decoded_name() -> None:
    locator = JsonLocator(TEXT)
    start, end = locator.offsets("//k\\", key=True)
    assert TEXT[start:end] == '"k\\\\"'


def test_every_bracket_pair_matches_the_parsed_structure() -> None:
    closes = _matching_closes(TEXT)
    assert {TEXT[o] + TEXT[c] for o, c in closes.items()} <= {"{}", "[]"}
    assert len(closes) == 6  # the outer object, a"b, x, x/1, é, the "" object: strings hold none
    json.loads(TEXT)


def test_line_and_column_in_a_pretty_file() -> None:
    source = parse_text(json.dumps({"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}, indent=2),
                        "t.json", "json")
    span = source.span("/tools/0/inputSchema/type", key=True)
    assert (span.line, span.column, span.end_line, span.end_column) == (6, 9, 6, 15)
