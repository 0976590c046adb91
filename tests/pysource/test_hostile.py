"""Python source that is deep, cyclic or points out of the tree: a clear finding, never a traceback or a hang."""

from __future__ import annotations

import json
import os

from tests.pysource.conftest import derived, write
from tests.pysource.test_check import check


def test_deeply_nested_annotation_is_skipped_with_a_reason(tmp_path):
    deep = "list[" * 400 + "int" + "]" * 400
    write(tmp_path, "deep.py", f'''
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("deep")


        @mcp.tool()
        def nested(values: {deep}) -> str:
            """Nested."""
            return ""
    ''')
    result = check(tmp_path, "--output-format", "json", "deep.py")
    assert result.exit_code in (0, 1), result.output
    assert all(f["rule"] in ("tool-not-derived", "parse-error") for f in json.loads(result.stdout))


def test_an_expression_too_deep_to_parse_is_a_parse_error(tmp_path):
    write(tmp_path, "huge.py", "from mcp.server.mcpserver import MCPServer\nx = " + "(" * 100_000 + "1" + ")" * 100_000
          + "\n")
    findings = json.loads(check(tmp_path, "--output-format", "json", "huge.py").stdout)
    assert [f["rule"] for f in findings] == ["parse-error"]


def test_import_cycles_and_self_referencing_models_end(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/a.py", "from .b import mcp\n")
    write(tmp_path, "pkg/b.py", "from .a import mcp\n")
    write(tmp_path, "pkg/cyclic.py", '''
        from .a import mcp


        @mcp.tool()
        def ping() -> str:
            """Ping."""
            return ""
    ''')
    assert derived(tmp_path / "pkg" / "cyclic.py")["tools"] == []  # the server object is never found: no tool
    write(tmp_path, "pkg/server.py", 'from mcp.server.mcpserver import MCPServer\nmcp = MCPServer("x")\n')
    write(tmp_path, "pkg/tools.py", '''
        from pydantic import BaseModel
        from .server import mcp


        class Node(BaseModel):
            name: str
            children: list["Node"] = []


        @mcp.tool()
        def walk(tree: Node) -> str:
            """Walk a tree."""
            return ""
    ''')
    schema = derived(tmp_path / "pkg" / "tools.py")["tools"][0]["inputSchema"]
    assert schema["$defs"]["Node"]["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}


def test_a_symlink_out_of_the_project_is_not_followed(tmp_path):
    outside = write(tmp_path / "outside", "app.py", 'from mcp.server.mcpserver import MCPServer\nmcp = MCPServer("x")\n')
    project = tmp_path / "project"
    write(project, "pkg/__init__.py", "")
    os.symlink(outside, project / "pkg" / "app.py")
    write(project, "pkg/tools.py", '''
        from .app import mcp


        @mcp.tool()
        def ping() -> str:
            """Ping."""
            return ""
    ''')
    assert derived(project / "pkg" / "tools.py")["tools"] == []


def test_the_compilers_warnings_about_user_code_stay_off_stderr(tmp_path):
    """`"\\d"` in a docstring (a SyntaxWarning from Python 3.12 on, a DeprecationWarning before) and `1if x`
    (a SyntaxWarning) were printed on toollint's stderr, from the user's file, as if the linter said them."""
    import subprocess
    import sys

    write(tmp_path, "server.py", r'''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("warnings")


        @mcp.tool()
        def find_lines(pattern: "str", limit: int = 10) -> str:
            """Find the lines that match a regular expression such as "\d+" (正则).

            Args:
                pattern: The expression, e.g. "\w+"
                limit: How many lines to return at most.
            """
            return "" if limit > 0 else 1if pattern else ""
    ''')
    result = subprocess.run([sys.executable, "-W", "default", "-m", "toollint", "check", "--isolated",
                             str(tmp_path / "server.py")], capture_output=True, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONWARNINGS": "default"})
    assert result.returncode in (0, 1), result.stderr
    assert "Warning" not in result.stderr, result.stderr
    assert "find_lines" in subprocess.run([sys.executable, "-m", "toollint", "dump", str(tmp_path / "server.py")],
                                          capture_output=True, text=True, cwd=tmp_path).stdout
