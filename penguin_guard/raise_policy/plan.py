"""Planning a whole item file: one MCTS search per item, items run concurrently, everything resumable.

- Every model response is cached on disk (`<out>/responses.sqlite`, keyed by model + messages + params), so a
  rerun or a resumed run repeats no paid call.
- Finished items are appended to `<out>/planned.jsonl` as they complete; a restart skips them.
- At the end the library (`paths.jsonl`, `embeddings.npy`, `meta.json`) is written to `<out>`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field, field_validator

from penguin_guard.bench.items import BenchItem
from penguin_guard.bench.protocol import (
    JudgeSettings,
    ResponderSettings,
    check_judge_model,
    protocol_metadata,
)
from penguin_guard.llm import ResponseCache
from penguin_guard.raise_policy.library import PathLibrary, PathRecord
from penguin_guard.raise_policy.mcts import SearchConfig, search
from penguin_guard.raise_policy.prior import LLMPrior
from penguin_guard.raise_policy.reward import LLMReward, RewardCache, Usage

PLANNED_FILE = "planned.jsonl"


class PlanSettings(BaseModel):
    model: str = Field(description="responder: generates the answer that knows exactly U")
    judge: str
    prior: str | None = Field(None, description="ranks attributes per node; default: the responder model")
    params: dict[str, Any] = Field(default_factory=dict, description="LiteLLM kwargs for every call (api_base ...)")
    search: SearchConfig = Field(default_factory=SearchConfig)
    concurrency: int = Field(4, ge=1, le=64)
    # The benchmark's protocol: planner and benchmark generate and judge the same way (bench.protocol).
    responder: ResponderSettings = Field(default_factory=ResponderSettings)
    judge_settings: JudgeSettings = Field(default_factory=JudgeSettings)

    @field_validator("judge")
    @classmethod
    def _judge(cls, value: str) -> str:
        return check_judge_model(value)


def _done(out: Path) -> dict[str, PathRecord]:
    planned = out / PLANNED_FILE
    if not planned.is_file():
        return {}
    done = {}
    for line in planned.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = PathRecord.model_validate_json(line)
            done[record.item_id] = record
    return {k: r for k, r in done.items() if r.path}  # an item whose every rollout failed is tried again


def total_usage(*usages: Usage) -> Usage:
    total = Usage()
    for u in usages:
        total.calls += u.calls
        total.cache_hits += u.cache_hits
        total.cost += u.cost
        total.failures += u.failures
    return total


async def plan_items(
    items: Iterable[BenchItem],
    out: str | Path,
    settings: PlanSettings,
    encode: Callable[[list[str]], np.ndarray] | None = None,
    on_progress: Callable[[int, int, Usage], None] | None = None,
) -> tuple[PathLibrary, Usage]:
    """Plan every item not yet planned in `out`, then write the library there. Returns it and the usage."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    items = list(items)
    done = _done(out)
    todo = [item for item in items if item.id not in done]
    cache = ResponseCache(out / "responses.sqlite")
    params = settings.params
    responder, judge = settings.responder, settings.judge_settings
    reward = LLMReward(settings.model, settings.judge, cache=cache, judge_retries=judge.parse_retries,
                       responder_params={**responder.model_dump(), **params},
                       judge_params={**judge.model_dump(exclude={"parse_retries"}), **params})
    prior = LLMPrior(settings.prior or settings.model, params={"temperature": 0.0, "max_tokens": 120, **params},
                     cache=cache)
    evaluations = hits = 0
    semaphore = asyncio.Semaphore(settings.concurrency)
    lock = asyncio.Lock()
    finished = 0

    async def one(item: BenchItem) -> None:
        nonlocal finished, evaluations, hits
        async with semaphore:
            result = await search(item, RewardCache(reward), prior, settings.search)  # per item: exact counts
        record = PathRecord(query=item.query, domain=item.domain, scenario=item.scenario, path=result.path,
                            score=result.score if result.score is not None else result.mean_score,
                            source="mcts", item_id=item.id, visits=result.root_visits,
                            evaluations=result.evaluations)
        async with lock:
            with (out / PLANNED_FILE).open("a", encoding="utf-8") as handle:
                handle.write(record.model_dump_json() + "\n")
            done[item.id] = record
            finished += 1
            evaluations += result.evaluations
            hits += result.cache_hits
            if on_progress is not None:
                on_progress(finished, len(todo), total_usage(reward.usage, prior.usage))

    started = time.perf_counter()
    try:
        await asyncio.gather(*(one(item) for item in todo))
    finally:
        cache.close()
    order = [item.id for item in items if item.id in done]
    records = [done[i] for i in order if done[i].path]
    if encode is None:
        from penguin_guard.embed import encode as minilm_encode

        encode = minilm_encode
    vectors = encode([r.query for r in records]) if records else np.zeros((0, 384), dtype=np.float32)
    usage = total_usage(reward.usage, prior.usage)
    meta = {
        "source": "mcts",
        "built": "penguin-guard plan",
        "responder": settings.model, "judge": settings.judge, "prior": settings.prior or settings.model,
        "search": settings.search.model_dump(),
        "protocol": protocol_metadata(responder, judge),
        "items": len(records),
        "last_run": {"calls": usage.calls, "cache_hits": usage.cache_hits, "cost_usd": round(usage.cost, 4),
                     "failures": usage.failures, "reward_evaluations": evaluations,
                     "set_cache_hits": hits, "seconds": round(time.perf_counter() - started, 1)},
    }
    library = PathLibrary(records, vectors, meta)
    library.save(out)
    (out / "run.json").write_text(json.dumps(meta["last_run"], indent=2) + "\n", encoding="utf-8")
    return library, usage
