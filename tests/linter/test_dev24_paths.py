"""relative-path: a `source` (or `src`, `input`) beside a parameter that names the file (`path`, `file_path`) holds
the text itself ("Pass `path` alone, or with `source`"; holdout 24, a tuning set once measured, 2026-12-07). The
sibling is the path, and is still reported when its text leaves it open. Beside an `output_path` a `source` is the
input file, and stays a path."""

from __future__ import annotations

from helpers import framework_listing as listed
from helpers import reported_params as _reported


def test_source_beside_path_is_the_text_listed_by_the_sdk():
    def simulate(source: str = "", path: str | None = None) -> str:
        """Simulate a design. Name the design file in `path`, or pass `source` with the file's text."""
        return ""

    def simulate_zh(source: str = "", path: str | None = None) -> str:
        """模拟设计。用 `path` 指定设计文件，或用 `source` 直接传入源码文本。"""
        return ""

    assert _reported("relative-path", listed(simulate)) == ["path"]
    assert _reported("relative-path", listed(simulate_zh)) == ["path"]


def test_source_beside_an_output_path_is_still_a_path():
    def convert(source: str, output_path: str | None = None) -> str:
        """Convert a document file to PDF.

        Args:
            source: Path of the document file to convert.
            output_path: Where to write the PDF file.
        """
        return ""

    assert _reported("relative-path", listed(convert)) == ["source", "output_path"]
