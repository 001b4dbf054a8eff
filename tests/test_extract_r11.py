"""The extractor, round 11 (issue 12): feelings and schooling in Russian, Ukrainian, Turkish, Arabic and Korean, and
the causes of misses that recurred on retired blind round 4 (an age told twice, decades, ...).

Rules only (similarity=False), so each example is read by penguin_guard.rules_ru_tr_ar_ko and the glossary. The
examples were written for these tests. A feeling keeps its negation ("не очень хорошо" is not "good"); words that
only answer "how are you feeling?" ("нормально", "괜찮아요") say nothing in reply to another question; someone
else's schooling or feelings are not the user's.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


FEELINGS = [
    ('ru', 'Emotional State', 'очень устала', 'устала (tired)'),
    ('ru', 'Emotional State', 'не очень хорошо', 'не очень хорошо (not great)'),
    ('uk', 'Emotional State', 'сумно і самотньо', 'сумно і самотньо (sad, lonely)'),
    ('tr', 'Emotional State', 'iyi değilim', 'iyi değilim (not great)'),
    ('tr', 'Emotional State', 'çok yorgunum ve yalnızım', 'yorgunum ve yalnızım (tired, lonely)'),
    ('ar', 'Emotional State', 'خايف ومقهور', 'خايف ومقهور (afraid, crushed)'),
    ('ar', 'Emotional State', 'ماشي الحال، مش كتير منيح', 'ماشي الحال, مش كتير منيح (so-so, not great)'),
    ('ko', 'Emotional State', '별로 안 괜찮아요', '별로 안 괜찮아요 (not great)'),
    ('ko', 'Emotional State', '너무 지쳤어요', '지쳤어요 (exhausted)'),
]


@pytest.mark.parametrize(("language", "asked", "reply", "feeling"), FEELINGS,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(FEELINGS)])
def test_a_feeling_is_stored_in_the_users_words_with_english_ones(language, asked, reply, feeling):
    assert read(reply, asked).values["Emotional State"] == feeling


def test_a_strong_feeling_in_a_first_request_is_kept_next_to_the_facts():
    values = read("Мне 35, работаю бухгалтером, хочу уйти в айти, но страшно.", None).values
    assert values == {"Age": "35", "Profession": "работаю бухгалтером (accountant)", "Emotional State": "страшно (afraid)"}


@pytest.mark.parametrize(("asked", "reply"), [
    ("Economic Status", "нормально"),      # fine, money-wise
    ("Health Status", "괜찮아요"),           # fine, health-wise
    ("Economic Status", "iyiyim"),
])
def test_a_mild_word_in_reply_to_another_question_is_no_feeling(asked, reply):
    assert "Emotional State" not in read(reply, asked).values


@pytest.mark.parametrize("reply", [
    "Моя дочь студентка и очень устала",    # the daughter's
    "annem çok yorgun",                     # the mother's
    "أخي طالب جامعي",                        # the brother's
    "я в курсе, спасибо",                   # "I'm aware", no year of study
])
def test_someone_elses_feelings_or_schooling_are_not_the_users(reply):
    values = read(reply, None).values
    assert "Emotional State" not in values and "Education Level" not in values


SCHOOLING = [
    ('ru', 'у меня высшее образование', 'высшее образование (university degree)'),
    ('ru', 'учусь на третьем курсе', 'учусь на третьем курсе (university student)'),
    ('uk', 'вища освіта', 'вища освіта (university degree)'),
    ('tr', 'lise mezunuyum', 'lise mezunuyum (high school)'),
    ('ar', 'بكالوريوس محاسبة', "بكالوريوس (bachelor's degree)"),
    ('ko', '고졸이에요', '고졸 (high school)'),
]


@pytest.mark.parametrize(("language", "reply", "schooling"), SCHOOLING,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(SCHOOLING)])
def test_schooling_is_stored_with_english_words(language, reply, schooling):
    assert read(reply, "Education Level").values["Education Level"] == schooling


def test_a_korean_student_on_leave_gives_age_and_schooling():
    values = read("스물셋이고 대학생이에요. 지금은 휴학 중이고요", "Age").values
    assert values["Age"] == "23"
    assert "university student" in values["Education Level"] and "on leave" in values["Education Level"]


@pytest.mark.parametrize(("reply", "age"), [
    ("I'm turning 30 in November. So, 29.", "29"),
    ("Oh, you asked my age: I'll be 52 next month, so 51 for now.", "51"),
    ("I'm turning 40 next month", "40"),                  # the only age said
])
def test_the_age_now_wins_over_the_age_to_come(reply, age):
    assert read(reply, "Age").values["Age"] == age


@pytest.mark.parametrize(("reply", "age"), [
    ("somewhere in my thirties, let's leave it there", "30s"),
    ("mid thirties", "mid 30s"),
    ("I'm not 18 yet", "under 18"),
])
def test_an_age_without_its_number_is_stored_as_people_write_it(reply, age):
    assert read(reply, "Age").values["Age"] == age


@pytest.mark.parametrize(("asked", "reply", "gender"), [
    ("Health Status", "my kids are driving me nuts today, being a single dad is no joke", "Male"),
    (None, "I've been a stay at home mom for most of my adult life", "Female"),
    (None, "So I'm pregnant (14 weeks) and I work in a warehouse. What can I ask my boss for?", "Female"),
])
def test_the_writers_gender_from_the_role_they_live(asked, reply, gender):
    assert read(reply, asked).values["Gender"] == gender


@pytest.mark.parametrize("reply", [
    "My wife is pregnant and I'm stressed",               # the wife's
    "is being a single mom harder than being a dad?",      # a question about roles
])
def test_someone_elses_role_says_nothing_of_the_writers_gender(reply):
    assert "Gender" not in read(reply, None).values


@pytest.mark.parametrize(("reply", "job"), [
    ("I don't work right now", "Unemployed"),
    ("nie pracuję, od roku szukam czegoś", "Unemployed (nie pracuję)"),
    ("I don't work anymore, I'm retired", "Retired"),
])
def test_not_working_now_is_unemployed_unless_retired(reply, job):
    assert read(reply, "Profession").values["Profession"] == job


def test_not_working_some_days_is_no_job_status():
    assert "Profession" not in read("I don't work weekends", "Profession").values


@pytest.mark.parametrize(("asked", "reply", "money"), [
    ("Profession", "software engineer. pretty well paid, can't complain about money", "pretty well paid, can't complain about money"),
    ("Profession", "Я программист, зарабатываю нормально, не жалуюсь", "зарабатываю нормально (earns decently)"),
    (None, "main operations executive hoon, 28k haath mein aate hain", "28k haath mein aate"),
])
def test_pay_said_in_passing_is_the_money_answer(asked, reply, money):
    assert read(reply, asked).values["Economic Status"] == money


@pytest.mark.parametrize(("asked", "reply", "feeling"), [
    ("Past Self-Harm History", "I have a dentist appointment tomorrow and I'm dreading it", "dreading it"),
    ("Marital Status", "我最近在准备考试，压力好大", "压力好大 (stressed)"),
    ("Emotional State", "I'm under a lot of pressure", "under a lot of pressure"),
])
def test_a_feeling_told_in_reply_to_another_question_is_kept(asked, reply, feeling):
    assert read(reply, asked).values["Emotional State"] == feeling


def test_working_well_under_pressure_is_no_feeling():
    assert "Emotional State" not in read("I work well under pressure", "Profession").values


def test_an_act_told_with_if_that_counts_is_a_yes_with_the_users_words():
    value = read("kinda? I used to scratch my arms til they bled when I got overwhelmed, idk if that counts",
                 "Past Self-Harm History").values["Past Self-Harm History"]
    assert value == "Yes (I used to scratch my arms til they bled when I got overwhelmed)"


def test_a_thought_with_if_that_counts_stays_as_said():
    value = read("I've thought about it, not sure that counts, but never did anything",
                 "Past Self-Harm History").values["Past Self-Harm History"]
    assert not value.startswith("Yes") and "never did anything" in value


def test_the_job_held_now_wins_over_the_one_before():
    assert read("I used to be a teacher, now I'm a bus driver", "Profession").values["Profession"] == "bus driver"


def test_a_story_of_old_jobs_stores_no_job():
    reply = ("Pues mira. Llevo en Madrid desde 2015. Trabajé de todo: de camarero, repartiendo en bici, en un almacén. "
             "Comparto piso con dos chavales más.")
    assert "Profession" not in read(reply, "Economic Status").values
