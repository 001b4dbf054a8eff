"""The planner on synthetic rewards with a known optimum, its prior and its set cache."""

from __future__ import annotations

import statistics

import pytest

from penguin_guard.raise_policy.mcts import SearchConfig, evaluations_to_reach, search
from penguin_guard.raise_policy.prior import StaticPrior, parse_ranking, rank_distribution
from penguin_guard.raise_policy.reward import RewardCache, SyntheticReward
from penguin_guard.raise_policy.synthetic import instance
from penguin_guard.taxonomy import ATTRIBUTES


@pytest.mark.parametrize("k", [3, 5])
async def test_guided_search_finds_the_optimal_subset(k):
    for seed in range(3):
        item, reward, prior = instance(seed)
        optimum, best = reward.optimum(k)
        result = await search(item, RewardCache(reward), prior, SearchConfig(rollouts=100 * k, budget=k))
        assert frozenset(result.path) == optimum, seed
        assert result.score == pytest.approx(best)
        assert len(result.path) == k == len(set(result.path))


async def test_a_good_prior_needs_fewer_judge_calls_than_plain_uct():
    guided, plain = [], []
    for seed in range(4):
        item, reward, prior = instance(seed)
        optimum, _ = reward.optimum(3)
        uct = await search(item, RewardCache(reward, enabled=False), None,
                           SearchConfig(rollouts=1500, budget=3, selection="uct", c=0.7), trace=True)
        puct = await search(item, RewardCache(reward), prior, SearchConfig(rollouts=300, budget=3), trace=True)
        plain.append(evaluations_to_reach(uct, optimum))
        guided.append(evaluations_to_reach(puct, optimum))
    assert None not in guided
    solved = [p for p in plain if p is not None]
    assert solved, "plain UCT never settled on the optimum"
    assert statistics.mean(guided) * 2 < statistics.mean(solved)


async def test_the_set_cache_makes_repeated_orderings_free():
    item, reward, _ = instance(0)
    cache = RewardCache(reward)
    first = await cache(item, ["Age", "Gender", "Emotional State"])
    again = await cache(item, ["Emotional State", "Age", "Gender"])
    assert first == again and cache.evaluations == 1 and cache.hits == 1
    result = await search(item, cache, StaticPrior(), SearchConfig(rollouts=200, budget=3))
    assert result.evaluations + result.cache_hits == 200
    assert result.evaluations <= 120  # at most C(10, 3) distinct sets, however many orderings were tried


async def test_unscorable_rollouts_are_skipped_not_scored():
    async def never(item, attributes):
        return None

    item, _, prior = instance(1)
    result = await search(item, RewardCache(never), prior, SearchConfig(rollouts=20, budget=3))
    assert result.skipped == 20 and result.path == [] and result.score is None


def test_the_prior_keeps_full_support_and_prefers_the_ranking():
    remaining = list(ATTRIBUTES[:6])
    dist = rank_distribution(["Gender", "Age"], remaining)
    assert sum(dist.values()) == pytest.approx(1.0)
    assert min(dist.values()) > 0
    assert dist["Gender"] > dist["Age"] > dist["Marital Status"]


def test_rankings_are_parsed_leniently_and_only_from_what_remains():
    text = "1. Emotional state\n2) **Mental Health Status** (most urgent)\n3. Salary\n- age"
    assert parse_ranking(text, ["Age", "Emotional State", "Mental Health Status"]) == [
        "Emotional State", "Mental Health Status", "Age"]
    assert parse_ranking("no idea", list(ATTRIBUTES)) == []


def test_synthetic_optimum_is_a_brute_force_argmax():
    reward = SyntheticReward({a: i for i, a in enumerate(ATTRIBUTES)}, {frozenset({"Age", "Gender"}): 100})
    chosen, value = reward.optimum(3)
    # The synergy beats the three heaviest single attributes.
    assert chosen == {"Age", "Gender", "Emotional State"} and value == pytest.approx(1 + 4 * 110 / 145)


async def test_unscorable_sets_do_not_stall_the_search():
    item, reward, prior = instance(2)
    optimum, _ = reward.optimum(3)
    outsider = next(a for a in ATTRIBUTES if a not in optimum)
    broken = {optimum - {a} | {outsider} for a in optimum}  # the optimum's neighbours cannot be judged
    assert optimum not in broken

    async def flaky(item, attributes):
        return None if attributes in broken else reward.value(attributes)

    cache = RewardCache(flaky)
    result = await search(item, cache, prior, SearchConfig(rollouts=300, budget=3))
    assert frozenset(result.path) == optimum
    assert cache.evaluations > len(broken)  # it kept exploring past the failures


async def test_harder_synthetic_settings_for_the_efficiency_benchmark():
    from penguin_guard.raise_policy.synthetic import CountingPrior, NoisyReward

    item, reward, good = instance(3)
    _, _, backwards = instance(3, "misleading")
    remaining = list(ATTRIBUTES)
    median = statistics.median(reward.weights.values())
    assert reward.weights[(await backwards.rank(item, frozenset(), remaining))[0]] < median  # light ones first
    assert reward.weights[(await good.rank(item, frozenset(), remaining))[0]] > median
    noisy = NoisyReward(reward, sd=0.5, seed=1)
    samples = [await noisy(item, frozenset(remaining[:3])) for _ in range(20)]
    assert all(1.0 <= s <= 5.0 for s in samples) and len(set(samples)) > 1
    counted = CountingPrior(good)
    result = await search(item, RewardCache(reward), counted, SearchConfig(rollouts=40, budget=3, seed=0))
    assert 0 < counted.calls <= result.evaluations + 40  # one ranking per new attribute set, never per rollout
