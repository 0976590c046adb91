"""JSON Lines: one object per line, with `file:line` in every error (contract case files, pass^k runs)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toollint.errors import ToollintError


def read_text(path: Path, error: type[ToollintError]) -> str:
    """The UTF-8 text of `path` (a BOM is dropped); raises `error` naming the file when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except UnicodeDecodeError as problem:
        raise error(f"{path}: not UTF-8 text (byte offset {problem.start})") from None
    except OSError as problem:
        raise error(f"{path}: cannot read: {problem.strerror or problem}") from None


def objects(text: str, path: Path | str, error: type[ToollintError], what: str = "a JSON object per line"
            ) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(line number, "file:line", object) for each non-blank line; raises `error` at the first bad line."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as problem:
            raise error(f"{where}:{problem.colno}: invalid JSON: {problem.msg}") from None
        except RecursionError:
            raise error(f"{where}: the JSON is nested too deeply") from None
        if not isinstance(data, dict):
            raise error(f"{where}: expected {what}, got {type(data).__name__}")
        yield number, where, data
