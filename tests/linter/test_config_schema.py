"""The config JSON Schema: current, valid, accepting the README's example, and agreeing with the parser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from toollint.errors import ConfigError
from toollint.linter.catalog import tomllib
from toollint.linter.config import parse_settings
from toollint.linter.config_schema import config_schema, render

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = Draft7Validator(config_schema())


def test_the_shipped_schema_is_current_and_valid():
    assert (ROOT / "docs" / "toollint.schema.json").read_text(encoding="utf-8") == render()  # see test_docs
    Draft7Validator.check_schema(config_schema())


def _readme_tables() -> list[dict]:
    """The `[tool.toollint]` examples of the README and the docs pages it links to."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    blocks = [b for page in pages for b in re.findall(r"```toml\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)]
    tables = [tomllib.loads(block)["tool"]["toollint"] for block in blocks if "[tool.toollint" in block]
    assert len(tables) >= 3, "the docs show no [tool.toollint] example"
    return tables


def test_the_readme_examples_validate_and_parse():
    for table in _readme_tables():
        assert [e.message for e in VALIDATOR.iter_errors(table)] == []
        parse_settings(table, "README")


CASES = [
    {"select": ["TL1", "invalid-regex", "ALL"], "ignore": ["TL301"], "fail-on": "error"},
    {"targets": ["anthropic", "openai"], "dialect": "mcp", "respect-gitignore": False},
    {"per-file-ignores": {"legacy/*.json": ["TL3", "missing-unit"]}},
    {"rules": {"missing-unit": {"severity": "error", "extra-units": ["kn"]}, "TL301": {"severity": "info"}}},
    {"strictify": {"tools/a.json": {"output": "tools/a.strict.json", "target": "openai", "only": ["a"]}}},
    {"ignroe": ["TL301"]},
    {"select": ["missing-units"]},
    {"select": "TL1"},
    {"fail-on": "sometimes"},
    {"targets": ["gemini", "mistral"]},
    {"dialect": "mpc"},
    {"respect-gitignore": "yes"},
    {"per-file-ignores": {"x/*.json": ["nope"]}},
    {"rules": {"missing-units": {"severity": "error"}}},
    {"rules": {"missing-unit": {"severity": "fatal"}}},
    {"rules": {"missing-unit": {"sevrity": "error"}}},
    {"rules": {"missing-unit": {"extra-units": "kn"}}},
    {"rules": {"vague-description": {"min-words": True}}},
    {"strictify": {"tools/a.json": {"target": "openai"}}},
    {"strictify": {"tools/a.json": {"output": "x", "target": "mistral"}}},
    {"strictify": {"tools/a.json": {"output": "x", "ouput": "y"}}},
]


@pytest.mark.parametrize("table", CASES, ids=lambda t: json.dumps(t)[:60])
def test_schema_and_parser_agree(table):
    try:
        parse_settings(table, "toollint.toml")
        parsed = True
    except ConfigError:
        parsed = False
    assert VALIDATOR.is_valid(table) is parsed
