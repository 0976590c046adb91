"""Tool definitions derived from the functions a framework decorator registers, the way that framework
derives them, with the source position of every part (for findings) and a reason for what is skipped."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field, replace
from typing import Any

from toollint import pointer as jp
from toollint.document.locate import LineIndex, Span
from toollint.pysource.annotations import UNKNOWN_DEFAULT, FieldInfo, SchemaBuilder, Underivable
from toollint.pysource.docstrings import RawDocstring, framework_docstring, line_of, raw_docstring
from toollint.pysource.frameworks import (
    FASTMCP_4,
    MCP_SDK_1,
    MCP_SDK_2,
    UNKNOWN_SERVER,
    Framework,
    by_decorator,
    by_server_class,
    fastmcp_for,
)
from toollint.pysource.modules import Module, Project, parse_expression
from toollint.pysource.pins import pinned_version

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_CONTEXT_NAMES = ("Context",)
_DECORATOR_KEYWORDS = {"name", "title", "description", "annotations", "structured_output", "exclude_args", "tags",
                       "icons", "meta", "enabled", "output_schema", "serializer", "timeout", "version", "task",
                       "auth", "app"}


@dataclass
class Positions:
    """Where each pointer's key and value are written: what a `Locator` answers with."""

    lines: LineIndex
    keys: dict[str, Span] = field(default_factory=dict)
    values: dict[str, Span] = field(default_factory=dict)

    def node(self, pointer: str, node: ast.AST, *, key: bool = False) -> None:
        start = self._column(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or node.lineno  # type: ignore[attr-defined]
        end = self._column(end_line, getattr(node, "end_col_offset", None) or node.col_offset)  # type: ignore[attr-defined]
        span = Span(node.lineno, start, end_line, end)  # type: ignore[attr-defined]
        (self.keys if key else self.values).setdefault(pointer, span)

    def line(self, pointer: str, line: int) -> None:
        text = self.lines.line_text(line)
        indent = len(text) - len(text.lstrip())
        self.values.setdefault(pointer, Span(line, indent + 1, line, len(text) + 1))

    def _column(self, line: int, byte_offset: int) -> int:
        """ast columns count UTF-8 bytes; findings count characters."""
        text = self.lines.line_text(line)
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", "ignore")) + 1


@dataclass
class Derived:
    tools: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)  # {"function": name, "reason" or "note": why}
    unknown: list[str] = field(default_factory=list)  # pointers of parts that are computed: rules leave them be


class _Skip(Exception):
    pass


def derive_tools(module: Module, project: Project, positions: Positions) -> Derived:
    derived = Derived()
    functions = module.functions
    registrations: list[tuple[Any, Framework, ast.expr, ast.Call | None]] = []
    for function in functions.values():
        for decorator in function.decorator_list:
            found = _server_decorator(decorator, module, project)
            if found is not None:
                registrations.append((function, *found))
    for node in module.calls:
        found_call = _add_tool_call(node, module, project, functions)  # mcp.add_tool(fn, ...), mcp.tool()(fn)
        if found_call is not None:
            registrations.append(found_call)
    registrations.sort(key=lambda item: (item[2].lineno, item[2].col_offset))
    for function, framework, _where, call in registrations:
        pointer = jp.join("/tools", len(derived.tools))
        try:
            tool = _derive(function, framework, call, module, project, positions, pointer)
        except _UnknownAnnotations as partial:
            tool = partial.tool
            derived.unknown.append(jp.join(pointer, "annotations"))
            note = jp.join("/skipped", len(derived.skipped))
            positions.node(note, call if call is not None else function)
            derived.skipped.append({"function": function.name, "note": f"the annotations of `{tool['name']}` are "
                                    f"not linted: {str(partial).removeprefix('its ')}"})
        except (_Skip, Underivable) as error:
            derived.skipped.append(_skipped(function, str(error), positions, len(derived.skipped)))
            continue
        except RecursionError:
            derived.skipped.append(_skipped(function, "its types are nested too deeply to derive", positions,
                                            len(derived.skipped)))
            continue
        positions.node(pointer, function)
        derived.tools.append(tool)
    if derived.tools:
        _note_run_time_changes(module, positions, derived)
    return derived


# What a server does to its tools at run time, which a static reading cannot follow: edits through the
# framework's private registry, transforms, and mounting another server under a prefix (renames its tools).
_RUN_TIME_CHANGES = {"_tool_manager": "edits its tools through `{expr}`", "_local_provider": "edits its tools "
                     "through `{expr}`", "add_transform": "transforms its tools (`{expr}`)",
                     "mount": "mounts a server (`{expr}`), which may rename its tools with a prefix",
                     "import_server": "imports a server (`{expr}`), which may rename its tools with a prefix"}


def _note_run_time_changes(module: Module, positions: Positions, derived: Derived) -> None:
    for node in ast.walk(module.tree) if _mentions_changes(module) else ():
        if isinstance(node, ast.Attribute) and node.attr in _RUN_TIME_CHANGES:
            expr = ast.unparse(node)
            pointer = jp.join("/skipped", len(derived.skipped))
            positions.node(pointer, node)
            derived.skipped.append({"function": None, "note": f"this file {_RUN_TIME_CHANGES[node.attr].format(expr=expr)} "
                                    "at run time; the tools it lists may differ from the definitions derived here"})
            return  # one note per file is enough to say the reading is not the whole story


def _mentions_changes(module: Module) -> bool:
    """A text test first: the tree is walked only in the rare file that names one of these."""
    return any(f".{name}" in module.text for name in _RUN_TIME_CHANGES)


# A registration whose function is computed (`mcp.tool(...)(wrap(fn))`): reported, never guessed.
DYNAMIC = replace(UNKNOWN_SERVER, name="dynamic")


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."


def _skipped(function: ast.AST, reason: str, positions: Positions, index: int) -> dict:
    name = function.name if isinstance(function, _FUNCTIONS) else None
    pointer = jp.join("/skipped", index)
    positions.node(pointer, function)
    return {"function": name, "reason": reason}


def _instance_framework(node: ast.expr, module: Module, project: Project) -> Framework | None:
    """The framework of a server object: `mcp` bound by `mcp = FastMCP(...)` here or in a project module, or a
    parameter of a registering function (`def register_tools(mcp: FastMCP)`), or UNKNOWN_SERVER for such a
    parameter whose class the file does not show."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        held = module.attributes.get(node.attr)  # a server held by a class: self.server = server / FastMCP(...)
        if isinstance(held, ast.Call):
            qualified = module.qualify(held.func)
            return _with_pinned_version(by_server_class(qualified) if qualified else None, module)
        if isinstance(held, ast.Name) and held.id in module.parameters:
            return _parameter_framework(module.parameters[held.id], module)
        return None
    if not isinstance(node, ast.Name):
        return None
    owner, name = module, node.id
    if name not in module.values:
        if name in module.parameters and name not in module.imports:
            return _parameter_framework(module.parameters[name], module)
        resolved = project.resolve(module, name)
        if resolved is None:
            return None
        owner, name = resolved
    value = owner.values.get(name)
    if not isinstance(value, ast.Call):
        return None
    called = value.func.value if isinstance(value.func, ast.Subscript) else value.func  # Agent[Deps, Out](...)
    qualified = owner.qualify(called)
    return _with_pinned_version(by_server_class(qualified) if qualified else None, owner)


def _with_pinned_version(framework: Framework | None, module: Module) -> Framework | None:
    if framework is not None and framework.name == "fastmcp":
        return fastmcp_for(pinned_version(module.path, "fastmcp"))
    return framework


def _parameter_framework(annotation: ast.expr | None, module: Module) -> Framework:
    """A server passed in as a parameter: its annotation names the class; without one, the one tool framework
    the file imports from (`from fastmcp import Context`) says which it is."""
    for qualified in _names_in(annotation, module):
        framework = by_server_class(qualified)
        if framework is not None:
            return _with_pinned_version(framework, module) or framework
    families = {framework for qualified in module.imports.values()
                if (framework := _family(qualified)) is not None}
    if len(families) == 1:
        return _with_pinned_version(families.pop(), module) or UNKNOWN_SERVER
    return UNKNOWN_SERVER


def _family(qualified: str) -> Framework | None:
    for prefix, framework in ((("mcp.server.fastmcp",), MCP_SDK_1), (("mcp.server.mcpserver",), MCP_SDK_2),
                              (("fastmcp",), FASTMCP_4)):
        if qualified.startswith(prefix):
            return framework
    return None


def _server_decorator(decorator: ast.expr, module: Module, project: Project) -> tuple[Framework, ast.expr, ast.Call | None] | None:
    """`@mcp.tool(...)`, `@agent.tool_plain`, `@function_tool(...)`, `@tool("name")`: (framework, node, call)."""
    call = decorator if isinstance(decorator, ast.Call) else None
    target = call.func if call is not None else decorator
    qualified = module.qualify(target)
    framework = by_decorator(qualified) if qualified is not None else None
    if framework is not None:
        return framework, decorator, call
    if not isinstance(target, ast.Attribute) or target.attr not in ("tool", "tool_plain"):
        return None
    framework = _instance_framework(target.value, module, project)
    if framework is None or (target.attr == "tool_plain" and not framework.agents):
        return None
    return framework, decorator, call


def _add_tool_call(call: ast.Call, module: Module, project: Project, functions: dict):
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "add_tool" and call.args:
        first, options = call.args[0], call
    elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "tool" \
            and len(call.args) == 1:
        first, options, func = call.args[0], func, func.func
    else:
        return None
    framework = _instance_framework(func.value if isinstance(func, ast.Attribute) else func, module, project)
    if framework is None:
        return None
    if not isinstance(first, ast.Name) or first.id not in functions:  # mcp.tool()(wrap(fn)) in a loop, say
        return call, DYNAMIC, call, None
    if options is call:  # add_tool(fn, name=...): the options are its keywords, the function is not one
        options = ast.Call(func=call.func, args=[], keywords=call.keywords)
        ast.copy_location(options, call)
    return functions[first.id], framework, call, options


def _literal_option(call: ast.Call | None, name: str, builder: SchemaBuilder, position: int | None = None):
    """(value, node) of a decorator option given as a literal; raises _Skip for a computed one."""
    if call is None:
        return None, None
    node = next((k.value for k in call.keywords if k.arg == name), None)
    if node is None and position is not None and len(call.args) > position:
        node = call.args[position]
    if node is None:
        return None, None
    try:
        return builder.value(node), node
    except Underivable:
        raise _Skip(f"its `{name}=` is computed at run time (`{ast.unparse(node)}`)") from None


def _derive(function, framework: Framework, call: ast.Call | None, module: Module, project: Project,
            positions: Positions, pointer: str) -> dict[str, Any]:
    if framework is DYNAMIC:
        raise _Skip(f"`{_clip(ast.unparse(function))}` registers a function computed at run time (in a loop or "
                    "through a wrapper); its tools are not known without running it")
    if framework is UNKNOWN_SERVER:
        raise _Skip("it is registered on a function parameter whose server class this file does not show; "
                    "annotate the parameter (`mcp: FastMCP`)")
    if call is None and not framework.bare_decorator:
        raise _Skip("`@...tool` without parentheses: this framework raises at import; write `@mcp.tool()`")
    if call is not None and any(k.arg is None for k in call.keywords):
        raise _Skip("its decorator options are passed as `**kwargs`")
    args = function.args
    if args.vararg is not None or args.kwarg is not None:
        raise _Skip("a `*args` or `**kwargs` signature has no fixed parameters to derive")
    builder = SchemaBuilder(module, project, titles=framework.titles,
                            string_metadata_describes=framework.annotated_string_is_description)
    name, name_node = _literal_option(call, framework.name_keyword, builder, position=0)
    if name is not None and not isinstance(name, str):
        raise _Skip("its `name=` is not a string")
    tool: dict[str, Any] = {"name": name or function.name}
    if name_node is not None:
        positions.node(jp.join(pointer, "name"), name_node)
    else:
        positions.line(jp.join(pointer, "name"), function.lineno)
    try:
        title = _literal_option(call, "title", builder)[0]
    except _Skip:  # a computed title: left out (no rule needs it), never guessed
        title = UNKNOWN_DEFAULT
    if isinstance(title, str):
        tool["title"] = title
    elif framework.default_title and title is not UNKNOWN_DEFAULT:
        tool["title"] = tool["name"].replace("_", " ").replace("-", " ").title()
    description, description_node = _literal_option(call, framework.description_keyword, builder)
    raw = raw_docstring(function)
    style = framework.docstring
    if framework.parse_docstring_keyword and _literal_option(call, framework.parse_docstring_keyword, builder)[0]:
        style = "split-always"
    doc = framework_docstring(raw.value if raw is not None else None, style)
    if style != framework.docstring:  # LangChain's parse_docstring=True: the Args entries become descriptions
        framework = replace(framework, param_docs=True)
    if isinstance(description, str) and description:
        tool["description"] = description
        positions.node(jp.join(pointer, "description"), description_node)
    elif doc.text is not None or framework.strict:
        tool["description"] = doc.text or ""
        if raw is not None:
            positions.node(jp.join(pointer, "description"), raw.node)
    excluded, _ = _literal_option(call, "exclude_args", builder)
    schema = _input_schema(function, framework, builder, doc.parameters, raw, set(excluded or ()), positions,
                           jp.join(pointer, "inputSchema"), tool["name"])
    if framework.root_description and raw is not None:  # LangChain's model description: the parsed or cleaned doc
        root = doc.text if style != framework.docstring else inspect.cleandoc(raw.value)
        schema = dict(sorted({**schema, "description": root}.items()))
    tool["inputSchema"] = schema
    try:
        annotations, annotations_node = _annotations(call, builder)
    except _Skip as computed:  # the tool is still derived; its annotations are unknown, and said to be
        raise _UnknownAnnotations(tool, str(computed)) from None
    if annotations is not None:
        tool["annotations"] = annotations
        positions.node(jp.join(pointer, "annotations"), annotations_node)  # type: ignore[arg-type]
    return tool


class _UnknownAnnotations(Exception):
    """A tool derived in full but for its annotations, which are computed (`annotations=read_only("x")`)."""

    def __init__(self, tool: dict[str, Any], reason: str) -> None:
        super().__init__(reason)
        self.tool = tool


def _annotations(call: ast.Call | None, builder: SchemaBuilder) -> tuple[dict | None, ast.expr | None]:
    node = next((k.value for k in call.keywords if k.arg == "annotations"), None) if call is not None else None
    if node is None:
        return None, None
    written = node
    if isinstance(node, ast.Name) and node.id in builder.module.values:  # READ_ONLY = ToolAnnotations(...)
        node = builder.module.values[node.id]
    called = builder.module.qualify(node.func) if isinstance(node, ast.Call) else None
    if isinstance(node, ast.Call) and not node.args and called is not None and (
            called.endswith(".ToolAnnotations") or called == "builtins.dict"):  # ToolAnnotations(readOnlyHint=True)
        try:
            return {k.arg: builder.value(k.value) for k in node.keywords if k.arg is not None}, written
        except Underivable:
            pass
    else:
        try:
            value = builder.value(node)
            if isinstance(value, dict):
                return value, written
        except Underivable:
            pass
    raise _Skip(f"its `annotations=` is computed at run time (`{_clip(ast.unparse(written))}`)")


def _parameters(function) -> list[tuple[ast.arg, ast.expr | None]]:
    args = function.args
    positional = args.posonlyargs + args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    return list(zip(positional, defaults, strict=True)) + list(zip(args.kwonlyargs, args.kw_defaults, strict=True))


def _names_in(annotation: ast.expr | None, module: Module) -> list[str]:
    """The qualified names an annotation mentions (`Context | None`, `"FastMCP"`): parsed when it is a string."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = parse_expression(annotation.value)
        except SyntaxError:
            return []
    if annotation is None:
        return []
    found = (module.qualify(node) for node in ast.walk(annotation) if isinstance(node, (ast.Name, ast.Attribute)))
    return [name for name in found if name]


def _is_injected(arg: ast.arg, default: ast.expr | None, module: Module) -> bool:
    """A parameter the framework fills itself: a `Context` (`ctx: Context | None`), or a fastmcp dependency."""
    for qualified in _names_in(arg.annotation, module):
        if qualified.rsplit(".", 1)[-1] in _CONTEXT_NAMES and qualified.startswith(("mcp.", "fastmcp.")):
            return True
    if isinstance(default, ast.Call):
        called = module.qualify(default.func) or ""
        return called.startswith("fastmcp.") and called.rsplit(".", 1)[-1] in (
            "Depends", "CurrentContext", "CurrentRequest", "CurrentHeaders", "CurrentAccessToken")
    return False


def _input_schema(function, framework: Framework, builder: SchemaBuilder, param_docs: dict[str, str],
                  raw: RawDocstring | None, excluded: set[str], positions: Positions, pointer: str,
                  name: str) -> dict:
    properties: dict[str, Any] = {}
    required: list[str] = []
    module = builder.module
    parameters = _parameters(function)
    if parameters and framework.first_parameter_injected and _annotation_name(parameters[0][0]) in \
            framework.first_parameter_injected:
        parameters = parameters[1:]
    positions.node(pointer, parameters[0][0] if parameters else function)
    for arg, default in parameters:
        if arg.arg in ("self", "cls") or _is_injected(arg, default, module) or arg.arg in excluded:
            continue
        if arg.arg.startswith("_") and framework.untyped_as_string:
            raise _Skip(f"the parameter `{arg.arg}` starts with `_`, which this framework refuses")
        try:
            if arg.annotation is None:
                info = builder.member(None, default)[1] if default is not None else FieldInfo()
                base: dict[str, Any] = {"title": arg.arg, "type": "string"} if framework.untyped_as_string else {}
            else:
                base, info = builder.member(arg.annotation, default)
        except Underivable as error:
            raise _Skip(f"the parameter `{arg.arg}` uses {error}, which is not known without importing it") from None
        key = info.alias or arg.arg
        described = framework.param_docs and key in param_docs and "description" not in info.keywords
        if described:
            info.keywords["description"] = param_docs[key]
        prop = _untyped(base, info) if arg.annotation is None and framework.untyped_as_string \
            else builder.finish(base, info, key)
        properties[key] = prop
        prop_pointer = jp.join(pointer, "properties", key)
        positions.node(prop_pointer, arg, key=True)
        positions.node(prop_pointer, arg.annotation or arg)
        for keyword, node in info.nodes.items():
            target = {"min_length": "minLength", "max_length": "maxLength"}.get(keyword, keyword)
            positions.node(jp.join(prop_pointer, target), node)
        if default is not None:
            positions.node(jp.join(prop_pointer, "default"), default)
        if described and raw is not None:
            line = line_of(raw.value, key)
            if line is not None:
                positions.line(jp.join(prop_pointer, "description"), raw.lineno + line)
        if info.default is inspect.Parameter.empty and not info.has_factory:
            required.append(key)
    if framework.strict:
        required = list(properties)
        for prop in properties.values():
            if prop.get("default", 0) is None:
                del prop["default"]
    single = _single_model(properties, builder) if framework.single_model else None
    if single is not None:  # the model's own schema, its $defs beside it
        defs = {n: d for n, d in builder.defs.items() if n != single}
        model = dict(builder.defs[single])
        model["properties"] = {k: _without_titles(v) for k, v in model["properties"].items()}
        if defs:
            model["$defs"] = {n: _model_titles_only(d) for n, d in sorted(defs.items())}
        return dict(sorted(model.items()))
    schema: dict[str, Any] = {}
    if framework.closed and not framework.strict:
        schema["additionalProperties"] = False
    if builder.defs and not framework.dereference:
        keep = (lambda d: d) if framework.titles else (_model_titles_only if framework.model_titles
                                                       else _without_titles)
        schema["$defs"] = {name: keep(d) for name, d in sorted(builder.defs.items())}
        _place_models(builder, positions, jp.join(pointer, "$defs"))
    schema["properties"] = properties
    if required:
        schema["required"] = required
    if framework.titles and framework.model_title:
        schema["title"] = framework.model_title.format(function=function.name, name=name)
    schema["type"] = "object"
    if framework.strict:
        schema["additionalProperties"] = False  # the Agents SDK's ensure_strict_json_schema adds it last
    if framework.dereference and builder.defs:
        schema = _inline(schema, builder.defs)
    if not framework.titles:
        schema["properties"] = {k: _without_titles(v) for k, v in schema["properties"].items()}
    return schema


def _annotation_name(arg: ast.arg) -> str | None:
    """The bare class name of a parameter's annotation: `RunContext[Deps]` -> "RunContext"."""
    node = arg.annotation
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split("[")[0].rsplit(".", 1)[-1]
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _untyped(base: dict, info: FieldInfo) -> dict:
    """An unannotated parameter in the mcp SDK: `WithJsonSchema({"title": name, "type": "string"})`, plus the
    field's default."""
    out = dict(base)
    if info.default is not inspect.Parameter.empty and info.default is not UNKNOWN_DEFAULT:
        out["default"] = info.default
    return dict(sorted(out.items()))


def _place_models(builder: SchemaBuilder, positions: Positions, pointer: str) -> None:
    """Findings inside a model of this file point at its class and fields (a model of another module keeps
    the parameter's place: these positions are lines of this file)."""
    for name, (owner, cls, fields_at) in builder.def_nodes.items():
        if owner is not builder.module:
            continue
        positions.node(jp.join(pointer, name), cls)
        for key, statement in fields_at.items():
            positions.node(jp.join(pointer, name, "properties", key), statement)


def _single_model(properties: dict[str, Any], builder: SchemaBuilder) -> str | None:
    """The model name when a tool's only parameter is a project model (`def display(recipe: Recipe)`)."""
    if len(properties) != 1:
        return None
    ref = next(iter(properties.values())).get("$ref")
    name = ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None
    definition = builder.defs.get(name) if name else None
    return name if isinstance(definition, dict) and "properties" in definition else None


def _model_titles_only(node: dict[str, Any]) -> dict[str, Any]:
    """A `$defs` entry with its own title kept and its fields' titles dropped (Pydantic AI's tool schemas)."""
    out = dict(node)
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: _without_titles(v) for k, v in out["properties"].items()}
    return out


def _without_titles(node: Any) -> Any:
    """fastmcp's `prune_titles`: no `title` keyword anywhere (a property *named* title stays)."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "title" and isinstance(value, str):
                continue
            if key in ("properties", "$defs") and isinstance(value, dict):
                out[key] = {name: _without_titles(child) for name, child in value.items()}
            else:
                out[key] = _without_titles(value)
        return out
    if isinstance(node, list):
        return [_without_titles(item) for item in node]
    return node


def _inline(node: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    if depth > 50:
        return node
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
            merged = {**_inline(defs[ref[8:]], defs, depth + 1), **{k: v for k, v in node.items() if k != "$ref"}}
            return dict(sorted(merged.items()))
        return {k: _inline(v, defs, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(item, defs, depth + 1) for item in node]
    return node
