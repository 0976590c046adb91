"""JSON Pointers to line and column: keys with escapes, odd spacing, brackets inside strings, JSONC."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def _pointers(value, pointer="", key=None):
    """Every JSON Pointer in `value`, with the value it names and its key when its parent is an object."""
    from toollint import pointer as jp

    yield pointer, value, key
    if isinstance(value, dict):
        for name, child in value.items():
            yield from _pointers(child, jp.join(pointer, name), name)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _pointers(child, jp.join(pointer, index))


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                     max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 2, "\t"]), st.booleans())
def test_every_pointer_locates_text_that_decodes_to_its_value(value, indent, ascii_only) -> None:
    """Whatever the spacing, escapes and brackets inside strings: the text at a pointer's span is its value,
    and a key's span is its quoted name."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    locator = JsonLocator(text)
    for pointer, expected, key in _pointers(value):
        start, end = locator.offsets(pointer)
        assert json.loads(text[start:end]) == expected
        if key is not None:
            start, end = locator.offsets(pointer, key=True)
            assert json.loads(text[start:end]) == key
