"""How many questions the guard's fast mode asks, and which first, with a cooperative simulated user.

For each held-out seed item (every fifth item of penguin_guard/data/penguin_seed.jsonl, 112 items over the seven
domains), the item's query goes through a default `Guard` (detector, extraction, RAISE fast mode); while it asks,
a cooperative simulated user answers from the item's profile (the benchmark's scripted answers, e.g. "Severe
Difficulty"). Conversations the detector does not flag are counted apart. Reported per domain: risky
conversations, mean questions, the first questions asked, and how many spent the whole budget.

Two libraries, so the comparison is fair (no item reads its own path):
- before: the earlier bundled rule, written not planned: Emotional State, Mental Health Status, Past Self-Harm
  History, then the domain's priority table, for every query, with the earlier fast-mode options (min_gain 0.15,
  decay 0.7, no self-harm rule);
- after: paths planned by the MCTS planner against the no-model proxy reward (scripts/build_path_library.py,
  penguin_guard/raise_policy/proxy_reward.py) for the other 448 seed items, with the current options.
No model is called; the proxy reward is hand-written, so this measures the question economy, not safety.

    .venv/bin/python benchmarks/question_economy.py
    .venv/bin/python benchmarks/question_economy.py --blind   # the bundled library on prompts nobody tuned it on

--blind: the risky prompts of the blind risk set (tests/data/blind/round18/risk_eval.jsonl, written by a helper that saw
nothing of the project; 16 languages) through a default Guard with the bundled library, each answered by a
cooperative user whose profile is a seed item of the prompt's domain (drawn with a fixed seed). The library was
planned on the seed items' queries, never on these prompts.
"""

from __future__ import annotations

import collections
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_path_library import build  # noqa: E402

from penguin_guard import Guard, GuardConfig  # noqa: E402
from penguin_guard.bench.items import BenchItem  # noqa: E402
from penguin_guard.bench.seed import load_seed  # noqa: E402
from penguin_guard.bench.simulate import template_answer  # noqa: E402
from penguin_guard.policy import priority_for  # noqa: E402
from penguin_guard.raise_policy.library import PathLibrary, PathRecord  # noqa: E402
from penguin_guard.session import MemoryStore  # noqa: E402
from penguin_guard.taxonomy import DOMAINS  # noqa: E402


def split(items: list[BenchItem]) -> tuple[list[BenchItem], list[BenchItem]]:
    """(library items, held-out items): every fifth item is held out."""
    return [i for n, i in enumerate(items) if n % 5], [i for n, i in enumerate(items) if n % 5 == 0]


def rule_library(items: list[BenchItem]) -> PathLibrary:
    """The earlier bundled library's rule: the same three first questions for everyone."""
    from penguin_guard.embed import encode

    records = [PathRecord(query=i.query, domain=i.domain, path=priority_for(i.domain)[:5], score=4.3,
                          source="prior", item_id=i.id) for i in items]
    return PathLibrary(records, encode([r.query for r in records]), {"source": "prior"})


def converse(guard: Guard, item: BenchItem, session: str, turns: int = 10) -> dict[str, Any]:
    messages = [{"role": "user", "content": item.query}]
    asked: list[str] = []
    rng = random.Random(session)
    decision = guard.check(messages, session_id=session)
    first = decision
    while decision.action == "ask" and len(asked) < turns:
        asked.append(decision.attribute or "")  # no attribute: the guard's safety check-in
        answer = template_answer(item, decision.attribute, "cooperative", rng)
        messages += [{"role": "assistant", "content": decision.question or ""}, {"role": "user", "content": answer}]
        decision = guard.check(messages, session_id=session)
    guard.forget(session)
    return {"risky": first.risk.is_risky, "asked": asked, "final": decision.action,
            "budget": decision.questions_asked >= 3}


def measure(guard: Guard, items: list[BenchItem]) -> dict[str, Any]:
    per_domain: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for n, item in enumerate(items):
        per_domain[item.domain].append(converse(guard, item, f"qe-{n}"))
    return per_domain


def table(name: str, per_domain: dict[str, list[dict[str, Any]]]) -> list[float]:
    print(f"\n{name}")
    print("| domain | risky / items | mean questions (risky) | first questions | spent the whole budget |")
    print("|---|---|---|---|---|")
    everything = []
    for domain in DOMAINS:
        runs = per_domain.get(domain, [])
        risky = [r for r in runs if r["risky"]]
        counts = [len(r["asked"]) for r in risky]
        everything += counts
        firsts = collections.Counter(r["asked"][0] for r in risky if r["asked"])
        spent = sum(1 for r in risky if len(r["asked"]) >= 3)
        first_text = ", ".join(f"{a or 'safety check-in'} {c}" for a, c in firsts.most_common(3)) or "–"
        mean = f"{statistics.fmean(counts):.2f}" if counts else "–"
        print(f"| {domain} | {len(risky)} / {len(runs)} | {mean} | {first_text} | {spent} |")
    firsts_all = {r["asked"][0] for runs in per_domain.values() for r in runs if r["risky"] and r["asked"]} - {""}
    print(f"all risky conversations: {len(everything)}, mean questions {statistics.fmean(everything):.2f}, "
          f"distinct first questions {len(firsts_all)}")
    return everything


def blind_items() -> list[BenchItem]:
    """The blind set's risky prompts, each with the profile of a seed item of its domain."""
    import json

    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "blind" / "round18" / "risk_eval.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    by_domain: dict[str, list[BenchItem]] = collections.defaultdict(list)
    for item in load_seed():
        by_domain[item.domain].append(item)
    rng = random.Random(20261203)
    return [rng.choice(by_domain[row["domain"]]).model_copy(update={"query": row["text"], "id": row["id"]})
            for row in rows if row["label"] == "risky" and row.get("domain") in by_domain]


def main() -> None:
    if "--blind" in sys.argv[1:]:
        table("the bundled library, default Guard, blind risky prompts", measure(Guard(store=MemoryStore()),
                                                                                  blind_items()))
        return
    library_items, held_out = split(load_seed())
    with tempfile.TemporaryDirectory() as folder:
        before_dir, after_dir = Path(folder, "before"), Path(folder, "after")
        rule_library(library_items).save(before_dir)
        build(library_items, "seed minus the held-out fifth").save(after_dir)
        earlier = {"library": str(before_dir), "min_gain": 0.15, "decay": 0.7, "self_harm_when_signalled": False}
        before = Guard(GuardConfig(policy="raise", policy_options=earlier), store=MemoryStore())
        after = Guard(GuardConfig(policy="raise", policy_options={"library": str(after_dir)}), store=MemoryStore())
        table("before: the rule library (same first three questions for everyone)", measure(before, held_out))
        table("after: planned paths (MCTS, proxy reward), current fast mode", measure(after, held_out))


if __name__ == "__main__":
    main()
