"""Deeply nested input to the small formats is a message, never a RecursionError (review 2, item 10)."""

from __future__ import annotations

from hostile.util import REFUND, toollint, write_json


def test_explain_a_pasted_json_text_3000_levels_deep():
    result = toollint("explain", "[" * 3000 + "]" * 3000)
    assert result.exit_code in (0, 1) and "RecursionError" not in result.output


def test_passk_a_record_100000_levels_deep(tmp_path):
    runs = tmp_path / "runs.jsonl"
    runs.write_text('{"task_id": "t", "trial": 1, "success": true, "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n",
                    encoding="utf-8")
    result = toollint("passk", str(runs), "-k", "1")
    assert result.exit_code == 2
    assert f"{runs}:1: the JSON is nested too deeply to read" in result.stderr


def test_a_config_nested_5000_levels_deep_is_a_config_error(tmp_path):
    write_json(tmp_path / "tools.json", [REFUND])
    (tmp_path / "pyproject.toml").write_text("[tool.toollint]\nselect = " + "[" * 5000 + "]" * 5000 + "\n",
                                             encoding="utf-8")
    result = toollint("check", str(tmp_path / "tools.json"))
    assert result.exit_code == 2
    assert "invalid TOML: nested too deeply to read" in result.stderr


def test_config_select_empty_is_refused_as_the_cli_refuses_it(tmp_path):
    write_json(tmp_path / "tools.json", [REFUND])
    (tmp_path / "pyproject.toml").write_text("[tool.toollint]\nselect = []\n", encoding="utf-8")
    result = toollint("check", str(tmp_path / "tools.json"))
    assert result.exit_code == 2
    assert "`select` is empty, which would disable every rule" in result.stderr
