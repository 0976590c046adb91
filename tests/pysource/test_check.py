"""`toollint check` on Python source: never imports it, points at the `.py` line, and finds what the same
server's live listing shows."""

from __future__ import annotations

import json

from tests.helpers import lint_text
from tests.linter.test_discovery import check
from tests.pysource.conftest import derived, framework_listing, write

SERVER = '''
from typing import Annotated

from pydantic import Field
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("shop")


@mcp.tool()
def refund_payment(order_id: str, amount: float, currency: str = "EUR") -> str:
    """Refund part of a payment.

    Args:
        order_id: The order to refund, as shown on the invoice.
        currency: ISO 4217 code.
    """
    return ""


@mcp.tool()
def set_theme(mode: Annotated[str, Field(description="Colour mode: light, dark or system")] = "light") -> str:
    """设置界面的颜色主题。"""
    return ""
'''


def _without_places(findings: list[dict]) -> list[tuple]:
    return sorted((f["code"], f["pointer"], f["message"], f["tool"]) for f in findings)


def test_findings_match_the_live_listing_apart_from_lines(tmp_path):
    path = write(tmp_path, "shop_server.py", SERVER)
    listing = tmp_path / "listing.json"
    listing.write_text(json.dumps({"tools": framework_listing(path)}, ensure_ascii=False, indent=2), encoding="utf-8")
    from_source = json.loads(check(tmp_path, "--output-format", "json", "shop_server.py").stdout)
    from_listing = json.loads(check(tmp_path, "--output-format", "json", "listing.json").stdout)
    assert from_source, "the server is written to have findings"
    assert _without_places(from_source) == _without_places(from_listing)


def test_findings_point_at_the_line_that_carries_the_text(tmp_path):
    path = write(tmp_path, "shop_server.py", SERVER)
    lines = path.read_text(encoding="utf-8").splitlines()
    findings = json.loads(check(tmp_path, "--output-format", "json", "--select", "ALL", "shop_server.py").stdout)
    by_pointer = {f["pointer"]: f for f in findings}
    amount = by_pointer["/tools/0/inputSchema/properties/amount"]
    assert lines[amount["line"] - 1][amount["column"] - 1:].startswith("amount: float")
    described = [f for f in findings if f["pointer"] == "/tools/0/inputSchema/properties/currency/description"]
    for finding in described:  # an Args entry of the mcp SDK's docstring is read by the documentation view
        assert "currency" in lines[finding["line"] - 1]


def test_never_imports_the_file(tmp_path):
    marker = tmp_path / "imported.txt"
    text = f'''
import pathlib, sys
pathlib.Path({str(marker)!r}).write_text("imported")
sys.exit(3)

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("trap")


@mcp.tool()
def ping(host: str) -> str:
    """Ping a host and return the round-trip time in milliseconds."""
    return ""
'''
    write(tmp_path, "trap.py", text)
    result = check(tmp_path, "--output-format", "json", "--select", "ALL", "trap.py")
    assert result.exit_code in (0, 1), result.output
    assert not marker.exists()
    assert derived(tmp_path / "trap.py")["tools"][0]["name"] == "ping"


def test_what_cannot_be_derived_is_said_not_guessed(tmp_path):
    write(tmp_path, "dynamic.py", '''
        import numpy as np
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("dynamic")
        PREFIX = make_prefix()


        @mcp.tool(name=PREFIX + "_search")
        def search(query: str) -> str:
            """Search."""
            return ""


        @mcp.tool()
        def filter_rows(**conditions) -> list:
            """Filter rows."""
            return []


        @mcp.tool()
        def mean(values: np.ndarray) -> float:
            """Mean of the values."""
            return 0.0


        @mcp.tool()
        def echo(text: str) -> str:
            """Say the text back to the caller, unchanged."""
            return text
    ''')
    data = derived(tmp_path / "dynamic.py")
    assert [t["name"] for t in data["tools"]] == ["echo"]
    findings = json.loads(check(tmp_path, "--output-format", "json", "dynamic.py").stdout)
    skipped = [f for f in findings if f["rule"] == "tool-not-derived"]
    assert [(f["severity"], f["line"]) for f in skipped] == [("info", 9), ("info", 15), ("info", 21)]
    messages = " ".join(f["message"] + ": " + f["note"] for f in skipped)
    assert "computed at run time" in messages and "**kwargs" in messages and "np.ndarray" in messages


def test_tool_literals_passed_as_tools_or_assigned(tmp_path):
    path = write(tmp_path, "agent.py", '''
        import anthropic

        WEATHER = {
            "name": "get weather",
            "description": "Current weather for a city, in degrees Celsius.",
            "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        }
        client = anthropic.Anthropic()
        client.messages.create(model="claude-sonnet-4-5", max_tokens=100, tools=[WEATHER], messages=[])
    ''')
    findings = lint_text(path.read_text(), "python", path=str(path))
    names = [f for f in findings if f.rule == "invalid-tool-name"]
    assert len(names) == 1 and names[0].line == 4  # the "name" line of the literal
    assert len(derived(path)["tools"]) == 1  # passed and assigned: one tool


def test_suppression_comments_and_fix_leave_python_alone(tmp_path):
    text = SERVER.replace('def refund_payment(order_id: str, amount: float, currency: str = "EUR") -> str:',
                          'def refund_payment(order_id: str, amount: float, currency: str = "EUR") -> str:'
                          '  # toollint: ignore[missing-unit]')
    path = write(tmp_path, "shop_server.py", text)
    before = path.read_bytes()
    findings = json.loads(check(tmp_path, "--output-format", "json", "--fix", "shop_server.py").stdout)
    assert "missing-unit" not in {f["rule"] for f in findings}
    assert all(not f["fixes"] for f in findings)
    assert path.read_bytes() == before


def test_discovery_reads_tool_modules_and_skips_ordinary_python(tmp_path):
    write(tmp_path, "src/util.py", "def helper():\n    return 1\n")
    write(tmp_path, "src/broken.py", "def broken(:\n")
    write(tmp_path, "src/server.py", SERVER)
    result = check(tmp_path, "--output-format", "json", ".")
    assert {f["file"] for f in json.loads(result.stdout)} == {"src/server.py"}
    listed = check(tmp_path, "--show-files", ".").stdout
    assert "src/server.py" in listed and "util.py" not in listed


def test_a_tool_module_that_does_not_parse_is_reported(tmp_path):
    write(tmp_path, "server.py", "from mcp.server.mcpserver import MCPServer\nmcp = MCPServer(\n")
    findings = json.loads(check(tmp_path, "--output-format", "json", "--discovery-mode", "server.py").stdout)
    assert [(f["rule"], f["line"]) for f in findings] == [("parse-error", 2)]


def test_computed_annotations_leave_the_tool_linted_and_the_destructive_rule_quiet(tmp_path):
    write(tmp_path, "limits.py", "MAX_ROWS = 500\nREAD_ONLY = {'readOnlyHint': True}\n")
    write(tmp_path, "pyproject.toml", "[project]\nname = 'x'\n")
    write(tmp_path, "server.py", '''
        from pydantic import Field
        from mcp.server.mcpserver import MCPServer

        from limits import MAX_ROWS, READ_ONLY

        mcp = MCPServer("rows")


        def destructive(title):
            return {"title": title, "destructiveHint": True}


        @mcp.tool(annotations=destructive("Delete rows"))
        def delete_rows(table: str, limit: int = Field(10, le=MAX_ROWS)) -> str:
            """Delete rows from a table and return how many were deleted."""
            return ""


        @mcp.tool(annotations={"title": "Count rows", **READ_ONLY})
        def count_rows(table: str) -> int:
            """Count the rows of a table."""
            return 0
    ''')
    data = derived(tmp_path / "server.py")
    delete, count = data["tools"]
    assert "annotations" not in delete and delete["inputSchema"]["properties"]["limit"]["maximum"] == 500
    assert count["annotations"] == {"title": "Count rows", "readOnlyHint": True}
    findings = json.loads(check(tmp_path, "--output-format", "json", "--select", "ALL", "server.py").stdout)
    assert "undeclared-destructive-tool" not in {f["rule"] for f in findings}
    notes = [f for f in findings if f["rule"] == "tool-not-derived"]
    assert len(notes) == 1 and "annotations of `delete_rows` are not linted" in notes[0]["message"]


def test_findings_inside_a_model_point_at_its_field(tmp_path):
    path = write(tmp_path, "server.py", '''
        from pydantic import BaseModel
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("shop")


        class Parcel(BaseModel):
            """One parcel."""

            label: str
            tags: list = []


        @mcp.tool()
        def ship(parcel: Parcel) -> str:
            """Ship one parcel and return its tracking number."""
            return ""
    ''')
    findings = json.loads(check(tmp_path, "--output-format", "json", "--select", "ALL", "server.py").stdout)
    inside = [f for f in findings if "/$defs/Parcel/properties/tags" in f["pointer"]]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert inside and all(lines[f["line"] - 1].strip() == "tags: list = []" for f in inside)  # not `parcel`
