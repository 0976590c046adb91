"""Recall: which of the problems a blind reviewer listed in sampled tools toollint reports.

    python bench/recall_match.py bench/precision_labels/live_holdout3_recall.toml /work/holdout3 [--select ALL,OPT-IN]
    python bench/recall_match.py REVIEW CORPUS --judge-pack problems.json     # the listed problems, for a blind judge
    python bench/recall_match.py REVIEW CORPUS --verdicts verdicts.json       # recall over the confirmed ones too
    python bench/recall_match.py REVIEW CORPUS --option missing-param-description.every-parameter=true --unlisted

The review (`[[tool]]` tables: the tool's `server` file stem and `name`, then `[[tool.problems]]` with `rule`, `where`
(a parameter, dotted for nested, or "tool") and `note`) is what a reviewer wrote about 40 sampled tools before seeing
any finding; CORPUS_DIR holds the servers' listings. A problem counts as caught when the tool gets a finding of that
rule at that parameter (or anywhere on the tool, for "tool"), at any severity; the table also says how many were
caught at warning or error. A last line also counts a finding of a rule that shares the problem (`SAME_PROBLEM`):
a reviewer names one rule, and which of a split pair reports an identifier depends on whether anything describes it.

A reviewer asked to list what the rules' summaries describe lists some problems that a judge of findings would call
debatable (a careful author could leave it) or false. Precision counts a finding true only when a blind judge does,
so the same standard applies to recall: `--judge-pack` writes each listed problem with the tool's text (no finding,
no rule code) for a judge who has seen neither the findings nor the rules' code, and `--verdicts` (problem key ->
true, false or debatable) adds recall over the problems the judge confirmed as true.

What a rule change would buy, before anyone judges it: `--option RULE.KEY=VALUE` (a TOML value, repeatable) runs the
rules with that option, and `--unlisted` counts, per rule, its findings in the sampled tools and how many of them
stand where a reviewer listed a problem (of that rule, or of one that shares it). A finding where nobody listed a
problem is not judged false, but a rule change whose new findings are mostly there costs precision for its recall.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from toollint._compat import tomllib
from toollint.document.dialects import find_tools
from toollint.document.source import read_path
from toollint.linter.config import Settings
from toollint.linter.runner import lint_paths

# Rules that report one problem between them, split by what the text says: an identifier nothing describes is
# undocumented-identifier's, one that is described but not constrained unconstrained-identifier's (opt-in), and
# a parameter whose name says nothing is missing-param-description's unless it is an identifier; a `null` default
# its schema rejects is null-default-not-nullable's, every other default its schema rejects default-not-valid's.
SAME_PROBLEM = {
    "unconstrained-identifier": {"undocumented-identifier"},
    "undocumented-identifier": {"unconstrained-identifier", "missing-param-description"},
    "missing-param-description": {"undocumented-identifier"},
    "default-not-valid": {"null-default-not-nullable"},
    "null-default-not-nullable": {"default-not-valid"},
}


def problem_key(tool: dict[str, Any], problem: dict[str, Any]) -> str:
    return f"#{tool['id']} {problem['rule']} {problem['where']}"


def judge_pack(review: list[dict[str, Any]], corpus: str, out: str) -> None:
    """Each listed problem with the tool it is about, as a judge of findings gets one: the claim, the tool's text,
    the names of its siblings; never whether toollint reports it."""
    from toollint.linter.catalog import load_catalog

    summaries = {spec.name: spec.summary for spec in load_catalog().values()}
    items = []
    for tool in review:
        tools = find_tools(read_path(str(Path(corpus) / f"{tool['server']}.json")).data)
        raw = next((t.raw for t in tools if t.name == tool["name"]), None)
        siblings = [t.name for t in tools if t.name and t.name != tool["name"]]
        for problem in tool.get("problems", []):
            items.append({"key": problem_key(tool, problem), "server": tool["server"], "tool_name": tool["name"],
                          "claim": problem["note"], "kind": summaries.get(problem["rule"], problem["rule"]),
                          "where": problem["where"], "tool": raw, "sibling_tools": siblings})
    Path(out).write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(items)} problems written to {out}")


def _load_verdicts(path: str) -> dict[str, str]:
    """Verdicts by problem key: a TOML `[verdict]` table, or a JSON object of verdicts (or of {"verdict": ...})."""
    text = Path(path).read_text(encoding="utf-8")
    found = tomllib.loads(text).get("verdict", {}) if path.endswith(".toml") else json.loads(text)
    return {k: (v["verdict"] if isinstance(v, dict) else v).lower() for k, v in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("review", help="the reviewer's TOML")
    parser.add_argument("corpus")
    parser.add_argument("--select", default="ALL")
    parser.add_argument("--misses", action="store_true", help="print every problem not caught")
    parser.add_argument("--judge-pack", metavar="OUT", help="write the listed problems for a blind judge, then stop")
    parser.add_argument("--verdicts", metavar="FILE", help="a judge's verdicts on the problems (TOML `[verdict]` or "
                                                           "JSON, key -> true, false or debatable): also print "
                                                           "recall over the true ones")
    parser.add_argument("--option", action="append", default=[], metavar="RULE.KEY=VALUE",
                        help="run the rules with this option (a TOML value), e.g. "
                             "missing-param-description.every-parameter=true; repeatable")
    parser.add_argument("--unlisted", action="store_true", help="per rule, the findings in the sampled tools and "
                                                                 "how many stand where a reviewer listed a problem")
    args = parser.parse_args()
    review = tomllib.loads(Path(args.review).read_text(encoding="utf-8"))["tool"]
    if args.judge_pack:
        judge_pack(review, args.corpus, args.judge_pack)
        return
    verdicts = _load_verdicts(args.verdicts) if args.verdicts else None
    files = sorted({str(Path(args.corpus) / f"{tool['server']}.json") for tool in review})
    run = lint_paths(files, Settings(select=tuple(args.select.split(",")), rule_settings=_options(args.option)))
    by_tool = defaultdict(list)
    for finding in run.findings:
        by_tool[(Path(finding.file).stem, finding.tool)].append(finding)
    # per rule: listed, caught, caught at warning/error, confirmed true, true and caught
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    shared = [0, 0]  # caught counting a rule of the same problem: of all, of the confirmed
    for tool in review:
        found = by_tool.get((tool["server"], tool["name"]), [])
        for problem in tool.get("problems", []):
            where = problem["where"].split(".")[-1].replace("[]", "")
            hits = [f for f in found if f.rule == problem["rule"] and
                    (problem["where"] == "tool" or f"/{where}" in f.pointer)]
            confirmed = verdicts is not None and verdicts.get(problem_key(tool, problem)) == "true"
            row = rows[problem["rule"]]
            row[0] += 1
            row[1] += bool(hits)
            row[2] += any(f.severity in ("warning", "error") for f in hits)
            row[3] += confirmed
            row[4] += confirmed and bool(hits)
            same = hits or [f for f in found if f.rule in SAME_PROBLEM.get(problem["rule"], ()) and
                            (problem["where"] == "tool" or f"/{where}" in f.pointer)]
            shared[0] += bool(same)
            shared[1] += confirmed and bool(same)
            if args.misses and not hits:
                verdict = f" [{verdicts.get(problem_key(tool, problem), 'unjudged')}]" if verdicts is not None else ""
                by = f" (reported as {same[0].rule})" if same else ""
                print(f"missed: #{tool['id']} {tool['name']} {problem['rule']} {problem['where']}{verdict}{by}: "
                      f"{problem['note']}")
    _print_table(rows, len(review), verdicts is not None)
    if args.unlisted:
        _print_listed_share(review, by_tool)
    listed = sum(row[0] for row in rows.values())
    confirmed_all = sum(row[3] for row in rows.values())
    line = f"\ncounting a finding of a rule that shares the problem (SAME_PROBLEM): {shared[0]} of {listed}"
    if listed:
        line += f" ({100 * shared[0] / listed:.0f}%)"
    if verdicts is not None and confirmed_all:
        line += f"; of the confirmed {shared[1]} of {confirmed_all} ({100 * shared[1] / confirmed_all:.0f}%)"
    print(line)
    if verdicts is not None:
        judged = [verdicts.get(problem_key(t, p)) for t in review for p in t.get("problems", [])]
        print(f"\njudge's verdicts on the {len(judged)} listed problems: " + ", ".join(
            f"{name} {judged.count(name)}" for name in ("true", "debatable", "false", None) if judged.count(name))
              .replace("None", "unjudged"))


def _options(given: list[str]) -> dict[str, dict[str, Any]]:
    """`RULE.KEY=VALUE` options as the settings' rule tables: {rule: {key: value}}, the value read as TOML."""
    tables: dict[str, dict[str, Any]] = defaultdict(dict)
    for option in given:
        target, _, value = option.partition("=")
        rule, _, key = target.partition(".")
        if not (rule and key and value):
            raise SystemExit(f"--option {option!r}: expected RULE.KEY=VALUE")
        tables[rule][key] = tomllib.loads(f"v = {value}")["v"]
    return dict(tables)


def _at_listed(finding: Any, tool: dict[str, Any]) -> bool:
    """Whether a finding stands where the reviewer listed a problem of its rule or of one that shares it."""
    for problem in tool.get("problems", []):
        if finding.rule != problem["rule"] and finding.rule not in SAME_PROBLEM.get(problem["rule"], ()):
            continue
        where = problem["where"].split(".")[-1].replace("[]", "")
        if problem["where"] == "tool" or f"/{where}" in finding.pointer:
            return True
    return False


def _print_listed_share(review: list[dict[str, Any]], by_tool: Mapping[tuple[str, str | None], list[Any]]) -> None:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for tool in review:
        for finding in by_tool.get((tool["server"], tool["name"]), []):
            counts[finding.rule][0] += 1
            counts[finding.rule][1] += _at_listed(finding, tool)
    print("\n| rule | findings in the sampled tools | where a reviewer listed a problem |\n|---|---:|---:|")
    for rule in sorted(counts):
        found, listed = counts[rule]
        print(f"| {rule} | {found} | {listed} ({100 * listed / found:.0f}%) |")


def _print_table(rows: dict[str, list[int]], tools: int, confirmed: bool) -> None:
    extra = " confirmed true | caught of those |" if confirmed else ""
    print("| rule | in-scope problems | caught | at warning/error |" + extra)
    print("|---|---:|---:|---:|" + ("---:|---:|" if confirmed else ""))
    total = [0, 0, 0, 0, 0]
    for rule in sorted(rows):
        row = rows[rule]
        total = [a + b for a, b in zip(total, row, strict=True)]
        print(f"| {rule} | {row[0]} | {row[1]} | {row[2]} |" + (f" {row[3]} | {row[4]} |" if confirmed else ""))
    share = f"{100 * total[1] / total[0]:.0f}%" if total[0] else "—"
    line = f"| **all** ({tools} tools) | {total[0]} | {total[1]} ({share}) | {total[2]} |"
    if confirmed:
        true_share = f"{100 * total[4] / total[3]:.0f}%" if total[3] else "—"
        line += f" {total[3]} | {total[4]} ({true_share}) |"
    print(line)


if __name__ == "__main__":
    main()
