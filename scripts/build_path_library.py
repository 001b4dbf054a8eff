"""Build the bundled RAISE path library (penguin_guard/data/raise/) with the planner, offline, without a model.

Every path comes out of the project's MCTS planner (penguin_guard.raise_policy.mcts: PUCT, epsilon-greedy
rollouts, k = 5, T = 300, c = 0.5), one search per item of the bundled seed set (560 items over the 140
scenarios, each with a full profile). What is NOT the paper's: the reward. The paper's is an LLM judge's score
of an answer generated knowing U; offline there is no model, so the planner maximises the hand-written proxy of
penguin_guard/raise_policy/proxy_reward.py (the paper's single-attribute importances, times how much this
user's value can change the answer, times how much the attribute bears on the question). Records carry source
"mcts-proxy" and a proxy score; meta.json says all this. `penguin-guard plan` replaces the library with paths
planned against a real judge.

The prior pi0 is the importance order (StaticPrior), the same for every node: there is no model to rank.

    .venv/bin/python scripts/build_path_library.py [--data seed] [--out penguin_guard/data/raise]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
from pathlib import Path

from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.loaders import load_items, unique
from penguin_guard.raise_policy.library import PathLibrary, PathRecord
from penguin_guard.raise_policy.mcts import SearchConfig, search
from penguin_guard.raise_policy.prior import StaticPrior
from penguin_guard.raise_policy.proxy_reward import IMPORTANCE, ProxyReward
from penguin_guard.raise_policy.reward import RewardCache

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "penguin_guard/data/raise"
SEARCH = SearchConfig(rollouts=300, budget=5, c=0.5, seed=0)


async def plan(items: list[BenchItem], config: SearchConfig = SEARCH) -> list[PathRecord]:
    reward = RewardCache(ProxyReward())
    prior = StaticPrior(tuple(sorted(IMPORTANCE, key=lambda a: -IMPORTANCE[a])))
    records = []
    for item in items:
        result = await search(item, reward, prior, config)
        records.append(PathRecord(query=item.query, domain=item.domain, scenario=item.scenario, path=result.path,
                                  score=result.score, source="mcts-proxy", item_id=item.id,
                                  visits=result.root_visits, evaluations=result.evaluations))
    return records


def build(items: list[BenchItem], origin: str) -> PathLibrary:
    from penguin_guard.embed import encode

    records = asyncio.run(plan(items))
    firsts = collections.Counter(r.path[0] for r in records if r.path)
    meta = {
        "source": "mcts-proxy",
        "built": "scripts/build_path_library.py (MCTS planner, no model calls)",
        "queries": origin,
        "reward": "penguin_guard.raise_policy.proxy_reward: a hand-written proxy, NOT the paper's LLM-judge reward; "
                  "the paths show what the proxy values, not a measured safety gain",
        "prior": "static: the paper's single-attribute importance order",
        "search": SEARCH.model_dump(),
        "first_steps": dict(firsts.most_common()),
    }
    return PathLibrary(records, encode([r.query for r in records]), meta)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="seed", help="items with profiles, as for `bench run` (default: seed)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    items = unique(load_items(args.data))
    library = build(items, "penguin_guard/data/penguin_seed.jsonl" if args.data == "seed" else args.data)
    library.save(args.out)
    print(f"wrote {len(library)} planned (proxy-reward) paths to {args.out}; first steps: "
          f"{library.meta['first_steps']}")


if __name__ == "__main__":
    main()
