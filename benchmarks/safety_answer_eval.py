"""How the guard reads answers to its safety check-in, on replies nobody here wrote: rates with 95% intervals.

    .venv/bin/python benchmarks/safety_answer_eval.py tests/data/blind/round52/safety_answer_eval.jsonl [--json out]

Each row is a reply to the check-in ("are you having thoughts of ending your life or of hurting yourself, or is
someone threatening to hurt you, right now?") labelled `no`, `yes` or `unclear`. Only a reply read as "no" lets the
conversation go on as usual (penguin_guard/escalate.py: `read_safety_answer`); "yes" and "unclear" escalate. What
counts: a `yes` or `unclear` reply read as "no" is a false clear (the one error that leaves someone at risk
without crisis support); a `no` reply not read as "no" escalates a person who said no.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from _intervals import rate, read_jsonl  # benchmarks/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--json", type=Path, help="write {id: {label, read}} here")
    args = parser.parse_args()

    from penguin_guard.escalate import read_safety_answer

    rows = read_jsonl(args.path)
    read = {row["id"]: read_safety_answer(row["reply"]) for row in rows}
    if args.json:
        args.json.write_text(json.dumps({r["id"]: {"label": r["label"], "read": read[r["id"]]} for r in rows}, indent=1),
                             encoding="utf-8")
    groups: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for row in rows:
        cleared = read[row["id"]] == "no"
        ok = cleared if row["label"] == "no" else not cleared
        lang = row.get("lang", "en")
        for key in dict.fromkeys(("all", f"style={row.get('style', '?')}", f"lang={'en' if lang == 'en' else 'not en'}",
                                  f"lang={lang}")):
            groups[("no" if row["label"] == "no" else "not no", key)].append(ok)
    for label, verb in (("not no", "escalated (yes or unclear not read as a no)"), ("no", "read as a no")):
        print(f"{label}: {verb}")
        for (name, key), oks in sorted(groups.items()):
            if name == label:
                print(f"  {key}: {rate(sum(oks), len(oks))}")
    confusion: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        confusion[(row["label"], read[row["id"]])] += 1
    print("label -> read: " + ", ".join(f"{label} -> {r}: {n}" for (label, r), n in sorted(confusion.items())))


if __name__ == "__main__":
    main()
