"""Schema rules (TL1): the input schema is valid JSON Schema, resolvable, satisfiable and within the strict
size limits. By concern: `structure` (keyword values, `$ref`, regexes, bounds, defaults, unknown keywords),
`required`, `reader` (what the reader noted: duplicate keys, non-finite numbers), `size`.
"""

from toollint.linter.checks.schema import (  # noqa: F401 - each module registers its checks
    reader,
    required,
    size,
    structure,
)
