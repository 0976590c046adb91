"""The boundary: validate every tool call a model writes before anything runs, and answer in kind.

    from toollint.boundary import Boundary
    boundary = Boundary.from_tools("tools.json")
    outcome = boundary.check(block, stop_reason=response.stop_reason)

`boundary` holds `Boundary`, `Outcome`, `Batch` and `RetryBudget`; `calls` reads the call shapes of every
provider; `compiled` compiles one tool's schema; `messages` words the problems for the model.
"""

from toollint.boundary.boundary import (
    CODES,
    MISSING,
    TRUNCATION_REASONS,
    Batch,
    Boundary,
    BoundaryError,
    Outcome,
    Problem,
    RetryBudget,
)

__all__ = ["Batch", "Boundary", "BoundaryError", "Outcome", "Problem", "RetryBudget", "MISSING", "CODES",
           "TRUNCATION_REASONS"]
