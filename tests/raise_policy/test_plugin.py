"""RAISE as the guard's policy: the hook acts only for policy "raise" and works with the bundled library."""

from __future__ import annotations

from penguin_guard import Guard, GuardConfig
from penguin_guard.guard import decision_of
from penguin_guard.models import Answer, Ask, Profile, RiskAssessment
from penguin_guard.raise_policy import plugin
from penguin_guard.raise_policy.library import load_library

RISKY = "Should I quit my job and move far away from everyone I know?"
HIGH = RiskAssessment(level="high", domain="career", score=0.9)


def test_the_hook_defers_to_other_policies():
    assert plugin.penguin_next_step("q", HIGH, Profile(), 0, GuardConfig(policy="priority")) is None


def test_the_bundled_library_is_planned_and_says_against_which_reward():
    library = load_library()
    assert len(library) >= 140 and library.embeddings.shape == (len(library), 384)
    assert library.meta["source"] == "mcts-proxy" and {r.source for r in library.records} == {"mcts-proxy"}
    assert "NOT the paper's" in library.meta["reward"]
    # Planned per item, so the first step is not the same for everyone.
    assert len({r.path[0] for r in library.records}) >= 5
    assert {r.path[0] for r in library.records if r.domain == "financial"} >= {"Economic Status"}


def test_raise_is_the_default_policy_and_asks_within_budget():
    step, profile, asked = None, Profile(), 0
    config = GuardConfig()
    assert config.policy == "raise"
    while True:
        step = plugin.penguin_next_step(RISKY, HIGH, profile, asked, config)
        if isinstance(step, Answer):
            break
        assert isinstance(step, Ask) and step.attribute not in profile.asked
        profile.asked.append(step.attribute)
        profile.values[step.attribute] = "rather low"
        asked += 1
    assert 1 <= asked <= 3


def test_guard_in_llm_mode_asks_what_the_model_picks(llm_server, upstream):
    options = {"mode": "llm", "model": "openai/agent", "params": {"api_base": llm_server.url, "api_key": "sk-test"}}
    guard = Guard(GuardConfig(policy="raise", policy_options=options, upstream_retries=0))
    llm_server.replies = ["1", "Economic Status"]
    response = guard.completion(messages=[{"role": "user", "content": RISKY}], session_id="u1", **upstream)
    decision = decision_of(response)
    assert decision.action == "ask" and decision.attribute == "Economic Status"
    assert len(llm_server.requests) == 2  # rating + selection, no upstream call
