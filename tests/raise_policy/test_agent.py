"""The online agent: retrieval over a path library, the fast vote, and the LLM mode against the loopback server."""

from __future__ import annotations

import numpy as np
import pytest

from penguin_guard.config import GuardConfig
from penguin_guard.models import Answer, Ask, Profile, RiskAssessment
from penguin_guard.raise_policy.agent import next_step, options_of
from penguin_guard.raise_policy.library import PathLibrary, PathRecord
from penguin_guard.raise_policy.llm_mode import parse_choice, parse_rating
from penguin_guard.taxonomy import ATTRIBUTES

HIGH = RiskAssessment(level="high", domain="financial", score=0.9)


def unit(*values: float) -> np.ndarray:
    v = np.zeros(8, dtype=np.float32)
    v[: len(values)] = values
    return v / np.linalg.norm(v)


@pytest.fixture
def library():
    """Debt-like queries plan Economic Status first; a far-away query plans Age first."""
    records = [
        PathRecord(query="can't pay my loans", domain="financial", path=["Economic Status", "Emotional State", "Age"], score=4.5),
        PathRecord(query="drowning in card debt", domain="financial", path=["Economic Status", "Mental Health Status"], score=4.2),
        PathRecord(query="turning fifty", domain="life", path=["Age", "Marital Status"], score=4.0),
    ]
    return PathLibrary(records, np.stack([unit(1, 0.1), unit(1, 0.2), unit(0, 0, 1)]))


def decide(library, profile=None, asked=0, risk=HIGH, vector=None, **options):
    config = GuardConfig(policy="raise", policy_options=options)
    return next_step("q", risk, profile or Profile(), asked, config, library=library,
                     vector=unit(1, 0) if vector is None else vector)


def test_retrieval_ranks_by_cosine_similarity(library):
    found = library.nearest(unit(1, 0), k=2)
    assert [n.record.query for n in found] == ["can't pay my loans", "drowning in card debt"]
    assert found[0].similarity > found[1].similarity > 0.9


def test_the_library_round_trips_through_open_files(library, tmp_path):
    library.save(tmp_path)
    assert (tmp_path / "paths.jsonl").read_text().count("\n") == 3
    assert np.load(tmp_path / "embeddings.npy").shape == (3, 8)
    loaded = PathLibrary.load(tmp_path)
    assert loaded.records == library.records and np.allclose(loaded.embeddings, library.embeddings)


def test_fast_mode_asks_what_similar_planned_paths_ask_first(library):
    step = decide(library)
    assert isinstance(step, Ask) and step.attribute == "Economic Status"


def test_fast_mode_skips_known_and_declined_attributes(library):
    profile = Profile(values={"Economic Status": "tight"}, declined=["Emotional State"], asked=["Economic Status", "Emotional State"])
    step = decide(library, profile, asked=2, min_gain=0.1)
    assert isinstance(step, Ask) and step.attribute == "Mental Health Status"


def test_fast_mode_stops_when_little_expected_gain_is_left(library):
    profile = Profile(values={"Economic Status": "tight", "Emotional State": "ok", "Mental Health Status": "none"})
    step = decide(library, profile, asked=1, min_gain=0.15)
    assert isinstance(step, Answer) and "little" in step.reason


def test_budget_elevated_risk_and_benign_prompts_end_in_an_answer(library):
    assert isinstance(decide(library, asked=3), Answer)
    assert isinstance(decide(library, asked=1, budget=1), Answer)
    assert isinstance(decide(library, risk=RiskAssessment(level="elevated", domain="financial")), Answer)
    assert isinstance(decide(library, risk=RiskAssessment(level="elevated", domain="financial"), ask_when_elevated=True), Ask)
    assert isinstance(decide(library, risk=RiskAssessment()), Answer)


def test_bad_options_are_a_clear_error():
    with pytest.raises(ValueError, match="policy_options"):
        options_of(GuardConfig(policy="raise", policy_options={"mode": "llm"}))
    with pytest.raises(ValueError, match="bogus"):
        options_of(GuardConfig(policy="raise", policy_options={"bogus": 1}))


def test_model_answers_are_parsed_or_repaired():
    remaining = ["Age", "Economic Status", "Emotional State"]
    assert parse_choice("Economic Status", remaining) == ("Economic Status", False)
    assert parse_choice("I would ask about their emotional state first.", remaining) == ("Emotional State", True)
    assert parse_choice("their finances", remaining) == ("Economic Status", True)
    assert parse_choice("Profession", remaining) == (None, False)
    assert parse_rating("Rating: 4") == 4 and parse_rating("about 2.5") == 2 and parse_rating("none") is None


def llm_options(server, **extra):
    return {"mode": "llm", "model": "openai/agent", "params": {"api_base": server.url, "api_key": "sk-test"},
            "timeout": 5, **extra}


def test_llm_mode_stops_at_tau_and_otherwise_picks_the_models_attribute(library, llm_server):
    llm_server.replies = ["4"]
    assert isinstance(decide(library, **llm_options(llm_server, tau=3)), Answer)
    llm_server.replies = ["1", "Emotional State"]
    step = decide(library, **llm_options(llm_server))
    assert isinstance(step, Ask) and step.attribute == "Emotional State"
    prompt = llm_server.requests[-1]["messages"][-1]["content"]
    assert "can't pay my loans" in prompt and "Economic Status, Emotional State, Age" in prompt


@pytest.mark.parametrize("garbage", ["", "¯\\_(ツ)_/¯", "ask them about their zodiac sign", "Profession" * 50])
def test_llm_mode_with_garbage_stays_in_budget_and_never_raises(library, llm_server, garbage):
    llm_server.responder = lambda body: garbage
    profile, asked = Profile(), 0
    for _ in range(6):
        step = decide(library, profile, asked=asked, **llm_options(llm_server))
        assert isinstance(step, Ask | Answer)
        if isinstance(step, Answer):
            break
        assert step.attribute in ATTRIBUTES and step.attribute not in profile.asked
        profile.asked.append(step.attribute)
        profile.values[step.attribute] = "something"
        asked += 1
    assert asked <= 3


def test_llm_mode_survives_a_provider_outage(library, llm_server):
    llm_server.fail_next(50)
    step = decide(library, **llm_options(llm_server, params={"api_base": llm_server.url, "api_key": "k", "num_retries": 0}))
    assert isinstance(step, Ask) and step.attribute == "Economic Status"  # the fast vote's choice
