"""Find the repository a path belongs to: SARIF URIs and .gitignore matching are relative to its root."""

from __future__ import annotations

from pathlib import Path


def repository_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` holding `.git` (a directory, or a file in worktrees/submodules)."""
    start = start.resolve()
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None
