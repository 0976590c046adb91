"""File rules (TL0): what the reader of a file noted besides the tools it found."""

from __future__ import annotations

from toollint import pointer as jp
from toollint.document.source import Source
from toollint.linter.checks import check
from toollint.linter.context import Context
from toollint.terminal import shown


@check("tool-not-derived", "file")
def tool_not_derived(source: Source, ctx: Context) -> None:
    """Python tools the static reader left out (toollint.pysource), each with the reason."""
    skipped = source.data.get("skipped") if source.format == "python" and isinstance(source.data, dict) else None
    for index, entry in enumerate(skipped or ()):
        if "note" in entry:  # the tools were derived, but the server changes them at run time
            ctx.report(jp.join("/skipped", index), entry["note"])
            continue
        name = f"`{entry['function']}`" if entry.get("function") else "a tool"
        ctx.report(jp.join("/skipped", index), f"tool function {shown(name, 50)} was not linted",
                   note=entry["reason"])
