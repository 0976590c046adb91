"""A rule's code series names its family: the category agrees with it, every check of the family lives in the
family's module or package, and check modules share helpers through `toollint.linter.checks.shared`, never
through one another's private names (issue 26)."""

from __future__ import annotations

import ast

from helpers import ROOT_DIR

from toollint.linter.catalog import load_catalog
from toollint.linter.checks import FAMILIES, family_module, load_checks

CHECKS = ROOT_DIR / "toollint" / "linter" / "checks"


def test_every_category_agrees_with_its_code_series():
    wrong = {s.code: s.category for s in load_catalog().values() if FAMILIES.get(s.code[:3]) != s.category}
    assert not wrong, wrong


def test_every_check_lives_in_the_module_of_its_family():
    catalog = load_catalog()
    wrong = []
    for rule, checks in load_checks().items():
        home = family_module(catalog[rule].category)
        for registered in checks:
            module = registered.func.__module__
            if module != home and not module.startswith(home + "."):
                wrong.append(f"{rule} ({catalog[rule].category}): {registered.func.__name__} in {module}")
    assert not wrong, wrong


def test_every_family_has_a_home_and_every_home_a_family():
    homes = {path.stem for path in CHECKS.glob("*.py")} | {path.parent.name for path in CHECKS.glob("*/__init__.py")}
    families = {family_module(family).rsplit(".", 1)[-1] for family in FAMILIES.values()}
    assert families <= homes
    assert homes - families == {"__init__", "shared"}  # nothing else beside the families


def _imported_module(node: ast.ImportFrom, path) -> str:
    """The absolute name of the module an import reads from (a relative import resolved against `path`)."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(ROOT_DIR).with_suffix("").parts)[:-node.level]  # `mod` or `__init__` goes too
    return ".".join(package + ([node.module] if node.module else []))


def test_no_check_imports_another_checks_private_names():
    found = []
    for path in sorted(CHECKS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = _imported_module(node, path)
                if module.startswith("toollint.linter.checks."):
                    found += [f"{path.relative_to(CHECKS)}: {module}.{a.name}" for a in node.names
                              if a.name.startswith("_")]
    assert not found, found
