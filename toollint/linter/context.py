"""What a check sees and produces: the `Context` it reports through, `Finding` and `FileResult`.

Checks import this module, never the engine, so the engine can import the checks without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.document.source import Source
from toollint.linter.catalog import RuleSpec
from toollint.linter.fixes import Fix
from toollint.schema.walk import RefResolver, SchemaNode

if TYPE_CHECKING:
    from toollint.linter.engine import Linter


@dataclass
class Finding:
    code: str
    rule: str
    severity: str
    message: str
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    pointer: str
    tool: str | None
    # `message` is the headline (what is wrong, on which name, at most 100 characters); `help` says how to fix it
    # and `note` why it matters (the provider's quote): printed under the code frame, as ruff and rustc do.
    help: str | None = None
    server: str | None = None  # the MCP server the tool came from (a live server or a snapshot of one)
    autofix: Fix | None = None  # edits that remove the problem (see toollint.linter.fixes)
    note: str | None = None

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.code, self.pointer, self.message)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "severity": self.severity, "message": self.message,
                "file": self.file, "line": self.line, "column": self.column, "end_line": self.end_line,
                "end_column": self.end_column, "pointer": self.pointer, "tool": self.tool, "help": self.help,
                "note": self.note,
                **({"server": self.server} if self.server else {}),
                "fixes": [self.autofix.as_dict()] if self.autofix else []}


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    tools: int = 0
    status: str = "checked"  # checked, no-tools, skipped (discovery: neither parses nor looks like tools), unreadable, crashed
    error: str | None = None
    source: Source | None = None
    # The report blocks of exactly `findings` (UTF-8), rendered by the worker process that linted the file (so a
    # large run renders in parallel); whoever changes `findings` or a finding afterwards sets it back to None.
    rendered: bytes | None = None
    snapshot_of: str | None = None  # the `serverInfo.name` of an MCP tools/list snapshot, noted while its data is at hand


class Context:
    """What a check sees: the file, its tool set, the current tool and rule, and a way to report."""

    def __init__(self, linter: Linter, source: Source, tools: list[Tool]) -> None:
        self.linter = linter
        self.source = source
        self.tools = tools
        # The tool being checked: set for every tool- and schema-scope check (file and tool-set checks read `tools`).
        self.tool: Tool = None  # type: ignore[assignment]
        self.spec: RuleSpec | None = None
        self.options: Any = None  # the current rule's typed options (`toollint.linter.options`), None without any
        self.findings: list[Finding] = []
        self._resolvers: dict[int, RefResolver] = {}
        self._cache: dict[Any, Any] = {}

    def cached(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value computed once per file (per-run state lives here, not in module globals)."""
        try:
            return self._cache[key]
        except KeyError:
            value = self._cache[key] = make()
            return value

    def report(self, pointer: str, message: str, *, key: bool = False, tool: Tool | None = None,
               help: str | None = None, note: str | None = None, autofix: Fix | None = None) -> None:
        """Report at `pointer`: `message` is the headline, `help` the fix, `note` the reason and provider quote."""
        spec = self.spec
        assert spec is not None
        span = self.source.span(pointer, key=key)
        owner = tool or self.tool
        if self.source.format == "python":
            autofix = None  # Python source is reported on, never rewritten
        self.findings.append(Finding(
            spec.code, spec.name, self.linter.severities[spec.name], message, self.source.path,
            span.line, span.column, span.end_line, span.end_column, pointer,
            owner.name if owner is not None else None, help, autofix=autofix, note=note))

    def targets(self, tool: Tool | None = None) -> set[str]:
        """The strict-mode targets a tool is checked for: its own `strict: true` provider plus --target."""
        tool = tool or self.tool
        targets = set(self.linter.settings.targets)
        if tool is not None and tool.strict and tool.dialect.provider:
            targets.add(tool.dialect.provider)
        return targets

    def has_targets(self, tool: Tool | None = None) -> bool:
        """Whether `targets(tool)` is non-empty, without building it: most tools have no target at all."""
        tool = tool or self.tool
        return bool(self.linter.settings.targets) or (tool is not None and tool.strict and bool(tool.dialect.provider))

    def resolver(self, tool: Tool | None = None) -> RefResolver:
        tool = tool or self.tool
        assert tool is not None
        resolver = self._resolvers.get(id(tool))
        if resolver is None:
            schema = tool.schema if isinstance(tool.schema, dict) else {}
            draft = schema.get("$schema") if isinstance(schema.get("$schema"), str) else None
            resolver = RefResolver(schema, tool.schema_pointer, draft)
            self._resolvers[id(tool)] = resolver
        return resolver


class CheckCrashed(Exception):
    """A check raised: reported as an internal error naming the rule, never as a bare traceback."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"rule {rule} crashed: {reason}")
        self.rule = rule



def node_label(node: SchemaNode) -> str:
    """A short human name for a subschema: the property path, or the pointer."""
    names = []
    current: SchemaNode | None = node
    while current is not None:
        if current.via == "properties" and current.name is not None:
            names.append(current.name)
        elif current.via in ("items", "prefixItems"):
            names.append("[]")
        current = current.parent
    if not names:
        return "the input schema" if node.is_root else jp.split(node.pointer)[-1]
    return ".".join(reversed(names)).replace(".[]", "[]")
