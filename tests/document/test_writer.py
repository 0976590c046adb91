"""The layout-preserving writer: each edit changes its own span only, in the file's own style."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from toollint.cli import main
from toollint.document import edits as E
from toollint.document.edits import EditError
from toollint.document.writer import apply_edits

PRETTY = '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": []\n}\n'
COMPACT = '{"a":1,"b":{"x":[1,2],"y":"é"},"c":[]}'


@pytest.mark.parametrize(("edit", "expected"), [
    (E.set_value("/a", 2), '{\n  "a": 2,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": []\n}\n'),
    (E.set_value("/d", {"k": True}), '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": [],\n  "d": {\n'
                                      '    "k": true\n  }\n}\n'),
    (E.set_value("/d", 0, before="b"), '{\n  "a": 1,\n  "d": 0,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": []\n}\n'),
    (E.set_value("/b/z", None), '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é", "z": null},\n  "c": []\n}\n'),
    (E.rename_key("/b/y", "ÿ"), '{\n  "a": 1,\n  "b": {"x": [1, 2], "ÿ": "é"},\n  "c": []\n}\n'),
    (E.remove("/a"), '{\n  "b": {"x": [1, 2], "y": "é"},\n  "c": []\n}\n'),
    (E.remove("/b"), '{\n  "a": 1,\n  "c": []\n}\n'),
    (E.remove("/c"), '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é"}\n}\n'),
    (E.remove("/b/x/0"), '{\n  "a": 1,\n  "b": {"x": [2], "y": "é"},\n  "c": []\n}\n'),
    (E.insert("/b/x/0", 0), '{\n  "a": 1,\n  "b": {"x": [0, 1, 2], "y": "é"},\n  "c": []\n}\n'),
    (E.insert("/b/x/-", 3), '{\n  "a": 1,\n  "b": {"x": [1, 2, 3], "y": "é"},\n  "c": []\n}\n'),
    (E.insert("/c/-", "s"), '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": ["s"]\n}\n'),  # as [1, 2]
    (E.insert("/c/-", {}), '{\n  "a": 1,\n  "b": {"x": [1, 2], "y": "é"},\n  "c": [\n    {}\n  ]\n}\n'),
])
def test_json_edits_touch_only_their_span(edit, expected):
    assert apply_edits(PRETTY, "json", [edit]) == expected


def test_compact_json_stays_compact():
    assert apply_edits(COMPACT, "json", [E.set_value("/b", {"x": [1, 2], "y": "é", "z": {"q": [1]}}),
                                         E.set_value("/c", [{"n": 1}])]) == \
        '{"a":1,"b":{"x":[1,2],"y":"é","z":{"q":[1]}},"c":[{"n":1}]}'


def test_several_edits_fill_one_empty_container():
    assert apply_edits('{"r":[],"o":{}}', "json", [E.insert("/r/-", "a"), E.insert("/r/-", "b"),
                                                   E.set_value("/o/x", 1), E.set_value("/o/y", [])]) == \
        '{"r":["a","b"],"o":{"x":1,"y":[]}}'


def test_setting_a_container_splices_only_what_differs():
    text = '{\n\t"keep": {"a": 1,   "b": 2},\n\t"list": [\n\t\t1,\n\t\t2\n\t]\n}'
    out = apply_edits(text, "json", [E.set_value("", {"keep": {"a": 1, "b": 3}, "list": [1, 2, 3]})])
    assert out == '{\n\t"keep": {"a": 1,   "b": 3},\n\t"list": [\n\t\t1,\n\t\t2,\n\t\t3\n\t]\n}'
    assert json.loads(out) == {"keep": {"a": 1, "b": 3}, "list": [1, 2, 3]}


@pytest.mark.parametrize("edit", [E.set_value("/nope/x", 1), E.rename_key("/a", "c"), E.remove("/zz"),
                                  E.insert("/a/0", 1), E.remove("")])
def test_edits_that_do_not_apply_raise(edit):
    with pytest.raises(EditError):
        apply_edits(PRETTY, "json", [edit])


def test_overlapping_edits_raise():
    with pytest.raises(EditError):
        apply_edits(PRETTY, "json", [E.set_value("/b", 1), E.set_value("/b/y", 2)])


YAML = """# header comment
tool:
  name: demo   # the name
  schema:
    type: object
    properties:
      a: {type: string, description: 'quoted'}   # flow style
      b:
        type: integer
        minimum: 1     # why one
        description: "double"
    required: [a]
"""


def test_yaml_remove_keeps_comments_and_everything_else():
    out = apply_edits(YAML, "yaml", [E.remove("/tool/schema/properties/b/description")])
    assert out == YAML.replace('        description: "double"\n', "")
    out = apply_edits(YAML, "yaml", [E.set_value("/tool/schema/properties/a/description", "新")])
    assert out == YAML.replace("'quoted'", "'新'")
    out = apply_edits(YAML, "yaml", [E.insert("/tool/schema/required/-", "b")])
    assert out == YAML.replace("required: [a]", "required: [a, b]")


def test_yaml_lines_ruamel_would_rewrite_stay_as_written():
    text = "a:   1    # spaced\nb:\n  - x\n  -   y\nc: 'keep'\n"
    out = apply_edits(text, "yaml", [E.set_value("/c", "changed")])
    assert out == "a:   1    # spaced\nb:\n  - x\n  -   y\nc: 'changed'\n"


def test_text_edit_spans_lines():
    text = "a: 1\n# toollint: ignore[x]\nb: 2\n"
    assert apply_edits(text, "yaml", [E.replace_text(2, 1, 3, 1, "")]) == "a: 1\nb: 2\n"
    with pytest.raises(EditError):
        apply_edits(text, "yaml", [E.replace_text(2, 1, 9, 1, "")])


def test_strictify_keeps_a_compact_json_file_compact(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"name": "get_weather", "description": "Weather for a city.", "input_schema": {"type": "object", '
                    '"properties": {"city": {"type": "string", "maxLength": 40, "description": "City name"}}, '
                    '"required": ["city"]}}', encoding="utf-8")
    result = CliRunner().invoke(main, ["strictify", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 0
    assert result.stdout.startswith('{"name": "get_weather", "description": "Weather for a city.", "input_schema": ')
    assert '"city": {"type": "string", "description": "City name. Must be at most 40 characters long."}' \
        in result.stdout


@pytest.mark.parametrize(("edits", "expected"), [
    ([E.remove("/a"), E.remove("/b")], '{\n  "c": []\n}\n'),
    ([E.remove("/b"), E.remove("/c")], '{\n  "a": 1\n}\n'),
    ([E.remove("/a"), E.remove("/c")], '{\n  "b": {"x": [1, 2], "y": "é"}\n}\n'),
    ([E.remove("/a"), E.remove("/b"), E.set_value("/z", 0, before="c")], '{\n  "z": 0,\n  "c": []\n}\n'),
    ([E.remove("/b/x/0"), E.remove("/b/x/1")], '{\n  "a": 1,\n  "b": {"x": [], "y": "é"},\n  "c": []\n}\n'),
])
def test_adjacent_removals_in_one_container_do_not_overlap(edits, expected):
    assert apply_edits(PRETTY, "json", edits) == expected


def test_alphabetical_keys_as_pydantic_writes_them_are_rewritten():
    text = '{"maxLength":64,"minLength":1,"type":"string"}'
    out = apply_edits(text, "json", [E.set_value("", {"type": "string", "description": "Between 1 and 64."})])
    assert out == '{"type":"string","description":"Between 1 and 64."}'


def test_strictify_writes_a_file_with_alphabetical_keys(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('[{"name":"t","description":"Probe tool for the file writer.",\n  "input_schema":{"type":"object",'
                    '"properties":{"r":{"maxLength":64,"minLength":1,"type":"string"}}}}]', encoding="utf-8")
    for target in ("anthropic", "openai"):
        result = CliRunner().invoke(main, ["strictify", str(path), "--target", target, "-q"])
        assert result.exit_code == 0, result.output
        assert '"string"' in result.stdout
        # Anthropic strict rejects string lengths (moved to the description); OpenAI takes them (issue 23)
        assert ('"maxLength"' in result.stdout) is (target == "openai")
