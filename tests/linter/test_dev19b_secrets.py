"""secret-parameter on a multi-action tool one of whose actions creates or sets a user (`managePermissions(action:
createUser | updateUser, password)`; read on holdout 19's first batch, a tuning set once measured, 2026-12-06):
the password is that user's, the tool's data. An action that creates something else (`createFunction`) does not
make a registry password its data. In English and Chinese descriptions; the docstring case is listed by the `mcp`
SDK's own server."""

from __future__ import annotations

from typing import Literal

import pytest
from helpers import fires
from helpers import framework_listing as listed
from helpers import mcp_tool as _tool
from helpers import reported_params as _reported


@pytest.mark.parametrize("description, actions", [
    ("Manage permissions and app users.", ["updateResourcePermission", "createUser", "updateUser", "deleteUsers"]),
    ("管理权限与应用用户。", ["update_permission", "reset_password"]),
])
def test_an_action_that_sets_a_users_credential(description, actions):
    assert not fires("secret-parameter", _tool("managePermissions", description, {
        "action": {"type": "string", "enum": actions},
        "password": {"type": "string", "description": "The user's password"}}))


@pytest.mark.parametrize("description, actions", [
    ("Deploy and manage cloud functions.", ["createFunction", "updateFunctionCode", "invokeFunction"]),
    ("管理云函数。", ["create_function", "invoke_function"]),
])
def test_an_action_that_creates_something_else(description, actions):
    assert fires("secret-parameter", _tool("manageFunctions", description, {
        "action": {"type": "string", "enum": actions},
        "registry_password": {"type": "string", "description": "Password of the image registry"}}))


def test_an_action_that_sets_a_users_credential_listed_by_the_sdk():
    def manage_users(action: Literal["create_user", "delete_user"], name: str, password: str = "") -> str:
        """Create or delete an app user."""
        return ""

    def call_api(action: Literal["get_item", "create_item"], api_key: str) -> str:
        """Call the inventory API."""
        return ""

    assert _reported("secret-parameter", listed(manage_users, call_api)) == ["api_key"]
