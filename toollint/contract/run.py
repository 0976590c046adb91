"""Generate a tool file's contract cases, and check stored cases against the boundary."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toollint.boundary import Boundary
from toollint.contract.cases import ToolCases
from toollint.contract.files import case_files_for, read_cases
from toollint.contract.verdicts import Case, differences, verdict


def make_boundary(tools: Any, *, target: str | None = None, coerce: bool = False,
                  extra: str = "reject") -> Boundary:
    """The boundary the verdicts come from: a retry budget no case can exhaust."""
    options: dict[str, Any] = {"max_retries": 1_000_000, "extra": extra}
    if coerce:
        options["coerce"] = True
    return Boundary.from_tools(tools, target, **options)


def generate(tools: str | os.PathLike[str] | Any, seed: int = 0, *, target: str | None = None,
             coerce: bool = False, warnings: list[str] | None = None,
             extra: str = "reject") -> dict[str, list[Case]]:
    """Every tool's cases, in file order, each with the verdict the boundary gives it now (so the
    `extra-field` case expects what the `extra` policy does with an undeclared field)."""
    boundary = make_boundary(tools, target=target, coerce=coerce, extra=extra)
    names = boundary.tools
    out: dict[str, list[Case]] = {}
    for name in names:
        maker = ToolCases(name, boundary.schema(name), seed, names)
        cases = []
        for draft in maker.drafts():
            found = verdict(boundary, draft.call)
            cases.append(Case(draft.id, draft.call, found["expect"], found["code"], found["pointer"], draft.why,
                              **({"normalized": found["normalized"]} if "normalized" in found else {})))
        out[name] = cases
        if warnings is not None:
            warnings.extend(maker.warnings)
    return out


@dataclass
class Failure:
    """A stored case whose verdict the boundary no longer gives."""

    file: Path
    line: int
    case: Case
    problems: list[str]

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.case.id}: {'; '.join(self.problems)}"


def check_cases(tools: Any, cases: str | os.PathLike[str], *, target: str | None = None,
                coerce: bool = False, extra: str = "reject") -> tuple[int, list[Failure]]:
    """(number of cases checked, the ones whose verdict differs). Raises `CaseFileError`, `BoundaryError`."""
    boundary = make_boundary(tools, target=target, coerce=coerce, extra=extra)
    failures = []
    count = 0
    for path in case_files_for(Path(cases), boundary.tools):
        for line, case in read_cases(path):
            count += 1
            problems = differences(case, verdict(boundary, case.call))
            if problems:
                failures.append(Failure(path, line, case, problems))
    return count, failures
