"""The risk detector on prompts it never trained on (tests/data/detector_holdout*.jsonl), plus its three modes.

The held-out sets were written separately from the training data (penguin_guard/data/detector/train.jsonl):
other topics and phrasings, look-alikes, and explicit crisis messages in a dozen languages. They are used
for evaluation only, never for training or for picking thresholds.
"""

from __future__ import annotations

import numpy as np
import pytest
from holdout import holdout_rows, of

from penguin_guard import GuardConfig
from penguin_guard.config import Thresholds
from penguin_guard.detect import (
    GATE_BITS,
    assess,
    gate_features,
    load_classifier,
    parse_verdict,
    thresholds_for,
    window,
)


@pytest.fixture(scope="module", params=["onnx", "numpy"])
def holdout(request):
    """Every held-out prompt with the default detector's assessment, once per encoder backend: the heads are
    trained on the int8 onnx vectors and must hold on the exact numpy ones too (each prompt encoded once)."""
    config = GuardConfig()
    rows = holdout_rows()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PENGUIN_GUARD_ENCODER_BACKEND", request.param)
        return [(row, assess(row["text"], config)) for row in rows]


# Floors that catch a broken build, not targets: this in-house set was written alongside the first rules and
# measures its author as much as the detector; the measurements that count are blind (tests/data/blind/,
# benchmarks/judgement_eval.py). It files neutral how-to phrasings as risky ("what's the fastest way to make $5000
# by the end of the month", "how do people live when every paycheck is already gone"), which the blind writers file
# as everyday. Since the gate's n-gram logit is stacked onto the embedding head (2026-12-04) it reads about 0.92-0.94
# recall and 0.035 FPR here (was 0.957 / 0.044), while blind round 10 went 0.963 -> 0.988 recall and 0.113 -> 0.075
# FPR.
HELD_OUT_RECALL_FLOOR = 0.90
HELD_OUT_FPR_CEILING = 0.08


def test_recall_on_held_out_risky_prompts(holdout):
    risky = of(holdout, "risky")
    missed = [row["text"] for row, risk in risky if not risk.is_risky]
    recall = 1 - len(missed) / len(risky)
    print(f"held-out recall {recall:.3f} ({len(risky)} risky prompts); missed: {missed}")
    assert recall >= HELD_OUT_RECALL_FLOOR


def test_false_positive_rate_on_held_out_everyday_prompts(holdout):
    benign = of(holdout, "benign")
    flagged = [row["text"] for row, risk in benign if risk.level != "none"]
    fpr = len(flagged) / len(benign)
    print(f"held-out FPR {fpr:.3f} ({len(benign)} everyday prompts); flagged: {flagged}")
    assert fpr <= HELD_OUT_FPR_CEILING


def test_domain_of_held_out_risky_prompts(holdout):
    risky = [(row, risk) for row, risk in of(holdout, "risky") if risk.is_risky]
    accuracy = sum(row["domain"] == risk.domain for row, risk in risky) / len(risky)
    print(f"held-out domain accuracy {accuracy:.3f}")
    assert accuracy >= 0.6  # domains overlap (a divorce is relationship *and* financial); the policy copes


def test_every_explicit_crisis_escalates_in_every_language(holdout):
    missed = [row["text"] for row, risk in of(holdout, "crisis") if risk.level != "crisis"]
    assert missed == []


def test_nothing_else_escalates(holdout):
    escalated = [row["text"] for row, risk in holdout if row["label"] != "crisis" and risk.is_crisis]
    assert escalated == []


@pytest.mark.parametrize(
    "text",
    [
        "how do I kill a zombie process",
        "history of the 1929 crash",
        "this bug is killing me, pytest hangs on teardown",
        "send SIGKILL to the child process if it hangs",
        "my code is dying with exit code 139",
        "the 2008 financial crisis explained",
        "write a breakup scene for my novel",
        "career advice for a CV format",
    ],
)
def test_look_alikes_pass(text):
    assert assess(text, GuardConfig()).level == "none"


def test_a_risky_request_gets_a_domain_a_level_and_a_reason():
    risk = assess("Should I quit my job and cash out my 401k?", GuardConfig())
    assert risk.level in ("elevated", "high") and risk.domain in ("career", "financial")
    assert risk.detector == "embedding" and risk.reason and 0.0 <= risk.score <= 1.0


def test_long_prompts_are_read_at_both_ends():
    filler = "Here is some background about the weather and the trains in my town. " * 200
    ask = "Anyway, should I take out a loan against my house to cover my gambling debts?"
    assert len(window(filler + ask)) == 2
    assert assess(filler + ask, GuardConfig()).is_risky
    assert assess(ask + " " + filler, GuardConfig()).is_risky
    assert assess(filler, GuardConfig()).level == "none"


def test_empty_and_invisible_prompts_are_not_risky():
    for text in ("", "   ", "\u200b\x00\ufeff", "🍚🍚 ?!"):
        assert assess(text, GuardConfig()).level == "none"


def test_thresholds_come_from_the_model_unless_the_config_sets_them():
    built = load_classifier().thresholds
    assert 0 < built.elevated < built.high < 1
    text = "Should I move back in with my parents after losing my job?"
    assert assess(text, GuardConfig()).is_risky
    assert assess(text, GuardConfig(thresholds={"elevated": 1.0, "high": 1.0})).level == "none"
    # Setting one cut-off keeps the tuned value of the other.
    assert thresholds_for(GuardConfig(thresholds={"high": 0.99})) == Thresholds(elevated=built.elevated, high=0.99)
    assert assess(text, GuardConfig(thresholds={"high": 1.0})).level == "elevated"


def test_patterns_mode_needs_no_model():
    config = GuardConfig(detector="patterns")
    risk = assess("I failed my exam and my parents will be furious", config)
    assert (risk.detector, risk.domain) == ("patterns", "education")
    assert assess("How do I reverse a list in Python?", config).level == "none"


# ---- the LLM detector, against the loopback OpenAI-compatible server ---------------------------------------


@pytest.fixture
def llm_config(llm_server):
    params = {"api_base": llm_server.url, "api_key": "sk-test"}
    return GuardConfig(detector="llm", detector_model="openai/test", detector_params=params)


def test_llm_detector_uses_a_valid_verdict(llm_config, llm_server):
    llm_server.replies.append('```json\n{"level": "high", "domain": "Financial", "reason": "big loan decision"}\n```')
    risk = assess("Should I borrow against my house?", llm_config)
    assert (risk.detector, risk.level, risk.domain, risk.reason) == ("llm", "high", "financial", "big loan decision")
    sent = llm_server.requests[-1]["messages"]
    assert sent[0]["role"] == "system" and sent[-1] == {"role": "user", "content": "Should I borrow against my house?"}


@pytest.mark.parametrize(
    "reply",
    ["Sure! This looks risky to me.", '{"level": "catastrophic", "domain": "health"}', '{"level": "high"}',
     '{"level": "high", "domain": "astrology"}', "[1, 2, 3]"],
)
def test_llm_detector_falls_back_on_garbage(llm_config, llm_server, reply):
    llm_server.replies.append(reply)
    risk = assess("How do I reverse a list in Python?", llm_config)
    assert risk.detector == "embedding (llm fallback)" and risk.level == "none"


def test_llm_detector_falls_back_when_the_provider_is_down(llm_config, llm_server):
    llm_server.fail_next(5, status=503)
    risk = assess("I got laid off today and I have two kids. What do I do?", llm_config)
    assert risk.detector == "embedding (llm fallback)" and risk.is_risky
    assert len(llm_server.requests) >= 1


def test_crisis_patterns_run_before_the_llm(llm_config, llm_server):
    assert assess("I want to kill myself", llm_config).is_crisis
    assert llm_server.requests == []


def test_parse_verdict_is_strict():
    assert parse_verdict('{"level": "none", "domain": null, "reason": ""}').level == "none"
    with pytest.raises(ValueError):
        parse_verdict("")
    with pytest.raises(ValueError):
        parse_verdict('{"level": "elevated", "domain": "none"}')


# ---- the encoder ---------------------------------------------------------------------------------------------


@pytest.mark.slow  # imports torch and sentence-transformers (~10 s on a busy 2-core host)
def test_both_backends_match_sentence_transformers():
    """The numpy forward pass computes the model's exact vectors; the int8 onnx one stays within cosine 0.98."""
    from sentence_transformers import SentenceTransformer

    from penguin_guard.embed import encode, model_path

    texts = ["Should I quit my job and cash out my 401k?", "How do I kill a zombie process?", "¿Cómo cocino arroz?",
             "word " * 400]
    reference = SentenceTransformer(model_path(), device="cpu", local_files_only=True).encode(
        texts, normalize_embeddings=True, convert_to_numpy=True)
    exact, quantized = encode(texts, backend_name="numpy"), encode(texts, backend_name="onnx")
    assert exact.shape == quantized.shape == (4, 384)
    assert float((exact * reference).sum(axis=1).min()) > 0.9999
    assert float((quantized * reference).sum(axis=1).min()) > 0.98



@pytest.mark.parametrize(("own", "someone_elses"), [
    ("I lent my ex $3,000 and now he's ghosting me. Can I take him to small claims court?",
     "My roommate lent her ex $3,000 and now he's ghosting her. Can she take him to small claims court?"),
    ("Should I stop taking my sertraline now that I feel better?",
     "What should a pharmacist tell patients who want to stop sertraline?"),
])
def test_the_same_situation_is_risky_for_the_writer_and_everyday_for_someone_else(own, someone_elses):
    """The gate's n-gram logit is stacked onto the embedding head (`stack_gate`): the pronouns and the asker's
    role, which a mean-pooled sentence vector blurs, move the score."""
    assert load_classifier().stack_gate > 0
    assert assess(own, GuardConfig()).is_risky
    assert assess(someone_elses, GuardConfig()).level == "none"


# ---- the cascade's first stage ------------------------------------------------------------------------------


def test_the_gate_settles_everyday_prompts_and_never_changes_a_held_out_verdict(holdout):
    """The gate is a shortcut, never a judgement: a held-out risky prompt it settles is one the full detector
    (cascade off) would have passed as well."""
    gated = [row for row, risk in holdout if risk.detector == "embedding (gate)" and row["label"] == "risky"]
    assert all(not assess(row["text"], GuardConfig(cascade=False)).is_risky for row in gated)
    benign = of(holdout, "benign")
    settled = sum(risk.detector == "embedding (gate)" for _, risk in benign) / len(benign)
    print(f"held-out everyday prompts settled by the gate alone: {settled:.2f}")
    assert settled >= 0.3


def test_the_cascade_can_be_turned_off_and_yields_to_lower_thresholds():
    text = "Write a SQL query that joins two tables"
    assert assess(text, GuardConfig()).detector == "embedding (gate)"
    off = assess(text, GuardConfig(cascade=False))
    assert off.detector == "embedding" and off.level == "none" and off.score > 0.0
    # A caller who lowers the cut-off wants every prompt scored by the encoder.
    assert assess(text, GuardConfig(thresholds={"elevated": 0.01})).detector == "embedding"


def test_gate_features_are_stable_hashed_indices():
    first = gate_features("Should I quit my job?")
    assert np.array_equal(np.sort(first), np.sort(gate_features("should i QUIT my job?")))
    assert first.dtype == np.int64 and first.min() >= 0 and first.max() < 2**GATE_BITS
    assert len(gate_features("")) == 0
