"""Walk a JSON Schema: every subschema once, with its JSON Pointer; resolve local references.

The keyword tables here are the one description of JSON Schema's shape that the walker, the
metaschema check, the unknown-keyword rule and strictify share.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toollint import pointer as jp

# Keywords whose value is one subschema, a list of subschemas, or a map of name -> subschema.
SCHEMA_KEYWORDS = frozenset({
    "additionalProperties", "additionalItems", "contains", "not", "if", "then", "else", "propertyNames",
    "unevaluatedItems", "unevaluatedProperties", "contentSchema",
})
SCHEMA_LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
SCHEMA_MAP_KEYWORDS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})

KNOWN_KEYWORDS = frozenset({
    # core and applicators (2020-12, 2019-09, draft-07/06/04)
    "$schema", "$id", "id", "$ref", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
    "$anchor", "$vocabulary", "$comment", "$defs", "definitions", "allOf", "anyOf", "oneOf", "not", "if",
    "then", "else", "dependentSchemas", "dependencies", "prefixItems", "items", "additionalItems", "contains",
    "properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedItems",
    "unevaluatedProperties",
    # validation
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
    "maxProperties", "minProperties", "required", "dependentRequired",
    # meta-data, format, content
    "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "format",
    "contentEncoding", "contentMediaType",
})
# Not JSON Schema, but widespread on purpose: OpenAPI, Gemini, editors, generators.
VENDOR_KEYWORDS = frozenset({
    "nullable", "example", "discriminator", "xml", "externalDocs", "propertyOrdering", "markdownDescription",
    "enumDescriptions", "enumNames", "errorMessage", "x-mcp-header", "defs", "ref", "optional", "tsType",
    "const_value", "additionalPropertiesType",
})

SCHEMA_TYPES = frozenset({"object", "array", "string", "integer", "number", "boolean", "null"})


class SchemaNode:
    """One subschema, where it stands, and how it was reached. The pointer is built only when asked for."""

    __slots__ = ("schema", "via", "name", "parent", "depth", "_tokens", "_pointer")

    def __init__(self, schema: dict[str, Any], pointer: str | None = None, via: str | None = None,
                 name: str | None = None, parent: SchemaNode | None = None, depth: int = 0,
                 tokens: tuple[str | int, ...] = ()) -> None:
        self.schema = schema
        self.via = via  # keyword of the parent that holds it: properties, items, anyOf, ...
        self.name = name  # the property name, $defs key or pattern when reached through a map
        self.parent = parent
        self.depth = depth
        self._tokens = tokens
        self._pointer = pointer

    @property
    def pointer(self) -> str:
        if self._pointer is None:
            base = self.parent.pointer if self.parent is not None else ""
            self._pointer = jp.join(base, *self._tokens)
        return self._pointer

    @property
    def is_root(self) -> bool:
        return self.parent is None

    @property
    def is_property(self) -> bool:
        return self.via == "properties"

    @property
    def required_in_parent(self) -> bool:
        if self.via != "properties" or self.parent is None:
            return False
        required = self.parent.schema.get("required")
        return isinstance(required, list) and self.name in required

    def __repr__(self) -> str:
        return f"SchemaNode({self.pointer!r})"


MAX_WALK_DEPTH = 200


def members(schema: Any, keyword: str) -> dict[str, Any]:
    """`schema[keyword]` when it is an object (`properties`, `patternProperties`, `$defs`), else {}."""
    value = schema.get(keyword) if isinstance(schema, dict) else None
    return value if isinstance(value, dict) else {}


def entries(schema: Any, keyword: str) -> list[Any]:
    """`schema[keyword]` when it is an array (`required`, `enum`, `anyOf`), else []."""
    value = schema.get(keyword) if isinstance(schema, dict) else None
    return value if isinstance(value, list) else []


def expansion(value: Any) -> tuple[int, int]:
    """(distinct objects, nodes once every shared object is expanded) of JSON-like data, in time linear in the
    distinct objects; expanded is -1 for data that contains itself (a cyclic Python dict or list)."""
    if not isinstance(value, (dict, list)):
        return 0, 1  # a boolean schema, a scalar
    sizes: dict[int, int] = {}  # id -> expanded size; -1 while its children are being sized
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, done = stack.pop()
        children = [c for c in (node.values() if isinstance(node, dict) else node) if isinstance(c, (dict, list))]
        if done:
            sizes[id(node)] = 1 + len(node) - len(children) + sum(sizes[id(c)] for c in children)
            continue
        if id(node) in sizes:
            continue  # a shared object, sized already
        sizes[id(node)] = -1
        stack.append((node, True))
        for child in children:
            state = sizes.get(id(child))
            if state == -1:  # an object still being sized is an ancestor: a cycle
                return len(sizes), -1
            if state is None:
                stack.append((child, False))
    return len(sizes), sizes[id(value)]


def walk(schema: Any, pointer: str) -> Iterator[SchemaNode]:
    """Every object subschema of `schema`, each once, parents before children. Iterative: no recursion limit."""
    if not isinstance(schema, dict):
        return
    stack = [SchemaNode(schema, pointer)]
    pop, extend = stack.pop, stack.extend
    while stack:
        node = pop()
        yield node
        if node.depth >= MAX_WALK_DEPTH:
            continue
        children = _children(node)
        if children:
            children.reverse()
            extend(children)


# Every key `_children` can descend into; any other key is skipped with one set lookup.
_STRUCTURAL_KEYS = SCHEMA_MAP_KEYWORDS | SCHEMA_LIST_KEYWORDS | SCHEMA_KEYWORDS | {"items", "dependencies"}


def _children(node: SchemaNode) -> list[SchemaNode]:
    schema = node.schema
    depth = node.depth + 1
    children: list[SchemaNode] = []
    for key, value in schema.items():
        if key not in _STRUCTURAL_KEYS:
            continue
        if key in SCHEMA_MAP_KEYWORDS or (key == "dependencies" and isinstance(value, dict)):
            if isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        children.append(SchemaNode(sub, None, key, name, node, depth, (key, name)))
        elif key in SCHEMA_LIST_KEYWORDS or (key == "items" and isinstance(value, list)):
            if isinstance(value, list):
                for index, sub in enumerate(value):
                    if isinstance(sub, dict):
                        children.append(SchemaNode(sub, None, key, None, node, depth, (key, index)))
        elif key in SCHEMA_KEYWORDS or key == "items":
            if isinstance(value, dict):
                children.append(SchemaNode(value, None, key, None, node, depth, (key,)))
    return children


def schema_types(schema: Any) -> set[str]:
    """The types a schema names directly (type, or the literal values of enum/const)."""
    if not isinstance(schema, dict):
        return set()
    declared = schema.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    return set()


class RefResolver:
    """Resolve `$ref` inside one tool's schema with `referencing`; never retrieves anything remote."""

    BASE = "urn:toollint:schema"

    def __init__(self, root: Any, root_pointer: str, draft_uri: str | None = None) -> None:
        self.root = root
        self.root_pointer = root_pointer
        self._draft_uri = draft_uri
        self._resolver = None
        self._cache: dict[str, tuple[Any, str | None] | None] = {}

    def _get(self):
        if self._resolver is None:
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT202012, specification_with

            default = DRAFT202012
            if self._draft_uri:
                default = specification_with(self._draft_uri, default=DRAFT202012)
            resource = Resource.from_contents(self.root, default_specification=default)
            registry = Registry().with_resource(self.BASE, resource).crawl()
            self._resolver = registry.resolver(base_uri=self.BASE)
        return self._resolver

    def lookup(self, ref: str) -> tuple[Any, str | None] | None:
        """(target schema, its pointer in the file when known), or None when it does not resolve locally."""
        if not isinstance(ref, str):
            return None
        if ref in self._cache:
            return self._cache[ref]
        contents = _pointer_target(self.root, ref[1:]) if ref.startswith("#/") else _UNSETTLED
        if contents is _UNSETTLED:
            try:
                contents = self._get().lookup(ref).contents
            except Exception:  # noqa: BLE001 - any failure to resolve (unknown, remote, malformed) is "does not resolve"
                self._cache[ref] = None
                return None
        in_file = self.root_pointer + _percent_decode(ref[1:]) if ref.startswith("#/") or ref == "#" else None
        found = self._cache[ref] = (contents, in_file)
        return found

    def deref(self, schema: Any, limit: int = 32) -> Any:
        """Follow a chain of `$ref`s to the schema it ends at; stops on cycles and dangling refs."""
        seen = 0
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < limit:
            found = self.lookup(schema["$ref"])
            if found is None:
                return schema
            schema = found[0]
            seen += 1
        return schema


_UNSETTLED = object()


def _pointer_target(root: Any, pointer: str) -> Any:
    """What `referencing` answers for a `#/...` reference from the root, found without building its registry
    (which crawls the whole schema: most of the cost of a tool with one local `$ref`). Only plain steps are taken
    here, through objects and through arrays by a decimal index; anything else (a step into a string, a missing
    key, an odd index) is `_UNSETTLED` and left to `referencing`, so the answer is always the one it gives."""
    contents = root
    for segment in _percent_decode(pointer[1:]).split("/"):
        if isinstance(contents, dict):
            segment = segment.replace("~1", "/").replace("~0", "~")
            if segment not in contents:
                return _UNSETTLED
            contents = contents[segment]
        elif isinstance(contents, list) and segment.isascii() and segment.isdigit() and int(segment) < len(contents):
            contents = contents[int(segment)]
        else:
            return _UNSETTLED
    return contents


def refs_and_patterns(schema: Any) -> tuple[bool, list[str]]:
    """Whether a schema holds a `$ref` anywhere, and every `pattern` in it."""
    has_ref = False
    patterns: list[str] = []
    stack = [(schema, 0)]
    while stack:
        value, level = stack.pop()
        if level > 64:
            continue
        if isinstance(value, dict):
            if "$ref" in value:
                has_ref = True
            pattern = value.get("pattern")
            if isinstance(pattern, str):
                patterns.append(pattern)
            stack.extend((v, level + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, level + 1) for v in value if isinstance(v, (dict, list)))
    return has_ref, patterns


def is_remote_ref(ref: str) -> bool:
    head = ref.split("#", 1)[0]
    return bool(head) and (":" in head or head.startswith("//") or "." in head or "/" in head)


def _percent_decode(token: str) -> str:
    if "%" not in token:
        return token
    from urllib.parse import unquote

    return unquote(token)
