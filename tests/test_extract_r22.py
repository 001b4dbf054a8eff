"""Replies the sixteenth session's extraction rules read, in our own words (the gaps were found on retired blind sets;
none of these is a blind row)."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline


def read(reply, asked):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(("reply", "age"), [
    ("Settantadue.", "72"),  # number words alone
    ("cincuenta y tres", "53"),
    ("cumplí 29 el sábado", "29"),  # a birthday just had, no years word
    ("fiz 44 em janeiro", "44"),
    ("ik ben een man van 57", "57"),  # "a man of 57"
    ("Quarantenne, sposato", "40s"),  # named by the decade
    ("soy treintañera", "30s"),
    ("treinta y pico", "30-something"),  # "and a bit": not a clause of its own
    ("I'd guess 58 or 59", "58 or 59"),
])
def test_ages_in_words_decades_and_birthdays(reply, age):
    assert read(reply, "Age").values.get("Age") == age


def test_a_number_of_hours_after_a_birthday_verb_is_not_an_age():
    assert "Age" not in read("fiz 40 horas extras esse mês", "Profession").values


def test_doctors_finding_a_condition_find_it_in_the_user_but_not_in_someone_else():
    assert read("after months of tests they diagnosed lupus", "Health Status").values == {"Health Status": "lupus"}
    assert "Health Status" not in read("they diagnosed my daughter with asthma, should I quit?", None).values


@pytest.mark.parametrize(("reply", "asked"), [
    ("Sag ich nicht.", "Age"),
    ("Не хочу называть свою профессию.", "Profession"),
    ("Об этом я говорить не готова.", "Past Self-Harm History"),
    ("c'est perso, j'ai pas envie d'en dire plus", "Health Status"),
    ("sono cose mie", "Marital Status"),
    ("wolę o tym nie mówić", "Mental Health Status"),
    ("أفضّل عدم الإجابة", "Economic Status"),
    ("qué más da, contesta a lo que te pregunté", "Education Level"),
    ("maakt niet uit, zeg nou gewoon wat ik moet doen", "Gender"),
    ("别管我做什么工作，快告诉我怎么写简历", "Profession"),
])
def test_refusals_and_wave_aways_said_plainly_in_other_languages(reply, asked):
    assert read(reply, asked).declined == [asked]


def test_saying_something_reluctantly_is_not_a_refusal():
    result = read("sag ich nicht gern, aber ich bin ziemlich erschöpft", "Emotional State")
    assert result.declined == [] and "Emotional State" in result.values


def test_a_no_that_could_answer_a_yes_or_no_question_is_no_refusal():
    # "Any money trouble?" - "No, none at all": not a refusal, and not a value the extractor can word without the question
    result = read("Não, nenhuma.", "Economic Status")
    assert result.declined == [] and result.unanswered == ["Economic Status"]
    assert read("no", "Age").declined == ["Age"]  # "how old are you?" cannot be answered "no"


def test_comfortable_money_in_other_languages_and_a_trailing_honestly():
    assert read("assez confortable", "Economic Status").values["Economic Status"].endswith("(comfortable)")
    assert read("bastante cómodos la verdad", "Economic Status").values["Economic Status"].startswith("bastante cómodos")


def test_dutch_divorce_with_a_time_between_and_not_the_parents():
    assert read("ik ben twee jaar geleden gescheiden", "Marital Status").values["Marital Status"].startswith("Divorced")
    assert "Marital Status" not in read("mijn ouders zijn net gescheiden en ik zit ermee", None).values


def test_glosses_name_hypertension_and_bank_work():
    assert "hypertension" in read("У меня гипертония.", "Health Status").values["Health Status"]
    assert "bank employee" in read("bir bankada çalışıyorum", "Profession").values["Profession"]


def test_a_degree_keeps_its_subject_and_a_disorder_its_name():
    assert read("laurea magistrale in fisica", "Education Level").values["Education Level"] == "laurea magistrale in fisica"
    value = read("me diagnosticaron trastorno de pánico hace años", "Mental Health Status").values["Mental Health Status"]
    assert value.startswith("trastorno de pánico")
