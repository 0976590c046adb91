"""Python type annotations, read as `ast`, turned into the JSON Schema pydantic 2 writes for them.

Only what can be known from the source is derived; anything else (a type imported from a library, a
validator, a computed default) raises `Underivable`, so the caller reports it instead of guessing.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field
from typing import Any

from toollint.pysource.modules import Module, Project, parse_expression

_SCALARS: dict[str, dict[str, Any]] = {
    "builtins.str": {"type": "string"},
    "builtins.int": {"type": "integer"},
    "builtins.float": {"type": "number"},
    "builtins.bool": {"type": "boolean"},
    "builtins.bytes": {"format": "binary", "type": "string"},
    "builtins.None": {"type": "null"},
    "builtins.object": {},
    "typing.Any": {},
    "typing_extensions.Any": {},
    "datetime.datetime": {"format": "date-time", "type": "string"},
    "datetime.date": {"format": "date", "type": "string"},
    "datetime.time": {"format": "time", "type": "string"},
    "datetime.timedelta": {"format": "duration", "type": "string"},
    "uuid.UUID": {"format": "uuid", "type": "string"},
    "pathlib.Path": {"format": "path", "type": "string"},
    "pydantic.EmailStr": {"format": "email", "type": "string"},
    "pydantic.AnyUrl": {"format": "uri", "minLength": 1, "type": "string"},
    "pydantic.HttpUrl": {"format": "uri", "maxLength": 2083, "minLength": 1, "type": "string"},
}
_STRING_LIKE = {"pathlib.Path", "uuid.UUID", "pathlib.PurePath", "pydantic.AnyUrl", "pydantic.HttpUrl"}
_LISTS = {"builtins.list", "typing.List", "typing.Sequence", "typing.Iterable", "collections.abc.Sequence",
          "collections.abc.Iterable", "typing.MutableSequence", "collections.abc.MutableSequence"}
_SETS = {"builtins.set", "builtins.frozenset", "typing.Set", "typing.FrozenSet", "collections.abc.Set",
         "typing.AbstractSet"}
_DICTS = {"builtins.dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping", "typing.MutableMapping"}
_TUPLES = {"builtins.tuple", "typing.Tuple"}
_TYPING = ("typing.", "typing_extensions.")
_ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "builtins.str", "builtins.int"}
_MODEL_BASES = {"pydantic.BaseModel", "pydantic.main.BaseModel"}
_FIELD = {"pydantic.Field", "pydantic.fields.Field"}
# pydantic.Field keywords that become JSON Schema keywords, by the kind of schema they constrain.
_FIELD_KEYWORDS = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
                   "multiple_of": "multipleOf", "pattern": "pattern"}
_LENGTHS = {"min_length": ("minLength", "minItems"), "max_length": ("maxLength", "maxItems")}


UNKNOWN_DEFAULT = object()  # a default is written but computed (`Path(".")`): the field is optional, value unknown


_MAX_ALIASES = 8
# Annotated metadata that leaves the JSON Schema as it is: validators run on values, not on the schema.
_TRANSPARENT = {"pydantic.BeforeValidator", "pydantic.AfterValidator", "pydantic.WrapValidator",
                "pydantic.functional_validators.BeforeValidator", "pydantic.functional_validators.AfterValidator",
                "pydantic.functional_validators.WrapValidator", "pydantic.Strict", "pydantic.types.Strict"}
# annotated_types constraints, as pydantic writes them.
_ANNOTATED_TYPES = {"Gt": "gt", "Ge": "ge", "Lt": "lt", "Le": "le", "MultipleOf": "multiple_of",
                    "MinLen": "min_length", "MaxLen": "max_length"}


class Underivable(Exception):
    """What cannot be known without running the code, said in a phrase: "the type `np.ndarray`"."""


@dataclass
class FieldInfo:
    """What a `Field(...)` (or `Annotated` metadata) says about one parameter or model field."""

    default: Any = inspect.Parameter.empty
    has_factory: bool = False
    alias: str | None = None
    keywords: dict[str, Any] = field(default_factory=dict)  # description, title, examples, constraints
    nodes: dict[str, ast.expr] = field(default_factory=dict)  # where each keyword is written


@dataclass
class SchemaBuilder:
    module: Module
    project: Project
    titles: bool = True
    string_metadata_describes: bool = False
    defs: dict[str, dict[str, Any]] = field(default_factory=dict)
    _active: set[str] = field(default_factory=set)
    _depth: int = 0  # aliases followed
    # Where each model of `defs` and its fields are written: name -> (module, class, {field: statement}).
    def_nodes: dict[str, tuple[Module, ast.ClassDef, dict[str, ast.stmt]]] = field(default_factory=dict)

    # -- types -------------------------------------------------------------------------------------------
    def schema(self, node: ast.expr | None, module: Module | None = None) -> dict[str, Any]:
        module = module or self.module
        if node is None:
            return {}
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a forward reference
            try:
                parsed = parse_expression(node.value)
            except SyntaxError:
                raise Underivable(f"the annotation {node.value!r}") from None
            return self.schema(parsed, module)
        if isinstance(node, ast.Constant) and node.value is None:
            return {"type": "null"}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return self._union([*_union_members(node)], module)
        if isinstance(node, ast.Subscript):
            return self._generic(node, module)
        alias = self._alias(node, module)
        if alias is not None and self._depth < _MAX_ALIASES:
            self._depth += 1
            try:
                return self.schema(*alias)
            finally:
                self._depth -= 1
        qualified = module.qualify(node)
        if qualified is None:
            found = self._project_class(node, module)
            if found is not None:
                return self._class_ref(*found)
            raise Underivable(f"the type `{ast.unparse(node)}`")
        if qualified in _SCALARS:
            return dict(_SCALARS[qualified])
        if qualified in _LISTS or qualified in _TUPLES:
            return {"items": {}, "type": "array"}
        if qualified in _SETS:
            return {"items": {}, "type": "array", "uniqueItems": True}
        if qualified in _DICTS:
            return {"additionalProperties": True, "type": "object"}
        found = self._project_class(node, module)
        if found is not None:
            return self._class_ref(*found)
        raise Underivable(f"the type `{ast.unparse(node)}`")

    def _generic(self, node: ast.Subscript, module: Module) -> dict[str, Any]:
        origin = module.qualify(node.value)
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if origin is None:
            raise Underivable(f"the type `{ast.unparse(node)}`")
        short = origin.split(".", 1)[1] if origin.startswith(_TYPING) else None
        if short == "Optional":
            return self._union([args[0], ast.Constant(None)], module)
        if short == "Union":
            return self._union([member for arg in args for member in _union_members(arg)], module)
        if short == "Literal":
            return _literal(args)
        if short == "Annotated":
            schema, _ = self.annotated(node, module)
            return schema
        if origin in _LISTS:
            return {"items": self.schema(args[0], module), "type": "array"}
        if origin in _SETS:
            return {"items": self.schema(args[0], module), "type": "array", "uniqueItems": True}
        if origin in _DICTS:
            if len(args) != 2 or module.qualify(args[0]) != "builtins.str":
                raise Underivable(f"the type `{ast.unparse(node)}`")
            value = self.schema(args[1], module)
            return {"additionalProperties": value if value else True, "type": "object"}
        if origin in _TUPLES:
            if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis:
                return {"items": self.schema(args[0], module), "type": "array"}
            items = [self.schema(arg, module) for arg in args]
            return {"maxItems": len(items), "minItems": len(items), "prefixItems": items, "type": "array"}
        raise Underivable(f"the type `{ast.unparse(node)}`")

    def _union(self, members: list[ast.expr], module: Module) -> dict[str, Any]:
        schemas: list[dict[str, Any]] = []
        for member in members:
            schema = self.schema(member, module)
            if schema not in schemas:
                schemas.append(schema)
        if len(schemas) == 1:
            return schemas[0]
        return {"anyOf": schemas}

    def annotated(self, node: ast.Subscript, module: Module | None = None) -> tuple[dict[str, Any], FieldInfo]:
        """`Annotated[T, Field(...), ...]`: T's schema with the field's constraints, and the field."""
        module = module or self.module
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        info = FieldInfo()
        for meta in args[1:]:
            if isinstance(meta, ast.Call) and module.qualify(meta.func) in _FIELD:
                self.read_field(meta, info, module)
            elif isinstance(meta, ast.Constant) and isinstance(meta.value, str) and self.string_metadata_describes:
                info.keywords.setdefault("description", meta.value)
                info.nodes.setdefault("description", meta)
            elif isinstance(meta, ast.Call) and module.qualify(meta.func) in _TRANSPARENT:
                continue
            elif isinstance(meta, ast.Call) and (module.qualify(meta.func) or "").startswith("annotated_types.") \
                    and (module.qualify(meta.func) or "").rsplit(".", 1)[-1] in _ANNOTATED_TYPES and len(meta.args) == 1:
                keyword = _ANNOTATED_TYPES[(module.qualify(meta.func) or "").rsplit(".", 1)[-1]]
                info.keywords[keyword] = self.value(meta.args[0], module)
                info.nodes[keyword] = meta
            elif (module.qualify(meta.func if isinstance(meta, ast.Call) else meta) or "").startswith(
                    ("pydantic.", "annotated_types.")):
                raise Underivable(f"the annotation `{ast.unparse(meta)}`")
        return self.constrained(self.schema(args[0], module), info), info

    def read_field(self, call: ast.Call, info: FieldInfo, module: Module | None = None) -> None:
        """Fill `info` from `Field(default, description=..., ge=...)`."""
        if call.args:
            value = call.args[0]
            if not (isinstance(value, ast.Constant) and value.value is Ellipsis):
                info.default = self.default(value, module)
        for keyword in call.keywords:
            if keyword.arg is None:
                raise Underivable("a `Field(**...)` call")
            if keyword.arg == "default":
                if not (isinstance(keyword.value, ast.Constant) and keyword.value.value is Ellipsis):
                    info.default = self.default(keyword.value, module)
            elif keyword.arg == "default_factory":
                info.has_factory = True
            elif keyword.arg in ("alias", "serialization_alias", "validation_alias"):
                if keyword.arg == "alias":
                    info.alias = self.value(keyword.value, module)
            elif keyword.arg == "json_schema_extra":
                extra = self.value(keyword.value, module)
                if not isinstance(extra, dict):
                    raise Underivable("a computed `json_schema_extra`")
                info.keywords.update(extra)
            elif keyword.arg in ("description", "title", "examples", "deprecated") or keyword.arg in _FIELD_KEYWORDS \
                    or keyword.arg in _LENGTHS:
                info.keywords[keyword.arg] = self.value(keyword.value, module)
                info.nodes[keyword.arg] = keyword.value
            elif keyword.arg in ("strict", "frozen", "repr", "init", "init_var", "kw_only", "exclude",
                                 "validate_default", "coerce_numbers_to_str"):
                continue
            else:
                raise Underivable(f"`Field({keyword.arg}=...)`")

    def constrained(self, schema: dict[str, Any], info: FieldInfo) -> dict[str, Any]:
        """Apply a field's type constraints: to the schema, or to the non-null branches of an `anyOf`."""
        constraints = {k: v for k, v in info.keywords.items() if k in _FIELD_KEYWORDS or k in _LENGTHS}
        if not constraints:
            return schema
        targets = [b for b in schema["anyOf"] if b.get("type") != "null"] if "anyOf" in schema else [schema]
        for target in targets:
            for key, value in constraints.items():
                if key in _LENGTHS:
                    target[_LENGTHS[key][1 if target.get("type") == "array" else 0]] = value
                else:
                    target[_FIELD_KEYWORDS[key]] = value
        return schema

    # -- values ------------------------------------------------------------------------------------------
    def value(self, node: ast.expr, module: Module | None = None) -> Any:
        """A literal value written in the source, as JSON data; an enum member becomes its value."""
        module = module or self.module
        try:
            found = ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            if isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Name, ast.Attribute)):
                enum = self._project_class(node.value, module)
                if enum is not None:
                    members = _enum_members(enum[0])
                    if members is not None and node.attr in members:
                        return members[node.attr]
            if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
                    module.qualify(node.func) in _STRING_LIKE and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                return node.args[0].value  # Path("."), UUID("...") serialise as their text
            if isinstance(node, ast.Name) and self._depth < _MAX_ALIASES:
                bound = self._constant(node, module)  # a module-level constant, here or in a project module
                if bound is not None:
                    self._depth += 1
                    try:
                        return self.value(*bound)
                    finally:
                        self._depth -= 1
            if isinstance(node, ast.Dict) and self._depth < _MAX_ALIASES:  # {"title": "x", **READ_ONLY}
                return self._dict(node, module)
            raise Underivable(f"the value `{ast.unparse(node)}`") from None
        return _jsonable(found, node)

    def _constant(self, node: ast.Name, module: Module) -> tuple[ast.expr, Module] | None:
        owner, name = module, node.id
        if name not in module.values:
            resolved = self.project.resolve(module, name) if name in module.imports else None
            if resolved is None:
                return None
            owner, name = resolved
        value = owner.values.get(name)
        return (value, owner) if isinstance(value, (ast.Constant, ast.Dict, ast.List, ast.Tuple, ast.UnaryOp,
                                                    ast.Name)) else None

    def _dict(self, node: ast.Dict, module: Module) -> dict[str, Any]:
        out: dict[str, Any] = {}
        self._depth += 1
        try:
            for key, value in zip(node.keys, node.values, strict=True):
                if key is None:
                    spread = self.value(value, module)
                    if not isinstance(spread, dict):
                        raise Underivable(f"the value `{ast.unparse(node)}`")
                    out.update(spread)
                else:
                    name = self.value(key, module)
                    if not isinstance(name, str):
                        raise Underivable(f"the value `{ast.unparse(node)}`")
                    out[name] = self.value(value, module)
        finally:
            self._depth -= 1
        return out

    # -- classes of the project --------------------------------------------------------------------------
    def _project_class(self, node: ast.expr, module: Module) -> tuple[ast.ClassDef, Module] | None:
        """A class of the project: `Model`, imported `Model`, or one nested in another (`Client.MarketType`)."""
        if isinstance(node, ast.Attribute):
            outer = self._project_class(node.value, module)
            if outer is not None:
                inner = next((c for c in outer[0].body if isinstance(c, ast.ClassDef) and c.name == node.attr), None)
                return (inner, outer[1]) if inner is not None else None
            qualified = module.qualify(node)  # `_models.Segment`, `_models` an imported project module
            found = self.project.resolve_qualified(module, qualified) if qualified else None
            if found is not None and found[1] in found[0].classes:
                return found[0].classes[found[1]], found[0]
            return None
        if not isinstance(node, ast.Name):
            return None
        if node.id in module.classes:
            return module.classes[node.id], module
        resolved = self.project.resolve(module, node.id)
        if resolved is not None and resolved[1] in resolved[0].classes:
            return resolved[0].classes[resolved[1]], resolved[0]
        return None

    def _alias(self, node: ast.expr, module: Module) -> tuple[ast.expr, Module] | None:
        """The type a name is an alias of (`CoercedInt = Annotated[int, ...]`), here or in a project module."""
        if not isinstance(node, ast.Name) or node.id in module.classes:
            return None
        owner, name = module, node.id
        if name in module.imports:
            resolved = self.project.resolve(module, name)
            if resolved is None:
                return None
            owner, name = resolved
        value = owner.values.get(name)
        if isinstance(value, (ast.Subscript, ast.BinOp)) or (
                isinstance(value, (ast.Name, ast.Attribute)) and owner.qualify(value) is not None):
            return value, owner
        return None

    def _class_ref(self, cls: ast.ClassDef, module: Module) -> dict[str, Any]:
        name = cls.name
        if name not in self.defs and name not in self._active:
            lineage = self._lineage(cls, module)
            if lineage is not None:
                self._active.add(name)
                try:
                    self.defs[name] = self._model(lineage)
                finally:
                    self._active.discard(name)
            elif {module.qualify(base) for base in cls.bases} & {"enum.Enum", "enum.IntEnum", "enum.StrEnum"}:
                self.defs[name] = self._enum(cls)
            else:
                raise Underivable(f"the class `{name}` (not a pydantic model or an enum)")
        return {"$ref": f"#/$defs/{name}"}

    def _lineage(self, cls: ast.ClassDef, module: Module, depth: int = 0) -> list[tuple[ast.ClassDef, Module]] | None:
        """A pydantic model's classes from the base down (`class Segment(PermissiveModel)`, PermissiveModel a
        BaseModel of the project), or None when the class is no model."""
        if depth > 10:
            return None
        for base in cls.bases:
            if module.qualify(base) in _MODEL_BASES:
                return [(cls, module)]
            parent = self._project_class(base, module)
            if parent is not None and parent[0] is not cls:
                above = self._lineage(parent[0], parent[1], depth + 1)
                if above is not None:
                    return above + [(cls, module)]
        return None

    def _enum(self, cls: ast.ClassDef) -> dict[str, Any]:
        members = _enum_members(cls)
        if members is None:
            raise Underivable(f"the values of the enum `{cls.name}`")
        values = list(members.values())
        schema: dict[str, Any] = {}
        doc = ast.get_docstring(cls)
        if doc:
            schema["description"] = doc
        schema["enum"] = values
        schema["title"] = cls.name
        kinds = {type(v) for v in values}
        if kinds == {str}:
            schema["type"] = "string"
        elif kinds == {int}:
            schema["type"] = "integer"
        return schema

    def _model(self, lineage: list[tuple[ast.ClassDef, Module]]) -> dict[str, Any]:
        """A model's schema: the fields of every class of its lineage, parents first, as pydantic orders them."""
        properties: dict[str, Any] = {}
        required: list[str] = []
        extra: str | None = None
        fields_at: dict[str, ast.stmt] = {}
        for cls, module in lineage:
            for statement in cls.body:
                if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "model_config"
                                                             for t in statement.targets):
                    extra = _extra(statement.value) or extra
                    continue
                if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
                    continue
                name = statement.target.id
                if name.startswith("_") or (module.qualify(statement.annotation) or "").endswith("ClassVar"):
                    continue
                schema, info = self.member(statement.annotation, statement.value, module)
                key = info.alias or name
                properties[key] = self.finish(schema, info, key, always_title=True)
                fields_at[key] = statement
                if key in required:
                    required.remove(key)
                if info.default is inspect.Parameter.empty and not info.has_factory:
                    required.append(key)
        cls = lineage[-1][0]
        self.def_nodes[cls.name] = (lineage[-1][1], cls, fields_at)
        model: dict[str, Any] = {}
        if extra in ("forbid", "allow"):
            model["additionalProperties"] = extra == "allow"
        doc = ast.get_docstring(cls)
        if doc:
            model["description"] = doc
        model["properties"] = properties
        if required:
            model["required"] = required
        model["title"] = cls.name
        model["type"] = "object"
        return model

    def member(self, annotation: ast.expr | None, default: ast.expr | None,
               module: Module | None = None) -> tuple[dict[str, Any], FieldInfo]:
        """The schema and field of one parameter or model field: its annotation and its `= default`."""
        module = module or self.module
        alias = self._alias(annotation, module) if annotation is not None else None
        if alias is not None and isinstance(alias[0], ast.Subscript) and \
                (alias[1].qualify(alias[0].value) or "").endswith(".Annotated"):
            schema, info = self.annotated(alias[0], alias[1])  # an alias of Annotated keeps its Field
        elif isinstance(annotation, ast.Subscript) and (module.qualify(annotation.value) or "").endswith(".Annotated"):
            schema, info = self.annotated(annotation, module)
        else:
            schema, info = self.schema(annotation, module), FieldInfo()
        if default is not None:
            if isinstance(default, ast.Call) and module.qualify(default.func) in _FIELD:
                before = dict(info.keywords)
                self.read_field(default, info, module)
                if info.keywords != before:
                    schema = self.constrained(schema, info)
            else:
                info.default = self.default(default, module)
        return schema, info

    def default(self, node: ast.expr, module: Module | None = None) -> Any:
        """A default's JSON value, or UNKNOWN_DEFAULT when it is computed: the field stays optional."""
        try:
            return self.value(node, module)
        except Underivable:
            return UNKNOWN_DEFAULT

    def finish(self, schema: dict[str, Any], info: FieldInfo, name: str, *, always_title: bool = False) -> dict:
        """The property as pydantic writes it: the type's schema plus default, description, title, examples;
        keys sorted, as pydantic sorts them."""
        out = dict(schema)
        if info.default is not inspect.Parameter.empty and info.default is not UNKNOWN_DEFAULT:
            out["default"] = info.default
        for key in ("description", "examples", "deprecated"):
            if key in info.keywords:
                out[key] = info.keywords[key]
        if "title" in info.keywords:
            out["title"] = info.keywords["title"]
        elif (self.titles or always_title) and not _names_a_class(out):
            out["title"] = _title(name)
        for key, value in info.keywords.items():
            if key not in _FIELD_KEYWORDS and key not in _LENGTHS and key not in out and key not in (
                    "description", "examples", "deprecated", "title"):
                out[key] = value  # json_schema_extra
        return dict(sorted(out.items()))


def _names_a_class(schema: dict[str, Any]) -> bool:
    """pydantic gives no field title to a model or enum reference, bare or made optional."""
    if "$ref" in schema:
        return True
    branches = schema.get("anyOf")
    return isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches and any(
        "$ref" in b for b in branches)


def _title(name: str) -> str:
    """pydantic's title for a field name: `weight_kg` -> "Weight Kg"."""
    return name.title().replace("_", " ")


def _union_members(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_members(node.left) + _union_members(node.right)
    return [node]


def _literal(args: list[ast.expr]) -> dict[str, Any]:
    values = []
    for arg in args:
        try:
            value = ast.literal_eval(arg)
        except (ValueError, TypeError, SyntaxError):
            raise Underivable(f"the literal `{ast.unparse(arg)}`") from None
        values.append(value)
    kinds = {type(v) for v in values}
    schema: dict[str, Any] = {"const": values[0]} if len(values) == 1 else {"enum": values}
    for kind, name in ((str, "string"), (bool, "boolean"), (int, "integer"), (float, "number")):
        if kinds == {kind}:
            schema["type"] = name
    return schema


def _enum_members(cls: ast.ClassDef) -> dict[str, Any] | None:
    members: dict[str, Any] = {}
    for statement in cls.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            name = statement.targets[0].id
            if name.startswith("_"):
                continue
            try:
                members[name] = ast.literal_eval(statement.value)
            except (ValueError, TypeError, SyntaxError):
                return None  # auto() and computed values: not knowable here
    return members or None


def _extra(node: ast.expr) -> str | None:
    """`model_config = ConfigDict(extra="forbid")` (or a dict): "forbid", "allow", "ignore" or None."""
    pairs: list[tuple[ast.expr | None, ast.expr]] = []
    if isinstance(node, ast.Call):
        pairs = [(ast.Constant(k.arg), k.value) for k in node.keywords]
    elif isinstance(node, ast.Dict):
        pairs = list(zip(node.keys, node.values, strict=True))
    for key, value in pairs:
        if isinstance(key, ast.Constant) and key.value == "extra" and isinstance(value, ast.Constant):
            return value.value if isinstance(value.value, str) else None
    return None


def _jsonable(value: Any, node: ast.expr) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(item, node) for item in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _jsonable(v, node) for k, v in value.items()}
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")  # pydantic serialises bytes as UTF-8 text
        except UnicodeDecodeError:
            raise Underivable(f"the value `{ast.unparse(node)}`") from None
    if isinstance(value, (set, frozenset)):
        return [_jsonable(item, node) for item in value]
    raise Underivable(f"the value `{ast.unparse(node)}`")
