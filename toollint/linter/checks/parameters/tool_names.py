"""Whether a parameter's text names another tool of the set: the place the model gets the value from (read by
relative-path and unconstrained-identifier)."""

from __future__ import annotations

from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.context import Context
from toollint.linter.textstats import contains_any

NAME_LIKE = lazy_compile(r"[a-z0-9_.\-]+")


_PREFIX = lazy_compile(r"([a-z0-9]+[_.\-])(?=[a-z])")


def mentionable_names(tools: list[Any]) -> dict[str, list[Any]]:
    """Each tool's name in lower case, and also without the prefix most of the set shares (`n8n_list_workflows` is
    named as "list_workflows" in its siblings' texts), when what remains is two words or more."""
    names: dict[str, list[Any]] = {}
    for other in tools:
        name = other.name
        if not name or len(name) < 4 or (name.isalpha() and name.islower()):
            continue  # a one-word name ("search") is too common a word to count as a mention
        names.setdefault(name.lower(), []).append(other)
    prefix = _server_prefix(list(names))
    for name in list(names) if prefix else ():
        rest = name[len(prefix):]
        if name.startswith(prefix) and len(rest) >= 4 and not rest.isalnum():
            names.setdefault(rest, []).extend(names[name])
    return names


def _server_prefix(names: list[str]) -> str:
    """The first word (with its separator) that at least three names and half of all share: `n8n_`, `gephi_`."""
    counts: dict[str, int] = {}
    for name in names:
        found = _PREFIX.match(name)
        if found is not None:
            counts[found.group(1)] = counts.get(found.group(1), 0) + 1
    best = max(counts, key=counts.__getitem__, default="")
    return best if best and counts[best] >= 3 and counts[best] * 2 >= len(names) else ""


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
