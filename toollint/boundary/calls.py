"""Tool calls in every provider's shape: where the id, name and arguments are, and how to answer.

Parsing never raises: a value that is not a call comes back as a string saying why.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from toollint.boundary import messages as msg
from toollint.boundary.messages import MISSING, Problem
from toollint.document import dialects

# The shapes, named by the dialect records (`toollint.document.dialects`, field `call_shape`).
ANTHROPIC, CHAT, RESPONSES, FUNCTIONS, GEMINI, MCP = (dialects.DIALECTS[name].call_shape for name in (
    "anthropic", "openai-chat", "openai-responses", "openai-functions", "gemini", "mcp"))
# stop_reason / finish_reason / incomplete_details.reason values that mean "cut off".
TRUNCATION_REASONS = frozenset({"max_tokens", "length", "model_context_window_exceeded", "max_output_tokens"})

MAX_RAW = 8_000


@dataclass
class Call:
    shape: str
    id: Any
    name: Any
    arguments: Any
    incomplete: bool = False


def _as_dict(call: Any) -> Any:
    """SDK objects (pydantic models such as anthropic's ToolUseBlock) as plain dicts."""
    dump = getattr(call, "model_dump", None)
    if callable(dump):
        try:
            return dump()
        except Exception:  # noqa: BLE001
            return None
    return None


class NotACall(str):
    """Why a reply holds no usable call, and the shape the answer must take."""

    shape = CHAT


def parse_call(call: Any) -> Call | str:
    """Where a call keeps its id, name and arguments; a string says why it is not a call."""
    if isinstance(call, NotACall):
        return call
    if type(call) is not dict:
        converted = _as_dict(call) if not isinstance(call, dict) else dict(call)
        if not isinstance(converted, dict):
            return f"expected a tool call object (tool_use block, tool call or function_call item), got {msg.show(call)}"
        call = converted
    kind = call.get("type")
    if kind == "tool_use":
        return Call(ANTHROPIC, call.get("id"), call.get("name"), call.get("input", MISSING))
    function = call.get("function")
    if isinstance(function, dict) and kind in ("function", None):
        return Call(CHAT, call.get("id"), function.get("name"), function.get("arguments", MISSING))
    if kind == "function_call" or (kind is None and "call_id" in call and "arguments" in call):
        return Call(RESPONSES, call.get("call_id", call.get("id")), call.get("name"),
                     call.get("arguments", MISSING), call.get("status") == "incomplete")
    gemini = call.get("functionCall", call.get("function_call"))
    if isinstance(gemini, dict):
        return Call(GEMINI, gemini.get("id"), gemini.get("name"), gemini.get("args", {}))
    if kind is None and "args" in call and "name" in call:
        return Call(GEMINI, call.get("id"), call.get("name"), call.get("args"))
    if call.get("method") == "tools/call" and isinstance(call.get("params"), dict):
        params = call["params"]
        return Call(MCP, call.get("id"), params.get("name"), params.get("arguments", {}))
    if kind is None and "name" in call and "input" in call:
        return Call(ANTHROPIC, call.get("id"), call.get("name"), call.get("input"))
    if kind is None and "name" in call and "arguments" in call:
        arguments = call.get("arguments")
        return Call(FUNCTIONS if isinstance(arguments, str) else MCP, call.get("id"), call.get("name"), arguments)
    return (f"not a tool call: expected an Anthropic tool_use block, an OpenAI tool call or a Responses "
            f"function_call item, got {msg.show(call)}")


def is_call(value: Any, tool_names: Collection[str] | None = None) -> bool:
    """Whether `value` is a whole tool call (in any shape `parse_call` reads) rather than bare arguments.

    A call without a shape marker (`{name, arguments}`, `{name, args}`) counts only when its name is one of
    `tool_names`, so arguments that happen to have `name` and `input` properties stay arguments.
    """
    if not isinstance(value, dict) or not isinstance(parse_call(value), Call):
        return False
    marked = any(key in value for key in ("type", "functionCall", "function_call", "method"))
    return marked or tool_names is None or value.get("name") in tool_names


def is_reply(value: Any) -> bool:
    """Whether `value` is a whole model reply (what `tool_calls` reads) rather than one call or bare arguments:
    an Anthropic Message, an OpenAI ChatCompletion, choice or assistant message, a Responses response, or a
    list of items of which at least one is a call (a Responses `output`, a Message's `content`)."""
    if isinstance(value, list):
        return all(isinstance(item, Mapping) for item in value) and any(is_call(item) for item in value)
    if not isinstance(value, Mapping):
        return False
    if isinstance(value.get("choices"), list):
        return True
    if isinstance(value.get("message"), Mapping) and "finish_reason" in value:
        return True
    if value.get("role") == "assistant" and isinstance(value.get("content", value.get("tool_calls")), list):
        return True
    return value.get("object") == "response" and isinstance(value.get("output"), list)


def bare_call(shape: str, name: str, text: str) -> dict[str, Any]:
    """A call of `shape` carrying raw argument text, so unparseable input still gets INVALID_JSON with a position."""
    if shape == CHAT:
        return {"id": None, "type": "function", "function": {"name": name, "arguments": text}}
    if shape == RESPONSES:
        return {"type": "function_call", "call_id": None, "name": name, "arguments": text}
    if shape in (GEMINI, MCP):
        try:
            arguments: Any = json.loads(text)
        except ValueError:
            arguments = text
        if shape == GEMINI:
            return {"functionCall": {"name": name, "args": arguments}}
        return {"method": "tools/call", "params": {"name": name, "arguments": arguments}}
    return {"type": "tool_use", "id": None, "name": name, "input": text}


def cut_off(stop_reason: Any, parsed: Call) -> str | None:
    if isinstance(stop_reason, str) and stop_reason in TRUNCATION_REASONS:
        return stop_reason
    if parsed.incomplete:
        return "incomplete"
    return None


class _NonStandard(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _NonStandard(name)


class _Duplicate(ValueError):
    """A key given twice in one object: JSON parsers disagree on which value wins, so neither is trusted."""


class _NotFinite(ValueError):
    """A number literal such as 1e999 that overflows to Infinity."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return result


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")  # possibly a lone surrogate

# built once: json.loads(..., kw) builds one per call
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_pairs, parse_float=_finite)


def _clip(text: str) -> str:
    if len(text) <= MAX_RAW:
        return text
    return text[: MAX_RAW // 2] + " … " + text[-MAX_RAW // 4:]


def _where(raw: str, position: int) -> dict[str, int]:
    line = raw.count("\n", 0, position) + 1
    return {"line": line, "column": position - (raw.rfind("\n", 0, position) + 1) + 1, "position": position}


def parse_arguments(raw: Any) -> tuple[Any, dict[str, Any] | None]:
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
        value = _DECODER.decode(raw)
        if _SURROGATE.search(raw) is not None:  # rare: then the whole value is checked
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        return value, None
    except UnicodeEncodeError:  # files reject these; the tool would fail to encode them (review 2, item 9)
        position = _SURROGATE.search(raw).start()  # type: ignore[union-attr]
        return None, {"error": "a lone surrogate (a \\ud800-\\udfff escape without its pair) is not text",
                      **_where(raw, position), "raw": _clip(raw)}
    except json.JSONDecodeError as error:
        return None, {"error": error.msg, "line": error.lineno, "column": error.colno, "position": error.pos,
                      "raw": _clip(raw)}
    except _NonStandard as error:
        position = max(raw.find(str(error)), 0)
        line = raw.count("\n", 0, position) + 1
        column = position - (raw.rfind("\n", 0, position) + 1) + 1
        return None, {"error": f"{error} is not a JSON value", "line": line, "column": column, "position": position,
                      "raw": _clip(raw)}
    except _Duplicate as error:
        quoted = json.dumps(str(error), ensure_ascii=False)
        position = max(raw.find(quoted, raw.find(quoted) + 1), 0)
        return None, {"error": f"the key {quoted} is given twice in one object", **_where(raw, position),
                      "raw": _clip(raw)}
    except _NotFinite as error:
        return None, {"error": f"{error} is not a finite number", **_where(raw, max(raw.find(str(error)), 0)),
                      "raw": _clip(raw)}
    except RecursionError:
        return None, {"error": "nested too deeply to parse", "line": 1, "column": 1, "position": 0, "raw": _clip(raw)}
    except ValueError as error:  # e.g. an integer literal with more digits than Python converts
        return None, {"error": str(error), "line": 1, "column": 1, "position": 0, "raw": _clip(raw)}


def _content_text(content: Any) -> Any:
    if isinstance(content, str):
        return content
    return msg.dumps(content)


def make_result(shape: str, call_id: Any, name: Any, content: Any, *, is_error: bool) -> dict[str, Any]:
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


def rule_problems(found: Any, arguments: dict[str, Any]) -> list[Problem]:
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
            problems.extend(rule_problems(item, arguments))
        return problems
    return [Problem((), "rule", None, MISSING, str(found))]


_SKIPPED_BLOCKS = frozenset({"text", "thinking", "redacted_thinking", "reasoning", "message", "web_search_call",
                             "server_tool_use", "web_search_tool_result", "image", "document"})


def tool_calls(reply: Any) -> tuple[list[Any], str | None]:
    """The tool calls of one reply, in order, and the reply's own stop reason when it carries one.

    `reply`: a list of calls or content blocks (text and thinking blocks are skipped), an Anthropic
    message or Messages response (`content`, `stop_reason`), an OpenAI Chat message (`tool_calls`),
    choice (`message`, `finish_reason`) or whole ChatCompletion with one choice (`choices`), a Responses
    response (`output`, `incomplete_details`), or the SDK objects for any of these.
    """
    if not isinstance(reply, (Mapping, list, tuple)) and callable(getattr(reply, "model_dump", None)):
        reply = _as_dict(reply)
    stop_reason = None
    if isinstance(reply, Mapping) and isinstance(reply.get("choices"), list):
        choices = reply["choices"]
        if len(choices) > 1:  # which one goes on is the caller's choice, never a silent guess
            return [NotACall(f"a ChatCompletion with {len(choices)} choices: pass the choice the conversation goes "
                             f"on with, e.g. completion.choices[0]")], None
        if not choices or not isinstance(choices[0], Mapping):
            return [], None
        reply = choices[0]
    if isinstance(reply, Mapping):
        stop_reason = _stop_reason(reply)
        if isinstance(reply.get("message"), Mapping):
            reply = reply["message"]
        if isinstance(reply.get("content"), list):
            reply = reply["content"]
        elif isinstance(reply.get("tool_calls"), list):
            reply = reply["tool_calls"]
        elif isinstance(reply.get("output"), list):
            reply = reply["output"]
        elif "content" in reply or "tool_calls" in reply or reply.get("role") == "assistant":
            return [], stop_reason  # a reply without tool calls
        else:
            return [reply], stop_reason
    if isinstance(reply, (str, bytes)) or not isinstance(reply, Iterable):
        return [reply], stop_reason
    picked = []
    for item in reply:
        kind = item.get("type") if isinstance(item, Mapping) else getattr(item, "type", None)
        if kind in _SKIPPED_BLOCKS:
            continue
        picked.append(item)
    return picked, stop_reason


def _stop_reason(reply: Mapping[str, Any]) -> str | None:
    for key in ("stop_reason", "finish_reason"):
        if isinstance(reply.get(key), str):
            return reply[key]
    details = reply.get("incomplete_details")
    if isinstance(details, Mapping) and isinstance(details.get("reason"), str):
        return details["reason"]
    return None


def runner_for(runner: Any, name: str | None) -> Callable[..., Any] | None:
    if isinstance(runner, Mapping):
        return runner.get(name)
    def run(arguments: dict[str, Any], /) -> Any:  # positional-only: always handed the dict
        return runner(name, arguments)

    return run
