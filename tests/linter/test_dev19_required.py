"""description-contradicts-schema on a required parameter whose text says it may be left out (read on holdout 18's
recall review, a tuning set once measured, 2026-12-06): Cloud Run's `project` says "Leave unset for the app to be
deployed in a new project" and is in `required`, so the documented call is rejected. Said of the parameter itself
only: "If the prefix is omitted" and "leave blank" (an empty string, which a required string takes) are not. In
English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import json

import pytest
from helpers import framework_listing as listed

import toollint


def _required_tool(description: str, *, default: object = None) -> str:
    prop: dict[str, object] = {"type": "string", "description": description}
    if default is not None:
        prop["default"] = default
    return json.dumps({"name": "deploy", "description": "Deploy the app to the cloud.",
                       "inputSchema": {"type": "object", "properties": {
                           "files": {"type": "array", "items": {"type": "string"}, "description": "Files to deploy"},
                           "project": prop},
                           "required": ["files", "project"]}}, ensure_ascii=False)


def _reported(text: str | list) -> list[str]:
    findings = toollint.lint(json.loads(text) if isinstance(text, str) else text)
    return [f.pointer for f in findings if f.rule == "description-contradicts-schema"]


@pytest.mark.parametrize("description", [
    "Project ID. Leave unset for the app to be deployed in a new project.",
    "Optional project ID to deploy into.",
    "(optional) The project to deploy into",
    "The project to deploy into. If not provided, it is inferred from the workspace.",
    "The project. If omitted, a new one is created.",
    "The project. If absent, a new one is created.",
    "The project. When left out, a new one is created.",
    "The project to deploy into; leave it out for a new one.",
    "可选，要部署到的项目 ID",
    "要部署到的项目 ID，不传则新建项目",
    "要部署到的项目 ID。如果不指定，将新建一个项目。",
])
def test_a_required_parameter_said_to_be_optional(description):
    assert _reported(_required_tool(description)) == ["/inputSchema/properties/project"]


@pytest.mark.parametrize("description", [
    "Project ID. Leave blank for the default project.",  # an empty string: a required string takes it
    "Database name. If the account prefix is omitted, it is added automatically.",
    "Variants to update; variants omitted from the list are left untouched.",
    "Project ID. Optional for reads, required for deployments.",
    "Project ID, or leave it empty to use the current one",
    "项目 ID，必填；可选的前缀会自动补全",
    "要部署到的项目 ID",
])
def test_a_required_parameter_not_said_to_be_optional(description):
    assert _reported(_required_tool(description)) == []


def test_a_default_is_required_with_defaults_finding():
    assert _reported(_required_tool("Optional project ID.", default="main")) == []


def test_an_optional_parameter_said_to_be_optional_is_fine():
    tool = json.loads(_required_tool("Optional project ID. Leave unset for a new project."))
    tool["inputSchema"]["required"] = ["files"]
    assert _reported([tool]) == []


def test_the_docstring_entry_of_a_required_parameter_listed_by_the_sdk():
    def get_post(page_id: str, query: dict | None = None, include: str | None = None) -> str:
        """Get a post of a status page.

        Args:
            page_id: The ID of the status page
            query: Optional query parameters
            include: related resources to include
        """
        return ""

    def get_run(run_id: str, run_uuid: str | None) -> str:
        """Get the logs of a run.

        Args:
            run_id: The run's ID
            run_uuid: Optional UUID of the run. If omitted, the latest run is read.
        """
        return ""

    assert _reported(listed(get_post, get_run)) == ["/1/inputSchema/properties/run_uuid"]


@pytest.mark.parametrize("description", [
    "2D array of style objects for each cell. If a cell does not change style, use null.",
    "每个单元格的样式对象组成的二维数组。单元格样式不变时传入 null。",
])
def test_null_said_of_an_arrays_items(description):
    tool = {"name": "format_range", "description": "Format a range of cells.",
            "inputSchema": {"type": "object", "properties": {"styles": {"type": "array", "description": description,
                                                                        "items": {"type": "array"}}}}}
    assert _reported([tool]) == []


def test_null_said_of_a_string_is_still_reported():
    tool = {"name": "format_range", "description": "Format a range of cells.",
            "inputSchema": {"type": "object", "properties": {"style": {"type": "string",
                                                                       "description": "The style; use null to clear"}}}}
    assert _reported([tool]) == ["/0/inputSchema/properties/style/type"]
