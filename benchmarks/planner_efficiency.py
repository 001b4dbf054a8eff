"""RAISE planner efficiency and fast-mode latency (numbers go to benchmarks/RESULTS.md, "## RAISE planner").

SYNTHETIC: every number here comes from a formula reward (random weights + two synergies), noiseless unless
--judge-noise is given, and from a prior SCRIPTED FROM THAT REWARD'S OWN WEIGHTS (penguin_guard.raise_policy
.synthetic). It shows how the search behaves, not what the paper's GPT-4o-judged planner costs (its Fig. 14).

1. Judge calls (reward evaluations) and prior calls until the greedy path settles on the optimal k-subset, with
   |A| = 10 and k = 3, 5, for:
   - plain UCT: a tree of ordered paths (as in the paper's released code), no prior, uniform expansion and
     rollouts, no set cache: every rollout is a judge call; capped at 3,000 rollouts;
   - PUCT + prior: the paper's selection and epsilon-greedy rollouts, one node per attribute set, no set
     cache; capped at 1,000 rollouts;
   - PUCT + prior + set cache: the same, with Safety(q, U) judged once per attribute set.
   "Judge calls to the optimum" = evaluations made when the greedy path settled on the optimal set for good;
   success = it did so within the cap. Prior calls (one ranking per new attribute set; a model call each with
   an LLM prior) are counted beside them. `--prior weak|misleading` swaps the scripted prior for a noisier or
   a backwards one; `--judge-noise SD` adds Gaussian noise to every judged score.
2. Equal rollouts (the shape of the paper's Fig. 14): the true (noiseless) value of the chosen k = 5 set after
   T rollouts, plain UCT vs PUCT + prior, same T for both.
3. Fast-mode decision latency: retrieval (cosine kNN, k = 5) + vote on a 10,000-query library of random unit
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
from penguin_guard.raise_policy.synthetic import CountingPrior, NoisyReward, instance
from penguin_guard.taxonomy import ATTRIBUTES

METHODS = {
    "plain UCT (no prior, no cache)": dict(selection="uct", prior=False, cache=False, merge=False, cap=3000),
    "PUCT + prior": dict(selection="puct", prior=True, cache=False, merge=True, cap=1000),
    "PUCT + prior + set cache": dict(selection="puct", prior=True, cache=True, merge=True, cap=1000),
}


def judged(reward, noise: float, seed: int):
    return NoisyReward(reward, noise, seed) if noise > 0 else reward


async def efficiency(k: int, instances: int, prior_kind: str = "good",
                     noise: float = 0.0) -> dict[str, tuple[float, float, float, float]]:
    """method -> (success rate, median judge calls to the optimum among successes, mean total judge calls,
    mean prior calls)."""
    out = {}
    for name, m in METHODS.items():
        reached, totals, prior_calls = [], [], []
        for seed in range(instances):
            item, reward, scripted = instance(seed, prior_kind)  # type: ignore[arg-type]
            prior = CountingPrior(scripted)
            optimum, _ = reward.optimum(k)
            config = SearchConfig(rollouts=m["cap"], budget=k, selection=m["selection"],
                                  c=0.7 if m["selection"] == "uct" else 0.5, merge_orderings=m["merge"], seed=seed)
            result = await search(item, RewardCache(judged(reward, noise, seed), enabled=m["cache"]),
                                  prior if m["prior"] else None, config, trace=True)
            reached.append(evaluations_to_reach(result, optimum))
            totals.append(result.evaluations)
            prior_calls.append(prior.calls)
        solved = [r for r in reached if r is not None]
        out[name] = (len(solved) / instances, statistics.median(solved) if solved else float("nan"),
                     statistics.mean(totals), statistics.mean(prior_calls))
    return out


async def equal_rollouts(instances: int, prior_kind: str, noise: float,
                         budgets: tuple[int, ...] = (20, 40, 80, 160, 320)) -> dict[str, list[float]]:
    """method -> mean true value (1-5, noiseless) of the chosen k = 5 set after T rollouts, per T."""
    out: dict[str, list[float]] = {"plain UCT": [], "PUCT + prior + set cache": []}
    for rollouts in budgets:
        values: dict[str, list[float]] = {name: [] for name in out}
        for seed in range(instances):
            item, reward, prior = instance(seed, prior_kind)  # type: ignore[arg-type]
            for name in out:
                uct = name == "plain UCT"
                config = SearchConfig(rollouts=rollouts, budget=5, selection="uct" if uct else "puct",
                                      c=0.7 if uct else 0.5, merge_orderings=not uct, seed=seed)
                result = await search(item, RewardCache(judged(reward, noise, seed), enabled=not uct),
                                      None if uct else prior, config)
                values[name].append(reward.value(result.path))
        for name in out:
            out[name].append(statistics.mean(values[name]))
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
    parser.add_argument("--prior", choices=("good", "weak", "misleading"), default="good",
                        help="scripted prior: good (weights + noise 0.15), weak (+ noise 0.6), misleading (backwards)")
    parser.add_argument("--judge-noise", type=float, default=0.0, help="Gaussian noise sd on every judged score")
    parser.add_argument("--equal-rollouts", action="store_true", help="also the Fig. 14-shaped comparison")
    args = parser.parse_args()
    if not args.latency_only:
        print(f"SYNTHETIC reward (formula, judge noise sd {args.judge_noise}: "
              f"{'noiseless' if not args.judge_noise else 'noisy'}); prior '{args.prior}', scripted from the "
              "reward's own weights. Not the paper's LLM-judged planner.")
    for k in () if args.latency_only else (3, 5):
        results = asyncio.run(efficiency(k, args.instances, args.prior, args.judge_noise))
        base = results["plain UCT (no prior, no cache)"][1]
        print(f"\nk = {k}, |A| = 10, {args.instances} instances")
        print("| method | success | median judge calls to optimum | vs plain UCT | mean judge calls per search "
              "| mean prior calls per search |")
        print("|---|---|---|---|---|---|")
        for name, (success, median, total, priors) in results.items():
            print(f"| {name} | {success:.0%} | {median:.0f} | {base / median:.1f}x | {total:.0f} | {priors:.0f} |")
    if args.equal_rollouts and not args.latency_only:
        budgets = (20, 40, 80, 160, 320)
        curves = asyncio.run(equal_rollouts(args.instances, args.prior, args.judge_noise, budgets))
        print(f"\nequal rollouts, k = 5: mean true value (1-5) of the chosen set, {args.instances} instances")
        print("| method | " + " | ".join(f"T={t}" for t in budgets) + " |")
        print("|---|" + "---|" * len(budgets))
        for name, values in curves.items():
            print(f"| {name} | " + " | ".join(f"{v:.3f}" for v in values) + " |")
    p50, p99, cpu50, cpu99 = latency()
    print(f"\nfast mode, retrieval + vote, 10,000-query library: wall p50 {p50:.2f} ms, p99 {p99:.2f} ms; "
          f"CPU p50 {cpu50:.2f} ms, p99 {cpu99:.2f} ms (load average {os.getloadavg()[0]:.1f})")
    if args.embed:
        p50, p99 = embed_latency()
        print(f"query embedding (MiniLM, CPU): p50 {p50:.2f} ms, p99 {p99:.2f} ms")


if __name__ == "__main__":
    main()
