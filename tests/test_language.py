"""The router that sends turns that are not English to the multilingual detector."""

import pytest

from penguin_guard.language import is_english


@pytest.mark.parametrize("text", [
    "Should I quit my job with no savings?",
    "I want to die",
    "keep going",
    "ST_Intersects is slow on my PostGIS table",
    "",
    "🙂🙂",
    "Is it normal that my boss yells at me in meetings?",
])
def test_english_and_language_neutral_turns_stay_on_the_english_path(text):
    assert is_english(text)


@pytest.mark.parametrize("text", [
    "¿Debería dejar a mi marido aunque no tenga trabajo?",
    "Ich überlege, meinen Job zu kündigen. Soll ich das wirklich machen?",
    "Je pense quitter mon travail sans avoir d'économies",
    "Devo largar a faculdade no último ano?",
    "yaar main bahut pareshan hoon, job chhod du kya?",
    "mujhe lagta hai I should quit my job",  # code-mixed: doubtful turns go to the multilingual encoder
    "我想辞职，但是没有存款，怎么办？",
    "Я думаю уйти с работы, но у меня нет сбережений",
    "会社を辞めたいけど、貯金がない",
])
def test_other_languages_and_mixed_turns_go_to_the_multilingual_path(text):
    assert not is_english(text)
