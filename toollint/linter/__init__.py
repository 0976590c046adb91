"""`toollint check`: the rule engine, the checks bound to the rule catalog, config, discovery and reports."""
