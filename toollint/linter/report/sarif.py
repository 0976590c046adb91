"""SARIF 2.1.0 that GitHub code scanning maps to repository files.

URIs are relative to the repository root (found from the current directory; the current directory when
there is none) under `uriBaseId` %SRCROOT%, percent-encoded; a file outside the root gets an absolute
`file://` URI. Only the rules that fired are embedded, each with a `helpUri` when the project's docs
address is known, and every result carries a fingerprint that survives line moves.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from toollint import __version__
from toollint.document.edits import EditError
from toollint.document.source import Source
from toollint.document.writer import apply_edits
from toollint.linter.catalog import RuleSpec, load_catalog
from toollint.linter.engine import FileResult, Finding
from toollint.project import project_urls, rule_help_uri
from toollint.repository import repository_root
from toollint.terminal import escape_json_controls

SRCROOT = "%SRCROOT%"
FINGERPRINT = "toollint/v1"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def artifact_location(display_path: str, root: Path) -> dict[str, str]:
    """A SARIF artifactLocation for a path as findings name it (relative to the current directory)."""
    if display_path == "-" or display_path.startswith("<"):  # stdin, or a live server (`<server NAME>`)
        return {"uri": quote(display_path, safe="")}
    absolute = Path(os.path.abspath(display_path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix(), safe="/"), "uriBaseId": SRCROOT}


def _fingerprint(finding: Finding, uri: str) -> str:
    """Stable while lines move: the rule, the file, the tool, the JSON Pointer and the message."""
    key = "\x1f".join((finding.code, uri, finding.tool or "", finding.pointer, finding.message))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def _rule(spec: RuleSpec) -> dict:
    rule = {
        "id": spec.code,
        "name": spec.name,
        "shortDescription": {"text": spec.summary.strip()},
        "fullDescription": {"text": spec.why.strip()},
        "help": {"text": spec.docs(), "markdown": spec.docs()},
        "defaultConfiguration": {"level": _LEVEL[spec.severity]},
        "properties": {"category": spec.category, "tags": [spec.category]},
    }
    help_uri = rule_help_uri(spec.name)
    if help_uri:
        rule["helpUri"] = help_uri
    return rule


def _region(f: Finding) -> dict[str, int]:
    return {"startLine": f.line, "startColumn": f.column, "endLine": max(f.end_line, f.line),
            "endColumn": f.end_column if (f.end_line, f.end_column) > (f.line, f.column) else f.column + 1}


def _fix(finding: Finding, source: Source | None, location: dict[str, str]) -> dict[str, Any] | None:
    """A SARIF `fix`: the finding's edits as one text replacement (the smallest span that changes)."""
    if finding.autofix is None or source is None:
        return None
    try:
        fixed = apply_edits(source.text, source.format, list(finding.autofix.edits))
    except EditError:
        return None
    old = source.text
    start = 0
    while start < min(len(old), len(fixed)) and old[start] == fixed[start]:
        start += 1
    end_old, end_new = len(old), len(fixed)
    while end_old > start and end_new > start and old[end_old - 1] == fixed[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    (line, column), (end_line, end_column) = source.lines.position(start), source.lines.position(end_old)
    replacement = {"deletedRegion": {"startLine": line, "startColumn": column, "endLine": end_line,
                                     "endColumn": end_column},
                   "insertedContent": {"text": fixed[start:end_new]}}
    return {"description": {"text": f"{finding.autofix.title} ({finding.autofix.safety} fix)"},
            "artifactChanges": [{"artifactLocation": location, "replacements": [replacement]}],
            "properties": {"safety": finding.autofix.safety, "edits": [e.as_dict() for e in finding.autofix.edits]}}


def _message(finding: Finding) -> dict[str, str]:
    """The headline as `text`; the headline, help and note as `markdown` (GitHub shows it under the alert)."""
    message = {"text": finding.message}
    parts = [finding.message] + [f"**{label}:** {part}" for label, part in (("help", finding.help),
                                                                            ("note", finding.note)) if part]
    if len(parts) > 1:
        message["markdown"] = "\n\n".join(parts)
    return message


def sarif(findings: list[Finding], results: list[FileResult], *, root: Path | None = None, **_: object) -> str:
    root = (root or repository_root(Path.cwd()) or Path.cwd()).resolve()
    catalog = load_catalog()
    fired = {f.rule for f in findings}
    specs = [spec for spec in catalog.values() if spec.name in fired]
    index = {spec.name: i for i, spec in enumerate(specs)}
    sources = {r.path: r.source for r in results if r.source is not None and r.source.text}
    sarif_results = []
    for f in findings:
        location = artifact_location(f.file, root)
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.rule],
            "level": _LEVEL[f.severity],
            "message": _message(f),
            "locations": [{"physicalLocation": {"artifactLocation": location, "region": _region(f)}}],
            "partialFingerprints": {FINGERPRINT: _fingerprint(f, location["uri"])},
            "properties": {"rule": f.rule, "pointer": f.pointer, **({"tool": f.tool} if f.tool else {}),
                           **({"help": f.help} if f.help else {}), **({"note": f.note} if f.note else {}),
                           **({"server": f.server} if f.server else {})},
        }
        if f.pointer or f.tool:
            result["locations"][0]["logicalLocations"] = [
                {"fullyQualifiedName": f"{f.tool or ''}{f.pointer}", "kind": "member"}]
        fix = _fix(f, sources.get(f.file), location)
        if fix is not None:
            result["fixes"] = [fix]
        sarif_results.append(result)
    driver = {"name": "toollint", "version": __version__, "semanticVersion": __version__, "rules": [_rule(s) for s in specs]}
    homepage = project_urls().get("homepage")
    if homepage:
        driver["informationUri"] = homepage
    root_uri = root.as_uri().rstrip("/") + "/"
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "automationDetails": {"id": "toollint/"},
            "originalUriBaseIds": {SRCROOT: {"uri": root_uri}},
            "columnKind": "unicodeCodePoints",
            "results": sarif_results,
        }],
    }
    return escape_json_controls(json.dumps(log, ensure_ascii=False, indent=2)) + "\n"
