"""The static reader derives what each framework itself lists, for tool functions written here."""

from __future__ import annotations

import pytest

from tests.pysource.conftest import comparable, derived, framework_listing, write

# One module per framework, written for these tests; each covers the annotations servers use.
MCPSERVER_MODULE = '''
import datetime
import enum
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations

mcp = MCPServer("shipping")
MAX_PARCELS = 20


class Speed(str, enum.Enum):
    """How fast the parcel travels."""

    ECONOMY = "economy"
    EXPRESS = "express"


class Address(BaseModel):
    model_config = ConfigDict(extra="forbid")
    street: str = Field(description="Street and house number")
    postcode: Optional[str] = None


@mcp.tool()
def quote_parcel(weight_kg: float, destination: Address, speed: Speed = Speed.ECONOMY,
                 insured: bool = False, parcels: Annotated[int, Field(ge=1, le=MAX_PARCELS)] = 1,
                 ctx: Context = None) -> str:
    """Quote the price of sending parcels.

    Args:
        weight_kg: Weight of one parcel in kilograms.
        destination: Where the parcels go.
    """
    return ""


@mcp.tool(name="track", title="Track a parcel", annotations=ToolAnnotations(readOnlyHint=True))
async def track_parcel(tracking_id: Annotated[str, Field(pattern=r"^[A-Z]{2}[0-9]{9}$", description="Tracking id")],
                       since: datetime.date | None = None, fields: list[Literal["status", "eta"]] = ["status"],
                       extra: dict[str, Any] | None = None, note="") -> dict:
    """Where a parcel is now."""
    return {}


def cancel(order: str, reason: Literal["lost"] = "lost") -> bool:
    return True


mcp.add_tool(cancel, name="cancel_order", description="Cancel an order before it ships.")
'''

FASTMCP_MODULE = '''
from typing import Annotated, Literal

from fastmcp import Context, FastMCP
from pydantic import Field

mcp = FastMCP("notes")


@mcp.tool
def add_note(title: str, body: Annotated[str, "The note's text, in Markdown"], tags: list[str] | None = None,
             ctx: Context | None = None) -> str:
    """Add a note to the notebook.

    Args:
        title: A short title, shown in lists.
        tags: Labels to file the note under.

    Returns:
        The new note's id.
    """
    return ""


@mcp.tool(name="find_notes")
def search(query: str, mode: Literal["words", "regex"] = "words", limit: int = 10) -> list[str]:
    """Find notes whose text matches a query."""
    return []
'''

AGENTS_MODULE = '''
from typing import Annotated, Literal, Optional

from pydantic import Field
from agents import RunContextWrapper, function_tool


@function_tool
def get_forecast(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius", days: Optional[int] = None) -> str:
    """Weather forecast for a city.

    Args:
        city: The city, e.g. "Lisbon".
        unit: The temperature unit.
    """
    return ""


@function_tool(name_override="fetch_page")
async def fetch(ctx: RunContextWrapper[None], url: str,
                retries: Annotated[int, Field(ge=0, le=5, description="How often to retry")] = 1) -> str:
    """Fetch a web page's text."""
    return ""
'''

LANGCHAIN_MODULE = '''
from langchain_core.tools import tool


@tool
def lookup_word(word: str, language: str = "en") -> str:
    """Look a word up in the dictionary.

    Args:
        word: The word, in its dictionary form.
    """
    return ""


@tool("convert_currency", parse_docstring=True)
def convert(amount_cents: int, to: str) -> int:
    """Convert an amount between currencies.

    Args:
        amount_cents: The amount in cents.
        to: ISO 4217 code of the target currency.
    """
    return 0
'''

PYDANTIC_AI_MODULE = '''
from typing import Optional

from pydantic_ai import Agent, RunContext

agent = Agent("test")


@agent.tool
def roll_dice(ctx: RunContext[None], sides: int = 6, label: Optional[str] = None) -> int:
    """Roll a die.

    Args:
        sides: How many sides the die has.
    """
    return 1


@agent.tool_plain
def echo(text: str) -> str:
    """Say the text back."""
    return text
'''

PYDANTIC_AI_MODEL_MODULE = '''
import enum

from pydantic import BaseModel, Field
from pydantic_ai import Agent, RunContext


class Level(str, enum.Enum):
    """How hard the recipe is."""

    EASY = "easy"
    HARD = "hard"


class Recipe(BaseModel):
    """A recipe to show."""

    title: str = Field(description="The recipe's name")
    level: Level = Level.EASY
    minutes: int = 30


agent = Agent[None, str]("test")


@agent.tool_plain
def show_recipe(recipe: Recipe) -> str:
    """Show a recipe to the user.

    Args:
        recipe: The recipe.

    Returns:
        What the user saw.
    """
    return ""
'''


def test_mcpserver_listing_is_derived_exactly(tmp_path):
    path = write(tmp_path, "shipping_server.py", MCPSERVER_MODULE)
    data = derived(path)
    assert "skipped" not in data
    assert comparable(data["tools"]) == comparable(framework_listing(path))


@pytest.mark.parametrize(("framework", "name", "text", "attribute"), [
    ("fastmcp", "notes_server.py", FASTMCP_MODULE, "mcp"),
    ("agents", "agents_tools.py", AGENTS_MODULE, None),
    ("langchain_core", "langchain_tools.py", LANGCHAIN_MODULE, None),
    ("pydantic_ai", "pydantic_ai_tools.py", PYDANTIC_AI_MODULE, None),
    ("pydantic_ai", "pydantic_ai_model.py", PYDANTIC_AI_MODEL_MODULE, None),
])
def test_other_frameworks_are_derived_exactly(tmp_path, monkeypatch, framework, name, text, attribute):
    pytest.importorskip(framework)  # test extras on Python 3.11+
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    path = write(tmp_path, name, text)
    data = derived(path)
    assert "skipped" not in data
    listing = framework_listing(path, attribute or "")
    assert listing, "the framework listed nothing: the test module is wrong"
    assert comparable(data["tools"]) == comparable(listing)


def test_instance_imported_from_another_project_module(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/app.py", '''
        from mcp.server.mcpserver import MCPServer

        mcp = MCPServer("split")
    ''')
    tools = write(tmp_path, "pkg/tools/search.py", '''
        from ..app import mcp
        from ..models import Query


        @mcp.tool()
        def search(query: Query) -> str:
            """Search the index."""
            return ""
    ''')
    write(tmp_path, "pkg/tools/__init__.py", "")
    write(tmp_path, "pkg/models.py", '''
        from pydantic import BaseModel


        class Query(BaseModel):
            text: str
            limit: int = 10
    ''')
    data = derived(tools)
    assert [t["name"] for t in data["tools"]] == ["search"]
    schema = data["tools"][0]["inputSchema"]
    assert schema["$defs"]["Query"]["required"] == ["text"]
    assert schema["properties"]["query"] == {"$ref": "#/$defs/Query"}


def test_fastmcp_version_follows_the_projects_pin(tmp_path):
    """fastmcp < 3.2.4 sends the whole cleaned docstring and copies no Args entry into the schema."""
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["fastmcp>=2.10,<3"]\n')
    path = write(tmp_path, "server.py", FASTMCP_MODULE)
    tool = derived(path)["tools"][0]
    assert tool["description"].startswith("Add a note to the notebook.\n\nArgs:\n    title:")
    assert "description" not in tool["inputSchema"]["properties"]["title"]
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["fastmcp>=2.10"]\n')
    path = write(tmp_path / "newer", "server.py", FASTMCP_MODULE)
    tool = derived(path)["tools"][0]
    assert tool["description"] == "Add a note to the notebook."
    assert tool["inputSchema"]["properties"]["title"]["description"] == "A short title, shown in lists."


PATTERNS_MODULE = '''
from typing import Annotated

import annotated_types
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("patterns")
Port = Annotated[int, Field(ge=1, le=65535, description="A TCP port")]
Name = Annotated[str, AfterValidator(str.strip), annotated_types.MaxLen(40)]


class Base(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str


class Host(Base):
    """A host to reach."""

    class Kind:
        pass

    address: str
    port: Port = 22


class Registry:
    def __init__(self, server: MCPServer):
        self.server = server

        @self.server.tool()
        def ping(host: Host, label: Name = "ping") -> str:
            """Ping a host."""
            return ""


def register(server: MCPServer) -> None:
    @server.tool()
    def connect(port: Port, retries: Annotated[int, annotated_types.Ge(0)] = 3) -> str:
        """Connect to a port on localhost."""
        return ""


Registry(mcp)
register(mcp)
'''


def test_registration_patterns_aliases_and_inherited_models(tmp_path):
    """Registering functions and class-held servers, type aliases, annotated_types, inherited models."""
    path = write(tmp_path, "patterns_server.py", PATTERNS_MODULE)
    data = derived(path)
    assert "skipped" not in data
    listing = framework_listing(path)
    assert sorted(t["name"] for t in listing) == ["connect", "ping"]
    assert sorted(comparable(data["tools"]), key=lambda t: t["name"]) == sorted(comparable(listing),
                                                                                key=lambda t: t["name"])


def test_what_a_static_reading_cannot_follow_is_reported(tmp_path):
    write(tmp_path, "dynamic_server.py", '''
        from fastmcp import Context

        from tools import TOOLS


        def register(mcp):
            @mcp.tool()
            def ping(ctx: Context) -> str:
                """Ping."""
                return ""


        def register_untyped(server):
            for fn in TOOLS:
                server.tool()(fn)


        def patch(mcp):
            for tool in mcp._tool_manager._tools.values():
                tool.parameters.pop("title", None)
    ''')
    data = derived(tmp_path / "dynamic_server.py")
    assert [t["name"] for t in data["tools"]] == ["ping"]  # the framework: the file imports from fastmcp
    reasons = [entry.get("reason") or entry.get("note") for entry in data["skipped"]]
    assert any("`server.tool()(fn)` registers a function computed at run time" in r for r in reasons)
    assert any("edits its tools through `mcp._tool_manager`" in r for r in reasons)
    write(tmp_path, "untyped.py", '''
        def register(mcp):
            @mcp.tool()
            def ping() -> str:
                """Ping."""
                return ""
    ''')
    untyped = derived(tmp_path / "untyped.py")
    assert untyped["tools"] == []
    assert "function parameter whose server class this file does not show" in untyped["skipped"][0]["reason"]


def test_relative_imports_resolve_from_the_files_directory(tmp_path):
    """A flat layout (pyproject.toml inside the package directory, whatever that directory is called)."""
    write(tmp_path, "checkout/pyproject.toml", "[project]\nname = 'shop'\n")
    write(tmp_path, "checkout/__init__.py", "")
    write(tmp_path, "checkout/core.py", 'from mcp.server.mcpserver import MCPServer\nmcp = MCPServer("shop")\n')
    write(tmp_path, "checkout/tools/__init__.py", "")
    tools = write(tmp_path, "checkout/tools/orders.py", '''
        from ..core import mcp


        @mcp.tool()
        def list_orders(limit: int = 10) -> str:
            """List the newest orders."""
            return ""
    ''')
    assert [t["name"] for t in derived(tools)["tools"]] == ["list_orders"]
