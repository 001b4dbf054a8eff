"""Synthetic planning problems with a known optimum, for tests and benchmarks/planner_efficiency.py.

Each instance draws attribute weights and two pairwise synergies (so the optimum is not always the top-k
weights), and a scripted prior that ranks by a *noisy* view of the weights: good, not perfect, like an LLM.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from penguin_guard.bench.items import BenchItem
from penguin_guard.raise_policy.prior import ScriptedPrior
from penguin_guard.raise_policy.reward import SyntheticReward
from penguin_guard.taxonomy import ATTRIBUTES


def instance(seed: int, prior_noise: float = 0.15) -> tuple[BenchItem, SyntheticReward, ScriptedPrior]:
    rng = random.Random(seed)
    weights = {a: rng.uniform(0.1, 1.0) ** 2 for a in ATTRIBUTES}
    pairs = [frozenset(rng.sample(ATTRIBUTES, 2)) for _ in range(2)]
    synergy = {pair: 0.3 for pair in pairs}
    noisy = {a: w + rng.gauss(0.0, prior_noise) for a, w in weights.items()}

    def rank(item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        return sorted(remaining, key=lambda a: -noisy[a])

    item = BenchItem(id=f"synthetic-{seed}", query=f"synthetic query {seed}", domain="life")
    return item, SyntheticReward(weights, synergy), ScriptedPrior(rank)
