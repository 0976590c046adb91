"""Draw pass^k and pass@k against k (needs the `plot` extra: matplotlib).

The gap between the two curves is the point: pass@k rises with k, pass^k falls, and an agent you
would put on call is one whose pass^k stays up. The SVG is written without a date and with a fixed
hash salt, so the same runs draw the same file.
"""

from __future__ import annotations

from pathlib import Path

from toollint.passk.report import Report

PLOT_SUFFIXES = (".svg", ".png")


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def draw(report: Report, path: str | Path) -> None:
    """Write the chart to `path` (.svg or .png)."""
    path = Path(path)
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise ValueError(f"{path}: the plot is written as .svg or .png")
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailable("plotting needs matplotlib: pip install 'toollint-llm[plot]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    with matplotlib.rc_context({"svg.hashsalt": "toollint", "font.size": 9}):
        figure, axes = plt.subplots(figsize=(6.4, 4.0))
        for index, group in enumerate(g for g in report.groups if g.rows):
            color = f"C{index}"
            ks = [row.k for row in group.rows]
            label = "" if len(report.groups) == 1 else f"{group.name} "
            for metric, style in (("pass_hat", "-"), ("pass_at", "--")):
                values = [getattr(row, metric) for row in group.rows]
                low = [getattr(row, f"{metric}_ci")[0] for row in group.rows]
                high = [getattr(row, f"{metric}_ci")[1] for row in group.rows]
                name = "pass^k" if metric == "pass_hat" else "pass@k"
                axes.plot(ks, values, style, marker="o", color=color, label=f"{label}{name}")
                axes.fill_between(ks, low, high, color=color, alpha=0.12, linewidth=0)
        axes.set_xlabel("k (trials that must all succeed / of which one must)")
        axes.set_ylabel("share of tasks")
        axes.set_ylim(-0.02, 1.02)
        axes.set_xscale("log", base=2)
        all_ks = sorted({row.k for g in report.groups for row in g.rows})
        axes.set_xticks(all_ks, [str(k) for k in all_ks])
        axes.set_title(f"pass^k and pass@k ({round(report.level * 100)}% bootstrap intervals over tasks)")
        axes.grid(alpha=0.3)
        axes.legend(loc="best")
        figure.tight_layout()
        metadata = {"Date": None} if path.suffix.lower() == ".svg" else {}
        figure.savefig(path, metadata=metadata)
        plt.close(figure)
