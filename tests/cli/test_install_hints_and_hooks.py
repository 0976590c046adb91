"""Issue 25, first items: install hints name our distribution, and the strictify hook passes with nothing to do."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from helpers import ROOT_DIR

# `toollint` on PyPI is an unrelated project: `pip install 'toollint[plot]'` would replace ours.
_WRONG_HINT = re.compile(r"(?<![\w-])toollint\[(?:plot|tokens|regex|bench|test)\]")


def test_every_install_hint_names_toollint_llm():
    texts = [*ROOT_DIR.joinpath("toollint").rglob("*.py"), *ROOT_DIR.joinpath("rules").glob("*.toml"),
             *ROOT_DIR.joinpath("docs").glob("*.md"), *ROOT_DIR.joinpath("bench").glob("*.py"),
             ROOT_DIR / "README.md", ROOT_DIR / "toollint" / "rules" / "catalog.json"]
    wrong = [f"{path.relative_to(ROOT_DIR)}:{number}" for path in texts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if _WRONG_HINT.search(line)]
    assert wrong == []


def test_passk_plot_without_matplotlib_exits_2_with_the_right_hint(tmp_path):
    runs = tmp_path / "runs.jsonl"
    runs.write_text('{"task_id": "a", "trial": 1, "success": true}\n{"task_id": "a", "trial": 2, "success": false}\n',
                    encoding="utf-8")
    code = ("import sys; sys.modules['matplotlib'] = None; "
            f"sys.argv = ['toollint', 'passk', {str(runs)!r}, '-k', '1,2', '--plot', {str(tmp_path / 'p.svg')!r}]; "
            "from toollint.cli import run; run()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "pip install 'toollint-llm[plot]'" in done.stderr
    assert not Path(tmp_path / "p.svg").exists()


def test_strictify_check_with_no_pairs_passes_and_says_so(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "toollint", "strictify", "--check"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "no strictify pairs configured" in done.stderr


def test_strictify_without_check_or_pairs_is_still_a_usage_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "toollint", "strictify"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "give FILE" in done.stderr
