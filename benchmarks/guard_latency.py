"""Latency of Guard.check against NeMo Guardrails' own overhead for an input-rails-only check, in one run.

    python benchmarks/guard_latency.py [--prompts 300] [--out benchmarks/RESULTS.md]

Measures, on this machine:
- cold start: a fresh interpreter importing penguin_guard and making its first decision (subprocess);
- p50/p99 of Guard.check over a few hundred prompts after warm-up (memory store, one session per prompt);
- peak RSS of this process after the guard run;
- the baseline: `LLMRails.check_async(messages, rail_types=[RailType.INPUT])` with one no-op action rail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("NEMO_GUARDRAILS_NO_USAGE_STATS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("PENGUIN_GUARD_DISABLE_PLUGINS", "1")

ROOT = Path(__file__).resolve().parents[1]

EXTRA_PROMPTS = [
    "How do I reverse a list in Python?",
    "Should I quit my job and move far away from everyone I know?",
    "What's the capital of Australia?",
    "Is it worth cashing out my 401k to cover rent this month?",
    "Write a haiku about autumn leaves.",
    "My parents keep telling me I'm a disappointment since I failed my exams. How do I cope?",
]

NEMO_CONFIG = """
colang_version: "1.0"
models: []
rails:
  input:
    flows:
      - noop input
"""
NEMO_FLOW = """
define flow noop input
  $ok = execute noop_check(text=$user_message)
"""


def load_prompts(limit: int) -> list[str]:
    prompts = list(EXTRA_PROMPTS)
    for path in (ROOT / "tests/data/detector_holdout.jsonl", ROOT / "penguin_guard/data/penguin_seed.jsonl"):
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    prompts.append(row.get("text") or row.get("query") or "")
    prompts = [p for p in prompts if p]
    while len(prompts) < limit:
        prompts += prompts
    return prompts[:limit]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def cold_start() -> float:
    code = (
        "import time; t=time.perf_counter(); from penguin_guard import Guard; g=Guard(); "
        "g.check([{'role':'user','content':'Should I move back home after losing my job?'}], session_id='c'); "
        "print(time.perf_counter()-t)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ.copy()
    )
    return float(out.stdout.strip().splitlines()[-1])


def bench_guard(prompts: list[str]) -> list[float]:
    from penguin_guard import Guard, GuardConfig

    guard = Guard(GuardConfig(store="memory"))
    for i, text in enumerate(prompts[:30]):  # warm-up
        guard.check([{"role": "user", "content": text}], session_id=f"warm-{i}")
    timings = []
    for i, text in enumerate(prompts):
        started = time.perf_counter()
        guard.check([{"role": "user", "content": text}], session_id=f"s-{i}")
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def bench_nemo(prompts: list[str]) -> list[float]:
    from nemoguardrails import LLMRails, RailsConfig
    from nemoguardrails.rails.llm.options import RailType

    config = RailsConfig.from_content(yaml_content=NEMO_CONFIG, colang_content=NEMO_FLOW)
    rails = LLMRails(config)

    async def noop_check(text: str | None = None) -> bool:
        return True

    rails.register_action(noop_check, name="noop_check")

    async def run() -> list[float]:
        for text in prompts[:30]:
            await rails.check_async([{"role": "user", "content": text}], rail_types=[RailType.INPUT])
        timings = []
        for text in prompts:
            started = time.perf_counter()
            await rails.check_async([{"role": "user", "content": text}], rail_types=[RailType.INPUT])
            timings.append((time.perf_counter() - started) * 1000)
        return timings

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=300)
    parser.add_argument("--out", type=Path, default=None, help="append a Markdown section to this file")
    args = parser.parse_args()
    prompts = load_prompts(args.prompts)

    cold = [cold_start() for _ in range(2)]
    guard_ms = bench_guard(prompts)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    nemo_ms = bench_nemo(prompts)

    rows = {
        "penguin-guard Guard.check": guard_ms,
        "NeMo check_async (1 no-op input rail)": nemo_ms,
    }
    lines = [
        f"## guard_latency ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {len(prompts)} prompts after warm-up)",
        "",
        "| check | p50 ms | p99 ms | mean ms |",
        "|---|---|---|---|",
    ]
    for name, values in rows.items():
        lines.append(
            f"| {name} | {percentile(values, 50):.2f} | {percentile(values, 99):.2f} | {statistics.mean(values):.2f} |"
        )
    ratio = percentile(guard_ms, 50) / percentile(nemo_ms, 50)
    lines += [
        "",
        f"- p50 ratio guard / NeMo bare check: **{ratio:.2f}** (target <= 1.0); guard p99 {percentile(guard_ms, 99):.2f} ms (target <= 20)",
        f"- cold start (import + first decision, fresh interpreter): {min(cold):.2f} s best of {len(cold)} (target <= 5)",
        f"- peak RSS after the guard run: {rss_mb:.0f} MB",
        "",
    ]
    report = "\n".join(lines)
    print(report)
    if args.out:
        with args.out.open("a", encoding="utf-8") as handle:
            handle.write(report + "\n")


if __name__ == "__main__":
    main()
