"""Machine formats: JSON array, GitHub workflow annotations and counts per rule (SARIF lives in report/sarif.py)."""

from __future__ import annotations

import json

from toollint.linter.engine import FileResult, Finding
from toollint.terminal import escape_controls, escape_json_controls, one_line


def json_array(findings: list[Finding], results: list[FileResult], **_: object) -> str:
    return escape_json_controls(json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2)) + "\n"


def _escape_data(text: str) -> str:
    return escape_controls(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


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
        text = "\n".join([f.message] + [f"{label}: {part}" for label, part in (("help", f.help), ("note", f.note)) if part])
        lines.append(f"::{_GITHUB_LEVEL[f.severity]} {','.join(properties)}::{_escape_data(text)}")
    return "".join(line + "\n" for line in lines)


def count(findings: list[Finding], results: list[FileResult], **_: object) -> str:
    """One line per rule that fired, `COUNT CODE NAME`, by code. A file-level finding (TL0: a file that could not be
    read or parsed) is also listed under its rule with its file and message, since its file was not checked."""
    by_rule: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        by_rule.setdefault((f.code, f.rule), []).append(f)
    lines = []
    for (code, rule), found in sorted(by_rule.items()):
        lines.append(f"{len(found)} {code} {rule}")
        if code.startswith("TL0"):
            lines.extend(f"  {one_line(f.file)}: {one_line(f.message)}" for f in found)
    return "".join(line + "\n" for line in lines)
