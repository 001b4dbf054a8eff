"""Latency of Guard.check against NeMo Guardrails' own overhead for an input-rails-only check, in one run.

    python benchmarks/guard_latency.py [--prompts 300] [--everyday-share 0.6] [--out benchmarks/RESULTS.md]

Measures, on this machine:
- cold start: a fresh interpreter importing penguin_guard and making its first decision (subprocess);
- p50/p99 of Guard.check over a few hundred prompts after warm-up (memory store, one session per prompt),
  overall and per kind of prompt, with the cascade on (default) and off, and with the exact numpy float32
  encoder instead of the default int8 onnx one (PENGUIN_GUARD_ENCODER_BACKEND=numpy). Prompt mix (seeded shuffle):
  `--everyday-share` held-out everyday prompts (tests/data/detector_holdout*.jsonl, label benign), 10% held-out
  explicit crisis messages, the rest risky (held-out risky prompts, then the PENGUIN seed queries). The shared
  embedding cache is emptied before every timed check, so each prompt costs what a new request costs (the
  RAISE agent still reuses the detector's vector within the check);
- peak RSS of this process after the guard run;
- the baseline: `LLMRails.check_async(messages, rail_types=[RailType.INPUT])` with one no-op action rail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
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


KINDS = ("everyday", "risky", "crisis")


def load_prompts(limit: int, everyday_share: float = 0.6, crisis_share: float = 0.1) -> list[tuple[str, str]]:
    """(kind, text) pairs in the stated mix; a kind's pool is cycled when the mix needs more than it holds."""
    pools: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for path in sorted((ROOT / "tests/data").glob("detector_holdout*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                pools[{"benign": "everyday"}.get(row["label"], row["label"])].append(row["text"])
    seed = ROOT / "penguin_guard/data/penguin_seed.jsonl"
    pools["risky"] += [json.loads(line)["query"] for line in seed.read_text(encoding="utf-8").splitlines() if line.strip()]
    counts = {"everyday": round(limit * everyday_share), "crisis": round(limit * crisis_share)}
    counts["risky"] = limit - counts["everyday"] - counts["crisis"]
    prompts = [(kind, pools[kind][i % len(pools[kind])]) for kind in KINDS for i in range(counts[kind])]
    random.Random(2026).shuffle(prompts)
    return prompts


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


def bench_guard(prompts: list[tuple[str, str]], cascade: bool = True, encoder: str = "minilm",
                backend: str = "auto") -> dict[str, list[float]]:
    """Guard.check timings (ms) by kind of prompt, plus "all", with the given MiniLM backend."""
    previous = os.environ.get("PENGUIN_GUARD_ENCODER_BACKEND")
    os.environ["PENGUIN_GUARD_ENCODER_BACKEND"] = backend
    try:
        return _time_checks(prompts, cascade, encoder)
    finally:
        if previous is None:
            os.environ.pop("PENGUIN_GUARD_ENCODER_BACKEND")
        else:
            os.environ["PENGUIN_GUARD_ENCODER_BACKEND"] = previous


def _time_checks(prompts: list[tuple[str, str]], cascade: bool, encoder: str) -> dict[str, list[float]]:
    from penguin_guard import Guard, GuardConfig
    from penguin_guard.embed import shared_cache

    guard = Guard(GuardConfig(store="memory", cascade=cascade, detector_encoder=encoder))
    for i, text in enumerate(EXTRA_PROMPTS * 5):  # warm-up
        guard.check([{"role": "user", "content": text}], session_id=f"warm-{i}")
    timings: dict[str, list[float]] = {"all": [], **{kind: [] for kind in KINDS}}
    for i, (kind, text) in enumerate(prompts):
        shared_cache().clear()
        started = time.perf_counter()
        guard.check([{"role": "user", "content": text}], session_id=f"s-{cascade}-{encoder}-{i}")
        elapsed = (time.perf_counter() - started) * 1000
        timings[kind].append(elapsed)
        timings["all"].append(elapsed)
    return timings


def bench_assess(prompts: list[tuple[str, str]], encoder: str) -> list[float]:
    """The detector alone (crisis patterns, gate, encoder, heads; no session, no policy) on the risky prompts (ms):
    what `--encoder static` can save, since the RAISE agent in Guard.check still embeds with MiniLM."""
    from penguin_guard import GuardConfig
    from penguin_guard.detect import assess
    from penguin_guard.embed import shared_cache

    config = GuardConfig(detector_encoder=encoder)
    for text in EXTRA_PROMPTS * 5:
        assess(text, config)
    timings = []
    for kind, text in prompts:
        if kind == "risky":
            shared_cache().clear()
            started = time.perf_counter()
            assess(text, config)
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
        for text in EXTRA_PROMPTS * 5:
            await rails.check_async([{"role": "user", "content": text}], rail_types=[RailType.INPUT])
        timings = []
        for text in prompts:
            started = time.perf_counter()
            await rails.check_async([{"role": "user", "content": text}], rail_types=[RailType.INPUT])
            timings.append((time.perf_counter() - started) * 1000)
        return timings

    return asyncio.run(run())


def write_section(path: Path, report: str) -> None:
    """Replace this benchmark's section of `path` (from its heading to the next "## "), or append one."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    found = re.search(r"^## guard_latency.*?(?=^## |\Z)", old, flags=re.S | re.M)
    if found:
        new = old[: found.start()] + report.rstrip("\n") + "\n\n" + old[found.end():].lstrip("\n")
    else:
        new = old.rstrip("\n") + "\n\n" + report.rstrip("\n") + "\n"
    path.write_text(new, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=300)
    parser.add_argument("--everyday-share", type=float, default=0.6)
    parser.add_argument("--encoder", choices=("minilm", "static"), default="minilm",
                        help="static: also time the experimental static detector encoder (cascade on)")
    parser.add_argument("--out", type=Path, default=None, help="write (or replace) a Markdown section in this file")
    args = parser.parse_args()
    if not 0 <= args.everyday_share <= 0.9:
        parser.error("--everyday-share must be between 0 and 0.9 (10% of the prompts are crisis messages)")
    prompts = load_prompts(args.prompts, args.everyday_share)
    mix = {kind: sum(k == kind for k, _ in prompts) for kind in KINDS}

    cold = [cold_start() for _ in range(2)]
    cascade = bench_guard(prompts, cascade=True)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    plain = bench_guard(prompts, cascade=False)
    exact = bench_guard(prompts, backend="numpy")
    static = bench_guard(prompts, encoder="static") if args.encoder == "static" else {}
    if args.encoder == "static":
        static |= {f"detector only ({name}): risky": bench_assess(prompts, name) for name in ("minilm", "static")}
    nemo_ms = bench_nemo([text for _, text in prompts])

    rows = {f"Guard.check, cascade on: {kind}": cascade[kind] for kind in ("all", *KINDS)}
    rows |= {f"Guard.check, cascade off: {kind}": plain[kind] for kind in ("all", *KINDS)}
    rows |= {f"Guard.check, numpy float32 encoder (before), cascade on: {kind}": exact[kind] for kind in ("all", "risky")}
    rows |= {(kind if kind.startswith("detector") else f"Guard.check, static encoder, cascade on: {kind}"): values
             for kind, values in static.items()}
    rows["NeMo check_async (1 no-op input rail)"] = nemo_ms
    guard_ms = cascade["all"]
    lines = [
        f"## guard_latency ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {len(prompts)} prompts after warm-up)",
        "",
        f"`python benchmarks/guard_latency.py --prompts {args.prompts} --everyday-share {args.everyday_share}`. Mix: "
        f"{mix['everyday']} held-out everyday prompts, {mix['risky']} risky (held-out risky, then PENGUIN seed "
        f"queries), {mix['crisis']} held-out explicit crisis messages, shuffled; pools are cycled when the mix needs "
        "more prompts than they hold. Shared embedding cache emptied before each timed check (every prompt is a new "
        "request); memory store, one session per prompt; one process, sequential.",
        "",
        "| check | n | p50 ms | p99 ms | mean ms |",
        "|---|---|---|---|---|",
    ]
    for name, values in rows.items():
        lines.append(f"| {name} | {len(values)} | {percentile(values, 50):.2f} | {percentile(values, 99):.2f} | "
                     f"{statistics.mean(values):.2f} |")
    ratio = percentile(guard_ms, 50) / percentile(nemo_ms, 50)
    everyday_ratio = percentile(cascade["everyday"], 50) / percentile(nemo_ms, 50)
    risky_ratio = percentile(cascade["risky"], 50) / percentile(nemo_ms, 50)
    speedup = percentile(exact["risky"], 50) / percentile(cascade["risky"], 50)
    lines += [
        "",
        f"- p50 ratio guard / NeMo bare check: **{ratio:.2f}** over the mix, {everyday_ratio:.2f} on everyday prompts, "
        f"{risky_ratio:.2f} on risky prompts (target <= 1.0); guard p99 {percentile(guard_ms, 99):.2f} ms (target <= 20)",
        f"- risky prompts, numpy float32 encoder / default int8 onnx encoder, p50: {speedup:.1f}x",
        f"- cold start (import + first decision, fresh interpreter): {min(cold):.2f} s best of {len(cold)} (target <= 5)",
        f"- peak RSS after the guard run: {rss_mb:.0f} MB",
        "",
    ]
    report = "\n".join(lines)
    print(report)
    if args.out:
        write_section(args.out, report)


if __name__ == "__main__":
    main()
