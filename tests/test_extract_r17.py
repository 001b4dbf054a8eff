"""Extraction (issue 12), fourteenth session: facts said in a list after the writer's own words, feelings said in
everyday words, laughter and pronoun sets around an answer, "I have no job" and a few more words in other
languages. Examples written for these tests."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline


def read(reply: str, asked: str | None):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("I'm 38, a paramedic and separated. How do I tell my kids I'm moving?",
         {"Age": "38", "Profession": "paramedic", "Marital Status": "Separated"}),
        ("Hallo, ich bin 52, Busfahrer und verwitwet. Wie finde ich neue Freunde?",
         {"Age": "52", "Profession": "Busfahrer (bus driver)"}),
        ("Hola, tengo 33 años, enfermera y soltera, ¿me ayudas con un presupuesto?",
         {"Age": "33", "Profession": "enfermera (nurse)"}),
    ],
)
def test_a_list_after_the_writers_own_words_is_the_writers(reply, expected):
    values = read(reply, None).values
    for attribute, value in expected.items():
        assert values.get(attribute) == value


@pytest.mark.parametrize(
    "reply",
    [
        "My brother is 41, a welder and divorced. What should I get him for his birthday?",
        "Mi madre tiene 70 años, jubilada y viuda, ¿qué regalo le hago?",
    ],
)
def test_a_list_about_someone_else_says_nothing_about_the_user(reply):
    assert read(reply, None).values == {}


@pytest.mark.parametrize(
    ("reply", "feeling"),
    [
        ("28, I stock shelves at night and I'm just wiped out", "just wiped out"),
        ("honestly a bit shaky since the accident", "a bit shaky"),
        ("kind of aimless since graduating", "kind of aimless"),
        ("I've been feeling worn down for weeks", "worn down"),
    ],
)
def test_feelings_said_in_everyday_words(reply, feeling):
    asked = "Age" if reply[0].isdigit() else "Emotional State"
    assert read(reply, asked).values.get("Emotional State") == feeling


def test_pride_in_something_is_not_read_as_a_feeling():
    """"not proud of" is about an act, "proud of my son" about someone: neither is how the user feels."""
    assert "Emotional State" not in read("I've done things I'm not proud of", "Past Self-Harm History").values


@pytest.mark.parametrize(
    ("reply", "asked", "expected"),
    [
        ("agender (they/them)", "Gender", {"Gender": "Agender"}),
        ("nonbinary (they/them). 31, broke as hell lol", "Gender", {"Gender": "Non-binary", "Economic Status": "broke"}),
        ("46 as of yesterday 🎉", "Age", {"Age": "46"}),
        ("rondando los cuarenta jaja", "Age", {"Age": "around 40"}),
        ("sui 50 più o meno ahah", "Age", {"Age": "around 50"}),
        ("アラサーです", "Age", {"Age": "around 30"}),
        ("서른둘이요", "Age", {"Age": "32"}),
    ],
)
def test_laughter_pronoun_sets_and_dates_around_an_answer_are_left_out(reply, asked, expected):
    values = read(reply, asked).values
    for attribute, value in expected.items():
        assert values.get(attribute) == value


def test_korean_laughter_glued_to_a_clause_is_left_out_after_nfkc():
    from penguin_guard.clauses import split_clauses

    # NFKC turns the compatibility jamo "ㅋ" into the conjoining "ᄏ"; both forms are laughter
    assert [c.text for c in split_clauses("간호사예요ㅋㅋ")] == ["간호사예요"]
    assert [c.text for c in split_clauses("서른둘 ㅎㅎ")] == ["서른둘"]


def test_broke_is_money_unless_something_was_broken():
    assert read("broke as a joke", "Economic Status").values == {"Economic Status": "broke"}
    assert "Economic Status" not in read("I broke a glass this morning", "Economic Status").values


@pytest.mark.parametrize(
    "reply",
    ["no tengo curro desde enero", "não tenho emprego", "ich hab keinen Job gerade", "non ho un lavoro",
     "nie mam pracy", "ik heb geen werk"],
)
def test_i_have_no_job_is_unemployed(reply):
    assert read(reply, "Profession").values["Profession"].startswith("Unemployed")


@pytest.mark.parametrize(
    ("reply", "asked", "attribute", "english"),
    [
        ("sou reformada", "Profession", "Profession", "Retired"),
        ("je suis diabétique depuis l'enfance", "Health Status", "Health Status", "diabetes"),
        ("ik ben diabeet", "Health Status", "Health Status", "diabetes"),
        ("la verdad, apretada", "Economic Status", "Economic Status", "tight"),
        ("beetje krap aan het eind van de maand", "Economic Status", "Economic Status", "tight"),
        ("ghar ka kharcha aaram se chal jata hai", "Economic Status", "Economic Status", "comfortable"),
        ("pichle saal divorce hua tha", "Marital Status", "Marital Status", "Divorced"),
        ("30歳で、SEやってます", "Profession", "Profession", "systems engineer"),
    ],
)
def test_more_words_in_other_languages(reply, asked, attribute, english):
    assert english in read(reply, asked).values.get(attribute, "")


@pytest.mark.parametrize("reply", ["kinda seeing someone, nothing official", "I'm 29 and dating someone new"])
def test_dating_without_a_label_is_seeing_someone(reply):
    assert read(reply, "Marital Status" if reply.startswith("kinda") else None).values["Marital Status"] == "Seeing someone"


def test_someone_elses_dating_is_not_the_users():
    assert "Marital Status" not in read("my sister is seeing someone new", "Marital Status").values


@pytest.mark.parametrize(
    ("reply", "asked", "expected"),
    [
        # an age at an event gives way to the age now; alone it stays
        ("ansia, diagnosticata a 19 anni. adesso ne ho 27", "Mental Health Status", {"Age": "27"}),
        ("dépression, diagnostiquée à 30 ans, maintenant j'ai 44 ans", "Mental Health Status", {"Age": "44"}),
        ("a 55 anni chi mi assume più?", "Profession", {"Age": "55"}),
        # "nn" is Italian texting for "non"
        ("nn sono triste, tutto ok", "Emotional State", {"Emotional State": "nn sono triste, ok (not sad)"}),
        # "solo" before another word is "just", not lonely
        ("sono solo stanco", "Emotional State", {"Emotional State": "sono solo stanco (tired)"}),
        ("me siento solo", "Emotional State", {"Emotional State": "solo (lonely)"}),
        # Indonesian: words between "aku" and the age
        ("aku sendiri skrg udah 29 tahun", "Age", {"Age": "29"}),
        # an age written "y/o" inside the job title's frame
        ("I'm a 33 y/o paramedic on nights", None, {"Age": "33", "Profession": "paramedic"}),
        # "comfortable" is money when the sentence talks of money, and not otherwise
        ("my business is doing ok, I'm fairly comfortable", "Age", {"Economic Status": "fairly comfortable"}),
        ("I'm comfortable with the plan", "Emotional State", {"Economic Status": None}),
        # French slang for broke
        ("chui complètement à sec depuis mars", "Economic Status", {"Economic Status": "chui complètement à sec (broke)"}),
    ],
)
def test_ages_at_an_event_texting_negation_and_french_slang_for_money(reply, asked, expected):
    values = read(reply, asked).values
    for attribute, value in expected.items():
        assert values.get(attribute) == value
