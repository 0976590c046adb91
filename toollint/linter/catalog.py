"""The built-in rule catalog: one TOML file per rule under `toollint/rules/`.

Docs, `toollint rule`, SARIF rule metadata and the example tests all read this one source. Parsing the
TOML files (pure-Python `tomllib`) took a sixth of a small `check`'s start-up, so `toollint/rules/catalog.json`
holds them already parsed, with the digest of the TOML they came from: it is used only while that digest
matches (a stale cache costs time, never a wrong rule). Regenerate it with
`python -m toollint.linter.catalog > toollint/rules/catalog.json`; a test says when it is stale.
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from toollint._compat import tomllib

SEVERITIES = ("error", "warning", "info")
SEVERITY_RANK = {"info": 1, "warning": 2, "error": 3}


@dataclass(frozen=True)
class Example:
    kind: str  # "bad" or "good"
    text: str
    format: str = "json"
    targets: tuple[str, ...] = ()
    title: str = ""
    options: dict[str, Any] = field(default_factory=dict)  # rule options the example is checked with


@dataclass(frozen=True)
class ApiError:
    """One answer a provider API (or client) gives for what the rule reports: `toollint explain` matches `pattern`."""

    provider: str
    pattern: str  # a Python regex matched against the pasted error text
    quoted: str  # the answer as the rule file quotes it ("" when `answer` names where the profiles keep it)
    sources: tuple[str, ...] = ()
    recorded: str = ""  # when the answer was put on record here (YYYY-MM-DD)
    note: str = ""
    answer: str = ""  # where the profiles keep this text (`tool_apis:CONSTRUCT.PROVIDER`, `PROFILE:MESSAGE`)

    @cached_property
    def text(self) -> str:
        """The answer: quoted, or read from the profile that keeps it, when first asked for (`toollint rule`,
        `explain`): reading the profiles took a third of loading the catalog, which every run does."""
        if not self.answer:
            return self.quoted
        from toollint.profiles import answer_text

        return answer_text(self.answer)


@dataclass(frozen=True)
class RuleSpec:
    code: str
    name: str
    severity: str
    category: str
    summary: str
    why: str
    fix: str
    options: dict[str, Any]
    examples: tuple[Example, ...]
    targets: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    api_errors: tuple[ApiError, ...] = ()
    fix_safety: str | None = None  # "safe" or "unsafe" when `check --fix` can remove some findings
    autofix: str = ""  # which findings `--fix` removes, and how
    opt_in: bool = False  # in the opt-in group: off unless selected by name, code or `OPT-IN` (like ruff's preview)
    precision: str = ""  # its measured precision: the figure, the corpus and the date (docs/precision-policy.md)

    @property
    def default_state(self) -> str:
        if self.opt_in:
            return ("Off by default (opt-in group: select it by name, by code or with `OPT-IN`; `ALL` and code "
                    "prefixes leave it out).")
        return ""

    def fix_availability(self) -> str:
        if self.fix_safety is None:
            return "Not fixable automatically."
        flags = "`--fix`" if self.fix_safety == "safe" else "`--fix --unsafe-fixes`"
        return f"Fixable ({self.fix_safety}, with {flags}): {self.autofix.strip()}"

    def docs(self) -> str:
        """The rule's documentation in ruff's fixed sections."""
        parts = [f"# {self.name} ({self.code})", "",
                 f"Default severity: {self.severity}. Category: {self.category}." + (
                     f" {self.default_state}" if self.opt_in else ""), "",
                 "## What it does", self.summary.strip(), "",
                 "## Why is this bad?", self.why.strip(), "",
                 "## How to fix", self.fix.strip(), "", self.fix_availability()]
        if self.precision.strip():
            parts += ["", "## Measured precision", self.precision.strip()]
        if self.options:
            parts += ["", "## Options"]
            parts += [f"- `{key}` (default: `{value!r}`)" for key, value in self.options.items()]
        for kind, heading in (("bad", "## Example"), ("good", "## Use instead")):
            chosen = [e for e in self.examples if e.kind == kind]
            if chosen:
                parts += ["", heading]
                for example in chosen:
                    if example.title:
                        parts += [example.title]
                    if example.targets:
                        parts += [f"(checked with --target {' --target '.join(example.targets)})"]
                    if example.options:
                        parts += ["(checked with " + ", ".join(f"`{k} = {v!r}`" for k, v in example.options.items()) + ")"]
                    parts += [f"```{example.format}", example.text.strip("\n"), "```"]
        if self.api_errors:
            parts += ["", "## API errors it prevents"]
            for error in self.api_errors:
                where = f" ({', '.join(error.sources)}; recorded {error.recorded})" if error.sources else ""
                parts += [f"- {error.provider}: `{error.text}`{where}" + (f" {error.note}" if error.note else "")]
        if self.sources:
            parts += ["", "## References"] + [f"- {source}" for source in self.sources]
        return "\n".join(parts) + "\n"


def _api_error(data: dict[str, Any]) -> ApiError:
    """A recorded answer: its text is quoted here, or named by `answer` and read from the profile that keeps it
    (one copy of each provider text, issue 23)."""
    answer = data.get("answer", "")
    return ApiError(data["provider"], data["pattern"], "" if answer else data["text"], tuple(data.get("sources", ())),
                    data.get("recorded", ""), data.get("note", ""), answer)


def _spec(data: dict[str, Any], origin: str) -> RuleSpec:
    try:
        examples = tuple(
            Example(e["kind"], e["text"], e.get("format", "json"), tuple(e.get("targets", ())), e.get("title", ""),
                    dict(e.get("options", {})))
            for e in data.get("example", ())
        )
        spec = RuleSpec(
            code=data["code"], name=data["name"], severity=data["severity"], category=data["category"],
            summary=data["summary"], why=data["why"], fix=data["fix"], options=dict(data.get("options", {})),
            examples=examples, targets=tuple(data.get("targets", ())), sources=tuple(data.get("sources", ())),
            api_errors=tuple(_api_error(e) for e in data.get("api_errors", ())),
            fix_safety=data.get("fix_safety"), autofix=data.get("autofix", ""),
            opt_in=bool(data.get("opt_in", False)), precision=data.get("precision", ""),
        )
    except KeyError as missing:
        raise ValueError(f"rule file {origin} lacks {missing}") from None
    if spec.severity not in SEVERITIES:
        raise ValueError(f"rule file {origin}: severity must be one of {SEVERITIES}")
    if spec.fix_safety not in (None, "safe", "unsafe") or (spec.fix_safety is not None) != bool(spec.autofix.strip()):
        raise ValueError(f"rule file {origin}: `fix_safety` (safe or unsafe) and `autofix` go together")
    return spec


def _catalog_dir() -> Any:
    try:
        return resources.files("toollint.rules")
    except ModuleNotFoundError:  # a source checkout run without installing: the package directory itself
        return Path(__file__).resolve().parent.parent / "rules"


CACHE_NAME = "catalog.json"


def _rule_files() -> list[tuple[str, bytes]]:
    """(file name, content) of every rule file, by name."""
    directory = _catalog_dir()
    if isinstance(directory, Path):  # an installed package: plain file reads (Traversable costs more than the reads)
        names = sorted(name for name in os.listdir(directory) if name.endswith(".toml"))
        return [(name, _read_bytes(os.path.join(directory, name))) for name in names]
    return sorted((entry.name, entry.read_bytes()) for entry in directory.iterdir() if entry.name.endswith(".toml"))


def _read_bytes(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _digest(files: list[tuple[str, bytes]]) -> str:
    """CRC-32 and Adler-32 of the names and contents: a cache check against edits, not against an adversary
    (`hashlib` would load OpenSSL, 4 ms of every start-up)."""
    crc, adler = 0, 1
    for name, content in files:
        for part in (b"%d:%s%d:" % (len(name), name.encode("utf-8"), len(content)), content):
            crc, adler = zlib.crc32(part, crc), zlib.adler32(part, adler)
    return f"{crc:08x}{adler:08x}"


def _parsed(files: list[tuple[str, bytes]]) -> dict[str, dict[str, Any]]:
    return {name: tomllib.loads(content.decode("utf-8")) for name, content in files}


def _from_cache(files: list[tuple[str, bytes]]) -> dict[str, dict[str, Any]] | None:
    """The parsed rule files from `toollint/rules/catalog.json`, or None when it is missing or was made from other TOML."""
    try:
        cache = json.loads(_catalog_dir().joinpath(CACHE_NAME).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(cache, dict) or cache.get("digest") != _digest(files) or not isinstance(cache.get("rules"), dict):
        return None
    return cache["rules"]


def render_cache() -> str:
    """The text of `toollint/rules/catalog.json` for the rule files as they are now."""
    files = _rule_files()
    return json.dumps({"digest": _digest(files), "rules": _parsed(files)}, ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def load_catalog() -> dict[str, RuleSpec]:
    """All rules by name, ordered by code."""
    files = _rule_files()
    parsed = _from_cache(files) or _parsed(files)
    specs = sorted((_spec(data, name) for name, data in parsed.items()), key=lambda s: s.code)
    return {spec.name: spec for spec in specs}


def find_rule(name_or_code: str) -> RuleSpec | None:
    catalog = load_catalog()
    if name_or_code in catalog:
        return catalog[name_or_code]
    upper = name_or_code.upper()
    return next((spec for spec in catalog.values() if spec.code == upper), None)


if __name__ == "__main__":
    print(render_cache(), end="")
