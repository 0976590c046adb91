"""secret-parameter: the password of a tool that locks or unlocks a file (`protect_document(filename, password)`,
"Add password protection to a Word document"; read on holdout 22's second batch, a tuning set once measured,
2026-12-07). The password is the document's, given by its owner for this call: no server configuration can hold
it. A tool that signs in with a password is still reported."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("name, description", [
    ("protect_document", "Add password protection to a Word document."),
    ("unprotect_document", "Remove password protection from a Word document."),
    ("unlock_pdf", "解除 PDF 的密码保护。"),
])
def test_the_password_of_a_file_lock_stays_quiet(name, description):
    assert not fires("secret-parameter", _tool(name, description, {
        "filename": {"type": "string"}, "password": {"type": "string"}}))


@pytest.mark.parametrize("name, description", [
    ("login", "Sign in to the mail server."),
    ("get_document", "读取文档内容。"),  # a file kind without a lock verb: the password signs in
])
def test_a_sign_in_password_is_reported(name, description):
    assert fires("secret-parameter", _tool(name, description, {"password": {"type": "string"}}))


def test_file_locks_listed_by_the_sdk():
    def protect_document(filename: str, password: str) -> str:
        """Add password protection to a Word document."""
        return ""

    def fetch_mail(username: str, password: str) -> str:
        """Fetch the newest mail of the account."""
        return ""

    assert _reported("secret-parameter", listed(protect_document)) == []
    assert _reported("secret-parameter", listed(fetch_mail)) == ["password"]
