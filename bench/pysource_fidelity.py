"""Agreement of toollint's static Python reading with each framework's own listing, on real projects.

    python bench/pysource_fidelity.py /work/pyfid/holdout [--show N]

Each project directory holds `src/` (the published sources, read here as files, never imported),
`listing.json` (the framework's own listing, made in an isolated venv by bench/pysource_listing.py or
over stdio by bench/mcp_list_tools.py; see bench/pysource_corpus.md) and `meta.json`. A tool agrees
when these fields are identical: name, description, property names, property types, required, enum.
Every disagreement is counted by class.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toollint.document.source import read_path  # noqa: E402
from toollint.pysource import might_define_tools  # noqa: E402

FIELDS = ("description", "properties", "types", "required", "enum")


def derive_project(src: Path, tool_files: list[str]) -> tuple[dict[str, dict], list[dict]]:
    """Every tool the reader derives (by name) from the files the listing came from (`meta.json`'s
    `tool_files`), else from every .py file outside tests; and what it skipped."""
    tools: dict[str, dict] = {}
    skipped: list[dict] = []
    paths = [src / name for name in tool_files] if tool_files else sorted(src.rglob("*.py"))
    for path in paths:
        parts = path.relative_to(src).parts[:-1]
        if any(part in (".venv", "venv", "site-packages", "node_modules") for part in parts):
            continue  # a virtualenv shipped inside an sdist is not the project's source
        if not tool_files and any(part in ("tests", "test") for part in parts):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not might_define_tools(text):
            continue
        source = read_path(str(path))
        if source.problem is not None or not isinstance(source.data, dict):
            continue
        for tool in source.data.get("tools", []):
            name = tool.get("name") or (tool.get("function") or {}).get("name")
            if isinstance(name, str) and "inputSchema" in tool:
                tools.setdefault(name, tool)
        skipped += [{**entry, "file": str(path.relative_to(src))} for entry in source.data.get("skipped", [])]
    return tools, skipped


def _resolve(schema: Any, defs: dict) -> Any:
    for _ in range(10):
        if isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
            schema = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
        else:
            break
    return schema


def _types(schema: Any, defs: dict) -> tuple[str, ...]:
    schema = _resolve(schema, defs)
    if not isinstance(schema, dict):
        return ()
    found: set[str] = set()
    kind = schema.get("type")
    if isinstance(kind, str):
        found.add(kind)
    elif isinstance(kind, list):
        found.update(k for k in kind if isinstance(k, str))
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key) or ():
            found.update(_types(branch, defs))
    return tuple(sorted(found))


def _enum(schema: Any, defs: dict) -> tuple[str, ...]:
    schema = _resolve(schema, defs)
    if not isinstance(schema, dict):
        return ()
    values = [json.dumps(v, sort_keys=True) for v in schema.get("enum") or ()]
    if "const" in schema:
        values.append(json.dumps(schema["const"], sort_keys=True))
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key) or ():
            values += _enum(branch, defs)
    items = schema.get("items")
    if isinstance(items, dict):
        values += _enum(items, defs)
    return tuple(sorted(values))


def fields(tool: dict) -> dict[str, Any]:
    schema = tool.get("inputSchema") or {}
    defs = {**(schema.get("$defs") or {}), **(schema.get("definitions") or {})}
    properties = schema.get("properties") or {}
    return {
        "description": tool.get("description") or "",
        "properties": tuple(properties),
        "types": {name: _types(prop, defs) for name, prop in properties.items()},
        "required": tuple(sorted(schema.get("required") or ())),
        "enum": {name: _enum(prop, defs) for name, prop in properties.items()},
    }


def compare(project: Path) -> tuple[str, int, list[tuple[str, str, str]]]:
    """(framework, tools in the listing, [(tool, class, detail)] for each disagreement)."""
    meta = json.loads((project / "meta.json").read_text(encoding="utf-8"))
    listing = json.loads((project / "listing.json").read_text(encoding="utf-8"))
    listing = listing.get("tools", listing) if isinstance(listing, dict) else listing
    from toollint.pysource import docstrings

    python = tuple(int(p) for p in str(meta.get("python", "3.11")).split(".")[:2])
    docstrings.RUNTIME = (python[0], python[1])  # the listing's interpreter keeps __doc__ its way
    if INSTALLED_VERSIONS:  # as if the project had a lock file naming what the listing's venv installed
        _use_installed(meta)
    derived, skipped = derive_project(project / "src", meta.get("tool_files") or [])
    why = {entry.get("function"): entry["reason"] for entry in skipped if "reason" in entry}
    noted = any("note" in entry for entry in skipped)
    problems: list[tuple[str, str, str]] = []
    for tool in listing:
        name = tool["name"]
        ours = derived.get(name)
        if ours is None:
            reason = next((r for f, r in why.items() if f and (f == name or name.endswith(f))), None)
            dynamic = why.get(None)  # a registration through a loop or wrapper, reported without a name
            if reason:
                problems.append((name, "skipped (reported as TL005)", reason))
            elif dynamic:
                problems.append((name, "registered at run time (reported as TL005)", dynamic))
            else:
                problems.append((name, "not found", "no registration the reader recognises"))
            continue
        theirs, mine = fields(tool), fields(ours)
        for key in FIELDS:
            if theirs[key] != mine[key]:
                detail = (f"framework {str(theirs[key])[:120]!r} / toollint {str(mine[key])[:120]!r}")
                klass = key
                if key == "description" and " ".join(theirs[key].split()) == " ".join(mine[key].split()):
                    klass = "description (whitespace only)"
                if noted:
                    klass += " (the file edits its tools at run time; noted as TL005)"
                problems.append((name, klass, detail))
    return meta.get("framework", "?"), len(listing), problems


INSTALLED_VERSIONS = False


def _use_installed(meta: dict[str, Any]) -> None:
    from toollint.pysource import derive

    installed = meta.get("fastmcp_version") or (meta.get("framework_version") if meta.get("framework") == "fastmcp"
                                                 else None)
    version = tuple(int(p) for p in str(installed).split(".")[:3]) if installed else None
    derive.pinned_version = lambda path, package: version if package == "fastmcp" else None  # type: ignore


def main() -> None:
    global INSTALLED_VERSIONS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--show", type=int, default=3, help="examples printed per class of disagreement")
    parser.add_argument("--installed-versions", action="store_true",
                        help="take fastmcp's version from what the listing's venv installed (meta.json), as a lock "
                             "file would say, instead of from the project's pins")
    args = parser.parse_args()
    INSTALLED_VERSIONS = args.installed_versions
    totals: Counter[str] = Counter()
    agreeing: Counter[str] = Counter()
    whole: Counter[str] = Counter()  # projects whose every tool agrees
    reported: Counter[str] = Counter()  # disagreeing tools toollint itself flags (TL005: skipped or edited)
    classes: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    projects: Counter[str] = Counter()
    for project in sorted(p for p in args.corpus.iterdir() if (p / "listing.json").is_file()):
        framework, count, problems = compare(project)
        family = "mcp (FastMCP/MCPServer/fastmcp)" if framework.startswith(("mcp", "fastmcp")) else framework
        projects[family] += 1
        bad_tools = {tool for tool, _, _ in problems}
        totals[family] += count
        agreeing[family] += count - len(bad_tools)
        whole[family] += not bad_tools
        reported[family] += len({tool for tool, klass, _ in problems if "TL005" in klass})
        for tool, klass, detail in problems:
            classes[f"{family}: {klass}"] += 1
            if len(examples[f"{family}: {klass}"]) < args.show:
                examples[f"{family}: {klass}"].append(f"{project.name} / {tool}: {detail}")
        print(f"{project.name:<60} {framework:<14} {count - len(bad_tools):>3}/{count:<3} tools agree")
    print()
    for family in sorted(totals):
        share = agreeing[family] / totals[family] if totals[family] else 0.0
        print(f"{family}: {projects[family]} projects ({whole[family]} with every tool identical), "
              f"{agreeing[family]}/{totals[family]} tools identical ({share:.1%}; goal >= 95%); "
              f"of the {totals[family] - agreeing[family]} others, {reported[family]} are reported by TL005 "
              f"(skipped, or in a file that edits its tools at run time)")
    all_tools, all_agree = sum(totals.values()), sum(agreeing.values())
    print(f"all: {all_agree}/{all_tools} ({all_agree / max(all_tools, 1):.1%})")
    print("\ndisagreements by class (a tool can count in several):")
    for klass, count in classes.most_common():
        print(f"  {count:>4}  {klass}")
        for example in examples[klass]:
            print(f"          {example}")


if __name__ == "__main__":
    main()
