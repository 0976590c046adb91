"""The GitHub Action and the README's workflow and pre-commit examples: valid for GitHub's schemas and a
workflow linter (check-jsonschema's vendored schemas and zizmor, both offline), and the action's check
step run as the runner runs it (bash -eo pipefail, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

pytestmark = pytest.mark.slow  # external linters as subprocesses

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
BAD = {"name": "bad name", "description": "Current time in an IANA time zone. Use it when the user asks the time.",
       "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}}}


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


def _is_commit(rev: str) -> bool:
    """A full commit SHA, and one of this repository when its history is here (a shallow clone may lack it)."""
    if not re.fullmatch(r"[0-9a-f]{40}", rev):
        return False
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return True
    shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT, capture_output=True, text=True)
    if shallow.stdout.strip() != "false":
        return True
    found = subprocess.run(["git", "cat-file", "-e", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True)
    return found.returncode == 0


def _readme_yaml(section: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    part = readme.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", part, flags=re.S)[0]


@pytest.fixture(scope="module")
def workflow(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("wf") / ".github" / "workflows" / "toollint.yml"
    path.parent.mkdir(parents=True)
    path.write_text(_readme_yaml("GitHub Action"), encoding="utf-8")
    return path


def test_action_and_readme_workflow_match_githubs_schemas(workflow):
    checker = _tool("check-jsonschema")
    for schema, path in (("vendor.github-actions", ROOT / "action.yml"), ("vendor.github-workflows", workflow)):
        result = subprocess.run([checker, "--builtin-schema", schema, str(path)], capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_finds_nothing_in_the_action_or_the_readme_workflow(workflow, tmp_path):
    zizmor = _tool("zizmor")
    # Every action is pinned by hash, toollint's own included (zizmor's default policy).
    for path in (ROOT / "action.yml", workflow):
        result = subprocess.run([zizmor, "--offline", "--no-progress", str(path)],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_readme_workflow_uses_the_action_with_its_inputs(workflow):
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))
    steps = YAML(typ="safe").load(workflow.read_text(encoding="utf-8"))["jobs"]["toollint"]["steps"]
    (ours,) = [s for s in steps if s.get("uses", "").startswith("toollint-llm/toollint@")]
    assert _is_commit(ours["uses"].rsplit("@", 1)[1])
    assert set(ours["with"]) <= set(action["inputs"]) and {"paths", "targets", "fail-on", "sarif"} <= set(action["inputs"])


def test_the_readme_pre_commit_example_names_real_hooks():
    config = YAML(typ="safe").load(_readme_yaml("pre-commit"))
    hooks = {h["id"]: h for h in YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    (repo,) = config["repos"]
    assert _is_commit(repo["rev"])  # no release is tagged: the README pins a commit (issue 25)
    assert {h["id"] for h in repo["hooks"]} <= set(hooks)
    assert set(hooks["toollint"]["types_or"]) == {"json", "yaml", "python"}  # Python tool source is linted too
    assert all(hook["require_serial"] is True for hook in hooks.values())


def _check_step() -> str:
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))
    (step,) = [s for s in action["runs"]["steps"] if s.get("id") == "check"]
    return step["run"]


def _run_check_step(tmp_path: Path, **inputs: str) -> tuple[subprocess.CompletedProcess, dict[str, str], str]:
    script = tmp_path / "step.sh"
    script.write_text(_check_step(), encoding="utf-8")
    output, summary = tmp_path / "output", tmp_path / "summary"
    env = {**os.environ, "TOOLLINT": _tool("toollint"), "GITHUB_OUTPUT": str(output),
           "GITHUB_STEP_SUMMARY": str(summary), "RUNNER_TEMP": str(tmp_path), "INPUT_PATHS": ".", "INPUT_TARGETS": "",
           "INPUT_FAIL_ON": "warning", "INPUT_SARIF": "false", "INPUT_SARIF_FILE": "toollint.sarif", "INPUT_ARGS": "",
           **{f"INPUT_{k.upper()}": v for k, v in inputs.items()}}
    env.pop("NO_COLOR", None)
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=tmp_path / "repo",
                            env=env, capture_output=True, text=True, timeout=120)
    outputs = dict(line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines())
    return result, outputs, summary.read_text(encoding="utf-8")


def test_the_check_step_annotates_summarises_and_writes_sarif(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "tools").mkdir()
    (repo / "tools" / "t.json").write_text(json.dumps(BAD), encoding="utf-8")
    (repo / "package.json").write_text('{"name": "web"}', encoding="utf-8")
    result, outputs, summary = _run_check_step(tmp_path, paths="tools\npackage.json", targets="anthropic,openai",
                                               sarif="true", args="--select TL2")
    assert result.returncode == 0, result.stderr  # the step records the code; a later step fails the job
    assert outputs == {"exit-code": "1", "sarif-file": "toollint.sarif"}
    assert result.stdout.startswith("::error file=tools/t.json,line=1,")
    assert "### toollint" in summary and "Found 1 problem" in summary and "tools/t.json:1:" in summary
    log = json.loads((repo / "toollint.sarif").read_text(encoding="utf-8"))
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "tools/t.json"


def test_the_check_step_passes_a_clean_run(tmp_path):
    (tmp_path / "repo").mkdir()
    shutil.copy(ROOT / "fixtures" / "refund.json", tmp_path / "repo" / "refund.json")
    result, outputs, summary = _run_check_step(tmp_path)
    assert result.returncode == 0 and outputs == {"exit-code": "0"}
    assert "All checks passed!" in summary and "<details>" not in summary
