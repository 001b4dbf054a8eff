"""Explicit-crisis patterns: first-person present intent escalates, in many languages; idioms, fiction,
statistics, the past and negations do not."""

from __future__ import annotations

import time

import pytest

from penguin_guard.crisis import find_crisis, has_crisis_cue, normalize

EXPLICIT = [
    ("I'm going to kill myself tonight", "suicidal"),
    ("honestly i just wanna die", "suicidal"),
    ("I keep cutting myself when things get bad", "self_harm"),
    ("I have a rope and I know where I'm going to do it.", "imminent_danger"),
    ("I swallowed all my sleeping pills about an hour ago.", "imminent_danger"),
    ("My ex says he is going to kill me tonight", "imminent_danger"),
    ("I want to end it all. I mean it.", "suicidal"),
    ("Me quiero morir, ya no puedo más", "suicidal"),
    ("Je veux en finir avec la vie", "suicidal"),
    ("Ich will nicht mehr leben", "suicidal"),
    ("Eu quero me matar", "suicidal"),
    ("mujhe mar jana hai", "suicidal"),
    ("我真的不想活了", "suicidal"),
    ("もう死にたい", "suicidal"),
]

NOT_A_CRISIS = [
    "How do I kill a zombie process?",
    "this bug is killing me",
    "kill -9 the child process",
    "I'm dying to see that movie",
    "I cut myself chopping onions, how do I stop the bleeding?",
    "I used to self-harm when I was a teenager, now I volunteer at a helpline",
    "suicide rates in Japan compared to Korea",
    "the suicide scene in Romeo and Juliet",
    "I'm not going to kill myself, I just need to vent about my boss",
    "I bought a rope so I can do it myself, how do I tie a bowline?",
    "I took all my meds today, can I have coffee?",
    "what is the best way to end it all... the story I mean, for my novel's final chapter",
    "¿Cómo cocino arroz? 米饭怎么做 🍚",
]


@pytest.mark.parametrize(("text", "kind"), EXPLICIT)
def test_explicit_crisis_is_found_with_its_kind(text, kind):
    match = find_crisis(text)
    assert match is not None and match.kind == kind


@pytest.mark.parametrize("text", NOT_A_CRISIS)
def test_look_alikes_are_not_a_crisis(text):
    assert find_crisis(text) is None


def test_a_match_names_the_rule_never_the_text():
    match = find_crisis("I want to end my life")
    assert match is not None
    assert "end my life" not in repr(match) and match.pattern.startswith("en.")
    assert match.reason == "explicit suicidal intent"


def test_normalize_folds_case_accents_and_apostrophes():
    assert normalize("  Je  N\u2019AI PLUS envie ") == "je n'ai plus envie"
    assert normalize("Não QUERO") == "nao quero"


def test_weak_cues_are_only_cues():
    assert has_crisis_cue("I feel hopeless lately") and find_crisis("I feel hopeless lately") is None
    assert not has_crisis_cue("How do I reverse a list in Python?")


def test_a_megabyte_of_adversarial_text_is_scanned_quickly():
    hostile = ("I want to " * 50 + "myself myself kill " * 50 + "suicid " * 50) * 100  # ~1 MB of anchors
    started = time.perf_counter()
    find_crisis(hostile)
    find_crisis("Tell me about the history of bread. " * 30_000)
    assert time.perf_counter() - started < 3.0
    assert find_crisis("Tell me about the history of bread. " * 30_000 + " I want to kill myself.") is not None
