"""The extractor, round 9: facts said in more languages and in more everyday words (issue 12).

Rules only (similarity=False): each example is read by the rules, lexicons and glossary, not by the clause head.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


# ---- ages said about, or as a decade ------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "age"), [
    ("bijna veertig", "almost 40"),
    ("rondando los cincuenta", "around 50"),
    ("quase trinta e dois", "almost 32"),
    ("fast dreißig", "almost 30"),
])
def test_an_age_said_about_in_words_keeps_its_hedge(reply, age):
    assert read(reply, "Age").values == {"Age": age}


def test_a_decade_in_japanese_or_chinese_is_an_age_range():
    assert read("40代の会社員です", None).values["Age"] == "40s"
    assert read("我二十多岁", None).values["Age"] == "20s"


def test_ich_bin_jetzt_states_an_age():
    assert read("Ich bin jetzt 52 und arbeite im Büro", "Age").values["Age"] == "52"


# ---- gender: a few more words, the speaker's grammar, the more precise word -------------------------------


@pytest.mark.parametrize(("reply", "gender"), [
    ("Facet", "Male"),
    ("donna", "Female"),
    ("male I guess", "Male"),
    ("female, obviously", "Female"),
])
def test_a_bare_gender_word_answers_the_gender_question(reply, gender):
    assert read(reply, "Gender").values["Gender"] == gender


def test_italian_work_said_with_its_article_says_the_speakers_gender_but_shopping_does_not():
    assert read("faccio il cameriere da due anni", "Profession").values["Gender"] == "Male"
    assert "Gender" not in read("faccio la spesa il sabato", "Emotional State").values


def test_a_french_participle_after_a_negation_still_says_the_speakers_gender():
    assert read("je suis pas mariée", "Marital Status").values["Gender"] == "Female"


def test_a_first_request_opening_with_a_gendered_job_noun_names_the_writer():
    found = read("Enfermera de 30 años, necesito consejo con mi jefe", None)
    assert found.values["Gender"] == "Female"


def test_the_more_precise_gender_word_wins():
    found = read("I was assigned female at birth. the answer is male. trans man if you want to be exact", "Gender")
    assert found.values["Gender"] == "Trans man"


# ---- marital status in more words -------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "asked", "label"), [
    ("結婚はしてないです", "Marital Status", "Single"),
    ("离了", "Marital Status", "Divorced"),
    ("Seit der Trennung von meiner Frau schlafe ich schlecht", None, "Separated"),
    ("I'm 50 and have never been in a relationship", None, "Single"),
    ("money's been bad since the divorce", "Economic Status", "Divorced"),
])
def test_marital_status_said_in_passing(reply, asked, label):
    assert read(reply, asked).values["Marital Status"].startswith(label)


# ---- health: short names spelt out, conditions in other languages, exceptions -------------------------------


def test_health_acronyms_and_a_bare_diabetes_type_are_spelt_out():
    assert read("MS, since 2019", "Health Status").values["Health Status"] == "multiple sclerosis (MS)"
    assert read("type 2 since my forties", "Health Status").values["Health Status"] == "type 2 diabetes"


@pytest.mark.parametrize(("reply", "english"), [
    ("ho la celiachia", "celiac disease"),
    ("quebrei o braço no trabalho", "broken arm"),
    ("Astma, verder niks", "asthma"),
])
def test_conditions_in_other_languages_are_glossed(reply, english):
    assert english in read(reply, "Health Status").values["Health Status"]


def test_an_exception_after_no_health_problems_is_kept_with_it():
    value = read("no health problems, apart from the odd migraine", "Health Status").values["Health Status"]
    assert "migraine" in value


# ---- work said as a workplace, a gig app, a wage, years of a trade ----------------------------------------------


@pytest.mark.parametrize(("reply", "asked", "word"), [
    ("Lager bei DHL", "Profession", "warehouse worker"),
    ("I drive lyft and doordash", "Economic Status", "lyft"),
    ("can't afford a dentist on a waitress's wage", "Health Status", "waitress"),
    ("my knees are shot from 25 years of roofing", "Health Status", "roofer"),
    ("34, married, Teilzeit in der Pflege", "Age", "nursing care"),
    ("Sou motoboy", "Profession", "motorcycle courier"),
])
def test_work_told_in_everyday_words(reply, asked, word):
    assert word in read(reply, asked).values["Profession"]


def test_a_first_request_sentence_without_i_still_speaks_of_its_writer():
    found = read("I never finished school. 41, work at a car wash. what jobs can I get?", None)
    assert "car wash" in found.values["Profession"]
    assert found.values["Age"] == "41"


def test_a_sentence_after_one_about_someone_else_is_not_the_writers():
    assert "Profession" not in read("My son is 19. Works at a car wash. is that ok?", None).values


def test_other_peoples_doctors_and_counts_of_doctors_are_not_jobs():
    assert "Profession" not in read("that's between me and my doctor", "Health Status").values
    assert "Profession" not in read("it took three doctors to find it", "Health Status").values


# ---- money in more words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "asked", "word"), [
    ("no debt at all", "Economic Status", "no debt"),
    ("we get by on his pension", "Economic Status", "pension"),
    ("prendo 1100 euro al mese", "Economic Status", "1100"),
    ("zostaje mi może 300 złotych", "Economic Status", "300"),
    ("à découvert chaque mois", "Economic Status", "overdrawn"),
    ("tiriamo avanti a fatica", "Economic Status", "struggling"),
])
def test_money_told_in_everyday_words(reply, asked, word):
    assert word in read(reply, asked).values["Economic Status"]


# ---- feelings and diagnoses told in other words ------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "asked"), [
    ("I can't get out of bed most days", "Emotional State"),
    ("I feel like I'm drowning at work", None),
    ("exam ki tension hai", "Age"),
    ("je déprime depuis des semaines", "Emotional State"),
    ("我紧张得不行", "Emotional State"),
])
def test_feelings_told_as_what_the_days_are_like(reply, asked):
    assert "Emotional State" in read(reply, asked).values


def test_what_a_clinician_said_is_the_users_condition_hedged_when_only_mentioned():
    assert read("they said PTSD after the accident", "Mental Health Status").values["Mental Health Status"] == "PTSD"
    value = read("my GP mentioned OCD once but nothing came of it", "Mental Health Status").values["Mental Health Status"]
    assert "OCD" in value and value != "None reported"


def test_my_therapist_means_in_therapy():
    assert "therapy" in read("my therapist says I should journal", "Emotional State").values["Mental Health Status"]


def test_a_thought_in_reply_to_another_question_is_not_a_self_harm_answer():
    assert "Past Self-Harm History" not in read("never really think about it. male", "Gender").values


def test_cutting_told_with_a_time_is_self_harm():
    assert read("I cut again last night, how do I clean it", None).values["Past Self-Harm History"].startswith("Yes")


# ---- schooling in more languages --------------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "word"), [
    ("nie mam matury", "no"),
    ("studiuję prawo", "university student"),
    ("mbo niveau 3", "vocational"),
    ("superior incompleto", "some college"),
    ("engineering kar li hai", "engineering"),
])
def test_schooling_in_more_languages(reply, word):
    assert word in read(reply, "Education Level").values["Education Level"]


# ---- refusals in more languages, and a "nope" that belongs to one -----------------------------------------------


@pytest.mark.parametrize("reply", ["wolę nie mówić", "liever niet", "这个不方便说", "言いたくないです", "let's leave that out"])
def test_refusals_in_more_languages(reply):
    assert read(reply, "Age").declined == ["Age"]


def test_a_nope_that_opens_a_refusal_is_no_answer():
    found = read("nope. not going there.", "Mental Health Status")
    assert found.values == {} and found.declined == ["Mental Health Status"]


# ---- first requests that describe their writer without "I" ------------------------------------------------------


def test_a_job_followed_by_here_is_the_writers_job():
    found = read("41yo paramedic here, can't sleep after bad shifts. tips?", None)
    assert found.values["Profession"] == "paramedic" and found.values["Age"] == "41"


def test_an_opening_self_description_makes_its_sentence_the_writers():
    found = read("Retired teacher with COPD looking for gentle exercise ideas", None)
    assert found.values["Profession"] == "Retired"
    assert "COPD" in found.values["Health Status"]


def test_a_things_state_is_not_a_feeling():
    found = read("I'm a freelance editor and my income is all over the place", None)
    assert "Emotional State" not in found.values
    assert "all over the place" in found.values["Economic Status"]


@pytest.mark.parametrize(("reply", "attribute", "word"), [
    ("I've worked at the same school for 12 years", "Profession", "school"),
    ("I've been picking up extra shifts just to cover rent", "Economic Status", "rent"),
    ("my doctor says I'm prediabetic", "Health Status", "prediabetic"),
    ("I'm on unemployment right now", "Profession", "Unemployed"),
    ("I've been clean from alcohol for 2 years", "Mental Health Status", "clean"),
])
def test_facts_told_in_passing_in_a_longer_story(reply, attribute, word):
    assert word in read(reply, None).values[attribute]


def test_a_lone_age_with_an_aside_is_an_age():
    assert read("healthy, I swim a lot. 42 btw", "Health Status").values["Age"] == "42"


# ---- first requests in other languages ---------------------------------------------------------------------------


def test_a_widow_word_after_a_time_phrase_gives_marital_status_and_gender():
    found = read("ich bin 70, seit einem Jahr Witwer und lebe von einer kleinen Rente", None)
    assert found.values["Marital Status"].startswith("Widowed") and found.values["Gender"] == "Male"
    assert "small pension" in found.values["Economic Status"]


def test_german_work_with_a_time_phrase_before_the_workplace():
    assert "nursing care" in read("ich arbeite seit 5 Jahren in der Pflege", None).values["Profession"]


def test_a_gloss_negation_is_not_read_inside_words_already_glossed():
    value = read("tô no aperto, cheia de contas atrasadas", "Economic Status").values["Economic Status"]
    assert "behind on bills" in value and "no behind" not in value
