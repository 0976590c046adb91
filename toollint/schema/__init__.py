"""JSON Schema knowledge shared by the linter, the strictifier and the boundary.

`walk` visits every subschema once (keyword tables, `$ref` resolution that never retrieves), `regex`
checks ECMA-262 patterns and rates backtracking risk, `safe_regex` matches risky patterns in linear time.
Imports nothing from the feature packages above it.
"""
