"""Whether a parameter's text names another tool of the set: the place the model gets the value from (read by
relative-path and unconstrained-identifier)."""

from __future__ import annotations

from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.context import Context
from toollint.linter.textstats import contains_any

NAME_LIKE = lazy_compile(r"[a-z0-9_.\-]+")


def mentionable_names(tools: list[Any]) -> dict[str, list[Any]]:
    names: dict[str, list[Any]] = {}
    for other in tools:
        name = other.name
        if not name or len(name) < 4 or (name.isalpha() and name.islower()):
            continue  # a one-word name ("search") is too common a word to count as a mention
        names.setdefault(name.lower(), []).append(other)
    return names


# Up to this many tool names, testing each as a substring is cheaper than splitting the text into words.
FEW_NAMES = 48


def names_other_tool(text: str, ctx: Context) -> bool:
    """The description points at another tool of the set (`list_orders`), the place to get the value from."""
    if not text or len(ctx.tools) < 2:
        return False
    names: dict[str, list[Any]] = ctx.cached("tool-names", lambda: mentionable_names(ctx.tools))
    if not names:
        return False
    low = text.lower()
    if len(names) <= FEW_NAMES and not contains_any(low, names):
        return False  # no tool name occurs at all (a word that names one holds it): a few substring tests
    for word in NAME_LIKE.findall(low):
        owners = names.get(word) or names.get(word.strip(".-"))
        if owners and any(owner is not ctx.tool for owner in owners):
            return True
    return False
