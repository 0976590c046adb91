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


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 2, "\t"]), st.booleans(), st.sampled_from(["", " \n", "\r\n\t "]), st.randoms())
def test_a_locator_given_the_parsed_value_finds_the_same_spans(value, indent, ascii_only, space, random) -> None:
    """Given the parsed value, the locator decodes member values and ends a container's last member where the
    container ends: the spans are the bracket scan's, for pointers asked in any order and pointers into nothing."""
    text = space + json.dumps(value, indent=indent, ensure_ascii=ascii_only) + space
    pointers = [pointer for pointer, _, _ in _pointers(value)] + ["/nope", "/0/nope"]
    pointers += [pointer + "/0" for pointer in pointers]
    random.shuffle(pointers)
    scanned, decoded = JsonLocator(text), JsonLocator(text, json.loads(text))
    for pointer in pointers:
        for key in (False, True):
            assert decoded.offsets(pointer, key=key) == scanned.offsets(pointer, key=key)


def test_a_key_given_twice_is_located_where_it_is_given_last() -> None:
    text = '{"a": 1, "b": {"a": 2}, "a": [3, {"c": 4}]}'
    locator = parse_text(text, "twice.json", "json").locator
    assert locator is not None
    start, end = locator.offsets("/a")
    assert text[start:end] == '[3, {"c": 4}]'
    start, end = locator.offsets("/a/1/c", key=True)
    assert text[start:end] == '"c"'


def _reference_position(text: str, offset: int) -> tuple[int, int]:
    """Line and column by counting from the start of the text: what `LineIndex.position` counts incrementally."""
    start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - start + 1


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab\n\r", max_size=60), st.lists(st.integers(0, 70), max_size=30), st.integers(-1, 12))
def test_line_index_answers_like_a_full_index_in_any_order(text, offsets, line) -> None:
    """Positions asked for in any order (past the counting budget too); then the lines they fell on and those
    before them, and any line, by number: the answers of counting from the start and of splitting the text."""
    from toollint.document.locate import LineIndex

    lines = text.split("\n")

    def line_text(number: int) -> str:
        return lines[number - 1].rstrip("\r") if 1 <= number <= len(lines) else ""

    index = LineIndex(text)
    assert [index.position(o) for o in offsets] == [_reference_position(text, o) for o in offsets]
    fell_on = {_reference_position(text, o)[0] for o in offsets}
    assert {n: index.line_text(n) for n in fell_on | {n - 1 for n in fell_on}} == \
        {n: line_text(n) for n in fell_on | {n - 1 for n in fell_on}}
    assert (index.line_text(line), index.count) == (line_text(line), len(lines))
    assert LineIndex(text).line_text(line) == line_text(line)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 2, "\t"]), st.booleans(), st.randoms())
def test_read_top_decodes_as_json_and_finds_the_locators_spans(value, indent, ascii_only, random) -> None:
    """`read_top` gives the value `json.loads` gives and the members the locator would read; on a text changed
    by one character it refuses what `json.loads` refuses and otherwise decodes the same value."""
    from toollint.document.locate import read_top

    text = " " + json.dumps(value, indent=indent, ensure_ascii=ascii_only) + "\n"
    decoded, read = read_top(text, json.JSONDecoder(object_pairs_hook=dict))
    assert decoded == value and json.dumps(decoded) == json.dumps(value)  # the same keys in the same order
    scanned = JsonLocator(text)
    for pos, members in read.items():
        assert members.found == scanned.children(pos)
    for _ in range(20):
        at = random.randrange(len(text))
        changed = text[:at] + random.choice(["", ",", ":", "{", "}", "[", "]", '"', "x", "1"]) + text[at + 1:]
        try:
            expected = json.loads(changed)
        except (ValueError, RecursionError):
            with pytest.raises(Exception):  # noqa: B017, PT011 - any refusal: the caller lets json.loads say why
                read_top(changed, json.JSONDecoder(object_pairs_hook=dict))
        else:
            assert read_top(changed, json.JSONDecoder(object_pairs_hook=dict))[0] == expected


@pytest.mark.parametrize(("text", "duplicated", "span"), [
    ('{"tools": [{"name": "a", "name": "b", "x": {"k": 1, "k": 2}}], "tools": []}', ["/tools"], (1, 64, 1, 71)),
    ('{"tools": [{"name": "a", "name": "b", "x": {"k": 1, "k": 2}}]}', ["/tools/0/name", "/tools/0/x/k"], (1, 53, 1, 56)),
    ('[{"a": 1, "a": 2}]', ["/0/a"], (1, 11, 1, 14)),
])
def test_a_file_read_with_its_top_containers_records_duplicated_keys_as_before(text, duplicated, span) -> None:
    source = parse_text(text, "dup.json", "json")
    assert source.data == json.loads(text) and source.duplicate_keys == duplicated
    found = source.span(duplicated[-1], key=True)
    assert (found.line, found.column, found.end_line, found.end_column) == span
