"""The LLM prior through the loopback server: one ranking call per attribute set, garbage means uniform."""

from __future__ import annotations

from penguin_guard.bench.items import BenchItem
from penguin_guard.raise_policy.mcts import SearchConfig, search
from penguin_guard.raise_policy.prior import LLMPrior
from penguin_guard.raise_policy.reward import RewardCache, SyntheticReward
from penguin_guard.taxonomy import ATTRIBUTES

ITEM = BenchItem(query="Should I move back in with my parents?", domain="life")


def prior(server) -> LLMPrior:
    return LLMPrior("openai/prior", params={"api_base": server.url, "api_key": "sk-test", "temperature": 0})


async def test_a_ranking_reply_is_parsed_and_garbage_is_a_counted_failure(llm_server):
    llm_server.replies = ["1. Emotional State\n2. Age\n3. Gender", "Sorry, I can't help with that."]
    p = prior(llm_server)
    remaining = list(ATTRIBUTES)
    assert (await p.rank(ITEM, frozenset(), remaining))[:3] == ["Emotional State", "Age", "Gender"]
    assert await p.rank(ITEM, frozenset({"Age"}), remaining[1:]) == []
    assert p.parse_failures == 1 and p.usage.calls == 2
    assert "Already known about the user: Age" in llm_server.requests[-1]["messages"][-1]["content"]


async def test_the_search_asks_the_prior_once_per_attribute_set(llm_server):
    llm_server.responder = lambda body: "Emotional State\nMental Health Status\nAge"
    reward = SyntheticReward({a: float(i) for i, a in enumerate(ATTRIBUTES)})
    result = await search(ITEM, RewardCache(reward), prior(llm_server), SearchConfig(rollouts=40, budget=2))
    # Line 2 of each prompt names the known set ("Already known about the user: Age, Gender").
    sets_ranked = {m["messages"][-1]["content"].splitlines()[1] for m in llm_server.requests}
    assert len(llm_server.requests) == len(sets_ranked) <= 1 + 9  # the root and its children at most
    assert result.path and len(result.path) == 2
