"""The pre-commit hooks as pre-commit runs them, against a snapshot of this checkout, in a throwaway repository
that looks like an ordinary project (tsconfig.json with comments, a two-document Kubernetes manifest,
package.json, JSON Lines named .json): `pre-commit try-repo` for the check hook, and the README's
`.pre-commit-config.yaml` (repo and rev pointed at the snapshot) for the strictify hook. Slow: each builds
the hook's environment once (pip installs this project); try-repo always builds it in a fresh store."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLEAN_TOOL = {
    "name": "get_order_status",
    "description": "Look up the shipping status of one order by its ID. Use it when the customer asks where an "
                   "order is; it returns the carrier and the latest tracking event.",
    "input_schema": {"type": "object", "additionalProperties": False, "required": ["order_id"], "properties": {
        "order_id": {"type": "string", "pattern": "^ORD-[0-9]{8}$",
                     "description": "The order ID printed on the receipt, e.g. ORD-20260917."}}},
}
BROKEN_TOOL = {
    "name": "search orders",
    "description": "Gets data",
    "input_schema": {"type": "object", "required": ["query", "stauts"], "properties": {
        "query": {"type": "string", "pattern": "[a-z", "description": "Words to search order notes for."}}},
}
TSCONFIG = """{
  // compiler settings for the web client
  "compilerOptions": {
    "strict": true,
    "paths": { "@/*": ["src/*"], },  /* trailing commas are fine in tsconfig */
  },
}
"""
K8S = """apiVersion: v1
kind: ConfigMap
metadata: {name: app}
data: {LOG_LEVEL: info}
---
apiVersion: v1
kind: Service
metadata: {name: app}
spec: {ports: [{port: 80}]}
"""
JSON_LINES = '{"event": "signup", "user": 1}\n{"event": "login", "user": 1}\n'


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """This checkout's files (committed or not) committed into a fresh repository, so every try-repo call in
    the session sees one revision and pre-commit builds the hook environment once."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout of toollint")
    snapshot = tmp_path_factory.mktemp("hook-src")
    files = _git(ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, snapshot / name)
    _git(snapshot, "init", "-q")
    _git(snapshot, "add", "-A")
    _git(snapshot, "commit", "-q", "-m", "snapshot")
    return snapshot


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    project = tmp_path / "project"
    for name, text in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "initial")
    return project


def _pre_commit(project: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pre_commit", *args, "--all-files", "--color", "never"], cwd=project,
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PRE_COMMIT_HOME": str(home)})


def _try_repo(project: Path, hook_repo: Path, home: Path, hook: str) -> subprocess.CompletedProcess:
    return _pre_commit(project, home, "try-repo", str(hook_repo), hook)


def _readme_config(hook_repo: Path) -> str:
    """The README's .pre-commit-config.yaml, with repo and rev pointing at the snapshot."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## pre-commit\n", 1)[1].split("\n## ", 1)[0]
    config = re.findall(r"```yaml\n(.*?)```", section, flags=re.S)[0]
    sha = _git(hook_repo, "rev-parse", "HEAD").strip()
    config = re.sub(r"repo: \S+", f"repo: {hook_repo.as_posix()}", config, count=1)
    return re.sub(r"rev: \S+", f"rev: {sha}", config, count=1)


def test_the_check_hook_fails_only_on_the_broken_tool_file(tmp_path, hook_repo, pre_commit_home):
    project = _project(tmp_path, {
        "tools/orders.json": json.dumps(CLEAN_TOOL, indent=2) + "\n",
        "tools/search.json": json.dumps(BROKEN_TOOL, indent=2) + "\n",
        "tsconfig.json": TSCONFIG,
        ".vscode/settings.json": '{\n  // editor\n  "editor.tabSize": 2,\n}\n',
        "deploy/k8s.yaml": K8S,
        "package.json": json.dumps({"name": "web", "version": "1.0.0", "scripts": {"build": "tsc"}}) + "\n",
        "data/events.json": JSON_LINES,
    })
    result = _try_repo(project, hook_repo, pre_commit_home, "toollint")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    reported = {line.split(":", 1)[0] for line in output.splitlines() if line.startswith(("tools/", "deploy/",
                                                                                          "data/", "tsconfig",
                                                                                          "package", ".vscode"))}
    assert reported == {"tools/search.json"}, output
    assert "TL105" in output and "TL104" in output
    assert "All checks passed!" not in output and "parse-error" not in output


def test_the_strictify_hook_fails_on_a_stale_strict_file_and_passes_on_a_fresh_one(tmp_path, hook_repo,
                                                                                 pre_commit_home):
    from click.testing import CliRunner

    from toollint.cli import main

    pyproject = ('[tool.toollint.strictify."tools/orders.json"]\noutput = "tools/orders.strict.json"\n\n'
                 '[tool.toollint.strictify."tools/refund.yaml"]\noutput = "tools/refund.strict.yaml"\n'
                 'target = "openai"\n')
    refund = ("name: refund_order\ndescription: Refund a delivered order in full or in part. Use it only after the "
              "customer confirmed the amount.\nparameters:  # OpenAI legacy function shape\n  type: object\n"
              "  properties:\n    amount_cents:\n      type: integer\n      minimum: 1\n"
              "      description: Amount to refund, in cents.\n  required: [amount_cents]\n")
    project = _project(tmp_path, {"pyproject.toml": pyproject, "tools/orders.json": json.dumps(CLEAN_TOOL, indent=2),
                                  "tools/refund.yaml": refund, ".pre-commit-config.yaml": _readme_config(hook_repo)})
    cwd = os.getcwd()
    os.chdir(project)
    try:
        written = CliRunner().invoke(main, ["strictify", "-q"])
    finally:
        os.chdir(cwd)
    assert written.exit_code == 0, written.output
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "strict files")
    fresh = _pre_commit(project, pre_commit_home, "run", "toollint-strictify")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr

    (project / "tools" / "refund.yaml").write_text(refund.replace("minimum: 1", "minimum: 100"), encoding="utf-8")
    _git(project, "commit", "-q", "-am", "raise the minimum")
    stale = _pre_commit(project, pre_commit_home, "run", "toollint-strictify")
    output = stale.stdout + stale.stderr
    assert stale.returncode == 1, output
    assert "tools/refund.strict.yaml is out of date" in output
    assert "orders.strict.json" not in output


PYTHON_SERVER = '''from mcp.server.mcpserver import MCPServer

mcp = MCPServer("weather")


@mcp.tool()
def get_forecast(city: str, days: int = 3) -> str:
    """Weather forecast for a city, one line per day, temperatures in degrees Celsius.

    Args:
        city: City name in English, e.g. "Lisbon".
        days: How many days ahead to forecast, from 1 to 7.
    """
    return ""
'''


def test_a_python_mcp_server_repository_passes_the_readme_snippet(tmp_path, hook_repo, pre_commit_home):
    """The README's config verbatim (repo and rev pointed at the snapshot) on a FastMCP-style server: the clean
    server passes; a broken tool name fails with the .py line."""
    files = {
        ".pre-commit-config.yaml": _readme_config(hook_repo),
        "pyproject.toml": '[project]\nname = "weather-mcp"\nversion = "0.1.0"\ndependencies = ["mcp>=2"]\n',
        "src/weather_mcp/__init__.py": "",
        "src/weather_mcp/server.py": PYTHON_SERVER,
        "src/weather_mcp/units.py": "def celsius(fahrenheit: float) -> float:\n    return (fahrenheit - 32) / 1.8\n",
        "tests/test_units.py": "from weather_mcp.units import celsius\n\n\ndef test_celsius():\n    assert celsius(32) == 0\n",
    }
    project = _project(tmp_path, files)
    clean = _pre_commit(project, pre_commit_home, "run", "toollint")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    server = project / "src" / "weather_mcp" / "server.py"
    server.write_text(PYTHON_SERVER.replace("@mcp.tool()", '@mcp.tool(name="get forecast")'), encoding="utf-8")
    _git(project, "commit", "-q", "-am", "rename the tool")
    broken = _pre_commit(project, pre_commit_home, "run", "toollint")
    output = broken.stdout + broken.stderr
    assert broken.returncode == 1, output
    assert "src/weather_mcp/server.py:6:" in output and "TL201" in output
