"""The OpenAI Agents SDK adapter: a blocking input guardrail (ask / crisis) and a model-input filter (enrich),
with a LitellmModel pointed at the loopback OpenAI-compatible server."""

from __future__ import annotations

from typing import Any

import pytest
from agents import (
    Agent,
    InputGuardrailTripwireTriggered,
    OpenAIChatCompletionsModel,
    RunConfig,
    Runner,
    SQLiteSession,
)
from agents.extensions.models.litellm_model import LitellmModel
from agents.testing import ScriptedModel, assistant_message
from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY, load_recipe
from openai import AsyncOpenAI

from penguin_guard import Guard
from penguin_guard.escalate import CRISIS_SYSTEM_PROMPT, FIXED_CRISIS_REPLY
from penguin_guard.integrations.openai_agents import (
    PenguinContext,
    input_to_messages,
    penguin_input_filter,
    penguin_input_guardrail,
    tripwire_reply,
)

INSTRUCTIONS = "Be kind and practical."
RUN_CONFIG = RunConfig(call_model_input_filter=penguin_input_filter, tracing_disabled=True)


def make_agent(guard: Guard, upstream: dict, **guardrail_options: Any) -> Agent:
    model = LitellmModel(model=upstream["model"], base_url=upstream["api_base"], api_key=upstream["api_key"])
    return Agent(name="assistant", instructions=INSTRUCTIONS, model=model,
                 input_guardrails=[penguin_input_guardrail(guard, **guardrail_options)])


async def turn(agent: Agent, history: Any, context: Any, **kwargs: Any) -> str:
    try:
        result = await Runner.run(agent, history, context=context, run_config=RUN_CONFIG, **kwargs)
        return str(result.final_output)
    except InputGuardrailTripwireTriggered as exc:
        return tripwire_reply(exc)


async def test_questions_trip_the_guardrail_then_the_filter_enriches(guard, upstream, llm_server):
    agent = make_agent(guard, upstream)
    context = PenguinContext(session_id="user-42")
    history: list[dict] = [{"role": "user", "content": RISKY}]
    for answer in ANSWERS:
        reply = await turn(agent, history, context)
        assert context.penguin_decision.action == "ask"
        assert reply == context.penguin_decision.question
        history += [{"role": "assistant", "content": reply}, {"role": "user", "content": answer}]
    assert llm_server.requests == []  # blocking guardrail: the model never ran for a question turn

    llm_server.replies.append("Here is a careful way to think about it.")
    assert await turn(agent, history, context) == "Here is a careful way to think about it."
    assert context.penguin_decision.action == "enrich"
    sent = llm_server.requests[0]["messages"]
    assert sent[0]["role"] == "system" and sent[0]["content"].startswith(INSTRUCTIONS)
    assert "hopeless" in sent[0]["content"]
    # As in every adapter: the guard's Q&A is folded into the context, the original request goes last.
    assert sent[1:] == [{"role": "user", "content": RISKY}]


async def test_with_an_sdk_session_the_guard_links_answers_to_its_questions(guard, upstream, llm_server):
    # An SDK Session keeps the user's messages but not the replies of tripped runs: the guard's store supplies
    # the question each answer belongs to.
    session = SQLiteSession("user-7")
    agent, context = make_agent(guard, upstream), PenguinContext(session_id="user-7")
    for text in [RISKY, *ANSWERS]:
        await turn(agent, text, context, session=session)
    decision = context.penguin_decision
    assert decision.action == "enrich"
    assert {"Emotional State", "Mental Health Status", "Past Self-Harm History"} <= set(decision.known_attributes)
    system = llm_server.requests[0]["messages"][0]["content"]
    assert '"pretty hopeless"' in system  # the feeling alone, not merged with the request
    assert llm_server.requests[0]["messages"][-1] == {"role": "user", "content": RISKY}


async def test_any_agents_model_works_with_the_sdks_scripted_model(guard):
    model = ScriptedModel([[assistant_message("I'm so glad you told me. Are you safe right now?")],
                           [assistant_message("A measured answer.")]])
    agent = Agent(name="assistant", instructions=INSTRUCTIONS, model=model,
                  input_guardrails=[penguin_input_guardrail(guard)])
    context = PenguinContext(session_id="scripted")
    # A crisis: the agent's own model writes the supportive part, under the crisis-safety prompt, after the resources.
    crisis = await turn(agent, CRISIS, context)
    assert crisis.startswith(context.penguin_decision.crisis_resources)
    assert crisis.endswith("Are you safe right now?")
    assert model.last_call.system_instructions == CRISIS_SYSTEM_PROMPT

    history: list[dict] = [{"role": "user", "content": RISKY}]
    for answer in ANSWERS:
        history += [{"role": "assistant", "content": await turn(agent, history, context)},
                    {"role": "user", "content": answer}]
    assert len(model.calls) == 1  # the questions made no model call
    assert await turn(agent, history, context) == "A measured answer."
    call = model.last_call
    assert call.system_instructions.startswith(INSTRUCTIONS) and "depression" in call.system_instructions
    assert call.input == [{"role": "user", "content": RISKY}]


def chat_completions_agent(guard: Guard, llm_server: Any, **guardrail_options: Any) -> Agent:
    """An agent on the SDK's own OpenAI chat-completions model (not LiteLLM), pointed at the loopback server."""
    client = AsyncOpenAI(base_url=llm_server.url, api_key="sk-test", max_retries=0)
    return Agent(name="assistant", instructions=INSTRUCTIONS,
                 model=OpenAIChatCompletionsModel(model="test", openai_client=client),
                 input_guardrails=[penguin_input_guardrail(guard, **guardrail_options)])


async def test_a_crisis_uses_the_agents_own_non_litellm_model(guard, llm_server):
    llm_server.replies.append("I'm really glad you told me. Are you safe right now?")
    context = PenguinContext(session_id="chat-completions")
    reply = await turn(chat_completions_agent(guard, llm_server), CRISIS, context)
    assert reply.startswith(context.penguin_decision.crisis_resources)  # resources first
    assert reply.endswith("Are you safe right now?")
    (request,) = llm_server.requests
    assert request["messages"][0] == {"role": "system", "content": CRISIS_SYSTEM_PROMPT}
    assert request["messages"][-1] == {"role": "user", "content": CRISIS}


async def test_a_crisis_gets_the_fixed_reply_when_the_agents_model_fails(guard, llm_server):
    llm_server.fail_next(5)
    context = PenguinContext()
    reply = await turn(chat_completions_agent(guard, llm_server), CRISIS, context)
    assert reply.startswith(context.penguin_decision.crisis_resources) and reply.endswith(FIXED_CRISIS_REPLY)

    llm_server.reset()
    reply = await turn(chat_completions_agent(guard, llm_server, crisis_llm=None), CRISIS, PenguinContext())
    assert reply.endswith(FIXED_CRISIS_REPLY) and llm_server.requests == []


async def test_a_crisis_is_answered_even_when_the_agents_model_cannot_be_built(guard, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # a model name the SDK resolves to an OpenAI client
    agent = Agent(name="assistant", instructions=INSTRUCTIONS, model="gpt-4o-mini",
                  input_guardrails=[penguin_input_guardrail(guard)])
    context = PenguinContext()
    reply = await turn(agent, CRISIS, context)
    assert reply.startswith(context.penguin_decision.crisis_resources) and reply.endswith(FIXED_CRISIS_REPLY)


async def test_benign_turns_keep_the_agents_instructions(guard, upstream, llm_server):
    context = {"session_id": "dict-context"}  # a plain dict works as the run context too
    assert await turn(make_agent(guard, upstream), BENIGN, context) == f"ECHO: {BENIGN}"
    assert context["penguin_decision"].action == "pass"
    assert llm_server.requests[0]["messages"][0] == {"role": "system", "content": INSTRUCTIONS}


async def test_crisis_trips_with_resources_first_and_a_supportive_reply(guard, upstream, llm_server):
    llm_server.replies.append("I'm really glad you told me. Are you safe right now?")
    context = PenguinContext(session_id="crisis")
    reply = await turn(make_agent(guard, upstream), CRISIS, context)
    assert reply.startswith(context.penguin_decision.crisis_resources)
    assert reply.endswith("Are you safe right now?")
    assert llm_server.requests[0]["messages"][0] == {"role": "system", "content": CRISIS_SYSTEM_PROMPT}


async def test_crisis_reply_survives_a_provider_outage(guard, upstream, llm_server):
    llm_server.fail_next(5)
    crisis_llm = {**upstream, "max_retries": 0}  # LiteLLM arguments for the supportive reply; no client retries
    reply = await turn(make_agent(guard, upstream, crisis_llm=crisis_llm), CRISIS, PenguinContext())
    assert reply.startswith("If you are in crisis") and reply.endswith(FIXED_CRISIS_REPLY)

    llm_server.reset()
    reply = await turn(make_agent(guard, upstream, crisis_llm=None), CRISIS, PenguinContext())
    assert reply.endswith(FIXED_CRISIS_REPLY) and llm_server.requests == []


async def test_the_guardrail_needs_a_context_to_leave_its_decision_in(guard, upstream):
    with pytest.raises(TypeError, match="PenguinContext"):
        await Runner.run(make_agent(guard, upstream), BENIGN, run_config=RUN_CONFIG)


def test_responses_items_become_chat_messages():
    items = [
        {"role": "user", "content": [{"type": "input_text", "text": "hi"}]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hello", "annotations": []}]},
        {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "42"},
        {"role": "user", "content": "thanks"},
    ]
    messages = input_to_messages(items)
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[1]["content"][0]["text"] == "hello"
    assert input_to_messages("hi") == [{"role": "user", "content": "hi"}]
    with pytest.raises(TypeError, match="string or a list"):
        input_to_messages(42)


async def test_recipe_chats_through_litellm(guard, upstream, llm_server):
    recipe = load_recipe("openai_agents")
    agent = recipe.build(upstream["model"], guard, api_base=upstream["api_base"], api_key=upstream["api_key"])
    replies = [r async for r in recipe.chat([RISKY, *ANSWERS, CRISIS], agent, session_id="recipe")]
    assert [action for action, _ in replies] == ["ask", "ask", "ask", "enrich", "escalate"]
    assert replies[3][1] == f"ECHO: {RISKY}"
    assert replies[4][1].startswith("If you are in crisis") and replies[4][1].endswith(f"ECHO: {CRISIS}")
    assert len(llm_server.requests) == 2
