"""Synthetic planning problems with a known optimum, for tests and benchmarks/planner_efficiency.py.

SYNTHETIC, and easier than the paper's problem in two ways that any number measured here inherits:
- the reward is a formula (random attribute weights plus two pairwise synergies, so the optimum is not always
  the top-k weights), noiseless unless wrapped in `NoisyReward` (the paper's GPT-4o judge at temperature 0.7
  is not);
- the prior is scripted FROM THAT REWARD'S OWN WEIGHTS: "good" ranks by the weights plus a little noise, which
  is an optimistic stand-in for an LLM ranking. "weak" adds much more noise; "misleading" ranks the weights
  backwards, the worst prior a planner can be given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from penguin_guard.bench.items import BenchItem
from penguin_guard.raise_policy.prior import ScriptedPrior
from penguin_guard.raise_policy.reward import SyntheticReward
from penguin_guard.taxonomy import ATTRIBUTES

PriorKind = Literal["good", "weak", "misleading"]
PRIOR_NOISE: dict[str, float] = {"good": 0.15, "weak": 0.6, "misleading": 0.15}


def instance(seed: int, prior: PriorKind = "good") -> tuple[BenchItem, SyntheticReward, ScriptedPrior]:
    rng = random.Random(seed)
    weights = {a: rng.uniform(0.1, 1.0) ** 2 for a in ATTRIBUTES}
    pairs = [frozenset(rng.sample(ATTRIBUTES, 2)) for _ in range(2)]
    synergy = {pair: 0.3 for pair in pairs}
    noisy = {a: w + rng.gauss(0.0, PRIOR_NOISE[prior]) for a, w in weights.items()}
    sign = 1.0 if prior == "misleading" else -1.0

    def rank(item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        return sorted(remaining, key=lambda a: sign * noisy[a])

    item = BenchItem(id=f"synthetic-{seed}", query=f"synthetic query {seed}", domain="life")
    return item, SyntheticReward(weights, synergy), ScriptedPrior(rank)


@dataclass
class NoisyReward:
    """A judge with Gaussian noise (sd on the 1-5 scale, clipped to it) around a synthetic reward; seeded."""

    reward: SyntheticReward
    sd: float
    seed: int = 0
    _rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    async def __call__(self, item: BenchItem, attributes: frozenset[str]) -> float | None:
        return min(5.0, max(1.0, self.reward.value(attributes) + self._rng.gauss(0.0, self.sd)))


@dataclass
class CountingPrior:
    """Counts the prior's ranking calls: with an LLM prior each is a model call, part of the planner's cost."""

    prior: ScriptedPrior
    calls: int = 0

    async def rank(self, item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        self.calls += 1
        return await self.prior.rank(item, known, remaining)
