"""Group trials into per-task tallies and compute pass^k and pass@k for each k, per group.

Grouping `by="task"` gives one suite; `by="tool"` gives one per tool, where a trial succeeds for a
tool when every one of its calls to that tool succeeded (the boundary pass^k a flaky tool
definition shows up in). Several records of one task and trial are one trial: it succeeds only if
all of its evaluable records did.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from toollint.passk.estimate import Tally, bootstrap_intervals, suite_value
from toollint.passk.records import Trial

SUITE = "(all tasks)"


@dataclass
class Row:
    k: int
    pass_hat: float
    pass_hat_ci: tuple[float, float]
    pass_at: float
    pass_at_ci: tuple[float, float]


@dataclass
class Group:
    """One suite (or one tool): its tallies, what was left out, and a row per k."""

    name: str
    tallies: list[Tally]
    excluded: Counter = field(default_factory=Counter)  # infrastructure errors by kind
    rows: list[Row] = field(default_factory=list)

    @property
    def trials(self) -> int:
        return sum(t.n for t in self.tallies)

    @property
    def min_trials(self) -> int:
        return min((t.n for t in self.tallies), default=0)


@dataclass
class Report:
    groups: list[Group]
    ks: list[int]
    warnings: list[str]
    level: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "k": self.ks, "confidence": self.level, "warnings": self.warnings,
            "groups": [{
                "name": g.name, "tasks": len(g.tallies), "trials": g.trials,
                "excluded": dict(sorted(g.excluded.items())), "excluded_total": sum(g.excluded.values()),
                "rows": [{"k": r.k, "pass_hat_k": r.pass_hat, "pass_hat_k_ci": list(r.pass_hat_ci),
                          "pass_at_k": r.pass_at, "pass_at_k_ci": list(r.pass_at_ci)} for r in g.rows],
                "per_task": [{"task_id": t.task, "n": t.n, "c": t.c} for t in g.tallies],
            } for g in self.groups],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    def to_text(self) -> str:
        percent = round(self.level * 100)
        lines = [f"warning: {w}" for w in self.warnings]
        for group in self.groups:
            excluded = sum(group.excluded.values())
            left_out = ""
            if excluded:
                kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(group.excluded.items()))
                left_out = f"; {excluded} left out as infrastructure errors ({kinds})"
            lines.append(f"{group.name}: {len(group.tallies)} tasks, {group.trials} trials{left_out}")
            if not group.rows:
                lines.append("  no k to report")
                continue
            lines.append(f"  {'k':>3}  {'pass^k':>7}  {f'{percent}% CI':<16}  {'pass@k':>7}  {percent}% CI")
            for row in group.rows:
                lines.append(f"  {row.k:>3}  {row.pass_hat:>7.3f}  {_interval(row.pass_hat_ci):<16}  "
                             f"{row.pass_at:>7.3f}  {_interval(row.pass_at_ci):<16}".rstrip())
        return "\n".join(lines) + "\n"


def _interval(bounds: tuple[float, float]) -> str:
    return f"[{bounds[0]:.3f}, {bounds[1]:.3f}]"


def tally(trials: Iterable[Trial], by: str = "task") -> list[Group]:
    """Trials grouped (one suite, or one group per tool) into per-task tallies, sorted by name."""
    outcomes: dict[str, dict[str, dict[Any, list[Trial]]]] = defaultdict(lambda: defaultdict(dict))
    for position, trial in enumerate(trials):
        if by == "tool" and trial.tool is None:
            raise ValueError(f"--by tool needs a tool on every record; record {position + 1} (task "
                             f"{trial.task}) has none")
        name = trial.tool if by == "tool" and trial.tool is not None else SUITE
        key = trial.trial if trial.trial is not None else ("#", position)
        outcomes[name][trial.task].setdefault(key, []).append(trial)
    groups = []
    for name in sorted(outcomes):
        group = Group(name, [])
        for task in sorted(outcomes[name], key=_natural):
            n = c = 0
            for records in outcomes[name][task].values():
                judged = [r.success for r in records if r.success is not None]
                if not judged:
                    group.excluded.update(r.error_kind or "error" for r in records)
                    continue
                n += 1
                c += all(judged)
            if n:
                group.tallies.append(Tally(task, n, c))
        groups.append(group)
    return groups


def _natural(task: str) -> tuple:
    return (0, int(task), "") if task.isdigit() else (1, 0, task)


def build_report(trials: Sequence[Trial], ks: Sequence[int], *, by: str = "task", level: float = 0.95,
                 rounds: int = 2000, seed: int = 0) -> Report:
    """pass^k and pass@k with bootstrap intervals for every requested k each group's trials allow."""
    groups = tally(trials, by)
    warnings: list[str] = []
    for group in groups:
        if not group.tallies:
            warnings.append(f"{group.name}: no evaluable trials")
            continue
        counts = {t.n for t in group.tallies}
        if len(counts) > 1:
            warnings.append(f"{group.name}: tasks have different trial counts ({min(counts)} to {max(counts)}); "
                            f"k is capped at the smallest")
        usable = [k for k in ks if k <= group.min_trials]
        dropped = [k for k in ks if k > group.min_trials]
        if dropped:
            shortest = min(group.tallies, key=lambda t: t.n)
            warnings.append(f"{group.name}: k={', '.join(map(str, dropped))} left out: task {shortest.task} has "
                            f"only {shortest.n} evaluable trial{'s' if shortest.n != 1 else ''}")
        intervals = bootstrap_intervals(group.tallies, [(m, k) for k in usable for m in ("pass^k", "pass@k")],
                                        rounds=rounds, level=level, seed=seed)
        for k in usable:
            group.rows.append(Row(k, suite_value(group.tallies, k, "pass^k"), intervals[("pass^k", k)],
                                  suite_value(group.tallies, k, "pass@k"), intervals[("pass@k", k)]))
    return Report(groups, list(ks), warnings, level)
