"""Sessions under load: many concurrent multi-turn conversations through real LiteLLM proxies sharing Redis.

    python benchmarks/load_sessions.py [--conversations 200] [--proxies 2] [--out benchmarks/RESULTS.md]

Starts `--proxies` guarded proxies (the shipped recipe, `integrations/litellm/config.yaml`) that share one Redis
session store (a fresh key prefix, deleted afterwards) and as many unguarded ones (the same recipe without its
`guardrails:` section), all in front of the loopback OpenAI-compatible server (penguin_guard.testing.LoopbackLLM), which runs in
this process so that its request log can be audited. Then it runs the same conversations through each side, all
at once (one asyncio task per conversation; each turn goes to the next proxy, so a conversation alternates):

- benign: 3-5 harmless questions;
- risky: a high-risk personal request, each clarifying question answered, then follow-ups (3-5 turns in all);
- crisis: a harmless question, an explicit crisis message, a follow-up.

Every user message carries its conversation's tag (`conv017x`), and every answer to a question a unique value
marker (`val017a`), so the upstream log shows where each context value went. Checks: zero cross-session leaks
(every tag and value marker in an upstream request belongs to that request's own conversation), zero lost turns
(every turn answered with HTTP 200 and text; every risky conversation reaches the upstream with its first answer
in the context), zero 5xx; and the latency the guard adds (guarded minus unguarded p50/p99, per turn). The full
load also goes through the unguarded proxies once, so that a transport failure seen on both sides is known to be
the proxy's or the host's limit, not the guard's.

PENGUIN_GUARD_* variables pass through to the guarded proxies (defaults: the shipped configuration).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from _proxy_bench import BENIGN, RECIPE, RISKY, unguarded_config, write_section  # noqa: E402

from penguin_guard.testing import LoopbackLLM, start_proxy  # noqa: E402

SECTION = "## Sessions under load"
CRISIS = "I want to end my life tonight, I can't do this anymore."
ANSWERS = ["honestly pretty hopeless", "I've had depression for years", "no, never", "I work as a nurse", "fine"]
FIRST_ANSWER_VALUE = 'Emotional State: \\"pretty hopeless\\"'  # as it appears in the JSON-encoded messages
FOLLOW_UPS = ["Thanks. What should I do first?", "Can you say that more briefly?", "What else should I keep in mind?"]
TAG = re.compile(r"conv(\d{3})x")
MARKER = re.compile(r"val(\d{3})[a-f]")


@dataclass
class Conversation:
    index: int
    kind: str  # benign / risky / crisis
    turns: int  # planned turns (3-5)
    latencies: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    empty_replies: int = 0
    answered: int = 0  # clarifying questions this conversation answered
    reached_upstream: bool = False
    failures: list[str] = field(default_factory=list)  # what a non-200 or a transport failure said

    @property
    def tag(self) -> str:
        return f"conv{self.index:03d}x"

    def marker(self, n: int) -> str:
        return f"val{self.index:03d}{'abcdef'[n]}"


def plan(count: int, seed: int) -> list[Conversation]:
    rng = random.Random(seed)
    kinds = ["benign", "risky", "crisis"]
    return [Conversation(i, kinds[i % 3] if i % 5 else "risky", rng.randint(3, 5)) for i in range(count)]


async def converse(conv: Conversation, client, proxies: list, guarded: bool, run: str) -> None:
    """Play one conversation; turn t goes to proxies[(index + t) % n]."""
    messages: list[dict] = []
    answers = 0
    in_questions = False
    for turn in range(8):
        if turn >= conv.turns and not in_questions:
            break
        if in_questions:
            text = f"{ANSWERS[answers % len(ANSWERS)]}, {conv.marker(answers)}"
            answers += 1
            conv.answered = answers
        elif turn == 0 and conv.kind == "risky":
            text = f"{RISKY[conv.index % len(RISKY)]} (ref {conv.tag})"
        elif turn == 1 and conv.kind == "crisis":
            text = f"{CRISIS} (ref {conv.tag})"
        elif turn == 0 or conv.kind == "benign":
            text = f"{BENIGN[(conv.index + turn) % len(BENIGN)]} (ref {conv.tag})"
        else:
            text = f"{FOLLOW_UPS[turn % len(FOLLOW_UPS)]} (ref {conv.tag})"
        messages.append({"role": "user", "content": text})
        proxy = proxies[(conv.index + turn) % len(proxies)]
        headers = {"Authorization": f"Bearer {proxy.master_key}"}
        if guarded:
            headers["x-penguin-session-id"] = f"{run}-{conv.tag}"
        started = time.perf_counter()
        try:
            response = await client.post(f"{proxy.base_url}/chat/completions", headers=headers,
                                         json={"model": "assistant", "messages": messages})
            status = response.status_code
            reply = response.json()["choices"][0]["message"]["content"] if status == 200 else ""
            if status != 200:
                conv.failures.append(f"turn {turn}: HTTP {status}: {response.text[:200]}")
        except Exception as exc:
            status, reply = 599, ""  # transport failure: counted with the 5xx
            conv.failures.append(f"turn {turn}: {type(exc).__name__}: {str(exc)[:200]}")
        conv.latencies.append(time.perf_counter() - started)
        conv.statuses.append(status)
        if not reply:
            conv.empty_replies += 1
            return
        # The guard answers a question itself; anything from the upstream is the loopback's echo.
        in_questions = guarded and conv.kind == "risky" and not reply.startswith("ECHO:") and not conv.reached_upstream
        if conv.kind == "risky" and reply.startswith("ECHO:"):
            conv.reached_upstream = True
        messages.append({"role": "assistant", "content": reply})


async def run_side(conversations: list[Conversation], proxies: list, guarded: bool, run: str,
                   limit: int | None = None) -> float:
    """All conversations at once, or at most `limit` in flight; returns the wall time."""
    import httpx

    gate = asyncio.Semaphore(limit or len(conversations))
    size = limit or len(conversations)
    # Idle connections are dropped after 2 s, before uvicorn's 5 s keep-alive closes them from the other end: a
    # request sent on a connection the server is closing at that moment fails with a ReadError (a client race).
    limits = httpx.Limits(max_connections=size, max_keepalive_connections=size, keepalive_expiry=2.0)
    async with httpx.AsyncClient(timeout=180, limits=limits) as client:

        async def one(conv: Conversation) -> None:
            async with gate:
                await converse(conv, client, proxies, guarded, run)

        began = time.perf_counter()
        await asyncio.gather(*(one(c) for c in conversations))
        return time.perf_counter() - began


def audit(requests: list[dict], conversations: list[Conversation]) -> dict:
    """Leaks: a request holding another conversation's tag or value marker. Lost: see the module docstring."""
    leaks = untagged = 0
    first_answer_seen: set[int] = set()
    for body in requests:
        text = json.dumps(body.get("messages"), ensure_ascii=False)
        tags = set(TAG.findall(text))
        markers = set(MARKER.findall(text))
        if len(tags) != 1:
            untagged += len(tags) == 0
            leaks += len(tags) > 1
            continue
        (own,) = tags
        leaks += len(markers - {own})
        # The guard sends what it extracted from an answer, not the answer: the first answer ("honestly pretty
        # hopeless, val017a") reaches the upstream as the feeling phrase in the background block.
        if f"val{own}a" in text or FIRST_ANSWER_VALUE in text:
            first_answer_seen.add(int(own))
    risky = [c for c in conversations if c.kind == "risky"]
    lost = sum(1 for c in conversations if c.empty_replies or len(c.statuses) < c.turns)
    lost += sum(1 for c in risky if not c.reached_upstream)
    context_lost = sum(1 for c in risky if c.answered and c.index not in first_answer_seen)
    return {"leaks": leaks, "untagged": untagged, "lost_turns": lost, "context_lost": context_lost}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--proxies", type=int, default=2)
    parser.add_argument("--redis", default=os.environ.get("PENGUIN_GUARD_TEST_REDIS", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--latency-concurrency", type=int, default=16, help="conversations in flight, latency phase")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds per side, latency phase")
    parser.add_argument("--out", type=Path, default=None, help="RESULTS.md to write the section into")
    args = parser.parse_args()

    import redis

    server = LoopbackLLM().start()
    prefix = f"pgload:{uuid.uuid4().hex[:8]}:"
    store = f"{args.redis}?prefix={prefix}"
    base_env = {"PENGUIN_UPSTREAM_MODEL": "openai/test", "PENGUIN_UPSTREAM_API_BASE": server.url,
                "PENGUIN_UPSTREAM_API_KEY": "sk-test", "OMP_NUM_THREADS": "1"}
    guarded_env = {"PENGUIN_GUARD_STORE": store, **{k: v for k, v in os.environ.items() if k.startswith("PENGUIN_GUARD_")}}
    guarded_env["PENGUIN_GUARD_STORE"] = store
    with tempfile.TemporaryDirectory() as folder:
        plain = unguarded_config(Path(folder))
        with ThreadPoolExecutor(max_workers=2 * args.proxies) as pool:
            started = [pool.submit(start_proxy, RECIPE, env={**base_env, **guarded_env}, timeout=240)
                       for _ in range(args.proxies)]
            started += [pool.submit(start_proxy, plain, env=base_env, timeout=240) for _ in range(args.proxies)]
            proxies = [f.result() for f in started]
        guarded, unguarded = proxies[: args.proxies], proxies[args.proxies:]
        try:
            # Warm-up (models loaded, connections open on every proxy); not measured.
            asyncio.run(run_side(plan(20, seed=1), guarded, guarded=True, run="warm", limit=10))
            asyncio.run(run_side(plan(20, seed=1), unguarded, guarded=False, run="warm", limit=10))
            server.reset()
            # 1. Correctness under load: every conversation at once through the guarded proxies.
            convs = plan(args.conversations, args.seed)
            wall = asyncio.run(run_side(convs, guarded, guarded=True, run="load"))
            requests = list(server.requests)
            # 1b. The same full load through the unguarded proxies: a transport failure on both sides is the proxy's
            # or the host's limit, not the guard's.
            plain_convs = plan(args.conversations, args.seed)
            plain_wall = asyncio.run(run_side(plain_convs, unguarded, guarded=False, run="load-plain"))
            server.reset()
            # 2. Added latency: the same conversations at a moderate concurrency, sides alternating; best round each.
            rounds: dict[str, list[list[Conversation]]] = {"guarded": [], "unguarded": []}
            for r in range(args.rounds):
                for side, targets in (("unguarded", unguarded), ("guarded", guarded)):
                    batch = plan(args.conversations, args.seed)
                    asyncio.run(run_side(batch, targets, guarded=side == "guarded", run=f"lat{r}", limit=args.latency_concurrency))
                    rounds[side].append(batch)
                server.reset()
        finally:
            for proxy in proxies:
                proxy.stop()
            server.stop()
            client = redis.Redis.from_url(args.redis)
            for key in client.scan_iter(match=prefix + "*"):
                client.delete(key)

    result = audit(requests, convs)
    statuses = [s for c in convs for s in c.statuses]
    five_xx = sum(1 for s in statuses if s >= 500)
    non_200 = sum(1 for s in statuses if s != 200)
    under_load = [x for c in convs for x in c.latencies]
    numbers = {
        "conversations": len(convs), "turns": len(statuses), "upstream_requests": len(requests),
        "5xx": five_xx, "non_200": non_200, **result, "wall_s": wall,
        "load_p50_ms": percentile(under_load, 0.5), "load_p99_ms": percentile(under_load, 0.99),
    }
    latency_5xx = sum(1 for side in rounds.values() for batch in side for c in batch for s in c.statuses if s >= 500)
    numbers["latency_phase_5xx"] = latency_5xx
    plain_statuses = [s for c in plain_convs for s in c.statuses]
    numbers["unguarded_load_wall_s"] = plain_wall
    numbers["unguarded_load_5xx"] = sum(1 for s in plain_statuses if s >= 500)
    numbers["unguarded_load_lost_turns"] = sum(1 for c in plain_convs if c.empty_replies or len(c.statuses) < c.turns)
    numbers["unguarded_load_failures"] = [f"{c.tag}: {f}" for c in plain_convs for f in c.failures]
    numbers["failures"] = [f"{c.tag}: {f}" for c in convs for f in c.failures]
    numbers["failures"] += [f"{c.tag} (latency phase): {f}" for side in rounds.values() for batch in side
                            for c in batch for f in c.failures]
    for side, batches in rounds.items():
        def pick(batch, kinds=("benign", "risky", "crisis")):
            return [x for c in batch if c.kind in kinds for x in c.latencies]

        best = min(batches, key=lambda b: percentile(pick(b), 0.5))
        for label, kinds in (("all", ("benign", "risky", "crisis")), ("benign", ("benign",)), ("risky", ("risky",)),
                             ("crisis", ("crisis",))):
            numbers[f"{side}_{label}_p50_ms"] = percentile(pick(best, kinds), 0.5)
            numbers[f"{side}_{label}_p99_ms"] = percentile(pick(best, kinds), 0.99)
    print(json.dumps(numbers, indent=2))
    ok = five_xx == 0 and latency_5xx == 0 and result["leaks"] == 0 and result["lost_turns"] == 0 and result["context_lost"] == 0
    config = {k: v for k, v in guarded_env.items() if k != "PENGUIN_GUARD_STORE"}
    section = "\n".join([
        SECTION,
        "",
        f"`python benchmarks/load_sessions.py --conversations {args.conversations} --proxies {args.proxies}` "
        f"({os.cpu_count()} CPUs, shared with other work; guard settings: "
        f"{', '.join(f'{k}={v}' for k, v in sorted(config.items())) or 'shipped defaults'}). {args.proxies} guarded "
        f"LiteLLM proxies sharing one Redis store, {args.proxies} unguarded ones for the baseline, loopback upstream. "
        f"{len(convs)} conversations at once (benign / risky / crisis, 3-5 turns; risky ones answer every question), "
        "each turn sent to the next proxy, so every conversation alternates between processes.",
        "",
        "| check | result |",
        "| --- | --- |",
        f"| turns sent / upstream requests | {len(statuses)} / {len(requests)} |",
        f"| cross-session leaks (foreign tag or value in an upstream request) | **{result['leaks']}** |",
        f"| lost turns (no 200 with text, or a risky conversation never answered) | **{result['lost_turns']}** |",
        f"| risky conversations whose first answer is missing upstream | **{result['context_lost']}** |",
        f"| 5xx responses | **{five_xx}** (non-200: {non_200}); in the latency phase: **{latency_5xx}** |",
        f"| the same full load through the unguarded proxies: 5xx (transport failures counted) / lost turns | "
        f"{numbers['unguarded_load_5xx']} / {numbers['unguarded_load_lost_turns']} ({plain_wall:.1f} s wall) |",
        "",
        f"Under full load (all {len(convs)} at once, {wall:.1f} s wall) the per-turn latency is mostly queueing: "
        f"p50 {numbers['load_p50_ms']:.0f} ms, p99 {numbers['load_p99_ms']:.0f} ms. The added latency is measured "
        f"with the same conversations at {args.latency_concurrency} in flight, guarded and unguarded proxies "
        f"alternating for {args.rounds} rounds (best round per side):",
        "",
        "| latency per turn (ms) | unguarded p50 | guarded p50 | **added p50** | unguarded p99 | guarded p99 | **added p99** |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        *[
            f"| {label} | {numbers[f'unguarded_{label}_p50_ms']:.0f} | {numbers[f'guarded_{label}_p50_ms']:.0f} | "
            f"**{numbers[f'guarded_{label}_p50_ms'] - numbers[f'unguarded_{label}_p50_ms']:+.0f}** | "
            f"{numbers[f'unguarded_{label}_p99_ms']:.0f} | {numbers[f'guarded_{label}_p99_ms']:.0f} | "
            f"**{numbers[f'guarded_{label}_p99_ms'] - numbers[f'unguarded_{label}_p99_ms']:+.0f}** |"
            for label in ("all", "benign", "risky", "crisis")
        ],
        "",
        "Benign turns go upstream on both sides (the cleanest view of the guard's own cost: detection plus a Redis "
        "read); risky turns are mostly questions the guarded proxy answers itself, without the upstream; crisis "
        "turns add the resources and the crisis-safety call. "
        f"Verdict: {'all checks pass' if ok else 'CHECKS FAILED'}.",
        "",
    ])
    if args.out:
        write_section(args.out, section)
    else:
        print(section)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
