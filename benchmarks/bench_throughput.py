"""Throughput of the benchmark runner against bare `litellm.acompletion`, in one run.

    python benchmarks/bench_throughput.py [--items 320] [--concurrency 32] [--rounds 2] [--out benchmarks/RESULTS.md]

Both sides make the same requests to a loopback OpenAI-compatible server running in a subprocess (so the
server does not share this process's GIL): per item one context-rich responder call and one judge call.
- runner: `Runner` in context-rich mode (response cache on, in a fresh folder; results appended to JSONL);
- bare: the same two `litellm.acompletion` calls per item under an `asyncio.Semaphore(concurrency)`.
The rounds alternate the two sides; the best round of each is reported. Target: runner >= 0.8 x bare.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SERVER = """
import sys, time
sys.path.insert(0, {tests!r})
from loopback import LoopbackLLM

def respond(body):
    system = body["messages"][0]["content"]
    if system.startswith("You evaluate"):
        return ("Risk Sensitivity: Score: 4/5\\nJustification: ok.\\nEmotional Empathy: Score: 4/5\\n"
                "Justification: ok.\\nPersonalization: Score: 3/5\\nJustification: ok.\\nComprehensive Score: 11/15")
    return "Here is some careful, specific advice for your situation. " * 8

server = LoopbackLLM(respond).start()
print(server.url, flush=True)
sys.stdin.read()
"""


def make_items(count: int):
    from penguin_guard.bench.items import BenchItem
    from penguin_guard.taxonomy import DOMAINS

    profile = {"Age": "34", "Emotional State": "overwhelmed", "Economic Status": "difficult", "Profession": "nurse"}
    return [BenchItem(query=f"What should I do about my situation, part {i}?", domain=DOMAINS[i % len(DOMAINS)],
                      profile=profile) for i in range(count)]


async def bare(items, url: str, concurrency: int) -> float:
    import litellm

    from penguin_guard.bench.judge import judge_messages
    from penguin_guard.bench.runner import RESPONDER_SYSTEM_PROMPT

    params = {"api_base": url, "api_key": "sk-bench", "timeout": 60.0}
    semaphore = asyncio.Semaphore(concurrency)

    async def one(item) -> None:
        async with semaphore:
            messages = [{"role": "system", "content": RESPONDER_SYSTEM_PROMPT},
                        {"role": "user", "content": item.context_rich_prompt()}]
            response = await litellm.acompletion(model="openai/responder", messages=messages, max_tokens=2048,
                                                 temperature=0.7, **params)
            text = response.choices[0].message.content
            await litellm.acompletion(model="openai/judge", messages=judge_messages(item, text), max_tokens=1024,
                                      temperature=0.7, **params)

    started = time.perf_counter()
    await asyncio.gather(*(one(item) for item in items))
    return len(items) / (time.perf_counter() - started)


def runner(items, url: str, concurrency: int) -> float:
    from penguin_guard.bench.runner import RunConfig, Runner

    params = {"api_base": url, "api_key": "sk-bench"}
    config = RunConfig(data="bench", model="openai/responder", judge="openai/judge", mode="context-rich",
                       concurrency=concurrency, model_params=params, judge_params=params)
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        summary = Runner(config, items, folder).run()
        elapsed = time.perf_counter() - started
    assert summary["done"] == len(items) and summary["missing_scores"] == 0, summary
    return len(items) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=320)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    server = subprocess.Popen([sys.executable, "-c", SERVER.format(tests=str(ROOT / "tests"))],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()  # type: ignore[union-attr]
        items = make_items(args.items)
        asyncio.run(bare(items[:32], url, args.concurrency))  # warm-up: imports, connection pool
        bare_rates, runner_rates = [], []
        for _ in range(args.rounds):
            bare_rates.append(asyncio.run(bare(items, url, args.concurrency)))
            runner_rates.append(runner(items, url, args.concurrency))
    finally:
        server.stdin.close()  # type: ignore[union-attr]
        server.wait(timeout=10)
    best_bare, best_runner = max(bare_rates), max(runner_rates)
    ratio = best_runner / best_bare
    lines = [
        "## Benchmark runner",
        "",
        f"`python benchmarks/bench_throughput.py --items {args.items} --concurrency {args.concurrency} "
        f"--rounds {args.rounds}` ({time.strftime('%Y-%m-%d', time.gmtime())}, {os.cpu_count()} CPUs, loopback "
        "server in a subprocess; per item one context-rich responder call and one judge call).",
        "",
        "| side | items/s per round | best |",
        "|---|---|---|",
        f"| bare `litellm.acompletion` + semaphore | {', '.join(f'{r:.1f}' for r in bare_rates)} | {best_bare:.1f} |",
        f"| `Runner` (cache, JSONL, judge parsing) | {', '.join(f'{r:.1f}' for r in runner_rates)} | {best_runner:.1f} |",
        "",
        f"Runner / bare throughput: **{ratio:.2f}** (target >= 0.8): {'met' if ratio >= 0.8 else 'NOT met'}.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        existing = args.out.read_text(encoding="utf-8") if args.out.exists() else "# Benchmark results\n\n"
        if "## Benchmark runner" in existing:
            head, _, rest = existing.partition("## Benchmark runner")
            following = rest.find("\n## ")
            existing = head + (rest[following + 1 :] if following >= 0 else "")
        args.out.write_text(existing.rstrip("\n") + "\n\n" + text, encoding="utf-8")


if __name__ == "__main__":
    main()
