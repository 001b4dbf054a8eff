"""Crisis words written to support someone else: escalated by default (recall first); with
`support_replies="check_in"` they get the safety check-in, resources shown at once, and the writer's own crisis
still escalates. Nothing is ever turned into a pass."""

from __future__ import annotations

import pytest

from penguin_guard import Guard, GuardConfig
from penguin_guard.crisis_check import builtin_signals
from penguin_guard.crisis_head import load_head
from penguin_guard.escalate import SAFETY_CHECK_QUESTION
from penguin_guard.normalize import normalize_for_detection
from penguin_guard.support_reply import load_reader, reads_as_support

SUPPORT = ("Hey, I just read your post saying you want to end your life tonight. Please stay. Put the pills somewhere "
           "else and call 988, they answer all night. I'm sending you a message now.")
OWN_CRISIS = "I want to die. I've saved up my pills and tonight is the night. You guys were good to me."


def ask(text):
    return [{"role": "user", "content": text}]


@pytest.fixture
def peer_support():
    return Guard(GuardConfig(policy="priority", support_replies="check_in"))


def test_by_default_a_support_reply_with_crisis_words_escalates():
    assert Guard(GuardConfig(policy="priority")).check(ask(SUPPORT)).action == "escalate"


def test_opted_in_a_support_reply_gets_the_check_in_with_the_resources(peer_support):
    decision = peer_support.check(ask(SUPPORT))
    assert decision.action == "ask" and decision.question.startswith(SAFETY_CHECK_QUESTION)
    assert decision.crisis_resources and decision.crisis_resources in decision.question
    assert decision.risk.warning_signs and not decision.risk.is_crisis


def test_opted_in_a_yes_to_that_check_in_escalates(peer_support):
    messages = ask(SUPPORT)
    decision = peer_support.check(messages, session_id="support-1")
    messages += [{"role": "assistant", "content": decision.question}, {"role": "user", "content": "honestly yes, me too"}]
    assert peer_support.check(messages, session_id="support-1").action == "escalate"


def test_opted_in_the_writers_own_crisis_still_escalates(peer_support):
    assert peer_support.check(ask(OWN_CRISIS)).action == "escalate"


def test_the_setting_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("PENGUIN_GUARD_SUPPORT_REPLIES", "check_in")
    assert GuardConfig().support_replies == "check_in"


def test_the_reader_only_softens_what_the_head_or_a_rule_found():
    view = normalize_for_detection(SUPPORT)
    (signal,) = builtin_signals(SUPPORT, view, support_check_in=True)
    assert signal.kind == "warning" and signal.source == "crisis-head"
    assert [s.kind for s in builtin_signals(SUPPORT, view)] == ["crisis"]  # not asked for: escalates
    # In a reply to the guard's own question the user speaks to us, not to someone else: never routed.
    assert [s.kind for s in builtin_signals(SUPPORT, view, warnings=False, support_check_in=True)] == ["crisis"]
    assert reads_as_support(None, view) is False  # no head, nothing to route


def test_the_bundled_reader_reads_support_high_and_a_crisis_low():
    reader, head = load_reader(), load_head()
    assert reader is not None and head is not None and head.tuned is not None
    assert 0.5 <= reader.cutoff < 1.0
    for text, expected in ((SUPPORT, True), (OWN_CRISIS, False)):
        window = head.most_crisis_like_window(normalize_for_detection(text))
        assert (reader.probability(head.tuned.vector(window)) >= reader.cutoff) is expected
