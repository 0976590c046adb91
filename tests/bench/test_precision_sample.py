"""bench/precision_sample.py --blind: each finding goes to a blind reader with the object schema that holds the
property it points at, `required` list included (holdout 20: a reader could not see whether a property with a
default was required, as the tool's parameters are cut short)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TOOLS = [{"name": "add_nodes", "description": "Add nodes to the diagram. 向图中添加节点。",
          "inputSchema": {"type": "object", "required": ["nodes"], "properties": {
              "nodes": {"type": "array", "items": {"type": "object", "required": ["kind"], "properties": {
                  "kind": {"type": "string", "default": "process", "description": "x" * 400}}}},
              "note": {"type": "string", "description": "y" * 400}}}}]


def test_a_blind_item_shows_the_object_that_holds_the_property(tmp_path):
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    out = tmp_path / "blind.json"
    subprocess.run([sys.executable, str(ROOT / "bench" / "precision_sample.py"), str(tmp_path), "--per-rule", "0",
                    "--blind", str(out)], check=True, capture_output=True, cwd=ROOT)
    items = {item["pointed_at"]: item for item in json.loads(out.read_text(encoding="utf-8"))}
    item = items['"process"']  # required-with-default, pointing at the default
    enclosing = json.loads(item["enclosing_object"])
    assert enclosing["required"] == ["kind"] and enclosing["properties"]["kind"]["default"] == "process"
