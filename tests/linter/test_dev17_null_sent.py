"""description-contradicts-schema on a text that tells the model to send null for a parameter whose type rejects
it ("Pass 0 or None for the full text" of an `integer`; a recall miss of a 60-tool review of the shared corpus,
2026-12-06). Quoted `"none"` and `NONE` are string values, "string, number, or null" lists types, and a `null`
default is null-default-not-nullable's: all stay quiet. English and Chinese; the docstring case is listed by the
`mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import lint_text
from helpers import mcp_tool as _tool


def _said(prop: dict) -> list[str]:
    return [f.message for f in lint_text(_tool("update_channel", "Update a sales channel.", {"value": prop}))
            if f.rule == "description-contradicts-schema"]


@pytest.mark.parametrize("prop", [
    {"type": "string", "description": "Custom name shown in the list. Pass null to clear it."},
    {"type": "integer", "description": "Characters of preview. Pass 0 or None for the full text."},
    {"type": "string", "description": "Optional project. Omit or use null to retrieve global statuses."},
    {"type": "string", "description": "New description, or null to clear it"},
    {"type": "string", "description": "自定义名称，传入 null 以清除。"},
])
def test_a_text_that_sends_null_contradicts_a_type_without_null(prop):
    assert _said(prop) == [f"the description of `value` says to send null, which its type ({prop['type']}) rejects"]


@pytest.mark.parametrize("prop", [
    {"type": ["string", "null"], "description": "Pass null to clear it."},
    {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Pass null to clear it."},
    {"type": "string", "description": 'Send updates to "all", "externalOnly", or "none".'},
    {"type": "string", "description": "License type, or 'None' to disable"},
    {"type": "string", "description": "Inbound auth: CUSTOM_JWT, AWS_IAM, or NONE"},
    {"type": "array", "items": {}, "description": "Rows; values can be string, number, or null."},
    {"type": "string", "description": "Not needed for Ctid, Rowid or None methods."},
    {"type": "string", "default": None, "description": "Set to null to remove."},  # null-default-not-nullable's
    {"type": "object", "description": "Snapshot. Optional: 'open_session' as {'id', 'started_at'} or null when no "
                                      "session is open."},  # said of a key inside the object
])
def test_null_as_a_type_a_string_value_or_a_name_stays_quiet(prop):
    assert _said(prop) == []


def test_a_docstring_entry_that_sends_null():
    def inspect_doc(document_id: str, preview_chars: int = 100) -> str:
        """Inspect a document's structure.

        Args:
            document_id: the document
            preview_chars: characters of each preview; pass 0 or None for the full text
        """
        return ""

    found = [f for f in __import__("toollint").lint(listed(inspect_doc)) if f.rule == "description-contradicts-schema"]
    assert [f.message for f in found] == [
        "the docstring's entry of `preview_chars` says to send null, which its type (integer) rejects"]
