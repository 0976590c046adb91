"""Static check, not collected by pytest: boundary results fit the SDKs' message param types without a cast.

    pip install mypy anthropic openai
    mypy --strict-optional --warn-unused-ignores --follow-imports=silent tests/typecheck/sdk_fit.py

Passes when every correct use type-checks AND the one deliberate mix-up (an Anthropic result in an
OpenAI message list) is still an error: its `type: ignore` would otherwise be reported as unused.
(Slow on a cold cache, about a minute, so it is not part of the pytest suite.)
"""

from anthropic.types import MessageParam, ToolResultBlockParam, ToolUseBlock
from openai.types.chat import ChatCompletionMessageFunctionToolCall, ChatCompletionMessageParam
from openai.types.responses import ResponseFunctionToolCall, ResponseInputItemParam

from toollint.boundary import Boundary

boundary = Boundary.from_tools("fixtures/refund.json")


def anthropic_turn(block: ToolUseBlock, messages: list[MessageParam]) -> None:
    outcome = boundary.check(block)
    if outcome.result is not None:
        results: list[ToolResultBlockParam] = [outcome.result]
        messages.append({"role": "user", "content": results})


def chat_turn(call: ChatCompletionMessageFunctionToolCall, messages: list[ChatCompletionMessageParam]) -> None:
    outcome = boundary.check(call)
    if outcome.result is not None:
        messages.append(outcome.result)


def responses_turn(call: ResponseFunctionToolCall, items: list[ResponseInputItemParam]) -> None:
    outcome = boundary.check(call)
    if outcome.result is not None:
        items.append(outcome.result)


def mixed_up(block: ToolUseBlock, messages: list[ChatCompletionMessageParam]) -> None:
    outcome = boundary.check(block)
    if outcome.result is not None:
        messages.append(outcome.result)  # type: ignore[arg-type]
