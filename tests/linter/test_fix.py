"""`toollint check --fix / --diff / --fix-only / --unsafe-fixes`: golden diffs per fix on JSON and YAML, layout
kept, idempotent, atomic and safe on bad input; fixes carried in the JSON and SARIF output.

Regenerate the golden diffs after an intended change with `UPDATE_SNAPSHOTS=1 pytest tests/test_fix.py`.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from toollint.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "fix"

# case -> the options it is checked with
CASES = {
    "keyword.json": [], "keyword.yaml": [],
    "types.json": [], "types.yaml": [],
    "required.json": [], "required.yaml": [],
    "invisible.json": [], "invisible.yaml": [],
    "regex.json": [], "regex.yaml": [],
    "suppression.yaml": [],
    "format.json": ["--target", "anthropic"],
    "strict.json": ["--target", "openai", "--unsafe-fixes"],
    "strict.yaml": ["--target", "openai", "--unsafe-fixes"],
    "default.json": ["--unsafe-fixes"], "default.yaml": ["--unsafe-fixes"],
}


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(main, ["check", "--isolated", "--no-color", *args], input=input)


def copy_case(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copyfile(FIXTURES / name, target)
    return target


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_diff_then_fix_then_nothing_left(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    path = copy_case(tmp_path, name)
    before = path.read_bytes()
    shown = invoke("--diff", *CASES[name], name)
    assert shown.exit_code == 1, shown.output
    assert path.read_bytes() == before  # --diff writes nothing
    golden = FIXTURES / (name + ".diff")
    if os.environ.get("UPDATE_SNAPSHOTS"):
        golden.write_text(shown.stdout, encoding="utf-8")
    assert shown.stdout == golden.read_text(encoding="utf-8")

    fixed = invoke("--fix", *CASES[name], name)
    assert fixed.exit_code in (0, 1), fixed.output
    after = path.read_text(encoding="utf-8")
    assert _apply_unified_diff(before.decode("utf-8"), shown.stdout) == after

    again = invoke("--diff", *CASES[name], name)
    assert again.exit_code == 0 and again.stdout == ""
    assert invoke("--fix", *CASES[name], name).exit_code in (0, 1)
    assert path.read_text(encoding="utf-8") == after  # a second run changes nothing


def _apply_unified_diff(text: str, diff: str) -> str:
    """Apply a single-file unified diff (what `--diff` printed) to text, checking every context line."""
    lines = text.splitlines(keepends=True)
    out, cursor = [], 0
    hunks = diff.split("\n@@ ")[1:]
    for hunk in hunks:
        header, _, body = hunk.partition("\n")
        start = int(header.split()[0][1:].split(",")[0]) - 1
        out.extend(lines[cursor:start])
        cursor = start
        for line in body.splitlines(keepends=True):
            if line.startswith("\\"):
                out[-1] = out[-1].rstrip("\n")
                continue
            tag, content = line[0], line[1:]
            if tag in " -":
                assert lines[cursor] == content, (lines[cursor], content)
                cursor += 1
            if tag in " +":
                out.append(content)
    out.extend(lines[cursor:])
    return "".join(out)


def test_unsafe_fixes_need_the_flag(tmp_path):
    path = copy_case(tmp_path, "strict.json")
    before = path.read_bytes()
    listed = invoke("--target", "openai", str(path))
    assert "[*]" not in listed.stdout
    assert "3 fixable with the `--fix --unsafe-fixes` options." in listed.stdout
    fixed = invoke("--fix", "--target", "openai", str(path))
    assert fixed.exit_code == 1 and path.read_bytes() == before
    assert "0 fixed, 3 remaining." in fixed.stdout


def test_fixable_findings_are_marked_and_counted(tmp_path):
    path = copy_case(tmp_path, "keyword.json")
    listed = invoke(str(path))
    assert listed.stdout.count("[*] ") == 3  # two findings and the summary line
    assert "[*] 2 fixable with the `--fix` option." in listed.stdout
    concise = invoke("--output-format", "concise", str(path))
    assert "TL108 [*] `minLenght` is not a JSON Schema keyword" in concise.stdout
    fixed = invoke("--fix", str(path))
    assert fixed.exit_code == 0 and "2 fixed, 0 remaining. All checks passed!" in fixed.stdout


def test_fix_only_reports_counts_and_exits_zero(tmp_path):
    path = copy_case(tmp_path, "suppression.yaml")
    result = invoke("--fix-only", str(path))
    assert result.exit_code == 0
    assert result.stdout == "3 fixed, 0 remaining.\n"
    text = path.read_text(encoding="utf-8")
    assert "# toollint: ignore[unknown-keyword]\n" in text and "invalid-tool-name" not in text


def test_stdin_fix_prints_the_fixed_text(tmp_path):
    text = (FIXTURES / "keyword.yaml").read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--isolated", "--fix", "--stdin-filename", "keyword.yaml", "-"],
                                input=text)
    assert result.exit_code == 0, result.output
    assert "minLength: 1          # at least one character\n" in result.stdout
    assert result.stdout.startswith("# Rename tool (hand-written; keep the comments)\n")
    assert "2 fixed, 0 remaining." in result.stderr


def test_no_write_on_a_parse_error(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x", "input_schema": {"type": "dict",}', encoding="utf-8")
    before = path.read_bytes()
    result = invoke("--fix", str(path))
    assert result.exit_code == 1 and "TL001" in result.stdout
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["broken.json"]  # no temporary file left behind


def test_write_keeps_mode_and_byte_order_mark(tmp_path):
    path = copy_case(tmp_path, "types.json")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    path.chmod(0o640)
    assert invoke("--fix", str(path)).exit_code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b'"type": "object"' in raw
    assert [p.name for p in tmp_path.iterdir()] == ["types.json"]


def test_crlf_files_keep_their_line_endings(tmp_path):
    for name in ("keyword.json", "keyword.yaml"):
        path = tmp_path / name
        path.write_bytes((FIXTURES / name).read_bytes().replace(b"\n", b"\r\n"))
        assert invoke("--fix", str(path)).exit_code == 0
        raw = path.read_bytes()
        assert b"minLength" in raw and b"\n" not in raw.replace(b"\r\n", b"")


def test_a_fix_that_adds_a_finding_is_dropped_and_reported(tmp_path):
    # `dict` -> `object` would leave a strict-mode object open to undeclared keys: a new finding (TL502).
    path = tmp_path / "t.json"
    path.write_text('{"name": "save_settings", "description": "Save the settings. Use it when the user changes a '
                    'preference.", "strict": true, "input_schema": {"type": "object", "additionalProperties": false, '
                    '"required": ["settings"], "properties": {"settings": {"type": "dict", "description": "The '
                    'settings to save"}}}}\n', encoding="utf-8")
    before = path.read_bytes()
    result = invoke("--fix", "--target", "anthropic", "--output-format", "concise", str(path))
    assert result.exit_code == 1 and path.read_bytes() == before
    assert "fix not applied: " in result.stderr and "TL101 write `\"object\"`: the result would have new findings (TL502)" \
        in result.stderr
    assert "[*]" not in result.stdout and "0 fixed, 1 remaining." in result.stdout


def test_json_and_sarif_carry_the_edits(tmp_path):
    path = copy_case(tmp_path, "keyword.json")
    findings = json.loads(invoke("--output-format", "json", str(path)).stdout)
    fixes = {f["message"].split("`")[1]: f["fixes"] for f in findings}
    assert fixes["descripton"] == [{"title": "rename `descripton` to `description`", "safety": "safe", "edits": [
        {"op": "rename", "pointer": "/input_schema/properties/new_name/descripton", "name": "description"}]}]
    sarif = json.loads(invoke("--output-format", "sarif", str(path)).stdout)
    results = sarif["runs"][0]["results"]
    replacement = results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]
    lines = path.read_text(encoding="utf-8").splitlines()
    region = replacement["deletedRegion"]
    assert region["startLine"] == region["endLine"] == 7  # the smallest change: "ht" -> "th" in minLenght
    line = lines[6]
    fixed = line[:region["startColumn"] - 1] + replacement["insertedContent"]["text"] + line[region["endColumn"] - 1:]
    assert fixed == line.replace("minLenght", "minLength")
    assert results[0]["fixes"][0]["properties"]["safety"] == "safe"


def test_no_fix_when_two_keywords_are_as_close(tmp_path):
    from toollint.linter.checks.schema.structure import keyword_candidates

    assert keyword_candidates("descripton") == ["description"]
    assert keyword_candidates("anlOf") == ["allOf", "anyOf"]
    path = tmp_path / "t.yaml"
    path.write_text("name: pick\ndescription: Pick one of the options. Use it when the user must choose.\n"
                    "input_schema:\n  type: object\n  properties:\n    choice:\n      description: The choice\n"
                    "      anlOf: [{type: string}, {type: integer}]\n", encoding="utf-8")
    listed = invoke("--output-format", "concise", str(path))
    assert "TL108 `anlOf` is not a JSON Schema keyword; did you mean `allOf`?" in listed.stdout
    before = path.read_bytes()
    assert invoke("--fix", str(path)).exit_code == 1 and path.read_bytes() == before


def test_drop_requirement_edits_for_required_with_default():
    from toollint.document.writer import apply_edits
    from toollint.linter.fixes import drop_requirement

    text = '{"type": "object", "properties": {"n": {"type": "integer", "default": 10}, "q": {"type": "string"}},\n' \
           ' "required": ["q", "n"]}\n'
    fix = drop_requirement("", ["q", "n"], "n")
    assert fix is not None and fix.safety == "unsafe"
    assert apply_edits(text, "json", list(fix.edits)) == text.replace('["q", "n"]', '["q"]')
    assert drop_requirement("", ["q"], "n") is None
