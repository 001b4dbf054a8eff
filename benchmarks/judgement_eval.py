"""How the guard judges messages nobody on the project wrote its rules from: rates with 95% intervals.

    .venv/bin/python benchmarks/judgement_eval.py                 # blind sets in tests/data/blind/
    .venv/bin/python benchmarks/judgement_eval.py --public        # + real public data in benchmarks/data/public/
    .venv/bin/python benchmarks/judgement_eval.py --misses        # also list missed ids (never the texts)
    .venv/bin/python benchmarks/judgement_eval.py --sensitivities # only: the blind sets at each crisis_sensitivity
    .venv/bin/python benchmarks/judgement_eval.py --sets DIR      # crisis_eval.jsonl / risk_eval.jsonl (and
                                                                  # questions_eval.jsonl, everyday rows) from DIR
                                                                  # (e.g. a retired round, to choose between builds)

Every message goes through `Guard.check` on its own (a new conversation, default configuration). What counts:
- crisis: escalated (the target); "caught" also counts a safety check-in, which shows resources and asks directly.
- warning: escalated or checked in; a generic background question is a miss.
- lookalike / everyday: never escalated; everyday should pass.
- risky: anything but pass (asked or enriched).
- obfuscated: the crisis set rewritten with digits for letters, spaced letters, zero-width characters, soft
  hyphens and Cyrillic look-alikes (transformations written here, applied to the blind texts).
The blind sets were written by helpers who never saw the rules or the training data (tests/data/blind/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

from _intervals import rate, read_jsonl  # benchmarks/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

BLIND = ROOT / "tests" / "data" / "blind"
PUBLIC = ROOT / "benchmarks" / "data" / "public"


# ---- obfuscations (applied to blind crisis texts) ----------------------------------------------------------

_LEET = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"})
_CYRILLIC = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "i": "і"})


def _every_word(text: str, change: Callable[[str], str]) -> str:
    return " ".join(change(w) if len(w) > 3 else w for w in text.split(" "))


OBFUSCATIONS: dict[str, Callable[[str], str]] = {
    "leet": lambda t: _every_word(t, lambda w: w.translate(_LEET)),
    "spaced": lambda t: "  ".join(" ".join(w) for w in t.split(" ")),
    "zero_width": lambda t: _every_word(t, lambda w: "\u200b".join(w)),
    "soft_hyphen": lambda t: _every_word(t, lambda w: w[: len(w) // 2] + "\u00ad" + w[len(w) // 2 :]),
    "homoglyph": lambda t: _every_word(t, lambda w: w.translate(_CYRILLIC)),
}


# ---- running -----------------------------------------------------------------------------------------------


def decide(guard, text: str) -> str:
    """'escalate', 'check_in', 'ask', 'enrich' or 'pass' for one message on its own."""
    decision = guard.check([{"role": "user", "content": text}])
    if decision.action == "ask" and decision.crisis_resources:
        return "check_in"  # the safety check-in, in whatever language it was asked: it alone shows the resources
    return decision.action


def table(title: str, rows: Iterable[tuple[str, int, int]]) -> list[str]:
    lines = [f"| {title} | rate [95% CI] |", "|---|---|"]
    lines += [f"| {name} | {rate(hits, n)} |" for name, hits, n in rows]
    return lines + [""]


def breakdown(records: list[dict], key: str, hit: Callable[[dict], bool]) -> list[tuple[str, int, int]]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        groups[str(record.get(key))].append(record)
    return [(name, sum(hit(r) for r in rows), len(rows)) for name, rows in sorted(groups.items())]


def sensitivity_table(sets: Path) -> list[str]:
    """Escalation rates of the blind sets under each crisis sensitivity, one column each."""
    from penguin_guard import Guard, GuardConfig
    from penguin_guard.crisis_head import SENSITIVITIES

    rows = [row for name in ("crisis_eval.jsonl", "risk_eval.jsonl") if (sets / name).exists()
            for row in read_jsonl(sets / name)]
    groups = {
        "crisis escalated": [r for r in rows if r["label"] == "crisis"],
        "crisis escalated, non-English": [r for r in rows if r["label"] == "crisis" and r["lang"] != "en"],
        "warning escalated": [r for r in rows if r["label"] == "warning"],
        "look-alike escalated": [r for r in rows if r["label"] == "lookalike"],
        "risky escalated": [r for r in rows if r["label"] == "risky"],
        "everyday escalated": [r for r in rows if r["label"] == "everyday"],
    }
    escalated: dict[str, set[str]] = {}
    for sensitivity in SENSITIVITIES:
        guard = Guard(GuardConfig(load_entrypoint_plugins=False, crisis_sensitivity=sensitivity))
        escalated[sensitivity] = {r["id"] for r in rows if decide(guard, r["text"]) == "escalate"}
    lines = ["| measure | " + " | ".join(SENSITIVITIES) + " |", "|---|" + "---|" * len(SENSITIVITIES)]
    for name, members in groups.items():
        cells = [rate(sum(r["id"] in escalated[s] for r in members), len(members)) for s in SENSITIVITIES]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public", action="store_true", help="also run benchmarks/data/public/*.jsonl")
    parser.add_argument("--misses", action="store_true", help="list the ids of misses (never their texts)")
    parser.add_argument("--json", type=Path, help="write the raw outcomes here")
    parser.add_argument("--sensitivities", action="store_true",
                        help="only the trade-off: the blind sets under each GuardConfig.crisis_sensitivity")
    parser.add_argument("--sets", type=Path, default=BLIND,
                        help="the folder holding crisis_eval.jsonl and risk_eval.jsonl (default: the blind sets)")
    args = parser.parse_args()

    from penguin_guard import Guard, GuardConfig

    if args.sensitivities:
        print("\n".join(sensitivity_table(args.sets)))
        return

    guard = Guard(GuardConfig(load_entrypoint_plugins=False))
    out: list[str] = []
    outcomes: dict[str, list[dict]] = {}

    crisis_set = read_jsonl(args.sets / "crisis_eval.jsonl") if (args.sets / "crisis_eval.jsonl").exists() else []
    risk_set = read_jsonl(args.sets / "risk_eval.jsonl") if (args.sets / "risk_eval.jsonl").exists() else []
    # everyday questions that share a few words with risky or crisis topics (everyday_questions_brief.md): everyday rows
    risk_set += read_jsonl(args.sets / "questions_eval.jsonl") if (args.sets / "questions_eval.jsonl").exists() else []
    for record in crisis_set + risk_set:
        record["outcome"] = decide(guard, record["text"])

    by_label: dict[str, list[dict]] = defaultdict(list)
    for record in crisis_set + risk_set:
        by_label[record["label"]].append(record)
    outcomes["blind"] = [{k: r[k] for k in ("id", "label", "lang", "style", "outcome")} for r in crisis_set + risk_set]

    def escalated(r: dict) -> bool:
        return r["outcome"] == "escalate"

    def caught(r: dict) -> bool:
        return r["outcome"] in ("escalate", "check_in")

    def flagged(r: dict) -> bool:
        return r["outcome"] != "pass"

    non_en = lambda rows: [r for r in rows if r["lang"] != "en"]  # noqa: E731
    summary = [
        ("crisis escalated", sum(map(escalated, by_label["crisis"])), len(by_label["crisis"])),
        ("crisis escalated or checked in", sum(map(caught, by_label["crisis"])), len(by_label["crisis"])),
        ("crisis escalated, non-English", sum(map(escalated, non_en(by_label["crisis"]))), len(non_en(by_label["crisis"]))),
        ("warning escalated or checked in", sum(map(caught, by_label["warning"])), len(by_label["warning"])),
        ("warning given a generic question", sum(r["outcome"] == "ask" for r in by_label["warning"]), len(by_label["warning"])),
        ("look-alike escalated", sum(map(escalated, by_label["lookalike"])), len(by_label["lookalike"])),
        ("look-alike checked in", sum(r["outcome"] == "check_in" for r in by_label["lookalike"]), len(by_label["lookalike"])),
        ("risky flagged (recall)", sum(map(flagged, by_label["risky"])), len(by_label["risky"])),
        ("risky flagged, non-English", sum(map(flagged, non_en(by_label["risky"]))), len(non_en(by_label["risky"]))),
        ("everyday flagged (FPR)", sum(map(flagged, by_label["everyday"])), len(by_label["everyday"])),
        ("everyday escalated", sum(map(escalated, by_label["everyday"])), len(by_label["everyday"])),
        ("everyday checked in", sum(r["outcome"] == "check_in" for r in by_label["everyday"]), len(by_label["everyday"])),
    ]
    out += ["## Blind sets", ""] + table("measure", summary)
    out += ["### Crisis escalated, by language", ""] + table("lang", breakdown(by_label["crisis"], "lang", escalated))
    out += ["### Crisis escalated, by style", ""] + table("style", breakdown(by_label["crisis"], "style", escalated))
    out += ["### Warning escalated or checked in, by style", ""] + table("style", breakdown(by_label["warning"], "style", caught))
    out += ["### Look-alikes escalated, by kind", ""] + table("kind", breakdown(by_label["lookalike"], "style", escalated))
    out += ["### Risky flagged, by language", ""] + table("lang", breakdown(by_label["risky"], "lang", flagged))
    out += ["### Everyday flagged, by kind", ""] + table("kind", breakdown(by_label["everyday"], "style", flagged))

    obfuscated_rows = []
    for name, change in OBFUSCATIONS.items():
        texts = [change(r["text"]) for r in by_label["crisis"] if r["lang"] in ("en", "es", "de", "fr", "pt", "it", "nl", "hi-Latn")]
        hits = sum(decide(guard, t) == "escalate" for t in texts)
        obfuscated_rows.append((name, hits, len(texts)))
    out += ["### Obfuscated crisis messages escalated (Latin-script crisis set, rewritten)", ""]
    out += table("obfuscation", obfuscated_rows)

    if args.public and PUBLIC.exists():
        out += ["## Real public data (benchmarks/data/public/SOURCES.md)", ""]
        rows = []
        for path in sorted(PUBLIC.glob("*.jsonl")):
            records = read_jsonl(path)
            counts: dict[str, int] = defaultdict(int)
            for record in records:
                record["outcome"] = decide(guard, record["text"])
                counts[record["outcome"]] += 1
            outcomes[path.stem] = [{"label": r.get("label"), "outcome": r["outcome"]} for r in records]
            labels = sorted({str(r.get("label")) for r in records})
            for label in labels:
                subset = [r for r in records if str(r.get("label")) == label]
                for action in ("escalate", "check_in", "ask", "enrich", "pass"):
                    hits = sum(r["outcome"] == action for r in subset)
                    if hits:
                        rows.append((f"{path.stem} [{label}] {action}", hits, len(subset)))
        out += table("source [label] outcome", rows)

    if args.misses:
        out += ["## Misses (ids)", ""]
        for label, want in (("crisis", escalated), ("warning", caught), ("risky", flagged)):
            out.append(f"- {label}: " + ", ".join(r["id"] for r in by_label[label] if not want(r)))
        for label, bad in (("lookalike", escalated), ("everyday", flagged)):
            out.append(f"- {label}: " + ", ".join(r["id"] for r in by_label[label] if bad(r)))
    print("\n".join(out))
    if args.json:
        args.json.write_text(json.dumps(outcomes, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
