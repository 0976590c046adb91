"""The two files `toollint strictify` writes, as the boundary meets them.

- The validator file (`--validator`): a JSON object of tool name -> the ORIGINAL schema. It is what the
  boundary should validate against, so it is read as a tool set of its own.
- The strict file: what is sent to the API. Where strictify changed a value's form (a map sent as a
  key/value list, a free value sent as JSON text, null sent as `{"null": true}`, an optional property sent
  as required with null meaning "not given"), its schema describes the wire, not what the tool takes, and
  the original cannot be rebuilt from it: validating against it would hand wire forms to the tool. Such a file is refused with a message that names the fix.

The marks are the sentences strictify itself writes into those descriptions
(`toollint.strictifier.sentences.FIXED`), so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from toollint.schema.walk import walk

_SCHEMA_KEYS = frozenset({"type", "properties", "required", "$schema", "$ref", "$defs", "definitions", "anyOf",
                          "oneOf", "allOf", "additionalProperties", "description"})
_WIRE_SENTENCES = ("map", "json", "json_object", "null_tag", "null_absent")  # the FIXED sentences that mark a wire form


def validator_tools(data: Any) -> list[dict[str, Any]]:
    """The tools of a validator file (name -> schema) as Anthropic tool dicts; [] when `data` is not one."""
    if not isinstance(data, dict) or not data:
        return []
    for name, schema in data.items():
        if not isinstance(name, str) or not isinstance(schema, dict) or (schema and not _SCHEMA_KEYS & set(schema)):
            return []
    return [{"name": name, "input_schema": schema} for name, schema in data.items()]


def wire_form_at(schema: Any) -> str | None:
    """The JSON Pointer of a node whose description says strictify sent it in another form, if any."""
    described = [(node.pointer, node.schema["description"]) for node in walk(schema, "")
                 if isinstance(node.schema.get("description"), str)]
    if not described:  # no need to load strictify's sentences
        return None
    from toollint.strictifier.sentences import FIXED

    marks = [text for key in _WIRE_SENTENCES for text in FIXED[key]]
    for pointer, description in described:
        if any(mark in description for mark in marks):
            return pointer or "/"
    return None
