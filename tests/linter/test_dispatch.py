"""The schema dispatch plan: which checks a node of a given shape gets, and in what order."""

from __future__ import annotations

from toollint.linter.catalog import load_catalog
from toollint.linter.checks import Check
from toollint.linter.engine import Bound, SchemaDispatch


def _bound(name: str, **options) -> Bound:
    spec = next(iter(load_catalog().values()))
    return Bound(Check(name, "schema", lambda node, ctx: None, **options), spec, {})


def test_plan_orders_every_node_then_property_then_keyed_checks_each_once() -> None:
    every, prop, keyed = _bound("every"), _bound("prop", properties_only=True), _bound("keyed", keys=frozenset({"a", "b"}))
    dispatch = SchemaDispatch.build([keyed, prop, every])
    assert dispatch.plan(("b", "a"), True) == (every, prop, keyed)
    assert dispatch.plan(("b", "a"), False) == (every, keyed)
    assert dispatch.plan(("c",), True) == (every, prop)


def test_when_is_decided_by_the_node_keys() -> None:
    undescribed = _bound("undescribed", when=lambda keys: "description" not in keys)
    typed = _bound("typed", keys=frozenset({"type"}), when=lambda keys: "enum" not in keys)
    dispatch = SchemaDispatch.build([undescribed, typed])
    assert dispatch.plan(("type",), False) == (undescribed, typed)
    assert dispatch.plan(("type", "description"), False) == (typed,)
    assert dispatch.plan(("type", "enum", "description"), False) == ()
    assert dispatch.plan(("type", "enum", "description"), False) == ()  # the cached plan says the same
