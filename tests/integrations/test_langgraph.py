"""The LangGraph adapter: the guard node asks with `interrupt`, resumes with the answer, the model node answers."""

from __future__ import annotations

from typing import Any

import pytest
from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY, load_recipe
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableLambda
from langchain_fakes import RecordingChatModel
from langgraph.types import Command

from penguin_guard import Guard, GuardConfig
from penguin_guard.escalate import CRISIS_SYSTEM_PROMPT, FIXED_CRISIS_REPLY
from penguin_guard.integrations.langgraph import answer_text, build_guarded_graph


def thread(name: str) -> dict:
    return {"configurable": {"thread_id": name}}


def test_the_guard_node_interrupts_per_question_and_resumes_with_the_answer(guard):
    model = RecordingChatModel(messages=iter(["A careful plan.", "Some thoughts."]))
    app = build_guarded_graph(model, guard)

    out = app.invoke({"messages": [HumanMessage(content=RISKY)]}, thread("t1"))
    for answer in ANSWERS:
        payload = out["__interrupt__"][0].value
        assert set(payload) == {"question", "attribute", "questions_asked"}
        assert model.seen == []  # the model waits while the guard asks
        out = app.invoke(Command(resume=answer), thread("t1"))

    assert "__interrupt__" not in out
    assert out["penguin"]["action"] == "enrich"
    assert out["messages"][-1].content == "A careful plan."
    # The thread keeps the whole exchange; the model got the context and the original request.
    assert [m.content for m in out["messages"] if isinstance(m, HumanMessage)] == [RISKY, *ANSWERS]
    sent = model.seen[0]
    assert isinstance(sent[0], SystemMessage) and "depression" in sent[0].content
    assert sent[-1].content == RISKY and not any(isinstance(m, AIMessage) for m in sent)
    assert out["penguin_upstream"] is None  # the enriched messages do not linger in the checkpoint

    # A later request on the same thread reuses what the user already said: no questions.
    out = app.invoke({"messages": [HumanMessage(content="Is it stupid to move abroad alone after my breakup?")]},
                     thread("t1"))
    assert "__interrupt__" not in out and out["penguin"]["action"] == "enrich"
    assert "hopeless" in model.seen[1][0].content

    # Another thread is another user.
    out = app.invoke({"messages": [HumanMessage(content=RISKY)]}, thread("t2"))
    assert out["__interrupt__"][0].value["attribute"] == "Emotional State"


async def test_async_graphs_interrupt_and_resume_too(guard):
    app = build_guarded_graph(RecordingChatModel(messages=iter(["A careful plan."])), guard)
    out = await app.ainvoke({"messages": [("user", RISKY)]}, thread("async"))
    for answer in ANSWERS:
        out = await app.ainvoke(Command(resume={"answer": answer}), thread("async"))
    assert out["penguin"]["action"] == "enrich" and out["messages"][-1].content == "A careful plan."


def test_benign_turns_go_straight_to_the_model(guard):
    model = RecordingChatModel(messages=iter(["Use reversed()."]))
    out = build_guarded_graph(model, guard).invoke({"messages": [("user", BENIGN)]}, thread("b"))
    assert out["penguin"]["action"] == "pass"
    assert out["messages"][-1].content == "Use reversed()."
    assert [m.content for m in model.seen[0]] == [BENIGN]


def test_crisis_never_interrupts_and_puts_resources_first(guard):
    model = RecordingChatModel(messages=iter(["You matter. Are you safe right now?"]))
    out = build_guarded_graph(model, guard).invoke({"messages": [("user", CRISIS)]}, thread("c"))
    assert "__interrupt__" not in out
    reply = out["messages"][-1].content
    assert reply.startswith(out["penguin"]["crisis_resources"])
    assert reply.endswith("Are you safe right now?")
    assert any(m.content == CRISIS_SYSTEM_PROMPT for m in model.seen[0])


def test_crisis_reply_fixed_answers_without_the_model():
    guard = Guard(GuardConfig(detector="patterns", policy="priority", crisis_reply="fixed"))
    model = RecordingChatModel(messages=iter(["never used"]))
    out = build_guarded_graph(model, guard).invoke({"messages": [("user", CRISIS)]}, thread("x"))
    assert out["messages"][-1].content.endswith(FIXED_CRISIS_REPLY)
    assert model.seen == []


def test_crisis_reply_survives_a_failing_model(guard):
    def broken(_: Any) -> AIMessage:
        raise RuntimeError("provider down")

    out = build_guarded_graph(RunnableLambda(broken), guard).invoke({"messages": [("user", CRISIS)]}, thread("f"))
    reply = out["messages"][-1].content
    assert reply.startswith(out["penguin"]["crisis_resources"]) and reply.endswith(FIXED_CRISIS_REPLY)
    assert reply.count(out["penguin"]["crisis_resources"]) == 1
    with pytest.raises(RuntimeError, match="provider down"):
        build_guarded_graph(RunnableLambda(broken), guard).invoke({"messages": [("user", BENIGN)]}, thread("f2"))


def test_resume_values_must_be_answers():
    assert answer_text("fine") == "fine"
    assert answer_text({"answer": "fine"}) == "fine"
    with pytest.raises(ValueError, match="Command\\(resume="):
        answer_text({"text": 3})


def test_recipe_chats_through_litellm(guard, upstream, llm_server):
    recipe = load_recipe("langgraph")
    app = recipe.build(upstream["model"], guard, api_base=upstream["api_base"], api_key=upstream["api_key"])
    replies = list(recipe.chat([RISKY, *ANSWERS, CRISIS], app, thread_id="recipe"))
    assert [action for action, _ in replies] == ["ask", "ask", "ask", "enrich", "escalate"]
    assert replies[3][1] == f"ECHO: {RISKY}"
    assert replies[4][1].startswith("If you are in crisis") and replies[4][1].endswith(f"ECHO: {CRISIS}")
    assert len(llm_server.requests) == 2
