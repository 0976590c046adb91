"""`toollint explain` output as text."""

from __future__ import annotations

from toollint.explainer import Explanation, suggestion


def render_text(explanation: Explanation) -> str:
    if not explanation.known:
        lines = ["toollint does not know this error text.",
                 f"Check the tools for every provider: {suggestion(explanation.location)}"]
        return "\n".join(lines) + "\n"
    lines = []
    for match in explanation.matches:
        spec, error = match.spec, match.error
        lines += [f"{spec.code} {spec.name} ({spec.severity}) - {error.provider} answer",
                  f"  What: {spec.summary.strip()}", f"  Fix: {spec.fix.strip()}"]
        if error.sources:
            lines.append(f"  Seen in: {', '.join(error.sources)} (recorded {error.recorded})")
        if error.note:
            lines.append(f"  Note: {error.note}")
    location = explanation.location
    if location.found:
        parts = []
        if location.tool_name is not None:
            parts.append(f"tool {location.tool_name!r}")
        if location.tool_index is not None:
            parts.append(f"tool #{location.tool_index}")
        if location.field:
            parts.append(location.field)
        if location.path:
            parts.append("/" + "/".join(str(t) for t in location.path))
        lines.append(f"Where (from the text): {', '.join(parts)}")
    resolved = explanation.resolved
    if resolved is not None:
        missing = "" if resolved.exact else " (the text names a part that is missing here; this is its parent)"
        lines.append(f"{explanation.file}:{resolved.line}:{resolved.column}: tool {resolved.tool.label!r}, "
                     f"{resolved.pointer}{missing}")
    elif explanation.file is not None and location.found:
        lines.append(f"{explanation.file}: no tool matches this location")
    if explanation.metaschema:
        lines.append("JSON Schema 2020-12 metaschema violations:")
        lines += [f"  {violation}" for violation in explanation.metaschema]
    elif resolved is not None and any(m.spec.name == "invalid-json-schema" for m in explanation.matches):
        lines.append("The 2020-12 metaschema accepts this tool's schema; the errors below (every rule; strict "
                     "rules only if the tool is strict) are what else the API may reject.")
    if explanation.file is not None:
        if explanation.findings:
            lines.append("Findings:")
            for f in explanation.findings:
                lines.append(f"  {f.file}:{f.line}:{f.column}: {f.code} {f.message}")
                lines += [f"    help: {f.help}"] if f.help else []
        else:
            lines.append("No finding of this rule in the file.")
    return "\n".join(lines) + "\n"
