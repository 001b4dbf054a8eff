"""Throughput of the benchmark runner against bare `litellm.acompletion`, in one run.

    python benchmarks/bench_throughput.py [--items 320] [--concurrency 32] [--rounds 2] [--out benchmarks/RESULTS.md]

Both sides make the same requests to a loopback OpenAI-compatible server running in a subprocess (so the
server does not share this process's GIL): per item one context-rich responder call and one judge call.
- runner: `Runner` in context-rich mode (response cache on, in a fresh folder; results appended to JSONL);
- bare: the same two `litellm.acompletion` calls per item under an `asyncio.Semaphore(concurrency)`.
The rounds alternate the two sides (and which goes first). Reported per side: items/s and this process's CPU
milliseconds per item, as medians over the rounds. On a shared machine wall-clock throughput swings with other
load, so the CPU cost per item is given too: it is the runner's own overhead. Target: runner >= 0.8 x bare.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SERVER = """
import sys
from penguin_guard.testing import LoopbackLLM

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


async def _bare(items, url: str, concurrency: int) -> None:
    import litellm

    from penguin_guard.bench.judge import judge_messages
    from penguin_guard.bench.runner import RESPONDER_SYSTEM_PROMPT

    params = {"api_base": url, "api_key": "sk-bench", "timeout": 120.0}
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

    await asyncio.gather(*(one(item) for item in items))


def bare(items, url: str, concurrency: int) -> tuple[float, float]:
    """(items/s, CPU ms per item) for bare litellm.acompletion calls."""
    wall, cpu = time.perf_counter(), time.process_time()
    asyncio.run(_bare(items, url, concurrency))
    return len(items) / (time.perf_counter() - wall), (time.process_time() - cpu) * 1000 / len(items)


def runner(items, url: str, concurrency: int) -> tuple[float, float]:
    """(items/s, CPU ms per item) for a context-rich Runner run in a fresh folder."""
    from penguin_guard.bench.runner import RunConfig, Runner

    params = {"api_base": url, "api_key": "sk-bench"}
    config = RunConfig(data="bench", model="openai/responder", judge="openai/judge", mode="context-rich",
                       concurrency=concurrency, model_params=params, judge_params=params)
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu = time.perf_counter(), time.process_time()
        summary = Runner(config, items, folder).run()
        rates = len(items) / (time.perf_counter() - wall), (time.process_time() - cpu) * 1000 / len(items)
    assert summary["done"] == len(items) and summary["missing_scores"] == 0, summary
    return rates


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=320)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    load = os.getloadavg()[0]
    server = subprocess.Popen([sys.executable, "-c", SERVER],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()  # type: ignore[union-attr]
        items = make_items(args.items)
        bare(items[:32], url, args.concurrency)  # warm-up: imports, connection pool
        runner(items[:32], url, args.concurrency)
        rounds: dict[str, list[tuple[float, float]]] = {"bare": [], "runner": []}
        for i in range(args.rounds):
            order = ("bare", "runner") if i % 2 == 0 else ("runner", "bare")
            for side in order:
                rounds[side].append((bare if side == "bare" else runner)(items, url, args.concurrency))
    finally:
        server.stdin.close()  # type: ignore[union-attr]
        server.wait(timeout=10)
    rate = {side: statistics.median(r[0] for r in values) for side, values in rounds.items()}
    cpu = {side: statistics.median(r[1] for r in values) for side, values in rounds.items()}
    ratio, cpu_ratio = rate["runner"] / rate["bare"], cpu["bare"] / cpu["runner"]
    if min(ratio, cpu_ratio) >= 0.8:
        verdict = "met"
    elif cpu_ratio >= 0.8:
        verdict = "met on CPU cost per item; wall-clock throughput is noisy on a shared machine"
    else:
        verdict = "NOT met"

    def cells(side: str) -> str:
        per_round = ", ".join(f"{r:.1f}" for r, _ in rounds[side])
        return f"{per_round} | {rate[side]:.1f} | {cpu[side]:.2f}"

    lines = [
        "## Benchmark runner",
        "",
        f"`python benchmarks/bench_throughput.py --items {args.items} --concurrency {args.concurrency} "
        f"--rounds {args.rounds}` ({time.strftime('%Y-%m-%d', time.gmtime())}, {os.cpu_count()} CPUs, load average "
        f"{load:.1f} at start; loopback server in a subprocess; per item one context-rich responder call and one "
        "judge call).",
        "",
        "| side | items/s per round | median items/s | median CPU ms/item |",
        "|---|---|---|---|",
        f"| bare `litellm.acompletion` + semaphore | {cells('bare')} |",
        f"| `Runner` (response cache, JSONL, judge parsing) | {cells('runner')} |",
        "",
        f"Runner / bare throughput (medians): **{ratio:.2f}**; bare / runner CPU per item: **{cpu_ratio:.2f}**. "
        f"Target >= 0.8: {verdict}. The runner's own cost is {cpu['runner'] - cpu['bare']:+.2f} CPU ms per item "
        "(response cache, JSONL, judge parsing); wall-clock rounds swing with other load on a shared machine.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        existing = args.out.read_text(encoding="utf-8") if args.out.exists() else "# Benchmark results\n\n"
        if "## Benchmark runner" in existing:  # replace only our own section; others keep theirs
            head, _, rest = existing.partition("## Benchmark runner")
            following = rest.find("\n## ")
            existing = head.rstrip("\n") + "\n\n" + (rest[following + 1 :] if following >= 0 else "")
        args.out.write_text(existing.rstrip("\n") + "\n\n" + text, encoding="utf-8")


if __name__ == "__main__":
    main()
