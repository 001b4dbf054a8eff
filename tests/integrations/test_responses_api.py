"""The Responses API request as the conversation the guard reads, and the enriched request that goes back."""

from __future__ import annotations

import pytest

from penguin_guard.integrations.responses_api import input_messages, with_enrichment
from penguin_guard.messages import InvalidMessagesError

TOOL_CALL = {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"}
TOOL_RESULT = {"type": "function_call_output", "call_id": "c1", "output": "42"}


def test_a_string_input_is_one_user_message_after_the_instructions():
    assert input_messages({"input": "hi", "instructions": "Be brief."}) == [
        {"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]


def test_content_parts_and_tool_items_are_read_as_a_chat_would_be():
    data = {"input": [
        {"role": "user", "content": [{"type": "input_text", "text": "Should I quit?"}, {"type": "input_image"}]},
        TOOL_CALL, TOOL_RESULT,
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "How do you feel?"}]},
        {"role": "user", "content": "hopeless"},
    ]}
    assert input_messages(data) == [{"role": "user", "content": "Should I quit?"},
                                    {"role": "assistant", "content": "How do you feel?"},
                                    {"role": "user", "content": "hopeless"}]


def test_only_tool_results_is_nothing_to_decide():
    assert input_messages({"input": [TOOL_RESULT], "previous_response_id": "resp_1"}) == []


@pytest.mark.parametrize("data", [{"input": 7}, {"input": [{"role": ["user"], "content": "hi"}]},
                                  {"input": ["hi"]}, {"input": [{"role": "user", "content": 3}]}])
def test_unreadable_input_is_a_clear_error(data):
    with pytest.raises(InvalidMessagesError):
        input_messages(data)


def test_enrich_replaces_a_message_only_input_and_keeps_the_instructions():
    data = {"input": [{"role": "user", "content": "Should I quit?"}], "instructions": "Be brief."}
    upstream = [{"role": "system", "content": "Be brief."}, {"role": "system", "content": "<background>..."},
                {"role": "user", "content": "Should I quit?"}]
    assert with_enrichment(data, upstream, "<background>...") == {"input": upstream[1:]}


def test_enrich_with_tool_items_puts_the_context_in_front_of_the_instructions():
    data = {"input": [{"role": "user", "content": "Should I quit?"}, TOOL_CALL, TOOL_RESULT], "instructions": "Be brief."}
    assert with_enrichment(data, [], "<background>...") == {"instructions": "<background>...\n\nBe brief."}
