"""Time per rule: what each enabled rule's checks cost on a corpus, in one process, so the costly ones can be found.

    python bench/bench_rules.py [--corpus DIR] [--tools N] [--runs N] [--top N] [--select RULES] [--installed]
    python bench/bench_rules.py --profile RULE        # that rule alone, under cProfile
    /other/venv/bin/python bench/bench_rules.py --installed --save old.tsv   # another install, e.g. b244682
    python bench/bench_rules.py --against old.tsv     # per rule: now, then, and the difference

The corpus is `bench/bench_scale.py`'s (the MCP tool sets of `../shared/corpus/mcp`, renamed and replicated into
files of 25 tools), read and parsed once. Every check function is wrapped in a timer and the files are linted
`--runs` times. Printed: the first run's total (cold: memos empty, lazy patterns not compiled, as in one command
run), the best run's total and the share no check accounts for (the walk, dispatch, suppressions), then each
rule's milliseconds in the best run, including the findings it reports (locating and wording them).

`--installed` lints with the toollint the running Python has installed instead of this checkout's, so the same
script times an older commit's install; `--save` and `--against` put two such runs side by side.

Read the figures with two cautions. The timer adds about half a microsecond a call, so a rule called on every
node of every schema looks a few milliseconds dearer than it is. And a rule that first asks for a shared view (a
tool's documentation view, its token count) pays for building it while the rules after it read it for free: the
figures say where time goes, not what removing one rule would save (`--ignore` that rule and compare totals).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def timed_registry(totals: dict[str, float]) -> None:
    """Wrap every registered check so its calls add up in `totals[rule]` (this process only)."""
    from toollint.linter.checks import load_checks

    registry = load_checks()
    for rule, checks in registry.items():
        registry[rule] = [replace(check, func=_timer(check.func, rule, totals)) for check in checks]


def _timer(func: Callable[..., Any], rule: str, totals: dict[str, float]) -> Callable[..., Any]:
    clock = time.perf_counter

    def timed(*args: Any) -> Any:
        start = clock()
        try:
            return func(*args)
        finally:
            totals[rule] += clock() - start

    return timed


def read_corpus(corpus: str, count: int) -> list[Any]:
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_scale import build, source_tools

    from toollint.document.source import read_path

    tools = source_tools(Path(corpus))
    if not tools:
        sys.exit(f"no MCP tools under {corpus}")
    with tempfile.TemporaryDirectory() as tmp:
        paths = build(tools, count, max(1, count // 25), Path(tmp))
        return [read_path(path, path) for path in paths]


def time_rules(sources: list[Any], settings: Any, runs: int) -> tuple[float, float, dict[str, float]]:
    """(first run's seconds, best run's seconds, each rule's seconds in the best run). CPU time, not wall time:
    other work on the machine moves it less."""
    from toollint.linter.engine import Linter

    totals: dict[str, float] = defaultdict(float)
    timed_registry(totals)
    linter = Linter(settings)
    first, best_total, best = 0.0, float("inf"), {}
    for number in range(runs):
        totals.clear()
        start = time.process_time()
        for source in sources:
            linter.lint(source)
        total = time.process_time() - start
        first = total if number == 0 else first
        if total < best_total:
            best, best_total = dict(totals), total
    return first, best_total, best


def profile(sources: list[Any], rule: str, top: int) -> None:
    """cProfile of one rule alone (it pays for every shared view it reads), by cumulative time."""
    import cProfile
    import pstats

    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter

    linter = Linter(Settings(select=(rule,)))
    profiler = cProfile.Profile()
    profiler.enable()
    for source in sources:
        linter.lint(source)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus" / "mcp"))
    parser.add_argument("--tools", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--select", default="", help="rules to enable, comma-separated (default: the default set)")
    parser.add_argument("--installed", action="store_true", help="time the installed toollint, not this checkout")
    parser.add_argument("--profile", metavar="RULE", help="instead: profile this rule alone, its costliest calls")
    parser.add_argument("--save", metavar="TSV", help="also write each rule's milliseconds to this file")
    parser.add_argument("--against", metavar="TSV", help="print each rule's difference from a --save file")
    args = parser.parse_args()
    if not args.installed:
        sys.path.insert(0, str(ROOT))
    from toollint.linter.config import Settings

    sources = read_corpus(args.corpus, args.tools)
    if args.profile:
        profile(sources, args.profile, args.top)
        return
    settings = Settings(select=tuple(args.select.split(","))) if args.select else Settings()
    first, total, rules = time_rules(sources, settings, args.runs)
    checks = sum(rules.values())
    print(f"python {sys.version.split()[0]}, {args.tools} tools in {len(sources)} files, CPU time, best of {args.runs}")
    print(f"first run {first * 1000:8.1f} ms; best {total * 1000:8.1f} ms, of which outside any check "
          f"{(total - checks) * 1000:6.1f} ms ({100 * (total - checks) / total:4.1f}%)")
    rows = {"(first run)": first, "(best run)": total, "(outside any check)": total - checks, **rules}
    if args.save:
        Path(args.save).write_text("".join(f"{name}\t{seconds}\n" for name, seconds in rows.items()), encoding="utf-8")
    if args.against:
        then = {name: float(seconds) for name, seconds in
                (line.split("\t") for line in Path(args.against).read_text(encoding="utf-8").splitlines())}
        order = sorted(rows.keys() | then.keys(), key=lambda n: -(rows.get(n, 0.0) - then.get(n, 0.0)))
        print(f"{'now':>9} {'then':>9} {'change':>9}  rule")
        for name in [n for n in order if n.startswith("(")] + [n for n in order if not n.startswith("(")][:args.top]:
            now, old = rows.get(name, 0.0), then.get(name, 0.0)
            print(f"{now * 1000:9.1f} {old * 1000:9.1f} {(now - old) * 1000:+9.1f}  {name}")
        return
    for rule, seconds in sorted(rules.items(), key=lambda item: -item[1])[:args.top]:
        print(f"{seconds * 1000:8.1f} ms  {100 * seconds / total:5.1f}%  {rule}")


if __name__ == "__main__":
    main()
