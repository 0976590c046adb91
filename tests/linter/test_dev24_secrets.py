"""secret-parameter: a tool that deletes, revokes or rotates something takes the key to act on only when a key is
what it acts on (`delete_api_key(api_key)`); `delete_habit(api_key)` uses its key to call the service, and is
reported (holdout 25's recall review, a tuning set once measured, 2026-12-07)."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool


@pytest.mark.parametrize("name, description", [
    ("delete_habit", "Delete a habit."),
    ("delete_object", "删除存储桶中的一个对象。"),
])
def test_a_key_used_by_a_delete_tool_is_reported(name, description):
    assert fires("secret-parameter", _tool(name, description, {
        "habit_id": {"type": "string", "description": "Id from list_habits"},
        "api_key": {"type": "string", "description": "API key of the account"}}))


@pytest.mark.parametrize("name, param", [("delete_api_key", "api_key"), ("revoke_token", "token"),
                                         ("rotate_credentials", "api_key")])
def test_the_key_a_tool_revokes_is_not_reported(name, param):
    assert not fires("secret-parameter", _tool(name, "Revoke one key of the account.", {
        param: {"type": "string", "description": "The key to revoke"}}))
