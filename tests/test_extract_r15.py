"""Extraction (issue 12), round 15: jobs said in other languages with a verb of work, a time between "I am" and the
job, or an adjective that is part of the job's name. Examples written for these tests."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline


def read(reply: str, asked: str | None):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(
    ("asked", "reply", "job", "english"),
    [
        # a verb of work that the language says without "I", read whatever the question
        (None, "trabajo de cajera en un súper y no me alcanza", "cajera", "cashier"),
        ("Age", "tengo 29 y curro de camarero los findes", "camarero", "waiter"),
        ("Marital Status", "casada, trabalho como professora numa escola", "professora", "teacher"),
        ("Emotional State", "arbeite seit zwei Jahren als Kellnerin, bin total fertig", "Kellnerin", "waitress"),
        # a time or an adverb between "I am" and the job, left out of the value
        (None, "ich bin seit 12 Jahren Lehrerin und total erschöpft", "Lehrerin", "teacher"),
        ("Age", "45, ich bin schon lange Krankenschwester", "Krankenschwester", "nurse"),
        (None, "bin seit drei Jahren Erzieherin, total ausgebrannt", "Erzieherin", "daycare or nursery teacher"),
        ("Age", "52, sou há 20 anos professora", "professora", "teacher"),
        # an adjective that is part of the job's name
        ("Age", "50, sou funcionária pública", "funcionária pública", "civil servant"),
        (None, "soy empleada pública, ¿puedo pedir una excedencia?", "empleada pública", "civil servant"),
        ("Profession", "sono impiegata comunale da vent'anni", "impiegata comunale", "civil servant"),
        (None, "je suis fonctionnaire territoriale depuis 2010", "fonctionnaire territoriale", "civil servant"),
        # job words that were missing, and a workplace glossed
        (None, "soy técnica de laboratorio en un hospital", "técnica de laboratorio", "lab technician"),
        ("Age", "38, je suis prof des écoles", "prof des écoles", "teacher"),
        ("Profession", "lavoro in farmacia", "farmacia", "pharmacy worker"),
        ("Profession", "ich arbeite in einer Autowerkstatt", "Autowerkstatt", "mechanic"),
    ],
)
def test_jobs_said_with_a_verb_a_time_or_an_adjective(asked, reply, job, english):
    value = read(reply, asked).values.get("Profession", "")
    assert job.lower() in value.lower() and f"({english})" in value


def test_a_school_level_that_names_what_one_teaches_is_no_schooling():
    values = read("soy profesor de secundaria desde hace diez años", None).values
    assert "profesor de secundaria" in values["Profession"] and "Education Level" not in values


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Age", "el trabajo de enfermera es duro, mi madre lo hizo 30 años"),  # the work named, not done by the user
        (None, "mi hermana es funcionaria pública"),  # someone else
        ("Profession", "trabajo de noche"),  # a shift, no job word: not cut to a job title
    ],
)
def test_no_job_title_read_from_a_job_named_of_no_one_or_someone_else(asked, reply):
    value = read(reply, asked).values.get("Profession", "")
    assert "enfermera" not in value.lower() and "funcionaria" not in value.lower() and "(" not in value


@pytest.mark.parametrize(
    ("asked", "reply", "said"),
    [
        ("Past Self-Harm History", "yes, a few times at 16. I'm doing much better now though", "doing much better"),
        (None, "I used to cut when I was 15, I'm 30 now and doing way better. How do I hide scars?", "doing way better"),
        ("Mental Health Status", "depression, but I'm in a much better place these days", "in a much better place"),
        ("Past Self-Harm History", "sí, en la prepa. ahora estoy mucho mejor", "estoy mucho mejor (better)"),
        ("Mental Health Status", "j'ai fait une dépression, je vais mieux maintenant", "je vais mieux (better)"),
        ("Past Self-Harm History", "früher ja, jetzt geht es mir besser", "geht es mir besser (better)"),
        ("Past Self-Harm History", "tak, kiedyś. teraz jest lepiej", "teraz jest lepiej (better)"),
        ("Mental Health Status", "tive síndrome do pânico, hoje tô bem melhor", "tô bem melhor (better)"),
    ],
)
def test_getting_better_said_of_oneself_is_a_feeling(asked, reply, said):
    assert read(reply, asked).values.get("Emotional State") == said


def test_getting_better_alone_is_no_condition():
    values = read("ho avuto una depressione, adesso sto un po' meglio", "Mental Health Status").values
    assert values.get("Emotional State") == "sto un po' meglio (better)"
    assert "meglio" not in values.get("Mental Health Status", "")


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        (None, "how do I get better at chess"),
        (None, "I'm better off alone honestly"),
        (None, "estoy mejor pagada que antes, ¿cambio de banco?"),
        (None, "my mom is doing better now"),
        (None, "if I'm doing better by June I'll go back to work"),
        ("Health Status", "I'm doing better since the surgery"),  # the health asked about, not a feeling
        ("Economic Status", "I'm doing better than last year, got a raise"),
        ("Past Self-Harm History", "no, and I'm not doing better at all"),
    ],
)
def test_better_at_off_paid_or_of_someone_else_is_no_feeling(asked, reply):
    value = read(reply, asked).values.get("Emotional State", "")
    assert "better" not in value and "mejor" not in value


@pytest.mark.parametrize(
    "reply",
    ["más o menos", "mas o menos", "pues ni bien ni mal", "mais ou menos", "bof", "geht so", "naja, so mittel", "così così",
     "średnio bym powiedziała", "gaat wel", "так себе", "tô mais ou menos"],
)
def test_so_so_said_as_a_whole_answer_to_the_feeling_question(reply):
    assert "(so-so)" in read(reply, "Emotional State").values.get("Emotional State", "")


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        (None, "cuesta más o menos 100 euros?"),  # an amount, not a feeling
        ("Economic Status", "más o menos"),  # answers the money question, not how one feels
        ("Age", "más o menos 40"),
    ],
)
def test_so_so_words_inside_other_talk_are_no_feeling(asked, reply):
    assert "Emotional State" not in read(reply, asked).values


def test_a_feeling_said_with_con_or_com_as_a_clause_of_its_own():
    assert "anxious" in read("más o menos, con algo de ansiedad", "Emotional State").values["Emotional State"]
    assert "afraid" in read("bem, com um pouco de medo", "Emotional State").values["Emotional State"]
    assert "Emotional State" not in read("con miedo a perder el trabajo", "Profession").values


@pytest.mark.parametrize("reply", ["no llegamos a fin de mes", "la verdad no llegamos a fin de mes con dos niños", "no llegábamos a fin de mes"])
def test_not_making_it_to_the_end_of_the_month_is_struggling_in_any_person(reply):
    value = extract_offline(reply, "Economic Status", similarity=False).values["Economic Status"]
    assert "struggling" in value and "not tight" not in value


@pytest.mark.parametrize(("reply", "said"), [
    ("no me siento bien, la verdad", "no me siento bien"),
    ("não estou bem", "não estou bem"),
    ("nie czuję się dobrze", "nie czuję się dobrze"),
    ("niet echt goed", "niet echt goed"),
    ("not feeling good today", "not feeling good"),
    ("I don't feel okay", "don't feel okay"),
])
def test_a_feeling_denied_keeps_its_negation(reply, said):
    assert extract_offline(reply, "Emotional State", similarity=False).values["Emotional State"].startswith(said)


@pytest.mark.parametrize(("reply", "english"), [
    ("別に落ち込んでないです", "not low"), ("疲れてない、大丈夫", "not tired"), ("ik ben niet somber", "not sad"),
])
def test_a_denied_feeling_is_glossed_as_denied(reply, english):
    assert f"({english})" in extract_offline(reply, "Emotional State").values["Emotional State"]


def test_a_negative_money_phrase_is_not_a_denied_feeling():
    assert extract_offline("お金がない", "Economic Status").values["Economic Status"] == "お金がない (broke)"
    assert extract_offline("no, I feel fine", "Emotional State", similarity=False).values["Emotional State"] == "fine"


@pytest.mark.parametrize(("reply", "english"), [("借金はない", "no debt"), ("貯金はありません", "no savings")])
def test_japanese_money_denied_after_the_word(reply, english):
    assert f"({english})" in extract_offline(reply, "Economic Status").values["Economic Status"]


@pytest.mark.parametrize(("reply", "age"), [("más o menos 40", "40"), ("environ 45", "45"), ("etwa 50 Jahre", "50"),
                                            ("casi 30", "30"), ("около 40", "40"), ("lagbhag 35", "35")])
def test_an_approximate_age_in_other_languages(reply, age):
    assert extract_offline(reply, "Age", similarity=False).values["Age"] == age


def test_an_age_first_then_another_fact_in_one_clause():
    assert extract_offline("33 casado", "Age", similarity=False).values == {
        "Age": "33", "Gender": "Male", "Marital Status": "Married"}
    assert extract_offline("41 divorced two kids", "Age", similarity=False).values["Age"] == "41"
    assert extract_offline("18 student", "Age", similarity=False).values == {"Age": "18", "Profession": "student"}
    assert "Age" not in extract_offline("25 pills", "Age", similarity=False).values  # a number of things is no age
    assert "Age" not in extract_offline("20 minutes ago", "Age", similarity=False).values
