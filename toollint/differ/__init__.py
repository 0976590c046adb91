"""`toollint diff OLD NEW`: breaking, widening and description changes between two versions of a tool set."""

from __future__ import annotations

from toollint.differ.compare import BREAKING, DESCRIPTION, KINDS, WIDENING, Change, diff_files
from toollint.differ.report import render_json, render_text, verdict

__all__ = ["BREAKING", "DESCRIPTION", "KINDS", "WIDENING", "Change", "diff_files", "render_json", "render_text",
           "verdict"]
