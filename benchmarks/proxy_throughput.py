"""Throughput and latency through a real LiteLLM proxy, with and without the penguin-guard guardrail, in one run.

    python benchmarks/proxy_throughput.py [--requests 200] [--concurrency 16 64] [--rounds 4] [--out benchmarks/RESULTS.md]

Three `litellm --config` processes in front of the loopback OpenAI-compatible server: `unguarded` (the recipe
without its `guardrails:` section), `guarded` (the shipped recipe and the guard's defaults: embedding detector,
RAISE policy) and `guarded-light` (the recipe with the pattern detector and the priority policy, no model: what the
integration itself costs). They sit in front of the loopback OpenAI-compatible server (penguin_guard.testing.LoopbackLLM, in its own process). The load generator sends
the same mixed traffic to both: 60% benign single turns (pass), 20% first turns of risky personal requests (ask:
the guarded proxy answers itself), 20% risky conversations whose history already holds the guard's questions and
the user's answers (enrich: replayed from the history, no session id). Rounds alternate the order of the
proxies (the machine's background load drifts); per side the median req/s over the rounds and the
percentiles of all its requests pooled are reported. Targets: guarded throughput >= 0.8 x unguarded; added p50 <= 10 ms.

The guard runs with the shipped defaults unless PENGUIN_GUARD_* variables say otherwise (they are passed through).
Both proxies run with OMP_NUM_THREADS=1 (--torch-threads), as the recipe README recommends: the embedding detector
runs in the proxy's worker threads, and multi-threaded torch inference collapses when the cores are contended.
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
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from _proxy_bench import BENIGN, RECIPE, RISKY, ROOT, unguarded_config, write_section  # noqa: E402

from penguin_guard.testing import start_proxy  # noqa: E402

SIDES = ("unguarded", "guarded", "guarded-light")
LIGHT = {"PENGUIN_GUARD_DETECTOR": "patterns", "PENGUIN_GUARD_POLICY": "priority"}
SERVER = """
import time
from penguin_guard.testing import LoopbackLLM
server = LoopbackLLM().start()
print(server.url, flush=True)
while True:
    time.sleep(3600)
"""
ANSWERS = ["honestly pretty hopeless", "I've had depression for years", "no, never", "not really", "fine"]


@dataclass
class Result:
    side: str
    concurrency: int
    rps: float
    latencies: dict[str, list[float]]  # per kind (pass / ask / enrich) and "all", seconds
    errors: int

    def p(self, q: float, kind: str = "all") -> float:
        values = sorted(self.latencies.get(kind) or [0.0])
        return values[min(len(values) - 1, int(q * len(values)))] * 1000


async def enrich_histories(client, url: str, key: str) -> list[list[dict]]:
    """For each risky prompt, the conversation (questions answered) at the point where the guard enriches it."""
    histories = []
    for prompt in RISKY:
        messages = [{"role": "user", "content": prompt}]
        for answer in ANSWERS:
            reply = await chat(client, url, key, messages)
            if reply.startswith("ECHO:"):
                break
            messages = [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": answer}]
        histories.append(messages)
    return histories


async def chat(client, url: str, key: str, messages: list[dict], user: str | None = None) -> str:
    body: dict = {"model": "assistant", "messages": messages}
    if user:
        body["user"] = user
    response = await client.post(f"{url}/v1/chat/completions", json=body, headers={"Authorization": f"Bearer {key}"})
    response.raise_for_status()
    return response.json()["choices"][0]["message"]["content"]


def unique(messages: list[dict], mark: str) -> list[dict]:
    """The conversation with a per-request mark on its last user turn: no two requests share a text, so the
    guard's embedding cache cannot answer from an earlier request (real traffic rarely repeats itself)."""
    last = max(i for i, m in enumerate(messages) if m["role"] == "user")
    return [*messages[:last], {"role": "user", "content": f"{messages[last]['content']} ({mark})"}, *messages[last + 1:]]


def traffic(count: int, histories: list[list[dict]], tag: str) -> list[tuple[str, list[dict], str | None]]:
    """(kind, messages, user) per request; 3 benign : 1 risky first turn : 1 enrich conversation; every text unique."""
    plan = []
    for i in range(count):
        slot, mark = i % 5, f"ref {tag}-{i}"
        if slot < 3:
            plan.append(("pass", unique([{"role": "user", "content": BENIGN[i % len(BENIGN)]}], mark), None))
        elif slot == 3:
            plan.append(("ask", unique([{"role": "user", "content": RISKY[i % len(RISKY)]}], mark), f"{tag}-{i}"))
        else:
            plan.append(("enrich", unique(histories[i % len(histories)], mark), None))
    return plan


async def run(side: str, url: str, key: str, requests: list, concurrency: int) -> Result:
    import httpx

    latencies: dict[str, list[float]] = {"all": []}
    errors = 0
    queue: asyncio.Queue = asyncio.Queue()
    for item in requests:
        queue.put_nowait(item)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:

        async def worker() -> None:
            nonlocal errors
            while not queue.empty():
                kind, messages, user = queue.get_nowait()
                start = time.perf_counter()
                try:
                    await chat(client, url, key, messages, user)
                except Exception:
                    errors += 1
                    continue
                elapsed = time.perf_counter() - start
                latencies["all"].append(elapsed)
                latencies.setdefault(kind, []).append(elapsed)

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - began
    return Result(side, concurrency, len(latencies["all"]) / wall, latencies, errors)


async def warm_up(url: str, key: str, histories: list[list[dict]]) -> None:
    import httpx

    async with httpx.AsyncClient(timeout=300) as client:
        for _kind, messages, user in traffic(40, histories, "warm"):
            await chat(client, url, key, messages, user)


def guard_cost(samples: int = 60) -> dict[str, float]:
    """p50 (ms) of one guard decision in isolation (no proxy), defaults vs. light, over the same traffic mix."""
    import torch

    from penguin_guard import Guard, GuardConfig
    from penguin_guard.integrations.common import plan_turn

    torch.set_num_threads(1)
    costs = {}
    for side, config in (("guarded", GuardConfig()), ("guarded-light", GuardConfig(detector="patterns", policy="priority"))):
        guard = Guard(config)
        plan = traffic(samples, [[{"role": "user", "content": RISKY[0]}]], "cost")
        plan_turn(guard, plan[0][1])  # load models
        timings = []
        for i, (_kind, messages, user) in enumerate(plan):
            start = time.perf_counter()
            plan_turn(guard, messages, user or f"cost-{i}")
            timings.append(time.perf_counter() - start)
        costs[side] = statistics.median(timings) * 1000
    return costs


def report(results: list[Result], args: argparse.Namespace, load: str, costs: dict[str, float]) -> str:
    lines = [
        "## LiteLLM proxy",
        "",
        f"`python benchmarks/proxy_throughput.py --requests {args.requests} --rounds {args.rounds}` "
        f"({os.cpu_count()} CPUs, load average before the run: {load}; OMP_NUM_THREADS={args.torch_threads}). A real `litellm --config` proxy (recipe "
        "`integrations/litellm/config.yaml`) without the guardrail, with it (guard defaults: embedding detector, RAISE "
        "policy) and with it in its light setting (pattern detector, priority policy: the integration's own cost); "
        "loopback upstream in its own process, "
        "the load generator (httpx, asyncio) in a third. Traffic: 60% benign (pass), 20% risky first turns (ask, "
        "answered by the guarded proxy itself), 20% risky conversations carrying the answers (enrich). "
        f"{args.rounds} rounds in alternating order; median req/s per side, percentiles over all rounds' requests "
        f"({args.requests} per round), latencies in ms.",
        "",
        "| concurrency | proxy | req/s | p50 | p99 | p50 pass | p50 ask | p50 enrich | errors |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    verdicts = []
    for concurrency in args.concurrency:
        best = {}
        for side in SIDES:
            rows = [r for r in results if r.side == side and r.concurrency == concurrency]
            pooled: dict[str, list[float]] = {}
            for row in rows:
                for kind, values in row.latencies.items():
                    pooled.setdefault(kind, []).extend(values)
            best[side] = r = Result(side, concurrency, statistics.median(row.rps for row in rows), pooled,
                                    sum(row.errors for row in rows))
            lines.append(
                f"| {concurrency} | {side} | {r.rps:.0f} | {r.p(0.5):.1f} | {r.p(0.99):.1f} | {r.p(0.5, 'pass'):.1f} | "
                f"{r.p(0.5, 'ask'):.1f} | {r.p(0.5, 'enrich'):.1f} | {r.errors} |"
            )
        for side in SIDES[1:]:
            ratio = best[side].rps / best["unguarded"].rps
            added = best[side].p(0.5) - best["unguarded"].p(0.5)
            added_pass = best[side].p(0.5, "pass") - best["unguarded"].p(0.5, "pass")
            verdicts.append(
                f"- concurrency {concurrency}, {side}: throughput **{ratio:.2f}** x unguarded (target >= 0.8: "
                f"{'met' if ratio >= 0.8 else 'NOT met'}); added p50 **{added:+.1f} ms** over all traffic, "
                f"{added_pass:+.1f} ms on benign (pass) requests (target <= 10 ms: "
                f"{'met' if max(added, added_pass) <= 10 else 'NOT met'})."
            )
    cost_line = (f"- The guard's decision alone (same traffic, in-process, no proxy) takes p50 {costs['guarded']:.1f} ms "
                 f"with the defaults and {costs['guarded-light']:.2f} ms in the light setting.")
    return "\n".join([*lines, "", *verdicts, cost_line, ""])


async def measure(args: argparse.Namespace, upstream: str) -> list[Result]:
    import httpx

    env = {"PENGUIN_UPSTREAM_MODEL": "openai/test", "PENGUIN_UPSTREAM_API_BASE": upstream,
           "PENGUIN_UPSTREAM_API_KEY": "sk-bench", "OMP_NUM_THREADS": str(args.torch_threads)}
    with tempfile.TemporaryDirectory() as folder:
        proxies = {
            "unguarded": start_proxy(unguarded_config(Path(folder)), env=env, timeout=180),
            "guarded": start_proxy(RECIPE, env=env, timeout=180),
            "guarded-light": start_proxy(RECIPE, env={**env, **LIGHT}, timeout=180),
        }
        try:
            histories = {}  # each guard setting asks its own questions; unguarded gets the default's
            async with httpx.AsyncClient(timeout=300) as client:
                for side in SIDES[1:]:
                    histories[side] = await enrich_histories(client, proxies[side].url, proxies[side].master_key)
            histories["unguarded"] = histories["guarded"]
            for side, proxy in proxies.items():
                await warm_up(proxy.url, proxy.master_key, histories[side])
            results = []
            for round_ in range(args.rounds):
                for concurrency in args.concurrency:
                    for side in SIDES if round_ % 2 == 0 else tuple(reversed(SIDES)):
                        proxy = proxies[side]
                        plan = traffic(args.requests, histories[side], f"{side}-{round_}-{concurrency}")
                        result = await run(side, proxy.url, proxy.master_key, plan, concurrency)
                        print(f"round {round_} c={concurrency} {side:13s} {result.rps:6.0f} req/s  "
                              f"p50 {result.p(0.5):6.1f} ms  p99 {result.p(0.99):6.1f} ms  errors {result.errors}",
                              flush=True)
                        results.append(result)
            return results
        finally:
            for proxy in proxies.values():
                proxy.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per proxy, concurrency and round")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--torch-threads", type=int, default=1, help="OMP_NUM_THREADS of both proxies")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "RESULTS.md")
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    server = subprocess.Popen([sys.executable, "-c", SERVER],
                              stdout=subprocess.PIPE, text=True)
    try:
        upstream = server.stdout.readline().strip()  # type: ignore[union-attr]
        results = asyncio.run(measure(args, upstream))
    finally:
        server.terminate()
        server.wait(10)
    section = report(results, args, load, guard_cost())
    print(section)
    if args.out:
        write_section(args.out, section)


if __name__ == "__main__":
    main()
