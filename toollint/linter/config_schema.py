"""The JSON Schema of `toollint.toml` and of `[tool.toollint]` in pyproject.toml, for editors (taplo / Even
Better TOML) and SchemaStore-style partials. Built from what the config parser checks against: its key
table, choices, the rule catalog and each option's type, so the two cannot drift. Regenerate the
shipped copy with `python -m toollint.linter.config_schema > docs/toollint.schema.json`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toollint.document.dialects import DIALECTS
from toollint.linter.catalog import SEVERITIES, load_catalog
from toollint.linter.config import _LIST_KEYS, CONFIG_KEYS, FAIL_ON, TARGETS, option_type
from toollint.profiles import STRICT_TARGETS
from toollint.strictifier.pairs import PAIR_KEYS

SCHEMA_ID = "https://github.com/toollint-llm/toollint/blob/main/docs/toollint.schema.json"


def _selectors() -> dict[str, Any]:
    catalog = load_catalog()
    codes = [spec.code for spec in catalog.values()]
    prefixes = sorted({code[:n] for code in codes for n in range(2, len(code))})
    return {"type": "string", "enum": ["ALL", "OPT-IN", *catalog, *codes, *prefixes]}


def _rule_table(spec: Any) -> dict[str, Any]:
    properties: dict[str, Any] = {"severity": {"enum": list(SEVERITIES), "description": "This rule's severity."}}
    for option, default in spec.options.items():
        properties[option] = {"type": option_type(default), "default": default}
    return {"type": "object", "description": spec.summary.strip(), "properties": properties,
            "additionalProperties": False}


def config_schema() -> dict[str, Any]:
    selectors = {"type": "array", "items": _selectors()}
    catalog = load_catalog()
    rule_tables = {}
    for spec in catalog.values():
        rule_tables[spec.name] = _rule_table(spec)
        rule_tables[spec.code] = {"$ref": f"#/properties/rules/properties/{spec.name}"}
    pair_keys: dict[str, dict[str, Any]] = {key: {"type": kind, "description": text}
                                            for key, (kind, text) in PAIR_KEYS.items()}
    pair_keys["target"]["enum"] = list(STRICT_TARGETS)
    pair_keys["only"]["items"] = {"type": "string"}
    pair = {"type": "object", "required": ["output"], "additionalProperties": False, "properties": pair_keys}
    properties: dict[str, Any] = {key: {"type": "array", "items": {"type": "string"}} for key in _LIST_KEYS}
    for key in ("select", "extend-select", "ignore"):
        properties[key] = selectors
    properties["targets"] = {"type": "array", "items": {"enum": list(TARGETS)}}
    properties.update({
        "fail-on": {"enum": list(FAIL_ON)},
        "dialect": {"enum": list(DIALECTS)},
        "respect-gitignore": {"type": "boolean"},
        "per-file-ignores": {"type": "object", "additionalProperties": selectors},
        "rules": {"type": "object", "properties": rule_tables, "additionalProperties": False},
        "strictify": {"type": "object", "additionalProperties": pair},
        "tool-sets": {"type": "object", "additionalProperties": {"anyOf": [
            {"type": "array", "items": {"type": "string"}, "minItems": 1},
            {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1}]}},
    })
    assert set(properties) == set(CONFIG_KEYS), "every config key needs a schema"
    for key, text in CONFIG_KEYS.items():
        properties[key] = {"description": text, **properties[key]}
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID,
            "title": "toollint configuration",
            "description": "toollint.toml, .toollint.toml, or the [tool.toollint] table of pyproject.toml.",
            "type": "object", "properties": properties, "additionalProperties": False}


def render() -> str:
    text = json.dumps(config_schema(), ensure_ascii=False, indent=2) + "\n"
    return re.sub(r"\[\n\s+([^\[\]{}]{0,100}?)\n\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)


if __name__ == "__main__":
    print(render(), end="")
