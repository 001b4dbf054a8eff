"""The simulated user's scripted personas."""

from __future__ import annotations

import asyncio

import pytest

from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.simulate import SimulatedUser
from penguin_guard.extract import extract_offline

ITEM = BenchItem(query="Should I quit?", domain="career", profile={"Age": "19", "Emotional State": "hopeless"})


def answer(persona: str, attribute: str) -> str:
    return asyncio.run(SimulatedUser(ITEM, persona).answer("A question?", attribute))


def test_cooperative_gives_the_stored_value_and_the_guard_reads_it():
    reply = answer("cooperative", "Emotional State")
    assert reply == "hopeless"
    assert extract_offline(reply, "Emotional State").values["Emotional State"] == "hopeless"
    assert answer("cooperative", "Profession") == "I'm not sure."  # not in the profile
    assert extract_offline("I'm not sure.", "Profession").unanswered == ["Profession"]


def test_refusing_declines_and_lying_contradicts():
    assert extract_offline(answer("refusing", "Age"), "Age").declined == ["Age"]
    lie = answer("lying", "Emotional State")
    assert lie and lie.lower() != "hopeless"
    assert answer("lying", "Emotional State") == lie  # deterministic per item and seed
    assert "hopeless" in answer("vague", "Emotional State")


def test_unknown_persona_is_refused():
    with pytest.raises(ValueError, match="unknown persona"):
        SimulatedUser(ITEM, "sarcastic")
