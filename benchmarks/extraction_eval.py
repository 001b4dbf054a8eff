"""How well the offline attribute extractor reads replies: rates with Wilson 95% intervals.

    .venv/bin/python benchmarks/extraction_eval.py                                   # tests/data/blind/extraction_eval.jsonl
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_train.jsonl  # the dev set
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_train_r2.jsonl  # dev set r2 (work, money,
                                                      # health, schooling, self-harm, gender/marital, es/de/fr/pt/hi-Latn)
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_holdout_r3.jsonl  # written after r2's rules
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_holdout_r4.jsonl  # written before the clause
                                                      # head and its data (135 rows; used to set its cut-offs since)
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_holdout_r5.jsonl  # written after the head,
                                                      # scored once first (76 rows: long replies, es/de/fr/pt/hi-Latn)
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_holdout_r6.jsonl  # written before the it/zh
                                                      # rules and data (115 rows: it, zh, long replies, indirect
                                                      # self-harm and feelings, declines and wave-aways)
    .venv/bin/python benchmarks/extraction_eval.py scripts/data/extraction_dev_r8.jsonl  # nl/pl/ja, first requests,
                                                      # gender by grammar, activities, casual money (odd ids: dev)
    .venv/bin/python benchmarks/extraction_eval.py FILE --json                        # machine-readable
    .venv/bin/python benchmarks/extraction_eval.py FILE --no-encoder                  # rules only
    .venv/bin/python benchmarks/extraction_eval.py FILE --misses                      # ids and attribute names of misses

Input: JSONL rows with `id`, `asked` (an attribute, or null for a first request), `reply`, `kind`,
`expected_values` ({attribute: value}), `expected_declined` ([attribute]), `lang`; `expected_unanswered` is
optional. Every row goes through `penguin_guard.extract.extract_offline(reply, asked)` on its own.

What is reported, overall, by kind and by lang:
- recall: expected (attribute, value) pairs that the extractor stored with an agreeing value / expected pairs;
- precision: stored (attribute, value) pairs that agree with an expected pair / stored pairs;
- per attribute: the same two, restricted to that attribute;
- off-topic stored: `off_topic` and `empty_or_filler` rows whose asked attribute has no expected value, and
  the extractor stored one anyway (lower is better);
- decline recognition: rows with `expected_declined` whose declined list holds every expected attribute;
- false declines: rows with an asked attribute and no expected decline where anything was declined (lower is
  better); `wave_away` rows are not counted here:
- wave-aways taken as declines: `wave_away` rows whose asked attribute was declined. The extractor's contract
  (penguin_guard.models.Extraction) files a wave-away ("just answer my question") under `declined`, so the guard
  answers at once with what it knows; the blind sets' writers were told a wave-away is no decline, and list none;
- unanswered agreement (rows that carry `expected_unanswered`): the unanswered list equals the expected one;
- latency per reply (mean and 95th percentile, ms), the encoder's first load excluded by a warm-up call.
Intervals are 95% Wilson score intervals. Nothing of a reply or a value is printed, only ids and attribute names.

The matcher (`values_agree`), lenient on purpose since a value is free text:
1. Both sides are lower-cased, NFKC-normalised and stripped of punctuation at the ends. Equal -> agree.
2. Labelled attributes (Gender, Marital Status, Past Self-Harm History) and yes/no-style expected values
   ("Yes", "No", "None", "None reported", "No conditions reported", "Never", "N/A") are compared as normalised
   labels: Gender -> male / female / non-binary (trans man / trans woman kept apart); Marital Status -> single
   (incl. "never married", a recent breakup), married, divorced (incl. divorcing), separated, widowed, engaged,
   relationship; yes/no -> yes or no ("None", "never", "not really", "no diagnoses", ... are no). When both
   sides have a label they agree exactly when the labels are equal; an expected yes/no label never agrees with
   a stored value that has none.
3. Numbers: when both sides hold a number (ages, amounts; "30k" = 30000, "1,500" = 1500), they agree when
   they share one.
4. A stored negation label ("None", "None reported", "No conditions reported") agrees with an expected negation
   in other words ("no health problems", "no diagnoses", "healthy"); a stored "Unemployed" with an expected
   "no job", "lost job in March", "between jobs" (both sides say the user is without work).
5. Otherwise they agree when one contains the other, or when they share a content word after dropping stop
   words, where words are compared on a light stem (common suffixes removed, with the consonant they doubled, first five
   letters: "depressed" ~ "depression", "anxious" ~ "anxiety", "getting by" ~ "get by").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
import unicodedata
from collections import defaultdict
from pathlib import Path

from _intervals import read_jsonl, wilson  # benchmarks/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

DEFAULT = ROOT / "tests" / "data" / "blind" / "extraction_eval.jsonl"
LABELLED = {"Gender", "Marital Status", "Past Self-Harm History"}
NONE_ATTRIBUTES = {"Past Self-Harm History", "Mental Health Status", "Health Status"}
OFF_TOPIC_KINDS = {"off_topic", "empty_or_filler"}

_STOP = frozenset(["a", "an", "the", "i", "i'm", "im", "i've", "ive", "i'd", "me", "my", "mine", "myself", "we", "our", "us", "you", "your", "he", "she", "it", "its", "they", "them", "this", "that", "these", "those", "and", "or", "but", "so", "if", "then", "than", "as", "of", "to", "in", "on", "at", "for", "with", "by", "from", "about", "into", "over", "under", "up", "down", "out", "off", "again", "just", "is", "am", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did", "doing", "not", "no", "nor", "very", "really", "quite", "pretty", "kind", "sort", "bit", "little", "lot", "lots", "some", "any", "all", "each", "more", "most", "much", "many", "few", "own", "same", "too", "can", "will", "would", "should", "could", "might", "may", "must", "now", "right", "still", "also", "even", "only", "ever", "never", "yet", "already", "how", "what", "when", "where", "who", "why", "which", "y", "o", "de", "la", "el", "en", "que", "un", "una", "mi", "me", "es", "und", "der", "die", "das", "ich", "bin", "mein", "ein", "eine", "et", "le", "les", "je", "suis", "mon", "ma", "e", "os", "as", "eu", "sou", "meu", "minha", "hai", "hoon", "hu", "main", "aur", "bhi"])
_YESNO_EXPECTED = re.compile(r"^(?:yes|no|none|none reported|no conditions reported|never|n/?a|nothing|nope)$")
_NO_LIKE = re.compile(
    r"^(?:no|none|never|nope|nothing|not really|not that i (?:know|remember|recall)|i don'?t think so|"
    r"don'?t think so|none reported|no conditions reported|nunca|nein|nie|non|jamais|não|nao|nahi|nahin)\b|"
    r"^no\s+\w+|^(?:i'?ve |i have )?never\b"
)
_YES_LIKE = re.compile(r"^(?:yes|yeah|yep|yup|true|sí|si|ja|oui|sim|haan)\b")
_SUFFIX = re.compile(r"(?:ations?|ation|ness|ment|ities|ity|ions?|ious|ous|iety|ety|ing|ied|ies|ed|es|ly|al|y|s)$")


def rate(hits: int, n: int) -> dict:
    low, high = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": round(hits / n, 4) if n else None, "ci95": [round(low, 4), round(high, 4)]}


def fmt(r: dict) -> str:
    if not r["n"]:
        return "n/a"
    return f"{r['hits']}/{r['n']} = {r['rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"


# ---- the matcher --------------------------------------------------------------------------------------------


def _norm(value: str) -> str:
    text = unicodedata.normalize("NFKC", str(value)).lower().replace("\u2019", "'")
    return " ".join(text.split()).strip(" .,;:!?\"'()")


def _gender(value: str) -> str | None:
    words = set(re.findall(r"[\w-]+", value))
    trans = "trans" in words or "transgender" in words
    if words & {"non-binary", "nonbinary", "nb", "enby", "genderqueer", "genderfluid", "agender"} or "non binary" in value:
        return "non-binary"
    if words & {"female", "woman", "girl", "lady", "f", "mujer", "frau", "femme", "mulher", "ladki", "aurat", "mom",
                "mother", "feminino", "femenino", "weiblich"}:
        return "trans woman" if trans else "female"
    if words & {"male", "man", "guy", "boy", "m", "hombre", "mann", "homme", "homem", "ladka", "mard", "dude", "dad",
                "father", "masculino", "männlich"}:
        return "trans man" if trans else "male"
    return None


def _marital(value: str) -> str | None:
    checks = (
        ("single", r"\bsingle\b|never married|not married|unmarried|solter|ledig|célibataire|break ?up|broke up|"
            r"no (?:husband|wife|partner|boyfriend|girlfriend|spouse)\b"),
        ("widowed", r"widow|viud|viúv|verwitwet|veuf|veuve"),
        ("divorced", r"divorc|geschieden|talaq"),
        ("separated", r"separat|getrennt|sépar"),
        ("engaged", r"engaged|fianc|verlobt|comprometid|noiv"),
        ("married", r"married|casad|verheiratet|marié|shaadi|husband|wife|spouse"),
        ("relationship", r"relationship|boyfriend|girlfriend|partner|dating"),
    )
    for label, pattern in checks:
        if re.search(pattern, value):
            return label
    return None


def _yes_no(value: str) -> str | None:
    if _YES_LIKE.match(value):
        return "yes"
    if _NO_LIKE.match(value):
        return "no"
    return None


# The project's negation labels (penguin_guard.extract.NONE_LABELS) and the writers' plain ways of saying the same.
_NONE_STORED = frozenset({"none", "none reported", "no conditions reported"})
_HEALTHY = re.compile(r"^(?:healthy|in good health|no (?:\w+ )?(?:health )?(?:problems?|issues?|conditions?|illness(?:es)?|"
                      r"diagnos[ie]s|disorders?)\b)")
_BUT = re.compile(r"\b(?:but|except|apart from|besides|other than|though|although)\b")
# Being without work, however said: "no job", "lost job in March", "just laid off" are "Unemployed".
_UNEMPLOYED = re.compile(r"unemploy|\bno (?:job|work)\b|jobless|out of work|not working|between jobs|laid off|"
                         r"lost (?:my |the |a |his |her )?job")


def _label(attribute: str, value: str) -> str | None:
    if attribute == "Gender":
        return _gender(value)
    if attribute == "Marital Status":
        return _marital(value)
    return _yes_no(value)


def _numbers(value: str) -> set[float]:
    found = set()
    for number, suffix in re.findall(r"(\d[\d,]*(?:\.\d+)?)\s*(k|grand|thousand)?\b", value):
        amount = float(number.replace(",", ""))
        found.add(amount * 1000 if suffix else amount)
    return found


def _stem(word: str) -> str:
    if len(word) > 4:
        stripped = _SUFFIX.sub("", word) or word
        if stripped != word and re.search(r"([b-df-hj-np-tv-z])\1$", stripped):
            stripped = stripped[:-1]  # "getting" -> "get", "planned" -> "plan": the doubled consonant goes with the suffix
        word = stripped
    return word[:5]


def _content(value: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", value) if w not in _STOP and len(w) > 1}


def values_agree(attribute: str, expected: str, stored: str) -> bool:
    """Whether a stored value agrees with the expected one (see the module docstring)."""
    e, s = _norm(expected), _norm(stored)
    if not e or not s:
        return False
    if e == s:
        return True
    if attribute in LABELLED or _YESNO_EXPECTED.match(e):
        expected_label, stored_label = _label(attribute, e), _label(attribute, s)
        if expected_label and stored_label:
            return expected_label == stored_label
        if _YESNO_EXPECTED.match(e):
            return False
    if attribute in NONE_ATTRIBUTES and s in _NONE_STORED and (_NO_LIKE.match(e) or _HEALTHY.match(e)) and not _BUT.search(e):
        return True  # "no health problems" / "healthy" is what the label "No conditions reported" says
    if attribute == "Profession" and _UNEMPLOYED.search(e) and _UNEMPLOYED.search(s):
        return True  # "no job" and "Unemployed" are one fact
    e_numbers, s_numbers = _numbers(e), _numbers(s)
    if e_numbers and s_numbers:
        return bool(e_numbers & s_numbers)
    if e in s or s in e:
        return True
    return bool(_content(e) & _content(s))


# ---- running ------------------------------------------------------------------------------------------------


class Tally:
    """Counts for one slice (overall, a kind, a lang)."""

    def __init__(self) -> None:
        self.expected = self.found = self.stored = self.correct = 0
        self.off_n = self.off_bad = self.decline_n = self.decline_hit = 0
        self.nodecline_n = self.false_decline = self.unanswered_n = self.unanswered_hit = 0
        self.wave_n = self.wave_hit = 0
        self.rows = 0

    def report(self) -> dict:
        return {
            "rows": self.rows,
            "recall": rate(self.found, self.expected),
            "precision": rate(self.correct, self.stored),
            "off_topic_stored": rate(self.off_bad, self.off_n),
            "decline_recognised": rate(self.decline_hit, self.decline_n),
            "false_declines": rate(self.false_decline, self.nodecline_n),
            "wave_aways_declined": rate(self.wave_hit, self.wave_n),
            "unanswered_agreement": rate(self.unanswered_hit, self.unanswered_n),
        }


def evaluate(rows: list[dict], similarity: bool | None = None) -> dict:
    from penguin_guard.extract import extract_offline
    from penguin_guard.taxonomy import ATTRIBUTES, canonical_attribute

    extract_offline("the weather is nice", "Profession", similarity=similarity)  # warm-up: loads the encoder
    overall, by_kind, by_lang = Tally(), defaultdict(Tally), defaultdict(Tally)
    per_attribute = {a: {"expected": 0, "found": 0, "stored": 0, "correct": 0} for a in ATTRIBUTES}
    misses: list[dict] = []
    timings: list[float] = []
    for row in rows:
        asked = canonical_attribute(row.get("asked") or "") if row.get("asked") else None
        start = time.perf_counter()
        got = extract_offline(row.get("reply") or "", asked, similarity=similarity)
        timings.append((time.perf_counter() - start) * 1000)
        expected = {canonical_attribute(a) or a: str(v) for a, v in (row.get("expected_values") or {}).items()}
        expected_declined = {canonical_attribute(a) or a for a in row.get("expected_declined") or []}
        tallies = (overall, by_kind[row.get("kind", "?")], by_lang[row.get("lang", "?")])
        missed = [a for a, v in expected.items() if not (a in got.values and values_agree(a, v, got.values[a]))]
        wrong = [a for a, v in got.values.items() if not (a in expected and values_agree(a, expected[a], v))]
        for attribute in expected:
            stats = per_attribute.setdefault(attribute, {"expected": 0, "found": 0, "stored": 0, "correct": 0})
            stats["expected"] += 1
            stats["found"] += attribute not in missed
        for attribute in got.values:
            stats = per_attribute.setdefault(attribute, {"expected": 0, "found": 0, "stored": 0, "correct": 0})
            stats["stored"] += 1
            stats["correct"] += attribute not in wrong
        off_topic = row.get("kind") in OFF_TOPIC_KINDS and asked and asked not in expected
        off_bad = bool(off_topic and asked in got.values)
        decline_hit = expected_declined <= set(got.declined) if expected_declined else None
        waved = row.get("kind") == "wave_away" and bool(asked)
        false_decline = bool(asked and not expected_declined and not waved and got.declined)
        has_unanswered = "expected_unanswered" in row
        unanswered_hit = set(got.unanswered) == {canonical_attribute(a) or a for a in row.get("expected_unanswered") or []}
        for tally in tallies:
            tally.rows += 1
            tally.expected += len(expected)
            tally.found += len(expected) - len(missed)
            tally.stored += len(got.values)
            tally.correct += len(got.values) - len(wrong)
            if off_topic:
                tally.off_n += 1
                tally.off_bad += off_bad
            if expected_declined:
                tally.decline_n += 1
                tally.decline_hit += bool(decline_hit)
            elif waved:
                tally.wave_n += 1
                tally.wave_hit += asked in got.declined
            elif asked:
                tally.nodecline_n += 1
                tally.false_decline += false_decline
            if has_unanswered:
                tally.unanswered_n += 1
                tally.unanswered_hit += unanswered_hit
        if missed or wrong or off_bad or decline_hit is False or false_decline or (has_unanswered and not unanswered_hit):
            misses.append({"id": row.get("id"), "kind": row.get("kind"), "lang": row.get("lang"), "missed": missed,
                           "wrong_or_extra": wrong, "off_topic_stored": off_bad, "decline_missed": decline_hit is False,
                           "false_decline": false_decline,
                           "unanswered_mismatch": has_unanswered and not unanswered_hit})
    return {
        "rows": len(rows),
        "overall": overall.report(),
        "by_kind": {k: t.report() for k, t in sorted(by_kind.items())},
        "by_lang": {k: t.report() for k, t in sorted(by_lang.items())},
        "per_attribute": {a: {"recall": rate(s["found"], s["expected"]), "precision": rate(s["correct"], s["stored"])}
                          for a, s in per_attribute.items()},
        "latency_ms": {"mean": round(statistics.fmean(timings), 3) if timings else None,
                       "p95": round(sorted(timings)[int(0.95 * (len(timings) - 1))], 3) if timings else None},
        "misses": misses,
    }


def print_report(result: dict, show_misses: bool) -> None:
    print(f"rows: {result['rows']}   latency per reply: mean {result['latency_ms']['mean']} ms, "
          f"p95 {result['latency_ms']['p95']} ms")
    names = ("recall", "precision", "off_topic_stored", "decline_recognised", "false_declines", "wave_aways_declined",
             "unanswered_agreement")
    print("\noverall")
    for name in names:
        print(f"  {name:22s} {fmt(result['overall'][name])}")
    print("\nper attribute")
    for attribute, stats in result["per_attribute"].items():
        print(f"  {attribute:24s} recall {fmt(stats['recall']):36s} precision {fmt(stats['precision'])}")
    for group in ("by_kind", "by_lang"):
        print(f"\n{group.replace('_', ' ')}")
        for key, report in result[group].items():
            cells = [f"{n.split('_')[0]} {fmt(report[n])}" for n in names if report[n]["n"]]
            print(f"  {key:16s} ({report['rows']} rows)  " + "; ".join(cells))
    if show_misses:
        print("\nmisses (ids and attribute names only)")
        for miss in result["misses"]:
            flags = [k for k in ("off_topic_stored", "decline_missed", "false_decline", "unanswered_mismatch") if miss[k]]
            print(f"  {miss['id']} [{miss['kind']}/{miss['lang']}] missed={miss['missed']} "
                  f"wrong_or_extra={miss['wrong_or_extra']} {' '.join(flags)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT), help="JSONL file (default: the blind set)")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument("--no-encoder", action="store_true", help="rules only: no MiniLM similarity")
    parser.add_argument("--misses", action="store_true", help="list the ids (and attribute names) of misses")
    args = parser.parse_args(argv)
    path = Path(args.path)
    if not path.exists():
        print(f"no such file: {path}", file=sys.stderr)
        return 2
    result = evaluate(read_jsonl(path), similarity=False if args.no_encoder else None)
    if args.json:
        if not args.misses:
            result.pop("misses")
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print_report(result, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
