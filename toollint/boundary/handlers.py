"""How the boundary hands validated arguments to a tool: one convention for `Boundary.run`, `check_all`'s
runner and the pytest plugin.

A handler written as the tool's own function, `refund_order(order_id, amount)`, is called with the
arguments as keywords; one that takes the whole object, `run(arguments)`, gets the dict. The signature
says which, so the same function works everywhere without an adapter:

- the dict, positionally, when the handler has exactly one parameter that can be passed by position
  and it is not one of the tool's property names (`def run(arguments)`, `def run(args, /)`,
  `def run(*args)`), or when its signature cannot be read (some builtins);
- keywords (`handler(**arguments)`) otherwise: several parameters, `**kwargs`, keyword-only
  parameters, no parameters, or a single parameter named like a property (`def lookup(order_id)`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def takes_dict(func: Callable[..., Any], properties: Iterable[str] = ()) -> bool:
    """Whether `func` wants the arguments as one dict (see the module) rather than as keywords."""
    try:
        parameters = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return True
    if len(parameters) != 1:
        return False
    only = parameters[0]
    if only.kind is inspect.Parameter.VAR_POSITIONAL or only.kind is inspect.Parameter.POSITIONAL_ONLY:
        return True
    return only.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and only.name not in set(properties)


def invoke(func: Callable[..., Any], arguments: dict[str, Any], properties: Iterable[str] = ()) -> Any:
    """Call `func` with validated `arguments` as its signature asks: `func(arguments)` or `func(**arguments)`."""
    if takes_dict(func, properties):
        return func(arguments)
    return func(**arguments)
