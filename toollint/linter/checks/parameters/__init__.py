"""Parameter rules (TL4, poka-yoke): units, enum case, absolute paths, identifiers, and allowed values said only
in words. By rule: `units` (missing-unit, with `quantity_context`), `enums` (enum-case-collision), `paths`
(relative-path), `identifiers` (unconstrained-identifier), `values` (values-only-in-prose); `tool_names` is
what `paths` and `identifiers` share. Every lexicon is a rule option (defaults in `rules/<rule>.toml`), compiled
once per options set by the rule's options dataclass (`toollint.linter.options`).
"""

from toollint.linter.checks.parameters import (  # noqa: F401 - each module registers its checks
    enums,
    identifiers,
    paths,
    units,
    values,
)
