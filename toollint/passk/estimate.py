"""pass^k and pass@k from per-task trial counts, and a bootstrap interval over tasks.

pass^k is the chance that k trials of a task, drawn without replacement from its n recorded
trials, ALL succeed: C(c, k) / C(n, k) (the unbiased estimator of the τ-bench paper, not the
plug-in (c/n)^k, which is biased upward: n=4, c=3, k=2 gives 0.5, not 0.5625). pass@k, its
dual, is the chance that at least one of the k succeeds: 1 - C(n-c, k) / C(n, k). Suite values
are means over tasks; the interval resamples tasks, the unit that varies between suites.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb


@dataclass(frozen=True)
class Tally:
    """One task's trials: `n` evaluable trials, `c` of them successful."""

    task: str
    n: int
    c: int


def pass_hat_k(n: int, c: int, k: int) -> float:
    """C(c, k) / C(n, k): the chance that k of the n trials, drawn without replacement, all succeed."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass^k needs 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    return comb(c, k) / comb(n, k)


def pass_at_k(n: int, c: int, k: int) -> float:
    """1 - C(n-c, k) / C(n, k): the chance that at least one of k drawn trials succeeds."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    return 1.0 - comb(n - c, k) / comb(n, k)


METRICS: dict[str, Callable[[int, int, int], float]] = {"pass^k": pass_hat_k, "pass@k": pass_at_k}


def suite_value(tallies: Sequence[Tally], k: int, metric: str = "pass^k") -> float:
    """The mean of the per-task values."""
    func = METRICS[metric]
    return sum(func(t.n, t.c, k) for t in tallies) / len(tallies)


def bootstrap_interval(tallies: Sequence[Tally], k: int, metric: str = "pass^k", *, rounds: int = 2000,
                       level: float = 0.95, seed: int = 0) -> tuple[float, float]:
    """A percentile bootstrap interval for the suite value, resampling tasks with replacement.

    Seeded, so the same runs give the same interval. With one task the interval is that task's value.
    """
    return bootstrap_intervals(tallies, [(metric, k)], rounds=rounds, level=level, seed=seed)[(metric, k)]


def bootstrap_intervals(tallies: Sequence[Tally], wanted: Sequence[tuple[str, int]], *, rounds: int = 2000,
                        level: float = 0.95, seed: int = 0) -> dict[tuple[str, int], tuple[float, float]]:
    """Intervals for several (metric, k) at once, from the same resamples of tasks.

    A task's values depend only on its (n, c), and suites have few distinct pairs, so each resample is
    counted per pair: the cost is one draw per task and round, whatever the number of k and metrics.
    """
    pairs = sorted({(t.n, t.c) for t in tallies})
    index = {pair: i for i, pair in enumerate(pairs)}
    drawn = [index[(t.n, t.c)] for t in tallies]
    values = {(metric, k): [METRICS[metric](n, c, k) for n, c in pairs] for metric, k in wanted}
    rng = random.Random(seed)
    size = len(drawn)
    means: dict[tuple[str, int], list[float]] = {key: [] for key in values}
    for _ in range(rounds):
        counts = [0] * len(pairs)
        for pick in rng.choices(drawn, k=size):
            counts[pick] += 1
        for key, per_pair in values.items():
            means[key].append(sum(count * value for count, value in zip(counts, per_pair, strict=True)) / size)
    low_index = int((1 - level) / 2 * rounds)
    high_index = min(rounds - 1, int((1 + level) / 2 * rounds))
    out = {}
    for key, found in means.items():
        found.sort()
        out[key] = (found[low_index], found[high_index])
    return out
