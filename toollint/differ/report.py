"""Print a diff: text grouped by kind (each change with file:line:col), or JSON; and its exit code."""

from __future__ import annotations

import json
from collections import Counter

from toollint.differ.compare import BREAKING, DESCRIPTION, KINDS, WIDENING, Change

HEADINGS = {
    BREAKING: "Breaking changes (a call that was valid may now fail)",
    WIDENING: "Widening changes (every old call stays valid)",
    DESCRIPTION: "Description changes (security: text the model reads changed after review)",
}


def verdict(changes: list[Change]) -> int:
    """1 when something breaking or suspicious changed, else 0."""
    return 1 if any(c.kind in (BREAKING, DESCRIPTION) for c in changes) else 0


def summary(changes: list[Change]) -> str:
    if not changes:
        return "No changes to the tools."
    counts = Counter(c.kind for c in changes)
    parts = [f"{counts[BREAKING]} breaking", f"{counts[WIDENING]} widening",
             f"{counts[DESCRIPTION]} description change{'s' if counts[DESCRIPTION] != 1 else ''}"]
    return f"Found {', '.join(parts)}."


def render_text(changes: list[Change]) -> str:
    blocks = []
    for kind in KINDS:
        chosen = [c for c in changes if c.kind == kind]
        if not chosen:
            continue
        lines = [HEADINGS[kind] + ":"]
        for change in chosen:
            lines.append(f"  {change.file}:{change.line}:{change.column}: {change.code} {change.message}")
            if kind == DESCRIPTION:
                lines += [f"    - {_quote(change.old)}", f"    + {_quote(change.new)}"]
        blocks.append("\n".join(lines))
    blocks.append(summary(changes))
    return "\n\n".join(blocks) + "\n"


def render_json(changes: list[Change]) -> str:
    counts = Counter(c.kind for c in changes)
    return json.dumps({"changes": [c.as_dict() for c in changes],
                       "summary": {kind: counts[kind] for kind in KINDS}}, ensure_ascii=False, indent=2) + "\n"


def _quote(text: object) -> str:
    if text is None:
        return "(none)"
    shown = json.dumps(text, ensure_ascii=False)
    return shown if len(shown) <= 300 else shown[:299] + "…"
