"""`penguin-guard bench ...`: run the benchmark, report on runs, generate synthetic items.

Model names are LiteLLM strings; API keys and base URLs come from the usual provider environment variables
(OPENAI_API_KEY, OPENAI_API_BASE, ANTHROPIC_API_KEY, ...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

bench_app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                        help="The PENGUIN benchmark: run, report, generate.")
def _fail(message: str) -> None:
    from penguin_guard.cli import fail  # the CLI's one-line error, exit code 2

    fail(message)


def _options(pairs: list[str] | None) -> dict[str, object]:
    """key=value pairs; values are read as JSON when they parse (numbers, booleans), else kept as text."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        if "=" not in pair:
            _fail(f"expected key=value, got {pair!r}")
        key, raw = pair.split("=", 1)
        try:
            options[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[key.strip()] = raw
    return options


@bench_app.command()
def run(
    data: Annotated[str, typer.Option(help="'seed', a data file (public PENGUIN JSON/JSONL or our JSONL), or 'hf'.")],
    model: Annotated[str, typer.Option(help="Responder model (LiteLLM string).")],
    judge: Annotated[str, typer.Option(help="Judge model (LiteLLM string).")],
    out: Annotated[Path, typer.Option(help="Run folder; an existing one is resumed.")],
    mode: Annotated[str, typer.Option(help="The paper's: vanilla, agent (+Agent), planner (+Planner). Analysis: "
                                      "context-free, context-rich, attribute:NAME. Product: guard, raise-llm "
                                      "(penguin-guard itself: detector, budget, guidance).")] = "context-free",
    limit: Annotated[int | None, typer.Option(help="Run a seeded random sample of N items.")] = None,
    concurrency: Annotated[int, typer.Option(help="Items in flight at once.")] = 8,
    seed: Annotated[int, typer.Option(help="Seed for the item sample and the simulated user.")] = 0,
    judge_samples: Annotated[int, typer.Option(help="Judge each response N times and report the spread.")] = 1,
    judge_temperature: Annotated[float, typer.Option(help="Judge temperature (the paper: 0.7).")] = 0.7,
    judge_max_tokens: Annotated[int, typer.Option(help="Judge max tokens (the paper's code used 250 and truncated).")] = 1024,
    max_tokens: Annotated[int, typer.Option(help="Responder max tokens (the paper: 2048).")] = 2048,
    temperature: Annotated[float, typer.Option(help="Responder temperature.")] = 0.7,
    persona: Annotated[str, typer.Option(help="Simulated user: cooperative, vague, refusing, lying.")] = "cooperative",
    simulator: Annotated[str | None, typer.Option(help="LLM for the simulated user (default: scripted answers).")] = None,
    max_turns: Annotated[int, typer.Option(help="Agent / guard turns per item (the paper: 10).", min=0, max=10)] = 10,
    abstention: Annotated[str, typer.Option(help="agent/planner stop rule: scale (0-5, the paper's default), "
                                            "binary, basic.")] = "scale",
    tau: Annotated[int, typer.Option(help="scale abstention: stop when the rating is >= TAU.", min=0, max=5)] = 3,
    k: Annotated[int, typer.Option(help="planner mode: retrieved planned paths.", min=1, max=50)] = 5,
    library: Annotated[Path | None, typer.Option(help="planner mode: path library folder (default: bundled).")] = None,
    guard_config: Annotated[Path | None, typer.Option(help="GuardConfig YAML for guard / raise-llm modes.")] = None,
    policy_option: Annotated[list[str] | None, typer.Option(help="RAISE policy option key=value (repeatable).")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not use the on-disk response cache.")] = False,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
) -> None:
    """Generate a reply per item under MODE, judge it, append to the run folder (resumable)."""
    from pydantic import ValidationError

    from penguin_guard.bench.loaders import DataError, load_items, unique
    from penguin_guard.bench.runner import RunConfig, RunError, Runner

    try:
        items = unique(load_items(data))
    except DataError as exc:
        _fail(str(exc))
    if not items:
        _fail(f"no items in {data}")
    try:
        config = RunConfig(data=data, model=model, judge=judge, mode=mode, limit=limit, concurrency=concurrency,
                           seed=seed, judge_samples=judge_samples, judge_temperature=judge_temperature,
                           judge_max_tokens=judge_max_tokens, max_tokens=max_tokens, temperature=temperature,
                           persona=persona, simulator=simulator, max_turns=max_turns, abstention=abstention,
                           tau=tau, k=k, library=str(library) if library else None,
                           guard_config=str(guard_config) if guard_config else None,
                           policy_options=_options(policy_option), cache=not no_cache)
    except ValidationError as exc:
        _fail("; ".join(f"{'.'.join(map(str, e['loc']))}: {e.get('ctx', {}).get('error', e['msg'])}"
                        for e in exc.errors()))
    try:
        summary = Runner(config, items, out, progress=progress).run()
    except RunError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(summary))


@bench_app.command()
def report(
    runs: Annotated[list[Path], typer.Argument(help="Run folders.")],
    out: Annotated[Path, typer.Option(help="Folder for report.md, report.html and the plots.")],
    baseline: Annotated[str, typer.Option(help="The mode gains are measured against.")] = "context-free",
    plots: Annotated[bool, typer.Option(help="Write PNG plots (needs matplotlib).")] = True,
) -> None:
    """Markdown + HTML report with per-domain and per-dimension tables, gains, CIs and plots."""
    from penguin_guard.bench.report import write_report
    from penguin_guard.bench.runner import RunError

    try:
        paths = write_report(list(runs), out, baseline=baseline, plots=plots)
    except (RunError, ValueError) as exc:
        _fail(str(exc))
    except ImportError as exc:
        _fail(f"{exc}; install the bench extra (pip install 'penguin-guard[bench]') or pass --no-plots")
    typer.echo(json.dumps({name: str(path) for name, path in paths.items()}))


@bench_app.command()
def generate(
    model: Annotated[str, typer.Option(help="Model that writes profiles and queries (LiteLLM string).")],
    out: Annotated[Path, typer.Option(help="JSONL file to grow (our format); resumed if it exists.")],
    target: Annotated[int, typer.Option(help="Items wanted in OUT, counting those already there (the paper: 7,000 "
                                              "synthetic; start from the real half and use 14,000).")] = 7000,
    queries_per_profile: Annotated[int, typer.Option(help="Queries per profile (the paper: 10).")] = 10,
    concurrency: Annotated[int, typer.Option(help="Profiles generated at once.")] = 8,
) -> None:
    """The synthetic pipeline: constrained profiles per scenario, then queries that hide their risk."""
    from penguin_guard.bench.generate import GenerateConfig
    from penguin_guard.bench.generate import generate as run_generate

    config = GenerateConfig(model=model, target=target, queries_per_profile=queries_per_profile,
                            concurrency=concurrency)
    typer.echo(json.dumps(run_generate(config, out)))


study_app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                        help="The paper's attribute experiments: single attributes, k-subsets, stepwise gains.")
bench_app.add_typer(study_app, name="study")


def _study_items(data: str, judge: str, limit: int | None, seed: int) -> list:
    from penguin_guard.bench.loaders import DataError, load_items, unique
    from penguin_guard.bench.protocol import check_judge_model
    from penguin_guard.bench.runner import select

    try:
        check_judge_model(judge)
        items = [item for item in unique(load_items(data)) if item.profile]
    except (DataError, ValueError) as exc:
        _fail(str(exc))
    if not items:
        _fail(f"no items with a profile in {data}")
    return select(items, limit, seed)


@study_app.command("attributes")
def study_attributes(
    data: Annotated[str, typer.Option(help="As for `bench run`.")],
    model: Annotated[str, typer.Option(help="Responder model (LiteLLM string).")],
    judge: Annotated[str, typer.Option(help="Judge model (LiteLLM string).")],
    out: Annotated[Path, typer.Option(help="Study folder: one run folder per attribute, attributes.md.")],
    limit: Annotated[int | None, typer.Option(help="A seeded random sample of N items (the paper: 1,000).")] = None,
    seed: Annotated[int, typer.Option()] = 0,
    concurrency: Annotated[int, typer.Option()] = 8,
) -> None:
    """Each attribute alone vs none, per domain (the paper's Fig. 6)."""
    from penguin_guard.bench.studies import attributes_study

    items = _study_items(data, judge, limit, seed)
    paths = attributes_study(items, out, data=data, model=model, judge=judge, seed=seed, concurrency=concurrency)
    typer.echo(json.dumps({name: str(path) for name, path in paths.items()}))


@study_app.command("subsets")
def study_subsets(
    data: Annotated[str, typer.Option(help="As for `bench run`.")],
    model: Annotated[str, typer.Option(help="Responder model (LiteLLM string).")],
    judge: Annotated[str, typer.Option(help="Judge model (LiteLLM string).")],
    out: Annotated[Path, typer.Option(help="Study folder: subsets.md, subsets.jsonl, responses.sqlite.")],
    k: Annotated[int, typer.Option(help="Attributes per subset (the paper: 3).", min=1, max=5)] = 3,
    limit: Annotated[int | None, typer.Option(help="A seeded random sample of N items (the paper: 50).")] = None,
    rollouts: Annotated[int, typer.Option(help="Plain UCT rollouts (the paper: 50).", min=1)] = 50,
    seed: Annotated[int, typer.Option()] = 0,
    concurrency: Annotated[int, typer.Option()] = 4,
) -> None:
    """Random x10 / static / plain UCT / oracle k-subsets, per domain (the paper's Figs. 7 and 13)."""
    import asyncio

    from penguin_guard.bench.studies import subsets_study

    items = _study_items(data, judge, limit, seed)
    paths = asyncio.run(subsets_study(items, out, model=model, judge=judge, k=k, rollouts=rollouts, seed=seed,
                                      concurrency=concurrency))
    typer.echo(json.dumps({name: str(path) for name, path in paths.items()}))


@study_app.command("stepwise")
def study_stepwise(
    data: Annotated[str, typer.Option(help="As for `bench run`.")],
    model: Annotated[str, typer.Option(help="Responder (and prior) model (LiteLLM string).")],
    judge: Annotated[str, typer.Option(help="Judge model (LiteLLM string).")],
    out: Annotated[Path, typer.Option(help="Study folder: stepwise.md, stepwise.jsonl, responses.sqlite.")],
    k: Annotated[int, typer.Option(help="Path length.", min=1, max=10)] = 3,
    limit: Annotated[int | None, typer.Option(help="A seeded random sample of N items (the paper: 50).")] = None,
    rollouts: Annotated[int, typer.Option(help="MCTS rollouts per item (the paper: 300).", min=1)] = 300,
    seed: Annotated[int, typer.Option()] = 0,
    concurrency: Annotated[int, typer.Option()] = 4,
) -> None:
    """Safety after each step of the planner's path (the paper's Fig. 15)."""
    import asyncio

    from penguin_guard.bench.studies import stepwise_study

    items = _study_items(data, judge, limit, seed)
    paths = asyncio.run(stepwise_study(items, out, model=model, judge=judge, k=k, rollouts=rollouts, seed=seed,
                                       concurrency=concurrency))
    typer.echo(json.dumps({name: str(path) for name, path in paths.items()}))
