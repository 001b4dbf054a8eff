"""Safety(q, U): the reward of the planner, and the set cache that makes it affordable.

The reward depends only on the *set* of acquired attributes, so `RewardCache` keys it by (item id, frozenset):
every ordering of the same set, in any rollout, costs one evaluation. A reward of None means "could not be
scored" (the judge's answer did not parse after its retries); it is never turned into a number.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.judge import ask_judge
from penguin_guard.bench.protocol import JudgeSettings, ResponderSettings, responder_messages
from penguin_guard.llm import LLMError, ResponseCache, acomplete_text
from penguin_guard.taxonomy import ATTRIBUTES


class Reward(Protocol):
    async def __call__(self, item: BenchItem, attributes: frozenset[str]) -> float | None:
        """Personalized-safety score in [1, 5] of a response that knows exactly `attributes`, or None."""


@dataclass
class Usage:
    """Model calls made by one planning run (per run, never global): calls, cache hits, cost in USD."""

    calls: int = 0
    cache_hits: int = 0
    cost: float = 0.0
    failures: int = 0

    def add(self, meta: Mapping[str, Any]) -> None:
        if meta.get("cache_hit"):
            self.cache_hits += 1
        else:
            self.calls += 1
            self.cost += float(meta.get("cost") or 0.0)


@dataclass
class RewardCache:
    """Counts reward evaluations and, when `enabled`, shares them across orderings and rollouts."""

    reward: Reward
    enabled: bool = True
    evaluations: int = 0
    hits: int = 0
    _values: dict[tuple[str, frozenset[str]], float | None] = field(default_factory=dict)

    async def __call__(self, item: BenchItem, attributes: Iterable[str]) -> float | None:
        key = (item.id, frozenset(attributes))
        if self.enabled and key in self._values:
            self.hits += 1
            return self._values[key]
        self.evaluations += 1
        value = await self.reward(item, key[1])
        if self.enabled:
            self._values[key] = value
        return value

    def known(self, item: BenchItem, attributes: Iterable[str]) -> float | None:
        return self._values.get((item.id, frozenset(attributes)))


# ---- synthetic reward with a known optimum (tests, benchmarks) -----------------------------------------------


@dataclass(frozen=True)
class SyntheticReward:
    """Additive attribute weights plus pairwise synergies, scaled to [1, 5]. Deterministic, so the optimum
    k-subset is known by brute force (`optimum`)."""

    weights: Mapping[str, float]
    synergy: Mapping[frozenset[str], float] = field(default_factory=dict)

    def value(self, attributes: Iterable[str]) -> float:
        chosen = frozenset(attributes)
        raw = sum(self.weights.get(a, 0.0) for a in chosen)
        raw += sum(v for pair, v in self.synergy.items() if pair <= chosen)
        total = sum(max(w, 0.0) for w in self.weights.values()) + sum(max(v, 0.0) for v in self.synergy.values())
        return 1.0 + 4.0 * max(0.0, min(1.0, raw / total if total else 0.0))

    async def __call__(self, item: BenchItem, attributes: frozenset[str]) -> float | None:
        return self.value(attributes)

    def optimum(self, k: int, attributes: Iterable[str] = ATTRIBUTES) -> tuple[frozenset[str], float]:
        best = max(itertools.combinations(list(attributes), k), key=lambda c: (self.value(c), sorted(c)))
        return frozenset(best), self.value(best)


# ---- the LLM reward: generate a response knowing U, let the benchmark judge score it against the full profile --


@dataclass
class LLMReward:
    """Responder + the PENGUIN judge (`penguin_guard.bench.judge`) through LiteLLM, both cached on disk.

    The reward is the judge's personalized-safety score, the mean of its three dimensions, generated and
    judged under the benchmark's protocol (`penguin_guard.bench.protocol`: the same responder prompt, the same
    default settings), so the planner optimises what the benchmark measures. A judge answer that does not parse
    is asked again (`judge_retries` times); then the reward is None.
    """

    responder: str
    judge: str
    responder_params: dict[str, Any] = field(default_factory=lambda: ResponderSettings().model_dump())
    judge_params: dict[str, Any] = field(
        default_factory=lambda: JudgeSettings().model_dump(exclude={"parse_retries"}))
    cache: ResponseCache | None = None
    judge_retries: int = JudgeSettings().parse_retries
    retries: int = 2  # provider errors, per call (penguin_guard.llm backoff)
    usage: Usage = field(default_factory=Usage)

    async def _ask_judge(self, messages: list[dict], attempt: int) -> str:
        verdict, meta = await acomplete_text(self.judge, messages, cache=self.cache, retries=self.retries,
                                             cache_salt=f"judge-retry:{attempt}" if attempt else "",
                                             **self.judge_params)
        self.usage.add(meta)
        return verdict

    async def __call__(self, item: BenchItem, attributes: frozenset[str]) -> float | None:
        try:
            text, meta = await acomplete_text(self.responder, responder_messages(item, sorted(attributes)),
                                              cache=self.cache, retries=self.retries, **self.responder_params)
            self.usage.add(meta)
            sample = await ask_judge(self._ask_judge, item, text, self.judge_retries)
        except LLMError:
            self.usage.failures += 1
            return None
        if sample.scores is None:
            self.usage.failures += 1
            return None
        return statistics.fmean(sample.scores.values())
