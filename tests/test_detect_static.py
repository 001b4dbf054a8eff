"""The experimental static encoder (`GuardConfig(detector_encoder="static")`, penguin_guard/static_embed.py).

It meets the held-out recall target and escalates every explicit crisis, but NOT the false-positive target
(<= 0.05): its held-out numbers below are the documented floor measured when it was built (recall 0.957,
FPR 0.140, domain accuracy 0.673), so a rebuild that makes it worse fails here. The default stays MiniLM.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from holdout import holdout_rows, of

from penguin_guard import GuardConfig
from penguin_guard.detect import assess, load_classifier, thresholds_for
from penguin_guard.static_embed import TABLE, load_static_encoder

STATIC = GuardConfig(detector_encoder="static")


@pytest.fixture(scope="module")
def holdout():
    rows = holdout_rows()
    return [(row, assess(row["text"], STATIC)) for row in rows]


def test_static_recall_meets_the_target(holdout):
    risky = of(holdout, "risky")
    recall = sum(risk.is_risky for _, risk in risky) / len(risky)
    print(f"static held-out recall {recall:.3f}")
    assert recall >= 0.95


def test_static_false_positive_rate_stays_at_its_documented_floor(holdout):
    benign = of(holdout, "benign")
    fpr = sum(risk.is_risky for _, risk in benign) / len(benign)
    print(f"static held-out FPR {fpr:.3f} (target 0.05 not met)")
    assert fpr <= 0.15


def test_static_domain_accuracy_stays_at_its_documented_floor(holdout):
    found = [(row, risk) for row, risk in of(holdout, "risky") if risk.is_risky]
    accuracy = sum(row["domain"] == risk.domain for row, risk in found) / len(found)
    print(f"static held-out domain accuracy {accuracy:.3f}")
    assert accuracy >= 0.65


def test_crises_escalate_and_nothing_else_does_with_the_static_encoder(holdout):
    assert all(risk.level == "crisis" for _, risk in of(holdout, "crisis"))
    assert not [row["text"] for row, risk in holdout if row["label"] != "crisis" and risk.is_crisis]


def test_the_default_is_still_minilm():
    assert GuardConfig().detector_encoder == "minilm"
    risk = assess("Should I cash out my retirement savings to pay off my credit cards?", GuardConfig(cascade=False))
    assert risk.detector == "embedding" and risk.is_risky
    assert thresholds_for(GuardConfig()) == load_classifier().thresholds


def test_the_static_encoder_uses_its_own_heads_and_says_so():
    risk = assess("Should I cash out my retirement savings to pay off my credit cards?", STATIC)
    assert risk.detector == "embedding (static)" and risk.is_risky
    assert thresholds_for(STATIC) == load_classifier("static").thresholds
    assert load_classifier("static").risk_w.shape == (load_static_encoder().dim,)
    with pytest.raises(ValueError, match="detector_encoder"):
        GuardConfig(detector_encoder="word2vec")


def test_static_vectors_are_unit_length_and_the_table_is_small():
    encoder = load_static_encoder()
    vectors = encoder.encode(["I failed my exam", "How do I reverse a list in Python?", "\U0001f600"])
    assert vectors.shape == (3, encoder.dim)
    np.testing.assert_allclose(np.linalg.norm(vectors[:2], axis=1), 1.0, rtol=1e-5)
    assert not vectors[2].any()  # only an unknown token: nothing to average
    table = Path(__file__).parents[1] / "penguin_guard" / TABLE
    assert table.stat().st_size <= 5 * 1024 * 1024
