"""A rule's `[options]` are a typed frozen dataclass beside its checks (`toollint.linter.options`, issue 26): one
field per option key, typed as the TOML default is, built once per Settings, its compiled forms once per options."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping

import pytest

from toollint.errors import ConfigError
from toollint.linter.catalog import load_catalog
from toollint.linter.checks import family_module, load_checks
from toollint.linter.config import Settings, option_type, parse_settings
from toollint.linter.engine import Linter
from toollint.linter.options import OPTIONS

_KINDS = {bool: "boolean", int: "number", float: "number", str: "string", tuple: "array", Mapping: "object"}


def test_every_rule_with_options_has_a_frozen_dataclass_with_one_field_per_option():
    load_checks()
    catalog = load_catalog()
    assert set(OPTIONS) == {name for name, spec in catalog.items() if spec.options}
    for name, cls in OPTIONS.items():
        hints = typing.get_type_hints(cls)
        fields = {f.name.replace("_", "-"): _KINDS[typing.get_origin(hints[f.name]) or hints[f.name]]
                  for f in dataclasses.fields(cls)}
        assert fields == {key: option_type(default) for key, default in catalog[name].options.items()}, name
        assert cls.__dataclass_params__.frozen, name  # type: ignore[attr-defined]
        home = family_module(catalog[name].category)
        assert cls.__module__ == home or cls.__module__.startswith(home + "."), name  # beside the rule's checks


def test_options_are_built_once_per_settings_and_shared_at_their_defaults():
    spec = load_catalog()["missing-unit"]
    first, second = Settings(), Settings()
    defaults = first.rule_options(spec)
    assert defaults is first.rule_options(spec) is second.rule_options(spec)
    assert defaults.unit_matcher is second.rule_options(spec).unit_matcher  # compiled once
    assert Settings(rule_settings={"missing-unit": {"severity": "error"}}).rule_options(spec) is defaults
    configured = Settings(rule_settings={"missing-unit": {"extra-units": ["credits"], "severity": "error"}})
    options = configured.rule_options(spec)
    assert options is configured.rule_options(spec) and options is not defaults
    assert options.extra_units == ("credits",) and options.unit_matcher.search("Run cost in credits") == "credits"
    assert configured.with_overrides(targets=("openai",)).rule_options(spec) == options  # a new Settings, equal
    assert Settings().rule_options(load_catalog()["invalid-tool-name"]) is None  # a rule without options


def test_the_engine_hands_each_check_its_rules_typed_options():
    settings = Settings(rule_settings={"description-too-long": {"max-length": 10}})
    linter = Linter(settings)
    for bound in (b for scope in linter.by_scope.values() for b in scope):
        assert bound.options is settings.rule_options(bound.spec), bound.spec.name
    assert settings.rule_options(load_catalog()["description-too-long"]).max_length == 10


def test_config_values_become_the_types_the_checks_read():
    settings = parse_settings({"rules": {"description-too-long": {"max-length": 150.5},
                                         "vague-description": {"min-words": 4},
                                         "missing-unit": {"extra-units": ["credits", 3],
                                                          "modifier-kinds": {"Font": "font", "x": 1}}}}, "test")
    catalog = load_catalog()
    assert settings.rule_options(catalog["description-too-long"]).max_length == 150
    vague = settings.rule_options(catalog["vague-description"])
    assert vague.min_words == 4.0 and isinstance(vague.min_words, float)
    units = settings.rule_options(catalog["missing-unit"])
    assert units.extra_units == ("credits",)  # word lists keep their strings
    assert dict(units.modifier_kinds) == {"Font": "font"} and units.modifier_kind == {"font": "font"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        units.extra_units = ()  # type: ignore[misc]


@pytest.mark.parametrize(("table", "message"), [
    ({"missing-unit": {"extra-units": "credits"}}, "[rules.missing-unit] `extra-units` must be a list"),
    ({"vague-description": {"min-words": "three"}}, "[rules.vague-description] `min-words` must be a float"),
    ({"missing-unit": {"quantities": ["x"]}}, "[rules.missing-unit] `quantities` must be a dict"),
    ({"invalid-regex": {"check-backtracking": 1}}, "[rules.invalid-regex] `check-backtracking` must be a bool"),
    ({"secret-parameter": {"extra-secret-name": ["x"]}},
     "[rules.secret-parameter] unknown option `extra-secret-name` (did you mean `extra-secret-names`?)"),
])
def test_a_wrong_option_is_still_a_config_error(table, message):
    with pytest.raises(ConfigError) as raised:
        parse_settings({"rules": table}, "pyproject.toml [tool.toollint]")
    assert message in str(raised.value)
