"""The built-in rule catalog: one TOML file per rule (installed as the `toollint.catalog` package)."""
