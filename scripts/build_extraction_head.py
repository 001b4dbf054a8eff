"""Train the extractor's clause -> attribute head and write penguin_guard/data/extraction/clause_head.npz.

    .venv/bin/python scripts/build_extraction_head.py          # build (deterministic: same data, same file)
    .venv/bin/python scripts/build_extraction_head.py --cv     # 5-fold cross-validated accuracy, nothing written

What it learns: which attribute one clause of a reply speaks to ("I sling coffee at Starbucks" -> Profession,
"a grana tá curta" -> Economic Status, "my rent is due next week" -> other). Rules still read numbers, negations
and labels; the head only says which attribute a clause is about (penguin_guard/extract_similarity.py).

Data (all written for the project; no evaluation set is read):
- scripts/data/extraction_clauses.jsonl: clauses per class in English, Spanish, German, French, Portuguese and
  Hinglish (jobs in many frames, money, health, mental health, feelings, schooling, marital status, age, gender,
  self-harm acts / negations / thoughts, and "other": plans, places, other people, requests, filler);
- scripts/data/extraction_clauses_r6.jsonl: Italian, Chinese and a few Japanese clauses for every class (with
  "other" look-alikes: other people's jobs and illnesses, requests, filler), and self-harm history and feelings
  told in other words, in English, Spanish, German, French and Portuguese;
- scripts/data/extraction_clauses_r7.jsonl: replies said without the attribute's words, in all eight languages
  (en, es, de, fr, pt, it, zh, hi-Latn): feelings told as what the day is like ("I haven't left bed in days"),
  self-harm told by its traces ("the scars are old", a stay in hospital), volunteered gig work and money ("I drive
  for a delivery app", "400 bucks till payday"), hedged health and diagnoses, and "other" look-alikes (hobbies,
  other people's jobs, school as a time of life, plans);
- scripts/data/extraction_clauses_r8.jsonl: Dutch, Polish and Japanese clauses for every class the head values
  (jobs, money, health, mental health, feelings, schooling, self-harm traces, "other" look-alikes: other people's
  jobs and illnesses, plans, requests), and work told as an activity, casual money and plainly named conditions
  in the other languages ("I drive for a delivery app", "I'm on disability", "I have a bad back");
- scripts/data/extraction_clauses_r9.jsonl: work, money, health, feelings, diagnoses and schooling told in everyday
  words in all eleven languages ("I pull espresso shots all day", "das Konto ist leer", "給料日前はいつもギリギリです"),
  and "other" look-alikes: other people's jobs and illnesses, chores, plans and requests;
- scripts/data/extraction_clauses_r10.jsonl: "other" look-alikes a long reply carries besides the fact asked, in all
  eleven languages: body and diet ("I'm pretty short", "I eat mostly plants"), pronouns, not wanting a doctor, the
  tests or doses the user asks about, plans, routines, hobbies and the reason for asking;
- scripts/data/extraction_prototypes.jsonl: the earlier free-form answer prototypes;
- scripts/data/extraction_train.jsonl and extraction_train_r2.jsonl: replies that are one clause with one expected
  attribute (Gender read from grammar aside) give that label; off-topic and filler replies give "other";
- scripts/data/risk_train_extra.jsonl: everyday requests in which the rules read no fact give "other".

Two heads, one per encoder: "minilm" (English rows, all-MiniLM-L6-v2 as penguin_guard.embed computes it) and
"e5" (every row, multilingual-e5-small through penguin_guard.e5_embed), for replies that are not English.
Each is a softmax regression on the L2-normalised embedding, classes weighted to equal total weight, L2 penalty
`L2`, trained full-batch with Adam from zero weights for `EPOCHS` steps: no randomness, so a rebuild from the same
data gives the same weights (up to the encoders' own floating point).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard.attribute_rules import clause_facts  # noqa: E402
from penguin_guard.clauses import split_clauses  # noqa: E402
from penguin_guard.extract_similarity import CLASSES  # noqa: E402

DATA = ROOT / "scripts" / "data"
OUT = ROOT / "penguin_guard" / "data" / "extraction" / "clause_head.npz"
SOURCES = ("extraction_clauses.jsonl", "extraction_clauses_r6.jsonl", "extraction_clauses_r7.jsonl",
           "extraction_clauses_r8.jsonl", "extraction_clauses_r9.jsonl", "extraction_clauses_r10.jsonl",
           "extraction_prototypes.jsonl")
HEAD_LANGS = {"en", "es", "de", "fr", "pt", "it", "zh", "hi-Latn", "nl", "pl", "ja"}
L2 = 1e-5
EPOCHS = 800
LEARNING_RATE = 0.05


def _jsonl(name: str) -> list[dict]:
    path = DATA / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def training_rows() -> list[dict]:
    """(text, label, lang) rows from every source, deduplicated on (text, label)."""
    rows = [{"text": r["text"], "label": r["label"], "lang": r.get("lang", "en")}
            for name in SOURCES if name != "extraction_prototypes.jsonl" for r in _jsonl(name)]
    rows += [{"text": r["text"], "label": r["label"], "lang": "en"} for r in _jsonl("extraction_prototypes.jsonl")]
    for name in ("extraction_train.jsonl", "extraction_train_r2.jsonl"):
        for r in _jsonl(name):
            clauses = split_clauses(r["reply"])
            if len(clauses) != 1:
                continue
            expected = {a for a in r.get("expected_values") or {} if a != "Gender"}
            if r.get("kind") in {"off_topic", "empty_or_filler"} and not expected:
                rows.append({"text": clauses[0].text, "label": "other", "lang": r.get("lang", "en")})
            elif len(expected) == 1 and r.get("kind") not in {"decline", "wave_away"}:
                rows.append({"text": clauses[0].text, "label": expected.pop(), "lang": r.get("lang", "en")})
    for r in _jsonl("risk_train_extra.jsonl"):
        everyday = r["label"] == "everyday" and r.get("lang") in HEAD_LANGS and len(r["text"]) <= 300
        if everyday and not any(clause_facts(c.text) for c in split_clauses(r["text"])):
            rows.append({"text": r["text"], "label": "other", "lang": r["lang"]})
    seen: set[tuple[str, str]] = set()
    out = []
    for row in rows:
        key = (row["text"].strip().lower(), row["label"])
        if row["label"] not in CLASSES:
            raise SystemExit(f"unknown label {row['label']!r}")
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


def source_digest() -> str:
    """sha256 of the hand-written clause files (tests check that the bundle was built from them)."""
    raw = b"".join((DATA / name).read_bytes() for name in SOURCES)
    return hashlib.sha256(raw).hexdigest()


def train(x: np.ndarray, y: np.ndarray, classes: int) -> tuple[np.ndarray, np.ndarray]:
    """Class-balanced softmax regression, full-batch Adam from zeros (deterministic)."""
    n, d = x.shape
    counts = np.bincount(y, minlength=classes).astype(np.float64)
    weights = (n / (classes * np.maximum(counts, 1)))[y][:, None]
    onehot = np.eye(classes)[y]
    w = np.zeros((d, classes))
    b = np.zeros(classes)
    m_w, v_w, m_b, v_b = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    for step in range(1, EPOCHS + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = weights * (p - onehot) / n
        g_w = x.T @ grad + L2 * w
        g_b = grad.sum(axis=0)
        for g, m, v in ((g_w, m_w, v_w), (g_b, m_b, v_b)):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
        corr1, corr2 = 1 - 0.9**step, 1 - 0.999**step
        w -= LEARNING_RATE * (m_w / corr1) / (np.sqrt(v_w / corr2) + 1e-8)
        b -= LEARNING_RATE * (m_b / corr1) / (np.sqrt(v_b / corr2) + 1e-8)
    return w.astype(np.float32), b.astype(np.float32)


def _embed(name: str, texts: list[str]) -> np.ndarray:
    if name == "minilm":
        from penguin_guard.embed import encode

        vectors = np.asarray(encode(texts), dtype=np.float64)
    else:
        from penguin_guard.e5_embed import encode

        vectors = np.asarray(encode(texts), dtype=np.float64)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def _cv(x: np.ndarray, y: np.ndarray, folds: int = 5) -> float:
    order = np.arange(len(y))
    hits = 0
    for fold in range(folds):
        test = order % folds == fold
        w, b = train(x[~test], y[~test], len(CLASSES))
        hits += int(((x[test] @ w + b).argmax(axis=1) == y[test]).sum())
    return hits / len(y)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cv", action="store_true", help="report 5-fold cross-validated accuracy, write nothing")
    args = parser.parse_args(argv)
    rows = training_rows()
    digest = source_digest()
    arrays: dict[str, np.ndarray] = {}
    for name in ("minilm", "e5"):
        subset = [r for r in rows if name == "e5" or r["lang"] == "en"]
        x = _embed(name, [r["text"] for r in subset])
        y = np.array([CLASSES.index(r["label"]) for r in subset])
        if args.cv:
            print(f"{name}: {len(subset)} rows, 5-fold accuracy {_cv(x, y):.3f}")
            continue
        w, b = train(x, y, len(CLASSES))
        arrays[f"{name}_w"], arrays[f"{name}_b"] = w, b
        counts = {c: int((y == i).sum()) for i, c in enumerate(CLASSES)}
        print(f"{name}: {len(subset)} rows {counts}")
    if args.cv:
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, classes=np.array(CLASSES), digest=np.array(digest), **arrays)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
