"""Local `#/...` references are followed without `referencing`'s registry, with exactly the answers it gives."""

from __future__ import annotations

import pytest

from toollint.schema.walk import RefResolver

SCHEMA = {
    "$id": "https://example.com/tool.json",
    "type": "object",
    "properties": {"a/b": {"type": "string"}, "t~x": {"type": "integer"}, "50%": {"const": 1},
                   "items": {"prefixItems": [{"type": "string"}, {"type": "number"}]},
                   "inner": {"$id": "inner.json", "$defs": {"leaf": {"type": "boolean"}}},
                   "text": {"description": "Hello"}, "": {"title": "empty key"}},
    "$defs": {"money": {"type": "integer", "minimum": 0}},
    "examples": [{"list": [{"x": 1}, {"y": 2}], "nothing": None}],
}
REFS = [
    "#/$defs/money", "#/properties/a~1b", "#/properties/t~0x", "#/properties/50%25", "#/properties/a%2Fb",
    "#/properties/items/prefixItems/1", "#/properties/items/prefixItems/01", "#/properties/items/prefixItems/-1",
    "#/properties/items/prefixItems/2", "#/properties/items/prefixItems/x", "#/properties/inner/$defs/leaf",
    "#/properties/text/description", "#/properties/text/description/0", "#/properties/", "#/examples/0/list/1/y",
    "#/examples/0/nothing", "#/examples/0/nothing/deeper", "#/missing", "#/", "#", "#/properties/items/prefixItems/ 1",
    "#/properties/items/prefixItems/1_0", "#/properties/items/prefixItems/²",
]


def _through_referencing(ref: str):
    resolver = RefResolver(SCHEMA, "/tools/0/inputSchema")
    try:
        return (resolver._get().lookup(ref).contents,)
    except Exception:  # noqa: BLE001 - what lookup turns into None
        return None


@pytest.mark.parametrize("ref", REFS)
def test_local_references_resolve_as_referencing_does(ref) -> None:
    found = RefResolver(SCHEMA, "/tools/0/inputSchema").lookup(ref)
    expected = _through_referencing(ref)
    assert _through_referencing("#/$defs/money") is not None  # the schema is one referencing can crawl
    if expected is None:
        assert found is None
    else:
        assert found is not None and (found[0],) == expected


def test_a_plain_local_reference_builds_no_registry() -> None:
    resolver = RefResolver(SCHEMA, "/tools/0/inputSchema")
    assert resolver.lookup("#/$defs/money") == ({"type": "integer", "minimum": 0}, "/tools/0/inputSchema/$defs/money")
    assert resolver._resolver is None
    assert resolver.lookup("https://example.com/inner.json#/$defs/leaf") == ({"type": "boolean"}, None)  # by $id
    assert resolver._resolver is not None


def test_a_schema_referencing_cannot_crawl_still_resolves_its_plain_local_references() -> None:
    """A `$defs` member that is not a schema (null) made the registry fail, so every `$ref` of the tool looked
    dangling (unresolved-ref on a reference that is fine); a plain pointer no longer needs the registry."""
    schema = {"$defs": {"money": {"type": "integer"}, "broken": None}, "properties": {"a": {"$ref": "#/$defs/money"}}}
    resolver = RefResolver(schema, "")
    assert resolver.lookup("#/$defs/money") == ({"type": "integer"}, "/$defs/money")
    assert resolver.lookup("#/$defs/absent") is None


def test_a_malformed_defs_member_is_reported_once_not_as_a_dangling_reference_too() -> None:
    import toollint

    tool = {"name": "pay", "description": "Pays an invoice the user named.", "input_schema": {
        "type": "object", "$defs": {"money": {"type": "integer", "description": "Amount in cents"}, "broken": None},
        "properties": {"amount": {"$ref": "#/$defs/money"}}, "required": ["amount"]}}
    rules = {finding.rule for finding in toollint.lint(tool)}
    assert "invalid-json-schema" in rules  # the null member itself
    assert "unresolved-ref" not in rules  # the reference is fine (it was reported when referencing failed)
