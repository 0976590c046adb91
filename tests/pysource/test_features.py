"""strictify and validate take Python source like any tool file; neither writes to it."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.pysource.conftest import write
from tests.pysource.test_frameworks import MCPSERVER_MODULE
from toollint.cli import main


def test_strictify_writes_the_derived_listing_as_json(tmp_path):
    path = write(tmp_path, "shipping_server.py", MCPSERVER_MODULE)
    before = path.read_bytes()
    out = tmp_path / "shipping.strict.json"
    result = CliRunner().invoke(main, ["strictify", "--target", "openai", "-q", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    strict = json.loads(out.read_text(encoding="utf-8"))
    functions = [t["function"] for t in strict]  # the derived MCP listing, written as OpenAI tools
    assert [f["name"] for f in functions] == ["quote_parcel", "track", "cancel_order"]
    assert all(f["parameters"]["additionalProperties"] is False and f["strict"] for f in functions)
    assert path.read_bytes() == before


def test_validate_checks_a_call_against_a_python_tool(tmp_path):
    path = write(tmp_path, "shipping_server.py", MCPSERVER_MODULE)
    call = json.dumps({"weight_kg": 2.5, "destination": {"street": "Rua Augusta 1"}, "parcels": 99})
    result = CliRunner().invoke(main, ["validate", str(path), "--tool", "quote_parcel", "--input", call])
    assert result.exit_code == 1
    assert "parcels" in result.output and "20" in result.output  # le=MAX_PARCELS, a module constant
