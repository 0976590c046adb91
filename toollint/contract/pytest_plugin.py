"""pytest plugin (registered as `toollint` through the `pytest11` entry point): contract tests of tools.

    import pytest
    from shop.tools import refund_order

    @pytest.mark.toollint_contract("tools/refund.json", handler=refund_order, cases="tests/contract")
    def test_refund_contract(contract_case):
        contract_case.verify()

The test runs once per case (ids like `refund_order:number-as-string:amount_cents`). `verify()`
asserts the boundary still gives the stored verdict (with `cases=`; without it the cases are
generated in memory from `seed`), and for every `ok` case calls the handler with the normalized
arguments as `Boundary.run` does (`handler(**arguments)`, or `handler(arguments)` for a handler that
takes one dict: `toollint.boundary.handlers`; `handler=` a mapping of tool name to callable, or one
callable for a file of one tool; coroutines are awaited) and asserts that no exception escapes, that an error result (`isError` /
`is_error`) carries no traceback text, and that a successful result matches the tool's
`outputSchema` when it has one (its `structuredContent`, or the result itself). Relative paths
are read from pytest's rootdir.

The plugin loads in every pytest run of an environment where toollint is installed, so at start-up it
imports nothing but pytest and the standard library; the boundary is imported when a marked test runs.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

MARKER = "toollint_contract"
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+")


@dataclass
class _Suite:
    """What one marker names: the tools, the boundary options, and the handlers."""

    tools: Path
    handler: Any = None
    coerce: bool = False
    target: str | None = None
    extra: str = "reject"
    _boundary: Any = None
    _tools: dict[str, Any] = field(default_factory=dict)

    def boundary(self) -> Any:
        if self._boundary is None:
            from toollint.contract.run import make_boundary

            self._boundary = make_boundary(str(self.tools), target=self.target, coerce=self.coerce,
                                           extra=self.extra)
        return self._boundary

    def output_schema(self, tool: str) -> Any:
        if not self._tools:
            from toollint.boundary.compiled import load_tools

            self._tools = {t.name: t for t in load_tools(str(self.tools))}
        found = self._tools.get(tool)
        return found.raw.get("outputSchema") if found is not None else None

    def handler_for(self, tool: str) -> Callable[..., Any] | None:
        if isinstance(self.handler, Mapping):
            return self.handler.get(tool)
        return self.handler


@dataclass
class ContractCase:
    """One case of a `toollint_contract` test; `verify()` makes every assertion."""

    suite: _Suite
    case: Any
    where: str  # "file:line" of a stored case, or "generated"

    @property
    def tool(self) -> str:
        return self.case.call.get("name")

    def verify(self) -> None:
        from toollint.contract.verdicts import differences, verdict

        found = verdict(self.suite.boundary(), self.case.call)
        problems = differences(self.case, found)
        if problems:
            pytest.fail(f"{self.where}: {self.case.id}: {'; '.join(problems)}", pytrace=False)
        if self.case.expect == "ok":
            self.call_handler()

    def call_handler(self) -> Any:
        """Run the handler on the boundary's arguments; fail on an escaping exception or a leaked traceback."""
        handler = self.suite.handler_for(self.tool)
        if handler is None:
            return None
        from toollint.boundary.handlers import invoke
        from toollint.schema.walk import members

        boundary = self.suite.boundary()
        boundary.reset()
        outcome = boundary.check(self.case.call)
        try:
            result = invoke(handler, outcome.arguments, members(boundary.schema(self.tool), "properties"))
            if inspect.isawaitable(result):
                import asyncio  # here: the plugin loads in every pytest run, a coroutine handler is rare

                result = asyncio.run(_awaited(result))
        except Exception as error:  # noqa: BLE001 - the assertion is precisely that nothing escapes
            pytest.fail(f"{self.case.id}: the handler for {self.tool} raised {type(error).__name__}: {error} "
                        f"(a tool should answer with an error result, not raise)", pytrace=False)
        data = _plain(result)
        if _is_error(data):
            text = _text(data)
            if _TRACEBACK.search(text):
                pytest.fail(f"{self.case.id}: the error result of {self.tool} shows a traceback to the model: "
                            f"{text[:300]!r}", pytrace=False)
            return result
        schema = self.suite.output_schema(self.tool)
        if isinstance(schema, dict):
            _check_output(self.case.id, self.tool, data, schema)
        return result


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _plain(result: Any) -> Any:
    dump = getattr(result, "model_dump", None)
    if callable(dump):
        try:
            return dump(by_alias=True)
        except TypeError:
            return dump()
    return result


def _is_error(data: Any) -> bool:
    return isinstance(data, Mapping) and (data.get("isError") is True or data.get("is_error") is True)


def _text(data: Mapping[str, Any]) -> str:
    content = data.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(item.get("text", "")) if isinstance(item, Mapping) else str(item) for item in content)
    return str(content)


def _check_output(case_id: str, tool: str, data: Any, schema: dict[str, Any]) -> None:
    from jsonschema import Draft202012Validator
    from jsonschema.validators import validator_for

    value = data.get("structuredContent", data) if isinstance(data, Mapping) else data
    validator = validator_for(schema, default=Draft202012Validator)(schema)
    error = next(iter(sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))), None)
    if error is not None:
        where = "/".join(str(t) for t in error.absolute_path) or "(root)"
        pytest.fail(f"{case_id}: the result of {tool} does not match its outputSchema at {where}: {error.message}",
                    pytrace=False)


# --- hooks -----------------------------------------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARKER}(tools, *, cases=None, handler=None, seed=0, coerce=False, target=None, extra='reject'): "
                   f"run the "
                   f"contract cases of a tool file (parametrizes the contract_case fixture)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None or "contract_case" not in metafunc.fixturenames:
        return
    root = Path(metafunc.config.rootpath)
    options = dict(marker.kwargs)
    if not marker.args:
        raise pytest.UsageError(f"@pytest.mark.{MARKER} needs the tools file as its first argument")
    suite = _Suite(_rooted(root, marker.args[0]), options.get("handler"), bool(options.get("coerce", False)),
                   options.get("target"), str(options.get("extra", "reject")))
    try:
        params = _load(suite, options.get("cases"), int(options.get("seed", 0)), root)
    except Exception as error:  # noqa: BLE001 - a clear collection error, never a traceback
        raise pytest.UsageError(f"{metafunc.definition.nodeid}: {MARKER}: {error}") from None
    metafunc.parametrize("contract_case", params, ids=[f"{p.tool}:{p.case.id}" for p in params])


def _rooted(root: Path, path: Any) -> Path:
    path = Path(path)
    return path if path.is_absolute() else root / path


def _load(suite: _Suite, cases: Any, seed: int, root: Path) -> list[ContractCase]:
    from toollint.contract.files import case_files_for, read_cases
    from toollint.contract.run import generate

    if cases is None:
        generated = generate(str(suite.tools), seed, target=suite.target, coerce=suite.coerce,
                             extra=suite.extra)
        return [ContractCase(suite, case, "generated") for tool_cases in generated.values() for case in tool_cases]
    found: list[ContractCase] = []
    for path in case_files_for(_rooted(root, cases), suite.boundary().tools):
        found.extend(ContractCase(suite, case, f"{path}:{line}") for line, case in read_cases(path))
    return found


@pytest.fixture
def contract_case() -> ContractCase:
    """Parametrized by @pytest.mark.toollint_contract; using it without the marker is a mistake."""
    raise pytest.UsageError(f"the contract_case fixture needs @pytest.mark.{MARKER}(tools, ...) on the test")
