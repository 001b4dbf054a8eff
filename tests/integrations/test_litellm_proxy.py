"""The LiteLLM proxy guardrail, end to end: a real `litellm --config integrations/litellm/config.yaml` process,
the official `openai` client as the caller, and the loopback server as the upstream model."""

from __future__ import annotations

import json

import pytest

openai = pytest.importorskip("openai")

from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY  # noqa: E402

from penguin_guard.escalate import FIXED_CRISIS_REPLY  # noqa: E402
from penguin_guard.resources_path import recipes_folder  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def proxy(litellm_proxy, loopback_server):
    """The shipped recipe, pointed at the loopback server (started once for the module)."""
    return litellm_proxy(
        recipes_folder() / "litellm" / "config.yaml",
        env={
            "PENGUIN_UPSTREAM_MODEL": "openai/test",
            "PENGUIN_UPSTREAM_API_BASE": loopback_server.url,
            "PENGUIN_UPSTREAM_API_KEY": "sk-test",
            "PENGUIN_GUARD_DETECTOR": "patterns",
            "PENGUIN_GUARD_UPSTREAM_RETRIES": "0",
            "OMP_NUM_THREADS": "1",
        },
    )


@pytest.fixture
def client(proxy, llm_server):
    return openai.OpenAI(base_url=proxy.base_url, api_key=proxy.master_key, max_retries=0)


def test_a_multi_turn_conversation_asks_then_enriches(client, llm_server):
    session = {"x-penguin-session-id": "proxy-conv-1"}
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": RISKY}]
    answers = list(ANSWERS)
    asked = 0
    while True:
        response = client.chat.completions.create(model="assistant", messages=messages, extra_headers=session)
        reply = response.choices[0].message.content
        if llm_server.requests or not answers:
            break
        asked += 1
        assert "?" in reply  # a clarifying question, answered by the proxy itself
        messages = [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": answers.pop(0)}]
    assert asked >= 2 and len(llm_server.requests) == 1
    upstream = llm_server.requests[0]["messages"]
    assert upstream[0] == {"role": "system", "content": "Be brief."}  # the caller's system prompt stays first
    assert upstream[1]["role"] == "system" and "hopeless" in upstream[1]["content"]  # the context message
    assert upstream[-1] == {"role": "user", "content": RISKY}  # the original request goes last
    assert reply == f"ECHO: {RISKY}"


def converse(client, first: str, **kwargs) -> tuple[list[str], str]:
    """Answer clarifying questions until the upstream answers; (questions asked, final reply)."""
    messages, answers, questions = [{"role": "user", "content": first}], list(ANSWERS), []
    while True:
        reply = client.chat.completions.create(model="assistant", messages=messages, **kwargs).choices[0].message.content
        if reply.startswith("ECHO:") or not answers:
            return questions, reply
        questions.append(reply)
        messages = [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": answers.pop(0)}]


def test_the_user_field_keys_a_session_that_remembers_answers(client, llm_server):
    questions, reply = converse(client, RISKY, user="proxy-user-7")
    assert questions and reply == f"ECHO: {RISKY}"
    again, _ = converse(client, RISKY, user="proxy-user-7")  # a new conversation, same user
    assert questions[0] not in again  # what the user already told the guard is not asked again
    stranger, _ = converse(client, RISKY, user="proxy-user-8")
    assert stranger[0] == questions[0]


def test_benign_prompts_reach_upstream_unchanged(client, llm_server):
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": BENIGN}]
    response = client.chat.completions.create(model="assistant", messages=messages)
    assert llm_server.requests[0]["messages"] == messages
    assert response.choices[0].message.content == f"ECHO: {BENIGN}"


def test_streaming_works_for_questions_and_for_upstream_replies(client, llm_server):
    stream = client.chat.completions.create(model="assistant", stream=True,
                                            messages=[{"role": "user", "content": RISKY}])
    question = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
    assert "could you tell me" in question.lower() and llm_server.requests == []

    stream = client.chat.completions.create(model="assistant", stream=True,
                                            messages=[{"role": "user", "content": BENIGN}])
    chunks = [chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices]
    assert "".join(chunks) == f"ECHO: {BENIGN}" and len([c for c in chunks if c]) > 1


def test_a_crisis_gets_resources_first_then_the_upstream_reply(client, llm_server):
    llm_server.replies.append("I'm here with you. Are you safe right now?")
    response = client.chat.completions.create(model="assistant", messages=[{"role": "user", "content": CRISIS}])
    content = response.choices[0].message.content
    assert content.startswith("If you are in crisis") and "988" in content
    assert content.endswith("Are you safe right now?")
    assert "crisis" in llm_server.requests[0]["messages"][0]["content"].lower()


def test_a_crisis_gets_the_fixed_reply_when_the_upstream_fails(client, llm_server):
    llm_server.fail_next(10)
    response = client.chat.completions.create(model="assistant", messages=[{"role": "user", "content": CRISIS}])
    content = response.choices[0].message.content
    assert "988" in content and content.endswith(FIXED_CRISIS_REPLY)


@pytest.mark.parametrize("messages", [[{"role": "wizard", "content": "hi"}], [{"role": "user", "content": 42}]])
def test_invalid_messages_get_a_clear_4xx(client, llm_server, messages):
    with pytest.raises(openai.APIStatusError) as caught:
        client.chat.completions.create(model="assistant", messages=messages)
    assert caught.value.status_code == 400 and "penguin-guard: invalid messages" in str(caught.value)
    assert llm_server.requests == []


def test_a_question_ends_with_stop_streamed_or_not(client, llm_server):
    """The guard's own replies look like a model's: finish_reason "stop" both ways (not "content_filter")."""
    messages = [{"role": "user", "content": RISKY}]
    response = client.chat.completions.create(model="assistant", messages=messages)
    assert response.choices[0].finish_reason == "stop" and "?" in response.choices[0].message.content
    chunks = [c for c in client.chat.completions.create(model="assistant", messages=messages, stream=True) if c.choices]
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == response.choices[0].message.content
    assert llm_server.requests == []


def test_a_crisis_reply_ends_with_stop_streamed_or_not(client, llm_server):
    for stream in (False, True):
        llm_server.replies.append("I'm here with you.")
        reply = client.chat.completions.create(model="assistant", messages=[{"role": "user", "content": CRISIS}],
                                               stream=stream)
        finish = ([c for c in reply if c.choices][-1] if stream else reply).choices[0].finish_reason
        assert finish == "stop"


def test_a_role_that_is_not_a_string_is_a_400(client, llm_server):
    with pytest.raises(openai.APIStatusError) as caught:
        client.chat.completions.create(model="assistant", messages=[{"role": ["user"], "content": "hi"}])
    assert caught.value.status_code == 400 and "role" in str(caught.value)
    assert llm_server.requests == []


def test_a_240_character_session_id_is_accepted(client, llm_server):
    response = client.chat.completions.create(model="assistant", messages=[{"role": "user", "content": RISKY}],
                                              user="u" * 240)
    assert "?" in response.choices[0].message.content  # decided with the session, not refused


def test_text_completions_are_refused_with_a_clear_400(client, llm_server):
    with pytest.raises(openai.APIStatusError) as caught:
        client.completions.create(model="assistant", prompt=CRISIS)
    assert caught.value.status_code == 400 and "/v1/chat/completions" in str(caught.value)
    assert llm_server.requests == []


@pytest.fixture(scope="module")
def full_proxy(litellm_proxy, loopback_server):
    """The recipe with the default detector, upstream through LiteLLM's OpenAI-compatible bridge, which serves
    the Responses API from the loopback server's chat completions."""
    return litellm_proxy(
        recipes_folder() / "litellm" / "config.yaml",
        env={
            "PENGUIN_UPSTREAM_MODEL": "custom_openai/test",
            "PENGUIN_UPSTREAM_API_BASE": loopback_server.url,
            "PENGUIN_UPSTREAM_API_KEY": "sk-test",
            "PENGUIN_GUARD_UPSTREAM_RETRIES": "0",
            "OMP_NUM_THREADS": "1",
        },
    )


@pytest.fixture
def full_client(full_proxy, llm_server):
    return openai.OpenAI(base_url=full_proxy.base_url, api_key=full_proxy.master_key, max_retries=0)


EVERYDAY = "What's a good recipe for banana bread?"
HISTORY = ["honestly pretty hopeless", "I've had depression for years", "yes, I attempted once, two years ago"]


def test_after_an_enriched_answer_an_everyday_turn_reaches_the_provider_byte_for_byte(full_client, llm_server):
    session = {"x-penguin-session-id": "proxy-episode-1"}
    messages, answers = [{"role": "user", "content": RISKY}], list(HISTORY)
    while not llm_server.requests:
        reply = full_client.chat.completions.create(model="assistant", messages=messages, extra_headers=session)
        messages.append({"role": "assistant", "content": reply.choices[0].message.content})
        if not llm_server.requests:
            messages.append({"role": "user", "content": answers.pop(0)})
    assert any(m["role"] == "system" for m in llm_server.requests[-1]["messages"])  # the enriched answer

    sent = [*messages, {"role": "user", "content": EVERYDAY}]
    reply = full_client.chat.completions.create(model="assistant", messages=sent, extra_headers=session)
    assert json.dumps(llm_server.requests[-1]["messages"]) == json.dumps(sent)  # exactly what the client sent
    assert reply.choices[0].message.content == f"ECHO: {EVERYDAY}"


def test_the_responses_api_is_guarded(full_client, llm_server):
    session = {"x-penguin-session-id": "proxy-responses-1"}
    asked = full_client.responses.create(model="assistant", input=RISKY, extra_headers=session)
    assert "?" in asked.output_text and llm_server.requests == []  # the question, no upstream call

    conversation = [{"role": "user", "content": RISKY}, {"role": "assistant", "content": asked.output_text}]
    for answer in HISTORY:
        conversation.append({"role": "user", "content": answer})
        reply = full_client.responses.create(model="assistant", input=conversation, instructions="Be brief.",
                                             extra_headers=session)
        if llm_server.requests:
            break
        conversation.append({"role": "assistant", "content": reply.output_text})
    upstream = llm_server.requests[-1]["messages"]
    assert upstream[0]["content"] == "Be brief." and "depression" in upstream[1]["content"]  # the context message
    assert upstream[-1]["content"] == RISKY and reply.output_text == f"ECHO: {RISKY}"


def test_a_crisis_through_the_responses_api_gets_resources_first(full_client, llm_server):
    llm_server.replies.append("I'm here with you.")
    reply = full_client.responses.create(model="assistant", input=CRISIS)
    assert reply.output_text.startswith("If you are in crisis") and reply.output_text.endswith("I'm here with you.")
