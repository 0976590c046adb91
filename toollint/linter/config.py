"""Settings from `[tool.toollint]` in pyproject.toml, `toollint.toml` or `.toollint.toml`.

Every key is checked: an unknown key, rule, option or value is a `ConfigError` (exit code 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toollint.errors import ConfigError
from toollint.linter.catalog import SEVERITIES, RuleSpec, load_catalog, tomllib
from toollint.profiles import PROFILE_NAMES
from toollint.suggest import did_you_mean

CONFIG_FILES = (".toollint.toml", "toollint.toml", "pyproject.toml")
FAIL_ON = ("error", "warning", "info", "never")
TARGETS = PROFILE_NAMES
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "node_modules", "__pycache__",
                   ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist", "site-packages", ".direnv",
                   ".eggs", ".ipynb_checkpoints", ".pytype")




@dataclass
class Settings:
    select: tuple[str, ...] = ("ALL",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rule_settings: dict[str, dict[str, Any]] = field(default_factory=dict)  # rule name -> overrides
    fail_on: str = "warning"
    targets: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    dialect: str | None = None
    tool_sets: dict[str, tuple[tuple[str | None, str], ...]] = field(default_factory=dict)  # name -> (member name, glob)
    respect_gitignore: bool = True
    strictify: tuple[Any, ...] = ()  # strictifier.pairs.Pair: source -> strict file pairs for `toollint strictify`
    path: Path | None = None  # the config file, if any
    root: Path = field(default_factory=Path.cwd)  # globs are relative to it
    # rule name -> its typed options (`rule_options`), made on first use; `with_overrides` starts a new one
    _rule_options: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def with_overrides(self, **changes: Any) -> Settings:
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def enabled_rules(self) -> list[RuleSpec]:
        catalog = load_catalog()
        chosen = set(_expand(self.select, "select")) | set(_expand(self.extend_select, "extend-select"))
        chosen -= set(_expand(self.ignore, "ignore"))
        return [spec for name, spec in catalog.items() if name in chosen]

    def severity(self, spec: RuleSpec) -> str:
        return self.rule_settings.get(spec.name, {}).get("severity", spec.severity)

    def options(self, spec: RuleSpec) -> dict[str, Any]:
        """The rule's effective options: every key of its TOML `[options]`, the config's value where it sets one."""
        overrides = self.rule_settings.get(spec.name, {})
        return {key: overrides.get(key, default) for key, default in spec.options.items()}

    def rule_options(self, spec: RuleSpec) -> Any:
        """The rule's options as its typed `RuleOptions` (`toollint.linter.options`; None for a rule without
        options), built once per Settings; a rule this config leaves at its defaults shares one instance with every
        other Settings."""
        try:
            return self._rule_options[spec.name]
        except KeyError:
            from toollint.linter.options import typed_options

            configured = self.rule_settings.get(spec.name, {}).keys() - {"severity"}
            typed = self._rule_options[spec.name] = typed_options(spec, self.options(spec) if configured else None)
            return typed

    def ignored_for(self, relative_path: str) -> set[str]:
        from fnmatch import fnmatch

        names: set[str] = set()
        for pattern, selectors in self.per_file_ignores.items():
            if fnmatch(relative_path, pattern) or fnmatch(Path(relative_path).name, pattern):
                names |= set(_expand(selectors, f"per-file-ignores {pattern!r}"))
        return names


OPT_IN = "OPT-IN"


def rules_matching(selector: str) -> list[str]:
    """Rule names a selector picks: ALL, a name, a code, a code prefix such as TL1, or OPT-IN. Rules of the
    opt-in group (below the default set's precision bar) are picked only by their name, their full code or
    OPT-IN, never by ALL or a prefix, as ruff keeps preview rules out of its selectors."""
    catalog = load_catalog()
    if selector == "ALL":
        return [name for name, spec in catalog.items() if not spec.opt_in]
    if selector in catalog:
        return [selector]
    upper = selector.upper()
    if upper == OPT_IN:
        return [name for name, spec in catalog.items() if spec.opt_in]
    if re.fullmatch(r"TL\d{0,3}", upper):
        exact = [name for name, spec in catalog.items() if spec.code == upper]
        return exact or [name for name, spec in catalog.items() if spec.code.startswith(upper) and not spec.opt_in]
    return []


def _expand(selectors: tuple[str, ...] | list[str], where: str) -> list[str]:
    names: list[str] = []
    for selector in selectors:
        matched = rules_matching(selector)
        if not matched and selector.upper() != OPT_IN:  # OPT-IN is a group even while it is empty
            codes = [spec.code for spec in load_catalog().values()]
            hint = did_you_mean(selector, [*load_catalog(), *codes]) or " (see `toollint rules`)"
            raise ConfigError(f"{where}: unknown rule or selector {selector!r}{hint}")
        names += matched
    return names


def validate_selectors(selectors: tuple[str, ...] | list[str], where: str) -> None:
    """Raise ConfigError naming `where` (a config key or a CLI option) for a selector that picks no rule."""
    _expand(selectors, where)


def find_config(start: Path) -> Path | None:
    """The nearest config file at or above `start`; pyproject.toml counts only with a [tool.toollint] table."""
    for directory in (start, *start.parents):
        for name in CONFIG_FILES:
            candidate = directory / name
            if candidate.is_file():
                if name == "pyproject.toml" and not _has_toollint_table(candidate):
                    continue
                return candidate
    return None


def _has_toollint_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return "[tool.toollint" in text


def load_settings(path: Path) -> Settings:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except RecursionError:  # a value nested thousands of levels deep (reliability review 2, item 10)
        raise ConfigError(f"{path}: invalid TOML: nested too deeply to read") from None
    if path.name == "pyproject.toml":
        data = data.get("tool", {}).get("toollint", {})
        where = f"{path} [tool.toollint]"
    else:
        where = str(path)
    return parse_settings(data, where, path)


# Every top-level key with what it holds: the parser below and the config JSON Schema (config_schema.py) read it.
CONFIG_KEYS: dict[str, str] = {
    "select": "Rules to enable: codes (TL105), code prefixes (TL1), names (invalid-regex) or ALL.",
    "extend-select": "Rules to enable on top of `select`.",
    "ignore": "Rules to disable.",
    "per-file-ignores": "Glob (relative to this file) = rules to disable in the files it matches.",
    "fail-on": "Lowest severity that makes the exit code 1.",
    "targets": "Strict-mode profiles to check every tool against.",
    "exclude": "Glob patterns of paths to skip (replaces the defaults).",
    "extend-exclude": "Glob patterns to skip on top of `exclude`.",
    "respect-gitignore": "Skip what .gitignore files ignore while walking directories.",
    "dialect": "Read every object as this dialect instead of detecting it.",
    "rules": "Per rule (name or code): `severity` and the rule's options (see `toollint rule NAME`).",
    "strictify": "Source file = { output, target, validator } pairs for `toollint strictify [--check]`.",
    "tool-sets": "Named tool sets checked together: a list of file globs, or a table of server name = snapshot file.",
}

_LIST_KEYS = {"select": "select", "extend-select": "extend_select", "ignore": "ignore", "targets": "targets",
              "exclude": "exclude", "extend-exclude": "extend_exclude"}


def parse_settings(data: dict[str, Any], where: str, path: Path | None = None) -> Settings:
    settings = Settings(path=path, root=path.parent if path else Path.cwd())
    for key, value in data.items():
        if key in _LIST_KEYS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ConfigError(f"{where}: `{key}` must be a list of strings")
            setattr(settings, _LIST_KEYS[key], tuple(value))
        elif key == "fail-on":
            if value not in FAIL_ON:
                raise ConfigError(f"{where}: `fail-on` must be one of {', '.join(FAIL_ON)}, not {value!r}")
            settings.fail_on = value
        elif key == "dialect":
            from toollint.document.dialects import DIALECTS

            if not isinstance(value, str) or value not in DIALECTS:
                raise ConfigError(f"{where}: `dialect` must be one of {', '.join(DIALECTS)}, not {value!r}")
            settings.dialect = value
        elif key == "respect-gitignore":
            if not isinstance(value, bool):
                raise ConfigError(f"{where}: `respect-gitignore` must be true or false")
            settings.respect_gitignore = value
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                raise ConfigError(f"{where}: `per-file-ignores` must be a table of glob = [rules]")
            for pattern, selectors in value.items():
                if not isinstance(selectors, list):
                    raise ConfigError(f"{where}: per-file-ignores {pattern!r} must be a list of rules")
                _expand(selectors, f"{where}: per-file-ignores {pattern!r}")
            settings.per_file_ignores = {k: tuple(v) for k, v in value.items()}
        elif key == "rules":
            settings.rule_settings = _parse_rule_tables(value, where)
        elif key == "tool-sets":
            settings.tool_sets = _parse_tool_sets(value, where)
        elif key == "strictify":
            from toollint.strictifier.pairs import parse_pairs

            settings.strictify = parse_pairs(value, where, settings.root)
        else:
            raise ConfigError(f"{where}: unknown key `{key}`{did_you_mean(key, CONFIG_KEYS)}")
    if data.get("select") == [] and not settings.extend_select:  # as --select "" is refused (review 2)
        raise ConfigError(f"{where}: `select` is empty, which would disable every rule; name at least one rule "
                          "(or leave `select` out)")
    for target in settings.targets:
        if target not in TARGETS:
            raise ConfigError(f"{where}: unknown target {target!r} (choose from {', '.join(TARGETS)})")
    for label, selectors in (("select", settings.select), ("extend-select", settings.extend_select),
                             ("ignore", settings.ignore)):
        _expand(selectors, f"{where}: {label}")
    return settings


def _parse_rule_tables(value: Any, where: str) -> dict[str, dict[str, Any]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `rules` must be a table of rule tables")
    catalog = load_catalog()
    result: dict[str, dict[str, Any]] = {}
    for selector, table in value.items():
        matched = rules_matching(selector)
        if len(matched) != 1:
            raise ConfigError(f"{where}: [rules.{selector}] does not name exactly one rule"
                              f"{did_you_mean(selector, catalog)}")
        spec = catalog[matched[0]]
        if not isinstance(table, dict):
            raise ConfigError(f"{where}: [rules.{selector}] must be a table")
        for option, setting in table.items():
            if option == "severity":
                if setting not in SEVERITIES:
                    raise ConfigError(f"{where}: [rules.{selector}] severity must be one of {', '.join(SEVERITIES)}")
                continue
            if option not in spec.options:
                known = ", ".join(spec.options) or "none"
                raise ConfigError(f"{where}: [rules.{selector}] unknown option `{option}`"
                                  f"{did_you_mean(option, [*spec.options, 'severity'])} (options: {known})")
            default = spec.options[option]
            if not _same_kind(default, setting):
                raise ConfigError(f"{where}: [rules.{selector}] `{option}` must be a {type(default).__name__}")
        result[spec.name] = dict(table)
    return result


def option_type(default: Any) -> str:
    """The JSON type a rule option takes, from its default (the config schema uses the same answer)."""
    if isinstance(default, bool):
        return "boolean"
    if isinstance(default, (int, float)):
        return "number"
    if isinstance(default, list):
        return "array"
    return "object" if isinstance(default, dict) else "string"


_IS_TYPE = {"boolean": lambda v: isinstance(v, bool), "number": lambda v: isinstance(v, (int, float))
            and not isinstance(v, bool), "string": lambda v: isinstance(v, str),
            "array": lambda v: isinstance(v, list), "object": lambda v: isinstance(v, dict)}


def _same_kind(default: Any, value: Any) -> bool:
    return _IS_TYPE[option_type(default)](value)


def _parse_tool_sets(value: Any, where: str) -> dict[str, tuple[tuple[str | None, str], ...]]:
    """`name = ["glob", ...]` (member names from each snapshot or file) or `name = {server = "path", ...}`."""
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `tool-sets` must be a table of tool sets")
    sets: dict[str, tuple[tuple[str | None, str], ...]] = {}
    for name, members in value.items():
        if isinstance(members, list) and members and all(isinstance(m, str) for m in members):
            sets[name] = tuple((None, m) for m in members)
        elif isinstance(members, dict) and members and all(isinstance(m, str) for m in members.values()):
            sets[name] = tuple(members.items())
        else:
            raise ConfigError(f"{where}: tool-sets.{name} must be a list of file globs or a table of "
                              "server name = file")
    return sets
