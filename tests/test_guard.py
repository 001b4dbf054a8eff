"""The guard end to end through `completion()`, against a loopback OpenAI-compatible server."""

from __future__ import annotations

import json
import logging

import pytest
from doubles import DownStore

from penguin_guard import Guard, GuardConfig, hookimpl
from penguin_guard.detect import load_classifier
from penguin_guard.escalate import CRISIS_SYSTEM_PROMPT, FIXED_CRISIS_REPLY
from penguin_guard.guard import SAFE_FALLBACK_REPLY, decision_of
from penguin_guard.messages import InvalidMessagesError
from penguin_guard.session import StoreUnavailable

BENIGN = "How do I reverse a list in Python?"
RISKY = "Should I quit my job and move far away from everyone I know?"
CRISIS = "I want to end my life tonight."


@pytest.fixture
def guard():
    return Guard(GuardConfig(upstream_retries=0))


def converse(guard, upstream, first, replies, session_id="user-42", **kwargs):
    """Send `first`, answer each clarifying question with the next reply; return (messages, last response)."""
    messages = [{"role": "user", "content": first}]
    replies = list(replies)
    while True:
        response = guard.completion(messages=messages, session_id=session_id, **upstream, **kwargs)
        decision = decision_of(response)
        if decision.action != "ask" or not replies:
            return messages, response
        messages = [*messages, {"role": "assistant", "content": response.choices[0].message.content},
                    {"role": "user", "content": replies.pop(0)}]


def test_benign_prompts_reach_upstream_unchanged(guard, upstream, llm_server):
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": BENIGN}]
    response = guard.completion(messages=messages, session_id="u1", **upstream)
    assert decision_of(response).action == "pass"
    assert json.dumps(llm_server.requests[-1]["messages"]) == json.dumps(messages)
    assert response.choices[0].message.content == f"ECHO: {BENIGN}"


def test_a_risky_prompt_gets_a_question_and_no_provider_call(guard, upstream, llm_server):
    response = guard.completion(messages=[{"role": "user", "content": RISKY}], session_id="u1", **upstream)
    decision = decision_of(response)
    assert decision.action == "ask"
    assert decision.attribute == "Emotional State"
    assert response.choices[0].message.content == decision.question
    assert llm_server.requests == []


def test_answers_enrich_the_original_request(guard, upstream, llm_server):
    replies = ["honestly pretty hopeless", "I've had depression for years", "no, never"]
    messages, response = converse(guard, upstream, RISKY, replies)
    decision = decision_of(response)
    assert decision.action == "enrich"
    assert set(decision.known_attributes) >= {"Emotional State", "Mental Health Status", "Past Self-Harm History"}
    assert len(llm_server.requests) == 1  # only the final answer reached the provider
    sent = llm_server.requests[0]["messages"]
    assert sent[0]["role"] == "system" and "hopeless" in sent[0]["content"] and "depression" in sent[0]["content"]
    # The model is asked the original request, not the last reply to a question.
    assert sent[-1] == {"role": "user", "content": RISKY}
    assert not any(m["role"] == "assistant" for m in sent)
    assert response.choices[0].message.content == f"ECHO: {RISKY}"


def test_a_declined_attribute_is_never_asked_again(guard, upstream, llm_server):
    converse(guard, upstream, RISKY, ["I'd rather not say", "fine, no issues", "skip"])
    response = guard.completion(messages=[{"role": "user", "content": "Is it stupid to move abroad alone after my breakup?"}],
                                session_id="user-42", **upstream)
    decision = decision_of(response)
    assert "Emotional State" in decision.declined_attributes
    assert decision.attribute != "Emotional State"


def test_one_users_context_never_reaches_another_users_prompt(guard, upstream, llm_server):
    converse(guard, upstream, RISKY, ["lonely and scared", "bipolar disorder", "no"], session_id="alice")
    converse(guard, upstream, RISKY, ["fine", "none", "no"], session_id="bob")
    bob_request = json.dumps(llm_server.requests[-1])
    assert "bipolar" not in bob_request and "lonely" not in bob_request


def test_explicit_crisis_is_escalated_with_resources_first(guard, upstream, llm_server):
    response = guard.completion(messages=[{"role": "user", "content": CRISIS}], session_id="u9", **upstream)
    decision = decision_of(response)
    assert decision.action == "escalate" and decision.risk.level == "crisis"
    text = response.choices[0].message.content
    assert text.startswith("If you are in crisis") and "988" in text.split("\n\n")[0]
    assert llm_server.requests[-1]["messages"][0] == {"role": "system", "content": CRISIS_SYSTEM_PROMPT}
    assert guard.stats["escalate"] == 1


def test_crisis_inside_an_answer_escalates_instead_of_asking_more(guard, upstream, llm_server):
    messages, response = converse(guard, upstream, RISKY, ["I just want to die, honestly"])
    assert decision_of(response).action == "escalate"


def test_crisis_reply_survives_a_provider_outage(upstream, llm_server):
    guard = Guard(GuardConfig(upstream_retries=1))
    llm_server.fail_next(50)
    response = guard.completion(messages=[{"role": "user", "content": CRISIS}], session_id="u9", **upstream, num_retries=0)
    text = response.choices[0].message.content
    assert "988" in text and FIXED_CRISIS_REPLY in text
    assert guard.stats["upstream_failures"] == 1


@pytest.mark.parametrize("stream", [False, True])
def test_fixed_crisis_reply_mode_never_calls_the_provider(upstream, llm_server, stream):
    # crisis_reply="auto" picks this mode for the embedded local model, too small to be trusted in a crisis.
    guard = Guard(GuardConfig(crisis_reply="fixed"))
    response = guard.completion(messages=[{"role": "user", "content": CRISIS}], session_id="u9", stream=stream, **upstream)
    text = "".join(c.choices[0].delta.content or "" for c in response) if stream else response.choices[0].message.content
    assert text.startswith("If you are in crisis") and text.endswith(FIXED_CRISIS_REPLY)
    assert llm_server.requests == []


def test_a_risky_answer_gets_a_safe_reply_when_the_provider_is_down(upstream, llm_server):
    guard = Guard(GuardConfig(upstream_retries=0, question_budget=0))
    llm_server.fail_next(50)
    response = guard.completion(messages=[{"role": "user", "content": RISKY}], session_id="u9", **upstream, num_retries=0)
    assert response.choices[0].message.content == SAFE_FALLBACK_REPLY


def test_benign_calls_pass_the_provider_error_through(guard, upstream, llm_server):
    llm_server.fail_next(50)
    with pytest.raises(Exception, match="(?i)loopback failure|service unavailable|503"):
        guard.completion(messages=[{"role": "user", "content": BENIGN}], session_id="u1", **upstream, num_retries=0)


def test_streaming_works_for_every_action(guard, upstream, llm_server):
    def stream_text(text, session_id):
        chunks = list(guard.completion(messages=[{"role": "user", "content": text}], session_id=session_id,
                                       stream=True, **upstream))
        return "".join(c.choices[0].delta.content or "" for c in chunks), decision_of(chunks[0])

    text, decision = stream_text(BENIGN, "s1")
    assert (decision.action, text) == ("pass", f"ECHO: {BENIGN}")
    text, decision = stream_text(RISKY, "s2")
    assert decision.action == "ask" and text == decision.question
    text, decision = stream_text(CRISIS, "s3")
    assert decision.action == "escalate" and text.startswith("If you are in crisis") and text.endswith(f"ECHO: {CRISIS}")


async def test_async_twin_and_async_streaming(guard, upstream, llm_server):
    response = await guard.acompletion(messages=[{"role": "user", "content": RISKY}], session_id="a1", **upstream)
    assert decision_of(response).action == "ask"
    stream = await guard.acompletion(messages=[{"role": "user", "content": CRISIS}], session_id="a2", stream=True, **upstream)
    text = "".join([c.choices[0].delta.content or "" async for c in stream])
    assert text.startswith("If you are in crisis")


def test_without_a_session_id_the_conversation_itself_carries_the_answers(guard, upstream, llm_server):
    messages, response = converse(guard, upstream, RISKY, ["anxious and alone", "anxiety", "no"], session_id=None)
    decision = decision_of(response)
    assert decision.action == "enrich"
    assert {"Emotional State", "Mental Health Status"} <= set(decision.known_attributes)


def test_a_new_question_instead_of_an_answer_is_decided_on_its_own(guard, upstream, llm_server):
    messages, response = converse(guard, upstream, RISKY, ["What is 2+2?"])
    decision = decision_of(response)
    assert decision.action == "pass" and decision.known_attributes == []
    assert llm_server.requests[-1]["messages"][-1]["content"] == "What is 2+2?"


def test_a_question_not_sent_back_means_a_new_request(guard, upstream, llm_server):
    guard.check([{"role": "user", "content": RISKY}], session_id="u5")
    decision = guard.check([{"role": "user", "content": BENIGN}], session_id="u5")
    assert decision.action == "pass"


@pytest.mark.parametrize(
    "messages",
    [[], [{"content": "hi"}], [{"role": "user", "content": {"nested": True}}], "not a list", [None]],
)
def test_malformed_messages_get_a_clear_error(guard, messages):
    with pytest.raises(InvalidMessagesError):
        guard.check(messages, session_id="m1")


def test_huge_and_odd_prompts_get_a_defined_decision(guard):
    huge = "Tell me about the history of bread. " * 30_000  # ~1 MB
    assert guard.check([{"role": "user", "content": huge}], session_id="h1").action in {"pass", "ask", "enrich"}
    assert guard.check([{"role": "user", "content": "  \u200b\x00 "}], session_id="h2").action == "pass"
    assert guard.check([{"role": "user", "content": "¿Cómo cocino arroz? 米饭怎么做 🍚"}], session_id="h3").action == "pass"


def test_store_down_fails_open_and_still_escalates(upstream, llm_server):
    guard = Guard(GuardConfig(upstream_retries=0), store=DownStore())
    assert guard.check([{"role": "user", "content": CRISIS}], session_id="x").action == "escalate"
    assert guard.check([{"role": "user", "content": RISKY}], session_id="x").action == "ask"
    assert guard.stats["store_failures"] >= 1


def test_store_down_fails_closed_when_configured():
    guard = Guard(GuardConfig(store_failure_mode="closed"), store=DownStore())
    with pytest.raises(StoreUnavailable):
        guard.check([{"role": "user", "content": RISKY}], session_id="x")
    # A crisis is still escalated: it never depends on the store.
    assert guard.check([{"role": "user", "content": CRISIS}], session_id="x").action == "escalate"


def test_forget_removes_the_session(guard, upstream, llm_server):
    converse(guard, upstream, RISKY, ["hopeless", "depression", "no"], session_id="gone")
    assert guard.forget("gone") is True
    decision = guard.check([{"role": "user", "content": RISKY}], session_id="gone")
    assert decision.known_attributes == []


def test_attribute_values_never_reach_the_logs(guard, upstream, llm_server, caplog):
    caplog.set_level(logging.DEBUG)
    converse(guard, upstream, RISKY, ["zyxhopeless", "zyxdepression", "zyxnever"], session_id="log1")
    assert "zyx" not in caplog.text


def test_warm_up_reads_its_texts_through_every_detector_and_decides_nothing():
    class SeenTexts:
        def __init__(self):
            self.texts = []

        @hookimpl
        def penguin_assess_risk(self, text):
            self.texts.append(text)

    seen, decisions = SeenTexts(), []

    class Decisions:
        @hookimpl
        def penguin_on_decision(self, decision):
            decisions.append(decision)

    guard = Guard(GuardConfig(store="memory", load_entrypoint_plugins=False), plugins=[seen, Decisions()])
    guard.warm_up()
    assert any("abroad" in text for text in seen.texts)  # a plugin detector warms up as well
    assert any("extranjero" in text for text in seen.texts)
    assert load_classifier.cache_info().currsize >= 2  # the MiniLM and the multilingual heads
    assert decisions == [] and guard.stats == {}
