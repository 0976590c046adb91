"""Run the enabled rules over files and collect findings.

`Finding`, `FileResult`, `Context`, `CheckCrashed` and `node_label` live in `linter.context` (checks import
that, not this module) and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toollint.document.dialects import DIALECTS, Tool, find_tools
from toollint.document.edits import replace_text
from toollint.document.source import SUPPRESSION, Source
from toollint.linter.catalog import RuleSpec, load_catalog
from toollint.linter.checks import Check, load_checks
from toollint.linter.config import Settings
from toollint.linter.context import CheckCrashed, Context, FileResult, Finding, node_label
from toollint.linter.fixes import Fix
from toollint.linter.fixes import safe as safe_fix
from toollint.schema.walk import walk


@dataclass(frozen=True)
class Bound:
    """A check bound to its rule's spec and typed options (`Settings.rule_options`), so dispatch does no lookups."""

    check: Check
    spec: RuleSpec
    options: Any  # the rule's `RuleOptions`, or None for a rule without options
    # (spec, options, check function): what the hot loops of `Linter` set and call, unpacked in one step (three
    # attribute lookups fewer for each of the ~80 calls a tool gets).
    call: tuple[RuleSpec, Any, Callable[..., None]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "call", (self.spec, self.options, self.check.func))

    def __call__(self, ctx: Context, *args: Any) -> None:
        ctx.spec = self.spec
        ctx.options = self.options
        try:
            self.check.func(*args, ctx)
        except Exception as error:
            raise crashed(self, error) from error


def crashed(bound: Bound | None, error: Exception) -> CheckCrashed:
    """What a check that raised is reported as: the rule's name and why, never a bare traceback."""
    name = bound.spec.name if bound is not None else "?"
    if isinstance(error, RecursionError):
        return CheckCrashed(name, "the schema is nested or referenced too deeply")
    return CheckCrashed(name, f"{type(error).__name__}: {error}")


@dataclass
class SchemaDispatch:
    """Which schema checks run on which nodes, precomputed once per linter (and per strict/non-strict tool)."""

    every_node: list[Bound]
    properties: list[Bound]
    by_key: dict[str, list[Bound]]
    # (node's keys, reached through `properties`) -> the checks to call, in order. Keyed by the shape of a
    # node only, so it is the same for every file this linter lints; bounded, as unknown keys vary freely.
    _plans: dict[tuple[tuple[str, ...], bool], tuple[Bound, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, bound: list[Bound]) -> SchemaDispatch:
        by_key: dict[str, list[Bound]] = {}
        for item in bound:
            for key in item.check.keys or ():
                by_key.setdefault(key, []).append(item)
        return cls([b for b in bound if b.check.keys is None and not b.check.properties_only],
                   [b for b in bound if b.check.keys is None and b.check.properties_only], by_key)

    def __bool__(self) -> bool:
        return bool(self.every_node or self.properties or self.by_key)

    def plan(self, keys: tuple[str, ...], is_property: bool) -> tuple[Bound, ...]:
        """The checks a node with these keys gets, in dispatch order: every-node checks, property checks,
        then keyed checks in the order of the node's keys, each once."""
        found = self._plans.get((keys, is_property))
        if found is not None:
            return found
        ordered: list[Bound] = list(self.every_node)
        if is_property:
            ordered.extend(self.properties)
        called: set[int] = set()
        by_key = self.by_key
        for key in keys:
            for bound in by_key.get(key, ()):
                if (bound.check.properties_only and not is_property) or id(bound) in called:
                    continue
                called.add(id(bound))
                ordered.append(bound)
        plan = tuple(b for b in ordered if b.check.when is None or b.check.when(keys))
        if len(self._plans) < _MAX_PLANS:
            self._plans[(keys, is_property)] = plan
        return plan


_MAX_PLANS = 4096


class Linter:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        registry = load_checks()
        self.rules = settings.enabled_rules()
        self.severities = {spec.name: settings.severity(spec) for spec in load_catalog().values()}
        self.specs = {spec.name: spec for spec in self.rules}
        self.by_scope: dict[str, list[Bound]] = {"file": [], "toolset": [], "tool": [], "schema": [], "set": []}
        for spec in self.rules:
            options = settings.rule_options(spec)
            for registered in registry.get(spec.name, ()):
                self.by_scope[registered.scope].append(Bound(registered, spec, options))
        schema_checks = self.by_scope["schema"]
        self.strict_dispatch = SchemaDispatch.build(schema_checks)
        self.plain_dispatch = SchemaDispatch.build([b for b in schema_checks if not b.check.targets_only])
        self.strict_tool_checks = tuple(self.by_scope["tool"])
        self.plain_tool_checks = tuple(b for b in self.by_scope["tool"] if not b.check.targets_only)
        self.dialect = DIALECTS[settings.dialect] if settings.dialect else None

    def lint(self, source: Source, *, explicit: bool = False) -> FileResult:
        """`explicit`: the file was named by the user, so finding no tool in it is reported (no-tool-definitions)."""
        result = FileResult(source.path, source=source)
        if source.problem is not None:
            problem = source.problem
            result.status = "unreadable"
            spec = load_catalog()[problem.rule]
            if spec.name in self.specs:
                result.findings.append(Finding(spec.code, spec.name, self.severities[spec.name], problem.message,
                                               source.path, problem.line, problem.column, problem.line,
                                               problem.column, "", None))
            return result
        tools = find_tools(source.data, self.dialect)
        result.tools = len(tools)
        if not tools:
            result.status = "no-tools"
            if explicit and "no-tool-definitions" in self.specs:
                result.findings = self._no_tools(source)
            if _skipped_tools(source):  # Python tools that could not be derived are said even with none derived
                ctx = Context(self, source, [])
                for bound in self.by_scope["file"]:
                    if bound.spec.name == "tool-not-derived":
                        bound(ctx, source)
                result.findings += self._apply_suppressions(source, ctx.findings)
            return result
        ctx = Context(self, source, tools)
        for bound in self.by_scope["file"]:
            bound(ctx, source)
        for bound in self.by_scope["toolset"]:
            bound(ctx, tools)
        for tool in tools:
            ctx.tool = tool
            if ctx.has_targets(tool):
                self._lint_tool(ctx, tool, self.strict_tool_checks)
                self._lint_schema(ctx, tool, self.strict_dispatch)
            else:
                self._lint_tool(ctx, tool, self.plain_tool_checks)
                self._lint_schema(ctx, tool, self.plain_dispatch)
        ctx.tool = None  # type: ignore[assignment]
        result.findings = self._apply_suppressions(source, ctx.findings)
        return result

    def _no_tools(self, source: Source) -> list[Finding]:
        if source.format == "python":
            return []  # a Python file without tools is ordinary code, not a catalog the reader misread
        from toollint.linter.no_tools import diagnose

        found = diagnose(source.data)
        if found is None:
            return []
        ctx = Context(self, source, [])
        ctx.spec, ctx.options = self.specs["no-tool-definitions"], None
        pointer, message, note, key = found
        ctx.report(pointer, message, key=key, note=note)
        return self._apply_suppressions(source, ctx.findings)

    def _apply_suppressions(self, source: Source, findings: list[Finding]) -> list[Finding]:
        """Drop findings silenced by a `# toollint: ignore[rule]` comment on their line; report unused ones."""
        if not source.suppressions:
            return findings
        catalog = load_catalog()
        used: set[tuple[int, str]] = set()
        kept = []
        for finding in findings:
            names = source.suppressions.get(finding.line, ())
            hit = next((n for n in names if n in (finding.rule, finding.code)), None)
            if hit is None:
                kept.append(finding)
            else:
                used.add((finding.line, hit))
        spec = catalog["unused-suppression"]
        if spec.name in self.specs:
            for line, names in sorted(source.suppressions.items()):
                autofix = _suppression_fix(source, line, [n for n in names if (line, n) in used])
                for name in names:
                    if (line, name) in used:
                        continue
                    text = source.lines.line_text(line)
                    column = text.find("toollint:") + 1 or 1
                    known = name in catalog or any(s.code == name for s in catalog.values())
                    reason = "matches no finding on this line" if known else "names no toollint rule"
                    if known and name not in self.specs and not any(s.code == name for s in self.rules):
                        reason = "names a rule that is not enabled"
                    advice, fix = "remove it", autofix
                    meant = None if known else _meant(name, line, kept)
                    if meant is not None:  # a typo of a rule that reports on this line: correct it, keep the comment
                        advice = f"did you mean `{meant}`?"
                        fix = _rename_in_suppression(source, line, name, meant)
                    kept.append(Finding(spec.code, spec.name, self.severities[spec.name],
                                        f"suppression `ignore[{name}]` {reason}; {advice}",
                                        source.path, line, column, line, len(text) + 1, "", None,
                                        autofix=fix))
        return kept

    @staticmethod
    def _lint_tool(ctx: Context, tool: Tool, checks: tuple[Bound, ...]) -> None:
        """The tool-scope checks of one tool (Bound calls inlined: this runs for every tool)."""
        for bound in checks:
            ctx.spec, ctx.options, func = bound.call
            try:
                func(tool, ctx)
            except Exception as error:  # (a `try` costs nothing until something raises)
                if not _unreadable_schema(ctx, tool, error):
                    raise crashed(bound, error) from error

    @staticmethod
    def _lint_schema(ctx: Context, tool: Tool, dispatch: SchemaDispatch) -> None:
        """The hot loop: one walk, each node handed to the checks that want it (inlined Bound calls)."""
        if not dispatch:
            return
        plans, plan = dispatch._plans, dispatch.plan
        bound: Bound | None = None
        try:
            for node in walk(tool.schema, tool.schema_pointer):
                shape = (tuple(node.schema), node.via == "properties")
                for bound in plans.get(shape) or plan(*shape):
                    ctx.spec, ctx.options, func = bound.call
                    try:
                        func(node, ctx)
                    except Exception as error:
                        if not _unreadable_schema(ctx, tool, error):
                            raise
        except Exception as error:
            raise crashed(bound, error) from error


def _unreadable_schema(ctx: Context, tool: Tool, error: Exception) -> bool:
    """Whether a check that raised `error` on `tool` may be passed over: the tool's schema breaks the JSON Schema
    metaschema (`"format": {}`, `"anyOf": true`), which invalid-json-schema reports, and the checks that read
    what a schema means assume a valid one, as ruff's rules assume code that parses. On a valid schema the error
    is a bug in the check, and is reported as one."""
    if isinstance(error, RecursionError):
        return False  # too deep to read at all: said as such (`crashed`)
    from toollint.schema.metaschema import metaschema_errors

    def breaks_metaschema() -> bool:
        try:
            return bool(metaschema_errors(tool.schema))
        except Exception:
            return False  # not even the metaschema reads it: the check's error is the one to show

    return bool(ctx.cached(("breaks-metaschema", id(tool)), breaks_metaschema))  # (asked once per tool)


def _meant(name: str, line: int, findings: list[Finding]) -> str | None:
    """The rule name or code a misspelt suppression most likely meant, among the findings on its line."""
    from toollint.suggest import closest

    here = [f for f in findings if f.line == line]
    choices = {f.rule for f in here} | {f.code for f in here}
    return closest(name, choices, ignore_case=True)


def _rename_in_suppression(source: Source, line: int, name: str, meant: str) -> Fix | None:
    text = source.lines.line_text(line)
    match = SUPPRESSION.search(text)
    if match is None:
        return None
    start, end = match.span(2)
    names = [meant if n.strip() == name else n.strip() for n in text[start:end].split(",") if n.strip()]
    return safe_fix(f"correct the rule name to `{meant}`",
                    replace_text(line, start + 1, line, end + 1, ", ".join(names)))


def _suppression_fix(source: Source, line: int, used: list[str]) -> Fix | None:
    """Delete the names that suppress nothing from a `# toollint: ignore[...]` comment, or the whole comment."""
    text = source.lines.line_text(line)
    match = SUPPRESSION.search(text)
    if match is None:
        return None
    if used:
        start, end = match.span(2)
        return safe_fix("keep only the names that suppress something",
                        replace_text(line, start + 1, line, end + 1, ", ".join(used)))
    start = len(text[:match.start()].rstrip())
    if start == 0 and line < source.lines.count:  # the comment is the whole line: delete the line
        return safe_fix("delete the suppression comment", replace_text(line, 1, line + 1, 1, ""))
    return safe_fix("delete the suppression comment", replace_text(line, start + 1, line, len(text) + 1, ""))


__all__ = ["Bound", "CheckCrashed", "Context", "FileResult", "Finding", "Linter", "SchemaDispatch", "node_label"]


def _skipped_tools(source: Source) -> bool:
    return source.format == "python" and isinstance(source.data, dict) and bool(source.data.get("skipped"))
