"""The extractor, round 12 (issue 12): the kinds of wording that retired blind round 5's odd rows missed.

Rules only (similarity=False) unless a test says otherwise. Every example was written for these tests, none copied
from the data: each list holds several wordings of one pattern, in the languages the pattern was written for.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction
from penguin_guard.reply_cues import is_decline


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


# A reply that brushes the question aside and asks for the answer: a wave-away, filed as a decline.
BRUSHED_ASIDE = [
    ("en", "Age", "meh, doesn't matter. what's the deadline for filing"),
    ("en", "Emotional State", "It doesn't matter how I'm feeling, can I get a refund or not"),
    ("en", "Profession", "work aside, how do I fix the form"),
    ("en", "Health Status", "never mind that, just the dosage please"),
    ("nl", "Marital Status", "Laat maar zitten, vertel me gewoon hoe het werkt."),
    ("nl", "Age", "Maakt niet uit, hoe vraag ik het aan?"),
    ("pl", "Profession", "Mniejsza z tym, jak mam to napisać?"),
    ("it", "Health Status", "Lascia perdere, dimmi soltanto quanto costa."),
    ("zh", "Age", "这不重要，你就告诉我要交什么材料。"),
    ("tr", "Education Level", "Önemli değil, nasıl başvururum?"),
    ("ru", "Gender", "Неважно, как оформить заявление?"),
    ("ja", "Profession", "それはいいです。手続きを教えて。"),
]


@pytest.mark.parametrize(("language", "asked", "reply"), BRUSHED_ASIDE,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(BRUSHED_ASIDE)])
def test_brushing_the_question_aside_declines_it(language, asked, reply):
    got = read(reply, asked)
    assert got.declined == [asked]
    assert asked not in got.values


# What brushes a question aside only when it is the whole clause: the same words inside a statement are no decline.
@pytest.mark.parametrize("clause", ["it doesn't matter to me what people think", "money aside from rent is fine",
                                    "whatever", "never mind my sister, she's fine", "ist mir egal was andere denken"])
def test_the_same_words_inside_a_statement_are_no_wave_away(clause):
    assert not is_decline(clause)


def test_an_answer_after_a_brush_off_is_still_kept():
    got = read("eh, doesn't matter, I'm 41", "Age")
    assert got.values["Age"] == "41" and got.declined == []


# Topics one does not give out, said as a habit or as a property of the topic: refusals.
REFUSALS = [
    ("en", "Gender", "I'd prefer you didn't ask, I don't share my gender online."),
    ("en", "Economic Status", "I never discuss my finances with anyone."),
    ("en", "Health Status", "my health stuff is private"),
    ("en", "Past Self-Harm History", "nah, not going there"),
    ("nl", "Health Status", "Daar praat ik liever niet over."),
    ("nl", "Economic Status", "Dat wil ik liever niet delen."),
    ("zh", "Economic Status", "收入就不说了"),
]


@pytest.mark.parametrize(("language", "asked", "reply"), REFUSALS, ids=[f"{row[0]}-{i}" for i, row in enumerate(REFUSALS)])
def test_a_topic_kept_private_is_a_refusal(language, asked, reply):
    got = read(reply, asked)
    assert got.declined == [asked] and got.values == {}


# Gender said by grammar: a participle after a first-person auxiliary, a dropped subject, Italian work with its
# article in the past, a Dutch feminine job noun, an Arabic marital adjective in the masculine, a noun after "sono un".
GRAMMAR_GENDER = [
    ("pt", "Profession", "fui mandada embora no ano passado", "Female"),
    ("pt", "Economic Status", "fiquei endividado depois do divórcio", "Male"),
    ("es", "Emotional State", "me quedé bloqueada desde la mudanza", "Female"),
    ("it", "Profession", "sono stato assunto in fabbrica a maggio", "Male"),
    ("it", "Age", "sono nata nel 1990", "Female"),
    ("es", "Marital Status", "Separado desde el verano pasado", "Male"),
    ("it", "Marital Status", "Fidanzata da tre anni", "Female"),
    ("it", "Profession", "per vent'anni facevo la cuoca in mensa", "Female"),
    ("nl", "Profession", "ik werk als schoonmaakster in een ziekenhuis", "Female"),
    ("nl", None, "Ik ben lerares en wil weten hoeveel vakantiedagen ik heb", "Female"),
    ("ar", None, "أنا موظف بالبنك ومطلق من سنتين", "Male"),
    ("it", None, "Buongiorno, sono un uomo di 50 anni e ho mal di schiena", "Male"),
    ("nl", None, "Ik ben een meisje van 17 en mijn ouders gaan scheiden", "Female"),
]


@pytest.mark.parametrize(("language", "asked", "reply", "gender"), GRAMMAR_GENDER,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(GRAMMAR_GENDER)])
def test_the_grammar_of_a_first_person_clause_says_the_gender(language, asked, reply, gender):
    assert read(reply, asked).values.get("Gender") == gender


@pytest.mark.parametrize(("asked", "reply"), [
    ("Emotional State", "estoy nada bien"),  # "nada" ends like a participle and is not one
    ("Profession", "le cose sono andate male al lavoro"),  # plural: the things, not the speaker
    ("Profession", "ik werk als minister-assistent"),  # "-ster" that is no feminine job
    (None, "أخي متزوج ويعمل في مطعم"),  # the brother's marriage
    ("Marital Status", "mi hermano está divorciado"),
])
def test_grammar_that_is_not_the_speakers_says_no_gender(asked, reply):
    assert "Gender" not in read(reply, asked).values


def test_arabic_and_before_a_word_keeps_the_word_readable():
    assert read("أنا مهندس وعمري ٤٠ ومتزوج", None).values["Marital Status"].startswith("Married")


def test_a_greeting_does_not_hide_the_self_description_after_it():
    got = read("Hello! Newly single 30-something dad here, how do I split custody weekends?", None)
    assert got.values["Gender"] == "Male" and got.values["Age"] == "30s"


def test_pregnancy_said_with_its_weeks_says_the_gender():
    assert read("i'm 20 weeks pregnant, is ibuprofen ok?", None).values["Gender"] == "Female"
    assert "Gender" not in read("my wife is 20 weeks pregnant, is ibuprofen ok for her?", None).values


# Ages said as a bound or a denial: in reply to the age question they answer it.
AGE_BOUNDS = [
    ("ru", "мне уже за сорок", "over 40"),
    ("uk", "мені під п'ятдесят", "almost 50"),
    ("en", "definitely not a kid, don't worry", "adult (over 18)"),
    ("es", "no soy menor de edad", "adult (over 18)"),
    ("it", "non sono una ragazzina", "adult (over 18)"),
    ("ja", "来月で38になります", "38"),
    ("tr", "ben 45 yaşında bir öğretmenim", "45"),
]


@pytest.mark.parametrize(("language", "reply", "age"), AGE_BOUNDS, ids=[f"{row[0]}-{i}" for i, row in enumerate(AGE_BOUNDS)])
def test_an_age_said_as_a_bound_answers_the_age_question(language, reply, age):
    assert read(reply, "Age").values.get("Age") == age


def test_someone_elses_bound_age_is_not_the_users():
    assert "Age" not in read("my dad is 70-something and still drives", None).values


# Work said by the job it is or the work done, not by a title.
INDIRECT_JOBS = [
    ("Age", "I'm 19 and I just got a weekend job at a garden centre", "weekend job at a garden centre"),
    ("Economic Status", "I make about 41k at a mid-level accounting job", "mid-level accounting"),
    ("Education Level", "Dropped out of college. Currently doing landscaping for a local company.", "landscaping"),
    ("Economic Status", "we get by, I earn 2k a month doing freelance translating from home", "translating"),
    (None, "My wife and I are both nurses and we work opposite shifts. How do we plan childcare?", "nurses"),
    ("Education Level", "Master's in physics, now a postdoc in Berlin", "postdoc"),
]


@pytest.mark.parametrize(("asked", "reply", "job"), INDIRECT_JOBS, ids=[str(i) for i in range(len(INDIRECT_JOBS))])
def test_work_said_without_a_title_is_the_profession(asked, reply, job):
    assert job in read(reply, asked).values.get("Profession", "")


@pytest.mark.parametrize("reply", ["I quit my old job at a bank last year", "we're doing nothing for the holidays",
                                   "my sister is doing nursing at uni"])
def test_a_past_job_doing_nothing_or_someone_elses_work_is_no_profession(reply):
    assert "Profession" not in read(reply, None).values


# Money said loosely: put by, paid badly, a scholarship, pay judged in Russian or Ukrainian, "mil" for thousands.
LOOSE_MONEY = [
    ("en", "Age", "I'm 23 and I've put away about 3 grand so far", "3 grand"),
    ("en", "Profession", "line cook, badly paid but I like it", "badly paid"),
    ("en", None, "I'm on a full-ride scholarship but my parents can't help with rent. Can I get a loan?", "scholarship"),
    ("ru", "Profession", "Работаю медсестрой, зарплата очень маленькая.", "low salary"),
    ("uk", "Economic Status", "Низька зарплатня, ледве вистачає.", "low salary"),
    ("pt", "Economic Status", "eu tiro uns 4 mil por mês", "4 mil"),
    ("it", "Profession", "faccio la commessa, pagata poco", "pagata poco"),
]


@pytest.mark.parametrize(("language", "asked", "reply", "said"), LOOSE_MONEY,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(LOOSE_MONEY)])
def test_money_said_loosely_is_the_economic_status(language, asked, reply, said):
    assert said in read(reply, asked).values.get("Economic Status", "")
