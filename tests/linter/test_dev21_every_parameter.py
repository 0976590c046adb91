"""missing-param-description's option `every-parameter` (off by default): a team that describes every parameter
gets each one without a description reported, whatever its name says (`query`, `url`, `limit`). Flags, enums,
objects with `properties`, protocol fields and parameters the docstring documents are still left alone. Set in
`pyproject.toml` as any rule option; the listing is made by the `mcp` SDK's own server."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from helpers import framework_listing as listed

import toollint
from toollint.cli import main
from toollint.linter.config import Settings

_EVERY = Settings(rule_settings={"missing-param-description": {"every-parameter": True}})


def _search(query: str, url: str, limit: int = 10, exact: bool = False, sort: str = "date",
            data: dict | None = None, region: str = "") -> str:
    """Search the archive of one site.

    Args:
        region: 地区代码，例如 cn、us。
    """
    return ""


def _reported(config: Settings | None) -> list[str]:
    return sorted(f.pointer.rsplit("/", 1)[-1] for f in toollint.lint(listed(_search), config=config)
                  if f.rule == "missing-param-description")


def test_by_default_evident_names_are_left_out():
    assert _reported(None) == ["data", "sort"]  # a `sort` could be by anything


def test_every_parameter_reports_each_undescribed_one_but_flags_and_documented_ones():
    assert _reported(_EVERY) == ["data", "limit", "query", "sort", "url"]
    finding = next(f for f in toollint.lint(listed(_search), config=_EVERY) if f.pointer.endswith("/query"))
    assert finding.note == "its name is all the model has to go on"


def test_every_parameter_set_in_pyproject(tmp_path: Path, monkeypatch):
    (tmp_path / "tools.json").write_text(
        '[{"name": "fetch_page", "description": "Fetch one web page and return its text.",\n'
        '  "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}}]\n', encoding="utf-8")
    arguments = ["check", "--select", "missing-param-description", "--output-format", "concise", "tools.json"]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        "[tool.toollint.rules.missing-param-description]\nevery-parameter = true\n", encoding="utf-8")
    found = CliRunner().invoke(main, arguments, catch_exceptions=False)
    (tmp_path / "pyproject.toml").write_text("[tool.toollint]\n", encoding="utf-8")
    quiet = CliRunner().invoke(main, arguments, catch_exceptions=False)
    assert "tools.json:2:52: TL302 parameter `url` has no description" in found.output
    assert "`url`" not in quiet.output and quiet.exit_code == 0
