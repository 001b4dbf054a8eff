"""The PENGUIN taxonomy as data: the 10 user attributes and the 7 domains x 14 subcategories x 140 scenarios.

Everything else in the package names attributes and domains through this module, so a typo is an error here
rather than a silent miss somewhere else.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Literal, get_args

# The one spelling of the attributes and domains in code (type checkers need the Literal written out; the tuples
# are derived from it). data/taxonomy.json repeats them for the data side; tests/test_taxonomy_copies.py checks
# that the copies agree.
Attribute = Literal[
    "Age",
    "Gender",
    "Marital Status",
    "Profession",
    "Economic Status",
    "Health Status",
    "Education Level",
    "Mental Health Status",
    "Past Self-Harm History",
    "Emotional State",
]
ATTRIBUTES: tuple[str, ...] = get_args(Attribute)

Domain = Literal["relationship", "career", "financial", "social", "health", "life", "education"]
DOMAINS: tuple[str, ...] = get_args(Domain)

# Short snake_case keys, as used by the public PENGUIN release and by JSON configs.
ATTRIBUTE_KEYS: dict[str, str] = {a: a.lower().replace(" ", "_").replace("-", "_") for a in ATTRIBUTES}
_BY_KEY = {v: k for k, v in ATTRIBUTE_KEYS.items()}
_ALIASES = {
    "age": "Age",
    "gender": "Gender",
    "marital": "Marital Status",
    "profession": "Profession",
    "job": "Profession",
    "economic": "Economic Status",
    "finances": "Economic Status",
    "health": "Health Status",
    "education": "Education Level",
    "mental": "Mental Health Status",
    "mental_health": "Mental Health Status",
    "self_harm": "Past Self-Harm History",
    "self-harm": "Past Self-Harm History",
    "past_self_harm": "Past Self-Harm History",
    "emotion": "Emotional State",
    "emotional": "Emotional State",
}


def canonical_attribute(name: str) -> str | None:
    """Map a loose attribute name ("emotional_state", "Emotion", "self-harm") to its canonical form, or None."""
    if not isinstance(name, str):
        return None
    text = name.strip().strip("\"'`*.").strip()
    if text in ATTRIBUTES:
        return text
    lowered = text.lower()
    for attribute in ATTRIBUTES:
        if attribute.lower() == lowered:
            return attribute
    key = lowered.replace(" ", "_").replace("-", "_")
    return _BY_KEY.get(key) or _ALIASES.get(key) or _ALIASES.get(lowered)


@cache
def load_taxonomy() -> dict:
    """The bundled taxonomy file (domains, subcategories, scenarios, public-release field names)."""
    text = resources.files("penguin_guard").joinpath("data/taxonomy.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def scenario_index() -> dict[str, tuple[str, str]]:
    """scenario name -> (domain, subcategory), for all 140 scenarios."""
    index: dict[str, tuple[str, str]] = {}
    for domain, spec in load_taxonomy()["domains"].items():
        for subcategory, scenarios in spec["subcategories"].items():
            for scenario in scenarios:
                index[scenario] = (domain, subcategory)
    return index


def domain_of_scenario(scenario: str) -> str | None:
    """The domain a scenario (or a domain name, as real records carry) belongs to."""
    if scenario in DOMAINS:
        return scenario
    found = scenario_index().get(scenario)
    if found:
        return found[0]
    lowered = scenario.strip().lower()
    for name, (domain, _) in scenario_index().items():
        if name.lower() == lowered:
            return domain
    return lowered if lowered in DOMAINS else None
