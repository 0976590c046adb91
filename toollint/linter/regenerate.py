"""Write every file derived from the rule catalog and the config tables, or say which are stale.

Run `python -m toollint.linter.regenerate` from a clone after editing a rule's TOML, an option or the config
tables; `--check` writes nothing and exits 1 naming the stale files (a test runs it, so a stale file fails CI).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from toollint.linter import catalog, config_schema, docs

ROOT = Path(__file__).resolve().parents[2]
# Each derived file, relative to the clone's root, and the function that renders it.
DERIVED: tuple[tuple[str, Callable[[], str]], ...] = (
    ("toollint/rules/catalog.json", catalog.render_cache),
    ("docs/rules.md", docs.render),
    ("docs/toollint.schema.json", config_schema.render),
)


def stale(root: Path | None = None) -> list[tuple[Path, str]]:
    """The derived files whose text differs from what the sources give now, with that text."""
    root = root or ROOT
    out = []
    for name, render in DERIVED:
        path = root / name
        text = render()
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append((path, text))
    return out


def main(argv: list[str]) -> int:
    if not (ROOT / "docs").is_dir():
        print(f"toollint: {ROOT} is not a clone of toollint (no docs/): regenerate runs from a checkout",
              file=sys.stderr)
        return 2
    check = "--check" in argv
    changed = stale()
    for path, text in changed:
        if check:
            print(f"stale: {path.relative_to(ROOT)}")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if check and changed:
        print("run `python -m toollint.linter.regenerate` to update them", file=sys.stderr)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
