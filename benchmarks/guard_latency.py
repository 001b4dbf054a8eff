"""Latency of Guard.check against NeMo Guardrails' own overhead for an input-rails-only check, in one run.

    python benchmarks/guard_latency.py                         # real prompts: chat + posts, each text once
    python benchmarks/guard_latency.py --mix chat --rounds 5   # one mix, more rounds
    python benchmarks/guard_latency.py --mix holdout           # the earlier synthetic mix (texts repeat)
    python benchmarks/guard_latency.py --out benchmarks/RESULTS.md

Mixes:
- `chat`: real chat-assistant first turns, arena-hard-auto v0.1 (Apache-2.0) and databricks-dolly-15k
  instructions (CC BY-SA 3.0), from benchmarks/data/public/ (sources and licences in SOURCES.md there);
- `posts`: real post-length personal texts, counselchat.com questions (MIT per the repository) and Reddit-style
  posts of the mh4class test split (CC BY 4.0);
- `real` (default): both, reported separately;
- `holdout`: the earlier mix of short held-out prompts (tests/data), cycled when `--prompts` needs more than the
  pools hold, so texts repeat: `--no-repeat` uses each at most once.

Every timed check is a new request: each text is used once per round (real mixes always; holdout with
`--no-repeat`), and every cache that could remember it (the shared MiniLM cache, the multilingual encoder's) is
emptied before each check. Memory store, one session per check, one process, sequential.

Measured, per mix, in `--rounds` rounds (default 3) that alternate the guard and the baseline, so that both see
the same load on a shared machine; each figure is the median over rounds of that round's percentile, and each
ratio is the median of the per-round ratios:
- Guard.check p50/p95/p99 (default configuration) and the MiniLM tokens each check read (the cost driver:
  ~0.2 ms per token on one core here), by source and by length;
- the baseline, NeMo's bare check: `LLMRails.check_async(messages, rail_types=[RailType.INPUT])` with one no-op
  action rail, on the same texts;
- the multilingual stage, when GuardConfig has a `multilingual` switch: Guard.check with it on (the default)
  and off, in the same round, and how many texts it routed to the multilingual encoder;
- once: where the time goes (crisis floor, risk detector, extraction of a risky request), cold start (fresh interpreter, import + first
  decision) and peak RSS.
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
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("NEMO_GUARDRAILS_NO_USAGE_STATS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("PENGUIN_GUARD_DISABLE_PLUGINS", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PUBLIC = ROOT / "benchmarks" / "data" / "public"

# Warm-up only (never timed, never in a mix).
WARMUP = [
    "How do I reverse a list in Python?",
    "Should I quit my job and move far away from everyone I know?",
    "What's the capital of Australia?",
    "Is it worth cashing out my 401k to cover rent this month?",
    "Write a haiku about autumn leaves.",
    "My parents keep telling me I'm a disappointment since I failed my exams. How do I cope?",
]

SOURCES = {  # mix -> (file stem, licence) in benchmarks/data/public/
    "chat": (("arena_hard_v01", "Apache-2.0"), ("dolly15k", "CC BY-SA 3.0")),
    "posts": (("counselchat", "MIT, per the repository LICENSE"), ("mh4class_test", "CC BY 4.0")),
}
TARGET_P99_MS = {"chat": 20.0, "posts": 30.0, "holdout": 20.0}
LENGTHS = ((0, 300), (300, 1000), (1000, 10**9))  # characters
KINDS = ("everyday", "risky", "crisis")

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

Item = tuple[str, str]  # (group: source file or kind of prompt, text)


# ---- prompts ------------------------------------------------------------------------------------------------


def load_public(mix: str) -> list[Item]:
    """Every text of the mix's public files once, in a seeded shuffle."""
    items = []
    for stem, _ in SOURCES[mix]:
        for line in (PUBLIC / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                items.append((stem, json.loads(line)["text"]))
    random.Random(2026).shuffle(items)
    return items


def load_holdout(limit: int, everyday_share: float = 0.6, crisis_share: float = 0.1,
                 repeat: bool = True) -> list[Item]:
    """(kind, text) pairs in the stated mix; a kind's pool is cycled when the mix needs more than it holds, unless
    `repeat` is off (then a kind contributes at most its pool)."""
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
    if not repeat:
        pools = {kind: list(dict.fromkeys(texts)) for kind, texts in pools.items()}
        counts = {kind: min(n, len(pools[kind])) for kind, n in counts.items()}
    prompts = [(kind, pools[kind][i % len(pools[kind])]) for kind in KINDS for i in range(counts[kind])]
    random.Random(2026).shuffle(prompts)
    return prompts


# ---- measuring ----------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def forget_everything() -> None:
    """Empty every cache that could remember a text, so the next check costs what a new request costs."""
    from penguin_guard.embed import shared_cache

    shared_cache().clear()
    from penguin_guard import crisis_head

    head = crisis_head.load_head()
    if head is not None and head.tuned is not None:  # the crisis head's tuned e5 keeps the windows it read
        head.tuned.forget()
    try:  # the multilingual encoder keeps its own small cache (when that stage exists)
        from penguin_guard import e5_embed
    except ImportError:
        return
    for name in dir(e5_embed):
        clear = getattr(getattr(e5_embed, name), "cache_clear", None)
        if callable(clear) and name.startswith("_encode"):
            clear()


def has_multilingual() -> bool:
    from penguin_guard import GuardConfig

    return "multilingual" in GuardConfig.model_fields


def make_guard(**overrides):
    from penguin_guard import Guard, GuardConfig

    guard = Guard(GuardConfig(store="memory", load_entrypoint_plugins=False, **overrides))
    guard.warm_up()  # every model loaded before timing (a server does this at start)
    for i, text in enumerate(WARMUP * 3):
        guard.check([{"role": "user", "content": text}], session_id=f"warm-{i}")
    return guard


def time_checks(guard, items: list[Item], tag: str) -> tuple[list[float], list[int]]:
    """Guard.check on each text (ms), and the MiniLM tokens each check read."""
    from penguin_guard.embed import shared_cache

    timings, tokens = [], []
    for i, (_, text) in enumerate(items):
        forget_everything()
        started = time.perf_counter()
        guard.check([{"role": "user", "content": text}], session_id=f"{tag}-{i}")
        timings.append((time.perf_counter() - started) * 1000)
        tokens.append(getattr(shared_cache(), "tokens", -1))  # -1: an encoder that does not count
    return timings, tokens


def make_nemo():
    from nemoguardrails import LLMRails, RailsConfig
    from nemoguardrails.rails.llm.options import RailType

    rails = LLMRails(RailsConfig.from_content(yaml_content=NEMO_CONFIG, colang_content=NEMO_FLOW))

    async def noop_check(text: str | None = None) -> bool:
        return True

    rails.register_action(noop_check, name="noop_check")

    def run(texts: list[str]) -> list[float]:
        async def go() -> list[float]:
            timings = []
            for text in texts:
                started = time.perf_counter()
                await rails.check_async([{"role": "user", "content": text}], rail_types=[RailType.INPUT])
                timings.append((time.perf_counter() - started) * 1000)
            return timings

        return asyncio.run(go())

    run(WARMUP * 3)
    return run


def stage_split(items: list[Item]) -> dict[str, list[float]]:
    """One pass: the crisis floor (normalise + rules + learned head), the risk detector and, for the texts it finds
    risky, the extraction of what the request says about the user (rules + clause head), each on its own (ms)."""
    from penguin_guard import GuardConfig, crisis_check
    from penguin_guard.detect import assess_risk
    from penguin_guard.extract import extract_offline
    from penguin_guard.normalize import normalize_for_detection

    config = GuardConfig(store="memory", load_entrypoint_plugins=False)
    split: dict[str, list[float]] = {"crisis floor": [], "risk detector": [], "extraction (risky texts)": []}
    for _, text in items:
        forget_everything()
        started = time.perf_counter()
        view = normalize_for_detection(text)
        crisis_check.builtin_signals(text, view)
        split["crisis floor"].append((time.perf_counter() - started) * 1000)
        forget_everything()
        started = time.perf_counter()
        risk = assess_risk(view, config)
        split["risk detector"].append((time.perf_counter() - started) * 1000)
        if risk.is_risky:
            forget_everything()
            started = time.perf_counter()
            extract_offline(text, None)
            split["extraction (risky texts)"].append((time.perf_counter() - started) * 1000)
    return {name: values for name, values in split.items() if values}  # a mix with no risky text has no extraction


def routed_to_multilingual(items: list[Item]) -> int | None:
    try:
        from penguin_guard.language import is_english
        from penguin_guard.normalize import normalize_for_detection
    except ImportError:
        return None
    return sum(not is_english(normalize_for_detection(text)) for _, text in items)


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


# ---- one mix ------------------------------------------------------------------------------------------------


def bench_mix(items: list[Item], rounds: int, guards: dict[str, object], nemo: Callable[[list[str]], list[float]],
              tag: str) -> dict:
    """`rounds` rounds over `items`: every guard configuration, then the baseline, in rotating order."""
    texts = [text for _, text in items]
    runs: dict[str, list[list[float]]] = {name: [] for name in [*guards, "nemo"]}
    tokens: list[int] = []
    order = [*guards, "nemo"]
    for r in range(rounds):
        for name in order[r % len(order):] + order[: r % len(order)]:
            if name == "nemo":
                runs["nemo"].append(nemo(texts))
            else:
                timings, used = time_checks(guards[name], items, f"{tag}-{name}-{r}")
                runs[name].append(timings)
                if name == "guard":
                    tokens = used
    return {"runs": runs, "tokens": tokens, "items": items}


def summary(values_by_round: list[list[float]], q: float) -> float:
    return statistics.median(percentile(values, q) for values in values_by_round)


def ratio(a: list[list[float]], b: list[list[float]], q: float) -> float:
    return statistics.median(percentile(x, q) / percentile(y, q) for x, y in zip(a, b, strict=True))


def subset(values_by_round: list[list[float]], keep: list[bool]) -> list[list[float]]:
    return [[v for v, k in zip(values, keep, strict=True) if k] for values in values_by_round]


def report_mix(mix: str, result: dict, rounds: int) -> list[str]:
    runs, items, tokens = result["runs"], result["items"], result["tokens"]
    guard, nemo = runs["guard"], runs["nemo"]
    lines = [
        "| check | n | p50 ms | p95 ms | p99 ms | max ms | MiniLM tokens p50 / p99 |",
        "|---|---|---|---|---|---|---|",
    ]

    def row(name: str, values: list[list[float]], keep: list[bool] | None = None) -> None:
        chosen = values if keep is None else subset(values, keep)
        if not chosen[0]:
            return
        used = tokens if keep is None else [t for t, k in zip(tokens, keep, strict=True) if k]
        counted = used and min(used) >= 0 and name.startswith("Guard.check")
        spent = f"{percentile(used, 50):.0f} / {percentile(used, 99):.0f}" if counted else ""
        lines.append(f"| {name} | {len(chosen[0])} | {summary(chosen, 50):.2f} | {summary(chosen, 95):.2f} | "
                     f"{summary(chosen, 99):.2f} | {summary(chosen, 100):.2f} | {spent} |")

    row("Guard.check (default config): all", guard)
    groups = sorted({group for group, _ in items})
    for group in groups:
        row(f"Guard.check: {group}", guard, [g == group for g, _ in items])
    for low, high in LENGTHS:
        label = f"{low}-{high} chars" if high < 10**9 else f"> {low} chars"
        row(f"Guard.check: {label}", guard, [low < len(t) <= high for _, t in items])
    if "no multilingual" in runs:
        row("Guard.check, multilingual stage off: all", runs["no multilingual"])
    row("NeMo check_async (1 no-op input rail): all", nemo)

    target = TARGET_P99_MS[mix]
    p99 = summary(guard, 99)
    lines += [
        "",
        f"- p50 ratio guard / NeMo bare check: **{ratio(guard, nemo, 50):.2f}** (target <= 1.0); "
        f"p99 ratio {ratio(guard, nemo, 99):.2f}",
        f"- guard p99 **{p99:.1f} ms** (target <= {target:.0f} ms: {'met' if p99 <= target else 'NOT met'})",
    ]
    if "no multilingual" in runs:
        off = runs["no multilingual"]
        routed = routed_to_multilingual(items)
        lines.append(
            f"- multilingual stage: p50 {summary(guard, 50):.2f} ms with it, {summary(off, 50):.2f} ms without "
            f"(p99 {p99:.1f} / {summary(off, 99):.1f} ms; p99 ratio on/off {ratio(guard, off, 99):.2f}); "
            f"{routed if routed is not None else '?'} of {len(items)} texts routed to the multilingual encoder")
    return lines


# ---- report -------------------------------------------------------------------------------------------------


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
    parser.add_argument("--mix", choices=("real", "chat", "posts", "holdout"), default="real")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-repeat", action="store_true",
                        help="holdout mix: use each text at most once (the real mixes always do)")
    parser.add_argument("--prompts", type=int, default=300, help="holdout mix: how many prompts")
    parser.add_argument("--everyday-share", type=float, default=0.6, help="holdout mix: share of everyday prompts")
    parser.add_argument("--skip-multilingual", action="store_true", help="do not time the multilingual stage off")
    parser.add_argument("--out", type=Path, default=None, help="write (or replace) a Markdown section in this file")
    args = parser.parse_args()
    if not 0 <= args.everyday_share <= 0.9:
        parser.error("--everyday-share must be between 0 and 0.9 (10% of the prompts are crisis messages)")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    mixes = {"real": ("chat", "posts"), "chat": ("chat",), "posts": ("posts",), "holdout": ("holdout",)}[args.mix]
    load_before = os.getloadavg()
    cold = [cold_start() for _ in range(2)]
    guards = {"guard": make_guard()}
    if has_multilingual() and not args.skip_multilingual:
        guards["no multilingual"] = make_guard(multilingual=False)
    nemo = make_nemo()

    sections: list[str] = []
    for mix in mixes:
        if mix == "holdout":
            items = load_holdout(args.prompts, args.everyday_share, repeat=not args.no_repeat)
            described = (f"{len(items)} held-out prompts ({', '.join(f'{sum(g == k for g, _ in items)} {k}' for k in KINDS)}), "
                         + ("each once" if args.no_repeat else "pools cycled, so texts repeat (caches still emptied)"))
        else:
            items = load_public(mix)
            described = ", ".join(f"{sum(g == stem for g, _ in items)} {stem} ({licence})" for stem, licence in SOURCES[mix])
            described += "; each text once per round"
        result = bench_mix(items, args.rounds, guards, nemo, mix)
        split = stage_split(items)
        lengths = [len(t) for _, t in items]
        sections += [f"### {mix}: {described}", "",
                     f"Length: median {statistics.median(lengths):.0f} chars, p90 {percentile(lengths, 90)}, "
                     f"max {max(lengths)}.", ""]
        sections += report_mix(mix, result, args.rounds)
        sections.append("- where the time goes (one pass, caches emptied): " + "; ".join(
            f"{name} p50 {percentile(v, 50):.2f} / p99 {percentile(v, 99):.2f} ms" for name, v in split.items()))
        sections.append("")
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    load_after = os.getloadavg()
    header = [
        f"## guard_latency ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {args.rounds} rounds)",
        "",
        f"`python benchmarks/guard_latency.py --mix {args.mix} --rounds {args.rounds}"
        + (" --no-repeat" if args.no_repeat else "") + "`. Every timed check is a new request (each text once per "
        "round, every cache emptied before each check); memory store; one process, sequential. Figures are medians "
        "over rounds of each round's percentile; ratios are medians of per-round ratios, guard and baseline "
        f"timed in alternating order in the same run. Load average before / after: {load_before[0]:.1f} / "
        f"{load_after[0]:.1f}.",
        "",
    ]
    footer = [
        f"- cold start (import + first decision, fresh interpreter): {min(cold):.2f} s best of {len(cold)} (target <= 5)",
        f"- peak RSS of the benchmark process: {rss_mb:.0f} MB",
        "",
    ]
    report = "\n".join(header + sections + footer)
    print(report)
    if args.out:
        write_section(args.out, report)


if __name__ == "__main__":
    main()
