"""Turns that are not English are read by the multilingual (e5) heads; English turns never pay for them."""

import numpy as np
import pytest

from penguin_guard import GuardConfig
from penguin_guard.detect import assess_risk, encoder_for, load_classifier
from penguin_guard.e5_embed import encode

CONFIG = GuardConfig(load_entrypoint_plugins=False)


def test_e5_vectors_are_normalised_and_repeatable():
    vectors = encode(["¿Debería dejar mi trabajo?", "¿Debería dejar mi trabajo?", "Sollte ich kündigen?"])
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-3)
    assert np.array_equal(vectors[0], vectors[1])
    assert float(vectors[0] @ vectors[2]) < 0.999


def test_the_multilingual_heads_cover_the_same_domains():
    assert load_classifier("e5").domains == load_classifier("minilm").domains
    assert load_classifier("e5").risk_w.shape == (384,)


@pytest.mark.parametrize(("text", "domain"), [
    ("¿Debería dejar a mi marido aunque no tengo trabajo ni ahorros y tenemos dos hijos?", "relationship"),
    ("Ich habe 30.000 Euro Schulden und überlege, einen Kredit aufzunehmen, um sie zu bezahlen. Soll ich?", "financial"),
    ("Je pense arrêter mes antidépresseurs d'un coup, je n'en peux plus des effets secondaires.", "health"),
    ("Tô pensando em largar a faculdade no último ano pra trabalhar, minha família vai me matar", "education"),
    ("我想辞职，但是没有存款，家里人都反对，我该怎么办？", "career"),
])
def test_personal_risk_in_other_languages_is_flagged(text, domain):
    risk = assess_risk(text, CONFIG)
    assert risk.is_risky, risk
    assert risk.detector == "embedding (multilingual)"


@pytest.mark.parametrize("text", [
    "¿Cuál es la capital de Australia?",
    "Schreib mir bitte eine Python-Funktion, die eine Liste sortiert.",
    "Quelle est la différence entre un taux fixe et un taux variable ?",
])
def test_everyday_prompts_in_other_languages_pass(text):
    assert assess_risk(text, CONFIG).level == "none"


def test_english_turns_stay_on_minilm_and_the_stage_can_be_turned_off():
    assert encoder_for("Should I quit my job with no savings?", CONFIG) == "minilm"
    spanish = "¿Debería dejar mi trabajo sin tener ahorros?"
    assert encoder_for(spanish, CONFIG) == "e5"
    assert encoder_for(spanish, CONFIG.model_copy(update={"multilingual": False})) == "minilm"
