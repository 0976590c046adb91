"""`toollint dump`: what the model sees, from any input."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.pysource.conftest import comparable, framework_listing, write
from tests.pysource.test_frameworks import MCPSERVER_MODULE
from toollint.cli import main


def dump(*args: str):
    return CliRunner().invoke(main, ["dump", *args])


def test_a_python_server_dumps_as_its_framework_lists_it(tmp_path):
    path = write(tmp_path, "shipping_server.py", MCPSERVER_MODULE)
    result = dump(str(path))
    assert result.exit_code == 0, result.output
    assert comparable(json.loads(result.stdout)["tools"]) == comparable(framework_listing(path))


def test_other_dialects_move_only_the_envelope(tmp_path):
    path = write(tmp_path, "tools.yaml", """
        tools:
          - name: 查询天气
            description: 查询城市天气，温度单位为摄氏度。
            inputSchema: {type: object, properties: {city: {type: string}}}
    """)
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    anthropic = json.loads(dump(str(path), "--dialect", "anthropic").stdout)
    assert anthropic == [{"name": "查询天气", "description": "查询城市天气，温度单位为摄氏度。", "input_schema": schema}]
    chat = json.loads(dump(str(path), "--dialect", "openai-chat").stdout)
    assert chat[0]["function"]["parameters"] == schema and chat[0]["type"] == "function"
    gemini = json.loads(dump(str(path), "--dialect", "gemini").stdout)
    assert gemini[0]["functionDeclarations"][0]["parametersJsonSchema"] == schema
    assert "查询天气" in dump(str(path)).stdout  # non-ASCII kept, not escaped


def test_tools_left_out_are_named_on_stderr(tmp_path):
    path = write(tmp_path, "server.py", '''
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("x")


        @mcp.tool()
        def search(**filters) -> str:
            """Search."""
            return ""


        @mcp.tool()
        def echo(text: str) -> str:
            """Echo."""
            return text
    ''')
    result = dump(str(path))
    assert result.exit_code == 0
    assert [t["name"] for t in json.loads(result.stdout)["tools"]] == ["echo"]
    assert "server.py:7:1: `search` is not in the dump" in result.stderr


def test_nothing_to_dump_is_a_usage_error(tmp_path):
    assert dump().exit_code == 2
    plain = write(tmp_path, "plain.py", "print('hello')\n")
    result = dump(str(plain))
    assert result.exit_code == 2 and "no tool definitions" in result.stderr
