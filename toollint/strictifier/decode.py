"""The boundary's half of strictify: turn the arguments a strict model sent back into the original schema's form.

The decoding follows the codec schema strictify itself produces for the original (`codec.codec_for`), so
the rewrite and the decoding cannot drift apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from toollint.strictifier.wire import MARK


def decode_wire_arguments(original_schema: Any, arguments: Any, target: str = "anthropic") -> Any:
    """Map a strict call's arguments back to the original schema's form, before validating them:

    - null for an optional property (OpenAI) -> the property is absent; `{"null": true}` -> null;
    - a `[{"key", "value"}]` array where the original has a map object -> that object;
    - JSON text where the original accepts a value of any shape -> the parsed value;
    - union branches by the first wire branch that accepts the value.

    Pure: the input is not modified. Arguments that are not in the wire form come back unchanged.
    """
    from toollint.strictifier.codec import CodecError

    codec = _codec(original_schema, target)
    if codec is None:
        return arguments
    try:
        return codec.decode(arguments, lenient=True)
    except CodecError:
        return arguments


def has_wire_forms(original_schema: Any, target: str = "anthropic") -> bool:
    """Whether strictify sends part of this schema in another form than the original's, so that
    `decode_wire_arguments` may change a call."""
    codec = _codec(original_schema, target)
    return codec is not None and _marked(codec.root)


def _codec(original_schema: Any, target: str) -> Any:
    import json

    from toollint.strictifier.codec import codec_for

    try:
        key = json.dumps(original_schema, sort_keys=True)
    except (TypeError, ValueError):
        return codec_for(original_schema, target)
    return _cached_codec(key, target)


@lru_cache(maxsize=256)
def _cached_codec(key: str, target: str) -> Any:
    import json

    from toollint.strictifier.codec import codec_for

    return codec_for(json.loads(key), target)


def _marked(wire: Any) -> bool:
    if isinstance(wire, dict):
        return MARK in wire or any(_marked(v) for v in wire.values())
    if isinstance(wire, list):
        return any(_marked(v) for v in wire)
    return False
