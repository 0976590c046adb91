"""What git ignores: the .gitignore files (and .git/info/exclude) of the repository a walked path is in,
matched by pathspec's implementation of git's rules. Outside a repository nothing is ignored, as in ruff."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from toollint.repository import repository_root
from toollint.safeio import NotRegular, read_regular

MAX_IGNORE_BYTES = 1024 * 1024
_STARS = re.compile(r"\*{2,}")


def _tamed(line: str) -> str:
    """The same pattern with runs of `*` inside a path segment written once (git matches them alike; pathspec's
    regex for a run backtracks exponentially: one committed line of 121 characters stalled `check`)."""
    if "**" not in line:
        return line
    return "/".join(("**" if len(part) > 1 else part) if set(part) <= {"*"} else _STARS.sub("*", part)
                    for part in line.split("/"))

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec


class GitIgnore:
    """Answers `ignored(path)` for paths met while walking; every .gitignore is read once."""

    def __init__(self) -> None:
        self._specs: dict[Path, GitIgnoreSpec | None] = {}
        self._chains: dict[Path, list[tuple[Path, GitIgnoreSpec]]] = {}
        self._resolved: dict[str, Path] = {}

    def ignored(self, path: str, *, is_dir: bool) -> bool:
        absolute_path = os.path.abspath(path)
        directory = os.path.dirname(absolute_path)
        parent = self._resolved.get(directory)
        if parent is None:  # the repository root is found resolved; resolve each directory once
            parent = self._resolved[directory] = Path(directory).resolve()
        absolute = parent / os.path.basename(absolute_path)
        verdict = False
        for base, spec in self._chain(parent):
            relative = absolute.relative_to(base).as_posix() + ("/" if is_dir else "")
            include = spec.check_file(relative).include
            if include is not None:  # the deepest .gitignore with a matching pattern decides
                verdict = include
        return verdict

    def _chain(self, directory: Path) -> list[tuple[Path, GitIgnoreSpec]]:
        """The specs that apply inside `directory`: its repository root's, then each level's down to it."""
        chain = self._chains.get(directory)
        if chain is None:
            root = repository_root(directory)
            if root is None:
                chain = []
            elif directory == root:
                chain = [(root, spec) for spec in (self._spec(root, root=True),) if spec]
            else:
                chain = self._chain(directory.parent) + [(directory, s) for s in (self._spec(directory),) if s]
            self._chains[directory] = chain
        return chain

    def _spec(self, directory: Path, *, root: bool = False) -> GitIgnoreSpec | None:
        if directory not in self._specs:
            lines: list[str] = []
            sources = [directory / ".git" / "info" / "exclude"] if root else []
            for file in (*sources, directory / ".gitignore"):
                try:  # a regular file of bounded size: a link to /dev/zero or a FIFO is not read
                    raw = read_regular(str(file), MAX_IGNORE_BYTES)[:MAX_IGNORE_BYTES]
                except (OSError, NotRegular):
                    continue
                lines += [_tamed(line) for line in raw.decode("utf-8", "replace").splitlines()]
            from pathspec import GitIgnoreSpec  # imported at the first .gitignore: named files need none

            self._specs[directory] = GitIgnoreSpec.from_lines(lines) if lines else None
        return self._specs[directory]
