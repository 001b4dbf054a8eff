"""Facts said in the languages other than English that the twenty-seventh session's extraction rules (E72, E73) read, in
our own words (the gaps were found on retired blind sets, round 49 among them; none of these is a blind row): people
introducing themselves, widowhood and partners, feelings, work, schooling, money and refusals."""

from __future__ import annotations

import pytest

from penguin_guard.clauses import split_clauses
from penguin_guard.extract import extract_offline


def read(reply, asked=None):
    return extract_offline(reply, asked, similarity=False)


@pytest.mark.parametrize(("reply", "asked", "age"), [
    ("Hallo, ich (31, w) überlege, ob ich kündigen soll", None, "31"),
    ("nehme Tabletten gegen Migräne, bin übrigens 44", "Health Status", "44"),
    ("ja mam 27 i pracuję w sklepie, co robić?", None, "27"),
    ("Merhaba, 30 yaşında bir adamım, ne yapmalıyım?", None, "30"),
    ("Mình 31 tuổi, nên làm gì bây giờ?", None, "31"),
    ("29 na ako, may anak na dalawa", None, "29"),
    ("٤٢ سنة", "Age", "42"),
    ("38です", "Age", "38"),
    ("ne ho compiuti 40 a giugno", "Age", "40"),
    ("soy un chaval de 20 y no sé qué estudiar", None, "20"),
])
def test_an_age_said_as_people_introduce_themselves(reply, asked, age):
    assert read(reply, asked).values.get("Age") == age


@pytest.mark.parametrize(("reply", "asked"), [
    ("mam 20 tysięcy długu", "Economic Status"),  # an amount, not an age
    ("مرة وحدة لما كان عمري ١٥", "Past Self-Harm History"),  # when I was 15: then, not now
])
def test_a_number_that_is_not_the_users_age_now(reply, asked):
    assert "Age" not in read(reply, asked).values


def test_a_short_parenthesis_is_one_clause():
    assert [c.text for c in split_clauses("ich (27, Erzieherin) frage mich, ob ich umziehen soll")] == [
        "ich (27, Erzieherin) frage mich", "ob ich umziehen soll"]


@pytest.mark.parametrize(("reply", "asked", "status"), [
    ("Mein Mann ist vor zwei Jahren gestorben, soll ich das Haus verkaufen?", None, "Widowed"),
    ("mijn vrouw is vorig jaar overleden", "Marital Status", "Widowed"),
    ("Me quedé viudo hace un año", "Marital Status", "Widowed"),
    ("Tak, mam męża.", "Marital Status", "Married"),
    ("tenho namorado, moramos juntos", "Marital Status", "In a relationship"),
    ("ho il ragazzo da due anni", "Marital Status", "In a relationship"),
    ("mi mujer y yo nos separamos en verano", "Marital Status", "Separated"),
])
def test_marital_status_in_more_words(reply, asked, status):
    assert read(reply, asked).values["Marital Status"].startswith(status)


def test_someone_elses_partner_is_not_the_users():
    assert "Marital Status" not in read("tengo una amiga que tiene novio", None).values


@pytest.mark.parametrize(("reply", "asked", "gender"), [
    ("ando bien cansado de todo", "Emotional State", "Male"),
    ("Tô bem cansada", "Emotional State", "Female"),
    ("Zmęczona jestem.", "Emotional State", "Female"),
    ("Честно, я растеряна.", "Emotional State", "Female"),
    ("Żonaty od pięciu lat", "Marital Status", "Male"),
])
def test_gender_from_the_grammar_of_what_the_user_says_of_themselves(reply, asked, gender):
    assert read(reply, asked).values["Gender"] == gender


def test_non_binary_in_russian_is_not_read_as_male():
    assert read("Я небинарный человек", "Gender").values.get("Gender") != "Male"


@pytest.mark.parametrize(("reply", "asked", "english"), [
    ("me agobia todo esto", None, "overwhelmed"),
    ("ich bin hin- und hergerissen", "Emotional State", "torn"),
    ("我很纠结", None, "torn"),
    ("正直まだ不安です", "Emotional State", "anxious"),
    ("liderar uma equipe me apavora", None, "terrified"),
    ("Sono un po' sollevata", "Emotional State", "relieved"),
])
def test_feelings_in_the_speakers_own_forms(reply, asked, english):
    assert english in read(reply, asked).values["Emotional State"]


@pytest.mark.parametrize(("reply", "asked", "job"), [
    ("estoy tirando del paro desde mayo", "Profession", "Unemployed"),
    ("sou estagiária de design", None, "intern"),
    ("Dou aula de matemática numa escola pública", None, "teacher"),
    ("我现在在上海做客服", None, "客服"),
])
def test_work_said_by_what_one_does(reply, asked, job):
    assert job in read(reply, asked).values["Profession"]


def test_working_from_home_names_no_job():
    assert "Profession" not in read("trabajo en casa los viernes", None).values


@pytest.mark.parametrize(("reply", "asked", "schooling"), [
    ("estoy estudiando arquitectura en Valencia", None, "arquitectura"),
    ("me formei em direito mas nunca exerci", "Profession", "law"),
    ("dejé la carrera en segundo", "Education Level", "dropped out"),
    ("hab Informatik studiert", "Education Level", "Informatik"),
])
def test_studies_said_with_a_verb(reply, asked, schooling):
    assert schooling in read(reply, asked).values["Education Level"]


@pytest.mark.parametrize(("reply", "asked", "english"), [
    ("das Haus ist abbezahlt, aber sonst ist wenig da", "Economic Status", "home paid off"),
    ("chez moi on a pas trop de thunes", None, "not much money"),
    ("ik verdien prima", "Economic Status", "earns fine"),
])
def test_money_in_the_households_own_words(reply, asked, english):
    assert english in read(reply, asked).values["Economic Status"]


@pytest.mark.parametrize(("reply", "asked"), [
    ("Daar wil ik liever niet op ingaan.", "Health Status"),
    ("나이는 상관없어요, 그냥 알려주세요", "Age"),
    ("그건 말씀드리기 좀 그래요", "Economic Status"),
    ("deixa isso pra lá, o que você faria?", "Economic Status"),
    ("usse kya farak padta hai, bas ye batao", "Gender"),
])
def test_refusals_in_more_words(reply, asked):
    assert read(reply, asked).declined == [asked]


# ---- E73 (round 73): pay with its amount, more feelings, work named by a verb or a contract, spouses named
# without "my", Korean decades in words, more refusals

@pytest.mark.parametrize(("reply", "asked", "english"), [
    ("ich verdiene knapp 2.100 netto", "Economic Status", "2100"),
    ("salary sirf 22k hai", "Economic Status", "22k"),
    ("penghasilanku nggak nentu", "Economic Status", "irregular income"),
])
def test_pay_said_with_its_amount(reply, asked, english):
    assert english in read(reply, asked).values["Economic Status"]


@pytest.mark.parametrize(("reply", "asked", "english"), [
    ("Kafam çok karışık.", "Emotional State", "confused"),
    ("estoy reventada, la verdad", "Emotional State", "worn out"),
    ("Ich hab ehrlich gesagt ziemlich Schiss vor der Entscheidung", "Emotional State", "scared"),
    ("요즘 번아웃 온 것 같아요", "Emotional State", "burned out"),
])
def test_more_feelings(reply, asked, english):
    assert english in read(reply, asked).values["Emotional State"]


@pytest.mark.parametrize(("reply", "asked", "job"), [
    ("main ek bank mein cashier hoon", "Profession", "cashier"),
    ("llevo 6 años de cocinero en un hotel", "Profession", "cocinero"),
    ("Mam 50 lat, jeżdżę tirem", "Age", "truck driver"),
    ("aku ojol, udah 3 tahun", "Profession", "ride-hailing"),
])
def test_work_named_by_a_verb_or_a_title(reply, asked, job):
    assert job in read(reply, asked).values["Profession"]


@pytest.mark.parametrize(("reply", "asked"), [
    ("Wife chahti hai hum Pune shift ho jaayein", None),
    ("Jestem zmęczony, a do tego żona jest w ciąży.", "Emotional State"),
    ("Istri lagi hamil anak pertama", "Emotional State"),
])
def test_a_spouse_named_without_my_says_married(reply, asked):
    assert read(reply, asked).values["Marital Status"].startswith("Married")


def test_a_spouses_pregnancy_is_not_the_users_health():
    assert "Health Status" not in read("Jestem zmęczony, a do tego żona jest w ciąży.", "Emotional State").values


@pytest.mark.parametrize(("reply", "age"), [("사십대 초반이요", "early 40s"), ("sono del '88, fai tu", "born 1988")])
def test_an_age_said_as_a_decade_or_a_birth_year(reply, age):
    assert read(reply, "Age").values["Age"] == age


@pytest.mark.parametrize(("reply", "asked"), [
    ("Wolałabym o tym nie mówić.", "Past Self-Harm History"),
    ("Preferirei non rispondere.", "Education Level"),
    ("这个不太想说。", "Education Level"),
    ("isso não vem ao caso, só me fala o que fazer", "Education Level"),
    ("Das tut jetzt nichts zur Sache.", "Mental Health Status"),
    ("not comfortable putting numbers in here", "Economic Status"),
])
def test_more_refusals(reply, asked):
    assert read(reply, asked).declined == [asked]


def test_an_italian_it_does_not_suit_me_is_no_refusal():
    assert read("non mi va bene questo orario, lavoro in fabbrica", "Profession").declined == []


# ---- E75 (round 75): English words given with values said in other languages, so a reader of the enriched prompt
# who does not know the language still reads them

@pytest.mark.parametrize(("reply", "asked", "attribute", "english"), [
    ("trabajo en un laboratorio de análisis clínicos", "Profession", "Profession", "laboratory"),
    ("sono farmacista da otto anni", "Profession", "Profession", "pharmacist"),
    ("Ich bin Werkstudentin bei einer Bank", "Profession", "Profession", "working student"),
    ("tengo artritis desde los treinta", "Health Status", "Health Status", "arthritis"),
    ("mi è stata diagnosticata la schizofrenia", "Mental Health Status", "Mental Health Status", "schizophrenia"),
    ("適応障害と診断されました", "Mental Health Status", "Mental Health Status", "adjustment disorder"),
    ("ganho pouco, mas dá", "Economic Status", "Economic Status", "low income"),
    ("estou muito assustada com tudo isso", "Emotional State", "Emotional State", "scared"),
])
def test_a_value_in_another_language_carries_its_english(reply, asked, attribute, english):
    assert english in read(reply, asked).values[attribute]


@pytest.mark.parametrize("reply", ["estou bem assustada com tudo isso", "estoy bien jodido con esto"])
def test_bien_before_an_adjective_is_very_not_fine(reply):
    assert read(reply, "Emotional State").values.get("Emotional State") not in {"bem", "bien"}
