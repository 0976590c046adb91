"""The generated rule docs stay in sync with the catalog, and the README's quick start stays true."""

from __future__ import annotations

import re

from helpers import ROOT_DIR

from toollint.linter.docs import render

ROOT = ROOT_DIR


def test_every_derived_file_is_current(capsys):
    """One command regenerates the catalog cache, docs/rules.md and the config schema; `--check` says none is stale."""
    from toollint.linter import regenerate

    assert {name for name, _ in regenerate.DERIVED} == {
        "toollint/rules/catalog.json", "docs/rules.md", "docs/toollint.schema.json"}
    assert regenerate.main(["--check"]) == 0, capsys.readouterr().out + "run `python -m toollint.linter.regenerate`"


def test_regenerate_check_names_a_stale_file(tmp_path, monkeypatch, capsys):
    from toollint.linter import regenerate

    for name, _ in regenerate.DERIVED:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "docs" / "rules.md").write_text("# edited by hand\n", encoding="utf-8")
    monkeypatch.setattr(regenerate, "ROOT", tmp_path)
    assert regenerate.main(["--check"]) == 1
    assert capsys.readouterr().out == "stale: docs/rules.md\n"
    assert regenerate.main([]) == 0 and (tmp_path / "docs" / "rules.md").read_text(encoding="utf-8") == render()


def test_readme_quick_start_has_two_setup_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quick, flags=re.S)
    assert commands == ["pip install . && toollint check fixtures/", "pip install -e '.[test]' && python -m pytest"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[test]' && python -m pytest" in ci


def test_the_readme_names_every_module_that_not_slow_leaves_out():
    """`-m 'not slow'` must do what the README says it does (issue 25)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(tests/[\w/]+(?:\.py|/))`", quick))  # modules, or directories (`tests/mcp/`)
    slow = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")
            if re.search(r"\bmark\.slow\b", path.read_text(encoding="utf-8"))}

    def covers(name: str, module: str) -> bool:
        return module == name or name.endswith("/") and module.startswith(name)

    assert slow and all(any(covers(n, m) for n in named) for m in slow)
    assert all(any(covers(n, m) for m in slow) for n in named)  # nothing named that the tier runs


def test_catalog_cache_is_current_and_equals_the_toml():
    from toollint._compat import tomllib
    from toollint.linter import catalog

    files = catalog._rule_files()
    cached = catalog._from_cache(files)
    assert cached is not None and list(cached) == [name for name, _ in files]
    for name, content in files:  # same values and same types (int, float, list, table) as tomllib gives
        assert cached[name] == tomllib.loads(content.decode("utf-8")), name


def test_a_stale_catalog_cache_is_ignored(tmp_path, monkeypatch):
    from toollint.linter import catalog

    source = ROOT / "toollint" / "rules" / "missing-unit.toml"
    (tmp_path / "missing-unit.toml").write_bytes(source.read_bytes())
    monkeypatch.setattr(catalog, "_catalog_dir", lambda: tmp_path)
    stale = catalog.render_cache()  # made from the file as it is now...
    (tmp_path / "catalog.json").write_text(stale.replace("TL401", "TL999"), encoding="utf-8")  # ...then tampered with
    catalog.load_catalog.cache_clear()
    try:
        assert [spec.code for spec in catalog.load_catalog().values()] == ["TL999"]  # the digest matched: cache used
        (tmp_path / "missing-unit.toml").write_bytes(source.read_bytes() + b"\n# edited\n")
        catalog.load_catalog.cache_clear()
        assert [spec.code for spec in catalog.load_catalog().values()] == ["TL401"]  # TOML changed: cache ignored
        (tmp_path / "catalog.json").write_text("{not json", encoding="utf-8")
        catalog.load_catalog.cache_clear()
        assert [spec.code for spec in catalog.load_catalog().values()] == ["TL401"]
    finally:
        catalog.load_catalog.cache_clear()


def test_the_readme_is_a_short_start_whose_links_resolve():
    """At most 2,000 words (issue 25): what toollint is, the two commands, one example per feature, links."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.split()) <= 2000
    links = re.findall(r"\]\(((?:docs|bench)/[^)#]+|CONTRIBUTING\.md)\)", readme)
    assert links and all((ROOT / link).is_file() for link in links), links
