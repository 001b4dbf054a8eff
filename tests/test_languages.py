"""The guard answers in the user's language where it has the words: the language guess, the background questions
and the safety check-in (data/questions_i18n.yaml, data/safety_check.yaml). Examples written for these tests."""

from __future__ import annotations

import pytest

from penguin_guard import Guard, GuardConfig, escalate, hookimpl
from penguin_guard.language import guess_language
from penguin_guard.policy import render_question
from penguin_guard.taxonomy import ATTRIBUTES


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿Debería dejar la carrera en el último año?", "es"),
        ("Devo largar a faculdade no último ano?", "pt"),
        ("Soll ich mein Studium kurz vor dem Abschluss abbrechen?", "de"),
        ("Est-ce que je dois quitter mon travail pour partir à l'étranger ?", "fr"),
        ("Dovrei lasciare il mio lavoro per trasferirmi all'estero?", "it"),
        ("Moet ik mijn baan opzeggen en naar het buitenland verhuizen?", "nl"),
        ("Czy powinienem rzucić pracę i wyjechać za granicę?", "pl"),
        ("Стоит ли мне бросить работу и переехать?", "ru"),
        ("Чи варто мені кинути роботу й переїхати?", "uk"),
        ("İşimi bırakıp yurt dışına taşınmalı mıyım?", "tr"),
        ("هل يجب أن أترك عملي وأسافر؟", "ar"),
        ("آیا باید کارم را رها کنم و مهاجرت کنم؟", "fa"),
        ("क्या मुझे नौकरी छोड़कर विदेश जाना चाहिए?", "hi"),
        ("我应该辞职出国吗？", "zh"),
        ("仕事を辞めて海外に行くべきでしょうか？", "ja"),
        ("회사를 그만두고 해외로 가야 할까요?", "ko"),
        ("Apakah saya harus berhenti kerja dan pindah ke luar negeri?", "id"),
        ("Mình có nên bỏ việc để ra nước ngoài không?", "vi"),
        ("Should I quit my job and move abroad?", "en"),
        ("ok", "en"),
    ],
)
def test_guess_language(text, language):
    assert guess_language(text) == language


def test_every_language_of_the_check_in_has_every_background_question():
    for language in escalate.safety_check_questions():
        for attribute in ATTRIBUTES:
            assert render_question(attribute, language)
    assert render_question("Age", "xx") == render_question("Age")  # unknown language: English


def test_a_spanish_request_is_asked_in_spanish_and_the_answer_is_read():
    guard = Guard(GuardConfig(policy="priority", load_entrypoint_plugins=False))
    request = [{"role": "user",
                "content": "Tengo muchas deudas y estoy pensando en pedir un préstamo enorme para pagarlas. ¿Lo hago?"}]
    first = guard.check(request)
    assert first.action == "ask"
    assert first.question == render_question(first.attribute, "es")
    # stateless: the Spanish question in the history is recognised as the guard's, and the reply read as its answer
    answer = [*request, {"role": "assistant", "content": first.question},
              {"role": "user", "content": "prefiero no decirlo"}]
    second = guard.check(answer)
    assert first.attribute in second.declined_attributes
    assert second.action in {"enrich", "ask"} and second.attribute != first.attribute
    if second.action == "ask":
        assert second.question == render_question(second.attribute, "es")


class CountingQuestions:
    """A deployment's own questions, recording which languages it was asked to render."""

    def __init__(self):
        self.languages = set()

    @hookimpl
    def penguin_render_question(self, attribute, domain, language):
        self.languages.add(language)
        return f"[{language}] Would you tell me about your {attribute.lower()}?"


def test_a_question_plugin_is_asked_only_for_the_languages_replies_are_in():
    """Recognising the guard's own question in a stateless history renders the questions of that reply's language,
    not of every language the guard can ask in (a plugin may be slow, or call a model)."""
    plugin = CountingQuestions()
    guard = Guard(GuardConfig(policy="priority", load_entrypoint_plugins=False), plugins=[plugin])
    request = [{"role": "user", "content": "I have a lot of debt and I'm thinking of taking out a huge loan. Should I?"}]
    first = guard.check(request)
    assert first.action == "ask" and first.question.startswith("[en]")
    second = guard.check([*request, {"role": "assistant", "content": first.question},
                          {"role": "user", "content": "I'd rather not say"}])
    assert first.attribute in second.declined_attributes
    assert plugin.languages == {"en"}


@pytest.mark.parametrize("text", ["i want to kіll mysеlf tonight", "I wаnt to dіe"])  # Cyrillic і, е, а
def test_look_alike_letters_in_an_english_message_do_not_make_it_another_language(text):
    assert guess_language(text) in {"en", None}  # None: unsure, and the guard writes English
