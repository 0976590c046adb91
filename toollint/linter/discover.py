"""Turn the paths a user gives into the files to lint."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from toollint.document.source import SUPPORTED_SUFFIXES
from toollint.linter.config import Settings
from toollint.linter.gitignore import GitIgnore
from toollint.safeio import is_regular


@dataclass(frozen=True)
class Candidate:
    path: str  # where to read it
    display: str  # how to name it in findings
    explicit: bool  # named on the command line (so a file without tools is still listed by --show-files)
    skipped: str | None = None  # why it is reported but not read (outside link, FIFO, unreadable directory)


def display_path(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def _relative_to_root(path: str, settings: Settings) -> str:
    try:
        return Path(os.path.abspath(path)).relative_to(_resolved(settings.root, os.getcwd())).as_posix()
    except ValueError:
        return Path(path).as_posix()


@lru_cache(maxsize=8)
def _resolved(root: Path, cwd: str) -> Path:
    """`root.resolve()` once per run, not once per file (`cwd` is part of the key: a relative root moves with it)."""
    return root.resolve()


@lru_cache(maxsize=8)
def _exclusion(patterns: tuple[str, ...]) -> Callable[[str], re.Match[str] | None] | None:
    """One regex for all exclude globs (fnmatch's own translation), so a path costs one match per part."""
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{fnmatch.translate(os.path.normcase(p))})" for p in patterns)).match


def is_excluded(path: str, settings: Settings) -> bool:
    match = _exclusion(settings.exclude + settings.extend_exclude)
    if match is None:
        return False
    relative = os.path.normcase(_relative_to_root(path, settings))
    return any(match(part) for part in (relative, *relative.split("/")))


def _skip_directory(entry: os.DirEntry[str], settings: Settings, gitignore: GitIgnore | None) -> bool:
    """Hidden directories (.github, .vscode) are walked unless excluded; .git and caches are in the default excludes."""
    if entry.name in settings.exclude:
        return True
    if os.path.exists(os.path.join(entry.path, "pyvenv.cfg")):
        return True
    return is_excluded(entry.path, settings) or (gitignore is not None and gitignore.ignored(entry.path, is_dir=True))


def discover(paths: list[str], settings: Settings, *, force_exclude: bool = False) -> Iterator[Candidate]:
    """Files to lint, in a stable order, each once. Directory symlinks are not followed (no loops)."""
    seen: set[str] = set()
    gitignore = GitIgnore() if settings.respect_gitignore else None
    for given in paths:
        if os.path.isdir(given):
            for path, skipped in sorted(_walk(given, settings, gitignore), key=lambda item: item[0]):
                real = os.path.realpath(path)
                if real not in seen or skipped is not None:
                    seen.add(real)
                    yield Candidate(path, display_path(path), False, skipped)
        else:
            if force_exclude and is_excluded(given, settings):
                continue
            real = os.path.realpath(given)
            if real not in seen:
                seen.add(real)
                yield Candidate(given, display_path(given), True)


def _walk(top: str, settings: Settings, gitignore: GitIgnore | None) -> Iterator[tuple[str, str | None]]:
    """(path, None) for each file to read under `top`; (path, reason) for what is found but not read:
    unreadable directories, FIFOs and other non-regular files (reading them blocks or never ends), and
    symlinks to files outside `top` (a link committed in a pull request must not print a secret)."""
    root = os.path.realpath(top)
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as error:
            yield directory, f"not read: cannot list the directory: {error.strerror or error}"
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    if not _skip_directory(entry, settings, gitignore):
                        stack.append(entry.path)
                elif entry.name.lower().endswith(SUPPORTED_SUFFIXES) and not is_excluded(entry.path, settings) \
                        and not (gitignore is not None and gitignore.ignored(entry.path, is_dir=False)):
                    yield entry.path, _why_not_read(entry, root)
            except OSError as error:
                yield entry.path, f"not read: {error.strerror or error}"


def _why_not_read(entry: os.DirEntry[str], root: str) -> str | None:
    if entry.is_symlink():
        real = os.path.realpath(entry.path)
        if os.path.commonpath([real, root]) != root:
            return ("not read: a symlink to a file outside the scanned directory (toollint does not follow links "
                    "out of the tree it is given; name the file itself to check it)")
    regular, what = is_regular(entry.path)
    return None if regular or not what.startswith("a ") else f"not read: {what}, not a regular file"
