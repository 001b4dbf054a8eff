"""Replies the twenty-fourth session's extraction rules read, in our own words (the gaps were found on retired blind
sets, round 22 among them; none of these is a blind row). Each shows a fact said in passing, in reply to another
question or in a first request, which the extractor used to drop."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline


def read(reply, asked=None):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(("reply", "asked", "feeling"), [
    ("i'm 31 and single. i just feel stuck", "Economic Status", "stuck"),  # an adverb between "I" and "feel"
    ("Honestly I feel useless most days since the layoff.", None, "useless"),
    ("I went back to school at 40 and I'm kind of proud of myself", "Education Level", "kind of proud of myself"),
    ("sober two years, but lately the cravings are back, which scares me", "Past Self-Harm History", "which scares me"),
    ("dropped out, now an apprentice plumber and happier than I've been in a while", "Education Level",
     "happier than I've been in a while"),
    ("estoy agobiadísima con tantas deudas", None, "agobiadísima (overwhelmed)"),
    ("Hab aber Angst, dass ich das nicht schaffe.", "Age", "Hab aber Angst (afraid)"),
    ("ando com medo de perder a casa", "Economic Status", "ando com medo (afraid)"),
    ("ik voel me soms een beetje vastgelopen", "Profession", "ik voel me soms een beetje vastgelopen (stuck, torn)"),
    ("sono un po' in ansia per il colloquio", None, "sono un po' in ansia (anxious)"),
    ("franchement j'en peux plus de ce boulot", None, "j'en peux plus (fed up, at the end of my rope)"),
])
def test_feelings_said_in_passing(reply, asked, feeling):
    assert read(reply, asked).values.get("Emotional State") == feeling


def test_pride_in_a_denial_is_not_a_feeling_and_the_act_still_counts():
    found = read("I've done things to myself I'm not proud of, years ago", "Past Self-Harm History").values
    assert "Emotional State" not in found
    assert found["Past Self-Harm History"].startswith("Yes")


@pytest.mark.parametrize(("reply", "asked", "money"), [
    ("I'm 27 with 95k in student loans", None, "95k in student loans"),
    ("pays well, 140k base, but I never see my kids", "Profession", "140k base"),
    ("I'm widowed, grown kids, decent pension.", None, "decent pension"),
    ("I tutor online and it pays like nothing", "Profession", "it pays like nothing"),
    ("been living in my car since March", "Marital Status", "living in my car"),
    ("ganho 2.300 de bolsa no mestrado", "Economic Status", "2.300 de bolsa (2300, stipend, grant)"),
    ("recebi uma herança de 80 mil reais", "Economic Status", "herança de 80 mil reais (80000, inheritance)"),
    ("ho un debito di 9mila euro", "Economic Status", "debito di 9mila euro (9000, debt)"),
])
def test_money_said_by_its_kind(reply, asked, money):
    assert read(reply, asked).values.get("Economic Status") == money


@pytest.mark.parametrize(("reply", "asked", "job"), [
    ("im 58 and a retired mailman, so I have time", "Emotional State", "retired mailman"),
    ("Currently making 70k as an insurance adjuster.", None, "insurance adjuster"),
    ("got my first paycheck from the new job at the library", "Emotional State", "the new job at the library"),
    ("I'm 38 now and drive trucks", "Education Level", "drive trucks"),
    ("Not really, my husband and I both work in tech.", "Economic Status", "both work in tech"),
    ("ik werk al twaalf jaar als verpleegkundige", None, "verpleegkundige (nurse)"),
])
def test_jobs_said_in_passing(reply, asked, job):
    assert read(reply, asked).values.get("Profession") == job


@pytest.mark.parametrize(("reply", "status"), [
    ("me divorcié hace dos años", "Divorced"),
    ("pół roku temu się rozwiodłam", "Divorced"),
    ("io e mia moglie stiamo pensando di trasferirci", "Married"),
    ("no, mai stata sposata", "Single"),
])
def test_marital_status_in_more_words(reply, status):
    assert read(reply, "Marital Status").values.get("Marital Status", "").startswith(status)


@pytest.mark.parametrize(("reply", "gender"), [
    ("soy mujer trans, 29 años", "Trans woman"),  # the trans word after the noun, as Spanish says it
    ("sou um homem trans", "Trans man"),
    ("trans guy, 22", "Trans man"),
    ("女です", "Female"),
    ("40代の男です。", "Male"),
])
def test_gender_said_in_more_ways(reply, gender):
    assert read(reply, "Gender").values.get("Gender") == gender


def test_someone_elses_transition_is_not_the_users_gender():
    assert "Gender" not in read("my sister is a trans woman and I want to support her", "Gender").values


# E44: the question called beside the point, or the topic kept back, in frames that carry it whatever the topic.
@pytest.mark.parametrize(("reply", "asked"), [
    ("Income is irrelevant here, what would you do?", "Economic Status"),
    ("I keep my health stuff to myself", "Health Status"),
    ("my feelings don't matter right now, which offer do I take", "Emotional State"),
    ("forget the background stuff and just compare the two", "Profession"),
    ("let's leave my past out of it", "Past Self-Harm History"),
    ("nah don't worry about that, what about the lease", "Age"),
    ("prefiero no entrar en eso", "Marital Status"),
    ("eso no viene al caso, dime qué hago", "Education Level"),
    ("q mas da mi edad", "Age"),
    ("je préfère ne pas parler de mon salaire", "Economic Status"),
    ("peu importe comment je me sens, je dois décider", "Emotional State"),
    ("não me sinto à vontade pra responder isso", "Past Self-Harm History"),
    ("lascia stare la mia salute, parliamo del mutuo", "Health Status"),
    ("to nieistotne, co mam zrobić", "Mental Health Status"),
    ("ga penting itu, gimana caranya", "Age"),
    ("그건 됐고요 어떻게 해야 해요", "Profession"),
])
def test_declines_and_wave_aways_in_more_frames(reply, asked):
    found = read(reply, asked)
    assert asked in found.declined
    assert asked not in found.values


@pytest.mark.parametrize(("reply", "asked", "attribute"), [
    ("honestly I'm fine, if that's okay with you", "Emotional State", "Emotional State"),  # still an answer
    ("I'm 44 and I keep my savings in a credit union", "Age", "Age"),
    ("my job doesn't pay much but I like it", "Profession", None),
])
def test_answers_that_share_words_with_a_refusal_are_not_declines(reply, asked, attribute):
    found = read(reply, asked)
    assert asked not in found.declined
    if attribute:
        assert attribute in found.values


def test_a_polite_if_thats_okay_is_no_feeling():
    found = read("Let's keep my feelings out of it, if that's okay.", "Emotional State")
    assert found.declined == ["Emotional State"] and "Emotional State" not in found.values


def test_a_wage_named_by_the_job_says_the_job():
    assert read("con el sueldo de camarera no llego a fin de mes", "Economic Status").values["Profession"] == \
        "camarera (waitress)"


# E45: replies in other languages.
@pytest.mark.parametrize(("reply", "asked", "attribute", "value"), [
    ("我是个宝妈，老公常年在外地打工", None, "Marital Status", "Married (老公常年在外地打工)"),
    ("我自己开店，一个月赚五六千", "Economic Status", "Economic Status", "一个月赚五六千 (6000 a month)"),
    ("istriku lagi hamil anak pertama", "Marital Status", "Marital Status", "Married"),
    ("Мне 27, работаю дизайнером. Девушка зовёт жить вместе", None, "Marital Status",
     "In a relationship (Девушка зовёт жить вместе)"),
    ("أشتغل ممرضة في مستشفى خاص", "Profession", "Gender", "Female"),  # the feminine job word is the speaker's
])
def test_facts_said_in_other_languages(reply, asked, attribute, value):
    assert read(reply, asked).values.get(attribute) == value


# E47: fewer wrong facts stored about the user.
@pytest.mark.parametrize(("reply", "asked", "attribute"), [
    ("my brother got divorced in May and now he lives with us", "Marital Status", "Marital Status"),  # his divorce
    ("meine Schwester sucht Arbeit, seit sie arbeitslos ist", "Profession", "Profession"),
    ("il est au chômage depuis mars, mon mari", "Profession", "Profession"),
    ("mia sorella, che ha un mutuo enorme, mi chiede soldi", "Economic Status", "Economic Status"),
    ("should I take the car loan or not?", "Economic Status", "Economic Status"),  # a choice, not money had
    ("trouble bipolaire de type 1, suivi par un psychiatre", "Mental Health Status", "Health Status"),  # not diabetes
    ("Parliamo solo dei numeri, per favore.", "Emotional State", "Emotional State"),  # "solo" is "only" here
])
def test_someone_elses_facts_choices_and_lookalike_words_are_not_stored(reply, asked, attribute):
    assert attribute not in read(reply, asked).values


@pytest.mark.parametrize(("reply", "asked"), [
    ("no offense but thats none of your business", "Mental Health Status"),  # no "None reported"
    ("feelings don't matter here, I need a decision", "Emotional State"),
    ("look I just need a straight answer, rent or buy", "Economic Status"),
    ("da igual cómo me siento, dime qué hago", "Emotional State"),
])
def test_refusals_store_no_value_for_the_question(reply, asked):
    found = read(reply, asked)
    assert asked in found.declined and asked not in found.values


def test_the_users_own_divorce_and_loneliness_still_count():
    assert read("I got divorced last year", "Marital Status").values["Marital Status"] == "Divorced"
    assert read("me siento solo", "Emotional State").values["Emotional State"] == "solo (lonely)"


# E48: refusals in a few more frames; a relative's facts in Arabic, Korean or Indonesian stay theirs.
@pytest.mark.parametrize(("reply", "asked"), [
    ("I'm not ready to talk about that yet.", "Mental Health Status"),
    ("can we not. next question", "Past Self-Harm History"),
    ("That doesn't matter right now. Which offer is better?", "Economic Status"),
    ("prefiro não entrar nisso", "Health Status"),
    ("das möchte ich hier nicht teilen", "Mental Health Status"),
    ("dat houd ik liever voor mezelf", "Gender"),
])
def test_more_refusals(reply, asked):
    assert asked in read(reply, asked).declined


@pytest.mark.parametrize(("reply", "asked", "attribute"), [
    ("أختي ممرضة", "Profession", "Profession"),  # "my sister is a nurse"
    ("istri lagi hamil anak kedua", "Health Status", "Health Status"),  # the wife is pregnant
])
def test_a_relatives_facts_are_not_the_users(reply, asked, attribute):
    assert attribute not in read(reply, asked).values


def test_an_age_and_sex_tag_after_a_capital_im_is_read():
    """F50: the tag pattern once had no ignore-case flag, so "I'm 29F" (capital I) gave neither."""
    found = read("I'm 29F and I just got an offer in another city", None).values
    assert found["Age"] == "29" and found["Gender"] == "Female"
    assert read("i'm 34m, should I move?", None).values["Gender"] == "Male"
