"""A rule's `[options]` as a typed frozen dataclass, built once per `Settings` (issue 26).

A rule with options declares, beside its checks, one subclass of `RuleOptions` naming the rule, with one field per
option key (`min-words` is `min_words`) typed as the TOML default is, and the compiled forms its checks use
(lexicons, matchers, per-name memos) as `cached_property`s, built on first use:

    @dataclass(frozen=True)
    class VagueDescriptionOptions(RuleOptions, rule="vague-description"):
        min_words: float
        generic_words: tuple[str, ...]

        @cached_property
        def generic(self) -> frozenset[str]:
            return frozenset(stem(w.lower()) for w in self.generic_words)

`Settings.rule_options(spec)` builds it from the TOML defaults and the config's `[tool.toollint.rules.NAME]` table
(a rule left at its defaults shares one instance per process), and the engine hands it to the rule's checks as
`ctx.options`. The config parser has validated the values (`config._parse_rule_tables`: an unknown option or a
value of the wrong type is a `ConfigError`); here each is only converted to its field's type, as the checks
converted them before: numbers with `int`/`float`, lists of words keep their strings, tables are copied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from toollint.linter.textstats import as_list

if TYPE_CHECKING:
    from toollint.linter.catalog import RuleSpec
    from toollint.linter.config import Settings

OPTIONS: dict[str, type[RuleOptions]] = {}  # rule name -> its options class, filled as the check modules load

_O = TypeVar("_O", bound="RuleOptions")


@dataclass(frozen=True)
class RuleOptions:
    """The base of every rule's options: `class X(RuleOptions, rule="NAME")` registers X for rule NAME."""

    rule: ClassVar[str]

    def __init_subclass__(cls, rule: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if rule is not None:
            cls.rule = rule
            OPTIONS[rule] = cls

    @classmethod
    def from_options(cls: type[_O], options: Mapping[str, Any]) -> _O:
        """The typed options from a rule's effective options (`Settings.options`: every key, defaults filled in)."""
        return cls(**{name: convert(options[key]) for name, key, convert in _fields(cls)})

    @classmethod
    def configured(cls: type[_O], settings: Settings) -> _O:
        """This rule's options as `settings` configure them (for a check that reads another rule's options)."""
        from toollint.linter.catalog import load_catalog

        found: _O = settings.rule_options(load_catalog()[cls.rule])
        return found


def typed_options(spec: RuleSpec, options: Mapping[str, Any] | None) -> RuleOptions | None:
    """The typed options of `spec`'s rule from its effective options (None: all at their defaults), or None for a rule
    without an options class."""
    from toollint.linter.checks import load_checks

    load_checks()  # the option classes are declared beside their checks
    cls = OPTIONS.get(spec.name)
    if cls is None:
        return None
    if options is not None:
        return cls.from_options(options)
    found = _DEFAULTS.get(spec.name)
    if found is None:  # at their TOML defaults: one instance per process, so its compiled forms are built once
        found = _DEFAULTS[spec.name] = cls.from_options(spec.options)
    return found


_DEFAULTS: dict[str, RuleOptions] = {}  # rule name -> its options at their defaults
_FIELDS: dict[type[RuleOptions], tuple[tuple[str, str, Callable[[Any], Any]], ...]] = {}


def _fields(cls: type[RuleOptions]) -> tuple[tuple[str, str, Callable[[Any], Any]], ...]:
    """(field name, option key, converter) for each field of an options class, worked out once per class."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _FIELDS[cls] = tuple((f.name, f.name.replace("_", "-"), _converter(hints[f.name])) for f in fields(cls))
    return found


def _converter(hint: Any) -> Callable[[Any], Any]:
    """How a (validated) option value becomes a value of the field's type."""
    if hint in (bool, int, float, str):
        return hint
    origin, args = get_origin(hint), get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is str:
            return lambda value: tuple(as_list(value))  # strings only, as the checks read word lists
        item = _converter(args[0])
        return lambda value: tuple(item(v) for v in value) if isinstance(value, (list, tuple)) else ()
    if origin in (Mapping, dict) and len(args) == 2:
        if args[1] is str:
            return lambda value: MappingProxyType({k: v for k, v in _table(value).items() if isinstance(v, str)})
        return lambda value: MappingProxyType(dict(_table(value)))
    raise TypeError(f"no option type for {hint!r}")


def _table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}
