"""Bench: bytes of the OpenAI wire schema for a pydantic model of optional fields (the growth case of issue 24).

    python bench/openai_optional_size.py
"""
from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, Field

import toollint


class Search(BaseModel):
    query: str = Field(description="What to look for.")
    limit: int | None = Field(None, ge=1, le=100, description="At most this many results.")
    offset: int | None = None
    language: str | None = Field(None, description="ISO 639-1 code.")
    since: str | None = Field(None, description="ISO date.")
    until: str | None = None
    sort: Literal["relevance", "date"] | None = None
    tags: list[str] | None = None
    author: str | None = None
    include_drafts: bool | None = None
    min_score: float | None = Field(None, ge=0)
    mode: str | None = "fast"

schema = Search.model_json_schema()
tool = {"name": "search", "description": "Search the archive.", "input_schema": schema}
r = toollint.strictify(tool, target="openai")
print("input", len(json.dumps(schema)), "openai wire", len(json.dumps(r.wire_schema)),
      "null tags", json.dumps(r.wire_schema).count('"null": {"type": "boolean"'))
