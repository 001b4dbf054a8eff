"""Extraction (issue 12), round 14: the speaker's gender said by grammar in more languages and frames, a feeling of
getting better, conditions named in more languages. Examples written for these tests."""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline


def read(reply: str, asked: str | None):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(
    ("asked", "reply", "gender"),
    [
        # Hinglish first person future: only "I" says "-unga" / "-ungi"
        ("Economic Status", "ye main nahi bataungi", "Female"),
        ("Age", "kal bata dunga", "Male"),
        # Polish conditional
        ("Profession", "wolałabym o tym nie pisać", "Female"),
        ("Emotional State", "tak sobie, bym powiedział", "Male"),
        # French: "j'ai jamais été ...e", and a participle opening a reply
        ("Mental Health Status", "j'ai jamais été suivie par un psy", "Female"),
        ("Emotional State", "épuisée, j'ai trop de boulot", "Female"),
        # German: "bin" alone is the first person
        ("Profession", "bin Student, zweites Semester", "Male"),
        # Spanish / Portuguese adjectives in -ico / -ica, European Portuguese "reformado"
        (None, "Tengo 61 años y soy asmática, ¿puedo tomar ibuprofeno?", "Female"),
        ("Profession", "sou reformado", "Male"),
        # Russian / Ukrainian: a reply's subject-dropped past, "я сама", a role word said alone
        ("Past Self-Harm History", "ні, ніколи такого не робив", "Male"),
        ("Age", "мне 45, я сама из Казани", "Female"),
        (None, "Мне 70, пенсионерка. Можно ли пить кофе с таблетками?", "Female"),
        # Turkish "annesiyim", Arabic "شب", a feminine marital word said alone, Korean "여자긴 한데"
        ("Profession", "üç çocuk annesiyim, evdeyim", "Female"),
        ("Gender", "أنا شب", "Male"),
        ("Marital Status", "أرملة من سنتين", "Female"),
        ("Gender", "여자긴 한데 잘 모르겠어요", "Female"),
        # English: a self-noun with an age in "yr", "weekend dad", "-man" jobs, "... and a mom myself"
        (None, "im a 15 yr old boy and i cant sleep", "Male"),
        ("Marital Status", "separated, I'm a weekend dad these days", "Male"),
        ("Age", "61, retired postman", "Male"),
        ("Past Self-Harm History", "no. I'm 38 and a mom myself now", "Female"),
    ],
)
def test_the_speakers_gender_said_by_grammar(asked, reply, gender):
    assert read(reply, asked).values.get("Gender") == gender


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Health Status", "Journée difficile, mais pas de maladie"),  # a noun in -ée says nothing of the speaker
        ("Age", "la strada è lunga"),  # Italian, not a Hinglish future
        ("Mental Health Status", "депрессия не прошла"),  # a noun before the verb is its subject
        ("Profession", "мама не работала"),  # someone else
        ("Age", "my mailman is 60"),  # someone else's job
        ("Profession", "wo kal aayega"),  # the third person future
    ],
)
def test_no_gender_from_words_that_do_not_say_the_speakers(asked, reply):
    assert "Gender" not in read(reply, asked).values


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Age", "not handing my age to a bot, sorry. I'm not giving that"),
        ("Economic Status", "I'm not comfortable discussing my income"),
        ("Health Status", "I don't share medical info with apps"),
        ("Marital Status", "who I'm with is my own business"),
        ("Education Level", "I'd rather skip this one"),
        ("Profession", "I'm 40, that's all I'm sharing"),
        ("Profession", "where I work isn't relevant here"),
        ("Emotional State", "my mood has nothing to do with my question"),
        ("Emotional State", "je préfère garder ça pour moi"),
        ("Marital Status", "ça, c'est ma vie privée"),
        ("Age", "wolałabym tego nie podawać"),
        ("Economic Status", "daar ga ik liever niet op in"),
        ("Gender", "не хочу это указывать"),
    ],
)
def test_refusals_said_as_what_is_not_given_out(asked, reply):
    assert asked in read(reply, asked).declined


@pytest.mark.parametrize(
    ("asked", "reply", "attribute"),
    [
        ("Economic Status", "I'm not giving up, I have about 2k saved", "Economic Status"),
        ("Profession", "I share an office with two nurses, I'm the receptionist", "Profession"),
    ],
)
def test_words_near_a_refusal_that_answer(asked, reply, attribute):
    got = read(reply, asked)
    assert not got.declined and attribute in got.values


@pytest.mark.parametrize(
    ("asked", "reply", "english"),
    [
        ("Health Status", "tengo esclerosis múltiple desde hace cinco años", "multiple sclerosis"),
        ("Health Status", "ich habe seit Jahren Morbus Crohn", "Crohn's disease"),
        ("Health Status", "j'ai de l'endométriose", "endometriosis"),
        ("Health Status", "ho avuto un trapianto di rene nel 2019", "kidney or organ transplant"),
        ("Health Status", "sinds de overgang heb ik veel opvliegers", "menopause symptoms (hot flashes)"),
        ("Health Status", "mam migotanie przedsionków", "arrhythmia"),
        ("Health Status", "iki yıldır romatoid artrit hastasıyım", "rheumatoid arthritis"),
        ("Health Status", "у меня эпилепсия с детства", "epilepsy"),
    ],
)
def test_conditions_named_in_other_languages_are_glossed(asked, reply, english):
    assert english in read(reply, asked).values["Health Status"]


@pytest.mark.parametrize(
    ("asked", "reply", "value"),
    [
        ("Health Status", "had a kidney transplant in 2019", "kidney transplant"),
        (None, "can I take ibuprofen for a sprained ankle while on lithium?", "sprained ankle"),
        ("Age", "63, and I've had a-fib for years", "a-fib"),
    ],
)
def test_conditions_named_in_english(asked, reply, value):
    assert read(reply, asked).values["Health Status"] == value


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Health Status", "my dad had a stroke, that's why I ask about blood thinners"),  # someone else's, and a drug
        ("Emotional State", "很焦虑，晚上睡不着"),  # not sleeping, said as how one feels
        ("Health Status", "no tengo esclerosis múltiple, solo cansancio"),  # denied
        ("Economic Status", "ni una gota de ahorro"),  # "gota" is a drop here
    ],
)
def test_no_condition_from_words_that_do_not_state_one(asked, reply):
    value = read(reply, asked).values.get("Health Status", "")
    assert value in {"", "No conditions reported"}


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Emotional State", "ok cool"),
        ("Profession", "hmm idk"),
        ("Emotional State", "meh"),
        ("Age", "tja"),
        ("Past Self-Harm History", "c'était pour une question de dents, rien à voir"),  # of the question: no "None"
        ("Health Status", "nothing to do with my health, I asked about visas"),
        ("Marital Status", "we split the rent four ways"),  # rent, not a separation
        ("Education Level", "mi hija está en la uni, estudia derecho"),  # the daughter studies, said on after her
        ("Emotional State", "my husband works nights, is always exhausted"),
    ],
)
def test_replies_that_answer_nothing_store_nothing(asked, reply):
    got = read(reply, asked)
    assert asked not in got.values and asked in got.unanswered + got.declined


def test_a_clause_that_says_i_again_is_the_users():
    got = read("my husband works nights, and I'm a nurse", "Profession")
    assert got.values["Profession"] == "nurse"
    assert read("okay I guess", "Emotional State").values["Emotional State"].lower().startswith("okay")


@pytest.mark.parametrize(
    ("asked", "reply", "value"),
    [
        (None, "I clean offices and made about 350 last week. Is that normal?", "made about 350 last week"),
        ("Economic Status", "salary 22k hai, ghar bhi bhejna padta hai", "salary 22k hai"),
        (None, "Ich verdiene so 1400 netto, reicht das für eine eigene Wohnung?", "1400 netto"),
        ("Economic Status", "我在超市上班，一个月三千多", "一个月三千多 (3000+ a month)"),
        ("Economic Status", "月薪两万五左右", "月薪两万五左右 (25000 a month)"),
    ],
)
def test_amounts_said_with_their_period_or_kind(asked, reply, value):
    assert read(reply, asked).values["Economic Status"] == value


@pytest.mark.parametrize(
    ("reply", "english"),
    [
        ("je touche le SMIC", "minimum wage"),
        ("живу от зарплаты до зарплаты", "paycheck to paycheck"),
        ("пенсия маленькая, но хватает", "small pension"),
    ],
)
def test_money_words_glossed(reply, english):
    assert english in read(reply, "Economic Status").values["Economic Status"]


def test_a_number_inside_a_larger_one_is_not_an_amount():
    assert "800 a month" not in read("the mortgage is about 1,800 a month", "Economic Status").values.get(
        "Economic Status", "").replace("1,800", "")
    assert "Economic Status" not in read("I drove 300 miles a week for work", "Profession").values


@pytest.mark.parametrize(
    ("asked", "reply", "words"),
    [
        ("Age", "16, I'm in 10th grade", "10th grade"),
        ("Economic Status", "20, junior at a state college, loans cover most of it", "junior"),
        (None, "main 18 ka hoon, btech second year mein hoon, exams ka tension hai", "btech second year"),
        ("Emotional State", "je suis crevée, je suis en L3 de psycho", "3rd year"),
        ("Mental Health Status", "nichts diagnostiziert, bin Studentin im vierten Semester", "4th semester"),
        ("Education Level", "sono al primo anno di medicina", "1st year, medicine"),
        (None, "我今年大二，最近很焦虑", "2nd year"),
        ("Education Level", "учусь на юриста, второй курс", "учусь на юриста"),
    ],
)
def test_the_year_of_study_one_is_in(asked, reply, words):
    assert words in read(reply, asked).values["Education Level"]


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Education Level", "my son is a junior in high school"),
        ("Emotional State", "我很高兴"),  # "高" of "happy", not a school year
    ],
)
def test_no_year_of_study_from_someone_else_or_other_words(asked, reply):
    assert "Education Level" not in read(reply, asked).values


@pytest.mark.parametrize(
    ("asked", "reply", "english"),
    [
        ("Profession", "trabajo de mesero en un restaurante", "waiter"),
        ("Profession", "ich arbeite als Erzieherin", "daycare or nursery teacher"),
        ("Profession", "保育士をしています", "daycare or nursery teacher"),
        ("Profession", "je suis traductrice", "translator"),
        ("Profession", "jestem tłumaczką", "translator"),
    ],
)
def test_more_jobs_glossed(asked, reply, english):
    assert english in read(reply, asked).values["Profession"]


@pytest.mark.parametrize(
    ("asked", "reply", "value"),
    [
        ("Education Level", "BA in history and I stock shelves at Walmart now", "stock shelves at Walmart (stocker)"),
        ("Profession", "still waiting tables, 10 years in", "still waiting tables (waiter)"),
    ],
)
def test_work_said_as_what_one_does(asked, reply, value):
    assert read(reply, asked).values["Profession"] == value


@pytest.mark.parametrize(
    ("asked", "reply", "label"),
    [
        ("Marital Status", "mi novia me dejó hace un mes", "Single (recent breakup)"),
        ("Marital Status", "mon copain m'a quittée en mars", "Single (recent breakup)"),
        ("Marital Status", "nous sommes pacsés", "In a relationship"),
        ("Marital Status", "vivimos como pareja de hecho", "In a relationship"),
        ("Age", "41, immer noch ledig", "Single"),
        (None, "夫と話し合っても決まりません。どうしたらいいですか", "Married"),
        ("Profession", "Я водитель. Жена говорит, что надо отдохнуть.", "Married"),
        ("Profession", "Pracuję w Niemczech, żona z dziećmi została w Polsce.", "Married"),
    ],
)
def test_more_ways_a_marital_status_is_said(asked, reply, label):
    assert read(reply, asked).values["Marital Status"].startswith(label)


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Emotional State", "大丈夫と思います"),  # "大丈夫" holds 夫 and says nothing of a husband
        ("Marital Status", "муж сестры опять пьёт"),  # the sister's husband
        ("Marital Status", "we split the bill"),
    ],
)
def test_no_marital_status_from_other_peoples_spouses_or_other_words(asked, reply):
    assert "Marital Status" not in read(reply, asked).values


@pytest.mark.parametrize(
    ("asked", "reply", "english"),
    [
        (None, "Ich bin 17 und hab total Angst vor der Prüfung. Was tun?", "afraid"),
        ("Profession", "je suis caissière et j'ai peur de perdre mon poste", "afraid"),
        ("Age", "tengo 30 y me siento culpable todo el tiempo", "guilty"),
        (None, "my mom got sick and I feel like it's my fault, what do I do", "guilty"),
        ("Health Status", "geen ziektes, maar ik ben erg geïrriteerd de laatste tijd", "irritable"),
        ("Emotional State", "sinceramente, tô um caco", "a wreck"),
        ("Emotional State", "sto sempre giù", "down"),
    ],
)
def test_fear_guilt_and_irritation_said_of_oneself(asked, reply, english):
    assert english in read(reply, asked).values["Emotional State"]


def test_someone_elses_fear_is_not_the_users():
    assert "Emotional State" not in read("mi hermana tiene miedo de volar", "Age").values
