"""Machine formats: JSON array, SARIF 2.1.0 and GitHub workflow annotations."""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

from toollint import __version__
from toollint.linter.catalog import RuleSpec, load_catalog
from toollint.linter.engine import FileResult, Finding

_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def json_array(findings: list[Finding], results: list[FileResult], **_: object) -> str:
    return json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2) + "\n"


def sarif(findings: list[Finding], results: list[FileResult], *, rules: list[RuleSpec] | None = None,
          **_: object) -> str:
    """SARIF 2.1.0; the driver lists the rules that ran (and any rule a finding names)."""
    catalog = load_catalog()
    named = {f.rule for f in findings}
    chosen = {spec.name for spec in rules} if rules is not None else set(catalog)
    specs = [spec for spec in catalog.values() if spec.name in chosen or spec.name in named]
    index = {spec.name: i for i, spec in enumerate(specs)}
    rule_entries = [{
        "id": spec.code,
        "name": spec.name,
        "shortDescription": {"text": spec.summary.strip()},
        "fullDescription": {"text": spec.why.strip()},
        "help": {"text": spec.docs(), "markdown": spec.docs()},
        "defaultConfiguration": {"level": _SARIF_LEVEL[spec.severity]},
        "properties": {"category": spec.category, "tags": [spec.category]},
    } for spec in specs]
    sarif_results = []
    for f in findings:
        region = {"startLine": f.line, "startColumn": f.column, "endLine": max(f.end_line, f.line),
                  "endColumn": f.end_column if (f.end_line, f.end_column) > (f.line, f.column) else f.column + 1}
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.rule],
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": PurePath(f.file).as_posix()},
                                                "region": region}}],
            "properties": {"rule": f.rule, "pointer": f.pointer, **({"tool": f.tool} if f.tool else {}),
                           **({"server": f.server} if f.server else {})},
        }
        if f.pointer or f.tool:
            result["locations"][0]["logicalLocations"] = [
                {"fullyQualifiedName": f"{f.tool or ''}{f.pointer}", "kind": "member"}]
        sarif_results.append(result)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "toollint", "version": __version__, "semanticVersion": __version__,
                                "informationUri": "https://pypi.org/project/toollint/", "rules": rule_entries}},
            "columnKind": "unicodeCodePoints",
            "results": sarif_results,
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def github(findings: list[Finding], results: list[FileResult], **_: object) -> str:
    lines = []
    for f in findings:
        properties = [f"file={_escape_property(f.file)}", f"line={f.line}", f"col={f.column}"]
        if f.end_line >= f.line:
            properties += [f"endLine={f.end_line}", f"endColumn={f.end_column}"]
        properties.append(f"title={_escape_property(f'{f.code} {f.rule}')}")
        lines.append(f"::{_GITHUB_LEVEL[f.severity]} {','.join(properties)}::{_escape_data(f.message)}")
    return "".join(line + "\n" for line in lines)
