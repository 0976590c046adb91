"""The tool frameworks toollint reads statically, as data: where a tool decorator comes from and how that
framework turns a function into a tool definition.

Each record was read off the framework's own source (dated below); `derive.py` applies a record, and the
fidelity bench (`bench/pysource_fidelity.py`) compares the result with the framework's own listing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Framework:
    name: str
    # Classes whose instances carry a `.tool` decorator (and an `.add_tool(fn)` method), by qualified name.
    servers: tuple[str, ...] = ()
    # Plain decorator functions, by qualified name (`@function_tool`, `@tool`).
    decorators: tuple[str, ...] = ()
    # Agent classes whose instances carry `.tool` and `.tool_plain` (Pydantic AI).
    agents: tuple[str, ...] = ()
    # How the description is made from the docstring:
    #   "raw": `fn.__doc__` as the interpreter keeps it (mcp SDK);
    #   "getdoc": `inspect.getdoc(fn)`;
    #   "split-params": griffe's parse; the text before the sections, only when a parameter section exists;
    #   "split-sections": the same, whenever any structured section exists;
    #   "split-always": griffe's parse, its first text section, with the style detected (Agents SDK);
    #   "split-xml": the same, a Returns section written in as `<summary>`/`<returns>` (Pydantic AI);
    #   "stripped": `textwrap.dedent(fn.__doc__).strip()` (LangChain).
    docstring: str = "raw"
    param_docs: bool = False  # docstring parameter descriptions are copied into the schema
    titles: bool = True  # pydantic's `title` on every property and on the model ("shipArguments")
    dereference: bool = False  # `$ref`s to `$defs` are inlined
    annotated_string_is_description: bool = False  # `Annotated[int, "doc"]` describes the parameter
    bare_decorator: bool = True  # `@mcp.tool` without parentheses registers the function
    untyped_as_string: bool = False  # an unannotated parameter is `{"title": name, "type": "string"}` (mcp SDK)
    model_title: str | None = "{function}Arguments"  # the root `title`; {function} and {name} are filled in
    closed: bool = False  # the root has `additionalProperties: false`
    strict: bool = False  # OpenAI strict: every property required, null defaults dropped, keys as the SDK orders them
    first_parameter_injected: tuple[str, ...] = ()  # context types the framework passes as the first parameter
    # Decorator keywords for the name and the description, and the one that switches docstring parsing on.
    name_keyword: str = "name"
    description_keyword: str = "description"
    parse_docstring_keyword: str | None = None
    root_description: bool = False  # the docstring (cleaned) is also the root schema's `description` (LangChain)
    default_title: bool = False  # a tool without `title=` gets its name title-cased ("add_note" -> "Add Note")
    model_titles: bool = False  # with `titles` off, the models in `$defs` keep theirs (Pydantic AI)
    single_model: bool = False  # one model-typed parameter: the model's schema is the tool's (Pydantic AI)
    source: str = ""


MCP_SDK_1 = Framework(
    "mcp-fastmcp", servers=("mcp.server.fastmcp.FastMCP", "mcp.server.fastmcp.server.FastMCP"),
    docstring="raw", bare_decorator=False, untyped_as_string=True,
    source="mcp 1.x, src/mcp/server/fastmcp/tools/base.py `Tool.from_function` (read 2026-12-02)")
MCP_SDK_2 = Framework(
    "mcp-mcpserver", servers=("mcp.server.mcpserver.MCPServer", "mcp.server.mcpserver.server.MCPServer"),
    docstring="raw", bare_decorator=False, untyped_as_string=True,
    source="mcp 2.3.0, src/mcp/server/mcpserver/tools/base.py `Tool.from_function` (read 2026-12-02)")
FASTMCP_1 = Framework(
    "fastmcp-1", servers=("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP"),
    docstring="raw", untyped_as_string=True, bare_decorator=False,
    source="fastmcp 0.4.1 (the mcp SDK's FastMCP came from it), fastmcp/tools/base.py and "
           "utilities/func_metadata.py (read 2026-12-02)")
FASTMCP_2 = Framework(
    "fastmcp-2", servers=("fastmcp.FastMCP", "fastmcp.server.FastMCP", "fastmcp.server.server.FastMCP"),
    docstring="getdoc", titles=False, dereference=True, annotated_string_is_description=True,
    source="fastmcp 2.14.7, fastmcp/tools/tool.py `ParsedFunction.from_function` (read 2026-12-02)")
FASTMCP_3 = Framework(
    "fastmcp-3", servers=FASTMCP_2.servers, docstring="getdoc", titles=False, annotated_string_is_description=True,
    closed=True,
    source="fastmcp 3.0.0-3.2.3, fastmcp/tools/function_parsing.py (read 2026-12-02)")
FASTMCP_3_DOCS = Framework(
    "fastmcp-3.2.4", servers=FASTMCP_2.servers, docstring="split-params", param_docs=True, titles=False,
    annotated_string_is_description=True, closed=True,
    source="fastmcp 3.2.4-3.4.x, fastmcp/utilities/docstring_parsing.py (read 2026-12-02)")
FASTMCP_4 = Framework(
    "fastmcp", servers=FASTMCP_2.servers, docstring="split-sections", param_docs=True, titles=False,
    annotated_string_is_description=True, closed=True, default_title=True,
    source="fastmcp 4.2.3 (fastmcp-slim), fastmcp/utilities/docstring_parsing.py (read 2026-12-02)")

AGENTS_SDK = Framework(
    "openai-agents", decorators=("agents.function_tool", "agents.tool.function_tool", "agents.decorators.tool",
                                 "agents.decorators.function_tool"), docstring="split-always",
    param_docs=True, model_title="{name}_args", closed=True, strict=True, name_keyword="name_override",
    description_keyword="description_override", first_parameter_injected=("RunContextWrapper", "ToolContext"),
    source="openai-agents 0.24.0, src/agents/function_schema.py `function_schema` (read 2026-12-02)")
LANGCHAIN = Framework(
    "langchain", decorators=("langchain_core.tools.tool", "langchain_core.tools.convert.tool", "langchain.tools.tool",
                             "langchain.agents.tool"),
    docstring="stripped", model_title="{name}", root_description=True, parse_docstring_keyword="parse_docstring",
    name_keyword="name_or_callable",
    source="langchain-core 1.8.4, langchain_core/tools/structured.py `StructuredTool.from_function` (read 2026-12-02)")
PYDANTIC_AI = Framework(
    "pydantic-ai", agents=("pydantic_ai.Agent", "pydantic_ai.agent.Agent"), docstring="split-xml",
    param_docs=True, titles=False, model_titles=True, single_model=True, model_title=None, closed=True,
    first_parameter_injected=("RunContext",),
    source="pydantic-ai-slim 2.68.0, pydantic_ai/_function_schema.py (read 2026-12-02)")

# A server passed to a registering function without an annotation or a framework import to say which it is.
UNKNOWN_SERVER = Framework("unknown", source="a parameter the file does not type")

SERVER_FRAMEWORKS = (MCP_SDK_1, MCP_SDK_2, FASTMCP_4, PYDANTIC_AI)
DECORATOR_FRAMEWORKS = (AGENTS_SDK, LANGCHAIN)
# fastmcp's behaviour by the version a project pins: (first version, record), oldest first.
FASTMCP_BY_VERSION = ((0, FASTMCP_1), (2_000_000, FASTMCP_2), (3_000_000, FASTMCP_3), (3_002_004, FASTMCP_3_DOCS),
                      (4_000_000, FASTMCP_4))

# The modules a file must import for any of its functions to be a tool: the cheap text pre-filter.
FRAMEWORK_MODULES = ("mcp", "fastmcp", "agents", "langchain", "langchain_core", "pydantic_ai")


def by_server_class(qualified: str) -> Framework | None:
    """The framework whose server (or agent) class this is: its instances' `.tool` registers tools."""
    for framework in SERVER_FRAMEWORKS:
        if qualified in framework.servers or qualified in framework.agents:
            return framework
    return None


def by_decorator(qualified: str) -> Framework | None:
    for framework in DECORATOR_FRAMEWORKS:
        if qualified in framework.decorators:
            return framework
    return None


def fastmcp_for(version: tuple[int, int, int] | None) -> Framework:
    """The fastmcp record for a pinned version; the newest when the project pins none."""
    if version is None:
        return FASTMCP_4
    number = version[0] * 1_000_000 + version[1] * 1_000 + version[2]
    chosen = FASTMCP_BY_VERSION[0][1]
    for first, framework in FASTMCP_BY_VERSION:
        if number >= first:
            chosen = framework
    return chosen
