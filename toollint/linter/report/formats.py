"""Machine formats: JSON array and GitHub workflow annotations (SARIF lives in report/sarif.py)."""

from __future__ import annotations

import json

from toollint.linter.engine import FileResult, Finding
from toollint.terminal import escape_controls, escape_json_controls


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
