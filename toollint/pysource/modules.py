"""One Python file read with `ast`, never imported: its imports, classes and module-level names, and the
project files its relative and package imports point to (read the same way, once each)."""

from __future__ import annotations

import ast
import os
import re
import warnings
from dataclasses import dataclass, field

from toollint.safeio import read_regular

MAX_MODULE_BYTES = 4 * 1024 * 1024
MAX_HOPS = 4  # re-exports followed through project modules (`from .server import mcp`)


@dataclass
class Module:
    path: str | None
    tree: ast.Module
    package: str | None = None  # the dotted package this file is in, when it lies in one (for relative imports)
    text: str = ""
    imports: dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)
    values: dict[str, ast.expr] = field(default_factory=dict)  # NAME = <expr>, anywhere in the file (last wins)
    relative: dict[str, tuple[int, str | None, str]] = field(default_factory=dict)  # name -> (level, module, attr)
    # Gathered in the same single walk of the tree (walking is most of the reading's cost):
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    calls: list[ast.Call] = field(default_factory=list)
    literal_assignments: list[ast.Assign] = field(default_factory=list)  # NAME = [...] / {...}
    parameters: dict[str, ast.expr | None] = field(default_factory=dict)  # function parameter -> its annotation
    attributes: dict[str, ast.expr] = field(default_factory=dict)  # self.NAME = <expr> in any method

    def qualify(self, node: ast.expr) -> str | None:
        """The dotted name an expression stands for: `Optional` -> `typing.Optional`, a local class -> `.Name`."""
        if isinstance(node, ast.Name):
            if node.id in self.imports:
                return self.imports[node.id]
            if node.id in self.classes:
                return "." + node.id
            return "builtins." + node.id if node.id in _BUILTINS else None
        if isinstance(node, ast.Attribute):
            base = self.qualify(node.value)
            return f"{base}.{node.attr}" if base else None
        return None


_BUILTINS = frozenset({"str", "int", "float", "bool", "bytes", "dict", "list", "set", "frozenset", "tuple", "object",
                       "None", "type"})


def _parse_quietly(text: str, filename: str, mode: str) -> ast.AST:
    """`ast.parse` without the compiler's warnings about the user's code (`"\\d"` in a docstring is a
    SyntaxWarning from Python 3.12 on, `1if x` another): Python prints them on toollint's stderr, as if the
    linter had something to say, and they are no finding of a tool definition."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)  # (the same warnings before Python 3.12)
        return ast.parse(text, filename=filename, mode=mode)


def parse_expression(text: str) -> ast.expr:
    """A string annotation (`"FastMCP"`, `"list[Item]"`) as an expression; raises SyntaxError as `ast.parse`."""
    parsed = _parse_quietly(text, "<annotation>", "eval")
    assert isinstance(parsed, ast.Expression)
    return parsed.body


def parse_module(text: str, path: str | None) -> Module:
    """Raises SyntaxError (with lineno/offset) and ValueError (NUL bytes) as `ast.parse` does."""
    tree = _parse_quietly(text, path or "<python>", "exec")
    assert isinstance(tree, ast.Module)
    module = Module(path, tree, package=_package_of(path), text=text)
    if _CALL_SITES.search(text):  # `tools=[...]`, `mcp.add_tool(fn)`, `mcp.tool()(fn)`: calls anywhere matter
        module.calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    module.imports[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    module.imports[top] = top
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                local = alias.asname or alias.name
                if node.level:
                    module.relative[local] = (node.level, node.module, alias.name)
                    base = _absolute(module.package, node.level, node.module)
                    if base is not None:
                        module.imports[local] = f"{base}.{alias.name}"
                elif node.module:
                    module.imports[local] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.ClassDef):
            module.classes.setdefault(node.name, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            module.functions[node.name] = node
            for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
                if arg.annotation is not None or arg.arg not in module.parameters:
                    module.parameters[arg.arg] = arg.annotation
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Dict, ast.Tuple)):
            module.literal_assignments.append(node)
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    module.values[target.id] = node.value
                elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id == "self":
                    module.attributes[target.attr] = node.value
    return module


_CALL_SITES = re.compile(r"\b(?:tools|functions|function_declarations)\s*=|\.add_tool\s*\(|\.tool\([^()]*\)\s*\(")


def _statements(tree: ast.Module):
    """Every statement, nested ones included, without walking into expressions: imports, classes, functions
    and assignments are statements, and the expressions are nine nodes in ten."""
    stack: list[ast.AST] = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, name, None)
            if children:
                stack.extend(reversed([c for c in children if isinstance(c, (ast.stmt, ast.excepthandler,
                                                                              ast.match_case))]))


def _package_of(path: str | None) -> str | None:
    """The dotted package of a file, from the `__init__.py` files above it (None outside any package)."""
    if path is None:
        return None
    parts: list[str] = []
    directory = os.path.dirname(os.path.abspath(path))
    while os.path.isfile(os.path.join(directory, "__init__.py")) and len(parts) < 20:
        parts.append(os.path.basename(directory))
        directory = os.path.dirname(directory)
    return ".".join(reversed(parts)) or None


def _absolute(package: str | None, level: int, module: str | None) -> str | None:
    if package is None:
        return None
    parts = package.split(".")
    if level - 1 > len(parts):
        return None
    base = parts[:len(parts) - (level - 1)]
    return ".".join(base + ([module] if module else [])) or None


class Project:
    """The files of one lint run's project, read once each on demand (for names imported from them)."""

    def __init__(self) -> None:
        self._cache: dict[str, Module | None] = {}

    def module_file(self, importer: Module, qualified: str) -> tuple[str, str] | None:
        """(file path, attribute) of a project module that defines `qualified` (`pkg.server.mcp`), if any."""
        if importer.path is None or "." not in qualified:
            return None
        module_name, attribute = qualified.rsplit(".", 1)
        roots = _roots(importer)
        top = os.path.realpath(roots[-1])
        for root in roots:
            base = os.path.join(root, *module_name.split("."))
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                # inside the project only: a symlink out of the tree is not followed (as `check` does not)
                if os.path.isfile(candidate) and os.path.commonpath([os.path.realpath(candidate), top]) == top:
                    return candidate, attribute
        return None

    def load(self, path: str) -> Module | None:
        real = os.path.realpath(path)
        if real not in self._cache:
            self._cache[real] = None
            try:
                raw = read_regular(path, MAX_MODULE_BYTES)
                self._cache[real] = parse_module(raw.decode("utf-8-sig"), path)
            except (OSError, ValueError, SyntaxError, RecursionError):
                pass
        return self._cache[real]

    def resolve_qualified(self, importer: Module, qualified: str) -> tuple[Module, str] | None:
        """`pkg.models.Segment` (an attribute of an imported project module) -> (that module, "Segment")."""
        found = self.module_file(importer, qualified)
        if found is None:
            return None
        target = self.load(found[0])
        return (target, found[1]) if target is not None else None

    def relative_file(self, importer: Module, local: str) -> tuple[str, str] | None:
        """(file, attribute) of `from ..core import mcp`, found from the importing file's own directory: right
        whatever the package's directory is called (a flat layout, an unpacked sdist)."""
        entry = importer.relative.get(local)
        if entry is None or importer.path is None:
            return None
        level, name, attribute = entry
        base = os.path.dirname(os.path.abspath(importer.path))
        for _ in range(level - 1):
            base = os.path.dirname(base)
        if not name:
            return None  # `from . import x`: x is a module, not a value of one
        target = os.path.join(base, *name.split("."))
        real_base = os.path.realpath(base)
        for candidate in (target + ".py", os.path.join(target, "__init__.py")):
            if os.path.isfile(candidate) and os.path.commonpath([os.path.realpath(candidate), real_base]) == real_base:
                return candidate, attribute
        return None

    def resolve(self, importer: Module, local: str) -> tuple[Module, str] | None:
        """Follow a name imported from the project to the module that binds it: (module, name there)."""
        module, name = importer, local
        for _ in range(MAX_HOPS):
            qualified = module.imports.get(name)
            found = self.relative_file(module, name)
            if qualified is None and found is None:
                return (module, name) if module is not importer else None
            if found is None and qualified is not None:
                found = self.module_file(module, qualified)
            if found is None:
                return None
            target = self.load(found[0])
            if target is None:
                return None
            module, name = target, found[1]
            if name in target.values or name in target.classes:
                return module, name
        return None


_PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
_MAX_LEVELS = 8


def _is_project_root(directory: str) -> bool:
    """pyproject.toml, setup.py, setup.cfg or .git; or installed packages' metadata (an unpacked wheel)."""
    if any(os.path.exists(os.path.join(directory, marker)) for marker in _PROJECT_MARKERS):
        return True
    try:
        return any(name.endswith((".dist-info", ".egg-info")) for name in os.listdir(directory))
    except OSError:
        return False


def _roots(module: Module) -> list[str]:
    """Directories an absolute import may start from, nearest first: the file's directory, then each parent up
    to the project root (the first holding pyproject.toml, setup.py or .git: namespace packages have no
    `__init__.py` to stop at), and that root's `src/`. Without a project root, the file's directory and the
    top of its package. The last one bounds what may be read."""
    assert module.path is not None
    start = os.path.dirname(os.path.abspath(module.path))
    chain, directory = [start], start
    for _ in range(_MAX_LEVELS):
        if _is_project_root(directory):
            source = os.path.join(directory, "src")
            if os.path.isdir(source) and source not in chain:
                chain.insert(len(chain) - 1, source)
            return chain
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
        chain.append(directory)
    top = start
    for _ in range(len(module.package.split(".")) if module.package else 0):
        top = os.path.dirname(top)
    return [start] if top == start else [start, top]
