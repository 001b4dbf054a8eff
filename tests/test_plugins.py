"""Extension points: a plugin registered with the guard takes over a stage."""

from penguin_guard import Guard, GuardConfig, RiskAssessment, hookimpl
from penguin_guard.models import Answer


class AlwaysFinancial:
    """A plugin that treats every prompt mentioning 'budget' as high-risk financial."""

    @hookimpl
    def penguin_assess_risk(self, text):
        if "budget" in text.lower():
            return RiskAssessment(level="high", domain="financial", score=0.99, reason="custom rule", detector="plugin")
        return None


class FriendlierQuestions:
    @hookimpl
    def penguin_render_question(self, attribute):
        return f"Mind telling me about your {attribute.lower()}? (optional)"


class NeverAsk:
    @hookimpl
    def penguin_next_step(self, risk):
        return Answer(reason="this deployment never asks")


class Recorder:
    def __init__(self):
        self.seen = []

    @hookimpl
    def penguin_on_decision(self, decision):
        self.seen.append(decision.action)


def test_a_custom_detector_and_question_renderer_take_effect():
    recorder = Recorder()
    guard = Guard(GuardConfig(), plugins=[AlwaysFinancial(), FriendlierQuestions(), recorder])
    decision = guard.check([{"role": "user", "content": "What's a good weekly budget?"}], session_id="p1")
    assert decision.risk.detector == "plugin"
    assert decision.question == "Mind telling me about your emotional state? (optional)"
    assert recorder.seen == ["ask"]


def test_a_custom_policy_replaces_the_default():
    guard = Guard(GuardConfig(), plugins=[AlwaysFinancial(), NeverAsk()])
    decision = guard.check([{"role": "user", "content": "help with my budget"}], session_id="p2")
    assert decision.action == "enrich" and decision.reason == "this deployment never asks"


def test_guards_do_not_share_plugins():
    Guard(GuardConfig(), plugins=[AlwaysFinancial()])
    plain = Guard(GuardConfig())
    assert plain.check([{"role": "user", "content": "what is a budget in C++ template metaprogramming"}], session_id="p3").risk.detector != "plugin"
