from penguin_guard.config import Depth, GuardConfig
from penguin_guard.models import Answer, Ask, Profile, RiskAssessment
from penguin_guard.policy import next_step, render_question

HIGH = RiskAssessment(level="high", domain="financial", score=0.95)
ELEVATED = RiskAssessment(level="elevated", domain="financial", score=0.6)


def test_high_risk_asks_emotional_state_first():
    assert next_step("q", HIGH, Profile(), 0, GuardConfig()) == Ask(attribute="Emotional State", reason="priority for financial requests")


def test_known_and_declined_attributes_are_skipped():
    profile = Profile(values={"Emotional State": "anxious"}, declined=["Mental Health Status"], asked=["Emotional State", "Mental Health Status"])
    step = next_step("q", HIGH, profile, 2, GuardConfig())
    assert isinstance(step, Ask) and step.attribute == "Past Self-Harm History"


def test_budget_is_respected():
    assert isinstance(next_step("q", HIGH, Profile(), 3, GuardConfig()), Answer)
    assert isinstance(next_step("q", HIGH, Profile(), 1, GuardConfig(question_budget=1)), Answer)


def test_elevated_risk_asks_fewer_questions_than_high():
    config = GuardConfig(depth=Depth(elevated=1, high=3))
    assert isinstance(next_step("q", ELEVATED, Profile(), 0, config), Ask)
    assert isinstance(next_step("q", ELEVATED, Profile(), 1, config), Answer)
    assert isinstance(next_step("q", HIGH, Profile(), 1, config), Ask)


def test_a_settled_user_is_not_asked_about_self_harm():
    profile = Profile(values={"Emotional State": "pretty calm actually", "Mental Health Status": "none"})
    assert isinstance(next_step("q", HIGH, profile, 2, GuardConfig()), Answer)


def test_questions_are_optional_and_say_why():
    for attribute in ("Emotional State", "Mental Health Status", "Past Self-Harm History", "Economic Status"):
        text = render_question(attribute).lower()
        assert "skip" in text or "don't have to" in text or "optional" in text
        assert len(text) < 260
