"""`toollint explain`: from an error text a provider API returned to the rule, the tool and the place.

The texts are data: each rule's `api_errors` table in `toollint/rules/*.toml` (so `toollint rule X` lists them);
the location is parsed from the text (`locations`) and, given the tools file or the request body,
resolved to a tool and `file:line:col` (`resolve`), where that rule's findings on that tool are listed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from toollint.document.source import Source
from toollint.explainer.locations import Location, parse_location
from toollint.explainer.resolve import Resolved, resolve
from toollint.linter.catalog import ApiError, RuleSpec, load_catalog
from toollint.profiles import PROFILE_NAMES

METASCHEMA_RULE = "invalid-json-schema"
MAX_METASCHEMA_ERRORS = 5


@dataclass(frozen=True)
class Match:
    spec: RuleSpec
    error: ApiError


@dataclass
class Explanation:
    matches: list[Match]
    location: Location
    resolved: Resolved | None = None
    findings: list[Any] = field(default_factory=list)
    metaschema: list[str] = field(default_factory=list)
    file: str | None = None

    @property
    def known(self) -> bool:
        return bool(self.matches)

    def as_dict(self) -> dict[str, Any]:
        resolved = self.resolved
        return {
            "known": self.known,
            "rules": [{"code": m.spec.code, "name": m.spec.name, "severity": m.spec.severity,
                       "provider": m.error.provider, "summary": m.spec.summary.strip(), "why": m.spec.why.strip(),
                       "fix": m.spec.fix.strip(), "sources": list(m.error.sources), "recorded": m.error.recorded}
                      for m in self.matches],
            "location": self.location.as_dict(),
            "resolved": None if resolved is None else {
                "file": self.file, "tool": resolved.tool.label, "pointer": resolved.pointer, "exact": resolved.exact,
                "line": resolved.line, "column": resolved.column},
            "findings": [f.as_dict() for f in self.findings],
            "metaschema": self.metaschema,
            "suggestion": None if self.known else suggestion(self.location),
        }


@cache
def _patterns() -> list[tuple[re.Pattern[str], Match]]:
    return [(re.compile(error.pattern), Match(spec, error))
            for spec in load_catalog().values() for error in spec.api_errors]


def messages(text: str) -> list[str]:
    """The separate error messages of a paste, as users paste them: a JSON body or a Python-repr one
    (`Error code: 400 - {'error': {...}}`) is unpacked into its strings; Gemini's `* ` bullets are split;
    hard wraps and runs of whitespace are joined; the `\\'` and `\\"` of a repr are unescaped."""
    found: list[str] = []
    for string in _strings_of(text):
        if "\\'" in string or '\\"' in string:
            string = string.replace("\\'", "'").replace('\\"', '"')
        for part in re.split(r"\n\s*(?=\*\s)", string):
            joined = " ".join(part.split())
            if joined:
                found.append(joined)
    return found or [" ".join(text.split())]


def _strings_of(text: str) -> list[str]:
    data: Any = None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to be (review 2, item 10)
        start, end = text.find("{"), text.rfind("}")
        if 0 <= start < end:
            import ast

            try:
                data = ast.literal_eval(text[start:end + 1])
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                data = None
    if data is None or isinstance(data, (int, float, bool)):
        return [text]
    strings: list[str] = []

    def collect(value: Any, depth: int = 0) -> None:
        if depth > 50:
            return
        if isinstance(value, str):
            strings.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item, depth + 1)
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item, depth + 1)

    collect(data)
    return strings or [text]


def readable(text: str) -> str:
    """The message(s) of a pasted error as one text, one message per line."""
    return "\n".join(messages(text))


def match_text(text: str) -> list[Match]:
    """Every rule whose API texts match, best first (rules named once)."""
    seen: set[str] = set()
    found = []
    for pattern, match in _patterns():
        if match.spec.name not in seen and pattern.search(text):
            seen.add(match.spec.name)
            found.append(match)
    return found


def suggestion(location: Location) -> str:
    target = location.provider if location.provider in PROFILE_NAMES else "anthropic --target openai --target gemini"
    return f"toollint check --target {target} FILE"


def explain_all(text: str, source: Source | None = None) -> list[Explanation]:
    """One explanation per place the text names (a Gemini 400 lists every bad declaration), in order;
    a text naming one place or none gives one explanation of the whole text."""
    parts = messages(text)
    located = [part for part in parts if parse_location(part).found]
    if len(located) <= 1:
        return [explain(text, source)]
    found: list[Explanation] = []
    seen: set[str] = set()
    for part in located:
        explanation = explain(part, source)
        key = json.dumps(explanation.location.as_dict(), sort_keys=True) + str([m.spec.name for m in explanation.matches])
        if key not in seen:
            seen.add(key)
            found.append(explanation)
    return found


def explain(text: str, source: Source | None = None) -> Explanation:
    message = readable(text)
    matches = match_text(message)
    explanation = Explanation(matches, parse_location(message))
    if source is None or source.problem is not None:
        return explanation
    explanation.file = source.path
    explanation.resolved = resolve(source, explanation.location)
    if matches:
        explanation.findings = _findings(source, explanation)
    if explanation.resolved is not None and any(m.spec.name == METASCHEMA_RULE for m in matches):
        explanation.metaschema = metaschema_violations(explanation.resolved)
    return explanation


def _findings(source: Source, explanation: Explanation) -> list[Any]:
    """The matched rules' findings in the file, on the resolved tool when there is one."""
    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter

    names = tuple(m.spec.name for m in explanation.matches)
    provider = explanation.location.provider or next((m.error.provider for m in explanation.matches), "")
    strict = any(m.spec.targets for m in explanation.matches)
    targets = (provider,) if strict and provider in PROFILE_NAMES else ()
    broad = METASCHEMA_RULE in names  # Anthropic's keyword-less 400: the trigger is unconfirmed, show every error
    settings = Settings(select=("ALL",)) if broad else Settings(select=names, targets=targets)
    findings = sorted(Linter(settings).lint(source).findings, key=lambda f: f.sort_key())
    if broad:
        findings = [f for f in findings if f.severity == "error" or f.rule in names]
    resolved = explanation.resolved
    if resolved is None:
        return findings
    prefix = resolved.tool.pointer
    on_tool = [f for f in findings if f.pointer == prefix or f.pointer.startswith(prefix + "/")]
    return on_tool or findings


def metaschema_violations(resolved: Resolved) -> list[str]:
    """The first violations of the JSON Schema 2020-12 metaschema in the tool's input schema."""
    from jsonschema import Draft202012Validator

    schema = resolved.tool.definition.get(resolved.tool.schema_field)
    validator = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    errors = sorted(validator.iter_errors(schema), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    out = []
    for error in errors[:MAX_METASCHEMA_ERRORS]:
        where = "/" + "/".join(str(p) for p in error.absolute_path)
        out.append(f"{resolved.tool.schema_pointer}{where if where != '/' else ''}: {error.message}")
    return out
