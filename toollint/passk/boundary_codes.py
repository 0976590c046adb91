"""Which boundary outcome codes are the model's doing, for "boundary pass^k".

A call the model got wrong (bad arguments, bad JSON, unknown tool, empty arguments, a broken
business rule, a chain that ran out of retries) fails the trial for that tool. Output cut off by
max_tokens, a broken schema, a caller bug or a crash in the boundary says nothing about how well
the model uses the tool definition: such outcomes are counted apart, like infrastructure errors.
"""

from __future__ import annotations

MODEL_FAULTS = frozenset({"INVALID_ARGUMENTS", "INVALID_JSON", "UNKNOWN_TOOL", "EMPTY_ARGUMENTS",
                          "BUSINESS_RULE", "RETRY_BUDGET_EXHAUSTED"})
NOT_THE_MODEL = frozenset({"TRUNCATED", "SCHEMA_ERROR", "INVALID_CALL", "RULE_ERROR", "INTERNAL_ERROR"})
