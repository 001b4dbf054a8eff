import pytest

from penguin_guard.messages import (
    Exchange,
    InvalidMessagesError,
    content_text,
    latest_user_turn,
    read_turns,
    validate_messages,
)

LIMIT = 2_000_000


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        ([], "empty"),
        ("hello", "must be a list"),
        ([{"content": "hi"}], "has no role"),
        ([{"role": "wizard", "content": "hi"}], "is not one of"),
        ([{"role": "user", "content": 42}], "must be a string or a list"),
        ([{"role": "user"}], "without content"),
        (["just a string"], "must be an object"),
    ],
)
def test_malformed_conversations_get_a_clear_error(messages, error):
    with pytest.raises(InvalidMessagesError, match=error):
        validate_messages(messages, LIMIT)


def test_multimodal_parts_contribute_their_text():
    parts = [{"type": "text", "text": "look at this"}, {"type": "image_url", "image_url": {"url": "data:..."}}]
    assert content_text(parts) == "look at this"


def test_the_whole_trailing_run_of_user_turns_is_read():
    # A risky request cannot hide behind a harmless second user message (NeMo issue #1413).
    messages = [
        {"role": "assistant", "content": "Hi!"},
        {"role": "user", "content": "Should I cash out my retirement to pay my debts?"},
        {"role": "user", "content": "thanks"},
    ]
    assert "retirement" in latest_user_turn(messages)


def test_oversized_input_is_refused_with_the_limit_named():
    with pytest.raises(InvalidMessagesError, match="10 characters"):
        validate_messages([{"role": "user", "content": "x" * 11}], 10)


def test_tool_and_assistant_messages_without_content_are_fine():
    messages = [
        {"role": "user", "content": "what's the weather"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1", "type": "function"}]},
        {"role": "tool", "content": "sunny", "tool_call_id": "1"},
    ]
    assert validate_messages(messages, LIMIT) == messages


def test_the_turn_is_read_past_a_prefill_and_tool_messages():
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello! How can I help?"},
        {"role": "user", "content": "Should I cash out my retirement to pay my debts?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1", "type": "function"}]},
        {"role": "tool", "content": "rates", "tool_call_id": "1"},
        {"role": "assistant", "content": "Let me think"},  # a prefill: the model continues it
    ]
    turns = read_turns(messages)
    assert turns.text == "Should I cash out my retirement to pay my debts?"
    assert turns.previous_reply == "Hello! How can I help?"
    assert turns.history == (Exchange(user="hi", reply="Hello! How can I help?"),)


def test_a_lone_surrogate_becomes_a_replacement_character_and_a_split_pair_its_character():
    # json.loads('"\\ud800"') gives a lone surrogate: tokenizers, UTF-8 and SQLite all refuse one.
    assert content_text("hopeless \ud800 really") == "hopeless \ufffd really"
    assert content_text([{"type": "text", "text": "a\udc00"}]) == "a\ufffd"
    assert content_text("smile \ud83d\ude00") == "smile \U0001F600"
    assert content_text("plain text") == "plain text"


def test_a_lone_surrogate_never_makes_the_detector_fail_open(caplog):
    from penguin_guard.config import GuardConfig
    from penguin_guard.guard import Guard

    guard = Guard(GuardConfig(store="memory"))
    decision = guard.check([{"role": "user", "content": "Should I quit my job and move far away from everyone I know? \udc00"}])
    assert decision.action == "ask" and decision.risk.level == "high"
    assert "detector failed" not in caplog.text
