"""Text from tool files, snapshots, run logs and servers never reaches the terminal or a CI log raw, in any
output outside check's five formats (reliability review 2, item 8): no ESC/BEL/CR/bidi character, and no
line a GitHub Actions runner would read as a workflow command."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hostile.util import REFUND, toollint, write_json
from toollint.errors import ServerError

EVIL = "x\x1b]0;pwned\x07\x1b[2J\r\u202e\n::add-mask::secret\n  ::error file=a.json::owned"
RAW = re.compile("[\x1b\x07\r\u202e]")


def assert_neutral(text: str) -> None:
    assert not RAW.search(text), text
    assert not any(line.lstrip().startswith("::") for line in text.splitlines()), text


def evil_tools(path: Path, description: str = "Refund one order and return the refund id.") -> Path:
    return write_json(path, [{**REFUND, "name": EVIL, "description": description}])


def test_statistics_text_and_json(tmp_path):
    evil_tools(tmp_path / "tools.json")
    for args in ((), ("--output-format", "json")):
        result = toollint("check", "--isolated", "--statistics", *args, str(tmp_path / "tools.json"))
        assert "pwned" in result.stdout or "x" in result.stdout
        assert_neutral(result.stdout)


def test_diff_text_and_json(tmp_path):
    old = write_json(tmp_path / "old.json", [REFUND])
    new = evil_tools(tmp_path / "new.json")
    for args in ((), ("--output-format", "json")):
        result = toollint("diff", *args, str(old), str(new))
        assert result.exit_code in (0, 1) and "pwned" in result.stdout
        assert_neutral(result.stdout)


def test_passk_by_tool_text_and_json(tmp_path):
    runs = tmp_path / "runs.jsonl"
    runs.write_text("".join(json.dumps({"task_id": f"t{n}", "trial": 1, "success": n % 2 == 0, "tool": EVIL}) + "\n"
                            for n in range(4)), encoding="utf-8")
    for args in ((), ("--output-format", "json")):
        result = toollint("passk", str(runs), "-k", "1", "--by", "tool", *args)
        assert result.exit_code == 0, result.stderr
        assert "pwned" in result.stdout
        assert_neutral(result.stdout)


def test_show_files_with_a_newline_in_a_file_name(tmp_path):
    evil_tools(tmp_path / "x\n::error file=a.json::owned.json")
    result = toollint("check", "--isolated", "--show-files", str(tmp_path))
    assert "owned" in result.stdout
    assert_neutral(result.stdout)


def test_a_server_error_neutralises_its_reason_and_stderr_tail():
    error = ServerError("srv", f"answered `tools/list` with JSON-RPC error -1: {EVIL}",
                        f"starting\n{EVIL}\n::warning::x")
    assert "pwned" in str(error)
    assert_neutral(str(error))


def test_a_lone_surrogate_in_passk_json_output_is_escaped_not_a_crash(tmp_path):
    runs = tmp_path / "runs.jsonl"
    runs.write_text(json.dumps({"task_id": "t\\ud800", "trial": 1, "success": True})
                    .replace("\\\\ud800", "\\ud800") + "\n", encoding="utf-8")
    result = toollint("passk", str(runs), "-k", "1", "--output-format", "json")
    assert result.exit_code == 0, result.stderr
    assert "\\ud800" in result.stdout


def test_explain_json_escapes_bidi_and_c1_from_the_paste():
    paste = "Invalid schema for function 'ev\u202eil\x9b[2J': In context=(), 'required' is required"
    result = toollint("explain", "--output-format", "json", paste)
    assert result.exit_code in (0, 1)
    assert "\u202e" not in result.stdout and "\x9b" not in result.stdout
    assert "\\u202e" in result.stdout
