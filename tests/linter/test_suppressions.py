"""Suppression comments in every format: `# toollint: ignore[...]` in YAML and Python, `//` and `/* */` in
JSON with comments; a misspelt rule name gets a did-you-mean and a fix that corrects it."""

from __future__ import annotations

from tests.helpers import lint_text
from toollint.document.jsonc import blank_jsonc
from toollint.document.source import parse_text
from toollint.document.writer import apply_edits

BAD_NAME = ('{{"tools": [\n  {{"name": "bad name", {comment}\n   "description": "Current time in a given IANA time zone,'
            ' for when the user asks what time it is somewhere.",\n   "inputSchema": {{"type": "object", "properties":'
            ' {{"tz": {{"type": "string", "description": "IANA zone name, e.g. Europe/Lisbon"}}}}}}}}\n]}}\n')


def rules(text: str, fmt: str = "json") -> list[str]:
    return [f.rule for f in lint_text(text, fmt)]


def test_json_line_and_block_comments_suppress():
    assert "invalid-tool-name" in rules(BAD_NAME.format(comment=""))
    assert "invalid-tool-name" not in rules(BAD_NAME.format(comment="// toollint: ignore[invalid-tool-name]"))
    assert "invalid-tool-name" not in rules(BAD_NAME.format(comment="/* toollint: ignore[TL201] */"))


def test_a_suppression_inside_a_json_string_is_text():
    text = BAD_NAME.format(comment="").replace("IANA zone name", "// toollint: ignore[invalid-tool-name] zone")
    text = text.replace('"bad name", ', '"bad name", "note": "// toollint: ignore[invalid-tool-name]", // x\n')
    assert "invalid-tool-name" in rules(text)


def test_a_bracket_inside_a_comment_does_not_make_a_comma_trailing():
    text = '{"a": 1, // see [docs]\n "b": 2}'
    assert blank_jsonc(text) == '{"a": 1, ' + " " * len("// see [docs]") + '\n "b": 2}'


def test_a_misspelt_name_gets_did_you_mean_and_a_correcting_fix():
    text = BAD_NAME.format(comment="// toollint: ignore[invalid-tool-nme]")
    findings = lint_text(text)
    unused = [f for f in findings if f.rule == "unused-suppression"]
    assert len(unused) == 1 and "did you mean `invalid-tool-name`?" in unused[0].message
    assert unused[0].autofix is not None
    fixed = apply_edits(text, "json", list(unused[0].autofix.edits))
    assert "// toollint: ignore[invalid-tool-name]" in fixed
    assert "invalid-tool-name" not in rules(fixed) and "unused-suppression" not in rules(fixed)


def test_an_unknown_name_with_nothing_close_is_still_removed():
    text = "tools:\n  - name: bad name  # toollint: ignore[no-such-thing]\n    description: x\n"
    unused = [f for f in lint_text(text, "yaml") if f.rule == "unused-suppression"]
    assert unused and "remove it" in unused[0].message
    assert "toollint" not in apply_edits(text, "yaml", list(unused[0].autofix.edits))


def test_code_frames_of_json_with_comments_show_the_comments():
    source = parse_text(BAD_NAME.format(comment="// keep me"), "t.json", "json")
    assert "// keep me" in source.lines.line_text(2)
