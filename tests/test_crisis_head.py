"""The learned crisis head: loads from the package, reads any script, and reads long posts window by window."""

from __future__ import annotations

from penguin_guard.crisis_head import features, load_head, windows


def test_the_bundled_head_loads_with_sane_cut_offs():
    head = load_head()
    assert head is not None
    assert 0.5 <= head.warning_cutoff <= head.crisis_cutoff < 1.0
    assert head.embed_weights.shape == (384, 3)


def test_everyday_requests_are_none():
    head = load_head()
    for text in ("How do I kill a zombie process in Linux?", "tell me a story", "What is compound interest?"):
        assert head.classify(text) == "none"


def test_an_overdose_told_casually_is_not_none():
    assert load_head().classify("took like 30 of my sleeping pills an hour ago lol, getting really dizzy now") != "none"


def test_a_crisis_buried_in_a_long_post_still_counts():
    filler = "Work has been busy and the commute is long, but the weekend was fine and we cooked a lot. " * 8
    buried = filler + "I took 30 of my sleeping pills an hour ago and I'm getting really dizzy. " + filler
    assert len(windows(buried)) > 2
    assert load_head().classify(buried) != "none"


def test_features_read_every_script():
    for text in ("me quiero morir", "मैं मरना चाहता हूँ", "我不想活了", "死にたい"):
        assert len(features(text)) > 5
