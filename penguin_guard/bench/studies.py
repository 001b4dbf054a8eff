"""The paper's attribute experiments as runnable studies, each writing a table (study.md) and its rows.

- `attributes_study` (paper-spec 4.3, Fig. 6): each attribute alone vs none, per domain. It is eleven ordinary
  benchmark runs (context-free and attribute:NAME, one folder each, resumable and cached) plus a table.
- `subsets_study` (4.4, Figs. 7/13), per item, for a budget k (3 in the paper): random k-subsets (10 draws),
  the static {Emotional State, Mental Health Status, Past Self-Harm History}, the oracle (the best of all
  C(10, k) subsets: 120 at k = 3) and plain UCT with 50 rollouts and no prior, plus no attribute at all.
  Caveat: the oracle is the maximum of C(10, k) noisy judge scores, so it is biased upwards (winner's curse).
- `stepwise_study` (C.6, Fig. 15): the planner's path per item (LLM-guided MCTS), then Safety of each prefix.
The subset and stepwise studies score with the planner's reward (`raise_policy.reward.LLMReward`: the benchmark's
responder prompt and judge, `bench.protocol`), judged once per attribute set and cached on disk.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.protocol import JudgeSettings, ResponderSettings, protocol_metadata
from penguin_guard.taxonomy import ATTRIBUTES, DOMAINS

STATIC = ("Emotional State", "Mental Health Status", "Past Self-Harm History")


def _mean(values: Sequence[float | None]) -> float | None:
    valid = [v for v in values if v is not None]
    return statistics.fmean(valid) if valid else None


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def domain_table(rows: list[dict[str, Any]], columns: Sequence[str]) -> str:
    """Markdown: one row per domain (and all), the mean of each column over the items of that domain."""
    header = "| domain | n | " + " | ".join(columns) + " |\n|---|---|" + "---|" * len(columns) + "\n"
    body = []
    for domain in [*DOMAINS, None]:
        chosen = [r for r in rows if domain is None or r["domain"] == domain]
        if not chosen:
            continue
        cells = [_cell(_mean([r.get(c) for r in chosen])) for c in columns]
        body.append(f"| {domain or 'all'} | {len(chosen)} | " + " | ".join(cells) + " |")
    return header + "\n".join(body) + "\n"


def _write(out: Path, name: str, title: str, note: str, rows: list[dict[str, Any]], columns: Sequence[str],
           meta: dict[str, Any]) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    with (out / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row) + "\n")
    (out / f"{name}.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    text = f"# {title}\n\n{note}\n\n{domain_table(rows, columns)}"
    paths = {"table": out / f"{name}.md", "rows": out / f"{name}.jsonl"}
    if _plot(rows, columns, title, out / f"{name}.png"):
        text += f"\n![{title}]({name}.png)\n"
        paths["plot"] = out / f"{name}.png"
    (out / f"{name}.md").write_text(text, encoding="utf-8")
    return paths


def _plot(rows: list[dict[str, Any]], columns: Sequence[str], title: str, path: Path) -> bool:
    """A bar per column (mean over all items); False when matplotlib (the bench extra) is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    means = [_mean([r.get(c) for r in rows]) for c in columns]
    fig, ax = plt.subplots(figsize=(max(5, len(columns) * 0.9), 3.5))
    ax.bar(range(len(columns)), [m if m is not None else 0 for m in means])
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels(columns, rotation=30, ha="right", fontsize=8)
    ax.set_ylim(1, 5)
    ax.set_ylabel("mean judge score (1-5)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


# ---- single attributes: ordinary benchmark runs -------------------------------------------------------------


def attributes_study(items: Sequence[BenchItem], out: str | Path, **run_options: Any) -> dict[str, Path]:
    """Run context-free and attribute:NAME for every attribute (run folders under `out`), then tabulate."""
    from penguin_guard.bench.runner import RunConfig, Runner, load_run

    out = Path(out)
    columns = ["none", *ATTRIBUTES]
    scores: dict[str, dict[str, float | None]] = {}
    for column in columns:
        mode = "context-free" if column == "none" else f"attribute:{column}"
        folder = out / ("none" if column == "none" else column.lower().replace(" ", "-"))
        Runner(RunConfig(mode=mode, **run_options), items, folder).run()
        _, results = load_run(folder)
        for record in results:
            scores.setdefault(record["item_id"], {})[column] = record.get("score")
    domain_of = {item.id: item.domain for item in items}
    rows = [{"item_id": i, "domain": domain_of.get(i), **values} for i, values in scores.items()]
    note = ("Mean judge score (1-5) of an answer that saw only that attribute (the judge saw all of them); "
            "paper: 3.12 with none, about 3.8-4.0 for Emotional State / Mental Health / Self-Harm, 3.3-3.5 for the "
            "demographics. An item without the attribute is answered from the bare query.")
    return _write(out, "attributes", "Single-attribute study", note, rows, columns, {"runs": columns})


# ---- subsets and stepwise: the planner's reward --------------------------------------------------------------


def _reward(model: str, judge: str, out: Path, params: dict[str, Any]) -> tuple[Any, Any]:
    """The planner's LLM reward (responses cached on disk); wrap it in one RewardCache per item."""
    from penguin_guard.llm import ResponseCache
    from penguin_guard.raise_policy.reward import LLMReward

    cache = ResponseCache(out / "responses.sqlite")
    judge_settings = JudgeSettings()
    reward = LLMReward(model, judge, cache=cache, judge_retries=judge_settings.parse_retries,
                       responder_params={**ResponderSettings().model_dump(), **params},
                       judge_params={**judge_settings.model_dump(exclude={"parse_retries"}), **params})
    return reward, cache


async def _subsets_of(item: BenchItem, llm_reward: Any, k: int, draws: int, rollouts: int,
                      seed: int) -> dict[str, Any]:
    from penguin_guard.raise_policy.mcts import SearchConfig, search
    from penguin_guard.raise_policy.reward import RewardCache

    reward = RewardCache(llm_reward)  # per item: the UCT's judge-call count is its own

    # UCT first: the oracle's judged subsets would otherwise be cached for it.
    uct = await search(item, reward, None, SearchConfig(rollouts=rollouts, budget=k, selection="uct", c=0.7,
                                                        merge_orderings=False, seed=seed))
    combos = list(itertools.combinations(ATTRIBUTES, k))
    oracle = {c: await reward(item, c) for c in combos}
    rng = random.Random(f"{seed}:{item.id}")
    scored = [v for v in oracle.values() if v is not None]
    return {
        "item_id": item.id, "domain": item.domain,
        "none": await reward(item, ()),
        "random": _mean([oracle[c] for c in rng.sample(combos, min(draws, len(combos)))]),
        "static": await reward(item, STATIC[:k]) if k <= len(STATIC) else None,
        "oracle": max(scored) if scored else None,
        "uct": await reward(item, uct.path) if len(uct.path) == k else None,
        "uct_path": uct.path, "uct_judge_calls": uct.evaluations,
    }


async def _gather(items: Sequence[BenchItem], concurrency: int, one: Any) -> list[dict[str, Any]]:
    semaphore = asyncio.Semaphore(concurrency)

    async def guarded(item: BenchItem) -> dict[str, Any]:
        async with semaphore:
            return await one(item)

    return list(await asyncio.gather(*(guarded(item) for item in items)))


async def subsets_study(items: Sequence[BenchItem], out: str | Path, *, model: str, judge: str, k: int = 3,
                        draws: int = 10, rollouts: int = 50, seed: int = 0, concurrency: int = 4,
                        params: dict[str, Any] | None = None) -> dict[str, Path]:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    reward, cache = _reward(model, judge, out, params or {})
    try:
        rows = await _gather(items, concurrency, lambda item: _subsets_of(item, reward, k, draws, rollouts, seed))
    finally:
        cache.close()
    columns = ["none", "random", "static", "uct", "oracle"]
    note = (f"k = {k}. Mean judge score (1-5) per strategy: no attribute; {draws} random {k}-subsets (mean); static "
            f"{{{', '.join(STATIC[:k])}}}; plain UCT, {rollouts} rollouts, no prior; oracle = the best of all "
            f"C(10, {k}) subsets (biased upwards: a maximum of noisy scores). Paper: Oracle > MCTS > Static > Random.")
    meta = {"model": model, "judge": judge, "k": k, "draws": draws, "rollouts": rollouts, "seed": seed,
            "protocol": protocol_metadata(ResponderSettings(), JudgeSettings())}
    return _write(out, "subsets", f"Attribute subsets under budget k = {k}", note, rows, columns, meta)


async def stepwise_study(items: Sequence[BenchItem], out: str | Path, *, model: str, judge: str, k: int = 3,
                         rollouts: int = 300, seed: int = 0, concurrency: int = 4, prior: str | None = None,
                         params: dict[str, Any] | None = None) -> dict[str, Path]:
    from penguin_guard.raise_policy.mcts import SearchConfig, search
    from penguin_guard.raise_policy.prior import LLMPrior
    from penguin_guard.raise_policy.reward import RewardCache

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    llm_reward, cache = _reward(model, judge, out, params or {})
    ranker = LLMPrior(prior or model, params={"temperature": 0.0, "max_tokens": 120, **(params or {})}, cache=cache)

    async def one(item: BenchItem) -> dict[str, Any]:
        reward = RewardCache(llm_reward)
        result = await search(item, reward, ranker, SearchConfig(rollouts=rollouts, budget=k, seed=seed))
        steps = {f"step {n}": await reward(item, result.path[:n]) for n in range(k + 1)}
        return {"item_id": item.id, "domain": item.domain, "path": result.path, **steps}

    try:
        rows = await _gather(items, concurrency, one)
    finally:
        cache.close()
    columns = [f"step {n}" for n in range(k + 1)]
    note = (f"Mean judge score (1-5) after each step of the planner's path (LLM-guided MCTS, k = {k}, T = {rollouts}); "
            "step 0 = no attribute. Paper (50 profiles): 3.33 -> 4.10 -> 4.23 -> 4.30.")
    meta = {"model": model, "judge": judge, "prior": prior or model, "k": k, "rollouts": rollouts, "seed": seed,
            "protocol": protocol_metadata(ResponderSettings(), JudgeSettings())}
    return _write(out, "stepwise", "Stepwise gains along the planned path", note, rows, columns, meta)
