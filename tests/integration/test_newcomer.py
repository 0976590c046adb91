"""A newcomer's first hour, as the README tells it, verbatim: a fresh virtual environment in a clean copy of the
repository, the two quick-start commands, and the README's pre-commit snippet in a new git repository of
ordinary files, pinned to a commit as the README says to while no release is tagged.

Slow: it installs the project twice (plainly, then with the test extra) and builds the hook's environment. The
second quick-start command runs verbatim; PYTEST_ADDOPTS keeps its test run to a sample (CI itself runs that
command in full, on a fresh venv, in .ci/run)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _clean_copy(destination: Path) -> str:
    """This checkout's files (committed or not, nothing ignored) as one commit of a new repository: its SHA."""
    files = _git(ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, destination / name)
    _git(destination, "init", "-q")
    _git(destination, "add", "-A")
    _git(destination, "commit", "-q", "-m", "snapshot")
    return _git(destination, "rev-parse", "HEAD").strip()


def _shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=1200)


ORDINARY_FILES = {
    "tsconfig.json": '{\n  // compiler settings\n  "compilerOptions": {"strict": true, },\n}\n',
    "package.json": json.dumps({"name": "web", "version": "1.0.0", "scripts": {"build": "vite build"}}, indent=2),
    "deploy/app.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n---\napiVersion: v1\nkind: Service\n",
    "app/util.py": "def add(a: int, b: int) -> int:\n    return a + b\n",
    "README.md": "# An ordinary project\n",
    "tools/lookup.json": json.dumps({
        "name": "get_order_status",
        "description": "Look up the shipping status of one order by its ID. Use it when the customer asks where an "
                       "order is; it returns the carrier and the latest tracking event.",
        "input_schema": {"type": "object", "additionalProperties": False, "required": ["order_id"], "properties": {
            "order_id": {"type": "string", "pattern": "^ORD-[0-9]{8}$",
                         "description": "The order ID printed on the receipt, e.g. ORD-20260917."}}}}, indent=2),
}


def test_the_readme_quick_start_and_pre_commit_snippet_work_on_a_fresh_machine(tmp_path):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout of toollint")
    quick_start = re.findall(r"```sh\n(.*?)\n```", _section("Quick start"), flags=re.S)
    assert len(quick_start) == 2, "the quick start has exactly two set-up commands"
    clone = tmp_path / "toollint"
    sha = _clean_copy(clone)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), NO_COLOR="1")

    first = _shell(quick_start[0], clone, env)  # install, then lint the shipped fixtures
    output = first.stdout + first.stderr
    assert first.returncode == 1, output  # the README: seeded mistakes, so findings and exit code 1
    assert "fixtures/" in first.stdout and "Traceback" not in output

    second = _shell(quick_start[1], clone, {**env, "PYTEST_ADDOPTS": "-q -p no:cacheprovider -m 'not slow' "
                                            "tests/linter/test_rule_examples.py tests/test_api.py"})
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
    assert "[100%]" in second.stdout and "error" not in second.stdout.lower()

    snippet = re.findall(r"```yaml\n(.*?)```", _section("pre-commit"), flags=re.S)[0]
    config = re.sub(r"repo: \S+", f"repo: {clone.as_posix()}", snippet, count=1)  # "the path of your clone"
    config = re.sub(r"rev: [0-9a-f]{40}", f"rev: {sha}", config, count=1)  # "pin rev to a commit SHA"
    assert f"rev: {sha}" in config and f"repo: {clone.as_posix()}" in config
    project = tmp_path / "project"
    for name, text in {**ORDINARY_FILES, ".pre-commit-config.yaml": config}.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "initial")
    hooks = _shell("pre-commit run --all-files --color never", project, env)
    output = hooks.stdout + hooks.stderr
    assert hooks.returncode == 0, output
    assert re.search(r"^toollint check\.+Passed", output, flags=re.M), output
    assert re.search(r"^toollint strictify --check\.+Passed", output, flags=re.M), output
