"""Failure behaviour, one documented path per test: provider errors and timeouts, a slow or dead session store,
and broken or garbage-producing LLM stages. The rule throughout: degrade, never crash, never drop a crisis."""

from __future__ import annotations

import time

import pytest

from penguin_guard import Guard, GuardConfig
from penguin_guard.escalate import FIXED_CRISIS_REPLY
from penguin_guard.guard import SAFE_FALLBACK_REPLY, decision_of
from penguin_guard.hookspecs import hookimpl
from penguin_guard.session import MemoryStore, StoreUnavailable

BENIGN = "How do I reverse a list in Python?"
RISKY = "Should I quit my job and move far away from everyone I know?"
CRISIS = "I want to end my life tonight."


def ask(text):
    return [{"role": "user", "content": text}]


# ---- provider errors and timeouts ---------------------------------------------------------------------


def test_a_transient_provider_error_is_retried_then_succeeds(upstream, llm_server):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=2))
    llm_server.fail_next(1, status=503)
    response = guard.completion(messages=ask(BENIGN), session_id="p1", num_retries=0, **upstream)
    assert response.choices[0].message.content == f"ECHO: {BENIGN}"
    assert len(llm_server.requests) == 2


def test_a_client_error_is_not_retried_and_passes_through(upstream, llm_server):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=3))
    llm_server.fail_next(5, status=400)
    with pytest.raises(Exception, match="(?i)loopback failure|bad ?request|400"):
        guard.completion(messages=ask(BENIGN), session_id="p1", num_retries=0, **upstream)
    assert len(llm_server.requests) == 1
    assert guard.stats["upstream_failures"] == 1


@pytest.mark.parametrize(("prompt", "expected"), [(RISKY, SAFE_FALLBACK_REPLY), (CRISIS, FIXED_CRISIS_REPLY)])
def test_a_provider_timeout_ends_in_the_fixed_reply_within_a_bound(upstream, llm_server, prompt, expected):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=1, upstream_timeout_seconds=0.3, question_budget=0))
    llm_server.delay_seconds = 2.0
    started = time.monotonic()
    response = guard.completion(messages=ask(prompt), session_id="t1", num_retries=0, **upstream)
    assert expected in response.choices[0].message.content
    assert time.monotonic() - started < 3.0  # two attempts of 0.3 s plus a 0.25 s backoff, with slack
    assert guard.stats["upstream_failures"] == 1


async def test_async_crisis_is_answered_even_when_every_attempt_fails(upstream, llm_server):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=2))
    llm_server.fail_next(50, status=500)
    response = await guard.acompletion(messages=ask(CRISIS), session_id="c1", num_retries=0, **upstream)
    text = response.choices[0].message.content
    assert "988" in text and FIXED_CRISIS_REPLY in text
    assert len(llm_server.requests) == 3  # first try + 2 retries


def test_a_streamed_crisis_survives_a_provider_outage(upstream, llm_server):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", upstream_retries=0))
    llm_server.fail_next(50, status=503)
    chunks = list(guard.completion(messages=ask(CRISIS), session_id="c2", stream=True, num_retries=0, **upstream))
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text.startswith("If you are in crisis") and FIXED_CRISIS_REPLY in text


# ---- session store down or slow -----------------------------------------------------------------------


class HangingStore(MemoryStore):
    """A store plugin whose backend stops answering (no timeouts of its own)."""

    native_timeouts = False

    def load(self, session_id):
        time.sleep(3)
        return None

    save = forget = lambda self, *args: time.sleep(3)


def test_a_hanging_store_costs_a_bounded_wait_then_fails_open():
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store_timeout_seconds=0.2), store=HangingStore())
    started = time.monotonic()
    decision = guard.check(ask(RISKY), session_id="h1")
    assert decision.action == "ask"  # stateless: decided from the conversation itself
    assert guard.check(ask(CRISIS), session_id="h1").action == "escalate"
    assert time.monotonic() - started < 2.0
    assert guard.stats["store_failures"] >= 1


def test_a_hanging_store_fails_closed_when_configured_but_crisis_still_escalates():
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store_timeout_seconds=0.2, store_failure_mode="closed"), store=HangingStore())
    with pytest.raises(StoreUnavailable):
        guard.check(ask(RISKY), session_id="h2")
    assert guard.check(ask(CRISIS), session_id="h2").action == "escalate"


def test_an_unreachable_redis_fails_open_within_the_timeout(upstream, llm_server):
    pytest.importorskip("redis")
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store="redis://192.0.2.1:6379/0", store_timeout_seconds=0.3, upstream_retries=0))
    started = time.monotonic()
    response = guard.completion(messages=ask(CRISIS), session_id="r1", **upstream)
    assert "988" in response.choices[0].message.content
    assert decision_of(guard.completion(messages=ask(RISKY), session_id="r1", **upstream)).action == "ask"
    assert time.monotonic() - started < 3.0


# ---- broken or garbage-producing LLM stages -----------------------------------------------------------


class Broken:
    """A plugin whose LLM-backed stages all blow up (an unparsable reply raised as an error)."""

    @hookimpl(tryfirst=True)
    def penguin_assess_risk(self, text):
        raise ValueError("detector LLM returned garbage")

    @hookimpl(tryfirst=True)
    def penguin_next_step(self, query):
        raise ValueError("planner LLM returned garbage")

    @hookimpl(tryfirst=True)
    def penguin_extract_attributes(self, reply):
        raise ValueError("extractor LLM returned garbage")


def test_a_failing_detector_still_escalates_a_crisis():
    guard = Guard(GuardConfig(detector="patterns", policy="priority"), plugins=[Broken()])
    assert guard.check(ask(CRISIS), session_id="b1").action == "escalate"  # the crisis check runs first
    benign = guard.check(ask(BENIGN), session_id="b2")
    assert benign.action == "pass"
    assert guard.stats["detector_failures"] == 1
    assert benign.risk.detector == "patterns"  # the registered built-in detector answered instead


def test_a_failing_policy_and_extractor_fall_back_to_the_offline_path():
    class RiskyDetector:
        @hookimpl(tryfirst=True)
        def penguin_assess_risk(self, text):
            from penguin_guard.models import RiskAssessment

            return RiskAssessment(level="high", domain="career", score=0.9, reason="test")

    class BrokenStages(Broken):
        penguin_assess_risk = None  # keep the risky detector above

    guard = Guard(GuardConfig(detector="patterns", policy="priority"), plugins=[RiskyDetector(), BrokenStages()])
    first = guard.check(ask(RISKY), session_id="b3")
    assert first.action == "ask" and guard.stats["policy_failures"] == 1  # the priority table asked
    messages = [*ask(RISKY), {"role": "assistant", "content": first.question}, {"role": "user", "content": "I'm 45"}]
    second = guard.check(messages, session_id="b3")
    assert guard.stats["extractor_failures"] == 2  # the request's own facts, then the answer: the rules read both
    assert second.action in {"ask", "enrich"}


def test_garbage_from_the_llm_extractor_falls_back_to_the_rules_in_a_conversation(upstream, llm_server):
    llm_server.responder = lambda body: "}}} definitely {not json"
    params = {"api_base": upstream["api_base"], "api_key": "sk-test"}
    guard = Guard(GuardConfig(detector="patterns", policy="priority", extractor="llm", extractor_model="openai/test", extractor_params=params))
    first = guard.check(ask(RISKY), session_id="g1")
    messages = [*ask(RISKY), {"role": "assistant", "content": first.question},
                {"role": "user", "content": "honestly pretty hopeless"}]
    second = guard.check(messages, session_id="g1")
    assert first.attribute in second.known_attributes  # the offline rules read the reply
    assert len(llm_server.requests) >= 1  # the LLM was asked, and its garbage ignored
