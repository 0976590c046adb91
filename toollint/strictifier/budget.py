"""Which tools stay strict when a file is over a provider's per-request budget (`--max-strict`, `--prefer`)."""

from __future__ import annotations

from typing import Any


def over_alone(usage: Any, budget: Any) -> list[str]:
    """What one tool alone spends beyond a per-request budget ("30 optional parameters (limit 24)"): such a
    tool cannot be sent strict even by itself."""
    out = []
    for what in ("optional_parameters", "union_parameters"):
        value, limit = getattr(usage, what), getattr(budget, what)
        if limit is not None and value > limit:
            out.append(f"{value} {what.replace('_', ' ')} (limit {limit})")
    return out


def choose_strict(indexes: list[int], usage: dict[int, Any], budget: Any, max_strict: int | None,
                  prefer: list[int] | None = None) -> list[int]:
    """The tools to keep strict, in file order: the preferred ones first (in the order given), then the cheapest
    (fewest optional and union parameters; file order breaks ties), each taken when it still fits the budget,
    until `max_strict` tools are strict. Cheapest-first keeps the most tools strict."""
    preferred = [i for i in (prefer or []) if i in indexes]
    rest = sorted((i for i in indexes if i not in preferred),
                  key=lambda i: (usage[i].optional_parameters + usage[i].union_parameters, indexes.index(i)))
    kept: list[int] = []
    optional = unions = 0
    limit = max_strict if max_strict is not None else len(indexes)
    for index in [*preferred, *rest]:
        if len(kept) >= limit:
            break
        cost = usage[index]
        if budget.optional_parameters is not None and optional + cost.optional_parameters > budget.optional_parameters:
            continue
        if budget.union_parameters is not None and unions + cost.union_parameters > budget.union_parameters:
            continue
        kept.append(index)
        optional += cost.optional_parameters
        unions += cost.union_parameters
    return sorted(kept)

