"""Opt-in outcome logging (`Boundary(..., log=...)`): one JSON line per judged call.

The log is what `toollint passk --by tool` reads for "boundary pass^k": per tool, the share of
tasks whose every call passed the boundary in all k trials. Tell the boundary which task and trial
a call belongs to through `chain`: `chain=(task_id, trial)` or `chain={"task_id": ..., "trial": ...}`
(any other chain is logged as the task id, without a trial). Records carry no timestamps and no
arguments (they may hold personal data): task_id, trial, tool, call_id, code, ok, and for coerced
calls the conversions.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Mapping
from typing import IO, Any

LogTarget = str | os.PathLike[str] | IO[str] | Callable[[dict[str, Any]], Any]


def task_and_trial(chain: Any) -> tuple[Any, Any]:
    if isinstance(chain, (tuple, list)) and len(chain) == 2:
        return chain[0], chain[1]
    if isinstance(chain, Mapping):
        return chain.get("task_id"), chain.get("trial")
    return chain, None


class OutcomeLog:
    """Appends records to a file (opened once, flushed per line), a text stream, or hands them to a callable."""

    def __init__(self, target: LogTarget) -> None:
        self._lock = threading.Lock()
        self._owned: IO[str] | None = None
        if isinstance(target, (str, os.PathLike)):
            self._owned = open(target, "a", encoding="utf-8")  # closed by close()
            self._write: Callable[[dict[str, Any]], Any] = self._to_stream(self._owned)
        elif callable(getattr(target, "write", None)):
            self._write = self._to_stream(target)  # type: ignore[arg-type]
        elif callable(target):
            self._write = target
        else:
            raise TypeError(f"log must be a path, a text stream or a callable, got {type(target).__name__}")

    def _to_stream(self, stream: IO[str]) -> Callable[[dict[str, Any]], Any]:
        def write(record: dict[str, Any]) -> None:
            stream.write(json.dumps(record, ensure_ascii=False, default=repr) + "\n")
            stream.flush()

        return write

    def record(self, outcome: Any, chain: Any) -> None:
        task, trial = task_and_trial(chain)
        record: dict[str, Any] = {"task_id": task, "trial": trial, "tool": outcome.tool, "call_id": outcome.call_id,
                                  "code": outcome.code, "ok": outcome.ok}
        if outcome.cause:
            record["cause"] = outcome.cause
        if getattr(outcome, "coerced", None):
            record["coerced"] = [c.to_dict() for c in outcome.coerced]
        with self._lock:
            self._write(record)

    def close(self) -> None:
        if self._owned is not None:
            self._owned.close()
            self._owned = None
