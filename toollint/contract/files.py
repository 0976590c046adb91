"""Contract case files: one JSONL file per tool, one case per line, keys in a fixed order.

Written with `ensure_ascii=False` and no timestamps, so regenerating with the same seed gives the
same bytes and a review diff shows only what changed. Reading names the file and line of anything
that is not a case.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from toollint.contract.verdicts import UNSET, Case
from toollint.document import jsonl
from toollint.errors import ToollintError

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


class CaseFileError(ToollintError, ValueError):
    """A contract case file that cannot be read; the message names the file and line."""


MAX_STEM = 100  # characters of a tool name kept in its file name (a 300-character name: ENAMETOOLONG)


def file_name(tool: str) -> str:
    """`refund_order.jsonl`. A name that is not file-safe as it is (unsafe characters become `_`, a long one
    is cut) also gets a digest of the real name, so `a/b` and `a_b` never share a file and one tool's cases
    never overwrite another's (reliability review 2, data loss)."""
    stem = _UNSAFE.sub("_", tool)[:MAX_STEM] or "tool"
    if stem != tool:
        stem += "-" + hashlib.sha256(tool.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return stem + ".jsonl"


def dumps(cases: list[Case]) -> str:
    return "".join(json.dumps(case.to_dict(), ensure_ascii=False) + "\n" for case in cases)


def write_cases(directory: Path, tool: str, cases: list[Case]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name(tool)
    path.write_text(dumps(cases), encoding="utf-8")
    return path


def case_files(path: Path) -> list[Path]:
    """The JSONL files of `path` (a file, or a directory of them), sorted."""
    if path.is_dir():
        found = sorted(path.glob("*.jsonl"))
        if not found:
            raise CaseFileError(f"{path}: no .jsonl case files in this directory")
        return found
    if not path.exists():
        raise CaseFileError(f"{path}: no such file or directory")
    return [path]


def case_files_for(path: Path, tools: list[str]) -> list[Path]:
    """The case files of `tools` under `path`: the file itself, or in a directory the `<tool>.jsonl` files
    of these tools (a directory may hold the cases of other tool files too)."""
    if not path.is_dir():
        return case_files(path)
    wanted = {file_name(tool) for tool in tools}
    found = [file for file in case_files(path) if file.name in wanted]
    if not found:
        raise CaseFileError(f"{path}: no case files for {', '.join(tools)} (expected {', '.join(sorted(wanted))})")
    return found


def read_cases(path: Path) -> list[tuple[int, Case]]:
    """(line number, case) for every case in one file."""
    cases = []
    for number, where, data in jsonl.objects(jsonl.read_text(path, CaseFileError), path, CaseFileError,
                                             "a case object"):
        missing = [key for key in ("id", "call", "expect", "code") if key not in data]
        if missing:
            raise CaseFileError(f"{where}: the case lacks {', '.join(missing)}")
        if data["expect"] not in ("ok", "error"):
            raise CaseFileError(f"{where}: expect must be \"ok\" or \"error\", got {data['expect']!r}")
        if not isinstance(data["call"], dict) or not isinstance(data["call"].get("name"), str):
            raise CaseFileError(f"{where}: call must be an object with a tool name")
        cases.append((number, Case(str(data["id"]), data["call"], data["expect"], str(data["code"]),
                                   data.get("pointer"), str(data.get("why", "")),
                                   data.get("normalized", UNSET))))
    if not cases:
        raise CaseFileError(f"{path}: no cases in this file")
    return cases
