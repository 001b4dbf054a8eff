"""Build penguin_guard/data/topic_head.npz: the reader that tells whether a self-contained turn after a risky request
is about that request's situation or a new everyday request (penguin_guard/topic_head.py, Stages.on_topic).

Why: a cosine between the turn and the request cannot do it. multilingual-e5's cosines of unrelated sentences sit
near 0.8 and those of follow-ups near 0.85, so at the cut-off that keeps nine follow-ups in ten, about half of the
new everyday requests in other languages were kept in the episode (T57, benchmarks/RESULTS.md); MiniLM does
better in English and reads nothing else. A logistic regression on the pair ([turn * request, |turn - request|,
cosine] of their e5 vectors) learns what a new everyday request looks like next to the request it follows.

Data: the retired blind conversation rounds 51, 54, 56, 57 and 60 (scripts/data/retired_blind_r*_conversation.jsonl) and
scripts/data/conversation_dev.jsonl: each case's `next` with its `request`, `new` = 1; and the ordinary assistant
tasks of scripts/data/risk_train_tasks_r30.jsonl, each paired with a request of those rounds (seeded), as more new
requests in more shapes than the rounds' writers used. Strength and cut-off are chosen out of fold, one fold per
round (a round's writers never help score their own cases). Cut-off: the out-of-fold P(new) below which
FOLLOW_UPS_KEPT of the rounds' follow-ups stay, so a follow-up is read as new about one time in twenty.

    python scripts/build_topic_head.py [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard import e5_embed  # noqa: E402
from penguin_guard.topic_head import pair_features  # noqa: E402

DATA = ROOT / "scripts" / "data"
# The rounds the shipped head was built on (T67). Adding the later retired rounds 66-68 moved its out-of-fold rate
# from 0.935 to 0.937 and changed no outcome on them, so the shipped head is this one (benchmarks/RESULTS.md).
ROUNDS = [DATA / f"retired_blind_r{n}_conversation.jsonl" for n in (51, 54, 56, 57, 60)]
DEV = DATA / "conversation_dev.jsonl"
TASKS = DATA / "risk_train_tasks_r30.jsonl"
OUT = ROOT / "penguin_guard" / "data" / "topic_head.npz"
FOLLOW_UPS_KEPT = 0.95
STRENGTHS = (0.001, 0.003, 0.01, 0.03, 0.1, 0.3)
SEED = 20261207


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load() -> tuple[list[tuple[str, str]], np.ndarray, np.ndarray, np.ndarray]:
    """(turn, request) pairs, 1 for a new request, each pair's fold (its round; the tasks spread over them), and
    whether it is a case of the rounds (not a task)."""
    pairs, labels, folds = [], [], []
    sources = [*ROUNDS, DEV]
    for fold, path in enumerate(sources):
        for case in read(path):
            pairs.append((case["next"], case["request"]))
            labels.append(int(case["label"] == "new"))
            folds.append(fold)
    requests = [request for _, request in pairs]
    cases = len(pairs)
    rng = random.Random(SEED)
    for i, task in enumerate(row["text"] for row in read(TASKS)):
        pairs.append((task, rng.choice(requests)))
        labels.append(1)
        folds.append(i % len(sources))
    return pairs, np.array(labels), np.array(folds), np.arange(len(pairs)) < cases


def features(pairs: list[tuple[str, str]]) -> np.ndarray:
    vectors = e5_embed.encode([text for pair in pairs for text in pair])
    return np.stack([pair_features(vectors[2 * i], vectors[2 * i + 1]) for i in range(len(pairs))])


def fit(x: np.ndarray, y: np.ndarray, c: float):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(StandardScaler(), LogisticRegression(C=c, class_weight="balanced", max_iter=3000)).fit(x, y)


def out_of_fold(x: np.ndarray, y: np.ndarray, folds: np.ndarray, c: float) -> np.ndarray:
    probs = np.zeros(len(y))
    for fold in np.unique(folds):
        held = folds == fold
        probs[held] = fit(x[~held], y[~held], c).predict_proba(x[held])[:, 1]
    return probs


def cutoff_for(probs: np.ndarray, is_follow_up: np.ndarray) -> float:
    """The P(new) at or above which a turn is read as new: FOLLOW_UPS_KEPT of the follow-ups fall below it."""
    return float(np.quantile(probs[is_follow_up], FOLLOW_UPS_KEPT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="report out of fold, write nothing")
    args = parser.parse_args()
    pairs, y, folds, cases = load()
    print(f"{len(pairs)} pairs: {int(y.sum())} new ({int(y[cases].sum())} from the rounds), {int((y == 0).sum())} follow-ups")
    x = features(pairs)
    follow_up = y == 0
    best = None
    for c in STRENGTHS:
        probs = out_of_fold(x, y, folds, c)
        cut = cutoff_for(probs, follow_up)
        passed = float(np.mean(probs[cases & (y == 1)] >= cut))
        print(f"C={c}: cut-off {cut:.3f}; out of fold at {FOLLOW_UPS_KEPT:.0%} of follow-ups kept, "
              f"the rounds' new requests passed {passed:.3f}")
        if best is None or passed > best[0]:
            best = (passed, c, cut)
    assert best is not None
    _, c, cut = best
    model = fit(x, y, c)
    scaler, regression = model.named_steps["standardscaler"], model.named_steps["logisticregression"]
    print(f"chosen C={c}, cut-off {cut:.3f}")
    if not args.dry_run:
        np.savez_compressed(OUT, mean=scaler.mean_.astype(np.float32), scale=scaler.scale_.astype(np.float32),
                            weights=regression.coef_[0].astype(np.float32), bias=np.float32(regression.intercept_[0]),
                            cutoff=np.float32(cut))
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
