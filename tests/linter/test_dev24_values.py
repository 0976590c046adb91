"""values-only-in-prose: three or more values joined by commas after the parameter's own name and a colon, the
sentence ending with them (`status: all, running, completed, failed or cancelled.`; holdout 23's recall review, a
tuning set once measured, 2026-12-07). The one-line form of an `Args:` entry, as the piped one of
`test_dev22_values.py`, and that piped form with the colon left out after a backticked name or a note
(`` `action` (required) take|pass|drop ``). Not a list left open, one that runs on into a sentence, examples, or
another parameter's names."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description", [
    "Recent pipeline runs, newest first. status: all, running, completed, failed or cancelled.",
    "Recent pipeline runs. status: all, running, failed, or cancelled",
    "Recent pipeline runs.\nstatus: all, running, failed\nlimit: how many runs",
    "列出最近的流水线运行。status：all、running、failed 或 cancelled。",
    "列出最近的流水线运行。status：all，running，failed",
])
def test_comma_values_after_the_name_are_reported(description):
    schema = {"status": {"type": "string", "default": "all"}, "limit": {"type": "integer"}}
    assert fires("values-only-in-prose", _tool("list_runs", description, schema))


@pytest.mark.parametrize("description", [
    "Recent pipeline runs. status: all, running, failed, etc.",  # left open
    "Recent pipeline runs. status: running, failed or cancelled runs are shown first",  # runs on
    "Recent pipeline runs. status: e.g. running, failed, cancelled.",  # examples
    "Recent pipeline runs. state: all, running, failed.",  # no parameter of that name
    "Recent pipeline runs. status: limit, offset or sort.",  # the other parameters' names
    "列出最近的流水线运行。status：all、running、failed 等。",  # 等: left open
])
def test_open_lists_sentences_and_other_words_stay_quiet(description):
    schema = {"status": {"type": "string"}, "limit": {"type": "integer"}, "offset": {"type": "integer"},
              "sort": {"type": "string"}}
    assert not fires("values-only-in-prose", _tool("list_runs", description, schema))


def test_comma_values_after_the_name_listed_by_the_sdk():
    def list_runs(status: str = "all", limit: int = 10) -> str:
        """Recent pipeline runs, newest first. status: all, running, completed, failed or cancelled."""
        return ""

    def convert_case(text: str, style: str) -> str:
        """转换大小写。style：snake、camel、kebab 或 upper。"""
        return ""

    def list_jobs(status: str = "all") -> str:
        """Recent jobs. status: all, running, failed, or any other state the scheduler reports."""
        return ""

    assert _reported("values-only-in-prose", listed(list_runs)) == ["status"]
    assert _reported("values-only-in-prose", listed(convert_case)) == ["style"]
    assert _reported("values-only-in-prose", listed(list_jobs)) == []


@pytest.mark.parametrize("description, fires_", [
    ("Talking-stick: `action` (required) take|pass|drop|raise|status; `scope` all or #channel.", True),
    ("Talking-stick: action (required) take|pass|drop.", True),
    ("发言权：`action`（必填）take|pass|drop。", True),
    ("Talking-stick: `action` (required) take|pass|drop, etc.", False),  # left open
    ("Talking-stick: the action take|pass|drop of the floor.", False),  # no backtick, note or colon after the name
])
def test_piped_values_after_a_backticked_name_or_a_note(description, fires_):
    """The piped form with the colon left out after a backticked name or a note in parentheses (holdout 24's recall
    review, a tuning set once measured, 2026-12-07)."""
    schema = {"action": {"type": "string"}, "scope": {"type": "string", "default": "all"}}
    assert fires("values-only-in-prose", _tool("floor", description, schema)) is fires_


@pytest.mark.parametrize("description, fires_", [
    ("How results are grouped. Accepted values are `organization`, `repository`, or a metric-specific dimension "
     "(e.g., `category` for issue metrics).", False),
    ("How results are grouped. Accepted values are `organization` or a valid dimension for the metric.", False),
    ("How results are grouped. Accepted values are `organization`, `repository` or `team`.", True),
    ("结果的分组方式。可选值：`organization`、`repository` 或任意有效维度。", False),
])
def test_a_list_ending_in_a_kind_of_value_is_open(description, fires_):
    """"... or a metric-specific dimension", "or a valid dimension": the last item names a kind of value, so the list
    is not the whole set (holdout 24, a tuning set once measured, 2026-12-07)."""
    schema = {"type": "array", "items": {"type": "string"}, "description": description}
    assert fires("values-only-in-prose", _tool("get_metric_values", "Metric values.", {"groupBy": schema})) is fires_


@pytest.mark.parametrize("text, values", [
    ("One of PLATE, CYLINDER (targets), HEAT_DETECTOR, SMOKE_DETECTOR, SPRINKLER (detectors).",
     ["PLATE", "CYLINDER", "HEAT_DETECTOR", "SMOKE_DETECTOR", "SPRINKLER"]),
    ('One of "usages" (default), "callers", "callees", "bases".', ["usages", "callers", "callees", "bases"]),
    ("可选值：PLATE、CYLINDER（靶）、HEAT_DETECTOR、SPRINKLER（喷淋）", ["PLATE", "CYLINDER", "HEAT_DETECTOR", "SPRINKLER"]),
])
def test_a_note_after_a_value_does_not_end_the_list(text, values):
    """A note in parentheses after a listed value, before the next one, used to end the list there: `"enum":
    ["PLATE", "CYLINDER"]` of five values (holdout 25, a tuning set once measured, 2026-12-07)."""
    from toollint.linter.checks.parameters.values import allowed_values

    assert allowed_values(text, "type") == values


@pytest.mark.parametrize("text", [
    "One of 'httpx' (lightweight), 'curl' (Chrome TLS impersonation, bypasses many bot filters; requires the "
    "[browser] extra; slower on first use), or 'auto' (try httpx first).",  # a note too long to read past
    'Flow orientation for each connection, HORIZONTAL or VERTICAL. Default value: ["VERTICAL", "VERTICAL"].',
])
def test_part_of_a_list_or_an_array_default_is_no_set(text):
    """Values read up to a note too long to read past are only part of the list; a quoted array after "Default
    value:" is the default of an array parameter (holdout 25)."""
    from toollint.linter.checks.parameters.values import allowed_values

    assert allowed_values(text, "backend") is None


def test_an_entry_naming_its_own_parameter_lists_no_values_listed_by_the_sdk():
    """"Provide exactly one of surface_orientation or normal": the parameters to choose between, not the values of
    one (holdout 25, a tuning set once measured, 2026-12-07); nor is `lon, lat : str` (the two names an entry
    shares) with "default "lon"/"lat"" a set of values."""
    def add_target(surface_orientation: str | None = None, normal: list[float] | None = None) -> str:
        """Add a target.

        Parameters
        ----------
        surface_orientation : str or None, optional
            Predefined surface orientation: CEILING, FLOOR. Provide exactly one of surface_orientation or normal.
        normal : list[float] or None, optional
            Unit vector perpendicular to the surface.
        """
        return ""

    assert _reported("values-only-in-prose", listed(add_target)) == []
