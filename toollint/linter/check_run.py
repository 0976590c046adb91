"""One `toollint check` run as a library call: a `CheckRequest` (what was asked) in, a `CheckResult` (the findings,
the fixes, the exit code) out, so `cli/check.py` only fills the request and prints the result.

    result = run_check(CheckRequest(paths=("tools.json",), isolated=True, fail_on="error"))
    result.findings, result.exit_code

Phases: settings (the config that applies, then the request's overrides), then one of: the survey (--show-files),
the fixes (--fix, --diff, --fix-only: `fixing`), the lint (files and live servers; after --fix, of the files as
written). Nothing is printed here; the exit code follows `fail_on` (2 when a file crashed a check or a fix could
not be written).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toollint.linter.config import Settings
    from toollint.linter.engine import FileResult, Finding
    from toollint.linter.fixer import FixRun
    from toollint.linter.inputs import LiveOptions
    from toollint.linter.runner import Run


def _no_servers() -> LiveOptions:
    from toollint.linter.inputs import LiveOptions

    return LiveOptions()


@dataclass(frozen=True)
class CheckRequest:
    """Everything one `check` run needs; the command line's options, already parsed (selectors split at commas).

    `None` leaves a setting to the config file; tuples add to what the config lists (`select` replaces it)."""

    paths: tuple[str, ...] = ()  # files, directories, "-" for stdin; none: "." (or only the live servers)
    config: str | None = None  # this config file instead of the nearest one
    isolated: bool = False  # no config file at all
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str | None = None
    targets: tuple[str, ...] = ()
    dialect: str | None = None
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool | None = None
    force_exclude: bool = False
    stdin_filename: str | None = None
    discovery: bool = False  # named files are treated as found in a directory (the pre-commit hook)
    live: LiveOptions = field(default_factory=_no_servers)  # live MCP servers and --tool-set
    show_files: bool = False  # survey the files instead of linting them
    statistics: bool = False
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False  # the fixes as a diff, nothing written
    fix_only: bool = False
    exit_zero: bool = False
    output_format: str = "full"  # a REPORTERS name: for a streamed format, workers render their files' blocks
    color: bool = False
    progress: Callable[[int, int], None] | None = field(default=None, compare=False, repr=False)

    @property
    def wants_fixes(self) -> bool:
        return self.fix or self.diff or self.fix_only


@dataclass(frozen=True)
class CheckResult:
    """What a run found. `run` holds the results the report shows; `findings` are theirs, sorted."""

    settings: Settings
    run: Run
    findings: list[Finding]
    exit_code: int
    fixing: FixRun | None = None  # --fix, --diff, --fix-only
    fixes_reported: bool = False  # the fixes are the report (--diff, --fix-only, --fix on stdin): `run` is theirs
    surveyed: list[FileResult] | None = None  # --show-files: what became of each file, nothing linted

    @property
    def refused(self) -> list[FileResult]:
        """Files --fix would not write (changed while it ran)."""
        return self.fixing.run.refused if self.fixing is not None else []

    @property
    def fixed(self) -> int | None:
        """How many findings the fixes removed; None when nothing was fixed."""
        return sum(self.fixing.fixed.values()) if self.fixing is not None else None


def exit_code(findings: list[Finding], fail_on: str) -> int:
    """1 when a finding is at least as severe as `fail_on` ("never": 0)."""
    from toollint.linter.catalog import SEVERITY_RANK

    if fail_on == "never":
        return 0
    threshold = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= threshold for f in findings) else 0


def request_settings(request: CheckRequest) -> Settings:
    """The config that applies (see `resolve_settings`) with the request's selection and options on top; raises
    ConfigError for a bad config file or selector."""
    from toollint.linter.shared_config import resolve_settings

    settings = resolve_settings(request.config, request.isolated)
    settings = settings.with_overrides(
        select=request.select, extend_select=settings.extend_select + request.extend_select,
        ignore=settings.ignore + request.ignore, fail_on=request.fail_on,
        targets=tuple(dict.fromkeys(settings.targets + request.targets)) if request.targets else None,
        dialect=request.dialect, extend_exclude=settings.extend_exclude + request.extend_exclude,
        respect_gitignore=request.respect_gitignore)
    settings.enabled_rules()
    return settings


def run_check(request: CheckRequest) -> CheckResult:
    """Run `check` as `request` asks. Raises ConfigError (the config, a selector, --save-snapshot, a tool set),
    ServerError (a live server could not be listed) and RequestError (fixes asked for a live server's tools)."""
    from toollint.linter.runner import Run

    settings = request_settings(request)
    if request.show_files:
        return CheckResult(settings, Run(), [], 0, surveyed=_survey(request, settings))
    fixing = _fix(request, settings)
    if fixing is not None and (request.diff or request.fix_only or fixing.from_stdin):
        findings = fixing.run.findings
        return CheckResult(settings, fixing.run, findings, _fixes_exit_code(request, fixing, findings, settings),
                           fixing, fixes_reported=True)
    run = _lint(request, settings, fixing)
    findings = run.findings
    refused = fixing.run.refused if fixing is not None else []
    if run.crashes or refused:
        code = 2
    else:
        code = 0 if request.exit_zero else exit_code(findings, settings.fail_on)
    return CheckResult(settings, run, findings, code, fixing)


def _survey(request: CheckRequest, settings: Settings) -> list[FileResult]:
    from toollint.linter.runner import survey_paths

    return survey_paths(list(request.paths) or ["."], settings, force_exclude=request.force_exclude,
                        discovery=request.discovery, stdin_filename=request.stdin_filename)


def _fix(request: CheckRequest, settings: Settings) -> FixRun | None:
    if not request.wants_fixes:
        return None
    if request.live.servers:
        from toollint.errors import RequestError

        raise RequestError("fixes edit files; the tools of a live server cannot be edited",
                           "--fix/--diff/--fix-only")
    from toollint.linter.fixer import fix_paths

    return fix_paths(list(request.paths) or ["."], settings, unsafe=request.unsafe_fixes, write=not request.diff,
                     force_exclude=request.force_exclude, stdin_filename=request.stdin_filename)


def _fixes_exit_code(request: CheckRequest, fixing: FixRun, findings: list[Finding], settings: Settings) -> int:
    """--diff: 1 when there is something to fix; --fix-only: 0; --fix on stdin: as `check` on what remains; 2 when a
    file could not be checked or written."""
    if fixing.run.crashes or fixing.run.refused:
        return 2
    if request.diff:
        return 1 if any(f.changed for f in fixing.files) else 0
    if request.fix_only or request.exit_zero:
        return 0
    return exit_code(findings, settings.fail_on)


def _lint(request: CheckRequest, settings: Settings, fixing: FixRun | None) -> Run:
    """The files and servers of the request; after --fix, the files as written, with what a normal run checks."""
    from toollint.linter.inputs import lint_inputs

    paths = list(request.paths) or ([] if request.live.servers else ["."])
    run = lint_inputs(paths, settings, request.live, force_exclude=request.force_exclude,
                      stdin_filename=request.stdin_filename, discovery=request.discovery,
                      progress=request.progress, render=_worker_render(request, fixing))
    if fixing is not None:
        fixing.forget_dropped(run.findings)
    return run


def _worker_render(request: CheckRequest, fixing: FixRun | None) -> Callable[[FileResult], str] | None:
    """Worker processes render the report blocks of their files for a streamed format, when nothing edits the
    findings later (statistics replace the report; --fix forgets the fixes it dropped)."""
    from toollint.linter.report import REPORTERS

    if not REPORTERS[request.output_format].stream or request.statistics or fixing is not None:
        return None
    from functools import partial

    from toollint.linter.report.text import render_file

    return partial(render_file, fmt=request.output_format, unsafe_fixes=request.unsafe_fixes, color=request.color)
