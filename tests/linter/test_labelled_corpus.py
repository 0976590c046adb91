"""The labelled poka-yoke corpus: every tool gets the findings its label says, and no others it forbids.

The corpus lives in fixtures/labelled/ (its own tools, written for it); labels.toml describes it.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from helpers import ROOT_DIR

from toollint.document.dialects import find_tools
from toollint.document.source import read_path
from toollint.linter.catalog import load_catalog, tomllib
from toollint.linter.config import Settings
from toollint.linter.engine import Linter

CORPUS = ROOT_DIR / "fixtures" / "labelled"
LABELS = tomllib.loads((CORPUS / "labels.toml").read_text(encoding="utf-8"))
POKA_YOKE = LABELS["poka-yoke"]
SHAPES = {"anthropic", "openai-chat", "openai-responses", "openai-functions", "mcp-tool", "mcp-tools-list", "gemini",
          "request-body"}


def _findings(path: Path) -> dict[str | None, set[str]]:
    result = Linter(Settings(select=("ALL", "OPT-IN"))).lint(read_path(str(path)))  # the opt-in rules too
    by_tool: dict[str | None, set[str]] = defaultdict(set)
    for finding in result.findings:
        by_tool[finding.tool].add(finding.rule)
    return by_tool


FINDINGS = {entry["path"]: _findings(CORPUS / entry["path"]) for entry in LABELS["file"]}
CASES = [pytest.param(entry, tool, id=f"{entry['path']}::{tool['name']}")
         for entry in LABELS["file"] for tool in entry["tools"]]


def _forbidden(tool: dict) -> set[str]:
    names = set(tool.get("must_not", ()))
    if "ALL" in names:
        names = (names - {"ALL"}) | (set(POKA_YOKE) - set(tool.get("must", ())))
    return names


@pytest.mark.parametrize(("entry", "tool"), CASES)
def test_label(entry, tool):
    fired = FINDINGS[entry["path"]].get(tool["name"], set())
    missing = set(tool.get("must", ())) - fired
    unwanted = _forbidden(tool) & fired
    assert not missing, f"{tool['name']} should get {sorted(missing)}; got {sorted(fired)}"
    assert not unwanted, f"{tool['name']} must not get {sorted(unwanted)}; got {sorted(fired)}"


def test_labels_name_real_rules():
    catalog = load_catalog()
    assert set(POKA_YOKE) <= set(catalog)
    for entry in LABELS["file"]:
        for tool in entry["tools"]:
            for rule in (*tool.get("must", ()), *tool.get("must_not", ())):
                assert rule == "ALL" or rule in catalog, f"{entry['path']}::{tool['name']}: unknown rule {rule}"


@pytest.mark.parametrize("entry", LABELS["file"], ids=lambda e: e["path"])
def test_every_tool_is_labelled_and_detected_in_its_dialect(entry):
    source = read_path(str(CORPUS / entry["path"]))
    assert source.problem is None, source.problem
    tools = find_tools(source.data)
    assert sorted(t.name for t in tools) == sorted(t["name"] for t in entry["tools"])
    assert {t.dialect.name for t in tools} == {entry["dialect"]}


def test_corpus_size_and_coverage():
    entries = LABELS["file"]
    tools = [tool for entry in entries for tool in entry["tools"]]
    assert len(tools) >= 60
    assert {entry["shape"] for entry in entries} == SHAPES
    assert {entry["lang"] for entry in entries} == {"en", "zh"}
    assert {Path(entry["path"]).suffix for entry in entries} == {".json", ".yaml"}
    for lang in ("en", "zh"):
        assert sum(len(e["tools"]) for e in entries if e["lang"] == lang) >= 25
    files = {p.name for p in CORPUS.iterdir() if p.suffix in (".json", ".yaml")}
    assert files == {entry["path"] for entry in entries}, "every corpus file has labels"


def test_every_poka_yoke_rule_is_exercised_both_ways():
    must = {rule for entry in LABELS["file"] for tool in entry["tools"] for rule in tool.get("must", ())}
    must_not = {rule for entry in LABELS["file"] for tool in entry["tools"] for rule in _forbidden(tool)}
    assert set(POKA_YOKE) <= must
    assert set(POKA_YOKE) <= must_not
