"""What strictify checks before it rewrites anything: a broken definition is refused, never rewritten.

Rewriting an invalid regex keeps it under `"strict": true`, a `required` entry naming no property becomes a
new required parameter, a misspelled keyword silently disappears. So the error-level structural rules of
`toollint check` (and the misspelled-keyword rule) run first, through `linter.shared_config.structural_errors`,
and each finding refuses the file by file, line and pointer.
"""

from __future__ import annotations

from typing import Any


def broken_input(source: Any, display: str, tool_pointers: list[str] | None = None) -> list[str]:
    """One line per structural error in the parsed file ("file:line:column: pointer: message (rule)"), limited
    to the tools at `tool_pointers` when given."""
    from toollint.linter.shared_config import structural_errors

    lines = []
    for finding in structural_errors(source):
        if tool_pointers is not None and not any(finding.pointer == p or finding.pointer.startswith(p + "/") or
                                                 p == "" for p in tool_pointers):
            continue
        lines.append(f"{display}:{finding.line}:{finding.column}: {finding.pointer or '/'}: {finding.message} "
                     f"({finding.rule})")
    return lines
