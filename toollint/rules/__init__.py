"""The built-in rule catalog: one TOML file per rule (the `toollint.rules` package)."""
