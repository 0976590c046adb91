"""The version of a framework a project pins, read from its lock or requirement files (never from an
installed package: the linted project's environment is not ours to import)."""

from __future__ import annotations

import os
import re
from functools import lru_cache

_FILES = ("uv.lock", "poetry.lock", "pylock.toml", "pyproject.toml", "requirements.txt", "setup.cfg")
_MAX_BYTES = 2 * 1024 * 1024
_MAX_LEVELS = 6


def pinned_version(path: str | None, package: str) -> tuple[int, int, int] | None:
    """The version a project installs: a lock file's, an exact `==` pin, or the newest below an upper bound
    (`<3`, `~=2.10`); None when nothing bounds it (the newest release is then assumed)."""
    if path is None:
        return None
    return _search(os.path.dirname(os.path.abspath(path)), package)


@lru_cache(maxsize=64)
def _search(directory: str, package: str) -> tuple[int, int, int] | None:
    for _ in range(_MAX_LEVELS):
        for name in _FILES:
            candidate = os.path.join(directory, name)
            if os.path.isfile(candidate):
                found = _read(candidate, package)
                if found is not None:
                    return found
        parent = os.path.dirname(directory)
        if parent == directory or os.path.isdir(os.path.join(directory, ".git")):
            break
        directory = parent
    return None


def _read(path: str, package: str) -> tuple[int, int, int] | None:
    try:
        with open(path, "rb") as handle:
            text = handle.read(_MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    if path.endswith(".lock") or path.endswith("pylock.toml"):
        match = re.search(rf'name\s*=\s*"{re.escape(package)}"\s*\n\s*version\s*=\s*"([0-9.]+)', text)
        return _parse(match.group(1)) if match else None
    match = re.search(rf'(?<![\w.-]){re.escape(package)}(?:\[[^\]]*\])?\s*([=<>!~][^;"\'\n#]*)', text)
    if match is None:
        return None
    spec = match.group(1)
    exact = re.search(r"===?\s*([0-9][0-9.]*)", spec)
    if exact:
        return _parse(exact.group(1))
    compatible = re.search(r"~=\s*([0-9]+)\.", spec)
    below = re.search(r"<\s*([0-9]+)(?:\.([0-9]+))?", spec)
    if below:
        major, minor = int(below.group(1)), int(below.group(2) or 0)
        return (major, minor - 1, 999) if minor else (major - 1, 999, 999)
    if compatible:
        return (int(compatible.group(1)), 999, 999)
    return None


def _parse(text: str) -> tuple[int, int, int]:
    parts = [int(p) for p in re.findall(r"[0-9]+", text)[:3]]
    return (parts + [0, 0, 0])[0], (parts + [0, 0, 0])[1], (parts + [0, 0, 0])[2]
