"""The planner's prior pi0(a | q, U): a ranking of the remaining attributes turned into a distribution.

The paper asks an LLM to rank the unqueried attributes once per node and does not say how a ranking becomes a
probability. We use a softmax over reversed ranks, `p(rank r) ~ exp(-r / temperature)` (temperature 1.5 by
default): it keeps full support (every attribute > 0, which the paper's convergence argument needs) while the
top pick gets about half the mass among ten. An answer that names no valid attribute yields the uniform
distribution (counted as a parse failure), never an error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from penguin_guard.bench.items import BenchItem
from penguin_guard.llm import LLMError, ResponseCache, acomplete_text
from penguin_guard.raise_policy.reward import Usage
from penguin_guard.taxonomy import ATTRIBUTES, canonical_attribute


class Prior(Protocol):
    async def rank(self, item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        """`remaining` reordered from most to least worth asking next."""


def rank_distribution(ranking: Sequence[str], remaining: Sequence[str], temperature: float = 1.5) -> dict[str, float]:
    """Full-support distribution over `remaining` from a (possibly partial) ranking; unranked come last."""
    if temperature <= 0:
        raise ValueError("temperature must be > 0")
    order = [a for a in dict.fromkeys(ranking) if a in remaining]
    order += [a for a in remaining if a not in order]
    weights = {a: math.exp(-i / temperature) for i, a in enumerate(order)}
    total = sum(weights.values())
    return {a: w / total for a, w in weights.items()}


def parse_ranking(text: str, remaining: Sequence[str]) -> list[str]:
    """Attributes named in `text`, in order of first mention, limited to `remaining` (may be empty)."""
    found: list[str] = []
    for piece in re.split(r"[\n,;>|]+|\d+[.)]\s*", text or ""):
        name = canonical_attribute(piece.strip(" -•\t"))
        if name is None:  # a line with extra words: look for any attribute name inside it
            lowered = piece.lower()
            hits = sorted((lowered.find(a.lower()), a) for a in ATTRIBUTES if a.lower() in lowered)
            names = [a for _, a in hits]
        else:
            names = [name]
        for n in names:
            if n in remaining and n not in found:
                found.append(n)
    return found


@dataclass(frozen=True)
class StaticPrior:
    """A fixed ranking for every node (e.g. the paper's attribute-importance order)."""

    order: tuple[str, ...] = ATTRIBUTES

    async def rank(self, item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        return [a for a in self.order if a in remaining] + [a for a in remaining if a not in self.order]


@dataclass(frozen=True)
class ScriptedPrior:
    """A ranking computed by a function of (item, known, remaining): tests and synthetic benchmarks."""

    fn: Callable[[BenchItem, frozenset[str], Sequence[str]], list[str]]

    async def rank(self, item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        return self.fn(item, known, remaining)


PRIOR_SYSTEM = (
    "You help an assistant decide which facts about a user to ask for before answering a sensitive personal "
    "question. Knowing the wrong things wastes the user's patience; missing the right ones can make the answer "
    "harmful for someone vulnerable."
)


def prior_messages(query: str, known: Iterable[str], remaining: Sequence[str]) -> list[dict]:
    known_text = ", ".join(sorted(known)) or "nothing yet"
    user = (
        f"User question: {query}\n"
        f"Already known about the user: {known_text}\n"
        f"Not yet known: {', '.join(remaining)}\n\n"
        "Rank ALL the not-yet-known facts from most to least important for answering this question safely. "
        "Output one fact name per line, exactly as written above, and nothing else."
    )
    return [{"role": "system", "content": PRIOR_SYSTEM}, {"role": "user", "content": user}]


@dataclass
class LLMPrior:
    """Ranks the remaining attributes with one LiteLLM call per (query, known set); cached on disk."""

    model: str
    params: dict[str, Any] = field(default_factory=lambda: {"temperature": 0.0, "max_tokens": 120})
    cache: ResponseCache | None = None
    usage: Usage = field(default_factory=Usage)
    parse_failures: int = 0

    async def rank(self, item: BenchItem, known: frozenset[str], remaining: Sequence[str]) -> list[str]:
        try:
            text, meta = await acomplete_text(self.model, prior_messages(item.query, known, remaining),
                                              cache=self.cache, **self.params)
        except LLMError:
            self.usage.failures += 1
            return []
        self.usage.add(meta)
        ranking = parse_ranking(text, remaining)
        if not ranking:
            self.parse_failures += 1
        return ranking
