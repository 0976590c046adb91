"""The pytest plugin: a marked test runs once per contract case, against the boundary and the handler."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import ROOT_DIR

from toollint.contract import generate, write_cases

pytest_plugins = ["pytester"]

ROOT = ROOT_DIR
REFUND = ROOT / "fixtures" / "refund.json"

MCP_TOOL = {"tools": [{
    "name": "lookup_order",
    "description": "Look up an order by its id.",
    "inputSchema": {"type": "object", "required": ["order_id"], "additionalProperties": False,
                    "properties": {"order_id": {"type": "string", "pattern": "^ORD-[0-9]{8}$",
                                                "description": "for example ORD-20260917"}}},
    "outputSchema": {"type": "object", "required": ["status"],
                     "properties": {"status": {"type": "string", "enum": ["open", "shipped"]}}},
}]}


def write_contract(folder: Path) -> None:
    """What `toollint contract gen refund.json -o contract` writes, made in process (no subprocess: faster)."""
    write_cases(folder / "contract", "refund_order", generate(folder / "refund.json")["refund_order"])


def test_the_plugin_is_registered_by_entry_point(pytestconfig):
    assert pytestconfig.pluginmanager.has_plugin("toollint")


def test_stored_cases_and_a_good_handler_pass(pytester):
    pytester.makefile(".json", refund=REFUND.read_text(encoding="utf-8"))
    write_contract(pytester.path)
    pytester.makepyfile(test_refund="""
        import pytest

        calls = []

        def refund_order(order_id, amount_cents, reason, note=None):
            calls.append(reason)
            return {"content": [{"type": "text", "text": f"refunded {order_id}"}], "isError": False}

        @pytest.mark.toollint_contract("refund.json", handler=refund_order, cases="contract")
        def test_contract(contract_case):
            contract_case.verify()

        def test_handler_saw_only_valid_calls():
            assert calls and set(calls) <= {"damaged", "not_received", "wrong_item", "other"}
    """)
    # a copy of the cases with one verdict made stale: that case fails, naming file and line
    stale = pytester.path / "stale" / "refund_order.jsonl"
    stale.parent.mkdir()
    lines = (pytester.path / "contract" / "refund_order.jsonl").read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"expect": "ok", "code": "OK"', '"expect": "error", "code": "INVALID_ARGUMENTS"')
    stale.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pytester.makepyfile(test_stale="""
        import pytest

        @pytest.mark.toollint_contract("refund.json", cases="stale/refund_order.jsonl")
        def test_stale(contract_case):
            contract_case.verify()
    """)
    result = pytester.runpytest("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=27 + 25, failed=1)
    assert any("test_contract[refund_order:enum-case:reason] PASSED" in line for line in result.outlines)
    assert any("refund_order.jsonl:1: valid-minimal: expect: expected \"error\", got \"ok\"" in line
               for line in result.outlines)


def test_failures_name_the_case_and_the_broken_invariant(pytester):
    pytester.makefile(".json", tools=json.dumps(MCP_TOOL))
    pytester.makepyfile(test_lookup="""
        import pytest

        def crashing(order_id):
            raise KeyError(order_id)

        def leaky(order_id):
            return {"content": [{"type": "text", "text": 'Traceback (most recent call last):\\n  File "db.py", line 3'}],
                    "isError": True}

        def off_schema(order_id):
            return {"content": [], "structuredContent": {"status": "lost"}, "isError": False}

        def good(order_id):
            return {"content": [], "structuredContent": {"status": "open"}, "isError": False}

        @pytest.mark.toollint_contract("tools.json", handler=crashing)
        def test_crashing(contract_case):
            contract_case.verify()

        @pytest.mark.toollint_contract("tools.json", handler=leaky)
        def test_leaky(contract_case):
            contract_case.verify()

        @pytest.mark.toollint_contract("tools.json", handler={"lookup_order": off_schema})
        def test_off_schema(contract_case):
            contract_case.verify()

        @pytest.mark.toollint_contract("tools.json", handler=good)
        def test_good(contract_case):
            contract_case.verify()
    """)
    pytester.makepyfile(test_missing="""
        import pytest

        @pytest.mark.toollint_contract("nope.json")
        def test_contract(contract_case):
            contract_case.verify()
    """)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "--continue-on-collection-errors")
    text = "\n".join(result.outlines + result.errlines)
    assert "toollint_contract" in text and "nope.json" in text  # a usage error naming the file
    assert "the handler for lookup_order raised KeyError" in text
    assert "shows a traceback to the model" in text
    assert "does not match its outputSchema at status" in text
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] == 3  # one ok case (valid-minimal) per handler test; error cases never reach it
    assert outcomes["passed"] == 4 * 9 - 3


def test_loading_the_plugin_imports_neither_the_boundary_nor_jsonschema():
    """The plugin loads in every pytest run where toollint is installed: it must cost nothing until used."""
    import subprocess
    import sys

    code = ("import sys, pytest, toollint.contract.pytest_plugin\n"
            "heavy = [m for m in sys.modules if m.startswith(('toollint.boundary', 'toollint.contract.run', "
            "'jsonschema', 'referencing', 'asyncio'))]\n"
            "print(heavy)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
