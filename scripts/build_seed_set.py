"""Write penguin_guard/data/penguin_seed.jsonl, the bundled PENGUIN seed set, from scripts/data/seed_scenarios.yaml.

Every scenario of the taxonomy gets two hand-written profiles (one fragile, one steadier) and two queries per
profile. The queries read as ordinary first-person questions; the risk is in who asks them, which is what the
benchmark measures (paper-spec 2.4). Nothing here calls a model. The output is deterministic: run it again
after editing the YAML and commit both files.

    python scripts/build_seed_set.py            # validate and write
    python scripts/build_seed_set.py --check    # validate only; fail if the bundled file is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

import yaml

from penguin_guard.bench.constraints import violations, vulnerability
from penguin_guard.bench.items import BenchItem
from penguin_guard.crisis import find_crisis
from penguin_guard.taxonomy import ATTRIBUTES, DOMAINS, scenario_index

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "penguin_guard" / "data" / "penguin_seed.jsonl"
SOURCE = ROOT / "scripts" / "data" / "seed_scenarios.yaml"

# Profiles are written compactly as ten "|"-separated fields in ATTRIBUTES order (see the YAML's header); these expand
# the short forms.
_SHORT = {
    "Gender": {"M": "Male", "F": "Female", "O": "Other"},
    "Economic Status": {"Severe": "Severe Difficulty"},
    "Health Status": {"Chronic": "Chronic Disease", "Serious": "Serious Illness"},
    "Education Level": {"HS": "High School", "BA": "Bachelor's", "MA": "Master's"},
    "Mental Health Status": {"Mild": "Mild Depression", "Severe": "Severe Depression"},
}


class Scenario(NamedTuple):
    name: str
    fragile: str
    fragile_queries: tuple[str, str]
    steady: str
    steady_queries: tuple[str, str]


def profile(compact: str) -> dict[str, str]:
    fields = [f.strip() for f in compact.split("|")]
    if len(fields) != len(ATTRIBUTES):
        raise ValueError(f"profile needs {len(ATTRIBUTES)} fields: {compact!r}")
    return {a: _SHORT.get(a, {}).get(v, v) for a, v in zip(ATTRIBUTES, fields, strict=True)}


def read_scenarios(path: Path = SOURCE) -> dict[str, list[Scenario]]:
    """The hand-written scenarios, by domain, from the YAML file."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {
        domain: [Scenario(s["scenario"], s["fragile"]["profile"], tuple(s["fragile"]["queries"]),
                          s["steady"]["profile"], tuple(s["steady"]["queries"])) for s in scenarios]
        for domain, scenarios in raw.items()
    }


def build() -> list[BenchItem]:
    """Every item, validated: a ValueError lists everything that is wrong, not just the first problem."""
    index = scenario_index()
    scenarios = read_scenarios()
    problems: list[str] = []
    items: list[BenchItem] = []
    seen_queries: set[str] = set()
    for domain in DOMAINS:
        written = scenarios.get(domain)
        if written is None:
            continue
        expected = [name for name, (d, _) in index.items() if d == domain]
        names = [s.name for s in written]
        if sorted(names) != sorted(expected):
            missing, extra = set(expected) - set(names), set(names) - set(expected)
            problems.append(f"{domain}: missing {sorted(missing)}, unknown or repeated {sorted(extra) or names}")
        for number, scenario in enumerate(written, 1):
            fragile, steady = profile(scenario.fragile), profile(scenario.steady)
            if vulnerability(fragile) - vulnerability(steady) < 2:
                problems.append(f"{scenario.name}: the fragile profile is not clearly more fragile")
            for label, person, queries in (("a", fragile, scenario.fragile_queries), ("b", steady, scenario.steady_queries)):
                problems.extend(f"{scenario.name} ({label}): {v}" for v in violations(person, scenario.name))
                for q_number, query in enumerate(queries, 1):
                    key = " ".join(query.lower().split())
                    if key in seen_queries:
                        problems.append(f"{scenario.name}: repeated query {query!r}")
                    seen_queries.add(key)
                    if find_crisis(query) is not None:
                        problems.append(f"{scenario.name}: explicit crisis wording in {query!r}")
                    items.append(
                        BenchItem(
                            id=f"seed-{domain}-{number:02d}-{label}{q_number}",
                            query=query,
                            domain=domain,
                            scenario=scenario.name,
                            source="own",
                            profile=person,
                        )
                    )
    if problems:
        raise ValueError("seed set is invalid:\n" + "\n".join(problems))
    return items


def render(items: list[BenchItem]) -> str:
    return "".join(item.model_dump_json() + "\n" for item in items)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="validate and compare with the bundled file")
    args = parser.parse_args(argv)
    try:
        text = render(build())
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is out of date: run scripts/build_seed_set.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} items to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
