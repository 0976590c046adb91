"""Where a schema breaks the JSON Schema 2020-12 metaschema, for schemas no rule walks node by node (a Responses
tool's `output_schema`). The metaschema and its vocabularies are bundled with jsonschema: nothing is fetched."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class MetaschemaError:
    path: tuple[str | int, ...]  # inside the schema
    message: str


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


def metaschema_errors(schema: Any) -> list[MetaschemaError]:
    """The metaschema's complaints, sorted by where they are (deterministic output)."""
    errors = [MetaschemaError(tuple(error.absolute_path), error.message) for error in _validator().iter_errors(schema)]
    return sorted(errors, key=lambda e: ([str(p) for p in e.path], e.message))
