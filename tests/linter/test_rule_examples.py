"""Every rule's documented examples run as tests: each bad example triggers the rule, each good one does not."""

from __future__ import annotations

import pytest
from helpers import lint_set_text, lint_text, said

from toollint.linter.catalog import load_catalog
from toollint.linter.checks import load_checks
from toollint.linter.textstats import has_cjk

HEADLINE = 100  # characters in a finding's message (issue 25)

CATALOG = load_catalog()
CASES = [pytest.param(spec, example, id=f"{spec.name}-{example.kind}-{i}")
         for spec in CATALOG.values() for i, example in enumerate(spec.examples)]


@pytest.mark.parametrize(("spec", "example"), CASES)
def test_example(spec, example):
    options = {"rule_settings": {spec.name: example.options}} if example.options else {}
    options["select"] = ("ALL", "OPT-IN")  # an opt-in rule's examples hold too
    if {c.scope for c in load_checks().get(spec.name, ())} == {"set"}:  # examples of set rules: {server: tools}
        findings = lint_set_text(example.text, targets=example.targets, **options)
    else:
        findings = lint_text(example.text, example.format, targets=example.targets, **options)
    fired = [f for f in findings if f.rule == spec.name]
    if example.kind == "bad":
        assert fired, f"bad example of {spec.name} did not trigger it; got {[f.rule for f in findings]}"
        for finding in fired:  # a headline, as rustc and ruff write them; the fix and the reason go below
            assert len(finding.message) <= HEADLINE, finding.message
            if not has_cjk(example.text):  # an English tool gets English advice
                assert not has_cjk(said(finding)), said(finding)
    else:
        assert not fired, f"good example of {spec.name} triggered it: {[f.message for f in fired]}"


@pytest.mark.parametrize("spec", list(CATALOG.values()), ids=lambda s: s.name)
def test_rule_is_documented(spec):
    assert spec.code.startswith("TL") and spec.name == spec.name.lower()
    assert spec.summary.strip() and spec.why.strip() and spec.fix.strip()
    assert any(e.kind == "bad" for e in spec.examples) and any(e.kind == "good" for e in spec.examples)
    docs = spec.docs()
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
        assert section in docs


def test_every_rule_has_a_check_or_is_engine_reported():
    registry = load_checks()
    engine_rules = {"parse-error", "unreadable-file", "unused-suppression", "no-tool-definitions"}
    for name in CATALOG:
        assert name in registry or name in engine_rules, f"{name} has no check function"
    for name in registry:
        assert name in CATALOG, f"check {name} has no catalog entry"


def test_codes_and_names_are_unique():
    codes = [s.code for s in CATALOG.values()]
    assert len(codes) == len(set(codes))
