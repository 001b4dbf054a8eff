"""RAISE planner efficiency and fast-mode latency (numbers go to benchmarks/RESULTS.md, "## RAISE planner").

1. Judge calls (reward evaluations) until the greedy path settles on the optimal k-subset, on synthetic rewards
   with |A| = 10 and k = 3, 5 (penguin_guard.raise_policy.synthetic: random weights + two synergies, and a
   prior that ranks by a noisy view of the weights), for:
   - plain UCT: a tree of ordered paths (as in the paper's released code), no prior, uniform expansion and
     rollouts, no set cache: every rollout is a judge call; capped at 3,000 rollouts;
   - PUCT + prior: the paper's selection and epsilon-greedy rollouts, one node per attribute set, no set
     cache; capped at 1,000 rollouts;
   - PUCT + prior + set cache: the same, with Safety(q, U) judged once per attribute set.
   "Judge calls to the optimum" = evaluations made when the greedy path settled on the optimal set for good;
   success = it did so within the cap.
2. Fast-mode decision latency: retrieval (cosine kNN, k = 5) + vote on a 10,000-query library of random unit
   vectors, for a precomputed query vector (the query embedding itself is measured separately).

    .venv/bin/python benchmarks/planner_efficiency.py [--instances 30] [--embed]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

import numpy as np

from penguin_guard.config import GuardConfig
from penguin_guard.models import Profile, RiskAssessment
from penguin_guard.raise_policy.agent import next_step
from penguin_guard.raise_policy.library import PathLibrary, PathRecord
from penguin_guard.raise_policy.mcts import SearchConfig, evaluations_to_reach, search
from penguin_guard.raise_policy.reward import RewardCache
from penguin_guard.raise_policy.synthetic import instance
from penguin_guard.taxonomy import ATTRIBUTES

METHODS = {
    "plain UCT (no prior, no cache)": dict(selection="uct", prior=False, cache=False, merge=False, cap=3000),
    "PUCT + prior": dict(selection="puct", prior=True, cache=False, merge=True, cap=1000),
    "PUCT + prior + set cache": dict(selection="puct", prior=True, cache=True, merge=True, cap=1000),
}


async def efficiency(k: int, instances: int) -> dict[str, tuple[float, float, float]]:
    """method -> (success rate, median judge calls to the optimum among successes, mean total judge calls)."""
    out = {}
    for name, m in METHODS.items():
        reached, totals = [], []
        for seed in range(instances):
            item, reward, prior = instance(seed)
            optimum, _ = reward.optimum(k)
            config = SearchConfig(rollouts=m["cap"], budget=k, selection=m["selection"],
                                  c=0.7 if m["selection"] == "uct" else 0.5, merge_orderings=m["merge"], seed=seed)
            result = await search(item, RewardCache(reward, enabled=m["cache"]), prior if m["prior"] else None,
                                  config, trace=True)
            reached.append(evaluations_to_reach(result, optimum))
            totals.append(result.evaluations)
        solved = [r for r in reached if r is not None]
        out[name] = (len(solved) / instances, statistics.median(solved) if solved else float("nan"),
                     statistics.mean(totals))
    return out


def latency(n: int = 10_000, trials: int = 2000) -> tuple[float, float, float, float]:
    """(wall p50, wall p99, CPU p50, CPU p99) in ms; CPU time excludes waiting for a core on a busy machine."""
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((n, 384)).astype(np.float32)
    paths = [list(rng.permutation(ATTRIBUTES)[:5]) for _ in range(n)]
    library = PathLibrary([PathRecord(query=f"q{i}", path=p, score=4.0) for i, p in enumerate(paths)], vectors)
    config = GuardConfig(policy="raise")
    risk = RiskAssessment(level="high", domain="financial", score=0.9)
    queries = rng.standard_normal((trials, 384)).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    times, cpu = [], []
    for q in queries:
        started, cpu_started = time.perf_counter(), time.thread_time()
        next_step("q", risk, Profile(), 0, config, library=library, vector=q)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - cpu_started) * 1000)
    return (float(np.percentile(times, 50)), float(np.percentile(times, 99)),
            float(np.percentile(cpu, 50)), float(np.percentile(cpu, 99)))


def embed_latency(trials: int = 200) -> tuple[float, float]:
    from penguin_guard import embed

    embed.encode_one("warm up")
    times = []
    for i in range(trials):
        started = time.perf_counter()
        embed.encode_one(f"Should I move out of my parents' place after the fight number {i}?")
        times.append((time.perf_counter() - started) * 1000)
    return float(np.percentile(times, 50)), float(np.percentile(times, 99))


def main() -> None:
    parser = argparse.ArgumentParser(description="RAISE planner efficiency and fast-mode latency")
    parser.add_argument("--instances", type=int, default=30)
    parser.add_argument("--embed", action="store_true", help="also time the MiniLM query embedding")
    parser.add_argument("--latency-only", action="store_true")
    args = parser.parse_args()
    for k in () if args.latency_only else (3, 5):
        results = asyncio.run(efficiency(k, args.instances))
        base = results["plain UCT (no prior, no cache)"][1]
        print(f"\nk = {k}, |A| = 10, {args.instances} instances")
        print("| method | success | median judge calls to optimum | vs plain UCT | mean judge calls per search |")
        print("|---|---|---|---|---|")
        for name, (success, median, total) in results.items():
            print(f"| {name} | {success:.0%} | {median:.0f} | {base / median:.1f}x | {total:.0f} |")
    p50, p99, cpu50, cpu99 = latency()
    print(f"\nfast mode, retrieval + vote, 10,000-query library: wall p50 {p50:.2f} ms, p99 {p99:.2f} ms; "
          f"CPU p50 {cpu50:.2f} ms, p99 {cpu99:.2f} ms (load average {os.getloadavg()[0]:.1f})")
    if args.embed:
        p50, p99 = embed_latency()
        print(f"query embedding (MiniLM, CPU): p50 {p50:.2f} ms, p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
