"""The types of what the boundary sends back, as the provider SDKs spell them.

`Boundary.check` is overloaded on the SDK's call types, so a type checker knows that an Anthropic
`ToolUseBlock` is answered by a `ToolResultBlockParam`, an OpenAI Chat tool call by a
`ChatCompletionToolMessageParam` and a Responses `function_call` by a `FunctionCallOutput`, and
`outcome.result` goes into the SDK's message list without a cast. The SDKs are imported for type
checking only: toollint does not depend on them at run time (any other call gives `Outcome[Any]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from anthropic.types import ToolResultBlockParam, ToolUseBlock, ToolUseBlockParam
    from openai.types.chat import (
        ChatCompletionMessageFunctionToolCall,
        ChatCompletionMessageFunctionToolCallParam,
        ChatCompletionToolMessageParam,
    )
    from openai.types.responses import ResponseFunctionToolCall, ResponseFunctionToolCallParam
    from openai.types.responses.response_input_param import FunctionCallOutput

    AnthropicCall = ToolUseBlock | ToolUseBlockParam
    ChatCall = ChatCompletionMessageFunctionToolCall | ChatCompletionMessageFunctionToolCallParam
    ResponsesCall = ResponseFunctionToolCall | ResponseFunctionToolCallParam
    AnthropicResult = ToolResultBlockParam
    ChatResult = ChatCompletionToolMessageParam
    ResponsesResult = FunctionCallOutput

R = TypeVar("R")  # the result type: one of the SDK param types above, or Any

__all__ = ["R", "Any"]
