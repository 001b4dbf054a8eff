"""Build penguin_guard/data/crisis/support_reply.npz: the reader that turns a crisis written to support someone else
into the safety check-in when a deployment opts in (GuardConfig.support_replies; penguin_guard/support_reply.py).

Data: the support replies of scripts/data/crisis_support_r31.jsonl (written for training by a helper that saw
nothing of the project) against every crisis and warning example of the crisis head's CRISIS_DATA and of
scripts/data/crisis_addressed_r33.jsonl (crises addressed to others, written the same way). Each text is
read as at run time: its window with the highest n-gram P(crisis) under the shipped head, embedded by the head's
tuned encoder (the L2-normalised pooled vector).

Model: a logistic regression (scikit-learn, build time only), its strength chosen out of fold. Cut-off: the
out-of-fold P(support) above which at most ROUTED_CRISES of the crisis examples fall, and at least 0.5. A routed
crisis still sees the resources at once (the check-in), so this rate buys look-alikes with check-ins, not passes.

    python scripts/build_support_reader.py [--cache vectors.pkl] [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_crisis_head import CRISIS_DATA  # noqa: E402

from penguin_guard.crisis_head import load_head  # noqa: E402
from penguin_guard.normalize import normalize_for_detection  # noqa: E402

SUPPORT_DATA = ROOT / "scripts" / "data" / "crisis_support_r31.jsonl"
# First-person crises and warnings addressed to others (forum readers, family, friends, the writer's own "you"):
# without them the reader routed real posts whose writers address their readers (round 32, benchmarks/RESULTS.md).
ADDRESSED_DATA = ROOT / "scripts" / "data" / "crisis_addressed_r33.jsonl"
OUT = ROOT / "penguin_guard" / "data" / "crisis" / "support_reply.npz"
ROUTED_CRISES = 0.002
STRENGTHS = (0.3, 1.0, 3.0, 10.0)
FOLDS = 5


def load() -> tuple[list[str], np.ndarray, list[str]]:
    """(normalised texts, 1 for a support reply, the crisis set's label for the rest)."""
    texts, labels, groups, seen = [], [], [], set()
    rows = [(json.loads(line), 1) for line in SUPPORT_DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows += [(json.loads(line), 0) for path in (*CRISIS_DATA, ADDRESSED_DATA)
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for row, support in rows:
        if not support and row["label"] not in ("crisis", "warning"):
            continue
        text = normalize_for_detection(row["text"])
        if text in seen:
            continue
        seen.add(text)
        texts.append(text)
        labels.append(support)
        groups.append("support" if support else row["label"])
    return texts, np.array(labels), groups


def vectors(texts: list[str], cache: Path | None) -> np.ndarray:
    """The tuned encoder's vector of each text's most crisis-like window (cached by window text: the vectors belong
    to one tuned encoder, so a cache is only valid for the head it was made with)."""
    head = load_head()
    if head is None or head.tuned is None:
        raise SystemExit("the crisis head with its tuned encoder is needed (penguin_guard/data/crisis/head.npz)")
    known: dict[str, np.ndarray] = pickle.loads(cache.read_bytes()) if cache and cache.exists() else {}
    found = []
    for i, text in enumerate(texts):
        window = head.most_crisis_like_window(text) or text
        if window not in known:
            known[window] = head.tuned.vector(window)
        found.append(known[window])
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1}/{len(texts)} embedded", flush=True)
            if cache:
                cache.write_bytes(pickle.dumps(known))
    if cache:
        cache.write_bytes(pickle.dumps(known))
    return np.stack(found).astype(np.float32)


def fit(x: np.ndarray, y: np.ndarray, c: float):
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(x, y)


def out_of_fold(x: np.ndarray, y: np.ndarray, c: float) -> np.ndarray:
    from sklearn.model_selection import StratifiedKFold

    probs = np.zeros(len(y))
    for train, test in StratifiedKFold(FOLDS, shuffle=True, random_state=0).split(x, y):
        probs[test] = fit(x[train], y[train], c).predict_proba(x[test])[:, 1]
    return probs


def cutoff_for(probs: np.ndarray, groups: list[str]) -> float:
    crises = np.sort(probs[np.array(groups) == "crisis"])
    allowed = int(ROUTED_CRISES * len(crises))
    return max(0.5, float(crises[len(crises) - allowed - 1]) + 1e-6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, help="pickle of window vectors, reused across runs of the same head only (a new head needs a new file)")
    parser.add_argument("--dry-run", action="store_true", help="report out of fold, write nothing")
    args = parser.parse_args()
    texts, y, groups = load()
    print(f"{len(texts)} texts: {int(y.sum())} support replies, {groups.count('crisis')} crises, "
          f"{groups.count('warning')} warnings")
    x = vectors(texts, args.cache)
    group_array = np.array(groups)
    best = None
    for c in STRENGTHS:
        probs = out_of_fold(x, y, c)
        cut = cutoff_for(probs, groups)
        rates = {g: float(np.mean(probs[group_array == g] >= cut)) for g in ("support", "crisis", "warning")}
        print(f"C={c}: cut-off {cut:.3f}; routed out of fold: support {rates['support']:.3f}, "
              f"crises {rates['crisis']:.4f}, warnings {rates['warning']:.4f}")
        if best is None or rates["support"] > best[0]:
            best = (rates["support"], c, cut)
    assert best is not None
    _, c, cut = best
    model = fit(x, y, c)
    print(f"chosen C={c}, cut-off {cut:.3f}")
    if not args.dry_run:
        np.savez_compressed(OUT, weights=model.coef_[0].astype(np.float32),
                            bias=np.float32(model.intercept_[0]), cutoff=np.float32(cut))
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
