"""pass^k from recorded runs: the unbiased estimator, the readers, the report and the command."""

from __future__ import annotations

import json
import shutil
import zipfile

import pytest
from click.testing import CliRunner
from helpers import ROOT_DIR

from toollint.cli import main
from toollint.passk import (
    RunsError,
    Tally,
    Trial,
    build_report,
    pass_at_k,
    pass_hat_k,
    read_runs,
    suite_value,
)
from toollint.passk.estimate import bootstrap_interval

ROOT = ROOT_DIR
RUNS = ROOT / "fixtures" / "passk" / "runs.jsonl"
TAU2 = ROOT / "fixtures" / "passk" / "tau2_results.json"
INSPECT = ROOT / "fixtures" / "passk" / "inspect_log.json"


def test_unbiased_not_plug_in():
    assert pass_hat_k(4, 3, 2) == 0.5  # C(3,2)/C(4,2) = 3/6; the plug-in (3/4)^2 would be 0.5625
    assert pass_hat_k(10, 9, 3) == pytest.approx(84 / 120)  # the article's example: 70%
    assert pass_hat_k(4, 3, 4) == 0.0 and pass_hat_k(4, 4, 4) == 1.0
    assert pass_at_k(4, 3, 2) == 1.0 and pass_at_k(4, 1, 2) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        pass_hat_k(3, 3, 4)


def test_suite_value_is_the_mean_over_tasks_and_the_interval_is_seeded():
    tallies = [Tally("a", 4, 3), Tally("b", 4, 4), Tally("c", 4, 2)]
    assert suite_value(tallies, 2) == pytest.approx((0.5 + 1 + 1 / 6) / 3)
    low, high = bootstrap_interval(tallies, 2, seed=7)
    assert (low, high) == bootstrap_interval(tallies, 2, seed=7)
    assert 1 / 6 <= low <= suite_value(tallies, 2) <= high <= 1.0
    assert bootstrap_interval([Tally("a", 4, 3)], 2) == (0.5, 0.5)


def test_jsonl_records_hand_computed():
    report = build_report(read_runs(RUNS), [1, 2, 4, 8])
    [group] = report.groups
    assert [(t.task, t.n, t.c) for t in group.tallies] == [("cancel-2", 4, 4), ("refund-1", 4, 3), ("退款政策-3", 4, 2)]
    assert dict(group.excluded) == {"rate_limit": 1}
    values = {row.k: (row.pass_hat, row.pass_at) for row in group.rows}
    assert values[1][0] == pytest.approx(0.75)
    assert values[2][0] == pytest.approx((1 + 0.5 + 1 / 6) / 3)
    assert values[4] == (pytest.approx(1 / 3), pytest.approx(1.0))
    assert 8 not in values and any("k=8 left out" in w for w in report.warnings)


def test_one_task_n4_c3_k2_is_one_half():
    trials = [Trial("t", i, success) for i, success in enumerate([True, True, False, True])]
    [row] = build_report(trials, [2]).groups[0].rows
    assert row.pass_hat == 0.5 and row.pass_hat_ci == (0.5, 0.5)


def test_several_records_of_one_trial_succeed_only_together():
    trials = [Trial("t", 0, True, tool="a"), Trial("t", 0, False, tool="b"), Trial("t", 1, True, tool="a")]
    [suite] = build_report(trials, [1]).groups
    assert [(t.n, t.c) for t in suite.tallies] == [(2, 1)]
    by_tool = build_report(trials, [1], by="tool").groups
    assert [(g.name, g.rows[0].pass_hat) for g in by_tool] == [("a", 1.0), ("b", 0.0)]


def test_tau2_results_file_and_directory(tmp_path):
    trials = read_runs(TAU2)
    assert len(trials) == 13 and sum(t.success is None for t in trials) == 1
    report = build_report(trials, [1, 2, 4])
    [group] = report.groups
    assert [(t.task, t.n, t.c) for t in group.tallies] == [("0", 4, 3), ("1", 4, 2), ("2", 4, 4)]
    assert dict(group.excluded) == {"infrastructure_error": 1}
    # the directory layout: results.json without simulations, one file per simulation
    data = json.loads(TAU2.read_text(encoding="utf-8"))
    folder = tmp_path / "run"
    (folder / "simulations").mkdir(parents=True)
    for simulation in data.pop("simulations"):
        (folder / "simulations" / f"{simulation['id']}.json").write_text(json.dumps(simulation), encoding="utf-8")
    (folder / "results.json").write_text(json.dumps(data), encoding="utf-8")
    assert sorted(read_runs(folder), key=repr) == sorted(trials, key=repr)


def test_inspect_json_and_eval_archive(tmp_path):
    trials = read_runs(INSPECT)
    report = build_report(trials, [1, 3])
    [group] = report.groups
    assert [(t.task, t.n, t.c) for t in group.tallies] == [("1", 3, 2), ("2", 3, 3), ("greet", 3, 2)]
    assert dict(group.excluded) == {"sample_error": 1}
    archive = tmp_path / "log.eval"
    with zipfile.ZipFile(archive, "w") as out:
        for sample in json.loads(INSPECT.read_text(encoding="utf-8"))["samples"]:
            out.writestr(f"samples/{sample['id']}_epoch_{sample['epoch']}.json", json.dumps(sample))
    assert sorted(read_runs(archive), key=repr) == sorted(trials, key=repr)


@pytest.mark.parametrize(("text", "message"), [
    ('{"task_id": "a", "trial": 1}\n', "runs.jsonl:1: a record needs success"),
    ('{"task_id": "a", "success": true}\n{"task_id": "a", "success": tru\n', "runs.jsonl:2:"),
    ('{"trial": 1, "success": true}\n', "runs.jsonl: not a runs file"),
    ('{"task_id": "a", "success": true}\n{"trial": 1, "success": true}\n', "runs.jsonl:2: a record needs a task_id"),
    ('["a"]\n', "runs.jsonl: not a runs file"),
    ("", "runs.jsonl: the file is empty"),
])
def test_bad_runs_name_file_and_line(tmp_path, text, message):
    path = tmp_path / "runs.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RunsError) as info:
        read_runs(path)
    assert message.replace("runs.jsonl", str(path)) in str(info.value)


def test_command_text_json_and_exit_codes(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["passk", str(RUNS), "-k", "1,2,8"])
    assert result.exit_code == 0, result.output
    assert "3 tasks, 12 trials; 1 left out as infrastructure errors (rate_limit 1)" in result.stdout
    assert "    2    0.556" in result.stdout
    assert "k=8 left out" in result.stderr
    result = runner.invoke(main, ["passk", str(TAU2), "-k", "2", "--output-format", "json"])
    data = json.loads(result.stdout)
    assert data["groups"][0]["rows"][0]["pass_hat_k"] == pytest.approx((0.5 + 1 / 6 + 1) / 3)
    assert runner.invoke(main, ["passk", str(RUNS), "-k", "0"]).exit_code == 2
    missing = runner.invoke(main, ["passk", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr and "Traceback" not in missing.output


def test_plot_svg_is_deterministic(tmp_path):
    pytest.importorskip("matplotlib")
    runner = CliRunner()
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    for path in (first, second):
        assert runner.invoke(main, ["passk", str(RUNS), "-k", "1,2,4", "--plot", str(path)]).exit_code == 0
    text = first.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and "pass^k" in text
    assert text == second.read_text(encoding="utf-8")
    bad = runner.invoke(main, ["passk", str(RUNS), "--plot", str(tmp_path / "chart.pdf")])
    assert bad.exit_code == 2 and ".svg or .png" in bad.stderr


def test_runs_are_not_changed(tmp_path):
    copy = tmp_path / "runs.jsonl"
    shutil.copy(RUNS, copy)
    CliRunner().invoke(main, ["passk", str(copy)])
    assert copy.read_bytes() == RUNS.read_bytes()
