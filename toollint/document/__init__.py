"""Documents: reading files (JSON, YAML, stdin) into data with positions, and finding the tools in them.

`source` reads and parses, `locate` maps a JSON Pointer back to line and column, `dialects` recognises
each provider's tool shape.
"""
