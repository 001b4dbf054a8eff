"""The extractor, round 10: Russian, Ukrainian, Turkish, Arabic and Korean (issue 12).

Rules only (similarity=False): each example is read by penguin_guard.rules_ru_tr_ar_ko and the shared cues and
glossary, not by the clause head. The examples were written for these tests; look-alikes (someone else's job, a
plan, the past, small talk, a question about a topic) must store nothing.
"""

from __future__ import annotations

import pytest

from penguin_guard.extract import extract_offline
from penguin_guard.models import Extraction


def read(reply: str, asked: str | None) -> Extraction:
    return extract_offline(reply, asked, similarity=False)


# (language, asked question or None for a first request, reply, what is stored)
STATED = [
    ('ru', 'Age', 'мне 34',
     {'Age': '34'}),
    ('ru', 'Age', 'тридцать четыре',
     {'Age': '34'}),
    ('ru', 'Age', 'Мне 52 года.',
     {'Age': '52'}),
    ('ru', None, 'Мне 34 года, я работаю водителем, и у меня долги по кредитам.',
     {'Age': '34', 'Profession': 'работаю водителем (driver)', 'Economic Status': 'долги, кредитам (debt, loans or credit)'}),
    ('ru', None, 'Мне уже сорок пять, работаю на складе.',
     {'Age': '45', 'Profession': 'работаю на складе (warehouse worker)'}),
    ('ru', None, 'Я разведён, живу один.',
     {'Gender': 'Male', 'Marital Status': 'Divorced (Я разведён)'}),
    ('ru', 'Marital Status', 'не замужем',  # only a woman is "замужем": the word says the gender too
     {'Marital Status': 'Single (не замужем)', 'Gender': 'Female'}),
    ('ru', 'Profession', 'я бухгалтер',
     {'Profession': 'бухгалтер (accountant)'}),
    ('ru', None, 'Моя сестра медсестра, а я продавец в магазине.',
     {'Profession': 'продавец (sales or cashier)'}),
    ('ru', 'Gender', 'я работала всю ночь и очень устала',
     {'Gender': 'Female', 'Emotional State': 'устала (tired)'}),
    ('ru', 'Economic Status', 'у меня нет долгов',
     {'Economic Status': 'нет долгов (no debt)'}),
    ('ru', 'Economic Status', 'денег не хватает, сбережений нет',
     {'Economic Status': 'денег не хватает, сбережений нет (broke, no savings)'}),
    ('ru', 'Health Status', 'у меня астма и высокое давление',
     {'Health Status': 'астма, высокое давление (asthma, high blood pressure, hypertension)'}),
    ('ru', 'Health Status', 'нет, здоров',  # the short adjective is the masculine one: a woman says "здорова"
     {'Health Status': 'No conditions reported', 'Gender': 'Male'}),
    ('ru', 'Mental Health Status', 'я хожу к психотерапевту из-за панических атак',
     {'Mental Health Status': 'хожу к психотерапевту, панических атак (in therapy, panic attacks)'}),
    ('ru', 'Past Self-Harm History', 'никогда не резала себя',  # a reply's subject-dropped past is the speaker's
     {'Past Self-Harm History': 'None', 'Gender': 'Female'}),
    ('ru', 'Past Self-Harm History', 'да, резала себя в школе',
     {'Past Self-Harm History': 'Yes (резала себя в школе)'}),
    ('ru', 'Past Self-Harm History', 'нет, никогда',
     {'Past Self-Harm History': 'None'}),
    ('ru', None, 'Мне 41, я безработный, денег нет.',
     # "безработный" agrees with a man (a woman says "безработная")
     {'Age': '41', 'Gender': 'Male', 'Profession': 'Unemployed', 'Economic Status': 'денег нет (broke)'}),
    ('uk', 'Age', 'Мені 38',
     {'Age': '38'}),
    ('uk', 'Profession', 'працюю водієм',
     {'Profession': 'працюю водієм (driver)'}),
    ('uk', None, 'Я розлучена і живу з мамою.',
     {'Gender': 'Female', 'Marital Status': 'Divorced (Я розлучена і живу з мамою)'}),
    ('uk', 'Health Status', 'у мене цукровий діабет',
     {'Health Status': 'цукровий діабет (diabetes)'}),
    ('uk', 'Past Self-Harm History', 'ні, ніколи',
     {'Past Self-Harm History': 'None'}),
    ('uk', 'Mental Health Status', 'депресія, лікуюся',
     {'Mental Health Status': 'депресія (depression)'}),
    ('uk', None, 'Я втомилася від усього, мені 27.',
     {'Age': '27', 'Gender': 'Female', 'Emotional State': 'втомилася (tired)'}),
    ('uk', None, 'Мені 29 років, я працюю вчителькою в школі',
     {'Age': '29', 'Profession': 'працюю вчителькою в школі (teacher, school)'}),
    ('tr', 'Age', '34 yaşındayım',
     {'Age': '34'}),
    ('tr', 'Age', 'Yaşım 45.',
     {'Age': '45'}),
    ('tr', None, 'Otuz iki yaşındayım, bekarım.',
     {'Age': '32', 'Marital Status': 'Single (bekarım)'}),
    ('tr', None, 'Kardeşim doktor, ben de öğretmenim.',
     {'Profession': 'öğretmenim (teacher)'}),
    ('tr', 'Profession', 'Fabrikada çalışıyorum.',
     {'Profession': 'Fabrikada çalışıyorum (factory worker)'}),
    ('tr', 'Profession', 'işsizim',
     {'Profession': 'Unemployed'}),
    ('tr', None, 'Emekliyim, dul bir kadınım.',
     {'Gender': 'Female', 'Marital Status': 'Widowed (dul bir kadınım)', 'Profession': 'Retired'}),
    ('tr', 'Economic Status', 'param yok, kredi kartı borcum var',
     {'Economic Status': 'param yok, kredi kartı borcu (broke, loans or credit, debt)'}),
    ('tr', None, 'Evliyim, iki çocuğum var, borcum var.',
     {'Marital Status': 'Married (Evliyim)', 'Economic Status': 'borcum var (debt)'}),
    ('tr', 'Health Status', 'şeker hastasıyım',
     {'Health Status': 'şeker hastasıyım (diabetes)'}),
    ('tr', 'Health Status', 'hiçbir hastalığım yok',
     {'Health Status': 'No conditions reported'}),
    ('tr', 'Mental Health Status', 'depresyondayım',
     {'Mental Health Status': 'depresyondayım (depression)'}),
    ('tr', 'Mental Health Status', 'panik atak geçiriyorum, antidepresan kullanıyorum',
     {'Mental Health Status': 'panik atak, antidepresan (panic attacks, antidepressants)'}),
    ('tr', 'Past Self-Harm History', 'evet, kendime zarar verdim',
     {'Past Self-Harm History': 'Yes (kendime zarar verdim)'}),
    ('tr', 'Past Self-Harm History', 'hayır, kendime hiç zarar vermedim',
     {'Past Self-Harm History': 'None'}),
    ('tr', 'Past Self-Harm History', 'hayır, hiç',
     {'Past Self-Harm History': 'None'}),
    ('ar', 'Age', 'عمري ٣٤',
     {'Age': '34'}),
    ('ar', 'Age', 'عمري 29 سنة',
     {'Age': '29'}),
    ('ar', None, 'أنا ممرضة وعمري 41 سنة',
     {'Age': '41', 'Gender': 'Female', 'Profession': 'ممرضة (nurse)'}),
    ('ar', None, 'أنا متزوجة وعندي طفلين',
     {'Gender': 'Female', 'Marital Status': 'Married (أنا متزوجة وعندي طفلين)'}),
    ('ar', None, 'أعمل في مطعم',
     {'Profession': 'أعمل في مطعم (restaurant)'}),
    ('ar', 'Profession', 'أنا طالب في الجامعة',
     {'Profession': 'طالب (student)', 'Education Level': 'طالب في الجامعة (university student)'}),
    ('ar', 'Profession', 'عاطل عن العمل حاليا',
     {'Profession': 'Unemployed'}),
    ('ar', 'Health Status', 'لا، صحتي جيدة',
     {'Health Status': 'No conditions reported'}),
    ('ar', 'Health Status', 'عندي السكري وضغط الدم',
     {'Health Status': 'السكري, ضغط الدم (diabetes, high blood pressure, hypertension)'}),
    ('ar', 'Mental Health Status', 'عندي اكتئاب وأتعالج عند طبيب نفسي',
     {'Mental Health Status': 'اكتئاب, طبيب نفسي (depression, in therapy)'}),
    ('ar', 'Past Self-Harm History', 'نعم',
     {'Past Self-Harm History': 'Yes'}),
    ('ar', 'Past Self-Harm History', 'لا، أبدا',
     {'Past Self-Harm History': 'None'}),
    ('ar', 'Economic Status', 'راتبي لا يكفي وعلي ديون',
     {'Economic Status': 'راتبي لا يكفي, علي ديون (salary, struggling, debt)'}),
    ('ar', 'Economic Status', 'عندي ديون كثيرة وما عندي مدخرات',
     {'Economic Status': 'عندي ديون, ما عندي مدخرات (debt, no savings)'}),
    ('ar', 'Marital Status', 'أعزب',
     {'Marital Status': 'Single (أعزب)'}),
    ('ar', 'Marital Status', 'مطلقة',  # the feminine form, said by the speaker
     {'Marital Status': 'Divorced (مطلقة)', 'Gender': 'Female'}),
    ('ko', 'Age', '34살이에요',
     {'Age': '34'}),
    ('ko', 'Age', '서른넷',
     {'Age': '34'}),
    ('ko', 'Age', '마흔둘이에요',
     {'Age': '42'}),
    ('ko', None, '저는 34살이고 간호사예요',
     {'Age': '34', 'Profession': '간호사 (nurse)'}),
    ('ko', None, '저는 서른 살이고 회사원이에요',
     {'Age': '30', 'Profession': '회사원 (office worker)'}),
    ('ko', None, '남편은 회사원이고 저는 주부예요',  # her husband named: she is married
     {'Profession': '주부 (homemaker)', 'Marital Status': 'Married (남편은 회사원이고 저는 주부예요)'}),
    ('ko', 'Profession', '편의점에서 알바해요',
     {'Profession': '편의점에서 알바해요 (shop worker, part-time job)'}),
    ('ko', 'Marital Status', '결혼했어요',
     {'Marital Status': 'Married (결혼했어요)'}),
    ('ko', 'Marital Status', '미혼이에요',
     {'Marital Status': 'Single (미혼이에요)'}),
    ('ko', None, '이혼했고 혼자 살아요',
     {'Marital Status': 'Divorced (이혼했고 혼자 살아요)'}),
    ('ko', 'Profession', '실직했어요',
     {'Profession': 'Unemployed'}),
    ('ko', 'Health Status', '고혈압이 있어요',
     {'Health Status': '고혈압 (high blood pressure, hypertension)'}),
    ('ko', 'Health Status', '당뇨가 있어요',
     {'Health Status': '당뇨 (diabetes)'}),
    ('ko', 'Health Status', '건강해요',
     {'Health Status': 'No conditions reported'}),
    ('ko', 'Mental Health Status', '공황장애가 있어요',
     {'Mental Health Status': '공황장애 (panic attacks)'}),
    ('ko', 'Mental Health Status', '우울증이 있어요',
     {'Mental Health Status': '우울증 (depression)'}),
    ('ko', 'Past Self-Harm History', '네, 있어요',
     {'Past Self-Harm History': 'Yes'}),
    ('ko', 'Past Self-Harm History', '아니요, 없어요',
     {'Past Self-Harm History': 'None'}),
    ('ko', 'Past Self-Harm History', '자해한 적 없어요',
     {'Past Self-Harm History': 'None'}),
    ('ko', 'Economic Status', '대출이 많고 저축이 없어요',
     {'Economic Status': '대출, 저축이 없어요 (loans or credit, no savings)'}),
    ('ko', 'Gender', '여자예요',
     {'Gender': 'Female'}),
]


@pytest.mark.parametrize(("language", "asked", "reply", "values"), STATED,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(STATED)])
def test_what_a_reply_states_is_stored_with_its_english_words(language, asked, reply, values):
    assert read(reply, asked).values == values


@pytest.mark.parametrize(("asked", "reply"), [
    ('Profession', 'не хочу говорить'),
    ('Profession', 'просто ответь на вопрос'),
    ('Profession', 'это личное'),
    ('Age', 'зачем вам знать?'),
    ('Profession', 'не хочу про це говорити'),
    ('Age', 'навіщо вам це знати?'),
    ('Profession', 'söylemek istemiyorum'),
    ('Profession', 'sadece soruma cevap ver'),
    ('Marital Status', 'neden soruyorsun?'),
    ('Profession', 'ما بدي احكي'),
    ('Profession', 'ليش بدك تعرف؟'),
    ('Age', 'لا أريد الإجابة'),
    ('Profession', '말하고 싶지 않아요'),
    ('Profession', '그게 무슨 상관이에요?'),
    ('Age', '그냥 대답해 주세요'),
])
def test_a_refusal_or_a_wave_away_declines_the_question(asked, reply):
    result = read(reply, asked)
    assert result.declined == [asked]
    assert result.values == {}


@pytest.mark.parametrize("reply", [
    'Мой брат работает врачом',
    'Я хочу стать врачом',
    'Привет, как дела?',
    'Мне было 14, когда это началось',
    'Что такое депрессия?',
    'Моя мама вчителька.',
    'Annem 60 yaşında ve hasta.',
    'Doktor olmak istiyorum.',
    'Yarın hava güzel olacak mı?',
    'Merhaba, nasılsın?',
    'أخي طبيب',
    'زوجي مهندس',
    'أريد أن أصبح طبيبا',
    'كان عمري 15 لما بدأت',
    'ما هو الاكتئاب؟',
    '남편은 의사예요',
    '의사가 되고 싶어요',
    '친구가 간호사예요',
    '오늘 점심 뭐 먹지?',
    '안녕하세요, 오늘 날씨 좋네요',
    '스무살 때 처음 일을 시작했어요',
    'я читаю про депрессию',
    'depresyon hakkında bilgi istiyorum',
    '우울증에 대해 알고 싶어요',
    'عايز أعرف عن الاكتئاب',
    'Моя подруга в депрессии, а я не знаю, как помочь',
    '엄마가 당뇨가 있어요',
    'Моя мама сильно болеет, у неё рак',
    'Annem çok hasta, onun diyabeti var',
    'أمي مريضة، عندها السكري',
])
def test_someone_elses_facts_a_plan_the_past_and_small_talk_store_nothing(reply):
    values = read(reply, None).values
    # naming one's own husband or wife ("زوجي مهندس") says the writer is married; nothing else of theirs is the writer's
    assert {a: v for a, v in values.items() if not (a == "Marital Status" and v.startswith("Married"))} == {}


@pytest.mark.parametrize("reply", ["Я была замужем", "я був одружений колись"])
def test_a_marriage_in_the_past_is_not_stored_as_married(reply):
    assert read(reply, "Marital Status").values.get("Marital Status") != "Married"


def test_an_answer_to_one_question_is_not_a_refusal_of_it():
    assert read("нет, никогда", "Past Self-Harm History").declined == []
    assert read("отличное настроение", "Emotional State").declined == []  # "личное" inside another word
    assert read("개인적인 일로 힘들어요", "Emotional State").declined == []  # a personal matter, not "that's private"


def test_the_speakers_gender_comes_from_russian_grammar_only_after_ya():
    assert read("я устал", "Gender").values["Gender"] == "Male"
    assert "Gender" not in read("мой муж устал", None).values

