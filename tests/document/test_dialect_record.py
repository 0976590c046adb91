"""The Dialect record is the one place a dialect's facts live: the boundary's targets and answer shapes, the
shapes `validate --shape` offers, what `dump` and strictify write all follow from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toollint.boundary import Boundary, BoundaryError
from toollint.boundary.calls import make_result, parse_call
from toollint.cli import main
from toollint.document.dialects import DIALECTS, TARGET_DIALECTS, WRITABLE

FIXTURES = Path(__file__).parents[2] / "fixtures" / "dialects"


def _fixture(dialect: str) -> Path:
    return FIXTURES / f"{'mcp-tools-list' if dialect == 'mcp' else dialect}.json"


def _command(name: str):
    import click

    return main.get_command(click.Context(main), name)


@pytest.mark.parametrize("name", sorted(DIALECTS))
def test_a_file_of_each_dialect_is_answered_in_its_answer_shape(name):
    dialect = DIALECTS[name]
    boundary = Boundary.from_tools(_fixture(name))
    assert boundary.default_shape == dialect.answer_shape
    assert dialect.call_shape and dialect.answer_shape in {d.call_shape for d in DIALECTS.values()}


@pytest.mark.parametrize("target", sorted(TARGET_DIALECTS))
def test_every_target_name_of_a_record_is_a_boundary_target(target):
    dialect = TARGET_DIALECTS[target]
    boundary = Boundary.from_tools(_fixture("anthropic"), target=target)
    assert boundary.default_shape == dialect.call_shape
    answer = make_result(dialect.call_shape, "id-1", "get_weather", "ok", is_error=True)
    assert json.dumps(answer)  # every shape the records name can be written


def test_a_target_no_record_names_is_refused_with_the_names_it_takes():
    with pytest.raises(BoundaryError) as raised:
        Boundary.from_tools(_fixture("anthropic"), target="claude")
    for name in TARGET_DIALECTS:
        assert name in str(raised.value)


def test_the_cli_choices_are_the_records():
    validate = _command("validate")
    shape = next(p for p in validate.params if p.name == "shape")
    assert list(shape.type.choices) == [DIALECTS[name].call_shape for name in WRITABLE]
    dump = _command("dump")
    assert list(next(p for p in dump.params if p.name == "dialect").type.choices) == list(WRITABLE)
    strictify = _command("strictify")
    openai = next(p for p in strictify.params if p.name == "openai_dialect")
    assert sorted(f"openai-{c}" for c in openai.type.choices) == sorted(
        d.name for d in DIALECTS.values() if d.strict_target == "openai" and d.writable)


@pytest.mark.parametrize("name", WRITABLE)
def test_validate_answers_in_the_shape_it_is_given(name):
    """`validate --shape S` answers a broken call in S: the result `make_result` writes for S."""
    shape = DIALECTS[name].call_shape
    result = CliRunner().invoke(main, ["validate", str(_fixture("anthropic")), "--shape", shape, "--tool",
                                       "get_weather", "--input", "{not json"])
    assert result.exit_code == 1, result.output
    answer = json.loads(result.stdout)
    assert answer.keys() == make_result(shape, None, "get_weather", "", is_error=True).keys()
    call = parse_call({"type": "tool_use", "id": "c1", "name": "t", "input": {}})
    assert not isinstance(call, str) and call.shape == DIALECTS["anthropic"].call_shape
