"""Render the rule catalog as one Markdown page: `python -m toollint.linter.docs > docs/rules.md`."""

from __future__ import annotations

from toollint.linter.catalog import load_catalog


def render() -> str:
    specs = list(load_catalog().values())
    lines = ["# toollint rules", "", "Generated from `toollint/rules/*.toml` by `python -m toollint.linter.regenerate`; do not edit.", "",
             "| code | name | severity | fix | what it does |", "|---|---|---|---|---|"]
    lines += [f"| {s.code} | [{s.name}](#{s.name}) | {s.severity} | {s.fix_safety or ''} | {s.summary.strip()} |"
              for s in specs]
    for spec in specs:
        lines += ["", f'<a id="{spec.name}"></a>', "", spec.docs().replace("# ", "## ", 1).replace("\n## ", "\n### ")]
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    print(render(), end="")
