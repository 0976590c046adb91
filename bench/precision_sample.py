"""Draw the stratified sample of findings that bench/precision.md's tables were hand-read from, and tally the labels.

    python bench/precision_sample.py /work/holdout/dev/*.json --seed 9 --per-rule 15 > /tmp/dev_sample.md     # read
    python bench/precision_sample.py /work/holdout/dev/*.json --seed 9 --per-rule 15 --labels bench/precision_labels/dev.toml
    python bench/precision_sample.py /work/holdout/holdout/*.json --seed 9 --recall 40 > /tmp/recall.md  # tools to review
    python bench/precision_sample.py /work/holdout6/*.json --recall 40 --recall-pack pack.json  # for a blind reviewer

Only warning and error findings are sampled. For each rule the files are shuffled with the seed and findings are
taken round-robin, one file at a time, so no tool set dominates a rule's sample. Each finding is printed with the
subschema it points at and the tool's description, which is what the reader judges it by. A label file maps
`<rule> <file name> <pointer>` to `true`, `false` or `debatable`; with `--labels` the script prints the per-rule table
(n, true, false, debatable, precision = true / (true + false), debatable share). Run it from the repository root with
toollint installed. The corpus itself is third-party text and stays outside the repository (bench/gather_corpus.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import tomllib

from toollint import pointer as jp
from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.engine import Finding
from toollint.linter.runner import lint_paths

SEVERITIES = ("warning", "error")


def findings_of(paths: list[str], select: tuple[str, ...] = ("ALL",), info: tuple[str, ...] = ()) -> list[Finding]:
    """The warning and error findings of the rules `select` picks, and the info findings of the rules in `info`
    (to measure a rule the default-set policy moved to info or to the opt-in group)."""
    run = lint_paths(paths, Settings(select=select))
    return [f for f in run.findings if f.severity in SEVERITIES or f.rule in info]


def key_of(finding: Finding) -> str:
    return f"{finding.rule} {Path(finding.file).name} {finding.pointer}"


def sample(findings: list[Finding], seed: int, per_rule: int) -> list[Finding]:
    """Up to `per_rule` findings of each rule, round-robin over its shuffled files (`per_rule` 0: every finding)."""
    if per_rule <= 0:
        return sorted(findings, key=lambda f: (f.rule, Path(f.file).name, f.pointer))
    rng = random.Random(seed)
    by_rule: dict[str, dict[str, list[Finding]]] = defaultdict(lambda: defaultdict(list))
    for finding in findings:
        by_rule[finding.rule][finding.file].append(finding)
    chosen: list[Finding] = []
    for rule in sorted(by_rule):
        files = sorted(by_rule[rule])
        rng.shuffle(files)
        pools = {f: rng.sample(by_rule[rule][f], len(by_rule[rule][f])) for f in files}
        taken: list[Finding] = []
        while len(taken) < per_rule and any(pools.values()):
            for file in files:
                if pools[file] and len(taken) < per_rule:
                    taken.append(pools[file].pop())
        chosen += taken
    return chosen


def _context(finding: Finding, cache: dict[str, object], width: int = 600) -> tuple[str, str]:
    data = cache.get(finding.file)
    if data is None:
        data = cache[finding.file] = read_path(finding.file).data
    node = data
    parts = jp.split(finding.pointer) if finding.pointer else []
    for part in parts:
        if isinstance(node, list):
            node = node[int(part)] if part.isdigit() and int(part) < len(node) else None
        elif isinstance(node, dict):
            node = node.get(part)
    tool: dict = {}
    current = data
    for part in parts:  # the deepest object on the way that is the finding's tool
        if isinstance(current, dict) and (current.get("name") == finding.tool or (
                isinstance(current.get("function"), dict) and current["function"].get("name") == finding.tool)):
            tool = current.get("function", current) if isinstance(current.get("function"), dict) else current
        current = current[int(part)] if isinstance(current, list) and part.isdigit() and int(part) < len(current) \
            else current.get(part) if isinstance(current, dict) else None
    description = tool.get("description") if isinstance(tool, dict) else None
    return (json.dumps(node, ensure_ascii=False)[:900], str(description)[:width])


def print_sample(chosen: list[Finding]) -> None:
    cache: dict[str, object] = {}
    for index, finding in enumerate(chosen, 1):
        node, description = _context(finding, cache)
        print(f"### {index}. {finding.rule} ({finding.severity}) — `{key_of(finding)}`\n")
        print(f"- tool: `{finding.tool}`\n- message: {finding.message}\n- tool description: {description}\n"
              f"- at pointer: `{node}`\n")


def blind_items(chosen: list[Finding]) -> list[dict[str, str]]:
    """The findings as a blind reader gets them: what a user reads (the message, its help and its note, which
    carries a provider's answer), the tool's whole text and the subschema pointed at; never the rule's code or
    name (issue 22's method: the reader judges from the tool's text alone)."""
    cache: dict[str, object] = {}
    items = []
    for finding in chosen:
        node, description = _context(finding, cache, width=3000)
        items.append({"key": key_of(finding), "server": Path(finding.file).stem, "tool": str(finding.tool),
                      "message": finding.message, "help": finding.help or "", "note": finding.note or "",
                      "tool_description": description, "pointed_at": node,
                      "parameters": _parameters(finding, cache), "enclosing_object": _enclosing(finding, cache)})
    return items


def _enclosing(finding: Finding, cache: dict[str, object]) -> str:
    """The object schema holding the property the finding points at or into, with its `required` list: a finding on
    a `default` or on a nested property is read against it, where the parameters above are cut short (a reader of
    holdout 20 could not see whether a property with a default was required)."""
    current = cache[finding.file]
    parts = jp.split(finding.pointer) if finding.pointer else []
    holder: dict | None = None
    name = ""
    for at, part in enumerate(parts):
        if isinstance(current, dict) and part == "properties" and at + 1 < len(parts) and \
                isinstance(current.get("properties"), dict):
            holder, name = current, parts[at + 1]
        current = current[int(part)] if isinstance(current, list) and part.isdigit() and int(part) < len(current) \
            else current.get(part) if isinstance(current, dict) else None
    if holder is None:
        return ""
    shown = {"required": holder.get("required", []), "properties": {name: holder["properties"].get(name)}}
    return json.dumps(shown, ensure_ascii=False)[:1500]


def _parameters(finding: Finding, cache: dict[str, object]) -> str:
    """The tool's parameters (name: type, description) as the model sees them, for context."""
    data = cache[finding.file]
    parts = jp.split(finding.pointer) if finding.pointer else []
    current = data
    for part in parts:
        if isinstance(current, dict) and current.get("name") == finding.tool:
            schema = current.get("inputSchema") or current.get("input_schema") or current.get("parameters") or {}
            properties = schema.get("properties") if isinstance(schema, dict) else None
            if isinstance(properties, dict):
                return "; ".join(f"{name}: {json.dumps(prop, ensure_ascii=False)[:160]}"
                                 for name, prop in properties.items())[:2500]
            return ""
        current = current[int(part)] if isinstance(current, list) and part.isdigit() and int(part) < len(current) \
            else current.get(part) if isinstance(current, dict) else None
    return ""


def load_labels(path: str) -> dict[str, str]:
    """Verdicts by key: a TOML `[verdict]` table, or a JSON object (what blind readers return)."""
    text = Path(path).read_text(encoding="utf-8")
    if path.endswith(".json"):
        return {k: v.lower() for k, v in json.loads(text).items()}
    return tomllib.loads(text).get("verdict", {})


def tally(chosen: list[Finding], labels: dict[str, str]) -> int:
    rows: dict[str, dict[str, int]] = defaultdict(lambda: {"true": 0, "false": 0, "debatable": 0})
    missing = 0
    for finding in chosen:
        verdict = labels.get(key_of(finding))
        if verdict is None:
            missing += 1
            continue
        rows[finding.rule][verdict] += 1
    total = {"true": 0, "false": 0, "debatable": 0}
    print("| rule | n | true | false | debatable | precision | debatable share |\n|---|---:|---:|---:|---:|---:|---:|")
    for rule in sorted(rows):
        row = rows[rule]
        for verdict, count in row.items():
            total[verdict] += count
        print(_row(rule, row))
    print(_row("**all**", total))
    if missing:
        print(f"\n{missing} sampled findings have no label", file=sys.stderr)
    return missing


def _row(name: str, row: dict[str, int]) -> str:
    n = sum(row.values())
    judged = row["true"] + row["false"]
    precision = f"{100 * row['true'] / judged:.0f}%" if judged else "—"
    share = f"{100 * row['debatable'] / n:.0f}%" if n else "—"
    return f"| {name} | {n} | {row['true']} | {row['false']} | {row['debatable']} | {precision} | {share} |"


def recall_sample(paths: list[str], seed: int, count: int) -> list[tuple[str, dict, list[Finding]]]:
    """`count` random tools (one file at a time, round-robin over shuffled files) with every finding toollint gives
    them, for a hand review of the problems within the rules' scope."""
    from toollint.document.dialects import find_tools

    rng = random.Random(seed)
    run = lint_paths(paths, Settings())
    by_tool: dict[tuple[str, str | None], list[Finding]] = defaultdict(list)
    for finding in run.findings:
        by_tool[(finding.file, finding.tool)].append(finding)
    pools = []
    for result in sorted(run.results, key=lambda r: r.path):
        source = read_path(result.path)
        tools = [t for t in find_tools(source.data) if t.name]
        pools.append((result.path, rng.sample(tools, len(tools))))
    rng.shuffle(pools)
    chosen: list[tuple[str, dict, list[Finding]]] = []
    while len(chosen) < count and any(tools for _, tools in pools):
        for path, tools in pools:
            if tools and len(chosen) < count:
                tool = tools.pop()
                chosen.append((path, tool.raw, by_tool.get((path, tool.name), [])))
    return chosen


def write_recall_pack(paths: list[str], seed: int, count: int, out: str) -> None:
    """The tools `recall_sample` draws, as a reviewer gets them before any finding is shown: the tool's own text,
    the names of the other tools of its server, and what each rule looks for (its summary, never its code)."""
    from toollint.document.dialects import find_tools
    from toollint.linter.catalog import load_catalog

    tools = []
    for index, (path, raw, _) in enumerate(recall_sample(paths, seed, count), 1):
        siblings = [t.name for t in find_tools(read_path(path).data) if t.name and t.name != raw.get("name")]
        tools.append({"id": index, "server": Path(path).stem, "name": raw.get("name"), "tool": raw,
                      "sibling_tools": siblings})
    rules = [{"rule": spec.name, "severity": spec.severity, "summary": spec.summary}
             for spec in sorted(load_catalog().values(), key=lambda s: s.code)]
    Path(out).write_text(json.dumps({"rules": rules, "tools": tools}, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(tools)} tools and {len(rules)} rule summaries written to {out}")


def recall_tally(labels: list[dict]) -> None:
    """Per rule: problems found by hand in the sampled tools, and how many toollint reported."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for tool in labels:
        for problem in tool.get("problems", []):
            rows[problem["rule"]][0] += 1
            rows[problem["rule"]][1] += bool(problem["caught"])
    print("| rule | in-scope problems | caught | recall |\n|---|---:|---:|---:|")
    total = [0, 0]
    for rule in sorted(rows):
        found, caught = rows[rule]
        total[0] += found
        total[1] += caught
        print(f"| {rule} | {found} | {caught} | {100 * caught / found:.0f}% |")
    if total[0]:
        print(f"| **all** ({len(labels)} tools) | {total[0]} | {total[1]} | {100 * total[1] / total[0]:.0f}% |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="files (named, as a user names them) or directories")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--per-rule", type=int, default=12)
    parser.add_argument("--labels", help="a TOML file of verdicts; print the per-rule table instead of the sample")
    parser.add_argument("--recall", type=int, help="print this many random tools with their findings instead")
    parser.add_argument("--recall-labels", help="a TOML file of hand-found problems; print the recall table")
    parser.add_argument("--recall-pack", help="write the --recall tools for a blind reviewer to this file: each tool's "
                                              "text and its siblings' names, no finding, and every rule's summary")
    parser.add_argument("--blind", help="write the sample as JSON for blind readers to this file (no rule names)")
    parser.add_argument("--select", default="ALL", help="comma-separated selectors (ALL,OPT-IN measures the opt-in rules too)")
    parser.add_argument("--info", default="", help="comma-separated rules whose info findings are sampled too")
    parser.add_argument("--only", default="", help="comma-separated rules: tally only these (the default set, say)")
    args = parser.parse_args()
    if args.recall_labels:
        recall_tally(tomllib.loads(Path(args.recall_labels).read_text(encoding="utf-8")).get("tool", []))
        return
    if args.recall and args.recall_pack:
        write_recall_pack(args.paths, args.seed, args.recall, args.recall_pack)
        return
    if args.recall:
        for index, (path, raw, found) in enumerate(recall_sample(args.paths, args.seed, args.recall), 1):
            print(f"### {index}. `{Path(path).name}` `{raw.get('name') or raw.get('function', {}).get('name')}`\n")
            print("```json\n" + json.dumps(raw, ensure_ascii=False, indent=1)[:3000] + "\n```\n")
            print("toollint: " + ("; ".join(f"{f.rule} at `{f.pointer}`" for f in found) or "nothing") + "\n")
        return
    found = findings_of(args.paths, tuple(args.select.split(",")), tuple(r for r in args.info.split(",") if r))
    if args.only:
        found = [f for f in found if f.rule in args.only.split(",")]
    chosen = sample(found, args.seed, args.per_rule)
    if args.blind:
        Path(args.blind).write_text(json.dumps(blind_items(chosen), ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{len(chosen)} findings written to {args.blind}")
        return
    if args.labels:
        labels: dict[str, str] = {}
        for path in args.labels.split(","):
            labels.update(load_labels(path))
        sys.exit(1 if tally(chosen, labels) else 0)
    print_sample(chosen)


if __name__ == "__main__":
    main()
