"""The built-in rule catalog: one TOML file per rule (installed as the `toollint.builtin_rules` package)."""
