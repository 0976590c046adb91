"""Property test: no rule crashes on arbitrary schema-shaped input, in any dialect, with any target."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from toollint.document.source import parse_text
from toollint.linter.config import Settings
from toollint.linter.engine import Linter

pytestmark = pytest.mark.slow  # deep Hypothesis runs

KEYWORDS = ["type", "properties", "required", "items", "enum", "const", "anyOf", "oneOf", "allOf", "not", "$ref",
            "$defs", "definitions", "pattern", "minimum", "maximum", "minLength", "maxLength", "default", "examples",
            "description", "format", "additionalProperties", "patternProperties", "if", "then", "else", "title",
            "minItems", "maxItems", "prefixItems", "nullable", "descripton", "exclusiveMinimum", "multipleOf"]
NAMES = ["amount", "timeout_ms", "path", "file_path", "order_id", "user", "订单号", "金额", "limit", "", "a/b", "~0"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False),
                    st.sampled_from(["string", "object", "integer", "number", "array", "null", "#/$defs/a", "#",
                                     "^(a+)+$", "(?P<x>a)", "[", "按分计", "seconds", "OBJECT", "http://x/y"]),
                    st.text(max_size=12))
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(KEYWORDS + NAMES), children, max_size=5),
    ),
    max_leaves=25,
)
TEMPLATES = [
    lambda name, desc, schema: {"name": name, "description": desc, "input_schema": schema, "strict": True},
    lambda name, desc, schema: {"type": "function", "function": {"name": name, "description": desc,
                                                                 "parameters": schema, "strict": True}},
    lambda name, desc, schema: {"tools": [{"name": name, "description": desc, "inputSchema": schema}]},
    lambda name, desc, schema: {"functionDeclarations": [{"name": name, "description": desc, "parameters": schema}]},
]
LINTER = Linter(Settings(targets=("anthropic", "openai", "gemini")))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(template=st.sampled_from(TEMPLATES), name=st.one_of(st.sampled_from(NAMES), st.text(max_size=8)),
       description=st.one_of(values, st.text(max_size=40)), schema=values, twice=st.booleans())
# An unhashable `required` item crashed strict-budget-exceeded and strict-optional-property (found here, 2026-12-07).
@example(template=TEMPLATES[0], name="amount", description="", schema={"properties": {}, "required": [[]]}, twice=False)
@example(template=TEMPLATES[1], name="amount", description="", schema={"properties": {"a": {}}, "required": [{}]},
         twice=False)
def test_no_rule_crashes(template, name, description, schema, twice):
    document = template(name, description, schema)
    if twice:
        document = [document, template(name, description, schema)]
    text = json.dumps(document, ensure_ascii=False, indent=1)
    result = LINTER.lint(parse_text(text, "fuzz.json", "json"))
    for finding in result.findings:
        assert finding.line >= 1 and finding.column >= 1
