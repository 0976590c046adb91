"""Property-based tests of strictify over generated schemas (hypothesis; hypothesis-jsonschema for instances).

- the wire schema holds only what the target supports (checked with toollint's own strict-* rules);
- no information is lost: every original keyword is on the wire, in a description, or in the validator;
- the validator agrees with the original schema on valid and invalid instances, and what a strict model
  may send decodes (decode_wire_arguments) to something the original rejects only for a moved constraint.
"""

from __future__ import annotations

import json
import os
import warnings

import pytest
from helpers import lint_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from toollint.strictifier.rewrite import StrictifyError, decode_wire_arguments, strictify_tool
from toollint.strictifier.sentences import sentence

pytestmark = pytest.mark.slow  # deep Hypothesis runs

hypothesis_jsonschema = pytest.importorskip("hypothesis_jsonschema")
from_schema = hypothesis_jsonschema.from_schema

# Small and deterministic by default (the suite stays fast); TOOLLINT_DEEP=1 explores at random, at length.
DEEP = bool(os.environ.get("TOOLLINT_DEEP"))
SETTINGS = settings(max_examples=400 if DEEP else 25, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=not DEEP)

DESCRIPTIONS = st.sampled_from([None, "The value to use", "要使用的值", "Count of items."])
PATTERNS = st.sampled_from(["^[a-z]+$", "^ORD-[0-9]{4}$", "^(a)\\1$", "^(?!x)[a-z]+$", "^\\bword$"])
FORMATS = st.sampled_from(["date", "email", "uri", "uuid", "date-time"])


def _describe(schema: dict, description) -> dict:
    if description is not None:
        schema["description"] = description
    return schema


@st.composite
def strings(draw):
    schema = {"type": "string"}
    if draw(st.booleans()):
        low = draw(st.integers(0, 5))
        schema["minLength"] = low
        if draw(st.booleans()):
            schema["maxLength"] = low + draw(st.integers(0, 10))
    choice = draw(st.integers(0, 3))
    if choice == 1:
        schema["pattern"] = draw(PATTERNS)
    elif choice == 2:
        schema["format"] = draw(FORMATS)
    elif choice == 3:
        schema["enum"] = draw(st.lists(st.text("abcXYZ", min_size=1, max_size=4), min_size=1, max_size=4, unique=True))
    return _describe(schema, draw(DESCRIPTIONS))


@st.composite
def numbers(draw):
    schema = {"type": draw(st.sampled_from(["integer", "number"]))}
    low = draw(st.integers(-5, 5))
    for key in draw(st.lists(st.sampled_from(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                                              "multipleOf"]), unique=True, max_size=3)):
        if key in ("minimum", "exclusiveMinimum"):
            schema[key] = low
        elif key in ("maximum", "exclusiveMaximum"):
            schema[key] = low + 20
        else:
            schema[key] = draw(st.sampled_from([1, 2, 5]))
    if draw(st.integers(0, 4)) == 0:
        schema["default"] = low + 10
    return _describe(schema, draw(DESCRIPTIONS))


LEAVES = st.one_of(strings(), numbers(), st.just({"type": "boolean"}), st.just({"const": "fixed"}),
                   st.just({}), st.just({"description": "anything"}))


def arrays(children):
    @st.composite
    def build(draw):
        schema = {"type": "array", "items": draw(children)}
        if draw(st.booleans()):
            low = draw(st.integers(0, 3))
            schema["minItems"] = low
            if draw(st.booleans()):
                schema["maxItems"] = low + draw(st.integers(0, 3))
        if draw(st.integers(0, 3)) == 0:
            schema["uniqueItems"] = True
        return _describe(schema, draw(DESCRIPTIONS))
    return build()


def objects(children):
    @st.composite
    def build(draw):
        names = draw(st.lists(st.sampled_from(["a", "b", "c", "d", "名字"]), min_size=1, max_size=4, unique=True))
        properties = {name: draw(children) for name in names}
        schema = {"type": "object", "properties": properties}
        required = [n for n in names if draw(st.booleans())]
        if required:
            schema["required"] = required
        extra = draw(st.sampled_from(["absent", "false", "true"]))
        if extra != "absent":
            schema["additionalProperties"] = extra == "false"
        rare = draw(st.integers(0, 9))
        if rare == 0:
            schema["minProperties"] = 1
        elif rare == 1 and len(names) > 1:
            schema["dependentRequired"] = {names[0]: [names[1]]}
        elif rare == 2:
            schema["not"] = {"required": [names[0]]}
        elif rare == 3:
            schema["propertyNames"] = {"maxLength": 3}
        return _describe(schema, draw(DESCRIPTIONS))
    return build()


def maps(children):
    return children.map(lambda value: {"type": "object", "additionalProperties": value,
                                       "description": "Labels by name"})


def unions(children):
    @st.composite
    def build(draw):
        keyword = draw(st.sampled_from(["anyOf", "oneOf"]))
        branches = draw(st.lists(children, min_size=2, max_size=3))
        return {keyword: branches}
    return build()


def nullable(children):
    @st.composite
    def build(draw):
        schema = dict(draw(children))
        if isinstance(schema.get("type"), str) and "enum" not in schema:
            schema["type"] = [schema["type"], "null"]
        return schema
    return build()


SUBSCHEMAS = st.recursive(LEAVES, lambda children: st.one_of(arrays(children), objects(children), maps(children),
                                                             unions(children), nullable(children)), max_leaves=6)


@st.composite
def tools(draw):
    names = draw(st.lists(st.sampled_from(["id", "count", "note", "tags", "opts", "备注"]), min_size=1, max_size=4,
                          unique=True))
    properties = {name: draw(SUBSCHEMAS) for name in names}
    schema = {"type": "object", "properties": properties}
    required = [n for n in names if draw(st.booleans())]
    if required:
        schema["required"] = required
    if draw(st.integers(0, 3)) == 0:
        # a shared definition, referenced with and without a sibling description
        first = names[0]
        schema["$defs"] = {"shared": properties[first]}
        properties[first] = {"$ref": "#/$defs/shared"}
        if draw(st.booleans()):
            properties[first]["description"] = "Shared value"
    if draw(st.integers(0, 4)) == 0:
        schema["allOf"] = [{"properties": {"extra": {"type": "string", "maxLength": 3}}}]
    dialect = draw(st.sampled_from(["anthropic", "openai", "mcp"]))
    description = draw(st.sampled_from(["Do the thing with the given values.", "按给定的值执行操作。"]))
    if dialect == "anthropic":
        return {"name": "do_it", "description": description, "input_schema": schema}
    if dialect == "openai":
        return {"type": "function", "function": {"name": "do_it", "description": description, "parameters": schema}}
    return {"name": "do_it", "description": description, "inputSchema": schema}


def _strictify(tool, target):
    try:
        return strictify_tool(tool, target)
    except StrictifyError as error:
        assert error.message and error.pointer is not None
        return None


def _wire_schema(result):
    tool = result.tool
    definition = tool.get("function", tool)
    return definition[result.schema_key]


# ---------------------------------------------------------------------------------------------


@SETTINGS
@given(tools(), st.sampled_from(["anthropic", "openai"]))
def test_wire_schema_holds_only_what_the_target_supports(tool, target):
    result = _strictify(tool, target)
    if result is None:
        return
    findings = lint_text(json.dumps([result.tool], ensure_ascii=False), targets=(target,))
    strict = [f"{f.rule}: {f.message}" for f in findings if f.rule.startswith("strict-")]
    assert not strict, strict


_CONSTRAINTS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
                "pattern", "format", "minItems", "maxItems", "uniqueItems", "enum", "const", "default",
                "minProperties", "dependentRequired", "not", "propertyNames")


def _pairs(schema, out=None):
    out = [] if out is None else out
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in _CONSTRAINTS:
                out.append((key, value))
            if isinstance(value, (dict, list)) and key not in ("enum", "const", "default", "not", "propertyNames",
                                                               "dependentRequired"):
                _pairs(value, out)
    elif isinstance(schema, list):
        for value in schema:
            _pairs(value, out)
    return out


def _descriptions(schema, out=None):
    out = [] if out is None else out
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "description" and isinstance(value, str):
                out.append(value)
            elif isinstance(value, (dict, list)):
                _descriptions(value, out)
    elif isinstance(schema, list):
        for value in schema:
            _descriptions(value, out)
    return out


@SETTINGS
@given(tools(), st.sampled_from(["anthropic", "openai"]))
def test_no_information_is_lost(tool, target):
    result = _strictify(tool, target)
    if result is None:
        return
    definition = tool.get("function", tool)
    original = definition[result.schema_key]
    assert result.validator == original  # the validator keeps every keyword as it was
    wire = _wire_schema(result)
    on_wire = _pairs(wire)
    text = "\n".join(_descriptions(wire))
    for key, value in _pairs(original):
        if (key, value) in on_wire:
            continue
        if key == "enum" and any(k == "enum" and isinstance(v, list) and set(map(json.dumps, value)) <=
                                 set(map(json.dumps, v)) for k, v in on_wire):
            continue  # OpenAI widens an optional enum with null
        if key == "minItems" and ("minItems", 1) in on_wire:
            pass
        said = sentence(key, value, "en") in text or sentence(key, value, "zh") in text
        assert said, f"{key}: {value!r} is neither on the wire nor in a description"


def _errors_are_moved_constraints(validator, instance):
    allowed = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
               "pattern", "format", "minItems", "maxItems", "uniqueItems", "oneOf", "minProperties", "dependentRequired",
               "not", "propertyNames"}

    def ok(error):
        if isinstance(error.instance, str) and error.validator == "type":
            try:
                json.loads(error.instance)
            except ValueError:
                return True  # JSON text that does not parse: the boundary rejects it, as it should
        if error.validator in allowed:
            return True
        if error.validator in ("anyOf", "oneOf"):
            by_branch = {}
            for sub in error.context:
                by_branch.setdefault(sub.schema_path[0] if sub.schema_path else 0, []).append(sub)
            return any(all(ok(e) for e in branch) for branch in by_branch.values())
        return False

    bad = [e for e in validator.iter_errors(instance) if not ok(e)]
    return bad


@SETTINGS
@given(tools(), st.sampled_from(["anthropic", "openai"]), st.data())
def test_validator_agrees_with_the_original(tool, target, data):
    result = _strictify(tool, target)
    if result is None:
        return
    definition = tool.get("function", tool)
    original = Draft202012Validator(definition[result.schema_key])
    validator = Draft202012Validator(result.validator)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # hypothesis-jsonschema ignores a few newer keywords (dependentRequired): what it draws is valid but
        # for those, so compare rather than assume
        valid = data.draw(from_schema(definition[result.schema_key]), label="generated instance")
        assert validator.is_valid(valid) == original.is_valid(valid)
        other = data.draw(st.recursive(st.none() | st.booleans() | st.integers(-50, 50) | st.text(max_size=6),
                                       lambda c: st.lists(c, max_size=3) | st.dictionaries(
                                           st.sampled_from(["id", "count", "note", "a", "b"]), c, max_size=3),
                                       max_leaves=6), label="any instance")
        assert validator.is_valid(other) == original.is_valid(other)
        # What the strict model may send: decoded, it fails the original only for a moved constraint.
        sent = data.draw(from_schema(_wire_schema(result)), label="wire instance")
    decoded = decode_wire_arguments(result.validator, sent, target)
    bad = _errors_are_moved_constraints(validator, decoded)
    assert not bad, [f"{list(e.absolute_path)}: {e.validator} {e.message}" for e in bad]


@st.composite
def recursive_or_union_tools(draw):
    tool = draw(tools())
    definition = tool.get("function", tool)
    key = next(k for k in ("input_schema", "parameters", "inputSchema") if k in definition)
    schema = definition[key]
    if draw(st.booleans()):
        schema.setdefault("$defs", {})["node"] = {"type": "object", "properties": {
            "label": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}
        schema["properties"]["tree"] = {"$ref": "#/$defs/node"}
    else:
        defs = schema.pop("$defs", None)
        definition[key] = {"anyOf": [schema, {"type": "object", "properties": {"other": {"type": "integer"}},
                                              "required": ["other"]}]}
        if defs:
            definition[key]["$defs"] = defs
    return tool


@SETTINGS
@given(recursive_or_union_tools(), st.sampled_from(["anthropic", "openai"]))
def test_allow_lossy_always_gives_a_strict_tool_and_records_the_loss(tool, target):
    try:
        strictify_tool(tool, target)
        refused = False
    except StrictifyError as error:
        refused = True
        assert error.pointer.startswith(("/input_schema", "/function/parameters", "/inputSchema"))
    result = strictify_tool(tool, target, allow_lossy=True)
    assert result.lossy == refused
    findings = lint_text(json.dumps([result.tool], ensure_ascii=False), targets=(target,))
    assert not [f.message for f in findings if f.rule.startswith("strict-")]
