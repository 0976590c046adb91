"""`toollint validate`: check one tool call's arguments, or every call of a response, at the boundary,
without a model.

Contract tests in CI pipe arguments (or a whole tool call, or a recorded response) through it and assert
on the exit code:
0 valid (prints the normalized arguments), 1 invalid (prints the error result that would go back to
the model), 2 usage error (bad tools file, unknown --tool, unreadable input; a message on stderr).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from toollint.boundary import TRUNCATION_REASONS, Boundary, BoundaryError, Outcome
from toollint.boundary.calls import bare_call, is_call, is_reply, parse_call
from toollint.boundary.compiled import EXTRA_POLICIES
from toollint.document.dialects import DIALECTS, WRITABLE
from toollint.document.source import MAX_FILE_BYTES
from toollint.profiles import PROFILE_NAMES
from toollint.safeio import NotRegular, read_regular
from toollint.terminal import escape_controls, escape_json_controls

_SHAPES = tuple(DIALECTS[name].call_shape for name in WRITABLE)  # the shapes of the dialects people write
_TARGETS = PROFILE_NAMES


class _Usage(Exception):
    """A usage error: exit 2 with this message."""


def _read_input(input_text: str | None, input_file: str | None, source: str | None) -> str:
    given = [name for name, value in (("--input", input_text), ("--input-file", input_file), ("INPUT", source))
             if value is not None]
    if len(given) > 1:
        raise _Usage(f"give the input one way only, not {' and '.join(given)}")
    if input_text is not None:
        return input_text
    path = input_file if input_file is not None else source
    if path is None or path == "-":
        stream = sys.stdin
        if stream is None or getattr(stream, "closed", False):
            raise _Usage("no input: standard input is closed; pass --input JSON or --input-file FILE")
        if path is None and stream.isatty():
            raise _Usage("no input: pass --input JSON, --input-file FILE, or pipe the JSON on stdin (-)")
        return stream.read()
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except NotRegular as error:
        raise _Usage(f"the input file {path}: {error}") from None
    except OSError as error:
        raise _Usage(f"cannot read the input file {path}: {error.strerror or error}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise _Usage(f"the input file {path} is over the {MAX_FILE_BYTES:,}-byte limit")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _Usage(f"the input file {path} is not UTF-8 (byte 0x{raw[error.start]:02x} at offset "
                     f"{error.start})") from None


def _loads_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # the boundary reports the text as INVALID_JSON, with a reason
        return text


def _pick_tool(boundary: Boundary, tool: str | None) -> str:
    names = boundary.tools
    if tool is not None:
        if tool not in names:
            raise _Usage(f"no tool named {tool!r} in the tools file; the tools are: {', '.join(names)}")
        return tool
    if len(names) == 1:
        return names[0]
    raise _Usage(f"the tools file holds {len(names)} tools; choose one with --tool ({', '.join(names)})")


_FATAL = ("SCHEMA_ERROR", "INTERNAL_ERROR")


def _reply_outcomes(boundary: Boundary, reply: Any, tool: str | None, stop_reason: str | None) -> list[Outcome[Any]]:
    """Every call of a whole response, judged as `check_all` judges them (the --tool ones, with --tool)."""
    outcomes = [o for o in boundary.check_all(reply, stop_reason).outcomes if tool is None or o.tool == tool]
    if not outcomes:
        raise _Usage("the response holds no tool calls" + (f" to {tool!r}" if tool is not None else ""))
    return outcomes


def _one_call(boundary: Boundary, parsed: Any, tool: str | None, text: str) -> Any:
    """The input as one call: a whole call as given, or bare arguments wrapped for the chosen tool."""
    if not is_call(parsed, boundary.tools):
        return bare_call(boundary.default_shape, _pick_tool(boundary, tool), text)
    name = getattr(parse_call(parsed), "name", None)
    if tool is not None and name != tool:
        raise _Usage(f"the input is a call to {name!r}, not to --tool {tool!r}")
    return parsed


@click.command("validate", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("tools_file", type=click.Path(dir_okay=False))
@click.argument("source", metavar="[INPUT | -]", required=False)
@click.option("--tool", "tool", help="The tool the arguments are for (optional when the file holds one tool); with a "
                             "response, only its calls to this tool are judged.")
@click.option("--input", "input_text", metavar="JSON", help="The arguments (or a whole tool call) as JSON text.")
@click.option("--input-file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Read the arguments, a whole tool call or a whole response from this file; - for stdin.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the error message for the model.")
@click.option("--target", type=click.Choice(_TARGETS), default=None,
              help="The provider the tools were strictified for: its wire forms (maps as key/value lists, "
                   "free values as JSON text) are decoded before validating.")
@click.option("--strict-tools", "strict_tools", multiple=True, metavar="NAME",
              help="With --target: only these tools were made strict (repeatable, or comma-separated); the others "
                   "are validated as sent, not decoded. Default: every tool.")
@click.option("--shape", type=click.Choice(_SHAPES), default=None,
              help="Shape of the result for bare arguments (default: from --target, else the tools' dialect).")
@click.option("--extra", type=click.Choice(EXTRA_POLICIES), default="reject", show_default=True,
              help="Fields a schema silent about additionalProperties does not declare: reject them, drop them "
                   "(listed on stderr), or allow them (JSON Schema's reading).")
@click.option("--stop-reason", default=None, metavar="REASON",
              help=f"The reply's stop_reason/finish_reason ({', '.join(sorted(TRUNCATION_REASONS))} mean cut off).")
def validate_command(tools_file: str, source: str | None, tool: str | None, input_text: str | None,
             input_file: str | None, lang: str, target: str | None, strict_tools: tuple[str, ...],
             shape: str | None, extra: str, stop_reason: str | None) -> None:
    """Validate tool-call arguments against TOOLS_FILE at the boundary.

    The input is the arguments object, a whole tool call (Anthropic tool_use, OpenAI tool call,
    Responses function_call), or a whole response (Anthropic Message, OpenAI ChatCompletion, Responses
    response or output list), from --input, --input-file, INPUT, or stdin. Prints the normalized
    arguments and exits 0 when valid; prints the error result for the model and exits 1 when not;
    exits 2 on a usage error. For a response, every call is judged as Boundary.check_all does and
    printed as one {id, tool, ok, code, arguments | result} entry of a JSON list; exit 1 if any fails.
    """
    try:
        names = [n.strip() for value in strict_tools for n in value.split(",") if n.strip()]
        boundary = Boundary.from_tools(tools_file, target, lang=lang, strict_tools=names or None,
                                      extra=extra)
        if shape is not None:
            boundary.default_shape = shape
        text = _read_input(input_text, input_file, source)
        text = text[:-1] if text.endswith("\n") else text  # the newline ending a file or an echo
        text = text[:-1] if text.endswith("\r") else text
        if not text.strip():
            raise _Usage("the input is empty; give the arguments as a JSON object")
        parsed = _loads_or_text(text)
        reply = is_reply(parsed)
        outcomes = _reply_outcomes(boundary, parsed, tool, stop_reason) if reply else [
            boundary.check(_one_call(boundary, parsed, tool, text), stop_reason)]
    except (BoundaryError, _Usage) as error:
        click.echo(escape_controls(f"toollint validate: {error}"), err=True)
        sys.exit(2)
    except Exception as error:  # noqa: BLE001 - a clear message, never a traceback
        click.echo(escape_controls(f"toollint validate: internal error: {type(error).__name__}: {error}"), err=True)
        sys.exit(2)
    # the tools file (or, in a response, something that is no call) is at fault, not the arguments
    fatal = [o for o in outcomes if o.code in _FATAL or (reply and o.code == "INVALID_CALL")]
    for outcome in fatal:
        click.echo(escape_controls(f"toollint validate: {outcome.reason}"), err=True)
    if fatal:
        sys.exit(2)
    for outcome in outcomes:
        for pointer in outcome.dropped:
            where = f"{outcome.tool} (call {outcome.call_id}): " if reply else ""
            click.echo(escape_controls(f"toollint validate: {where}dropped the undeclared field {pointer}"), err=True)
    if reply:  # one result per call, named by its id
        printed: Any = [{"id": o.call_id, "tool": o.tool, "ok": o.ok, "code": o.code,
                         **({"arguments": o.arguments} if o.ok else {"result": o.result})} for o in outcomes]
    else:
        printed = outcomes[0].arguments if outcomes[0].ok else outcomes[0].result
    click.echo(escape_json_controls(json.dumps(printed, ensure_ascii=False, indent=2)))
    sys.exit(0 if all(o.ok for o in outcomes) else 1)
