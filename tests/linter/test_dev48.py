"""Holdout 48's false findings, fixed after it was measured (a tuning set from then on, 2026-12-07):
- missing-unit: an integer whose values each stand for something ("interval_type: 1=3m 2=6m 3=1y",
  "1=week 2=month") is a code, not a quantity;
- undocumented-identifier: a name that holds a public code (`cve_ids`, `isbn`, `doi`) says what it takes."""

from __future__ import annotations

import pytest
from helpers import fires, mcp_tool


@pytest.mark.parametrize("description, name, prop", [
    ("Valuation detail. valuation_type: 1=PE 2=PB 3=PS. interval_type:\n    1=3m 2=6m 3=1y 4=3y.", "interval_type",
     {"type": "integer", "default": 3}),
    ("Option volatility. query_time_period: 1=week 2=month 3=quarter 4=half 5=year.", "query_time_period",
     {"type": "integer", "default": 2}),
    ("期权波动率。", "query_time_period", {"type": "integer", "description": "查询周期：1=周 2=月 3=季度"}),
])
def test_an_integer_code_for_each_value_is_no_quantity(description, name, prop):
    assert not fires("missing-unit", mcp_tool("get_option_volatility", description, {name: prop}))


@pytest.mark.parametrize("description, name, prop", [
    ("Option volatility over a period.", "query_time_period", {"type": "integer", "default": 2}),
    ("Retry a job. timeout: 30 by default (1=fast retry is not offered).", "timeout", {"type": "integer"}),
    ("期权波动率。", "query_time_period", {"type": "integer", "description": "查询周期，默认 2"}),
])
def test_a_period_with_no_code_or_unit_is_still_reported(description, name, prop):
    assert fires("missing-unit", mcp_tool("get_option_volatility", description, {name: prop}))


@pytest.mark.parametrize("name", ["cve_ids", "isbn", "doi", "pmid"])
def test_a_public_code_in_the_name_says_what_it_takes(name):
    text = mcp_tool("kev_check", "Check against the catalog.", {name: {"type": "string"}})
    assert not fires("undocumented-identifier", text)


@pytest.mark.parametrize("name", ["report_id", "vuln_ids", "scan_id"])
def test_other_ids_are_still_reported(name):
    text = mcp_tool("kev_check", "Check against the catalog.", {name: {"type": "string"}})
    assert fires("undocumented-identifier", text)
