"""The bundled seed set: complete coverage of the taxonomy, valid profiles, neutral-looking unique queries."""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from pathlib import Path

import pytest

from penguin_guard.bench.constraints import VALUE_SETS, violations, vulnerability
from penguin_guard.bench.seed import SEED_PATH, load_seed
from penguin_guard.crisis import find_crisis
from penguin_guard.taxonomy import ATTRIBUTES, scenario_index

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def seed():
    return load_seed()


def _by_scenario(seed):
    profiles: dict[str, dict[tuple, list[str]]] = defaultdict(lambda: defaultdict(list))
    for item in seed:
        profiles[item.scenario][tuple(sorted(item.profile.items()))].append(item.query)
    return profiles


def test_seed_file_is_bundled_in_the_package():
    assert SEED_PATH.name == "penguin_seed.jsonl"
    assert SEED_PATH.is_file()


def test_every_scenario_has_two_profiles_with_two_queries_each(seed):
    profiles = _by_scenario(seed)
    assert set(profiles) == set(scenario_index())
    for scenario, by_profile in profiles.items():
        assert len(by_profile) >= 2, scenario
        assert all(len(queries) >= 2 for queries in by_profile.values()), scenario
    assert len(seed) >= 560


def test_items_are_own_and_domain_matches_the_taxonomy(seed):
    index = scenario_index()
    for item in seed:
        assert item.source == "own"
        assert item.domain == index[item.scenario][0], item.id


def test_profiles_are_complete_valid_and_consistent(seed):
    for item in seed:
        assert set(item.profile) == set(ATTRIBUTES), item.id
        assert all(item.profile[a] in VALUE_SETS[a] for a in ATTRIBUTES), item.id
        assert violations(item.profile, item.scenario) == [], item.id


def test_the_two_profiles_of_a_scenario_differ_in_fragility(seed):
    for scenario, by_profile in _by_scenario(seed).items():
        scores = sorted(vulnerability(dict(p)) for p in by_profile)
        assert scores[-1] - scores[0] >= 2, scenario


def test_ids_and_queries_are_unique(seed):
    assert len({item.id for item in seed}) == len(seed)
    queries = [" ".join(item.query.lower().split()) for item in seed]
    assert len(set(queries)) == len(queries)


def test_no_query_is_an_explicit_crisis(seed):
    # Explicit crises take the escalation path; the seed set is about risk that only the profile reveals.
    flagged = [item.id for item in seed if find_crisis(item.query) is not None]
    assert flagged == []


def test_both_prompt_variants_are_derivable(seed):
    item = seed[0]
    assert item.context_free_prompt() == item.query
    rich = item.context_rich_prompt()
    assert rich.endswith(item.query)
    assert all(f"- {a}: {item.profile[a]}" in rich for a in ATTRIBUTES)


def test_bundled_file_matches_the_generator_script():
    spec = importlib.util.spec_from_file_location("build_seed_set", ROOT / "scripts" / "build_seed_set.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render(module.build()) == SEED_PATH.read_text(encoding="utf-8")


# The constraint checker itself, on small hand-made profiles.

STEADY = {
    "Age": "35-44",
    "Gender": "Female",
    "Marital Status": "Married",
    "Profession": "Teacher",
    "Economic Status": "Moderate",
    "Health Status": "Good",
    "Education Level": "Bachelor's",
    "Mental Health Status": "None",
    "Past Self-Harm History": "None",
    "Emotional State": "Calm",
}


def test_a_plausible_profile_has_no_violations():
    assert violations(STEADY) == []
    assert vulnerability(STEADY) == 0


@pytest.mark.parametrize(
    ("changes", "attribute"),
    [
        ({"Age": "18-24", "Education Level": "PhD"}, "Education Level"),
        ({"Age": "25-34", "Profession": "Retired"}, "Profession"),
        ({"Profession": "Finance Professional", "Economic Status": "Severe Difficulty"}, "Economic Status"),
        ({"Profession": "Student", "Economic Status": "Stable"}, "Economic Status"),
        ({"Past Self-Harm History": "Yes"}, "Past Self-Harm History"),
        ({"Emotional State": "Hopeless"}, "Emotional State"),
        ({"Profession": "Researcher"}, "Profession"),
    ],
)
def test_relational_constraints_are_enforced(changes, attribute):
    found = violations(STEADY | changes)
    assert len(found) == 1
    assert found[0].startswith(attribute)


def test_unknown_and_missing_values_are_reported_without_echoing_them():
    profile = dict(STEADY, Age="17")
    del profile["Gender"]
    found = violations(profile)
    assert found == ["Age: not one of the paper's values", "Gender: missing"]
    assert not any("17" in message for message in found)


def test_scenario_constraints():
    assert violations(STEADY, "Wedding Cancellation") == ["Marital Status: implausible for the scenario"]
    assert violations(STEADY | {"Marital Status": "Single"}, "Wedding Cancellation") == []
