"""docs/architecture.md names every module of the package, so a newcomer's map cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _modules() -> list[tuple[str, ...]]:
    """Every module below toollint/ as path parts without `.py` (`("linter", "checks", "names")`)."""
    package = ROOT / "toollint"
    return sorted(path.relative_to(package).with_suffix("").parts for path in package.rglob("*.py")
                  if path.name != "__init__.py" and "__pycache__" not in path.parts)


def _rows() -> dict[str, set[str]]:
    """Each package row of the table (`document/`) -> the names written in backticks in it."""
    rows: dict[str, set[str]] = {}
    for line in DOC.splitlines():
        match = re.match(r"\| `([\w/]+/)` \|", line)
        if match:
            rows[match.group(1)] = set(re.findall(r"`([\w/.]+)`", line))
    return rows


def _named(parts: tuple[str, ...], rows: dict[str, set[str]]) -> bool:
    if len(parts) == 1:  # a top-level module: named as `name.py` anywhere
        return re.search(rf"\b{re.escape(parts[0])}\.py\b", DOC) is not None
    for cut in range(1, len(parts)):
        row = rows.get("/".join(parts[:cut]) + "/")
        if row is None:
            continue
        # below the row's package: its own name (inside a sub-package's list) or its path from the row
        rest = parts[cut:]
        if "/".join(rest) in row or (len(rest) > 1 and rest[-1] in row and f"{rest[0]}/" in row):
            return True
    return False


def test_the_architecture_doc_names_every_module():
    rows = _rows()
    missing = ["/".join(parts) for parts in _modules() if not _named(parts, rows)]
    assert not missing, f"docs/architecture.md does not name: {', '.join(missing)}"
