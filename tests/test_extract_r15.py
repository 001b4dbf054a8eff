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
        ("Emotional State", "arbeite seit zwei Jahren als Kellnerin, bin total fertig", "Kellnerin", "waiter"),
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
