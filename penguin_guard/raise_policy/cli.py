"""`penguin-guard plan`: build a path library with the LLM-guided MCTS planner."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command(name="plan")(plan)


def plan(
    data: Annotated[str, typer.Option("--data", help="Items with full profiles, as for `bench run`: 'seed', a "
                                      "public PENGUIN file (JSON array or JSONL), our JSONL, or 'hf'.")],
    model: Annotated[str, typer.Option("--model", help="Responder model (LiteLLM string).")],
    judge: Annotated[str, typer.Option("--judge", help="Judge model (LiteLLM string).")],
    out: Annotated[Path, typer.Option("--out", help="Output folder (library, response cache, progress).")],
    prior: Annotated[str | None, typer.Option("--prior", help="Prior model; default: the responder.")] = None,
    rollouts: Annotated[int, typer.Option("--rollouts", min=1, help="T, rollouts per query.")] = 300,
    budget: Annotated[int, typer.Option("--budget", min=1, max=10, help="k, attributes per path.")] = 5,
    c: Annotated[float, typer.Option("--c", min=0.0, help="PUCT exploration constant.")] = 0.5,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, max=64, help="Items searched at once.")] = 4,
    api_base: Annotated[str | None, typer.Option("--api-base", help="OpenAI-compatible endpoint for all calls.")] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Plan only the first N items.")] = None,
) -> None:
    """Plan the best attribute path for each item and write a path library the RAISE policy can load
    (policy_options: {library: OUT}). Resumable: rerun the same command to continue."""
    from pydantic import ValidationError
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from penguin_guard.bench.loaders import DataError, load_items, unique
    from penguin_guard.cli import fail
    from penguin_guard.raise_policy.mcts import SearchConfig
    from penguin_guard.raise_policy.plan import PlanSettings, plan_items

    try:
        items = unique(load_items(data))
    except DataError as exc:
        fail(str(exc))
    if limit:
        items = items[:limit]
    if not items:
        fail(f"{data}: no items")
    missing = [i.id for i in items if not i.profile]
    if missing:
        fail(f"{len(missing)} item(s) have no profile (the reward needs one), e.g. {missing[0]}")
    try:
        settings = PlanSettings(model=model, judge=judge, prior=prior, concurrency=concurrency,
                                params={"api_base": api_base} if api_base else {},
                                search=SearchConfig(rollouts=rollouts, budget=budget, c=c, seed=seed))
    except ValidationError as exc:  # e.g. the embedded model as judge: refused before any call
        fail("; ".join(str(e.get("ctx", {}).get("error", e["msg"])) for e in exc.errors()))
    console = Console(stderr=True)
    with Progress(TextColumn("planning"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[stats]}"), console=console) as progress:
        task = progress.add_task("plan", total=None, stats="")

        def update(done: int, total: int, usage) -> None:
            progress.update(task, completed=done, total=total,
                            stats=f"calls {usage.calls}  cache hits {usage.cache_hits}  cost ${usage.cost:.4f}")

        library, usage = asyncio.run(plan_items(items, out, settings, on_progress=update))
    runs = library.meta.get("last_run", {})
    typer.echo(f"wrote {len(library)} paths to {out} (calls {usage.calls}, cache hits {usage.cache_hits}, "
               f"cost ${usage.cost:.4f}, reward evaluations {runs.get('reward_evaluations')}, "
               f"failures {usage.failures})")
    if len(library) == 0:
        # Nothing planned is a failure, not a result: usually a wrong model name, a missing API key or base URL.
        typer.echo("error: no path could be planned: every reward was a failed model call or an unreadable judge "
                   "score (check --model/--judge, the provider's API key, --api-base)", err=True)
        raise typer.Exit(1)
