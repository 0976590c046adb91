"""Description rules (TL3): what the model reads to choose a tool and fill in its arguments. By rule: `vague`
(vague-description), `undocumented` (missing-param-description), `mentions`
(description-names-unknown-parameter).
"""

from toollint.linter.checks.descriptions import (  # noqa: F401 - each module registers its checks
    mentions,
    undocumented,
    vague,
)
