"""One turn, read and decided (penguin_guard.turn): what the guard reads from a conversation, and how it
decides, without a provider."""

from __future__ import annotations

import pytest

from penguin_guard import Guard, GuardConfig, RiskAssessment, hookimpl, turn
from penguin_guard.models import Ask, SessionState

RISKY = "Should I just quit everything and move somewhere nobody knows me?"
CRISIS = "I want to end my life tonight."


@pytest.fixture(scope="module")
def guard():
    return Guard(GuardConfig(policy="priority"))


def user(text):
    return {"role": "user", "content": text}


def assistant(text):
    return {"role": "assistant", "content": text}


# ---- reading ------------------------------------------------------------------------------------------


def test_the_turn_is_every_user_message_since_the_last_reply(guard):
    read = turn.read([user("hi"), assistant("Hello!"), user("I lost my job."), user("Should I move back home?")],
                     guard.stages)
    assert read.user_turns == ("I lost my job.", "Should I move back home?")
    assert read.previous_reply == "Hello!"


@pytest.mark.parametrize("after", [
    [assistant("Sure, here is")],
    [{"role": "assistant", "content": None, "tool_calls": [{"id": "1", "type": "function"}]},
     {"role": "tool", "tool_call_id": "1", "content": "sunny"}],
], ids=["prefill", "tool-call"])
def test_a_prefill_or_a_tool_call_never_hides_the_users_turn(guard, after):
    read = turn.read([user(CRISIS), *after], guard.stages)
    assert read.text == CRISIS and read.urgent is not None and read.urgent.is_crisis


def test_the_context_reaches_back_to_the_request_that_started_the_episode(guard):
    messages = [user("What is 2+2?"), assistant("4"), user(RISKY), assistant("How have you been feeling?"),
                user("hopeless"), assistant("A careful answer."), user("what now?")]
    assert turn.read(messages, guard.stages).context == (RISKY, "hopeless")


def test_a_self_contained_request_judged_alone_is_not_mixed_with_the_past(guard):
    read = turn.read([user(RISKY), assistant("A careful answer."), user("How do I reverse a list in Python?")],
                     guard.stages)
    assert read.in_context is None and read.judged.level == "none"


class RiskyOnlyTogether:
    """A detector that sees the risk only when the context and the question are read together."""

    @hookimpl(tryfirst=True)
    def penguin_assess_risk(self, text):
        together = "hit me" in text and "go back" in text
        return RiskAssessment(level="high" if together else "none", domain="relationship" if together else None,
                              score=0.9 if together else 0.1, detector="together")


def test_a_turn_that_leans_on_the_one_before_is_judged_with_it():
    guard = Guard(GuardConfig(policy="priority"), plugins=[RiskyOnlyTogether()])
    messages = [user("He hit me again last night, I'm at my sister's."), assistant("I'm so sorry. Are you safe?"),
                user("Should I go back tonight?")]
    read = turn.read(messages, guard.stages)
    assert read.assessment.level == "none" and read.in_context.level == "high"
    decision = guard.check(messages, session_id="together")
    assert decision.action == "ask" and decision.risk.domain == "relationship"


# ---- deciding -----------------------------------------------------------------------------------------


def test_deciding_never_changes_the_state_it_was_given(guard):
    state = SessionState(session_id="s")
    read = turn.read([user(RISKY)], guard.stages).with_state(state, "s")
    outcome = turn.decide(read, guard.stages)
    assert outcome.decision.action == "ask"
    assert state == SessionState(session_id="s") and outcome.state.pending_attribute == outcome.decision.attribute


class AlwaysAsksForAge:
    @hookimpl(tryfirst=True)
    def penguin_next_step(self):
        return Ask(attribute="Age", reason="this policy always wants the age")


def test_the_guard_never_asks_for_what_the_user_already_said():
    guard = Guard(GuardConfig(), plugins=[AlwaysAsksForAge()])
    decision = guard.check([user("I'm 45 and I just got laid off. Should I cash out my 401k?")], session_id="age")
    assert "Age" in decision.known_attributes
    assert decision.action == "enrich"  # the policy asked for the age again; the guard answered instead


def test_the_enriched_call_keeps_tool_results_after_the_request(guard):
    messages = [user(RISKY), {"role": "assistant", "content": None, "tool_calls": [{"id": "1", "type": "function"}]},
                {"role": "tool", "tool_call_id": "1", "content": "results"}]
    upstream = turn.enriched_messages(messages, "CONTEXT", RISKY, guard.stages)
    assert [m["role"] for m in upstream] == ["system", "user", "assistant", "tool"]


def test_the_enriched_call_leaves_the_guards_questions_out(guard):
    question = guard.stages.question("Emotional State", "life")
    messages = [{"role": "system", "content": "Be brief."}, user(RISKY), assistant(question), user("hopeless")]
    upstream = turn.enriched_messages(messages, "CONTEXT", RISKY, guard.stages)
    assert upstream == [{"role": "system", "content": "Be brief."}, {"role": "system", "content": "CONTEXT"}, user(RISKY)]


def test_a_session_keeps_a_long_request_bounded_yet_recognises_and_sends_it_whole():
    guard = Guard(GuardConfig(policy="priority"))
    pasted = "The train timetable changes on Sunday, platform 4. " * 20_000  # ~1 MB before the question
    request = pasted + RISKY
    first = guard.check([user(request)], session_id="long")
    assert first.action == "ask"
    state = guard.store.load("long")
    assert len(state.original_request) < 4_100 < len(request)  # head and tail, not the whole megabyte
    assert state.original_request.endswith(RISKY)  # the question after the paste is kept

    again = guard.check([user(request)], session_id="long")  # a retry: recognised by the digest
    assert again.action == "ask" and again.reason.startswith("the same turn again")

    messages, plan = [user(request)], guard.prepare([user(request)], session_id="long")
    while plan.action == "ask":  # "no" to a safety check-in, "fine" to each background question
        answer = "no" if plan.decision.attribute is None else "fine"
        messages = [*messages, assistant(plan.reply), user(answer)]
        plan = guard.prepare(messages, session_id="long")
    assert plan.action == "enrich"
    assert [m["content"] for m in plan.messages if m["role"] == "user"] == [request]  # whole, once
