"""Holdout 34's recall misses, fixed after it was measured (a tuning set from then on, 2026-12-07).

undocumented-identifier: an id described only by its name and a word that adds nothing ("Specific task ID",
"ID of the given board") or the tool's own verb ("Activity ID to update", "The ID of the note to edit"; in Chinese "要推迟的任务 ID", "指定任务的 ID") is as
undescribed as one described by its name alone ("ID of the post"), also when the name runs the words together ("Task
series ID" for `taskseries_id`): nothing says where the model gets one or what
it looks like. A description that says more ("Task ID, as list_tasks returns it", "Task ID to update; e.g.
t_81x2") still describes it.

values-only-in-prose: a list labelled with the parameter's name may hold constants ("Training availability: NORMAL,
LIMITED, or UNAVAILABLE"), as it held lower-case words, and a label may name the parameter's type ("Device target
type: AUTO, POWER, HR, or PACE" for `target`, "Operation type: ..." for `operation`). Codes of an open set under
their own name ("Currency: USD, EUR, or GBP") are some of the set, not all of it."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


def _task_tool(description: str) -> str:
    return _tool("postpone_task", "Postpone a task by one day.", {
        "task_id": {"type": "string", "description": description}, "days": {"type": "integer", "description": "Days"}})


@pytest.mark.parametrize("description", [
    "Specific task ID", "Task ID to update", "The ID of the task to postpone.", "ID of the given task",
    "要推迟的任务 ID", "指定任务的 ID", "指定的任务编号",
])
def test_an_id_written_out_with_filler_or_the_tools_verb_is_undocumented(description):
    assert fires("undocumented-identifier", _task_tool(description))


@pytest.mark.parametrize("description, reported", [
    ("Task series ID", True), ("Task series ID, from list_tasks", False), ("Task ID", False),
])
def test_a_name_run_together_is_spelt_by_its_words(description, reported):
    tool = _tool("postpone_task", "Postpone a task.", {"taskseries_id": {"type": "string", "description": description}})
    assert fires("undocumented-identifier", tool) is reported


@pytest.mark.parametrize("description", [
    "Task ID to update, as list_tasks returns it", "Task ID to update; e.g. 't_81x2'", "ID of the task to move it to",
    "The ID of the task's parent to update", "任务 ID，由 list_tasks 返回", "要推迟的任务 ID，由 list_tasks 返回",
    "要推迟的 ID", "任务的唯一标识，形如 t_81x2",
])
def test_an_id_described_beyond_its_name_and_verb_is_not(description):
    assert not fires("undocumented-identifier", _task_tool(description))


def test_an_args_entry_with_the_tools_verb_is_nothing_written():
    def edit_note(note_id: str, text: str) -> str:
        """Edit a note's text.

        Args:
            note_id: ID of the note to edit
            text: The new text of the note
        """
        return ""

    assert _reported("undocumented-identifier", listed(edit_note)) == ["note_id"]


def _workout_tool(name: str, description: str) -> str:
    return _tool("update_workout", "Update a library workout.", {
        name: {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "description": description}})


@pytest.mark.parametrize("name, description", [
    ("target", "Updated device target type: AUTO, POWER, HR, or PACE"),
    ("training_availability", "Training availability: NORMAL, LIMITED, or UNAVAILABLE"),
    ("operation", "Operation type: full_backtest, walk_forward, ml_retrain"),
])
def test_a_labelled_list_of_constants_gives_the_values(name, description):
    assert fires("values-only-in-prose", _workout_tool(name, description))


@pytest.mark.parametrize("name, description", [
    ("currency", "Currency: USD, EUR, or GBP"),
    ("target", "Target heart rate zone: Z1, Z2, or Z3 are common"),
    ("target", "目标类型：AUTO、POWER、HR 等"),
])
def test_codes_of_an_open_set_or_a_partial_list_are_not(name, description):
    assert not fires("values-only-in-prose", _workout_tool(name, description))
