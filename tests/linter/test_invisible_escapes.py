"""invisible-unicode reads the parsed strings, so escapes find it in YAML and Python as in JSON."""

from __future__ import annotations

import pytest

from tests.helpers import lint_text, said
from toollint.document.writer import apply_edits

YAML = ('tools:\n  - name: get_time\n    description: "Current time in a given IANA time zone.{escape} Use it '
        'when the user asks the time."\n    inputSchema: {{type: object, properties: {{}}}}\n')


@pytest.mark.parametrize(("escape", "shown"), [("\\u200b", "U+200B"), ("\\u202e", "U+202E"),
                                               ("\\U000E0041\\U000E0042", "spell \"AB\"")])
def test_yaml_escapes_are_found_and_fixed(escape, shown):
    text = YAML.format(escape=escape)
    found = [f for f in lint_text(text, "yaml") if f.rule == "invisible-unicode"]
    assert len(found) == 1 and shown in said(found[0])
    fixed = apply_edits(text, "yaml", list(found[0].autofix.edits))
    assert not [f for f in lint_text(fixed, "yaml") if f.rule == "invisible-unicode"]


def test_python_docstring_escapes_are_found(tmp_path):
    path = tmp_path / "server.py"
    path.write_text('from mcp.server.mcpserver import MCPServer\n\nmcp = MCPServer("t")\n\n\n@mcp.tool()\n'
                    'def get_time(tz: str) -> str:\n    """Current time in a time zone.\\N{ZERO WIDTH SPACE} Use it '
                    'when asked."""\n    return ""\n', encoding="utf-8")
    found = [f for f in lint_text(path.read_text(), "python", path=str(path)) if f.rule == "invisible-unicode"]
    assert len(found) == 1 and found[0].line == 8 and found[0].autofix is None
