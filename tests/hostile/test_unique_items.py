"""`uniqueItems` on model-chosen arrays costs linear time and keeps JSON Schema's equality (review 2, item 5)."""

from __future__ import annotations

import time

import pytest
from jsonschema import Draft202012Validator

from toollint import Boundary
from toollint.schema.validation import safe_validator

SCHEMA = {"type": "object", "properties": {"xs": {"type": "array", "uniqueItems": True}}, "required": ["xs"]}


def test_thousands_of_items_are_checked_at_once():
    boundary = Boundary.from_tools([{"name": "t", "description": "Take a list.", "input_schema": SCHEMA}])
    items = [{"id": i, "tags": [str(i)]} for i in range(8000)]
    started = time.perf_counter()
    assert boundary.check({"name": "t", "input": {"xs": items}}).ok
    assert not boundary.check({"name": "t", "input": {"xs": [*items, {"tags": ["7"], "id": 7}]}}).ok
    assert time.perf_counter() - started < 5  # 47 s before; a bound, not a benchmark


@pytest.mark.parametrize("xs", [[1, 1.0], [1, True], [0, False], [{"a": 1}, {"a": 1.0}], [[1, 2], [2, 1]],
                                ["a", "a"], [None, None], [{"a": [1]}, {"a": [True]}], [1.5, 1.5], [2, 2.5]])
def test_equality_is_json_schemas(xs):
    ours = safe_validator(SCHEMA).is_valid({"xs": xs})
    assert ours == Draft202012Validator(SCHEMA).is_valid({"xs": xs})
