"""Holdout 21's second batch, false classes fixed after the freeze (a tuning set from then on, 2026-12-06):
- missing-unit: base pairs ("distance in bp to the nearest gene") are a unit, and so are units written in
  traditional Chinese (分鐘, 小時, 位元組);
- missing-param-description: a tool's only parameter, when the description tells the caller what to give ("Paste a
  requirements.txt, package.json or a comma list", 请粘贴...), is described by it.
Each still fires where the text leaves the model guessing; the docstring cases are listed by the `mcp` SDK's own
server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description, reported", [
    ("Only regions whose distance in bp to the nearest gene feature is <= this value.", False),
    ("Maximum distance to the gene, in base pairs.", False),
    ("等待的分鐘數", False),
    ("逾時多少小時", False),
    ("Maximum distance to the nearest gene feature.", True),
    ("最大距離", True),
])
def test_units_in_genomics_and_traditional_chinese(description, reported):
    name = "timeout" if "時" in description else "distance_max"
    assert fires("missing-unit", _tool("find_regions", "Find methylation regions near genes.",
                                       {name: {"type": "integer", "description": description}})) is reported


def test_the_only_parameter_of_a_tool_that_says_what_to_give():
    def scan_stack(input: str) -> str:
        """Bulk trust check for a dependency set. Paste a
        requirements.txt, package.json, MCP client config, or a newline/comma list."""
        return ""

    def scan_stack_zh(data: str) -> str:
        """批量检查依赖的可信度。请粘贴 requirements.txt 或 package.json 的内容。"""
        return ""

    def scan_two(input: str, data: str) -> str:
        """Bulk trust check for a dependency set. Paste a requirements.txt or a comma list."""
        return ""

    def scan_silent(input: str) -> str:
        """Bulk trust check for a dependency set."""
        return ""

    def scan_provides(data: str) -> str:
        """该工具提供依赖的可信度检查。"""  # 提供 here is "the tool provides", not "please provide"
        return ""

    assert _reported("missing-param-description", listed(scan_stack)) == []
    assert _reported("missing-param-description", listed(scan_stack_zh)) == []
    assert _reported("missing-param-description", listed(scan_two)) == ["input", "data"]  # which one takes it?
    assert _reported("missing-param-description", listed(scan_silent)) == ["input"]
    assert _reported("missing-param-description", listed(scan_provides)) == ["data"]
