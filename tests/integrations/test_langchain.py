"""The LangChain adapter: a guarded chat model, tested with LangChain's own fake chat models."""

from __future__ import annotations

from typing import Any

import pytest
from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY, load_recipe
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableLambda
from langchain_fakes import RecordingChatModel, fake

from penguin_guard import Guard, GuardConfig
from penguin_guard.escalate import CRISIS_SYSTEM_PROMPT, FIXED_CRISIS_REPLY
from penguin_guard.guard import SAFE_FALLBACK_REPLY
from penguin_guard.integrations.langchain import (
    decision_from,
    fixed_crisis_reply,
    guard_chat_model,
    litellm_chat,
)
from penguin_guard.messages import InvalidMessagesError


def broken(_: Any) -> AIMessage:
    raise RuntimeError("provider down")


def test_benign_input_reaches_the_model_untouched(guard):
    model = fake("Use reversed() or slicing.")
    reply = guard_chat_model(model, guard).invoke(BENIGN)
    assert reply.content == "Use reversed() or slicing."
    assert decision_from(reply).action == "pass"
    assert model.seen == [[HumanMessage(content=BENIGN)]]


@pytest.mark.parametrize("config", [{"configurable": {"session_id": "user-42"}}, {}], ids=["session", "stateless"])
def test_questions_come_back_as_messages_then_the_model_gets_the_context(guard, config):
    model = fake("Take it one step at a time.")
    guarded = guard_chat_model(model, guard)
    history: list[BaseMessage] = [HumanMessage(content=RISKY)]
    for answer in ANSWERS:
        reply = guarded.invoke(history, config)
        assert decision_from(reply).action == "ask"
        assert reply.content == decision_from(reply).question
        history += [reply, HumanMessage(content=answer)]
    assert model.seen == []  # no model call while asking

    reply = guarded.invoke(history, config)
    decision = decision_from(reply)
    assert decision.action == "enrich"
    assert {"Emotional State", "Mental Health Status"} <= set(decision.known_attributes)
    assert reply.content == "Take it one step at a time."
    sent = model.seen[0]
    assert isinstance(sent[0], SystemMessage) and "hopeless" in sent[0].content
    assert sent[-1] == HumanMessage(content=RISKY)  # the original request, not the last answer
    assert not any(isinstance(m, AIMessage) for m in sent)


def test_an_enriched_turn_keeps_the_models_tool_calls(guard):
    tool_call = AIMessage(content="", tool_calls=[{"name": "find_counsellor", "args": {"city": "Leeds"}, "id": "c1"}])
    guarded = guard_chat_model(RecordingChatModel(messages=iter([tool_call, ""])), guard)
    history: list[BaseMessage] = [HumanMessage(content=RISKY)]
    for answer in ANSWERS:
        history += [guarded.invoke(history), HumanMessage(content=answer)]
    reply = guarded.invoke(history)
    assert decision_from(reply).action == "enrich"
    assert reply.tool_calls[0]["name"] == "find_counsellor"
    assert guarded.invoke(history).content == SAFE_FALLBACK_REPLY  # an empty answer is never shown as is


def test_crisis_shows_resources_first_then_the_models_support(guard):
    model = fake("I'm so sorry you're hurting. Are you safe right now?")
    reply = guard_chat_model(model, guard).invoke([HumanMessage(content=CRISIS)])
    decision = decision_from(reply)
    assert decision.action == "escalate"
    assert reply.content.startswith(decision.crisis_resources)
    assert reply.content.endswith("Are you safe right now?")
    assert any(m.content == CRISIS_SYSTEM_PROMPT for m in model.seen[0])


def test_a_failing_model_still_answers_crisis_and_risky_turns(guard):
    guarded = guard_chat_model(RunnableLambda(broken), guard)
    crisis = guarded.invoke(CRISIS)
    assert crisis.content.startswith(decision_from(crisis).crisis_resources)
    assert crisis.content.endswith(FIXED_CRISIS_REPLY)
    assert crisis.content.count(decision_from(crisis).crisis_resources) == 1

    history = [HumanMessage(content=RISKY)]
    for answer in ANSWERS:
        history += [guarded.invoke(history), HumanMessage(content=answer)]
    assert guarded.invoke(history).content == SAFE_FALLBACK_REPLY
    with pytest.raises(RuntimeError, match="provider down"):  # a benign turn keeps the provider's error
        guarded.invoke(BENIGN)


def test_crisis_reply_fixed_answers_without_the_model():
    guard = Guard(GuardConfig(detector="patterns", policy="priority", crisis_reply="fixed"))
    model = fake("never used")
    guarded = guard_chat_model(model, guard)
    reply = guarded.invoke(CRISIS)
    assert reply.content.startswith(decision_from(reply).crisis_resources)
    assert reply.content.endswith(FIXED_CRISIS_REPLY)
    assert [c.content for c in guarded.stream(CRISIS)] == [reply.content]
    assert model.seen == []
    # "auto" trusts every model but the embedded local ones with a crisis.
    auto = Guard(GuardConfig(detector="patterns", policy="priority", crisis_reply="auto"))
    assert fixed_crisis_reply(auto, litellm_chat("local/smollm2"))
    assert not fixed_crisis_reply(auto, litellm_chat("openai/gpt-4o-mini"))


def test_streaming_tags_the_first_chunk_and_puts_resources_first(guard):
    guarded = guard_chat_model(fake("Please reach out to someone now."), guard)
    chunks = list(guarded.stream(CRISIS))
    decision = decision_from(chunks[0])
    assert decision.action == "escalate"
    assert all(decision_from(c) is None for c in chunks[1:])
    text = "".join(c.content for c in chunks)
    assert text == f"{decision.crisis_resources}\n\nPlease reach out to someone now."

    asked = list(guarded.stream(RISKY))
    assert len(asked) == 1 and asked[0].content == decision_from(asked[0]).question


async def test_a_stream_the_model_fails_or_leaves_empty_ends_with_the_fallback(guard):
    guarded = guard_chat_model(RunnableLambda(broken), guard)
    for chunks in (list(guarded.stream(CRISIS)), [c async for c in guarded.astream(CRISIS)]):
        text = "".join(c.content for c in chunks)
        assert text.startswith(decision_from(chunks[0]).crisis_resources) and text.endswith(FIXED_CRISIS_REPLY)
    with pytest.raises(RuntimeError, match="provider down"):  # a benign turn keeps the provider's error
        list(guarded.stream(BENIGN))

    silent = guard_chat_model(fake(""), guard)
    history = [HumanMessage(content=RISKY)]
    for answer in ANSWERS:
        history += [silent.invoke(history), HumanMessage(content=answer)]
    chunks = list(silent.stream(history))
    assert decision_from(chunks[0]).action == "enrich" and chunks[-1].content == SAFE_FALLBACK_REPLY


async def test_async_invoke_and_stream(guard):
    guarded = guard_chat_model(fake("fine", "Here is a plan."), guard)
    config = {"configurable": {"session_id": "async-user"}}
    history: list[BaseMessage] = [HumanMessage(content=RISKY)]
    for answer in ANSWERS:
        reply = await guarded.ainvoke(history, config)
        history += [reply, HumanMessage(content=answer)]
    chunks = [chunk async for chunk in guarded.astream(history, config)]
    assert decision_from(chunks[0]).action == "enrich"
    assert "".join(c.content for c in chunks) == "fine"


def test_bad_input_gets_a_clear_error(guard):
    guarded = guard_chat_model(fake("unused"), guard)
    with pytest.raises(TypeError, match="list of messages"):
        guarded.invoke(42)
    with pytest.raises(InvalidMessagesError, match="empty"):
        guarded.invoke([])


def test_recipe_chats_through_litellm(guard, upstream, llm_server):
    recipe = load_recipe("langchain")
    guarded = recipe.build(upstream["model"], guard, api_base=upstream["api_base"], api_key=upstream["api_key"])
    replies = list(recipe.chat([RISKY, *ANSWERS, CRISIS], guarded, session_id="recipe"))
    assert [action for action, _ in replies] == ["ask", "ask", "ask", "enrich", "escalate"]
    assert replies[3][1] == f"ECHO: {RISKY}"
    assert "hopeless" in llm_server.requests[0]["messages"][0]["content"]
    assert replies[4][1].startswith("If you are in crisis") and replies[4][1].endswith(f"ECHO: {CRISIS}")
    assert litellm_chat("openai/test").name == "litellm:openai/test"
