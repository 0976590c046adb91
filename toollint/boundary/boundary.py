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
4. Arguments given as text are parsed; failure is `INVALID_JSON` with the parser's position. With a
   strict `target`, strictify's wire forms (maps as key/value lists, free values as JSON text) are
   turned back first.
5. Fields a schema silent about `additionalProperties` does not declare are judged by `extra`:
   rejected as a closed schema would (default), dropped (`outcome.dropped`), or allowed.
   One `is_valid` pass against the ORIGINAL schema. Only when it fails are the arguments normalized
   (enum/const strings mapped to their declared case when exactly one declared value matches
   case-insensitively; `null` for an optional field whose schema does not allow null dropped, which
   is how OpenAI-strictified optional fields come back) and validated again, collecting every
   problem: `INVALID_ARGUMENTS`.
   Empty arguments (`{}`) for a tool with required properties, which strict mode occasionally
   sends, get their own code: `EMPTY_ARGUMENTS`. With `coerce=True`, strings that unambiguously
   mean a number, boolean, null, array or object where the schema allows no string are converted
   first (`toollint.boundary.coerce`), and each conversion is listed in `outcome.coerced`.
6. Business rules registered with `add_rule`: `BUSINESS_RULE`.

Schemas are compiled once per tool: the validator class follows `$schema` (draft-07, 2019-09,
2020-12; default 2020-12), formats are checked, and the `referencing.Registry` has no retrieve
function, so a remote `$ref` is never fetched: it fails with `SCHEMA_ERROR` instead. Patterns prone
to catastrophic backtracking are matched by a linear-time matcher (`toollint.schema.safe_regex`), and
schemas whose `anyOf`/`oneOf`/`$ref` can make validation exponential run under a time budget
(`toollint.boundary.compiled.MAX_SECONDS`).

Around `check`: a retry budget per chain (`max_retries`, `chain=`) ends a chain with a terminal
`RETRY_BUDGET_EXHAUSTED`; `run` validates, runs and wraps the tool; `tool_error` wraps a tool's own
failure (`TOOL_ERROR`); `check_all` answers every call of one reply in one message. With `log=`, every
outcome is also written as one JSON line (`toollint.boundary.outcome_log`), which `toollint passk --by
tool` turns into a per-tool "boundary pass^k".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, overload

from referencing.exceptions import Unresolvable

from toollint.boundary import messages as msg
from toollint.boundary.calls import (
    ANTHROPIC,
    TRUNCATION_REASONS,
    Call,
    cut_off,
    make_result,
    parse_arguments,
    parse_call,
    rule_problems,
    runner_for,
    tool_calls,
)
from toollint.boundary.coerce import Coercion, coerce_arguments
from toollint.boundary.compiled import (
    EXTRA_POLICIES,
    BoundaryError,
    CompiledTool,
    SchemaTrouble,
    TooComplex,
    load_tools,
    source_label,
    unresolvable_text,
)
from toollint.boundary.handlers import invoke
from toollint.boundary.messages import MISSING, Problem
from toollint.boundary.outcome_log import LogTarget, OutcomeLog
from toollint.boundary.results import R
from toollint.boundary.strict_files import wire_form_at

if TYPE_CHECKING:
    from toollint.boundary.results import (
        AnthropicCall,
        AnthropicResult,
        ChatCall,
        ChatResult,
        ResponsesCall,
        ResponsesResult,
    )
from toollint.boundary.unsendable import unsendable
from toollint.document.dialects import DIALECTS, TARGET_DIALECTS
from toollint.schema.walk import expansion, members

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
EMPTY_ARGUMENTS = "EMPTY_ARGUMENTS"  # `{}` for a tool with required properties (strict mode does this at times)
CODES = (OK, INVALID_ARGUMENTS, INVALID_JSON, UNKNOWN_TOOL, TRUNCATED, RETRY_BUDGET_EXHAUSTED, BUSINESS_RULE,
         TOOL_ERROR, SCHEMA_ERROR, INVALID_CALL, RULE_ERROR, INTERNAL_ERROR, EMPTY_ARGUMENTS)

# Derived from the dialect records: boundary target -> the shape its calls and results take, and -> the
# strictify target whose wire forms its calls arrive in; a file's dialect -> the shape answered without one.
_TARGETS: dict[str | None, str | None] = {None: None, **{n: d.call_shape for n, d in TARGET_DIALECTS.items()}}
_STRICT_TARGETS = {n: d.strict_target for n, d in TARGET_DIALECTS.items() if d.strict_target}
_DIALECT_SHAPES = {d.name: d.answer_shape for d in DIALECTS.values()}


@dataclass
class Outcome(Generic[R]):
    """The verdict on one call. When not `ok`, `result` is the error message to send back, in the call's shape.

    `retryable`: the model is being asked to correct and call again. `terminal`: stop this chain (retry
    budget exhausted, or a fault no retry fixes); log `errors` and count the case as failed. `reason` is
    a one-line summary for logs; `result` and the problems' messages speak the boundary's `lang`.
    """

    ok: bool
    code: str
    tool: str | None
    call_id: Any
    shape: str
    arguments: Any = None
    errors: list[Problem] = field(default_factory=list)
    result: R | None = None  # typed as the SDK's param type for SDK calls (toollint.boundary.results)
    retryable: bool = False
    terminal: bool = False
    reason: str = ""
    attempt: int = 0  # consecutive failures of this chain so far, this one included
    retries_left: int = 0
    cause: str | None = None  # for RETRY_BUDGET_EXHAUSTED: the code of the last failure
    output: Any = None  # what the tool returned, when run through `run`/`check_all(runner=...)`
    coerced: list[Coercion] = field(default_factory=list)  # with coerce=True: the strings converted
    dropped: list[str] = field(default_factory=list)  # with extra="drop": JSON Pointers of the fields removed

    @property
    def content(self) -> Any:
        """The text sent back to the model (tool_result content / tool message content)."""
        return _result_text(self.result)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "code": self.code, "tool": self.tool, "call_id": self.call_id,
                "arguments": self.arguments, "errors": [p.to_dict() for p in self.errors], "result": self.result,
                "retryable": self.retryable, "terminal": self.terminal, "reason": self.reason,
                "attempt": self.attempt, "cause": self.cause,
                **({"coerced": [c.to_dict() for c in self.coerced]} if self.coerced else {}),
                **({"dropped": self.dropped} if self.dropped else {})}


def _result_text(result: Any) -> Any:
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


class Boundary:
    """Validators for a set of tools, compiled once, plus the retry budget and business rules.

    `tools`: a path to any tool file toollint reads, a list of tool dicts (any dialect), or one dict:
    the ORIGINAL definitions, whose schemas keep every constraint.
    `target`: the provider the tools were strictified for (`anthropic`, `openai`; also `gemini`,
    `openai-responses`, `mcp`). For the strict targets, calls arrive in strictify's wire forms
    (maps as key/value lists, free values as JSON text) and are decoded before validation
    (`toollint.strictifier.decode.decode_wire_arguments`). It also picks `default_shape`, the result shape used
    when a call's own shape cannot tell; without a target, the tools' dialect decides.
    `strict_tools`: the names of the tools strictify made strict, when it left some as they were
    (`--max-strict`, `--only`): only those are decoded. Default: every tool.
    `extra`: what to do with fields an object does not declare when its schema is silent about
    `additionalProperties` (FastMCP and pydantic schemas are): `"reject"` (default) answers
    "unexpected field … did you mean …?" as a closed schema does, since `func(**arguments)` would raise
    on them; `"drop"` removes them and lists them in `outcome.dropped`; `"allow"` keeps JSON Schema's
    reading and lets them through. A schema that says `additionalProperties: true` (or gives a schema
    for it) keeps its meaning under every policy.
    """

    def __init__(self, tools: Any, target: str | None = None, *, lang: str = "en", max_retries: int = 2,
                 coerce: bool = False, log: LogTarget | None = None, strict_tools: Any = None,
                 extra: str = "reject") -> None:
        if lang not in msg.LANGS:
            raise BoundaryError(f"lang must be one of {', '.join(msg.LANGS)}, got {lang!r}")
        if target not in _TARGETS:
            raise BoundaryError(f"unknown target {target!r}; use one of "
                                f"{', '.join(sorted(t for t in _TARGETS if t))}")
        if extra not in EXTRA_POLICIES:
            raise BoundaryError(f"extra must be one of {', '.join(EXTRA_POLICIES)}, got {extra!r}")
        self.lang = lang
        self.coerce = coerce
        self.extra = extra
        self.budget = RetryBudget(max_retries)
        found = load_tools(tools)
        self._tools: dict[str, CompiledTool] = {}
        self.warnings: list[str] = []
        for tool in found:
            name = tool.name
            if name is None:
                raise BoundaryError(f"{source_label(tools)}: tool #{tool.index} has no name")
            if name in self._tools:
                raise BoundaryError(f"{source_label(tools)}: two tools are named {name!r}; tool names must be unique")
            wire_at = wire_form_at(tool.schema)
            if wire_at is not None:
                raise BoundaryError(
                    f"{source_label(tools)}: this is strictify output: tool {name!r} carries strictify's wire forms "
                    f"(at {wire_at}), which the tool does not take; pass the original tool file, or the --validator "
                    f"file strictify wrote beside it, with the target it was strictified for so calls are decoded")
            strict = strict_tools is None or name in strict_tools
            compiled = CompiledTool(name, tool, lang, wire=_STRICT_TARGETS.get(target or "") if strict else None,
                                    extra=extra)
            self._tools[name] = compiled
            self.warnings.extend(compiled.warnings)
        self.default_shape = _TARGETS[target] or _DIALECT_SHAPES.get(found[0].dialect.name, ANTHROPIC)
        self._names = sorted(self._tools)
        try:
            self.log = OutcomeLog(log) if log is not None else None
        except (OSError, TypeError) as error:
            raise BoundaryError(f"cannot use {log!r} as the outcome log: {error}") from None

    @classmethod
    def from_tools(cls, tools: Any, target: str | None = None, *, lang: str = "en",
                   max_retries: int = 2, coerce: bool = False, log: LogTarget | None = None,
                   strict_tools: Any = None, extra: str = "reject") -> Boundary:
        """Load and compile `tools` (a path, a list of tool dicts, or one tool dict). Raises `BoundaryError`.

        `coerce=True` converts unambiguous strings (`"19"` for an integer, `"[1]"` for an array) and
        records them in `outcome.coerced`; `log` (a path, a text stream or a callable) receives one
        JSON record per outcome (pass `chain=(task_id, trial)` to the checks to name them). `strict_tools`
        and `extra` (undeclared fields: `"reject"`, `"drop"` or `"allow"`): see `Boundary`.
        """
        return cls(tools, target, lang=lang, max_retries=max_retries, coerce=coerce, log=log,
                   strict_tools=strict_tools, extra=extra)

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

    @overload
    def check(self, call: AnthropicCall, stop_reason: str | None = None, *,
              chain: Any = None) -> Outcome[AnthropicResult]: ...
    @overload
    def check(self, call: ChatCall, stop_reason: str | None = None, *, chain: Any = None) -> Outcome[ChatResult]: ...
    @overload
    def check(self, call: ResponsesCall, stop_reason: str | None = None, *,
              chain: Any = None) -> Outcome[ResponsesResult]: ...
    @overload
    def check(self, call: Any, stop_reason: str | None = None, *, chain: Any = None) -> Outcome[Any]: ...

    def check(self, call: Any, stop_reason: str | None = None, *, chain: Any = None) -> Outcome[Any]:
        """Judge one call. Never raises: whatever `call` is, the answer is an `Outcome`.

        `chain` names the conversation (or task) the call belongs to, so retry budgets of concurrent
        conversations do not mix; the budget key is the tool name plus `chain`.
        """
        try:
            outcome = self._check(call, stop_reason, chain, count=True, reset=True)
        except Exception as error:  # noqa: BLE001 - the agent loop must not crash on a bug here either
            outcome = self._internal(call, error)
        return self._logged(outcome, chain)

    @overload
    def run(self, call: AnthropicCall, func: Callable[..., Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome[AnthropicResult]: ...
    @overload
    def run(self, call: ChatCall, func: Callable[..., Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome[ChatResult]: ...
    @overload
    def run(self, call: ResponsesCall, func: Callable[..., Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome[ResponsesResult]: ...
    @overload
    def run(self, call: Any, func: Callable[..., Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome[Any]: ...

    def run(self, call: Any, func: Callable[..., Any], stop_reason: str | None = None, *,
            chain: Any = None) -> Outcome[Any]:
        """Check `call`, run `func` when it passes, and wrap whatever happens into a result.

        `func` is called as its signature asks (`toollint.boundary.handlers`): `refund_order(order_id,
        amount)` with keywords, `run(arguments)` with the dict.

        The chain's budget is reset only when `func` returns; an exception becomes `TOOL_ERROR`.
        """
        try:
            outcome = self._check(call, stop_reason, chain, count=True, reset=False)
            if outcome.ok:
                outcome = self._execute(call, outcome, func, chain)
        except Exception as error:  # noqa: BLE001
            outcome = self._internal(call, error)
        return self._logged(outcome, chain)

    def tool_error(self, call: Any, error: BaseException | str, *, chain: Any = None,
                   retryable: bool = True) -> Outcome[Any]:
        """Wrap a failure of the tool itself (timeout, "order not found") into an error result.

        It counts against the chain's retry budget, so a tool that keeps failing ends the chain.
        """
        return self._logged(self._tool_error(call, error, chain=chain, retryable=retryable), chain)

    def _tool_error(self, call: Any, error: BaseException | str, *, chain: Any, retryable: bool = True) -> Outcome[Any]:
        try:
            parsed = parse_call(call)
            if isinstance(parsed, str):
                parsed = Call(self.default_shape, None, None, None)
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
        parsed = parse_call(call)
        if isinstance(parsed, str):
            parsed = Call(self.default_shape, None, None, None)
        return make_result(parsed.shape, parsed.id, parsed.name, output, is_error=False)

    def check_all(self, reply: Any, stop_reason: str | None = None, *,
                  runner: Mapping[str, Callable[..., Any]] | Callable[[str, dict[str, Any]], Any]
                  | None = None, chain: Any = None) -> Batch:
        """Check every tool call of one reply, in order, and collect the results to send back together.

        `reply`: a list of calls, an Anthropic message or Messages response (text blocks are skipped),
        an OpenAI Chat message or choice, a Responses response or output list, or their SDK objects; a
        stop reason the reply carries is used unless `stop_reason` is given. With `runner` (a mapping
        of tool name to a handler, called as `run` calls it, or `runner(name, arguments)`), the calls
        that pass are run and their output becomes their result.
        """
        outcomes: list[Outcome[Any]] = []
        counted: set[Any] = set()
        calls, found_reason = tool_calls(reply)
        stop_reason = stop_reason if stop_reason is not None else found_reason
        for call in calls:
            try:
                parsed = parse_call(call)
                key = self._key(parsed.name if not isinstance(parsed, str) else None, chain)
                outcome = self._check(call, stop_reason, chain, count=key not in counted, reset=runner is None)
                if not outcome.ok and outcome.retryable:
                    counted.add(key)
                elif outcome.ok and runner is not None:
                    func = runner_for(runner, outcome.tool)
                    outcome = self._execute(call, outcome, func, chain)
            except Exception as error:  # noqa: BLE001
                outcome = self._internal(call, error)
            outcomes.append(self._logged(outcome, chain))
        return Batch(outcomes, self)

    def reset(self) -> None:
        """Forget every chain's failures."""
        self.budget.reset()

    def close(self) -> None:
        """Close the outcome log file, if the boundary opened one."""
        if self.log is not None:
            self.log.close()

    # --- internals ---------------------------------------------------------------------------------

    def _key(self, name: Any, chain: Any) -> tuple[Any, Any]:
        """The budget's key: the tool (every unknown name shares one, so inventing new names does not buy
        new retries) and the conversation; long or unhashable chain keys are stored as a digest."""
        try:
            hash(chain)
        except TypeError:
            chain = repr(chain)
        if isinstance(chain, (str, bytes)) and len(chain) > 64:
            chain = _digest(chain)
        return (name if isinstance(name, str) and name in self._tools else _UNKNOWN_TOOL, chain)

    def _check(self, call: Any, stop_reason: Any, chain: Any, *, count: bool, reset: bool) -> Outcome[Any]:
        parsed = parse_call(call)
        if isinstance(parsed, str):
            return self._invalid_call(parsed)
        name = parsed.name
        compiled = self._tools.get(name) if isinstance(name, str) else None
        if stop_reason is not None or parsed.incomplete:
            cut = cut_off(stop_reason, parsed)
            if cut:
                return self._truncated(parsed, cut, compiled)
        if compiled is None:
            text = msg.unknown_tool_content(name, self._names, self.lang)
            problem = Problem((), "tool", self.tools, name, text)
            return self._failure(parsed, UNKNOWN_TOOL, [problem], text, chain, count=count,
                                 reason=f"unknown tool {msg.show(name)}; the tools are {', '.join(self._names)}")
        arguments = parsed.arguments
        if type(arguments) is not dict:
            arguments, bad_json = parse_arguments(arguments)
            if bad_json is not None:
                return self._bad_json(parsed, compiled.name, bad_json, chain, count)
        if type(arguments) is dict and parsed.arguments is arguments and expansion(arguments)[1] < 0:
            # only a Python caller can hand over arguments that contain themselves; JSON text never does
            return self._invalid_call(f"the arguments of {name!r} contain themselves (a cyclic dict or list), "
                                      "which no JSON call can be")
        if compiled.decode is not None and type(arguments) is dict:
            arguments = compiled.wire_decoded(arguments)
        if type(arguments) is dict and not arguments and _required(compiled.schema):
            return self._empty(parsed, compiled.name, _required(compiled.schema), chain, count)
        dropped: list[str] = []
        if self.extra == "drop" and type(arguments) is dict:
            arguments, dropped = compiled.drop_undeclared(arguments)
        coerced: list[Coercion] = []
        huge, non_finite = unsendable(arguments, self.lang) if type(arguments) is dict else ([], [])
        if huge:
            return self._failure(parsed, INVALID_ARGUMENTS, huge, msg.invalid_content(name, huge, self.lang), chain,
                                 count=count, arguments=arguments, reason=_summary(name, huge))
        try:
            try:
                valid = type(arguments) is dict and compiled.is_valid(arguments)
            except Unresolvable as error:
                raise SchemaTrouble(unresolvable_text(error)) from None
            except RecursionError:
                valid = False
            except TooComplex:  # no second, longer pass to list the problems
                problem = compiled.too_complex()
                return self._failure(parsed, INVALID_ARGUMENTS, [problem],
                                     msg.invalid_content(name, [problem], self.lang), chain, count=count,
                                     arguments=arguments, reason=_summary(name, [problem]))
            if valid:
                normalized = arguments
            else:
                if self.coerce:
                    arguments, coerced = coerce_arguments(arguments, compiled.schema, compiled.resolver.lookup)
                normalized, problems = compiled.judge(arguments)
                if problems:
                    content = msg.invalid_content(name, problems, self.lang)
                    failed = self._failure(parsed, INVALID_ARGUMENTS, problems, content, chain, count=count,
                                           arguments=normalized, reason=_summary(name, problems))
                    failed.coerced = coerced
                    failed.dropped = dropped
                    return failed
        except SchemaTrouble as trouble:
            return self._schema_error(parsed, name, str(trouble), arguments)
        # NaN passes every bound and Infinity has no JSON form: valid to jsonschema, rejected here
        bad_numbers = unsendable(normalized, self.lang)[1] if non_finite else []
        if bad_numbers:
            return self._failure(parsed, INVALID_ARGUMENTS, bad_numbers,
                                 msg.invalid_content(name, bad_numbers, self.lang), chain, count=count,
                                 arguments=normalized, reason=_summary(name, bad_numbers))
        if compiled.rules:
            outcome = self._rules(parsed, compiled, normalized, chain, count)
            if outcome is not None:
                return outcome
        if reset and self.budget._failures:
            self.budget.succeed(self._key(name, chain))
        return Outcome(True, OK, name, parsed.id, parsed.shape, normalized, coerced=coerced, dropped=dropped)

    def _rules(self, parsed: Call, compiled: CompiledTool, arguments: dict[str, Any], chain: Any,
               count: bool) -> Outcome[Any] | None:
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
            problems.extend(rule_problems(found, arguments))
        if not problems:
            return None
        content = msg.rule_content(compiled.name, problems, self.lang)
        return self._failure(parsed, BUSINESS_RULE, problems, content, chain, count=count, arguments=arguments,
                             reason=_summary(compiled.name, problems))

    def _execute(self, call: Any, outcome: Outcome[Any], func: Callable[..., Any] | None,
                 chain: Any) -> Outcome[Any]:
        if func is None:
            return self._tool_error(call, f"no runner was given for {outcome.tool}", chain=chain, retryable=False)
        try:
            properties = members(self._tools[outcome.tool].schema, "properties") if outcome.tool in self._tools else {}
            output = invoke(func, outcome.arguments, properties)
        except Exception as error:  # noqa: BLE001 - a failing tool is reported to the model, not raised
            failed = self._tool_error(call, error, chain=chain)
            failed.arguments = outcome.arguments
            return failed
        self.budget.succeed(self._key(outcome.tool, chain))
        outcome.output = output
        outcome.result = make_result(outcome.shape, outcome.call_id, outcome.tool, output, is_error=False)
        return outcome

    def _failure(self, parsed: Call, code: str, problems: list[Problem], content: str, chain: Any, *,
                 count: bool, retryable: bool = True, arguments: Any = None, reason: str = "") -> Outcome[Any]:
        key = self._key(parsed.name, chain)
        attempt = self.budget.fail(key) if count else max(self.budget.failures(key), 1)
        name = parsed.name if isinstance(parsed.name, str) else None
        if retryable and attempt > self.budget.max_retries:
            content = msg.exhausted_content(name or msg.show(parsed.name), problems,
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

    def _finish(self, parsed: Call, code: str, problems: list[Problem], content: str, *, arguments: Any = None,
                retryable: bool = False, terminal: bool = False, reason: str = "") -> Outcome[Any]:
        name = parsed.name if isinstance(parsed.name, str) else None
        result = make_result(parsed.shape, parsed.id, name, content, is_error=True)
        return Outcome(False, code, name, parsed.id, parsed.shape, arguments, problems, result, retryable, terminal,
                       reason or code)

    def _truncated(self, parsed: Call, stop_reason: str, compiled: CompiledTool | None) -> Outcome[Any]:
        name = compiled.name if compiled else (parsed.name if isinstance(parsed.name, str) else "the tool")
        content = msg.truncated_content(name, stop_reason, self.lang)
        problem = Problem((), "truncated", "complete output", stop_reason, content)
        raw = parsed.arguments if isinstance(parsed.arguments, str) else None
        return self._finish(parsed, TRUNCATED, [problem], content, arguments=raw,
                            reason=f"output cut off (stop_reason {stop_reason}): raise max_tokens and send the "
                                   f"request again; do not ask the model to retry")

    def _logged(self, outcome: Outcome[Any], chain: Any) -> Outcome[Any]:
        if self.log is not None:
            try:
                self.log.record(outcome, chain)
            except Exception as error:  # noqa: BLE001 - a full disk must not crash the agent loop
                self.warnings.append(f"outcome log: {type(error).__name__}: {error}")
        return outcome

    def _empty(self, parsed: Call, name: str, required: list[str], chain: Any, count: bool) -> Outcome[Any]:
        content = msg.empty_arguments_content(name, required, self.lang)
        problem = Problem((), "required", required, {}, content)
        return self._failure(parsed, EMPTY_ARGUMENTS, [problem], content, chain, count=count, arguments={},
                             reason=f"{name}: empty arguments ({{}}) but {', '.join(required)} are required")

    def _bad_json(self, parsed: Call, name: str, details: dict[str, Any], chain: Any, count: bool) -> Outcome[Any]:
        content = msg.invalid_json_content(name, details, self.lang)
        text = msg.invalid_json_sentence(name, details, self.lang)
        problem = Problem((), "json", "valid JSON", details.get("raw"), text, details)
        return self._failure(parsed, INVALID_JSON, [problem], content, chain, count=count,
                             reason=f"{name}: arguments are not valid JSON: {details.get('error')} "
                                    f"(line {details.get('line')}, column {details.get('column')})")

    def _schema_error(self, parsed: Call, name: str, detail: str, arguments: Any) -> Outcome[Any]:
        content = msg.schema_error_content(name, detail, self.lang)
        problem = Problem((), "schema", None, MISSING, content)
        return self._finish(parsed, SCHEMA_ERROR, [problem], content, arguments=arguments, terminal=True,
                            reason=f"{name}: the tool's schema cannot be applied: {detail}")

    def _invalid_call(self, detail: str) -> Outcome[Any]:
        parsed = Call(getattr(detail, "shape", self.default_shape), None, None, None)
        content = msg.invalid_call_content(detail, self.lang)
        problem = Problem((), "call", None, MISSING, content)
        return self._finish(parsed, INVALID_CALL, [problem], content, terminal=True, reason=detail)

    def _internal(self, call: Any, error: BaseException) -> Outcome[Any]:
        text = _exception_text(error)
        try:
            parsed = parse_call(call)
        except Exception:  # noqa: BLE001
            parsed = "unreadable"
        if isinstance(parsed, str):
            parsed = Call(self.default_shape, None, None, None)
        name = parsed.name if isinstance(parsed.name, str) else None
        content = msg.tool_error_content(name or "the tool", "internal error in the boundary", self.lang)
        try:
            result = make_result(parsed.shape, parsed.id, name, content, is_error=True)
        except Exception:  # noqa: BLE001
            result = None
        problem = Problem((), "internal", None, MISSING, text)
        return Outcome(False, INTERNAL_ERROR, name, parsed.id, parsed.shape, None, [problem], result, False, True,
                       f"internal error in toollint.boundary: {text}")


def _required(schema: Any) -> list[str]:
    required = schema.get("required") if isinstance(schema, dict) else None
    return [r for r in required if isinstance(r, str)] if isinstance(required, list) else []
_UNKNOWN_TOOL = ("unknown tool",)  # one budget key for every name that is not a tool (a tuple: no tool's name)


def _digest(key: str | bytes) -> bytes:
    import hashlib

    return hashlib.blake2b(key.encode("utf-8", "surrogatepass") if isinstance(key, str) else key,
                           digest_size=16).digest()


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

    outcomes: list[Outcome[Any]]
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
        outcome.result = make_result(outcome.shape, outcome.call_id, outcome.tool, output, is_error=False)

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
