"""The boundary: validate every tool call a model writes before anything runs, and answer in kind.

Strict mode or not, what a model writes must be checked where it enters your code: constraints a
strict schema had to drop are no longer enforced by the API, enum case is not guaranteed, output cut
off by max_tokens is partial JSON, eagerly streamed input skips server-side validation, and business
rules are beyond any schema. A failure must neither run the tool nor crash the agent loop: it goes
back to the model as an error tool_result that says exactly what to fix, and retries are capped.

    boundary = Boundary.from_tools("tools.json")
    outcome = boundary.check(block, stop_reason=response.stop_reason)
    if outcome.ok:
        output = refund_order(**outcome.arguments)
    elif outcome.terminal:
        ...  # log outcome.errors, count the case as failed, stop
    else:
        messages.append({"role": "user", "content": [outcome.result]})

How a call is judged, in order:

1. The call's shape (Anthropic `tool_use`, OpenAI Chat tool call, Responses `function_call`, Gemini
   `functionCall`, MCP `tools/call`) says where the name, id and arguments are, and how to answer.
2. A `stop_reason`/`finish_reason` saying the output was cut off gives `TRUNCATED`: raise max_tokens
   and ask again; the model is not asked to retry (even if the partial JSON happened to parse).
3. Unknown tool name: `UNKNOWN_TOOL`, naming the tools there are and the closest one.
4. Arguments given as text are parsed; failure is `INVALID_JSON` with the parser's position.
5. One `is_valid` pass against the ORIGINAL schema. Only when it fails are the arguments normalized
   (enum/const strings mapped to their declared case when exactly one declared value matches
   case-insensitively; `null` for an optional field whose schema does not allow null dropped, which
   is how OpenAI-strictified optional fields come back) and validated again, collecting every
   problem: `INVALID_ARGUMENTS`.
6. Business rules registered with `add_rule`: `BUSINESS_RULE`.

Schemas are compiled once per tool: the validator class follows `$schema` (draft-07, 2019-09,
2020-12; default 2020-12), formats are checked, and the `referencing.Registry` has no retrieve
function, so a remote `$ref` is never fetched: it fails with `SCHEMA_ERROR` instead. Patterns prone
to catastrophic backtracking are matched by a linear-time matcher; see `toollint.boundary_regex`.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from referencing.exceptions import Unresolvable

from toollint import boundary_messages as msg
from toollint.boundary_messages import MISSING, Problem
from toollint.boundary_regex import MAX_RISKY_LENGTH, TooLong, is_risky, search, supported

__all__ = [
    "Batch", "Boundary", "BoundaryError", "Outcome", "Problem", "RetryBudget", "MISSING", "CODES",
    "TRUNCATION_REASONS",
]

OK = "OK"
INVALID_ARGUMENTS = "INVALID_ARGUMENTS"
INVALID_JSON = "INVALID_JSON"
UNKNOWN_TOOL = "UNKNOWN_TOOL"
TRUNCATED = "TRUNCATED"
RETRY_BUDGET_EXHAUSTED = "RETRY_BUDGET_EXHAUSTED"
BUSINESS_RULE = "BUSINESS_RULE"
TOOL_ERROR = "TOOL_ERROR"
SCHEMA_ERROR = "SCHEMA_ERROR"  # the tool's own schema cannot be applied (e.g. a remote $ref)
INVALID_CALL = "INVALID_CALL"  # not a tool call at all: a bug in the caller, not the model
RULE_ERROR = "RULE_ERROR"  # a business rule raised: a bug in the rule
INTERNAL_ERROR = "INTERNAL_ERROR"
CODES = (OK, INVALID_ARGUMENTS, INVALID_JSON, UNKNOWN_TOOL, TRUNCATED, RETRY_BUDGET_EXHAUSTED, BUSINESS_RULE,
         TOOL_ERROR, SCHEMA_ERROR, INVALID_CALL, RULE_ERROR, INTERNAL_ERROR)

# stop_reason / finish_reason / incomplete_details.reason values that mean "cut off".
TRUNCATION_REASONS = frozenset({"max_tokens", "length", "model_context_window_exceeded", "max_output_tokens"})

ANTHROPIC, CHAT, RESPONSES, FUNCTIONS, GEMINI, MCP = (
    "anthropic", "openai-chat", "openai-responses", "openai-functions", "gemini", "mcp")
_TARGETS = {None: None, "anthropic": ANTHROPIC, "openai": CHAT, "openai-chat": CHAT, "openai-responses": RESPONSES,
            "responses": RESPONSES, "openai-functions": FUNCTIONS, "gemini": GEMINI, "mcp": MCP}
_STRICT_TARGETS = frozenset({"anthropic", "openai", "openai-chat", "openai-responses", "responses"})
_DIALECT_SHAPES = {"anthropic": ANTHROPIC, "openai-chat": CHAT, "openai-responses": RESPONSES,
                   "openai-functions": CHAT, "gemini": GEMINI, "mcp": MCP}
MAX_PROBLEMS = 50
MAX_RAW = 8_000


class BoundaryError(ValueError):
    """The tools cannot be loaded or compiled (unreadable file, no tools, invalid schema, duplicate name)."""


@dataclass
class Outcome:
    """The verdict on one call. When not `ok`, `result` is the error message to send back, in the call's shape.

    `retryable`: the model is being asked to correct and call again. `terminal`: stop this chain (retry
    budget exhausted, or a fault no retry fixes); log `errors` and count the case as failed. `reason` is
    a one-line English summary for logs; `result` speaks the boundary's `lang`.
    """

    ok: bool
    code: str
    tool: str | None
    call_id: Any
    shape: str
    arguments: Any = None
    errors: list[Problem] = field(default_factory=list)
    result: dict[str, Any] | None = None
    retryable: bool = False
    terminal: bool = False
    reason: str = ""
    attempt: int = 0  # consecutive failures of this chain so far, this one included
    retries_left: int = 0
    cause: str | None = None  # for RETRY_BUDGET_EXHAUSTED: the code of the last failure
    output: Any = None  # what the tool returned, when run through `run`/`check_all(runner=...)`

    @property
    def content(self) -> Any:
        """The text sent back to the model (tool_result content / tool message content)."""
        return _result_text(self.result)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "code": self.code, "tool": self.tool, "call_id": self.call_id,
                "arguments": self.arguments, "errors": [p.to_dict() for p in self.errors], "result": self.result,
                "retryable": self.retryable, "terminal": self.terminal, "reason": self.reason,
                "attempt": self.attempt, "cause": self.cause}


def _result_text(result: Mapping[str, Any] | None) -> Any:
    if not result:
        return None
    for key in ("content", "output"):
        if key in result:
            return result[key]
    if "functionResponse" in result:
        response = result["functionResponse"].get("response", {})
        return response.get("error", response.get("output"))
    return None


class RetryBudget:
    """Consecutive failures per chain (tool name plus the caller's `chain` key); a success resets it.

    With `max_retries=2` a chain may fail twice and be retried; the third failure is terminal.
    Thread-safe; the table is bounded so abandoned chains cannot grow it without end.
    """

    MAX_CHAINS = 100_000

    def __init__(self, max_retries: int = 2) -> None:
        if not isinstance(max_retries, int) or isinstance(max_retries, bool) or max_retries < 0:
            raise BoundaryError(f"max_retries must be a non-negative integer, got {max_retries!r}")
        self.max_retries = max_retries
        self._failures: dict[Any, int] = {}
        self._lock = threading.Lock()

    def fail(self, key: Any) -> int:
        with self._lock:
            count = self._failures.pop(key, 0) + 1
            self._failures[key] = count
            if len(self._failures) > self.MAX_CHAINS:
                self._failures.pop(next(iter(self._failures)))
            return count

    def succeed(self, key: Any) -> None:
        if self._failures:
            with self._lock:
                self._failures.pop(key, None)

    def failures(self, key: Any) -> int:
        return self._failures.get(key, 0)

    def reset(self) -> None:
        with self._lock:
            self._failures.clear()


@dataclass
class _Call:
    shape: str
    id: Any
    name: Any
    arguments: Any
    incomplete: bool = False


class _SchemaTrouble(Exception):
    """The tool's schema itself could not be applied (unresolvable `$ref`)."""


class Boundary:
    """Validators for a set of tools, compiled once, plus the retry budget and business rules.

    `tools`: a path to any tool file toollint reads, a list of tool dicts (any dialect), or one dict:
    the ORIGINAL definitions, whose schemas keep every constraint.
    `target`: the provider the tools were strictified for (`anthropic`, `openai`; also `gemini`,
    `openai-responses`, `mcp`). For the strict targets, calls arrive in strictify's wire forms
    (maps as key/value lists, free values as JSON text) and are decoded before validation
    (`toollint.strictify.decode_wire_arguments`). It also picks `default_shape`, the result shape used
    when a call's own shape cannot tell; without a target, the tools' dialect decides.
    """

    def __init__(self, tools: Any, target: str | None = None, *, lang: str = "en", max_retries: int = 2) -> None:
        if lang not in msg.LANGS:
            raise BoundaryError(f"lang must be one of {', '.join(msg.LANGS)}, got {lang!r}")
        if target not in _TARGETS:
            raise BoundaryError(f"unknown target {target!r}; use one of "
                                f"{', '.join(sorted(t for t in _TARGETS if t))}")
        self.lang = lang
        self.budget = RetryBudget(max_retries)
        found = _load_tools(tools)
        self._tools: dict[str, _Compiled] = {}
        self.warnings: list[str] = []
        for tool in found:
            name = tool.name
            if name is None:
                raise BoundaryError(f"{_label(tools)}: tool #{tool.index} has no name")
            if name in self._tools:
                raise BoundaryError(f"{_label(tools)}: two tools are named {name!r}; tool names must be unique")
            compiled = _Compiled(name, tool, lang, wire=target in _STRICT_TARGETS)
            self._tools[name] = compiled
            self.warnings.extend(compiled.warnings)
        self.default_shape = _TARGETS[target] or _DIALECT_SHAPES.get(found[0].dialect.name, ANTHROPIC)
        self._names = sorted(self._tools)

    @classmethod
    def from_tools(cls, tools: Any, target: str | None = None, *, lang: str = "en",
                   max_retries: int = 2) -> Boundary:
        """Load and compile `tools` (a path, a list of tool dicts, or one tool dict). Raises `BoundaryError`."""
        return cls(tools, target, lang=lang, max_retries=max_retries)

    @property
    def max_retries(self) -> int:
        return self.budget.max_retries

    @property
    def tools(self) -> list[str]:
        """The tool names, in file order."""
        return list(self._tools)

    def schema(self, name: str) -> Any:
        """The schema a tool's calls are validated against."""
        return self._tools[name].schema

    # --- business rules ----------------------------------------------------------------------------

    def add_rule(self, tool: str, func: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
        """Register a check run after the schema passed. `func(arguments)` returns None when fine, or
        problems: a string, a list of strings, or a mapping of field path to message."""
        if tool not in self._tools:
            raise BoundaryError(f"no tool named {tool!r} to add a rule to; the tools are {', '.join(self._names)}")
        if not callable(func):
            raise BoundaryError(f"a rule must be callable, got {func!r}")
        self._tools[tool].rules.append(func)
        return func

    def rule(self, tool: str) -> Callable[[Callable[[dict[str, Any]], Any]], Callable[[dict[str, Any]], Any]]:
        """Decorator form of `add_rule`."""
        return lambda func: self.add_rule(tool, func)

    # --- checking ----------------------------------------------------------------------------------

    def check(self, call: Any, stop_reason: str | None = None, *, chain: Any = None) -> Outcome:
        """Judge one call. Never raises: whatever `call` is, the answer is an `Outcome`.

        `chain` names the conversation (or task) the call belongs to, so retry budgets of concurrent
        conversations do not mix; the budget key is the tool name plus `chain`.
        """
        try:
            return self._check(call, stop_reason, chain, count=True, reset=True)
        except Exception as error:  # noqa: BLE001 - the agent loop must not crash on a bug here either
            return self._internal(call, error)

    def run(self, call: Any, func: Callable[[dict[str, Any]], Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome:
        """Check `call`, run `func(arguments)` when it passes, and wrap whatever happens into a result.

        The chain's budget is reset only when `func` returns; an exception becomes `TOOL_ERROR`.
        """
        try:
            outcome = self._check(call, stop_reason, chain, count=True, reset=False)
            if outcome.ok:
                outcome = self._execute(call, outcome, func, chain)
            return outcome
        except Exception as error:  # noqa: BLE001
            return self._internal(call, error)

    def tool_error(self, call: Any, error: BaseException | str, *, chain: Any = None,
                   retryable: bool = True) -> Outcome:
        """Wrap a failure of the tool itself (timeout, "order not found") into an error result.

        It counts against the chain's retry budget, so a tool that keeps failing ends the chain.
        """
        try:
            parsed = _parse_call(call)
            if isinstance(parsed, str):
                parsed = _Call(self.default_shape, None, None, None)
            text = error if isinstance(error, str) else _exception_text(error)
            name = parsed.name if isinstance(parsed.name, str) else None
            problem = Problem((), "tool_error", None, MISSING, text)
            content = msg.tool_error_content(name or "the tool", text, self.lang)
            return self._failure(parsed, TOOL_ERROR, [problem], content, chain, count=retryable,
                                 retryable=retryable, reason=f"{name}: the tool failed: {text}")
        except Exception as failure:  # noqa: BLE001
            return self._internal(call, failure)

    def result_for(self, call: Any, output: Any) -> dict[str, Any]:
        """The success result carrying `output` (a string, or anything JSON-serializable) for `call`."""
        parsed = _parse_call(call)
        if isinstance(parsed, str):
            parsed = _Call(self.default_shape, None, None, None)
        return _result(parsed.shape, parsed.id, parsed.name, output, is_error=False)

    def check_all(self, calls: Any, stop_reason: str | None = None, *,
                  runner: Mapping[str, Callable[[dict[str, Any]], Any]] | Callable[[str, dict[str, Any]], Any]
                  | None = None, chain: Any = None) -> Batch:
        """Check every tool call of one reply, in order, and collect the results to send back together.

        `calls`: a list of calls, an Anthropic assistant message (or its content list; text blocks are
        skipped), an OpenAI Chat assistant message (`tool_calls`) or a Responses output list. With
        `runner` (a mapping of tool name to `func(arguments)`, or `runner(name, arguments)`), the calls
        that pass are run and their output becomes their result.
        """
        outcomes: list[Outcome] = []
        counted: set[Any] = set()
        for call in _tool_calls(calls):
            try:
                parsed = _parse_call(call)
                key = self._key(parsed.name if not isinstance(parsed, str) else None, chain)
                outcome = self._check(call, stop_reason, chain, count=key not in counted, reset=runner is None)
                if not outcome.ok and outcome.retryable:
                    counted.add(key)
                elif outcome.ok and runner is not None:
                    func = _runner_for(runner, outcome.tool)
                    outcome = self._execute(call, outcome, func, chain)
            except Exception as error:  # noqa: BLE001
                outcome = self._internal(call, error)
            outcomes.append(outcome)
        return Batch(outcomes, self)

    def reset(self) -> None:
        """Forget every chain's failures."""
        self.budget.reset()

    # --- internals ---------------------------------------------------------------------------------

    def _key(self, name: Any, chain: Any) -> tuple[Any, Any]:
        try:
            hash(chain)
        except TypeError:
            chain = repr(chain)
        return (name if isinstance(name, str) else None, chain)

    def _check(self, call: Any, stop_reason: Any, chain: Any, *, count: bool, reset: bool) -> Outcome:
        parsed = _parse_call(call)
        if isinstance(parsed, str):
            return self._invalid_call(parsed)
        name = parsed.name
        compiled = self._tools.get(name) if isinstance(name, str) else None
        if stop_reason is not None or parsed.incomplete:
            cut = _cut_off(stop_reason, parsed)
            if cut:
                return self._truncated(parsed, cut, compiled)
        if compiled is None:
            text = msg.unknown_tool_content(name, self._names, self.lang)
            problem = Problem((), "tool", self.tools, name, text)
            return self._failure(parsed, UNKNOWN_TOOL, [problem], text, chain, count=count,
                                 reason=f"unknown tool {msg.show(name)}; the tools are {', '.join(self._names)}")
        arguments = parsed.arguments
        if type(arguments) is not dict:
            arguments, bad_json = _parse_arguments(arguments)
            if bad_json is not None:
                return self._bad_json(parsed, compiled.name, bad_json, chain, count)
        if compiled.decode is not None and type(arguments) is dict:
            arguments = compiled.wire_decoded(arguments)
        try:
            try:
                valid = type(arguments) is dict and compiled.validator.is_valid(arguments)
            except Unresolvable as error:
                raise _SchemaTrouble(_unresolvable_text(error)) from None
            except RecursionError:
                valid = False
            if valid:
                normalized = arguments
            else:
                normalized, problems = compiled.judge(arguments)
                if problems:
                    content = msg.invalid_content(name, problems[:MAX_PROBLEMS], self.lang)
                    return self._failure(parsed, INVALID_ARGUMENTS, problems, content, chain, count=count,
                                         arguments=normalized, reason=_summary(name, problems))
        except _SchemaTrouble as trouble:
            return self._schema_error(parsed, name, str(trouble), arguments)
        if compiled.rules:
            outcome = self._rules(parsed, compiled, normalized, chain, count)
            if outcome is not None:
                return outcome
        if reset and self.budget._failures:
            self.budget.succeed(self._key(name, chain))
        return Outcome(True, OK, name, parsed.id, parsed.shape, normalized)

    def _rules(self, parsed: _Call, compiled: _Compiled, arguments: dict, chain: Any,
               count: bool) -> Outcome | None:
        problems: list[Problem] = []
        for func in compiled.rules:
            try:
                found = func(arguments)
            except Exception as error:  # noqa: BLE001 - a broken rule is the caller's bug, reported as such
                label = getattr(func, "__name__", repr(func))
                reason = f"{compiled.name}: business rule {label} raised {_exception_text(error)}"
                content = msg.tool_error_content(compiled.name, _exception_text(error), self.lang)
                problem = Problem((), "rule", label, MISSING, reason)
                return self._finish(parsed, RULE_ERROR, [problem], content, arguments=arguments, terminal=True,
                                    reason=reason)
            problems.extend(_rule_problems(found, arguments))
        if not problems:
            return None
        content = msg.rule_content(compiled.name, problems[:MAX_PROBLEMS], self.lang)
        return self._failure(parsed, BUSINESS_RULE, problems, content, chain, count=count, arguments=arguments,
                             reason=_summary(compiled.name, problems))

    def _execute(self, call: Any, outcome: Outcome, func: Callable[[dict[str, Any]], Any] | None,
                 chain: Any) -> Outcome:
        if func is None:
            return self.tool_error(call, f"no runner was given for {outcome.tool}", chain=chain, retryable=False)
        try:
            output = func(outcome.arguments)
        except Exception as error:  # noqa: BLE001 - a failing tool is reported to the model, not raised
            failed = self.tool_error(call, error, chain=chain)
            failed.arguments = outcome.arguments
            return failed
        self.budget.succeed(self._key(outcome.tool, chain))
        outcome.output = output
        outcome.result = _result(outcome.shape, outcome.call_id, outcome.tool, output, is_error=False)
        return outcome

    def _failure(self, parsed: _Call, code: str, problems: list[Problem], content: str, chain: Any, *,
                 count: bool, retryable: bool = True, arguments: Any = None, reason: str = "") -> Outcome:
        key = self._key(parsed.name, chain)
        attempt = self.budget.fail(key) if count else max(self.budget.failures(key), 1)
        name = parsed.name if isinstance(parsed.name, str) else None
        if retryable and attempt > self.budget.max_retries:
            content = msg.exhausted_content(name or msg.show(parsed.name), problems[:MAX_PROBLEMS],
                                            self.budget.max_retries, self.lang)
            outcome = self._finish(parsed, RETRY_BUDGET_EXHAUSTED, problems, content, arguments=arguments,
                                   terminal=True, reason=f"retry budget of {self.budget.max_retries} exhausted; "
                                                         f"last problem: {reason}")
            outcome.cause = code
            outcome.attempt = attempt
            return outcome
        outcome = self._finish(parsed, code, problems, content, arguments=arguments, retryable=retryable,
                               reason=reason)
        outcome.attempt = attempt
        outcome.retries_left = max(self.budget.max_retries - attempt + 1, 0) if retryable else 0
        return outcome

    def _finish(self, parsed: _Call, code: str, problems: list[Problem], content: str, *, arguments: Any = None,
                retryable: bool = False, terminal: bool = False, reason: str = "") -> Outcome:
        name = parsed.name if isinstance(parsed.name, str) else None
        result = _result(parsed.shape, parsed.id, name, content, is_error=True)
        return Outcome(False, code, name, parsed.id, parsed.shape, arguments, problems, result, retryable, terminal,
                       reason or code)

    def _truncated(self, parsed: _Call, stop_reason: str, compiled: _Compiled | None) -> Outcome:
        name = compiled.name if compiled else (parsed.name if isinstance(parsed.name, str) else "the tool")
        content = msg.truncated_content(name, stop_reason, self.lang)
        problem = Problem((), "truncated", "complete output", stop_reason, content)
        raw = parsed.arguments if isinstance(parsed.arguments, str) else None
        return self._finish(parsed, TRUNCATED, [problem], content, arguments=raw,
                            reason=f"output cut off (stop_reason {stop_reason}): raise max_tokens and send the "
                                   f"request again; do not ask the model to retry")

    def _bad_json(self, parsed: _Call, name: str, details: dict[str, Any], chain: Any, count: bool) -> Outcome:
        content = msg.invalid_json_content(name, details, self.lang)
        text = json.loads(content)["message"]
        problem = Problem((), "json", "valid JSON", details.get("raw"), text, details)
        return self._failure(parsed, INVALID_JSON, [problem], content, chain, count=count,
                             reason=f"{name}: arguments are not valid JSON: {details.get('error')} "
                                    f"(line {details.get('line')}, column {details.get('column')})")

    def _schema_error(self, parsed: _Call, name: str, detail: str, arguments: Any) -> Outcome:
        content = msg.schema_error_content(name, detail, self.lang)
        problem = Problem((), "schema", None, MISSING, content)
        return self._finish(parsed, SCHEMA_ERROR, [problem], content, arguments=arguments, terminal=True,
                            reason=f"{name}: the tool's schema cannot be applied: {detail}")

    def _invalid_call(self, detail: str) -> Outcome:
        parsed = _Call(self.default_shape, None, None, None)
        content = msg.invalid_call_content(detail, self.lang)
        problem = Problem((), "call", None, MISSING, content)
        return self._finish(parsed, INVALID_CALL, [problem], content, terminal=True, reason=detail)

    def _internal(self, call: Any, error: BaseException) -> Outcome:
        text = _exception_text(error)
        try:
            parsed = _parse_call(call)
        except Exception:  # noqa: BLE001
            parsed = "unreadable"
        if isinstance(parsed, str):
            parsed = _Call(self.default_shape, None, None, None)
        name = parsed.name if isinstance(parsed.name, str) else None
        content = msg.tool_error_content(name or "the tool", "internal error in the boundary", self.lang)
        try:
            result = _result(parsed.shape, parsed.id, name, content, is_error=True)
        except Exception:  # noqa: BLE001
            result = None
        problem = Problem((), "internal", None, MISSING, text)
        return Outcome(False, INTERNAL_ERROR, name, parsed.id, parsed.shape, None, [problem], result, False, True,
                       f"internal error in toollint.boundary: {text}")


def _summary(name: str, problems: list[Problem]) -> str:
    shown = "; ".join(p.message for p in problems[:3])
    more = f" (+{len(problems) - 3} more)" if len(problems) > 3 else ""
    return f"{name}: {shown}{more}"


def _exception_text(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


@dataclass
class Batch:
    """The outcomes of every tool call in one reply, in order, and the message(s) answering them."""

    outcomes: list[Outcome]
    boundary: Boundary

    @property
    def ok(self) -> bool:
        return all(o.ok for o in self.outcomes)

    @property
    def terminal(self) -> bool:
        return any(o.terminal for o in self.outcomes)

    @property
    def truncated(self) -> bool:
        return any(o.code == TRUNCATED for o in self.outcomes)

    def set_output(self, index: int, output: Any) -> None:
        """Attach the output of a call you ran yourself (a passing call checked without `runner`)."""
        outcome = self.outcomes[index]
        outcome.output = output
        outcome.result = _result(outcome.shape, outcome.call_id, outcome.tool, output, is_error=False)

    @property
    def results(self) -> list[dict[str, Any]]:
        """Every result, in call order. Raises `BoundaryError` if a passing call still has no output."""
        missing = [i for i, o in enumerate(self.outcomes) if o.result is None]
        if missing:
            raise BoundaryError(f"calls {missing} passed but have no output yet: pass runner= to check_all or "
                                f"use batch.set_output(index, output)")
        return [o.result for o in self.outcomes if o.result is not None]

    @property
    def message(self) -> dict[str, Any] | None:
        """The single Anthropic `user` message holding every tool_result, in order (None without calls)."""
        results = self.results
        return {"role": "user", "content": results} if results else None

    @property
    def messages(self) -> list[dict[str, Any]]:
        """What to append to the conversation: `[message]` for Anthropic, the tool messages (or
        function_call_output items) in order for OpenAI."""
        results = self.results
        if results and all(o.shape == ANTHROPIC for o in self.outcomes):
            return [{"role": "user", "content": results}]
        return results


# --- loading and compiling ---------------------------------------------------------------------------


def _label(tools: Any) -> str:
    if isinstance(tools, (str, os.PathLike)):
        return os.fspath(tools)
    return "the tools given"


def _load_tools(tools: Any) -> list[Any]:
    from toollint.dialects import Tool, find_tools

    if isinstance(tools, (str, os.PathLike)):
        from toollint.source import read_path

        path = os.fspath(tools)
        source = read_path(path)
        if source.problem is not None:
            problem = source.problem
            where = f"{path}:{problem.line}:{problem.column}" if problem.rule == "parse-error" else path
            raise BoundaryError(f"{where}: {problem.message}")
        found = find_tools(source.data)
        if not found:
            raise BoundaryError(f"{path}: no tool definitions found (expected Anthropic, OpenAI, MCP or Gemini "
                                f"tool definitions)")
        return found
    if isinstance(tools, Tool):
        return [tools]
    if isinstance(tools, dict):
        found = find_tools(tools)
        if not found:
            raise BoundaryError("the dict given is not a tool definition (no name and input schema found)")
        return found
    if isinstance(tools, (list, tuple)):
        found = []
        for index, item in enumerate(tools):
            if isinstance(item, Tool):
                found.append(item)
                continue
            tools_here = find_tools(item) if isinstance(item, dict) else []
            if not tools_here:
                raise BoundaryError(f"tools[{index}] is not a tool definition: {msg.show(item)}")
            found.extend(tools_here)
        if not found:
            raise BoundaryError("the list of tools is empty")
        for index, tool in enumerate(found):
            tool.index = index
        return found
    raise BoundaryError(f"expected a path, a list of tool dicts or one tool dict, got {type(tools).__name__}")


def _format_checker() -> Any:
    """jsonschema's checkers that need no extra package, plus plain fallbacks for the common ones that do."""
    from jsonschema import FormatChecker

    checker = FormatChecker()
    fallbacks: dict[str, Callable[[str], bool]] = {
        "date-time": lambda s: _DATE_TIME.match(s) is not None and _valid_date(s[:10]) and _valid_time(s[11:]),
        "time": lambda s: _valid_time(s),
        "uri": lambda s: _URI.match(s) is not None,
        "hostname": lambda s: len(s) <= 253 and all(_LABEL.match(part) for part in s.rstrip(".").split(".")),
    }
    for name, func in fallbacks.items():
        if name not in checker.checkers:
            checker.checks(name)(lambda value, func=func: not isinstance(value, str) or func(value))
    return checker


_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]")
_TIME = re.compile(r"^(\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$")
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


def _valid_date(text: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def _valid_time(text: str) -> bool:
    match = _TIME.match(text)
    if not match:
        return False
    hour, minute, second = int(match[1]), int(match[2]), int(match[3])
    offset_ok = match[6] is None or (int(match[6]) < 24 and int(match[7]) < 60)
    return hour < 24 and minute < 60 and second <= 60 and offset_ok


_FORMAT_CHECKER: Any = None


def _shared_format_checker() -> Any:
    global _FORMAT_CHECKER
    if _FORMAT_CHECKER is None:
        _FORMAT_CHECKER = _format_checker()
    return _FORMAT_CHECKER


def _nullable(node: Any, depth: int = 0) -> Any:
    """Gemini's OpenAPI `nullable: true` means null is allowed too; say so in JSON Schema."""
    if depth > 100:
        return node
    if isinstance(node, list):
        return [_nullable(item, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _nullable(value, depth + 1) if key != "enum" else value for key, value in node.items()}
    if out.get("nullable") is True and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
        if isinstance(out.get("enum"), list) and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
    return out


class _Compiled:
    """One tool: its validator (built once), the normalizer and the error converter."""

    def __init__(self, name: str, tool: Any, lang: str, *, wire: bool = False) -> None:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError
        from jsonschema.validators import validator_for
        from referencing import Registry

        from toollint.schemas import RefResolver

        self.name = name
        self.rules: list[Callable[[dict[str, Any]], Any]] = []
        self.warnings: list[str] = []
        schema = tool.schema
        if schema is None:
            schema = {"type": "object"}
        elif getattr(tool, "openapi_schema", False):
            schema = _nullable(schema)
        if not isinstance(schema, (dict, bool)):
            raise BoundaryError(f"tool {name!r}: the input schema is a {type(schema).__name__}, not a JSON Schema")
        self.schema = schema
        try:
            cls = validator_for(schema, default=Draft202012Validator)
            cls.check_schema(schema)
        except SchemaError as error:
            where = "/".join(str(t) for t in error.absolute_path) or "(root)"
            raise BoundaryError(f"tool {name!r}: the input schema is not valid JSON Schema at {where}: "
                                f"{error.message}") from None
        except RecursionError:
            raise BoundaryError(f"tool {name!r}: the input schema is nested too deeply") from None
        risky = frozenset(p for p in _patterns(schema) if is_risky(p))
        self.risky = risky
        for pattern in sorted(risky):
            how = "matched by the linear-time matcher" if supported(pattern) else \
                "matched by `re` (constructs the safe matcher lacks), only for strings up to " \
                f"{MAX_RISKY_LENGTH:,} characters"
            self.warnings.append(f"tool {name!r}: pattern {pattern!r} is prone to catastrophic backtracking; {how}")
        if risky:
            cls = _guarded(cls, risky)
        self.validator = cls(schema, registry=Registry(), format_checker=_shared_format_checker())
        draft = schema.get("$schema") if isinstance(schema, dict) else None
        self.resolver = RefResolver(schema, "", draft if isinstance(draft, str) else None)
        self.converter = msg.ErrorConverter(self._deref, self._search, lang)
        self.decode: Callable[[dict[str, Any]], Any] | None = None
        if wire and _has_wire_forms(schema):
            from toollint.strictify import decode_wire_arguments

            self.decode = lambda arguments: decode_wire_arguments(schema, arguments)

    def wire_decoded(self, arguments: dict[str, Any]) -> Any:
        """strictify's wire encodings (maps as key/value arrays, free values as JSON text) turned back."""
        try:
            return self.decode(arguments) if self.decode is not None else arguments
        except Exception:  # noqa: BLE001 - undecodable: validate what was sent, which reports it
            return arguments

    def _deref(self, schema: Any) -> Any:
        return self.resolver.deref(schema)

    def _search(self, pattern: str, text: str) -> bool:
        return search(pattern, text, self.risky)

    def judge(self, arguments: Any) -> tuple[Any, list[Problem]]:
        """Normalize, then validate: the normalized arguments and every problem left."""
        if not isinstance(arguments, dict):
            problem = Problem((), "type", "object", arguments, "")
            return arguments, [Problem((), "type", "object", arguments, msg.sentence(problem, self.converter.lang))]
        try:
            normalized = self._normalize(arguments, self.schema, 0)
            errors = list(islice(self.validator.iter_errors(normalized), 500))
            return normalized, self.converter.convert(errors)
        except Unresolvable as error:
            raise _SchemaTrouble(_unresolvable_text(error)) from None
        except RecursionError:
            problem = Problem((), "depth", None, MISSING, "")
            text = "（根）：参数嵌套太深" if self.converter.lang == "zh" else "(root): the arguments are nested too deeply"
            return arguments, [Problem(problem.path, problem.keyword, None, MISSING, text)]

    def _valid(self, value: Any, schema: Any) -> bool:
        try:
            return bool(self.validator.evolve(schema=schema).is_valid(value))
        except Exception:  # noqa: BLE001 - an unresolvable branch simply does not help
            return False

    def _normalize(self, value: Any, schema: Any, depth: int) -> Any:
        """Enum/const case and dropped nulls, without touching the caller's objects."""
        if depth > 64 or not isinstance(schema, dict):
            return value
        ref = schema.get("$ref")
        if isinstance(ref, str):
            found = self.resolver.lookup(ref)
            if found is not None:
                value = self._normalize(value, found[0], depth + 1)
        if isinstance(value, str):
            value = _canonical(value, schema)
        elif isinstance(value, dict):
            value = self._normalize_object(value, schema, depth)
        elif isinstance(value, list):
            value = self._normalize_array(value, schema, depth)
        all_of = schema.get("allOf")
        if isinstance(all_of, list):
            for branch in all_of:
                value = self._normalize(value, branch, depth + 1)
        for key in ("anyOf", "oneOf"):
            branches = schema.get(key)
            if not isinstance(branches, list) or any(self._valid(value, b) for b in branches):
                continue
            for branch in branches:
                candidate = self._normalize(value, branch, depth + 1)
                if candidate is not value and self._valid(candidate, branch):
                    value = candidate
                    break
        return value

    def _normalize_object(self, value: dict, schema: dict, depth: int) -> dict:
        properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        patterns = schema.get("patternProperties") if isinstance(schema.get("patternProperties"), dict) else {}
        extra = schema.get("additionalProperties")
        required = schema.get("required") if isinstance(schema.get("required"), list) else []
        out: dict[Any, Any] = {}
        changed = False
        for key, item in value.items():
            sub = properties.get(key) if isinstance(key, str) else None
            if item is None and sub is not None and key not in required and not self._valid(None, sub):
                changed = True  # an OpenAI-strictified optional field: null means "not given"
                continue
            subs = [sub] if sub is not None else []
            if isinstance(key, str):
                for pattern, pattern_schema in patterns.items():
                    try:
                        if self._search(pattern, key):
                            subs.append(pattern_schema)
                    except (TooLong, re.error):
                        pass
            if not subs and isinstance(extra, dict):
                subs.append(extra)
            new = item
            for sub_schema in subs:
                new = self._normalize(new, sub_schema, depth + 1)
            changed = changed or new is not item
            out[key] = new
        return out if changed else value

    def _normalize_array(self, value: list, schema: dict, depth: int) -> list:
        prefix = schema.get("prefixItems")
        items = schema.get("items")
        extra = schema.get("additionalItems")
        out = []
        changed = False
        for index, item in enumerate(value):
            if isinstance(prefix, list) and index < len(prefix):
                sub = prefix[index]
            elif isinstance(items, list):
                sub = items[index] if index < len(items) else extra
            else:
                sub = items
            new = self._normalize(item, sub, depth + 1) if isinstance(sub, dict) else item
            changed = changed or new is not item
            out.append(new)
        return out if changed else value


def _unresolvable_text(error: Any) -> str:
    ref = getattr(error, "ref", None)
    shown = repr(ref) if ref else str(error).splitlines()[0][:200]
    return (f"a $ref that does not resolve locally ({shown}); remote references are never fetched: "
            f"inline the schema into $defs")


def _canonical(value: str, schema: dict) -> str:
    """The declared spelling of `value` when exactly one declared enum/const value matches it ignoring case."""
    enum = schema.get("enum")
    if isinstance(enum, list) and value not in enum:
        folded = value.casefold()
        matches = {e for e in enum if isinstance(e, str) and e.casefold() == folded}
        if len(matches) == 1:
            return matches.pop()
    const = schema.get("const")
    if isinstance(const, str) and value != const and value.casefold() == const.casefold():
        return const
    return value


def _patterns(schema: Any) -> set[str]:
    from toollint.schemas import walk

    found: set[str] = set()
    for node in walk(schema, ""):
        if isinstance(node.schema.get("pattern"), str):
            found.add(node.schema["pattern"])
        pattern_properties = node.schema.get("patternProperties")
        if isinstance(pattern_properties, dict):
            found.update(p for p in pattern_properties if isinstance(p, str))
    return found


def _has_wire_forms(schema: Any) -> bool:
    """Whether strictify would send part of this schema in another form (a map, or a value of any shape)."""
    from toollint.schemas import walk
    from toollint.strictify import shape

    return any(shape(node.schema, is_root=node.is_root) in ("map", "free") for node in walk(schema, "")
               if node.via in (None, "properties", "items", "additionalProperties", "anyOf", "prefixItems",
                               "$defs", "definitions"))


def _guarded(cls: Any, risky: frozenset[str]) -> Any:
    """`cls` with `pattern`, `patternProperties` and `additionalProperties` matching risky patterns safely."""
    from jsonschema import ValidationError
    from jsonschema.validators import extend

    def matches(pattern: str, text: str) -> bool:
        try:
            return search(pattern, text, risky)
        except TooLong:
            return False

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "string"):
            return
        try:
            found = search(patrn, instance, risky)
        except TooLong:
            error = ValidationError(f"a string of {len(instance):,} characters is too long to check against the "
                                    f"pattern {patrn!r} (limit {MAX_RISKY_LENGTH:,})")
            error.too_long = True  # type: ignore[attr-defined]
            yield error
            return
        if not found:
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        for patrn, subschema in value.items():
            for key, item in instance.items():
                if matches(patrn, key):
                    yield from validator.descend(item, subschema, path=key, schema_path=patrn)

    def additional_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extras = [key for key in instance
                  if key not in properties and not any(matches(p, key) for p in patterns)]
        if validator.is_type(value, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], value, path=extra)
        elif not value and extras:
            yield ValidationError(f"Additional properties are not allowed ({', '.join(map(repr, extras))} "
                                  f"{'was' if len(extras) == 1 else 'were'} unexpected)")

    return extend(cls, {"pattern": pattern, "patternProperties": pattern_properties,
                        "additionalProperties": additional_properties})


# --- calls and results -------------------------------------------------------------------------------


def _as_dict(call: Any) -> Any:
    """SDK objects (pydantic models such as anthropic's ToolUseBlock) as plain dicts."""
    dump = getattr(call, "model_dump", None)
    if callable(dump):
        try:
            return dump()
        except Exception:  # noqa: BLE001
            return None
    return None


def _parse_call(call: Any) -> _Call | str:
    """Where a call keeps its id, name and arguments; a string says why it is not a call."""
    if type(call) is not dict:
        converted = _as_dict(call) if not isinstance(call, dict) else dict(call)
        if not isinstance(converted, dict):
            return f"expected a tool call object (tool_use block, tool call or function_call item), got {msg.show(call)}"
        call = converted
    kind = call.get("type")
    if kind == "tool_use":
        return _Call(ANTHROPIC, call.get("id"), call.get("name"), call.get("input", MISSING))
    function = call.get("function")
    if isinstance(function, dict) and kind in ("function", None):
        return _Call(CHAT, call.get("id"), function.get("name"), function.get("arguments", MISSING))
    if kind == "function_call" or (kind is None and "call_id" in call and "arguments" in call):
        return _Call(RESPONSES, call.get("call_id", call.get("id")), call.get("name"),
                     call.get("arguments", MISSING), call.get("status") == "incomplete")
    gemini = call.get("functionCall", call.get("function_call"))
    if isinstance(gemini, dict):
        return _Call(GEMINI, gemini.get("id"), gemini.get("name"), gemini.get("args", {}))
    if kind is None and "args" in call and "name" in call:
        return _Call(GEMINI, call.get("id"), call.get("name"), call.get("args"))
    if call.get("method") == "tools/call" and isinstance(call.get("params"), dict):
        params = call["params"]
        return _Call(MCP, call.get("id"), params.get("name"), params.get("arguments", {}))
    if kind is None and "name" in call and "input" in call:
        return _Call(ANTHROPIC, call.get("id"), call.get("name"), call.get("input"))
    if kind is None and "name" in call and "arguments" in call:
        arguments = call.get("arguments")
        return _Call(FUNCTIONS if isinstance(arguments, str) else MCP, call.get("id"), call.get("name"), arguments)
    return (f"not a tool call: expected an Anthropic tool_use block, an OpenAI tool call or a Responses "
            f"function_call item, got {msg.show(call)}")


def _cut_off(stop_reason: Any, parsed: _Call) -> str | None:
    if isinstance(stop_reason, str) and stop_reason in TRUNCATION_REASONS:
        return stop_reason
    if parsed.incomplete:
        return "incomplete"
    return None


class _NonStandard(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _NonStandard(name)


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)  # built once: json.loads(..., kw) builds one per call


def _clip(text: str) -> str:
    if len(text) <= MAX_RAW:
        return text
    return text[: MAX_RAW // 2] + " … " + text[-MAX_RAW // 4:]


def _parse_arguments(raw: Any) -> tuple[Any, dict[str, Any] | None]:
    """Arguments given as JSON text (OpenAI; eagerly streamed Anthropic input) parsed, or why not."""
    if raw is MISSING:
        return None, {"error": "the call has no arguments", "line": 1, "column": 1, "position": 0, "raw": ""}
    if isinstance(raw, (bytes, bytearray, memoryview)):
        data = bytes(raw)
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
            return None, {"error": f"not UTF-8 (byte 0x{data[error.start]:02x})", "line": line, "column": column,
                          "position": error.start, "raw": _clip(data.decode("utf-8", "replace"))}
    if not isinstance(raw, str):
        return raw, None
    if not raw.strip():
        return {}, None  # some models send "" for a call without arguments
    try:
        return _DECODER.decode(raw), None
    except json.JSONDecodeError as error:
        return None, {"error": error.msg, "line": error.lineno, "column": error.colno, "position": error.pos,
                      "raw": _clip(raw)}
    except _NonStandard as error:
        position = max(raw.find(str(error)), 0)
        line = raw.count("\n", 0, position) + 1
        column = position - (raw.rfind("\n", 0, position) + 1) + 1
        return None, {"error": f"{error} is not a JSON value", "line": line, "column": column, "position": position,
                      "raw": _clip(raw)}
    except RecursionError:
        return None, {"error": "nested too deeply to parse", "line": 1, "column": 1, "position": 0, "raw": _clip(raw)}
    except ValueError as error:  # e.g. an integer literal with more digits than Python converts
        return None, {"error": str(error), "line": 1, "column": 1, "position": 0, "raw": _clip(raw)}


def _content_text(content: Any) -> Any:
    if isinstance(content, str):
        return content
    return msg.dumps(content)


def _result(shape: str, call_id: Any, name: Any, content: Any, *, is_error: bool) -> dict[str, Any]:
    """The message answering a call, in the call's own shape."""
    if shape == ANTHROPIC:
        result: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id}
        if is_error:
            result["is_error"] = True
        blocks = isinstance(content, list) and content and all(isinstance(b, dict) and "type" in b for b in content)
        result["content"] = content if blocks else _content_text(content)
        return result
    text = _content_text(content)
    if shape == CHAT:
        return {"role": "tool", "tool_call_id": call_id, "content": text}
    if shape == RESPONSES:
        return {"type": "function_call_output", "call_id": call_id, "output": text}
    if shape == FUNCTIONS:
        return {"role": "function", "name": name, "content": text}
    if shape == GEMINI:
        response: dict[str, Any] = {"name": name, "response": {"error" if is_error else "output": text}}
        if call_id is not None:
            response = {"id": call_id, **response}
        return {"functionResponse": response}
    result = {"content": [{"type": "text", "text": text}], "isError": is_error}  # MCP CallToolResult
    return result


def _rule_problems(found: Any, arguments: dict[str, Any]) -> list[Problem]:
    if found is None or found is True or found == "" or found == [] or found == {}:
        return []
    if isinstance(found, str):
        return [Problem((), "rule", None, MISSING, found)]
    if isinstance(found, Problem):
        return [found]
    if isinstance(found, Mapping):
        problems = []
        for where, text in found.items():
            path = tuple(where.split(".")) if isinstance(where, str) and where else ()
            received = arguments.get(where, MISSING) if isinstance(where, str) else MISSING
            problems.append(Problem(path, "rule", None, received, f"{msg.display_path(path)}: {text}"))
        return problems
    if isinstance(found, Iterable):
        problems = []
        for item in found:
            problems.extend(_rule_problems(item, arguments))
        return problems
    return [Problem((), "rule", None, MISSING, str(found))]


_SKIPPED_BLOCKS = frozenset({"text", "thinking", "redacted_thinking", "reasoning", "message", "web_search_call",
                             "server_tool_use", "web_search_tool_result", "image", "document"})


def _tool_calls(calls: Any) -> list[Any]:
    if isinstance(calls, Mapping):
        if isinstance(calls.get("content"), list):
            calls = calls["content"]
        elif isinstance(calls.get("tool_calls"), list):
            calls = calls["tool_calls"]
        elif isinstance(calls.get("output"), list):
            calls = calls["output"]
        else:
            return [calls]
    if isinstance(calls, (str, bytes)) or not isinstance(calls, Iterable):
        return [calls]
    picked = []
    for item in calls:
        kind = item.get("type") if isinstance(item, Mapping) else getattr(item, "type", None)
        if kind in _SKIPPED_BLOCKS:
            continue
        picked.append(item)
    return picked


def _runner_for(runner: Any, name: str | None) -> Callable[[dict[str, Any]], Any] | None:
    if isinstance(runner, Mapping):
        return runner.get(name)
    return lambda arguments: runner(name, arguments)
