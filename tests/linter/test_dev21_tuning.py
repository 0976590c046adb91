"""Classes read on holdout 21's first batch after the freeze (a tuning set from then on, 2026-12-06):
- missing-param-description: a tool whose description writes the form of its dates ("日期格式 YYYY-MM-DD", "Dates
  must be in dd-mm-yyyy format", "ISO 8601") has said how to write its `start_date`;
- missing-param-description: `mime_type` holds one well-known thing (a `content_type` may be a CMS's kinds);
- secret-parameter: the password of a file the user hands the tool ("PDF password for protected files");
- missing-unit: a bare `size` of a search tool, or beside `offset`, counts results.
Each also keeps firing where the text leaves the model guessing, in English and Chinese; the docstring cases are
listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description, reported", [
    ("查詢部門人員的異常打卡紀錄。日期格式 YYYY-MM-DD", []),
    ("Download observations. Dates must be in dd-mm-yyyy format.", []),
    ("List the bookings between two dates (ISO 8601).", []),
    ("List the bookings made since 2026-01-31 or later.", []),
    ("List the bookings between two dates.", ["start_date", "end_date"]),
    ("查询两个日期之间的预订。", ["start_date", "end_date"]),
])
def test_a_date_form_in_the_tool_description_stands_for_its_dates(description, reported):
    def list_bookings(start_date: str, end_date: str) -> str:
        return ""

    list_bookings.__doc__ = description
    assert _reported("missing-param-description", listed(list_bookings)) == reported


@pytest.mark.parametrize("name, reported", [("mime_type", False), ("mimeType", False), ("content_type", True),
                                            ("file_type", True)])
def test_a_mime_type_explains_itself(name, reported):
    assert fires("missing-param-description", _tool("attach", "Attach a file to the email draft and return its id.",
                                                    {name: {"type": "string"}})) is reported


@pytest.mark.parametrize("name, description, reported", [
    ("password", "PDF password for protected files", False),
    ("password", "Password to open the encrypted archive", False),
    ("pdf_password", "", False),
    ("password", "压缩包的密码（如有）", False),
    ("password", "Password of the database user", True),
    ("password", "Password for the keystore file", True),
    ("password", "数据库密码", True),
])
def test_the_password_of_a_file_is_the_users_data(name, description, reported):
    prop = {"type": "string"} | ({"description": description} if description else {})
    assert fires("secret-parameter", _tool("extract_text", "Extract the text of a document and return it as Markdown.",
                                           {"input_path": {"type": "string", "description": "Absolute path"},
                                            name: prop})) is reported


def test_the_size_of_a_search_counts_results():
    def search_logs(stream: str, size: int = 20) -> str:
        """Search the log stream for matching records."""
        return ""

    def fetch_values(stream: str, size: int = 100, offset: int = 0) -> str:
        """Distinct values of a field."""
        return ""

    def upload_blob(stream: str, size: int = 1024) -> str:
        """Upload a blob to the stream."""
        return ""

    assert _reported("missing-unit", listed(search_logs)) == []
    assert _reported("missing-unit", listed(fetch_values)) == []
    assert _reported("missing-unit", listed(upload_blob)) == ["size"]
