"""The LiteLLM SDK hook (`litellm.callbacks`) and the proxy guardrail's request handling, without a proxy."""

from __future__ import annotations

import json

import litellm
import pytest
from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY, DownStore

from penguin_guard import Guard, GuardConfig
from penguin_guard.escalate import FIXED_CRISIS_REPLY
from penguin_guard.guard import MAX_SESSION_ID_CHARS, decision_of
from penguin_guard.integrations.litellm import (
    PenguinGuardrail,
    PenguinSDKHook,
    UnguardedSyncCall,
    scoped_session_id,
    session_id_from_request,
)
from penguin_guard.messages import InvalidMessagesError


@pytest.fixture
def hooked(guard):
    """Install the SDK hook for one test, and take it out again (litellm.callbacks is process-global)."""
    hook = PenguinSDKHook(guard=guard)
    litellm.callbacks.append(hook)
    yield hook
    litellm.callbacks.remove(hook)


async def test_the_sdk_hook_asks_without_calling_the_provider(hooked, upstream, llm_server):
    response = await litellm.acompletion(messages=[{"role": "user", "content": RISKY}], **upstream)
    assert "could you tell me" in response.choices[0].message.content.lower()
    assert llm_server.requests == []


async def test_the_sdk_hook_enriches_after_the_answers(hooked, upstream, llm_server):
    messages, answers = [{"role": "user", "content": RISKY}], list(ANSWERS)
    while True:
        response = await litellm.acompletion(messages=messages, metadata={"penguin_session_id": "sdk-1"}, **upstream)
        if llm_server.requests or not answers:
            break
        messages = [*messages, {"role": "assistant", "content": response.choices[0].message.content},
                    {"role": "user", "content": answers.pop(0)}]
    assert len(answers) < len(ANSWERS)  # at least one question was asked
    sent = llm_server.requests[-1]["messages"]
    assert any(m["role"] == "system" and "hopeless" in m["content"] for m in sent)
    assert sent[-1] == {"role": "user", "content": RISKY}
    assert response.choices[0].message.content == f"ECHO: {RISKY}"


async def test_the_sdk_hook_passes_benign_prompts_untouched(hooked, upstream, llm_server):
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": BENIGN}]
    response = await litellm.acompletion(messages=messages, **upstream)
    assert llm_server.requests[-1]["messages"] == messages
    assert response.choices[0].message.content == f"ECHO: {BENIGN}"


async def test_the_sdk_hook_escalates_with_resources_first(hooked, upstream, llm_server):
    llm_server.replies.append("I'm here with you.")
    response = await litellm.acompletion(messages=[{"role": "user", "content": CRISIS}], **upstream)
    content = response.choices[0].message.content
    assert content.startswith("If you are in crisis") and content.endswith("I'm here with you.")
    assert len(llm_server.requests) == 1  # the guard's own crisis call is not guarded again

    llm_server.fail_next(10)
    response = await litellm.acompletion(messages=[{"role": "user", "content": CRISIS}], **upstream)
    assert response.choices[0].message.content.endswith(FIXED_CRISIS_REPLY)


def test_session_id_precedence_header_then_metadata_then_litellm_session_then_user():
    request = {
        "user": "u", "litellm_session_id": "ls", "metadata": {"penguin_session_id": "md"},
        "proxy_server_request": {"headers": {"X-Penguin-Session-Id": "hdr"}},
    }
    assert session_id_from_request(request) == "hdr"
    request["proxy_server_request"]["headers"] = {}
    assert session_id_from_request(request) == "md"
    del request["metadata"]
    assert session_id_from_request(request) == "ls"
    del request["litellm_session_id"]
    assert session_id_from_request(request) == "u"
    assert session_id_from_request({"messages": []}) is None


async def test_sessions_are_scoped_to_the_callers_key(guard):
    """Two tenants that both say user="bob" get separate sessions."""
    from types import SimpleNamespace

    guardrail = PenguinGuardrail(guard=guard)
    callers = [SimpleNamespace(team_id=team, token=None) for team in ("team-a", "team-b")]
    for caller in callers:
        data = {"model": "assistant", "user": "bob", "messages": [{"role": "user", "content": RISKY}]}
        answered = await guardrail.async_pre_call_hook(caller, None, data, "acompletion")
        assert "?" in answered["mock_response"].choices[0].message.content  # the question, as the router's reply
    a, b = (scoped_session_id("bob", caller) for caller in callers)
    assert a != b and guard.store.load(a) is not None and guard.store.load(b) is not None
    assert guard.store.load("bob") is None


@pytest.mark.parametrize(("mode", "expected"), [("open", "ask"), ("closed", 503)])
async def test_a_store_outage_follows_store_failure_mode(mode, expected):
    from fastapi import HTTPException

    guard = Guard(GuardConfig(detector="patterns", policy="priority", store_failure_mode=mode), store=DownStore())
    guardrail = PenguinGuardrail(guard=guard)
    data = {"model": "assistant", "user": "u1", "messages": [{"role": "user", "content": RISKY}]}
    if expected == "ask":  # decided without the session: the question still goes out
        answered = await guardrail.async_pre_call_hook(None, None, data, "acompletion")
        assert "?" in answered["mock_response"].choices[0].message.content
    else:
        with pytest.raises(HTTPException) as caught:
            await guardrail.async_pre_call_hook(None, None, data, "acompletion")
        assert caught.value.status_code == 503 and "store" in str(caught.value.detail)


async def test_crisis_reply_fixed_makes_no_provider_call(upstream, llm_server):
    hook = PenguinSDKHook(guard=Guard(GuardConfig(detector="patterns", policy="priority", crisis_reply="fixed")))
    litellm.callbacks.append(hook)
    try:
        response = await litellm.acompletion(messages=[{"role": "user", "content": CRISIS}], **upstream)
    finally:
        litellm.callbacks.remove(hook)
    assert response.choices[0].message.content.endswith(FIXED_CRISIS_REPLY)
    assert llm_server.requests == []


async def test_the_sdk_hook_streams_questions_and_upstream_replies(hooked, upstream, llm_server):
    async def text(prompt: str) -> str:
        stream = await litellm.acompletion(messages=[{"role": "user", "content": prompt}], stream=True, **upstream)
        return "".join([chunk.choices[0].delta.content or "" async for chunk in stream])

    assert "could you tell me" in (await text(RISKY)).lower() and llm_server.requests == []
    assert await text(BENIGN) == f"ECHO: {BENIGN}"


def test_a_sync_completion_is_refused_before_anything_is_sent(hooked, upstream, llm_server):
    """LiteLLM runs no request hook on a sync call: the crisis would go upstream raw, so it is not sent at all."""
    with pytest.raises(UnguardedSyncCall, match="acompletion"):
        litellm.completion(messages=[{"role": "user", "content": CRISIS}], **upstream)
    assert llm_server.requests == []


def test_sync_code_calls_the_hook_itself(hooked, upstream, llm_server):
    llm_server.replies.append("I'm here with you.")
    response = hooked.completion(messages=[{"role": "user", "content": CRISIS}], **upstream)
    content = response.choices[0].message.content
    assert content.startswith("If you are in crisis") and content.endswith("I'm here with you.")
    assert decision_of(response).action == "escalate"

    asked = hooked.completion(messages=[{"role": "user", "content": RISKY}], user="sync-user", **upstream)
    assert decision_of(asked).action == "ask" and len(llm_server.requests) == 1  # only the crisis call went out


async def test_decision_of_reads_every_hook_response(hooked, upstream, llm_server):
    async def action(prompt: str, **kwargs) -> str:
        response = await litellm.acompletion(messages=[{"role": "user", "content": prompt}], **upstream, **kwargs)
        return decision_of(response).action

    assert await action(BENIGN) == "pass"
    assert await action(RISKY, user="tagged") == "ask"
    assert await action(CRISIS) == "escalate"
    messages, answers = [{"role": "user", "content": RISKY}], list(ANSWERS)
    response = await litellm.acompletion(messages=messages, **upstream)
    while decision_of(response).action == "ask" and answers:  # answer until the request goes upstream, enriched
        messages += [{"role": "assistant", "content": response.choices[0].message.content},
                     {"role": "user", "content": answers.pop(0)}]
        response = await litellm.acompletion(messages=messages, **upstream)
    assert decision_of(response).action == "enrich"


async def test_the_decision_never_reaches_the_provider(hooked, upstream, llm_server):
    await litellm.acompletion(messages=[{"role": "user", "content": BENIGN}], **upstream)
    assert "penguin" not in json.dumps(llm_server.requests[-1])


def test_a_long_session_id_stays_within_the_limit_once_scoped():
    from types import SimpleNamespace

    longest = "s" * MAX_SESSION_ID_CHARS
    tenants = [SimpleNamespace(team_id=team, token=None) for team in ("team-a", "team-b")]
    a, b = (scoped_session_id(longest, tenant) for tenant in tenants)
    assert a != b and len(a) <= MAX_SESSION_ID_CHARS and len(b) <= MAX_SESSION_ID_CHARS
    assert scoped_session_id(longest, tenants[0]) == a  # the same user keeps the same session
    assert scoped_session_id("s" * 240, tenants[0]) != a
    with pytest.raises(InvalidMessagesError, match="256"):
        scoped_session_id("s" * (MAX_SESSION_ID_CHARS + 1), tenants[0])


async def test_a_240_character_session_id_works_through_the_proxy_hook(guard):
    from types import SimpleNamespace

    guardrail = PenguinGuardrail(guard=guard)
    data = {"model": "assistant", "user": "u" * 240, "messages": [{"role": "user", "content": RISKY}]}
    answered = await guardrail.async_pre_call_hook(SimpleNamespace(team_id="t", token=None), None, data, "acompletion")
    assert decision_of(answered["mock_response"]).action == "ask"


@pytest.mark.parametrize("role", [["user"], {"name": "user"}, 7])
async def test_a_role_that_is_not_a_string_is_a_400(guard, role):
    from fastapi import HTTPException

    guardrail = PenguinGuardrail(guard=guard)
    with pytest.raises(HTTPException) as caught:
        await guardrail.async_pre_call_hook(None, None, {"model": "m", "messages": [{"role": role, "content": "hi"}]},
                                            "acompletion")
    assert caught.value.status_code == 400 and "role" in str(caught.value.detail)


async def test_text_completions_are_refused_unless_let_through(guard):
    from fastapi import HTTPException

    data = {"model": "m", "prompt": CRISIS}
    with pytest.raises(HTTPException) as caught:
        await PenguinGuardrail(guard=guard).async_pre_call_hook(None, None, dict(data), "atext_completion")
    assert caught.value.status_code == 400 and "/v1/chat/completions" in str(caught.value.detail)
    let_through = PenguinGuardrail(guard=guard, text_completions="pass")
    assert await let_through.async_pre_call_hook(None, None, dict(data), "atext_completion") == data


async def test_a_sync_call_inside_an_event_loop_is_logged_as_unguarded(hooked, upstream, llm_server, caplog):
    """Inside a running loop the refusal cannot tell a sync call from an async one; it is at least loud."""
    with caplog.at_level("ERROR", logger="penguin_guard.integrations.litellm"):
        litellm.completion(messages=[{"role": "user", "content": BENIGN}], **upstream)
    assert "UNGUARDED" in caplog.text
    caplog.clear()
    with caplog.at_level("ERROR", logger="penguin_guard.integrations.litellm"):
        await litellm.acompletion(messages=[{"role": "user", "content": BENIGN}], **upstream)
    assert "UNGUARDED" not in caplog.text


def test_sync_code_can_stream_through_the_hook(hooked, upstream, llm_server):
    llm_server.replies.append("I'm here with you.")
    chunks = list(hooked.completion(messages=[{"role": "user", "content": CRISIS}], stream=True, **upstream))
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text.startswith("If you are in crisis") and text.endswith("I'm here with you.")
    assert all(decision_of(c).action == "escalate" for c in chunks)


async def test_the_guards_own_llm_detector_call_is_neither_refused_nor_guarded_again(upstream, llm_server):
    # The detector's sync call runs in a worker thread while the hook waits: the sync-call refusal must not stop it,
    # and the hook must not judge the detector's own prompt as a user turn.
    llm_server.responder = lambda request: '{"level": "none", "domain": null, "reason": "trivia"}' if any(
        m["role"] == "system" for m in request["messages"]) else "Paris."
    guard = Guard(GuardConfig(detector="llm", detector_model="openai/test", policy="priority", upstream_retries=0,
                              detector_params={"api_base": upstream["api_base"], "api_key": "sk-test"}))
    hook = PenguinSDKHook(guard=guard)
    litellm.callbacks.append(hook)
    try:
        response = await litellm.acompletion(messages=[{"role": "user", "content": "What's the capital of France?"}],
                                             **upstream)
    finally:
        litellm.callbacks.remove(hook)
    detector_call, user_call = llm_server.requests
    assert detector_call["messages"][0]["role"] == "system"  # the detector's prompt, as the guard wrote it
    assert user_call["messages"] == [{"role": "user", "content": "What's the capital of France?"}]
    assert decision_of(response).risk.detector == "llm"  # the LLM answered; no fallback to the embedding detector
