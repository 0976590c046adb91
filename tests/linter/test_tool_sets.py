"""Tool sets across files and servers: `check --tool-set`, `[tool.toollint.tool-sets]`, TL204 and TL205."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from toollint.cli import main

GOOD = "Fetch one thing by its id and return it with its status; use it when the user names the thing."


def snapshot(server: str | None, *names: str) -> str:
    data: dict = {"serverInfo": {"name": server, "version": "1.0"}} if server else {}
    data["tools"] = [{"name": name, "description": GOOD, "inputSchema": {"type": "object", "properties": {
        "limit": {"type": "integer", "description": "How many results at most"}}}} for name in names]
    return json.dumps(data, indent=2)


def invoke(*args: str, cwd: Path):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(old)


def findings(result) -> list[dict]:
    assert result.exit_code in (0, 1), result.output + result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def two_snapshots(tmp_path):
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "github.json").write_text(snapshot("github", "search_issues", "get_issue"))
    (tmp_path / "snapshots" / "linear.json").write_text(snapshot("linear", "search_issues", "create_ticket"))
    return tmp_path


def test_tool_set_flag_reports_a_name_colliding_across_servers_once(two_snapshots):
    result = invoke("check", "--isolated", "--tool-set", "--output-format", "json", "snapshots", cwd=two_snapshots)
    collisions = [f for f in findings(result) if f["code"] == "TL204"]
    assert len(collisions) == 1
    hit = collisions[0]
    assert hit["file"] == os.path.join("snapshots", "linear.json") and hit["server"] == "linear"
    assert hit["tool"] == "search_issues" and hit["pointer"] == "/tools/0/name"
    lines = (two_snapshots / "snapshots" / "linear.json").read_text().splitlines()
    assert lines[hit["line"] - 1][hit["column"] - 1:].startswith('"search_issues"')
    assert "also defined by server `github`" in hit["message"]
    assert "at snapshots/github.json:" in hit["note"].replace(os.sep, "/")
    without = invoke("check", "--isolated", "--output-format", "json", "snapshots", cwd=two_snapshots)
    assert not [f for f in findings(without) if f["code"] == "TL204"]


def test_config_tool_set_is_checked_when_one_of_its_files_is(two_snapshots):
    (two_snapshots / "pyproject.toml").write_text('[tool.toollint.tool-sets]\nassistant = ["snapshots/*.json"]\n')
    result = invoke("check", "--output-format", "json", "snapshots/github.json", cwd=two_snapshots)
    collisions = [f for f in findings(result) if f["code"] == "TL204"]
    assert [(f["file"].replace(os.sep, "/"), f["tool"]) for f in collisions] == [("snapshots/linear.json",
                                                                                 "search_issues")]
    other = two_snapshots / "other.json"
    other.write_text(snapshot(None, "search_issues"))
    unrelated = invoke("check", "--output-format", "json", "other.json", cwd=two_snapshots)
    assert not [f for f in findings(unrelated) if f["code"] == "TL204"]


def test_prefixed_name_over_64_characters_is_reported_with_the_configured_server_name(two_snapshots):
    long_name = "create_ticket_with_all_custom_fields_and_watchers_from_template"  # 63: fits on its own
    (two_snapshots / "snapshots" / "linear.json").write_text(snapshot("linear", long_name))
    (two_snapshots / "pyproject.toml").write_text(
        '[tool.toollint.tool-sets.assistant]\nlin = "snapshots/linear.json"\ngh = "snapshots/github.json"\n')
    result = invoke("check", "--output-format", "json", "snapshots", cwd=two_snapshots)
    too_long = [f for f in findings(result) if f["code"] == "TL205"]
    assert len(too_long) == 1 and too_long[0]["tool"] == long_name
    assert "is 73 characters once a client prefixes it (limit 64)" in too_long[0]["message"]
    assert f"makes it `mcp__lin__{long_name}`" in too_long[0]["note"]
    assert "over the 64-character limit" in too_long[0]["note"] and "by 9" in too_long[0]["help"]
    # the client's own prefix scheme, from the rule's options
    (two_snapshots / "pyproject.toml").write_text(
        '[tool.toollint.rules.prefixed-name-too-long]\nprefix-format = "{server}_{tool}"\n')
    result = invoke("check", "--output-format", "json", "snapshots", cwd=two_snapshots)
    assert [f["note"].split(", over")[0] for f in findings(result) if f["code"] == "TL205"] == [
        f"server `linear` makes it `linear_{long_name}`"]


def test_lone_snapshot_gets_the_prefix_check_but_plain_tool_files_do_not(tmp_path):
    name = "summarize_every_unread_message_in_all_channels_of_workspace"  # 59
    (tmp_path / "slack.json").write_text(snapshot("slack-workspace-tools", name))
    (tmp_path / "plain.json").write_text(snapshot(None, name))
    result = invoke("check", "--isolated", "--output-format", "json", ".", cwd=tmp_path)
    assert [(f["file"], f["server"]) for f in findings(result) if f["code"] == "TL205"] == [
        ("slack.json", "slack-workspace-tools")]


def test_anthropic_file_in_a_set_collides_but_is_not_prefixed(tmp_path):
    (tmp_path / "local.json").write_text(json.dumps([{"name": "get_issue", "description": GOOD, "input_schema": {
        "type": "object", "properties": {}}}]))
    (tmp_path / "github.json").write_text(snapshot("github", "get_issue"))
    result = invoke("check", "--isolated", "--tool-set", "--output-format", "json", "local.json", "github.json",
                    cwd=tmp_path)
    codes = [(f["code"], f["file"]) for f in findings(result) if f["code"] in ("TL204", "TL205")]
    assert codes == [("TL204", "github.json")]


def test_full_output_has_a_code_frame_for_a_set_finding(two_snapshots):
    result = invoke("check", "--isolated", "--tool-set", "--select", "TL204", "snapshots", cwd=two_snapshots)
    assert result.exit_code == 1
    assert '"name": "search_issues"' in result.stdout and "= server: linear; tool: search_issues" in result.stdout


@pytest.mark.parametrize(("config", "message"), [
    ('[tool.toollint]\ntool-sets = ["a.json"]\n', "`tool-sets` must be a table of tool sets"),
    ('[tool.toollint.tool-sets]\nassistant = 3\n', "tool-sets.assistant must be a list of file globs"),
    ('[tool.toollint.tool-sets]\nassistant = ["nothing/*.json"]\n', "'nothing/*.json' matches no file"),
])
def test_bad_tool_set_config_exits_2(two_snapshots, config, message):
    (two_snapshots / "pyproject.toml").write_text(config)
    result = invoke("check", "snapshots", cwd=two_snapshots)
    assert result.exit_code == 2 and message in result.stderr


def test_set_finding_has_a_code_frame_when_its_file_has_findings_of_its_own(two_snapshots):
    """The lines kept for a file's own findings need not hold a set finding's line: the frame comes from the file."""
    linear = json.loads(snapshot("linear", "search_issues", "create_ticket"))
    linear["tools"][1]["inputSchema"]["properties"]["labels"] = {"type": "array", "description": "Labels to set"}
    (two_snapshots / "snapshots" / "linear.json").write_text(json.dumps(linear, indent=2))
    result = invoke("check", "--isolated", "--tool-set", "--no-color", "snapshots", cwd=two_snapshots)
    blocks = result.stdout.split("\n\n")
    assert any("[array-missing-items]" in b and "linear.json" in b for b in blocks)
    collision = next(b for b in blocks if "[tool-set-name-collision]" in b and "linear.json" in b)
    assert '|       "name": "search_issues",' in collision


def test_a_config_tool_set_cannot_read_outside_the_project(two_snapshots, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "creds.json"
    outside.write_text(snapshot("secret", "search_issues"))
    for pattern in (str(outside), "../" + outside.name, "snapshots/../../x.json"):
        (two_snapshots / "pyproject.toml").write_text(
            f'[tool.toollint.tool-sets]\nassistant = ["snapshots/*.json", {json.dumps(pattern)}]\n')
        result = invoke("check", "--output-format", "json", "snapshots/github.json", cwd=two_snapshots)
        assert result.exit_code == 2 and "must be a path inside the project" in result.output, pattern
