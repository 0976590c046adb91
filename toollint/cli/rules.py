"""`toollint rule NAME` and `toollint rules`: the rule catalog's documentation."""

from __future__ import annotations

import sys

import click


@click.command("rule")
@click.argument("name")
@click.option("--output-format", type=click.Choice(("text", "json")), default="text")
def rule_command(name: str, output_format: str) -> None:
    """Print one rule's documentation (by name or code)."""
    from toollint.linter.catalog import find_rule, load_catalog
    from toollint.suggest import did_you_mean

    spec = find_rule(name)
    if spec is None:
        catalog = load_catalog()
        hint = did_you_mean(name, [*catalog, *(s.code for s in catalog.values())]) or " (see `toollint rules`)"
        click.echo(f"toollint: no rule named {name!r}{hint}", err=True)
        sys.exit(2)
    if output_format == "json":
        click.echo(_rule_json([spec]))
    else:
        click.echo(spec.docs(), nl=False)


@click.command("rules")
@click.option("--output-format", type=click.Choice(("text", "json")), default="text")
def rules_command(output_format: str) -> None:
    """List every rule."""
    from toollint.linter.catalog import load_catalog

    specs = list(load_catalog().values())
    if output_format == "json":
        click.echo(_rule_json(specs))
        return
    for spec in specs:
        click.echo(f"{spec.code:<6} {spec.name:<28} {spec.severity:<8} {spec.summary.strip().splitlines()[0]}")


def _rule_json(specs) -> str:
    import json

    return json.dumps([{
        "code": s.code, "name": s.name, "severity": s.severity, "category": s.category, "summary": s.summary.strip(),
        "why": s.why.strip(), "fix": s.fix.strip(),
        "fix_safety": s.fix_safety, "autofix": s.autofix.strip(), "options": s.options, "targets": list(s.targets),
        "examples": [{"kind": e.kind, "format": e.format, "targets": list(e.targets), "text": e.text}
                     for e in s.examples],
        "api_errors": [{"provider": e.provider, "text": e.text, "pattern": e.pattern, "sources": list(e.sources),
                        "recorded": e.recorded} for e in s.api_errors],
        "docs": s.docs(),
    } for s in specs], ensure_ascii=False, indent=2)


