"""The command line is thin: no cli module imports another command's module for its logic (the shared logic is in
the library), and strictify reaches the linter only through `linter.shared_config` (issue 26)."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT_DIR

from toollint.cli import LazyGroup

PACKAGE = ROOT_DIR / "toollint"


def imported_modules(path: Path) -> set[str]:
    """Every toollint module `path` imports, at the top or inside a function (`from a.b import c` counts as a.b and
    a.b.c: c may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name.split(".")[0] == "toollint"}


def test_no_cli_module_imports_a_command_module():
    commands = set(LazyGroup.LAZY.values())
    assert "toollint.cli.check" in commands and "toollint.cli.strictify" in commands
    offending = {}
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        if path.name == "__init__.py":  # the group wires the commands (by name, imported when invoked)
            continue
        module = f"toollint.cli.{path.stem}"
        reached = (imported_modules(path) & commands) - {module}
        if reached:
            offending[module] = sorted(reached)
    assert offending == {}


def test_the_cli_helper_modules_import_no_command():
    """cli/fixing, cli/live and cli/terminal print for `check`; they take what they need from the library."""
    for name in ("fixing", "live", "terminal"):
        assert not {m for m in imported_modules(PACKAGE / "cli" / f"{name}.py") if m.startswith("toollint.cli")}, name


def test_the_strictifier_reaches_the_linter_only_through_shared_config():
    reached = {}
    for path in sorted((PACKAGE / "strictifier").glob("*.py")):
        linter = {m for m in imported_modules(path) if m.startswith("toollint.linter")}
        if linter - {"toollint.linter.shared_config", "toollint.linter.shared_config.structural_errors"}:
            reached[path.name] = sorted(linter)
    assert reached == {}
    cli = {m for m in imported_modules(PACKAGE / "cli" / "strictify.py") if m.startswith("toollint.linter")}
    assert cli <= {"toollint.linter.shared_config", "toollint.linter.shared_config.strictify_pairs"}
