"""Both directions between the original schema's values and the wire schema's: `encode` (what a model sends
for a given valid value) and `decode` (what the boundary turns a strict call back into).

The codec follows the markers strictify left on the codec schema (see `toollint.strictifier.wire`), so the
rewrite, the encoder and the decoder can never disagree about which part travels in which form. A union is
decoded by the first branch whose wire schema accepts the value; `encode` picks the first branch whose
encoding decodes back to the same value, so `decode(encode(v)) == v` wherever the wire can carry `v`.
"""

from __future__ import annotations

import json
from typing import Any

from toollint.strictifier.wire import MAP, MARK, NULL_TAG, OBJECT, TEXT, TUPLE, WRAP, WRAP_KEY, same


class CodecError(ValueError):
    """A value the wire cannot carry (encode) or a wire value no original value maps to (decode)."""


class Codec:
    """Encoder and decoder for one codec schema (`StrictifyResult.codec_schema`)."""

    def __init__(self, codec_schema: Any) -> None:
        from toollint.schema.validation import safe_validator

        self.root = codec_schema
        defs = codec_schema.get("$defs") if isinstance(codec_schema, dict) else None
        self.defs: dict[str, Any] = defs if isinstance(defs, dict) else {}
        self._validator = safe_validator(codec_schema if isinstance(codec_schema, (dict, bool)) else True)

    def accepts(self, wire: Any, value: Any) -> bool:
        """Whether `value` is valid against one node of the wire (references resolve against its root)."""
        try:
            return bool(self._validator.evolve(schema=wire).is_valid(value))
        except Exception:  # noqa: BLE001 - a pattern Python's `re` cannot compile (`\p{L}`): not this branch
            return False

    def _deref(self, wire: Any) -> Any:
        for _ in range(64):
            if not (isinstance(wire, dict) and isinstance(wire.get("$ref"), str)):
                return wire
            ref = wire["$ref"]
            wire = self.root if ref == "#" else self.defs.get(ref.rsplit("/", 1)[-1], True)
        return wire

    def _marked(self, wire: Any, depth: int) -> tuple[Any, Any, str | None]:
        """The wire schema past its `$ref`s, its codec marker and the marker's kind; (None, None, None) where
        decoding and encoding stop: not an object schema, or nested deeper than any real schema."""
        wire = self._deref(wire)
        if not isinstance(wire, dict) or depth > 200:
            return None, None, None
        mark = wire.get(MARK)
        return wire, mark, mark["kind"] if mark else None

    # -- wire -> original -------------------------------------------------------------------------

    def decode(self, wire_value: Any, *, lenient: bool = False) -> Any:
        """The original-schema value a strict call's arguments stand for. Pure. Raises `CodecError`; `lenient`
        leaves a part that is not in its wire form as it was sent instead (the boundary then reports it)."""
        return self._decode(self.root, wire_value, 0, lenient)

    @staticmethod
    def _fail(message: str, value: Any, lenient: bool) -> Any:
        if lenient:
            return value
        raise CodecError(message)

    def _decode(self, wire: Any, value: Any, depth: int, lenient: bool = False) -> Any:
        wire, mark, kind = self._marked(wire, depth)
        if wire is None:
            return value
        if kind == TEXT:
            if value is None:
                return None
            if not isinstance(value, str):
                return self._fail("expected JSON text (a string)", value, lenient)
            try:
                return json.loads(value)
            except ValueError as error:
                return self._fail(f"the string is not JSON text ({error})", value, lenient)
        if kind == WRAP:
            if not (isinstance(value, dict) and WRAP_KEY in value):
                return self._fail(f'expected {{"{WRAP_KEY}": <JSON text>}}', value, lenient)
            return self._decode(wire["properties"][WRAP_KEY], value[WRAP_KEY], depth + 1, lenient)
        if kind == NULL_TAG:
            return None
        if kind == MAP:
            if value is None:
                return None
            if not isinstance(value, list) or not all(isinstance(e, dict) and "key" in e for e in value):
                return self._fail('expected a list of {"key", "value"} objects', value, lenient)
            value_wire = wire["items"]["properties"]["value"]
            return {str(e["key"]): self._decode(value_wire, e.get("value"), depth + 1, lenient) for e in value}
        branches = wire.get("anyOf")
        if isinstance(branches, list) and branches:
            branch = self._pick(branches, value, lenient)
            return value if branch is None else self._decode(branch, value, depth + 1, lenient)
        if isinstance(value, dict):
            properties = wire.get("properties")
            if not isinstance(properties, dict):
                return value
            optional = mark.get("optional", ()) if kind == OBJECT else ()
            spread = mark.get("spread") if kind == OBJECT else None
            renamed = mark.get("renamed") if kind == OBJECT else None
            if renamed:  # a call may carry either spelling (`parametersJsonSchema` keeps the tool's own names)
                wire_name = {old: new for new, old in renamed.items()}
                value = {wire_name.get(name, name) if name not in properties else name: item
                         for name, item in value.items()}
            out = {}
            others: Any = None
            for name, item in value.items():
                sub = properties.get(name)
                if sub is None:
                    out[name] = item
                elif item is None and name in optional:
                    continue  # null says "absent" for an optional property (OpenAI)
                elif name == spread:
                    others = self._decode(sub, item, depth + 1, lenient)
                else:
                    out[name] = self._decode(sub, item, depth + 1, lenient)
            if isinstance(others, dict):  # the synthetic map: its entries are the object's other keys
                for key, item in others.items():
                    if key in out:
                        return self._fail(f"the key {key!r} is sent both as a property and as an entry of "
                                          f"{spread!r}", value, lenient)
                    out[key] = item
            elif others is not None:
                out[spread] = others
            if renamed:  # wire names Gemini takes -> the tool's own names
                return {renamed.get(name, name): item for name, item in out.items()}
            return out
        if isinstance(value, list):
            if kind == TUPLE:
                prefix, rest = mark["prefix"], mark["rest"]
                return [self._decode(prefix[i] if i < len(prefix) else rest, v, depth + 1, lenient)
                        if i < len(prefix) or rest is not None else v for i, v in enumerate(value)]
            items = wire.get("items")
            if isinstance(items, dict):
                return [self._decode(items, v, depth + 1, lenient) for v in value]
        return value

    def _pick(self, branches: list[Any], value: Any, lenient: bool) -> Any:
        for branch in branches:
            if self.accepts(branch, value):
                return branch
        return self._fail("the value matches no alternative of the wire schema", None, lenient)

    # -- original -> wire -------------------------------------------------------------------------

    def encode(self, value: Any) -> Any:
        """What a strict model sends for `value` (valid against the original schema). Raises `CodecError` when
        the wire cannot carry it, such as an extra key of an open object that strict mode closes."""
        return self._encode(self.root, value, 0)

    def _encode(self, wire: Any, value: Any, depth: int) -> Any:
        wire, mark, kind = self._marked(wire, depth)
        if wire is None:
            return value
        if kind == TEXT:
            if value is None and mark.get("null"):
                return None
            return json.dumps(value, ensure_ascii=False)
        if kind == WRAP:
            return {WRAP_KEY: self._encode(wire["properties"][WRAP_KEY], value, depth + 1)}
        if kind == NULL_TAG:
            if value is not None:
                raise CodecError("only null is sent as the null tag")
            return {"null": True}
        if kind == MAP:
            if value is None:
                return None
            if not isinstance(value, dict):
                raise CodecError("a map must be an object")
            value_wire = wire["items"]["properties"]["value"]
            return [{"key": key, "value": self._encode(value_wire, item, depth + 1)} for key, item in value.items()]
        branches = wire.get("anyOf")
        if isinstance(branches, list) and branches:
            closed = False  # whether the value failed an object branch only for its extra keys
            for branch in branches:
                try:
                    encoded = self._encode(branch, value, depth + 1)
                except CodecError as error:
                    closed = closed or "closed object" in str(error)
                    continue
                if self.accepts(branch, encoded):
                    try:
                        if same(self._decode(wire, encoded, depth + 1), value):
                            return encoded
                    except CodecError:
                        continue
            if closed:
                raise CodecError("the alternative meant for this object is a closed object without one of its keys")
            raise CodecError("no alternative of the wire schema carries this value")
        if isinstance(value, dict):
            properties = wire.get("properties")
            if not isinstance(properties, dict):
                return value
            spread = mark.get("spread") if kind == OBJECT else None
            renamed = mark.get("renamed") if kind == OBJECT else None
            if renamed:  # the tool's own names -> the wire names Gemini takes
                wire_name = {old: new for new, old in renamed.items()}
                value = {wire_name.get(name, name): item for name, item in value.items()}
            extra = [name for name in value if name not in properties or name == spread]
            if extra and spread is None:
                raise CodecError(f"the wire's closed object has no property {extra[0]!r}")
            optional = mark.get("optional", ()) if kind == OBJECT else ()
            out = {}
            for name, sub in properties.items():
                if name == spread:
                    if extra:
                        out[name] = self._encode(sub, {key: value[key] for key in extra}, depth + 1)
                    elif name in optional:
                        out[name] = None
                elif name in value:
                    out[name] = self._encode(sub, value[name], depth + 1)
                elif name in optional:
                    out[name] = None
            return out
        if isinstance(value, list):
            if kind == TUPLE:
                prefix, rest = mark["prefix"], mark["rest"]
                if rest is None and len(value) > len(prefix):
                    raise CodecError("more items than the tuple has positions")
                return [self._encode(prefix[i] if i < len(prefix) else rest, v, depth + 1) for i, v in enumerate(value)]
            items = wire.get("items")
            if isinstance(items, dict):
                return [self._encode(items, v, depth + 1) for v in value]
        return value


def codec_for(original_schema: Any, target: str) -> Codec | None:
    """The codec strictify would use for this original schema, or None when strictify refuses it (such a tool
    was never made strict, so its calls arrive as they are)."""
    from toollint.errors import StrictifyError
    from toollint.strictifier.rewrite import rewrite_schema

    try:
        annotated, _, _ = rewrite_schema(original_schema, target)
    except (StrictifyError, RecursionError, ValueError):
        return None
    return Codec(annotated)


__all__ = ["Codec", "CodecError", "codec_for"]
