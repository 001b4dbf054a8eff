"""The extractor, round 13 (issue 12): the kinds of wording that retired blind round 9's odd rows missed.

Rules only (similarity=False) unless a test says otherwise. Every example was written for these tests, none copied
from the data: each list holds several wordings of one pattern, in the languages the pattern was written for.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction
from penguin_guard.negations import denied
from tests.test_extract import load_eval_module


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


def test_the_scorer_takes_a_negation_label_and_unemployment_in_other_words():
    agree = load_eval_module().values_agree
    assert agree("Health Status", "no medical issues", "No conditions reported")
    assert agree("Health Status", "healthy", "No conditions reported")
    assert not agree("Health Status", "healthy apart from asthma", "No conditions reported")
    assert not agree("Health Status", "asthma", "No conditions reported")
    assert agree("Profession", "no work since spring", "Unemployed")
    assert agree("Profession", "got laid off", "Unemployed (entlassen)")
    assert not agree("Profession", "nurse", "Unemployed")


# Retirement said by its phrase alone, the copula said earlier in the clause or dropped.
RETIRED = [
    ("Age", "Ik ben 72 en al een tijdje met pensioen."),
    ("Profession", "met pensioen sinds januari"),
    ("Age", "Ho 66 anni e da poco in pensione."),
    ("Profession", "à la retraite depuis trois ans"),
    ("Profession", "seit letztem Sommer im Ruhestand"),
]


@pytest.mark.parametrize(("asked", "reply"), RETIRED)
def test_retirement_said_by_its_phrase_alone(asked, reply):
    assert read(reply, asked).values.get("Profession") == "Retired"


def test_someone_elses_retirement_stays_theirs():
    assert "Profession" not in read("Mijn moeder is met pensioen.", "Age").values
    assert "Profession" not in read("Mio marito è in pensione.", "Age").values


# Refusals in German, Arabic, Hinglish and French wordings the cues did not know; a refusal's grammar still says
# the writer's gender.
REFUSALS = [
    ("Economic Status", "Darüber möchte ich eigentlich nichts erzählen."),
    ("Health Status", "ما بحب اتكلم بهالموضوع"),
    ("Health Status", "لا أحب أن أتحدث عن هذا"),
    ("Emotional State", "is baare mein main baat nahi karna chahta"),
    ("Profession", "ye sab share nahi karungi"),
    ("Marital Status", "Je préfère ne rien dire sur ce sujet."),
]


@pytest.mark.parametrize(("asked", "reply"), REFUSALS)
def test_refusals_in_more_wordings(asked, reply):
    got = read(reply, asked)
    assert got.declined == [asked] and asked not in got.values


def test_a_refusal_keeps_the_gender_its_grammar_says():
    assert read("main ye share nahi karna chahti", "Economic Status").values == {"Gender": "Female"}
    assert read("main ye share nahi karna chahta", "Economic Status").values == {"Gender": "Male"}
    assert "Gender" not in read("solo responde mi pregunta", "Emotional State").values


def test_an_age_with_its_possessive_says_the_hinglish_writers_gender():
    got = read("main 31 ki hoon aur teacher hoon", "Age").values
    assert got["Age"] == "31" and got["Gender"] == "Female"


# Money worries, illness and diagnoses denied, in the words of each language: a negation is a value, and "no money
# problems" is not "no money".
NO_MONEY_WORRIES = [
    ("en", "Nah, no real financial worries at the moment."),
    ("es", "No, no tengo problemas económicos."),
    ("fr", "Aucun souci d'argent, franchement."),
    ("de", "Keine finanziellen Sorgen, zum Glück."),
    ("it", "Non ho problemi di soldi."),
    ("nl", "Geen geldzorgen hoor."),
    ("ru", "Финансовых проблем нет."),
    ("tr", "Maddi sıkıntım yok şükür."),
    ("zh", "经济上没有什么压力"),
    ("hi-Latn", "paise ki koi problem nahi hai"),
]


@pytest.mark.parametrize(("language", "reply"), NO_MONEY_WORRIES, ids=[r[0] for r in NO_MONEY_WORRIES])
def test_money_worries_denied_are_a_value(language, reply):
    got = read(reply, "Economic Status")
    assert "no money problems" in got.values["Economic Status"].lower() and not got.declined


def test_no_money_problems_is_not_no_money():
    assert (
        read("No money problems, thankfully.", "Economic Status").values["Economic Status"]
        == "No money problems"
    )
    assert "Economic Status" not in read("My sister has no money worries at all.", None).values


ILLNESS_DENIED = [
    ("it", "Non ho nessuna malattia, per fortuna."),
    ("zh", "我身体没什么毛病"),
    ("ar", "ما عندي أي أمراض"),
    ("nl", "Geen aandoeningen, ik ben kerngezond."),
    ("ko", "지병은 없어요"),
    ("ja", "持病はありません"),
    ("en", "Clean bill of health last time I checked."),
]


@pytest.mark.parametrize(("language", "reply"), ILLNESS_DENIED, ids=[r[0] for r in ILLNESS_DENIED])
def test_illness_denied_in_other_languages(language, reply):
    assert read(reply, "Health Status").values == {"Health Status": "No conditions reported"}


DIAGNOSIS_DENIED = [
    ("es", "Nunca me han diagnosticado nada."),
    ("it", "Nessuna diagnosi."),
    ("ru", "Диагнозов мне не ставили."),
    ("uk", "Жодних діагнозів."),
    ("tr", "Herhangi bir tanım yok."),
    ("ko", "진단을 받은 적은 없어요"),
    ("pl", "Nie mam diagnozy."),
]


@pytest.mark.parametrize(("language", "reply"), DIAGNOSIS_DENIED, ids=[r[0] for r in DIAGNOSIS_DENIED])
def test_diagnoses_denied_in_other_languages(language, reply):
    assert read(reply, "Mental Health Status").values == {"Mental Health Status": "None reported"}


def test_a_denial_that_goes_on_to_name_something_is_no_denial():
    assert denied("nessuna diagnosi ma il mio medico pensa sia ansia") == []
    assert denied("keine Geldsorgen, aber Schulden") == []
    got = read("Sin diagnóstico, pero mi médico cree que es ansiedad", "Mental Health Status")
    assert "ansiedad" in got.values["Mental Health Status"]


# English words for values said in other languages: a reader of the background needs them.
GLOSSED = [
    ("Economic Status", "Tengo una hipoteca enorme.", "mortgage"),
    ("Economic Status", "Non ho neanche un euro.", "no money"),
    ("Profession", "faccio lavoretti quando capita", "odd jobs"),
    ("Profession", "Ich bin Hausmann.", "stay-at-home"),
    ("Mental Health Status", "Tengo TDAH desde pequeño.", "ADHD"),
    ("Health Status", "J'ai du cholestérol.", "cholesterol"),
    ("Education Level", "No terminé los estudios.", "didn't finish school"),
    ("Emotional State", "最近心情不好", "bad mood"),
    ("Emotional State", "بصراحة نفسيتي زفت", "awful"),
]


@pytest.mark.parametrize(("asked", "reply", "english"), GLOSSED, ids=[g[2] for g in GLOSSED])
def test_values_in_other_languages_carry_their_english_words(asked, reply, english):
    got = extract_offline(reply, asked)
    assert english in got.values[asked]


def test_a_turkish_clause_without_turkish_letters_is_still_read_as_turkish():
    assert "tense" in read("biraz gerginim sanırım", "Emotional State").values["Emotional State"]


def test_a_bare_shrug_is_filler():
    got = read("ehh", "Emotional State")
    assert got.values == {} and got.unanswered == ["Emotional State"]


# With the clause head on: a clause about the user's question (why they ask, what they want to know, their pronouns)
# is no value, whatever the head makes of it.
ABOUT_THE_QUESTION = [
    ("Health Status", "my aunt has epilepsy, which is why I'm asking about seizures"),
    ("Emotional State", "okay I guess, I'd like to know what dose of melatonin is safe"),
    ("Gender", "a man, I use he/him"),
    ("Health Status", "fine, I was wondering whether ibuprofen thins the blood"),
]


@pytest.mark.parametrize(("asked", "reply"), ABOUT_THE_QUESTION)
def test_a_clause_about_the_question_is_no_value(asked, reply):
    got = extract_offline(reply, asked)
    assert not any(
        word in value.lower()
        for value in got.values.values()
        for word in ("asking", "like to know", "he/him", "wondering")
    )


NON_BINARY = [
    ("it", "sono una persona non binaria"),
    ("es", "soy no binarie"),
    ("fr", "je suis non-binaire"),
    ("de", "ich bin nichtbinär"),
    ("pl", "jestem osobą niebinarną"),
    ("ru", "я небинарный человек"),
    ("zh", "我是非二元性别"),
]


@pytest.mark.parametrize(("language", "reply"), NON_BINARY, ids=[r[0] for r in NON_BINARY])
def test_non_binary_in_other_languages(language, reply):
    assert read(reply, "Gender").values == {"Gender": "Non-binary"}


def test_someone_elses_non_binary_is_theirs():
    assert "Gender" not in read("Mi hija es no binaria y quiero entenderla mejor", None).values


def test_russian_marital_words_one_sex_says_give_the_gender():
    assert read("Не замужем, детей нет.", "Marital Status").values["Gender"] == "Female"
    assert read("Давно женат.", "Marital Status").values["Gender"] == "Male"


def test_korean_decades_and_a_turkish_age_before_a_self_description():
    assert read("저는 50대 후반이에요", None).values["Age"] == "late 50s"
    assert read("저 20대 대학원생이에요", None).values["Age"] == "20s"
    assert "Age" not in read("아버지가 70대세요", None).values
    got = read("36 yaşında evli bir kadınım", None).values
    assert got["Age"] == "36" and got["Gender"] == "Female"


# Relationships said as a place one is in, an engagement ended, a reply that opens with a filler word, "I don't
# work" said alone, the writer's spouse named in ru/tr/ar/ko.
RELATIONSHIPS = [
    ("Marital Status", "Bueno, casada.", "Married"),
    ("Marital Status", "Allora, separato da un anno", "Separated"),
    ("Marital Status", "on est en couple depuis cinq ans", "In a relationship"),
    ("Marital Status", "estou namorando", "In a relationship"),
    ("Marital Status", "sono in una relazione da due anni", "In a relationship"),
    ("Emotional State", "triste, cancelamos el compromiso", "Single (recent breakup)"),
    ("Emotional State", "abbiamo rotto il fidanzamento a marzo", "Single (recent breakup)"),
    ("Emotional State", "wrecked, we called off the engagement", "Single (recent breakup)"),
]


@pytest.mark.parametrize(("asked", "reply", "label"), RELATIONSHIPS)
def test_relationships_said_otherwise(asked, reply, label):
    assert read(reply, asked).values["Marital Status"].startswith(label)


SPOUSE_NAMED = ["Мой муж работает в ночную смену", "Eşim öğretmen", "زوجتي حامل", "남편이 요즘 바빠요"]


@pytest.mark.parametrize("reply", SPOUSE_NAMED)
def test_the_writers_spouse_named_says_married(reply):
    got = read(reply, None).values
    assert got.get("Marital Status", "").startswith("Married") and "Profession" not in got


def test_a_late_or_former_spouse_is_no_marriage_and_their_illness_is_not_the_writers():
    assert "Marital Status" not in read("Моя бывшая жена живёт в Киеве", None).values
    assert "Health Status" not in read("Eşimi kalp krizinden kaybettim", "Marital Status").values


NOT_WORKING = [
    ("es", "No trabajo ahora mismo.", "Unemployed"),
    ("fr", "Je ne travaille pas.", "Unemployed"),
    ("pt", "Não trabalho, sou estudante.", "Unemployed"),
]


@pytest.mark.parametrize(("language", "reply", "label"), NOT_WORKING, ids=[r[0] for r in NOT_WORKING])
def test_not_working_said_alone(language, reply, label):
    assert read(reply, "Profession").values["Profession"].startswith(label)


def test_not_working_on_some_days_is_no_unemployment():
    assert "Profession" not in read("no trabajo los domingos", "Profession").values


def test_what_someone_not_in_paid_work_does_is_kept_and_not_negated_by_the_clause_before():
    value = extract_offline("No trabajo, soy ama de casa.", "Profession").values["Profession"]
    assert value.startswith("Unemployed") and "ama de casa" in value and "no homemaker" not in value


# Waving the question away by asking back why, asking for the answer first, or saying the topic is not the point.
ASKED_BACK = [
    ("Age", "haha why"),
    ("Profession", "you answer first, then maybe"),
    ("Health Status", "Responde primero a lo que pregunté"),
    ("Gender", "why does every app want my gender. anyway, the steps?"),
    ("Emotional State", "how I feel is not the point"),
    ("Age", "年齢は関係ないでしょ"),
    ("Profession", "跟这有什么关系"),
]


@pytest.mark.parametrize(("asked", "reply"), ASKED_BACK)
def test_asking_back_waves_the_question_away(asked, reply):
    assert read(reply, asked).declined == [asked]


def test_a_point_made_about_oneself_is_no_wave_away():
    assert read("the point is I'm exhausted", "Emotional State").values["Emotional State"] == "exhausted"


def test_a_doctors_suspicion_is_the_users_condition_kept_as_said():
    got = read("my GP thinks it could be early gout", "Health Status").values["Health Status"]
    assert "gout" in got.lower() and "could" in got
    assert read("my doctor says I have asthma", "Health Status").values["Health Status"] == "asthma"


def test_denied_knowing_is_not_a_denied_condition():
    assert read("nobody at work knows I have epilepsy", None).values["Health Status"] == "epilepsy"
    assert read("my mum doesn't know that I'm pregnant", None).values["Health Status"] == "pregnant"
    assert read("I don't have asthma", "Health Status").values["Health Status"] == "No conditions reported"


def test_my_own_thing_after_someone_else_is_mine():
    got = read("My partner doesn't know about my debt", None).values
    assert "debt" in got["Economic Status"]
    assert "Economic Status" not in read("My brother has a lot of debt", None).values


def test_years_said_after_a_decade_are_the_closer_answer():
    assert read("early 40s? 41 or 42, I forget", "Age").values["Age"] == "41 or 42"
    assert read("mid 50s, 56 to be exact", "Age").values["Age"] == "56"
    assert read("late twenties", "Age").values["Age"] == "late 20s"


def test_hinglish_work_at_a_place_and_studies_dropped():
    job = extract_offline("ek kirana store pe kaam karti hoon", "Profession").values
    assert "kaam karti" in job["Profession"] and job["Gender"] == "Female"
    school = extract_offline("B.Com beech mein chhod diya", "Education Level").values["Education Level"]
    assert "dropped out" in school
    assert "Profession" not in read("mera bhai ek dukaan pe kaam karta hai", None).values


def test_the_scorer_stems_a_doubled_consonant_with_its_suffix():
    agree = load_eval_module().values_agree
    assert agree("Economic Status", "getting by", "we get by")
    assert not agree("Economic Status", "getting by", "in debt")


GENDER_UNSURE = [
    "still figuring it out honestly",
    "neither really, I don't feel like either",
    "ni hombre ni mujer",
    "weder Mann noch Frau",
    "ни мужчина ни женщина",
]


@pytest.mark.parametrize("reply", GENDER_UNSURE)
def test_a_gender_the_user_is_unsure_of_is_kept_as_said(reply):
    assert read(reply, "Gender").values["Gender"].startswith("Unsure (")


def test_a_gender_denied_is_kept_as_said_and_labels_still_win():
    assert read("I'm not a man, if that's the question", "Gender").values["Gender"] == "I'm not a man"
    assert read("woman", "Gender").values["Gender"] == "Female"


# With the clause head on (rebuilt with scripts/data/extraction_clauses_r10.jsonl): what a reply says besides the
# fact asked (body, diet, not wanting a doctor, weekend gig work) goes where it belongs.
def test_the_head_leaves_body_diet_and_doctor_wishes_out_and_keeps_weekend_gig_work():
    got = extract_offline("Female. I'm quite tall and I eat mostly plants, so I wonder about iron", "Gender")
    assert got.values == {"Gender": "Female"}
    got = extract_offline(
        "Asthma since childhood. I'd rather not see a doctor about this though", "Health Status"
    )
    assert got.values == {"Health Status": "Asthma"}
    got = extract_offline("I wait tables and I also pick up delivery shifts on weekends", "Profession")
    assert "delivery" in got.values["Profession"]


def test_when_a_condition_was_found_belongs_to_that_condition():
    got = extract_offline(
        "I have celiac disease, diagnosed when I was 9, mostly fine if I avoid gluten", "Health Status"
    )
    assert "Mental Health Status" not in got.values and "celiac" in got.values["Health Status"].lower()


def test_school_as_a_time_of_life_is_no_schooling():
    got = read("高校生の頃に部活でけがをしたことがあります", "Health Status")
    assert "Education Level" not in got.values
    assert read("今は高校生です", "Education Level").values["Education Level"].startswith("高校生")


KEPT_PRIVATE = [
    ("Mental Health Status", "Das behalte ich lieber für mich."),
    ("Education Level", "Bunu paylaşmak istemiyorum."),
    ("Marital Status", "Eso no te lo voy a decir."),
    ("Profession", "I'd rather keep my work stuff to myself"),
]


@pytest.mark.parametrize(("asked", "reply"), KEPT_PRIVATE)
def test_keeping_it_to_oneself_is_a_refusal(asked, reply):
    assert read(reply, asked).declined == [asked]


def test_ocd_hypertension_and_hypothyroidism_carry_their_english_words():
    assert (
        "OCD"
        in extract_offline("Takıntı değil, obsesif kompulsif bozukluğum var", "Mental Health Status").values[
            "Mental Health Status"
        ]
    )
    assert "hypothyroidism" in extract_offline("У меня гипотиреоз", "Health Status").values["Health Status"]


NO_PARTNER = [
    ("en", "nope, I don't have a boyfriend"),
    ("es", "No, sin pareja."),
    ("de", "Ich habe keine Freundin."),
    ("it", "Non ho un compagno."),
    ("pl", "Nie mam chłopaka."),
    ("ru", "У меня нет мужа."),
    ("ko", "애인 없어요"),
    ("zh", "我没有男朋友"),
    ("ja", "彼氏はいません"),
]


@pytest.mark.parametrize(("language", "reply"), NO_PARTNER, ids=[r[0] for r in NO_PARTNER])
def test_no_partner_is_single_and_no_decline(language, reply):
    got = read(reply, "Marital Status")
    assert got.values["Marital Status"].startswith("Single") and not got.declined


def test_no_partner_is_not_read_as_a_relationship_in_chinese():
    assert read("没有对象", "Marital Status").values["Marital Status"].startswith("Single")


def test_a_decade_told_as_when_something_happened_is_no_age():
    got = read("Yes, scratched myself a lot in my late teens and early 20s", "Past Self-Harm History").values
    assert "Age" not in got
    assert read("I'm in my early 30s", "Age").values["Age"] == "early 30s"


HEALTHY_SAID = [
    ("pl", "Poza tym jestem zdrowy."),
    ("nl", "Verder ben ik gezond."),
    ("it", "Sono in salute."),
    ("zh", "我身体挺好的"),
]


@pytest.mark.parametrize(("language", "reply"), HEALTHY_SAID, ids=[r[0] for r in HEALTHY_SAID])
def test_healthy_said_in_more_languages(language, reply):
    assert "healthy" in read(reply, "Health Status").values["Health Status"]


def test_dutch_sugar_said_of_oneself_is_diabetes():
    assert "diabetes" in read("Ik heb suiker sinds een paar jaar", "Health Status").values["Health Status"]
    assert "Health Status" not in read("Ik neem suiker in mijn koffie", None).values


VOLUNTEERED_FEELINGS = [
    ("ja", "事務の仕事です。正直つらいです"),
    ("pl", "Pracuję w sklepie i jestem zmęczona"),
    ("fr", "Je suis prof et je suis épuisée"),
    ("nl", "Ik ben kok en ik ben doodmoe"),
]


@pytest.mark.parametrize(("language", "reply"), VOLUNTEERED_FEELINGS, ids=[r[0] for r in VOLUNTEERED_FEELINGS])
def test_a_strong_feeling_said_in_reply_to_another_question_is_kept(language, reply):
    assert "Emotional State" in read(reply, "Profession").values


def test_gender_from_a_closing_tag_a_widows_word_and_french_living_alone():
    got = read("bad week, my back is killing me. 41M", None).values
    assert got["Age"] == "41" and got["Gender"] == "Male"
    assert read("Kadınım, 40 yaşındayım.", "Gender").values["Gender"] == "Female"
    assert read("я вдова, живу одна", None).values["Gender"] == "Female"
    assert read("je vis seule depuis un an", None).values["Gender"] == "Female"
    assert read("not male", "Gender").values["Gender"] == "not male"
    assert "Gender" not in read("can I take 20 M of this?", None).values
