"""Read recorded runs into trials: toollint's JSONL records, τ²-bench results, inspect-ai eval logs,
and the boundary's outcome logs. Every reader names the file (and line) of what it cannot use.

A record that says the trial never ran properly (`error_kind`; τ²-bench's `infrastructure_error`
and `context_window_exceeded` terminations; an inspect sample `error`; a boundary outcome that is
not the model's doing) is kept apart: it is neither a success nor a failure, and pass^k leaves it
out, as τ²-bench does.
"""

from __future__ import annotations

import json
import math
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toollint.document import jsonl
from toollint.errors import ToollintError
from toollint.passk.boundary_codes import MODEL_FAULTS, NOT_THE_MODEL

# τ²-bench `NON_EVALUABLE_TERMINATION_REASONS`: the simulation never produced an evaluable rollout.
TAU2_NOT_EVALUABLE = frozenset({"infrastructure_error", "context_window_exceeded"})
FORMATS = ("auto", "jsonl", "tau2", "inspect", "boundary")


class RunsError(ToollintError, ValueError):
    """A runs file that cannot be read; the message names the file and, for JSONL, the line."""


@dataclass(frozen=True)
class Trial:
    """One recorded attempt (or one tool call of it): `success` is None when it was not evaluable."""

    task: str
    trial: Any
    success: bool | None
    error_kind: str | None = None
    tool: str | None = None


def is_success(reward: float) -> bool:
    """τ²-bench's rule: a reward within 1 ± 1e-6 is a success."""
    return math.isclose(float(reward), 1.0, abs_tol=1e-6)


def read_runs(path: str | os.PathLike[str], fmt: str = "auto") -> list[Trial]:
    """Every trial in `path` (a file, or a τ²-bench results directory)."""
    path = Path(path)
    if fmt == "auto":
        fmt = _detect(path)
    if fmt == "tau2":
        return _tau2(path)
    if fmt == "inspect":
        return _inspect(path)
    return _jsonl(path, boundary=fmt == "boundary")


def _detect(path: Path) -> str:
    if path.is_dir():
        return "tau2"
    if path.suffix == ".eval":
        return "inspect"
    text = _read_text(path)
    if not text.strip():
        raise RunsError(f"{path}: the file is empty; expected recorded runs")
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        head = json.loads(first)
    except RecursionError:
        raise RunsError(f"{path}:1: the JSON is nested too deeply to read") from None
    except ValueError:  # a pretty-printed document: its first line is not a whole value
        head = _load_json(path)
    if isinstance(head, dict) and ("simulations" in head or "simulation_index" in head):
        return "tau2"
    if isinstance(head, dict) and "samples" in head and "eval" in head:
        return "inspect"
    if isinstance(head, dict) and "code" in head and "ok" in head:
        return "boundary"
    if isinstance(head, dict) and "task_id" in head:
        return "jsonl"
    raise RunsError(f"{path}: not a runs file toollint knows: expected JSONL records with task_id, "
                    f"τ²-bench results (simulations), an inspect-ai eval log (eval, samples) or a boundary "
                    f"outcome log (code, ok); pass --format to say which")


def _read_text(path: Path) -> str:
    return jsonl.read_text(path, RunsError)


def _load_json(path: Path) -> Any:
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RunsError(f"{path}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}") from None
    except RecursionError:
        raise RunsError(f"{path}: the JSON is nested too deeply to read") from None


# --- toollint JSONL records and boundary outcome logs -----------------------------------------------


def _jsonl(path: Path, *, boundary: bool) -> list[Trial]:
    trials: list[Trial] = []
    for _, where, record in jsonl.objects(_read_text(path), path, RunsError):
        trials.append(_boundary_record(record, where) if boundary else _record(record, where))
    if not trials:
        raise RunsError(f"{path}: no records")
    return trials


def _task_of(record: dict[str, Any], where: str) -> str:
    task = record.get("task_id")
    if task is None or isinstance(task, (dict, list, bool)):
        raise RunsError(f"{where}: a record needs a task_id (a string or number)")
    return str(task)


def _record(record: dict[str, Any], where: str) -> Trial:
    task = _task_of(record, where)
    tool = record.get("tool") if isinstance(record.get("tool"), str) else None
    kind = record.get("error_kind")
    if kind not in (None, ""):
        return Trial(task, record.get("trial"), None, str(kind), tool)
    if isinstance(record.get("success"), bool):
        return Trial(task, record.get("trial"), record["success"], None, tool)
    reward = record.get("reward")
    if isinstance(reward, (int, float)) and not isinstance(reward, bool) and math.isfinite(reward):
        return Trial(task, record.get("trial"), is_success(reward), None, tool)
    raise RunsError(f"{where}: a record needs success (true/false) or a numeric reward, or an error_kind "
                    f"for a trial that did not run")


def _boundary_record(record: dict[str, Any], where: str) -> Trial:
    task = _task_of(record, where)
    if record.get("trial") is None:
        raise RunsError(f"{where}: a boundary outcome without a trial; log with chain=(task_id, trial)")
    code = record.get("code")
    tool = record.get("tool") if isinstance(record.get("tool"), str) else None
    if code in NOT_THE_MODEL:
        return Trial(task, record["trial"], None, str(code), tool)
    if code == "OK" or code in MODEL_FAULTS or code == "TOOL_ERROR":
        # TOOL_ERROR: the call passed the boundary; the tool itself failed afterwards
        return Trial(task, record["trial"], code in ("OK", "TOOL_ERROR"), None, tool)
    raise RunsError(f"{where}: unknown boundary code {code!r}")


# --- τ²-bench --------------------------------------------------------------------------------------


def _tau2(path: Path) -> list[Trial]:
    """τ²-bench `Results`: one JSON file with `simulations`, or a results directory (`results.json`
    with a `simulation_index`, and one file per simulation under `simulations/`)."""
    meta_path = path / "results.json" if path.is_dir() else path
    if path.is_dir() and not meta_path.is_file():
        raise RunsError(f"{path}: a directory, but not τ²-bench results (no results.json in it)")
    data = _load_json(meta_path)
    if not isinstance(data, dict):
        raise RunsError(f"{meta_path}: τ²-bench results are a JSON object")
    simulations = data.get("simulations")
    if not simulations:
        folder = meta_path.parent / "simulations"
        if folder.is_dir():
            simulations = [_load_json(file) for file in sorted(folder.glob("*.json"))]
        elif isinstance(data.get("simulation_index"), list):
            simulations = data["simulation_index"]
    if not isinstance(simulations, list) or not simulations:
        raise RunsError(f"{meta_path}: no simulations in these τ²-bench results")
    trials = []
    for index, simulation in enumerate(simulations):
        where = f"{meta_path}: simulations[{index}]"
        if not isinstance(simulation, dict) or simulation.get("task_id") is None:
            raise RunsError(f"{where}: a simulation needs a task_id")
        task = str(simulation["task_id"])
        reason = simulation.get("termination_reason")
        if reason in TAU2_NOT_EVALUABLE:
            trials.append(Trial(task, simulation.get("trial"), None, str(reason)))
            continue
        reward = simulation.get("reward")  # index entries carry the reward directly
        info = simulation.get("reward_info")
        if isinstance(info, dict):
            reward = info.get("reward")
        success = isinstance(reward, (int, float)) and not isinstance(reward, bool) and is_success(reward)
        trials.append(Trial(task, simulation.get("trial"), success))
    return trials


# --- inspect-ai ------------------------------------------------------------------------------------


def _inspect(path: Path) -> list[Trial]:
    """inspect-ai eval logs: a `.json` log (`samples`) or a `.eval` zip (`samples/<id>_epoch_<n>.json`).
    Task = sample id, trial = epoch; the first scorer's value decides (C, true, 1 and 1.0 succeed)."""
    samples: Any
    if path.suffix == ".eval":
        samples = _eval_zip_samples(path)
    else:
        data = _load_json(path)
        samples = data.get("samples") if isinstance(data, dict) else None
        if not isinstance(samples, list):
            raise RunsError(f"{path}: no samples in this inspect-ai log (was it written with --no-log-samples?)")
    trials = []
    for index, sample in enumerate(samples):
        where = f"{path}: samples[{index}]"
        if not isinstance(sample, dict) or sample.get("id") is None:
            raise RunsError(f"{where}: a sample needs an id")
        task, epoch = str(sample["id"]), sample.get("epoch")
        if sample.get("error"):
            trials.append(Trial(task, epoch, None, "sample_error"))
            continue
        scores = sample.get("scores")
        if not isinstance(scores, dict) or not scores:
            raise RunsError(f"{where}: the sample has no scores")
        first = next(iter(scores.values()))
        value = first.get("value") if isinstance(first, dict) else None
        trials.append(Trial(task, epoch, _inspect_success(value, where)))
    if not trials:
        raise RunsError(f"{path}: no samples")
    return trials


_INSPECT_WORDS = {"C": True, "I": False, "P": False, "N": False, "yes": True, "no": False,
                  "correct": True, "incorrect": False}


def _inspect_success(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return is_success(value)
    if isinstance(value, str) and value in _INSPECT_WORDS:
        return _INSPECT_WORDS[value]
    raise RunsError(f"{where}: cannot read the score value {value!r} as a success (use C/I, true/false or a "
                    f"number)")


def _eval_zip_samples(path: Path) -> list[Any]:
    try:
        with zipfile.ZipFile(path) as archive:
            names = sorted(n for n in archive.namelist() if n.startswith("samples/") and n.endswith(".json"))
            samples = []
            for name in names:
                try:
                    samples.append(json.loads(archive.read(name).decode("utf-8")))
                except (ValueError, UnicodeDecodeError) as error:
                    raise RunsError(f"{path}: {name}: not a JSON sample ({error})") from None
    except (zipfile.BadZipFile, OSError) as error:
        raise RunsError(f"{path}: not an inspect-ai .eval archive ({error})") from None
    if not samples:
        raise RunsError(f"{path}: the archive holds no samples/*.json")
    return samples
