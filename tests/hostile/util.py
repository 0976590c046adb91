"""Small helpers for the hostile suite: run the CLI in-process (so the I/O guard sees everything)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from toollint.cli import main

REFUND = {"name": "refund_order", "description": "Refund one order and return the refund id.",
          "input_schema": {"type": "object", "properties": {
              "order_id": {"type": "string", "pattern": "^ORD-[0-9]{8}$", "description": "The order to refund."},
              "amount": {"type": "integer", "minimum": 1, "description": "Amount in cents."}},
              "required": ["order_id"]}}


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def toollint(*args: str, input: str | bytes | None = None):
    """Run `toollint ARGS` in this process; returns click's Result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def tool_use(name: str, arguments: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": "toolu_1", "name": name, "input": arguments}
