"""Everything `toollint check` lints in one run: files, live MCP servers, and the tool sets they form.

Servers are listed first (all of them, before any snapshot is written, so a failing server leaves no
half-written set of files); each listing is linted as its snapshot text, so findings carry line and
column in it. Then the tool sets are checked: `--tool-set` (every file and server of the run),
`[tool.toollint.tool-sets]` tables with a member in this run, and each server or snapshot on its own.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from toollint.document.source import Source, parse_text, read_path
from toollint.errors import ConfigError
from toollint.linter.config import Settings
from toollint.linter.engine import CheckCrashed, FileResult, Finding, Linter
from toollint.linter.runner import Run, lint_paths, lint_source
from toollint.linter.toolsets import Member, ToolSet, lint_tool_set, member_of
from toollint.mcp import DEFAULT_TIMEOUT
from toollint.mcp.snapshot import server_name, snapshot_paths, snapshot_text
from toollint.safeio import UnsafeOutput, atomic_write

if TYPE_CHECKING:
    from toollint.mcp.servers import ServerSpec


@dataclass(frozen=True)
class LiveOptions:
    servers: tuple[ServerSpec, ...] = ()
    timeout: float = DEFAULT_TIMEOUT
    save_snapshot: str | None = None  # a path; with several servers one holding `{server}`, or a directory
    tool_set: bool = False  # every file and server of the run is one tool set


def lint_inputs(paths: list[str], settings: Settings, live: LiveOptions, *, force_exclude: bool = False,
                stdin_filename: str | None = None, discovery: bool = False,
                progress: Callable[[int, int], None] | None = None,
                render: Callable[[FileResult], str] | None = None) -> Run:
    """Raises ServerError (a server could not be listed) and ConfigError (a bad --save-snapshot or tool set).
    `render`: see `lint_paths`."""
    servers = _server_sources(live)
    run = lint_paths(paths, settings, force_exclude=force_exclude, stdin_filename=stdin_filename, discovery=discovery,
                     progress=progress, render=render) if paths else Run()
    linter = Linter(settings)
    members: dict[str, Member] = {}
    for source, name in servers:
        result = lint_source(linter, source, source.path)
        run.results.append(result)
        member = member_of(source, linter, name)
        if member is not None:
            member.server = True
            members[source.path] = member
    for path, member in _file_members(run, linter, every=live.tool_set, known=set(members)).items():
        members[path] = member
    for result in run.results:  # findings of a server or a snapshot of one name the server
        member = members.get(result.path)
        if member is not None and member.server:
            result.rendered = None
            for finding in result.findings:
                finding.server = member.name
    sets = _tool_sets(run, linter, members, live.tool_set)
    by_path = {result.path: result for result in run.results}
    for toolset in sets:
        try:
            findings = lint_tool_set(linter, toolset)
        except CheckCrashed as error:
            run.results.append(FileResult(f"tool set {toolset.name}", status="crashed", error=str(error)))
            continue
        _attach(findings, toolset, by_path, run)
    return run


def _server_sources(live: LiveOptions) -> list[tuple[Source, str]]:
    if live.save_snapshot:
        _snapshot_targets(live.save_snapshot, [str(n) for n in range(len(live.servers))])  # usable before any start
    if not live.servers:
        return []
    from toollint.mcp.servers import list_servers  # threads and child processes: only when there are servers

    listings = list_servers(list(live.servers), live.timeout)
    names = [spec.name or listing.name for spec, listing in zip(live.servers, listings, strict=True)]
    texts = [snapshot_text(listing) for listing in listings]
    if live.save_snapshot and listings:
        targets = _snapshot_targets(live.save_snapshot, names)
        for target in targets:
            _refuse_over_a_tool_file(target)  # all checked before any is written
        for target, text in zip(targets, texts, strict=True):
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(str(target), text)  # a failed write leaves the old snapshot, never a torn one
            except (OSError, UnsafeOutput) as error:
                raise ConfigError(f"--save-snapshot: cannot write {target}: "
                                  f"{getattr(error, 'strerror', None) or error}") from None
        displays = [str(target) for target in targets]
    else:
        displays = [f"<server {name}>" for name in names]
    return [(parse_text(text, display, "json"), name) for text, display, name in zip(texts, displays, names, strict=True)]


def _refuse_over_a_tool_file(target: Path) -> None:
    """--save-snapshot replaces an earlier snapshot, never a file that is something else (a tool file named by
    mistake, `check in.json --server x --save-snapshot in.json`: reliability review 2, item 6)."""
    if not target.exists():
        return
    existing = read_path(str(target))
    if existing.problem is None and server_name(existing.data) is not None:
        return
    raise ConfigError(f"--save-snapshot: {target} exists and is not a tools/list snapshot toollint wrote; "
                      "refusing to overwrite it (give another path, or delete it first)")


def _snapshot_targets(template: str, names: list[str]) -> list[Path]:
    try:
        return snapshot_paths(template, names)
    except ValueError as error:
        raise ConfigError(str(error)) from None


def _file_members(run: Run, linter: Linter, *, every: bool, known: set[str]) -> dict[str, Member]:
    """Members for the linted files: all of them with --tool-set, else only snapshots of servers."""
    found: dict[str, Member] = {}
    for result in run.results:
        if result.status != "checked" or result.path in found or result.path in known:
            continue
        source = _full_source(result, every)
        member = member_of(source, linter) if source is not None else None
        if member is not None and (every or member.server):
            found[result.path] = member
    return found


def _full_source(result: FileResult, every: bool) -> Source | None:
    """The parsed source of a linted file; files linted in worker processes come back without their data."""
    source = result.source
    if source is not None and source.data is not None:
        return source
    if (not every and result.snapshot_of is None) or not os.path.isfile(result.path):
        return None
    return read_path(result.path)


def _tool_sets(run: Run, linter: Linter, members: dict[str, Member], every: bool) -> list[ToolSet]:
    sets: list[ToolSet] = []
    covered: set[str] = set()
    if every and members:
        sets.append(ToolSet("command line", list(members.values())))
        covered.update(members)
    linted = {os.path.abspath(path): path for path in members} | {
        os.path.abspath(r.path): r.path for r in run.results}
    for name, entries in linter.settings.tool_sets.items():
        chosen = _config_members(name, entries, linter, members, linted)
        if any(os.path.abspath(member.source.path) in linted for member in chosen):
            sets.append(ToolSet(name, chosen))
            covered.update(member.source.path for member in chosen)
    sets += [ToolSet(member.name, [member]) for path, member in members.items()
             if member.server and path not in covered]
    return sets


def _config_members(set_name: str, entries: tuple[tuple[str | None, str], ...], linter: Linter,
                    members: dict[str, Member], linted: dict[str, str]) -> list[Member]:
    root = linter.settings.root
    chosen: list[Member] = []
    real_root = os.path.realpath(root)
    for name, pattern in entries:
        if os.path.isabs(pattern) or ".." in Path(pattern).parts:  # a cloned config must not read the machine
            raise ConfigError(f"tool set {set_name!r}: {pattern!r} must be a path inside the project, relative "
                              f"to {root} (no absolute path, no `..`)")
        matches = [m for m in sorted(glob.glob(str(root / pattern), recursive=True))
                   if os.path.commonpath([os.path.realpath(m), real_root]) == real_root]
        if not matches:
            raise ConfigError(f"tool set {set_name!r}: {pattern!r} matches no file (relative to {root})")
        for match in matches:
            display = linted.get(os.path.abspath(match), os.path.relpath(match))
            known = members.get(display)
            source = known.source if known is not None else read_path(match, display)
            member = member_of(source, linter, name)
            if member is not None:
                chosen.append(member)
    return chosen


def _attach(findings: list[Finding], toolset: ToolSet, by_path: dict[str, FileResult], run: Run) -> None:
    """Set findings go to the result of the file they point into (with its full text, for code frames)."""
    sources = {member.source.path: member for member in toolset.members}
    for finding in findings:
        result = by_path.get(finding.file)
        member = sources[finding.file]
        if result is None:
            result = FileResult(finding.file, tools=len(member.tools), source=member.source)
            by_path[finding.file] = result
            run.results.append(result)
        result.source = member.source  # the whole text: the lines kept for the file's own findings may not hold this one
        result.findings.append(finding)
        result.rendered = None

