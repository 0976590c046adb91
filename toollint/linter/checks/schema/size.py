"""strict-size-exceeded: the strict tools of one file, measured against the target's `[size]` limits."""

from __future__ import annotations

from toollint.document.dialects import Tool
from toollint.linter.checks import check
from toollint.linter.checks.shared import strict_tools_by_target
from toollint.linter.context import Context
from toollint.profiles import load_profile
from toollint.profiles.size import SizeUsage, size_problems, size_usage


@check("strict-size-exceeded", "toolset")
def strict_size_exceeded(tools: list[Tool], ctx: Context) -> None:
    for name, chosen in strict_tools_by_target(tools, ctx):
        limits = load_profile(name).size
        if not limits:
            continue
        total = SizeUsage()
        for tool in chosen:
            total = total.add(size_usage(tool.schema, limits))
            problems = size_problems(total, limits)
            if problems:
                ctx.report(tool.name_pointer, f"the strict tools for {name} exceed its size limits per request here",
                           tool=tool, help="make fewer tools strict, or shrink their schemas",
                           note=f"{'; '.join(problems)}; the API rejects the request")
                break
