"""strictify a whole file: choose the strict tools (--only, --max-strict, request budgets), rewrite them, and
write the file back in its own dialect and layout (YAML comments kept) with the validator schemas beside it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from toollint.document.convert import definition_as, wrap_definitions
from toollint.document.dialects import DIALECTS
from toollint.errors import StrictifyError


class StrictifyFileError(StrictifyError):
    """strictify refuses a whole file; the message names the file (and line or tool) and says why. `usage`: the
    command line did not say enough (a missing --target, an unknown name)."""

    def __init__(self, message: str, pointer: str = "", *, usage: bool = False) -> None:
        super().__init__(message, pointer)
        self.usage = usage

    def __str__(self) -> str:
        return self.message


@dataclass
class StrictifiedFile:
    """What strictify made of one file."""

    text: str
    validators: dict[str, Any]
    report: dict[str, Any]
    results: list[Any] = field(default_factory=list)


# The dialect of a file -> the strict mode it is written for; MCP (and legacy functions) fit several.
DIALECT_TARGETS = {d.name: d.strict_target for d in DIALECTS.values() if d.strict_target}


# The dialect strictify writes for a target when the file is in another one (Anthropic keeps the file's own).
OPENAI_DIALECTS = tuple(d.name.removeprefix("openai-") for d in DIALECTS.values()
                        if d.strict_target == "openai" and d.writable)
DEFAULT_OPENAI_DIALECT = "chat"


def own_dialect(target: str, openai_dialect: str = DEFAULT_OPENAI_DIALECT) -> str | None:
    """The dialect a file strictified for `target` is written in when its tools are in another one, or None:
    keep the file's dialect."""
    if target == "openai":
        return f"openai-{openai_dialect}"
    return "gemini" if target == "gemini" else None


def default_target(dialects: list[str]) -> str | None:
    """The target the file's own dialect implies, or None when it does not say (MCP) or the tools disagree."""
    targets = {DIALECT_TARGETS.get(d) for d in dialects}
    return next(iter(targets)) if len(targets) == 1 and None not in targets else None


def strictify_file(path: str, target: str | None = None, *, lang: str = "auto", allow_lossy: bool = False,
                   only: list[str] | None = None, max_strict: int | None = None,
                   prefer: list[str] | None = None, openai_dialect: str = DEFAULT_OPENAI_DIALECT) -> StrictifiedFile:
    """Strictify every tool in one file; raises StrictifyFileError(message) when it cannot.

    `target` None: the one the file's dialect implies (an MCP file must say). A file with structural errors
    is refused (see `precheck`). For OpenAI and Gemini, a file in another dialect (Anthropic, MCP...) is
    written in the target's own (`openai_dialect`: OpenAI Chat or Responses; Gemini `functionDeclarations`).
    Five phases: select the tools and the target, rewrite each, fit the request budget, report, write."""
    plan = _select(path, target, only, prefer, openai_dialect)
    results = _rewrite(plan, lang, allow_lossy)
    strict_indexes, totals = _fit_budget(plan, results, max_strict, prefer)
    by_pointer = {plan.tools[i].pointer: results[i] for i in strict_indexes}
    unstrict = {tool.pointer: _Unstrict(_without_strict(tool)) for tool in plan.tools
                # a tool left out of the strict set must not ask for strict mode: its schema was not rewritten
                if tool.pointer not in by_pointer and tool.strict and tool.dialect.provider == plan.target}
    report = _report(plan, by_pointer, unstrict, totals)
    validators = {tool.name or tool.pointer: by_pointer[tool.pointer].validator for tool in plan.tools
                  if tool.pointer in by_pointer}
    return StrictifiedFile(_write(plan, by_pointer, unstrict), validators, report, list(by_pointer.values()))


@dataclass
class _Plan:
    """What the select phase decided: the file, its tools, the ones to make strict, and how it is written."""

    path: str
    source: Any
    tools: list[Any]
    chosen: list[Any]
    target: str
    written_dialect: str | None  # None: the file is edited in place, in its own dialect
    foreign: list[Any]  # tools in another dialect than the target's
    raws: dict[int, Any]  # each tool's definition as it is rewritten (converted to the written dialect)


def _select(path: str, target: str | None, only: list[str] | None, prefer: list[str] | None,
            openai_dialect: str) -> _Plan:
    """Read the file and choose the tools and the target; refuse a file strictify cannot rewrite."""
    from toollint.document.tools import read_tool_file
    from toollint.strictifier.precheck import broken_input

    source, tools = read_tool_file(path, StrictifyFileError)
    if source.documents > 1:
        raise StrictifyFileError(f"{path}: holds {source.documents} YAML documents; strictify writes one tool set "
                                 "per file")
    names = [t.name for t in tools]
    _refuse_unknown(path, "--only", only, names, usage=False)
    chosen = [t for t in tools if not only or t.name in only]
    target = target or _implied_target(path, tools)
    _refuse_unknown(path, "--prefer", prefer, names, usage=True)
    broken = broken_input(source, path, [t.pointer for t in chosen])
    if broken:
        raise StrictifyFileError("\n".join(broken) + f"\ntoollint strictify: {len(broken)} structural error(s); "
                                 "strictify does not rewrite a broken definition (fix them first; `toollint check` "
                                 "explains each)")
    foreign = [t for t in tools if DIALECT_TARGETS.get(t.dialect.name) != target]
    written_dialect = own_dialect(target, openai_dialect) if foreign else None
    # None: the file is in the target's dialect (or Anthropic's, which strictify keeps) and is edited in place
    raws = {t.index: _in_dialect(t, written_dialect) if t in foreign and written_dialect else t.raw for t in tools}
    return _Plan(path, source, tools, chosen, target, written_dialect, foreign, raws)


def _refuse_unknown(path: str, option: str, wanted: list[str] | None, names: list[Any], *, usage: bool) -> None:
    unknown = [n for n in wanted or () if n not in names]
    if unknown:
        raise StrictifyFileError(f"{path}: {option} names no tool called {', '.join(repr(n) for n in unknown)} "
                                 f"(tools: {', '.join(str(n) for n in names)})", usage=usage)


def _implied_target(path: str, tools: list[Any]) -> str:
    from toollint.strictifier.rewrite import TARGETS

    target = default_target([t.dialect.name for t in tools])
    if target is None:
        dialects = ", ".join(sorted({t.dialect.title for t in tools}))
        raise StrictifyFileError(f"{path}: the file's dialect ({dialects}) does not say which strict mode to "
                                 f"write for; pass --target with one of: {', '.join(TARGETS)}", usage=True)
    return target


def _rewrite(plan: _Plan, lang: str, allow_lossy: bool) -> dict[int, Any]:
    """Each chosen tool rewritten for the target, by index; every refusal is collected, then all are raised."""
    from toollint.strictifier.rewrite import StrictifyError, strictify_tool

    results: dict[int, Any] = {}
    refusals = []
    for tool in plan.chosen:
        where = f"{plan.path}: tool {tool.label!r} at"
        try:
            results[tool.index] = strictify_tool(plan.raws[tool.index], plan.target, lang=lang,
                                                 allow_lossy=allow_lossy)
        except StrictifyError as error:
            refusals.append(f"{where} {tool.pointer + error.pointer or '/'}: {error.message}")
        except RecursionError:
            refusals.append(f"{where} {tool.pointer or '/'}: the schema is nested too deeply to rewrite")
        except Exception as error:  # noqa: BLE001 - a bug in strictify must not end in a traceback
            refusals.append(f"{where} {tool.pointer or '/'}: internal error while rewriting "
                            f"({type(error).__name__}: {error}); please report it with this tool")
    if refusals:
        hint = "" if allow_lossy else " (--allow-lossy simplifies instead and records the loss)"
        raise StrictifyFileError("\n".join(refusals) + f"\ntoollint strictify: refused {len(refusals)} tool(s){hint}")
    return results


def _fit_budget(plan: _Plan, results: dict[int, Any], max_strict: int | None,
                prefer: list[str] | None) -> tuple[list[int], dict[str, int]]:
    """The indexes that stay strict (`--max-strict` chooses the cheapest, `--prefer` first) and their totals;
    refuse a strict set over the target's per-request limits, naming a tool that is over them alone."""
    from toollint.profiles import load_profile, schema_usage
    from toollint.strictifier.budget import choose_strict, over_alone

    profile = load_profile(plan.target)
    budget = profile.budget
    strict_indexes = [t.index for t in plan.chosen]
    usage_by_tool = {i: schema_usage(results[i].wire_schema) for i in strict_indexes}
    if max_strict is not None:
        preferred = [t.index for name in prefer or () for t in plan.chosen if t.name == name]
        strict_indexes = choose_strict(strict_indexes, usage_by_tool, budget, max_strict, preferred)
    totals = {
        "strict_tools": len(strict_indexes),
        "optional_parameters": sum(usage_by_tool[i].optional_parameters for i in strict_indexes),
        "union_parameters": sum(usage_by_tool[i].union_parameters for i in strict_indexes),
    }
    alone = [f"{plan.tools[tool.index].label!r} alone has {spent}" for tool in plan.chosen
             for spent in over_alone(usage_by_tool[tool.index], budget)]
    _refuse_over_limits(plan, profile, totals, alone, bool(strict_indexes))
    _refuse_oversized(plan.path, profile, [results[i].wire_schema for i in strict_indexes])
    return strict_indexes, totals


def _refuse_over_limits(plan: _Plan, profile: Any, totals: dict[str, int], alone: list[str], any_strict: bool) -> None:
    budget = profile.budget
    over = [f"{value} {what.replace('_', ' ')} (limit {getattr(budget, what)})" for what, value in totals.items()
            if getattr(budget, what) is not None and value > getattr(budget, what)]
    if over:
        advice = "Choose which tools stay strict with --only NAME... or --max-strict N"
        if alone:
            advice += "; " + "; ".join(alone) + ": make some of its parameters required, or leave it non-strict"
        raise StrictifyFileError(f"{plan.path}: the strict tools exceed {profile.title}'s per-request limits: "
                                 f"{', '.join(over)}. {advice}")
    if plan.chosen and not any_strict:
        raise StrictifyFileError(f"{plan.path}: no tool fits {profile.title}'s per-request limits"
                                 + (f" ({'; '.join(alone)})" if alone else ""))


def _report(plan: _Plan, by_pointer: dict[str, Any], unstrict: dict[str, _Unstrict],
            totals: dict[str, int]) -> dict[str, Any]:
    """What changed, per tool, at the pointers of the written file, with the notes a reader needs."""
    target, written_dialect = plan.target, plan.written_dialect
    notes = [f"{tool.label!r} says \"strict\": true for {tool.dialect.provider}, but was strictified for {target}; "
             f"its schema may not suit {tool.dialect.provider}'s strict mode"
             for tool in plan.tools if tool.pointer in by_pointer and tool.strict and tool.dialect.provider != target]
    if written_dialect is not None:
        held = ", ".join(sorted({t.dialect.title for t in plan.foreign}))
        notes.append(f"written as {DIALECTS[written_dialect].title} definitions for {target} (the file holds {held} "
                     "definitions)")
    single = _single(plan)
    entries: list[dict[str, Any]] = []
    report: dict[str, Any] = {"file": plan.path, "target": target, "budget": totals, "tools": entries, "notes": notes}
    if written_dialect is not None:
        report["dialect"] = written_dialect
    for position, tool in enumerate(plan.tools):
        result = by_pointer.get(tool.pointer)
        at = tool.pointer if written_dialect is None else _written_pointer(written_dialect, position, single)
        entry: dict[str, Any] = {"name": tool.name, "pointer": at, "dialect": tool.dialect.name,
                                 "strict": result is not None, "changes": []}
        if result is not None:
            entry["changes"] = [{**c.as_dict(), "pointer": at + c.pointer} for c in result.changes]
        elif tool.pointer in unstrict:
            entry["changes"] = [{"pointer": tool.strict_pointer, "keyword": "strict", "kind": "rewritten",
                                 "before": True, "after": False}]
        entries.append(entry)
    return report


def _single(plan: _Plan) -> bool:
    """A file that is one tool stays one tool."""
    return len(plan.tools) == 1 and plan.tools[0].pointer == ""


def _write(plan: _Plan, by_pointer: dict[str, Any], unstrict: dict[str, _Unstrict]) -> str:
    """The strict file's text: the file edited in place, a new file in the target's dialect, or (for Python,
    which is never rewritten) the derived listing as JSON."""
    from toollint.document.edits import EditError, set_value
    from toollint.document.writer import apply_edits

    written = {**by_pointer, **unstrict}
    source = plan.source
    if plan.written_dialect is not None:  # a new file in the target's dialect, in the order of the input
        definitions = [written[t.pointer].tool if t.pointer in written else plan.raws[t.index] for t in plan.tools]
        data = wrap_definitions(definitions, plan.written_dialect)
        return _render(data[0] if _single(plan) else data, source.format)
    if source.format == "python":
        return _derived_listing(source.data, {p: result.tool for p, result in written.items()})
    try:
        return apply_edits(source.text, source.format, [set_value(p, result.tool) for p, result in written.items()])
    except EditError as error:
        raise StrictifyFileError(f"{plan.path}: cannot write the strict file: {error}") from None


def _in_dialect(tool: Any, dialect: str) -> dict[str, Any]:
    """The tool's definition in `dialect` (Gemini: a declaration with `parameters`, the Schema subset strictify
    writes for Gemini)."""
    return definition_as(tool, dialect, gemini_key="parameters")


def _written_pointer(dialect: str, position: int, single: bool) -> str:
    if dialect == "gemini":
        return f"/functionDeclarations/{position}" if single else f"/0/functionDeclarations/{position}"
    return "" if single else f"/{position}"


def _render(data: Any, fmt: str) -> str:
    """A new file: YAML for a YAML input, JSON (two-space indent, non-ASCII kept) otherwise."""
    import json

    if fmt == "yaml":
        import io

        from ruamel.yaml import YAML

        yaml = YAML(typ="safe", pure=True)
        yaml.default_flow_style = False
        yaml.allow_unicode = True
        yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
        stream = io.StringIO()
        yaml.dump(data, stream)
        return stream.getvalue()
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _derived_listing(data: dict[str, Any], replaced: dict[str, Any]) -> str:
    """The tools derived from a Python file as a `tools/list` result, with the strict tools put in."""
    import json

    from toollint import pointer as jp

    listing = {"tools": copy.deepcopy(data.get("tools", []))}
    for pointer, tool in replaced.items():
        *parents, last = jp.split(pointer)
        node: Any = listing
        for token in parents:
            node = node[int(token)] if isinstance(node, list) else node[token]
        node[int(last) if isinstance(node, list) else last] = tool
    return json.dumps(listing, ensure_ascii=False, indent=2) + "\n"


def _refuse_oversized(path: str, profile: Any, wire_schemas: list[Any]) -> None:
    """The target's size limits (OpenAI: properties, nesting, enum values, characters) over the strict schemas."""
    from toollint.profiles.size import SizeUsage, size_problems, size_usage

    if not profile.size:
        return
    total = SizeUsage()
    for schema in wire_schemas:
        total = total.add(size_usage(schema, profile.size))
    problems = size_problems(total, profile.size)
    if problems:
        raise StrictifyFileError(f"{path}: the strict schemas exceed {profile.title}'s size limits: "
                                 f"{'; '.join(problems)}. Split or flatten the tools, or make fewer of them strict "
                                 "(--only NAME... or --max-strict N)")


@dataclass
class _Unstrict:
    """A tool written back with `strict: false` (it was left out of the strict set)."""

    tool: dict[str, Any]


def _without_strict(tool: Any) -> dict[str, Any]:
    raw = copy.deepcopy(tool.raw)
    definition = raw[tool.dialect.wrapper] if tool.dialect.wrapper else raw
    definition["strict"] = False
    return raw


# ---------------------------------------------------------------------------------------------
