"""A report rendered by the worker processes (one block of text per file) equals the one the main process renders."""

from __future__ import annotations

import json
from functools import partial

import pytest

from toollint.document.source import read_path
from toollint.linter import runner
from toollint.linter.config import Settings
from toollint.linter.report import REPORTERS
from toollint.linter.report.text import render_file


def _files(tmp_path, count: int = 9) -> list[str]:
    paths = []
    for number in range(count):
        tools = [{"name": f"get_{number}_{i}", "description": "Gets it.\x1b[2J 价格",
                  "inputSchema": {"type": "object", "properties": {
                      "amount": {"type": "number", "description": "the price\tto pay"},
                      "path": {"type": "string", "description": "the file path"}}}} for i in range(3)]
        path = tmp_path / f"server_{number}.json"
        path.write_text(json.dumps({"tools": tools}, ensure_ascii=False, indent=2), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.skipif(runner._fork_context() is None, reason="needs fork")
@pytest.mark.parametrize("fmt, chunks", [(name, r.load_stream()) for name, r in REPORTERS.items() if r.stream])
@pytest.mark.parametrize("color", [False, True])
def test_blocks_rendered_in_workers_equal_the_main_process_report(tmp_path, monkeypatch, fmt, chunks, color) -> None:
    paths = _files(tmp_path)
    monkeypatch.setattr(runner, "_worth_parallel", lambda files: True)
    plain = runner.lint_paths(paths, Settings(), jobs=1)
    parallel = runner.lint_paths(paths, Settings(), jobs=2, render=partial(render_file, fmt=fmt, color=color))
    assert all(r.rendered for r in parallel.results) and not any(r.rendered for r in plain.results)
    expected = "".join(chunks(plain.findings, plain.results, color=color))
    assert len(plain.findings) > len(paths)
    assert "".join(chunks(parallel.findings, parallel.results, color=color)) == expected
    assert all(r.source is None for r in parallel.results)  # the rendered text replaces the kept lines
    for result in parallel.results:  # what a tool set that adds findings does: render again from the file
        result.rendered, result.source = None, read_path(result.path)
    assert "".join(chunks(parallel.findings, parallel.results, color=color)) == expected


@pytest.mark.parametrize("count, workers", [(1, 2), (9, 2), (87, 2), (400, 2), (1600, 8), (5, 8)])
def test_batches_cover_every_file_once_in_order_and_keep_every_worker_busy(count, workers) -> None:
    batches = runner._batches(count, workers)
    assert [i for batch in batches for i in batch] == list(range(count))
    assert max(len(b) for b in batches) <= runner.MAX_BATCH
    assert len(batches) >= min(count, workers * 8)  # enough tasks to balance the end of the run
    sizes = [len(b) for b in batches]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1  # the tasks shrink to single files at the end


@pytest.mark.skipif(runner._fork_context() is None, reason="needs fork")
def test_results_and_progress_come_back_in_order_from_batches(tmp_path, monkeypatch) -> None:
    paths = _files(tmp_path, 40)
    monkeypatch.setattr(runner, "_worth_parallel", lambda files: True)
    monkeypatch.setattr(runner, "MAX_BATCH", 3)
    seen: list[tuple[int, int]] = []
    parallel = runner.lint_paths(paths, Settings(), jobs=2, progress=lambda done, total: seen.append((done, total)))
    plain = runner.lint_paths(paths, Settings(), jobs=1)
    assert [r.path for r in parallel.results] == [r.path for r in plain.results]
    assert [f.as_dict() for f in parallel.findings] == [f.as_dict() for f in plain.findings]
    assert seen[-1] == (40, 40) and [d for d, _ in seen] == sorted(d for d, _ in seen) and len(seen) > 1
