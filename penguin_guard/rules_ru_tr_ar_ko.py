"""The extractor's words for Russian, Ukrainian, Turkish, Arabic and Korean (issue 12).

Why a module of its own: the rules in attribute_rules read the Latin-script languages and Chinese/Japanese by their
grammar; these five were read by nothing, so an "мне 34" or "34 yaşındayım" stored nothing. Each language gets the
plain ways a fact is said: the age frame ("мне 34", "34 yaşındayım", "عمري 34", "34살" / "서른넷"), marital words,
common jobs in the frames that say the user does them now ("работаю водителем", "öğretmenim", "أعمل ممرضة",
"간호사예요"), money phrases, conditions and diagnoses, self-harm said or denied. A plan ("хочу стать врачом"),
the past ("мне было 14"), and someone else ("мой брат врач", "annem öğretmen", "أخي طبيب", "남편은 의사예요") state
nothing about the user.

Gender only where the grammar is unambiguous: a Russian or Ukrainian past tense or short adjective right after
"я" ("я устала", "я работал", "я замужем"), a role word ("kadınım", "여자예요"), and in Arabic only a feminine
form with ة after "أنا" from a short list ("أنا ممرضة", "أنا متزوجة"): masculine forms double as the generic, so
they say nothing.

`read_clause` returns (attribute, value, kind) triples; attribute_rules wraps them into Facts. The cue words
(declines, wave-aways, yes/no, fillers) and the English glosses are used by reply_cues and value_gloss.
"""

from __future__ import annotations

import re

from penguin_guard.regex_prefilter import prefiltered

__all__ = ["DECLINE", "FILLER_WORDS", "GLOSSES", "NO_WORDS", "WAVE_AWAY", "YES_WORDS", "feelings", "read_clause", "says_i"]

_I = re.IGNORECASE
Triple = tuple[str, str, str]

# Arabic-Indic and Persian digits, read as ASCII ones ("عمري ٣٤").
# Arabic-Indic and Persian digits as the digits the patterns know; one character for one, so positions stay.
EASTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")

# ---- who the clause is about ---------------------------------------------------------------------------------

# Case-sensitive: under IGNORECASE "ı" and "İ" match the Latin "I" and "i" of every other language.
_SCRIPT = prefiltered(r"[\u0400-\u04ff\u0600-\u06ff\uac00-\ud7af]|[şğıŞĞİ]|"
                      r"(?i:\b\w+(?:yım|yim|yum|yüm)\b|\b\w+[iıuü]yor(?:um|uz)\b|\b(?:var|yok|değil|borcum|param|evet|hayır|kendime|kendimi|yaşında|yaşım|biraz|galiba|sanırım)\b|\bben (?:evli|bekar|dul))")
_SELF = prefiltered(
    r"(?<!\w)(?:я|мне|меня|мой|моя|мои|моё|мені|мене|мій|работаю|працюю|ben|benim|bana|beni|أنا|انا|عندي|لدي|عمري|نفسي|أعمل|اعمل|"
    r"أشتغل|اشتغل|بشتغل|저는|저|나는|내가|제가|나|전|난)"
    r"(?!\w)|(?:yım|yim|yum|yüm|ım|im|um|üm)\b|(?:عندي|لدي)",
    _I,
)
# Korean leaves the speaker out ("이혼했고 혼자 살아요"): a Korean clause that names no one else is the speaker's.
_FIRST = prefiltered(_SELF.pattern + r"|[\uac00-\ud7af]", _I)
_OTHER = prefiltered(
    # a relative named as the subject that opens the clause: "Сын у меня заканчивает 11 класс", "Муж работает"
    r"^(?:сын|дочь|дочка|брат|сестра|мама|папа|отец|мать|муж|жена|син|донька|чоловік|дружина)(?!\w)|"
    r"(?<!\w)(?:мо[йяеи]|мій|моя|моє|мої|у моего|у моей)\s+(?:\w+\s+)?(?:брат\w*|сестр\w*|мам\w*|мать|матер\w*|отец|отц\w*|"
    r"пап\w*|муж\w*|жен\w*|дочь|дочер\w*|сын\w*|друг\w*|подруг\w*|начальни\w*|парень|девушк\w*|дружин\w*|чоловік\w*|"
    r"тат\w*|бать\w*|син\w*|донь\w*|донька|коханн\w*)(?!\w)|(?<!\w)(?:он|она|они|він|вона|вони|у него|у неё|у нее|у них|у нього|у неї|его|её|його|її)(?!\w)|"
    r"(?<!\w)(?:annem|babam|eşim|kocam|karım|kardeşim|abim|ablam|oğlum|kızım|arkadaşım|sevgilim|patronum)"
    r"(?:i|ı|u|ü|e|a|in|ın|un|ün|le|la|den|dan|de|da)?(?!\w)|(?<!\w)(?:onun|ona)(?!\w)|"
    r"(?<!\w)(?:أخي|اخي|أختي|اختي|أمي|امي|أبي|ابي|والدي|والدتي|زوجي|زوجتي|ابني|بنتي|ابنتي|صديقي|صديقتي|مديري|هو|هي|هم|عنده|عندها|لديه|لديها)(?!\w)|"
    r"(?:남편|아내|와이프|엄마|어머니|아빠|아버지|형|오빠|언니|누나|동생|친구|아들|딸|사장님|남자친구|여자친구|그는|그녀는)"
    r"(?:은|는|이|가|도|의)",
    _I,
)


def says_i(text: str) -> bool:
    """The clause names its speaker in one of these languages ("мне", "ben", "أنا", "저는", "hemşireyim")."""
    return bool(_SCRIPT.search(text) and _SELF.search(text.translate(EASTERN_DIGITS)))


def names_someone_else(text: str) -> bool:
    """The clause speaks of another person before any "I" ("أختي ممرضة", "남편은 회사원이에요", "annem hemşire"):
    what it says is theirs."""
    other = _OTHER.search(text)
    return bool(other and not _FIRST.search(text, 0, other.start()))


def _about_user(text: str, match: re.Match[str], personal: bool) -> bool:
    """The words `match` found describe the user: no one else is named before them unless the user is named again
    in between ("남편은 회사원이고 저는 주부예요"), nor after them unless the user is named first; and the clause
    speaks of the user (asked, or "I" in it)."""
    before = [m for m in _OTHER.finditer(text) if m.start() < match.start()]
    if before:
        return bool(_SELF.search(text, before[-1].end(), match.end()))
    after = _OTHER.search(text, match.start())
    if after:
        first = _FIRST.search(text)
        return bool(first and first.start() < after.start())
    return personal or bool(_FIRST.search(text))


_PLAN = prefiltered(r"хочу стать|хочу быть|мечтаю|стану|буду|хочу працювати|хочу стати|olmak ist|olacağım|olmayı|"
                    r"أريد أن أصبح|أتمنى|أحلم|سأصبح|بدي صير|되고 싶|될 거|할 거|하고 싶", _I)
_PAST = prefiltered(r"(?<!\w)(?:было|был|была|були|було|раньше|когда|коли|в детстве|\w+ken|\w+iken|iken|كان|كانت|عندما|لما|"
                    r"때|었을|였을|었어요|였어요|했었)(?!\w)", _I)

# ---- age ----------------------------------------------------------------------------------------------------

_RU_TENS = {"двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70,
            "восемьдесят": 80, "двадцять": 20, "тридцять": 30, "п'ятдесят": 50, "шістдесят": 60, "сімдесят": 70,
            "вісімдесят": 80}
_RU_UNITS = {"один": 1, "одна": 1, "два": 2, "две": 2, "дві": 2, "три": 3, "четыре": 4, "чотири": 4, "пять": 5,
             "п'ять": 5, "шесть": 6, "шість": 6, "семь": 7, "сім": 7, "восемь": 8, "вісім": 8, "девять": 9,
             "дев'ять": 9}
_TR_TENS = {"yirmi": 20, "otuz": 30, "kırk": 40, "elli": 50, "altmış": 60, "yetmiş": 70, "seksen": 80}
_TR_UNITS = {"bir": 1, "iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6, "yedi": 7, "sekiz": 8, "dokuz": 9}
_KO_TENS = {"스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50, "예순": 60, "일흔": 70, "여든": 80}
_KO_UNITS = {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6,
             "일곱": 7, "여덟": 8, "아홉": 9}


def _alternation(*tables: dict[str, int]) -> str:
    return "|".join(sorted((re.escape(w) for t in tables for w in t), key=len, reverse=True))


_RU_NUM = rf"(?:{_alternation(_RU_TENS)})(?:\s+(?:{_alternation(_RU_UNITS)}))?"
_TR_NUM = rf"(?:{_alternation(_TR_TENS)})(?:\s*(?:{_alternation(_TR_UNITS)}))?"
_KO_NUM = rf"(?:{_alternation(_KO_TENS)})(?:\s*(?:{_alternation(_KO_UNITS)}))?"
_NUM = rf"(\d{{2}}|{_RU_NUM}|{_TR_NUM}|{_KO_NUM})"

_AGE = (
    prefiltered(rf"(?<!\w)(?:мне|мені)\s+(?:уже\s+|вже\s+|почти\s+|майже\s+|скоро\s+)?{_NUM}(?!\s*(?:раз|рубл|грив|тыс|доллар|евро|%))"
                rf"(?:\s*(?:год|лет|рок|років))?", _I),
    prefiltered(rf"(?<!\w)(?:я\s+)?{_NUM}\s*(?:года|лет|рік|роки|років)(?!\w)", _I),
    prefiltered(rf"(?<!\w){_NUM}\s*yaşında(?:yım|yim)(?!\w)|(?<!\w){_NUM}\s*yaşında\s+(?:\w+\s+){{0,3}}?\w+(?:ım|im|um|üm)(?!\w)|(?<!\w)ben\s+{_NUM}\s*yaşında(?!\w)|(?<!\w)yaşım\s+{_NUM}(?!\w)|(?<!\w){_NUM}\s*yaşındayım", _I),
    prefiltered(rf"(?:عمري|سني)\s*(?:هو\s*)?{_NUM}|(?:أنا|انا|عندي)\s*{_NUM}\s*(?:سنة|عام|عاما|سنه)", _I),
    prefiltered(rf"(?<!\w)({_KO_NUM})(?:이에요|예요|입니다|이야|이고|이구요|인데|이요|요)(?!\w)"),
    prefiltered(rf"(?<![\d\w]){_NUM}\s*(?:살|세)(?!\s*(?:때|이었|였|짜리\s*(?:아들|딸)|아들|딸|동생))", _I),
)


def _number_value(word: str) -> int | None:
    """An age in digits or in Russian, Ukrainian, Turkish or Korean words ("тридцать четыре", "otuz dört", "서른넷");
    English and Chinese number words are attribute_rules.number_value's."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    for tens, units in ((_RU_TENS, _RU_UNITS), (_TR_TENS, _TR_UNITS), (_KO_TENS, _KO_UNITS)):
        for name, value in tens.items():
            if word.startswith(name):
                rest = word[len(name):].strip()
                if not rest:
                    return value
                if rest in units:
                    return value + units[rest]
    return None


# An age said as a bound: "за тридцать" / "уже за сорок" (over), "под сорок" / "під п'ятдесят" (almost), "otuzu geçtim".
_AGE_BOUND = prefiltered(rf"(?<!\w)(?:мне\s+|мені\s+)?(?:уже\s+|вже\s+)?(за|под|під)\s+{_NUM}(?!\s*(?:раз|рубл|грив|тыс|доллар|евро|км|минут|хвилин|год|рок))", _I)


# A Korean decade said of oneself: "저 40대 자영업자인데", "30대 초반이에요" (early thirties).
_KO_DECADE = prefiltered(r"(?:(?<!\d)([1-9])0|(이|삼|사|오|육|칠|팔)십)\s*대\s*(초반|중반|후반)?(?!\s*(?:때|에는|였|이었))")
_KO_TENS_WORD = {"이": "2", "삼": "3", "사": "4", "오": "5", "육": "6", "칠": "7", "팔": "8"}
_KO_PART = {"초반": "early ", "중반": "mid ", "후반": "late "}


def _age(text: str, personal: bool) -> list[Triple]:
    if _PAST.search(text):
        return []  # "мне было 14", "14 yaşındayken", "لما كان عمري 14", "14살 때": then, not now
    decade = _KO_DECADE.search(text)
    if decade and _about_user(text, decade, personal) and (personal or _SELF.search(text)):
        tens = decade.group(1) or _KO_TENS_WORD[decade.group(2)]
        return [("Age", f"{_KO_PART.get(decade.group(3) or '', '')}{tens}0s", "value")]
    bound = _AGE_BOUND.search(text)
    if bound and personal and (value := _number_value(bound.group(2))) is not None and 20 <= value <= 90 and value % 10 == 0:
        return [("Age", f"{'over' if bound.group(1) == 'за' else 'almost'} {value}", "value")]
    for pattern in _AGE:
        match = pattern.search(text)
        if not match or not _about_user(text, match, personal or pattern is not _AGE[1]):
            continue
        word = next(g for g in match.groups() if g)
        value = _number_value(word)
        if value is not None and 13 <= value <= 110:
            return [("Age", str(value), "value")]
    if personal and (value := _number_value(text.strip(" .!,?"))) is not None and 13 <= value <= 110 and \
            not text.strip(" .!,?").isdigit():
        return [("Age", str(value), "value")]  # "тридцать четыре", "서른넷" in reply
    return []


# ---- marital status -----------------------------------------------------------------------------------------

_MARITAL = (
    ("Single", r"не женат|не замужем|неженат\w*|холост\w*|одинок\w*|свободн\w+|неодружен\w*|незаміжня|самотн\w+|"
               r"bekar\w*|bekâr\w*|evli değil\w*|أعزب|عزباء|عازب|عازبة|مش متزوج\w*|غير متزوج\w*|لست متزوج\w*|"
               r"미혼|싱글|결혼 안 했|결혼하지 않았|솔로"),
    ("Divorcing", r"развожусь|в процессе развода|розлучаюся|boşanıyor\w*|boşanma aşamasında|بتطلق|في إجراءات الطلاق|이혼 중|이혼하는 중"),
    ("Divorced", r"разведен\w*|разведён\w*|в разводе|розлучен\w*|розлучився|розлучилася|развелась|развёлся|развелся|"
                 r"boşandım|boşanmış\w*|boşanmışım|مطلق|مطلقة|تطلقت|이혼했|이혼한|돌싱"),
    ("Widowed", r"вдова|вдовец|вдівець|dul\w*|أرمل|أرملة|사별"),
    ("Separated", r"живём отдельно|живем отдельно|ayrı yaşıyoruz|منفصل\w*|별거"),
    ("Engaged", r"помолвлен\w*|заручен\w*|nişanlı\w*|مخطوب\w*|약혼"),
    ("Married", r"женат|замужем|одружен\w*|заміжня|evliyim|evli\w*|متزوج|متزوجة|متجوز|متجوزة|기혼|결혼했|결혼한 지|유부녀|유부남"),
    ("In a relationship", r"в отношениях|у стосунках|есть (?:девушка|парень)|моя девушка|мой парень|^девушка(?= \w+(?:ет|ит|ёт)\b)|sevgilim var|علاقة|في علاقة|"
                          r"(?:여자친구|남자친구|애인)(?:가|이)? 있"),
)
# Arabic writes "and" on the next word ("ومتزوج", "وعمري"): a word after it is still a word start.
_MARITAL_RES = tuple((label, prefiltered(rf"(?:(?<![\w])|(?<=(?<![\w])و))(?:{words})", _I)) for label, words in _MARITAL)
# "я была замужем", "я був одружений": a marriage in the past says nothing of today's status.
_WAS = prefiltered(r"(?:был|была|были|був|була|було)\s+(?:\w+\s+)?$", _I)


def _marital(text: str, personal: bool) -> list[Triple]:
    if re.search(r"(?:родител|ebeveyn|والدي|부모)", text, _I):
        return []
    for label, pattern in _MARITAL_RES:
        match = pattern.search(text)
        if match and label == "Married" and _WAS.search(text[:match.start()]):
            continue
        if match and _about_user(text, match, personal):
            return [("Marital Status", label, "value")]
    if _SPOUSE.search(text) and not _EX.search(text):
        return [("Marital Status", "Married", "value")]  # "моя жена работает в больнице": the writer is married
    return []


# The writer's spouse named ("моя жена", "мій чоловік", "eşim", "زوجي", "남편이"): the writer is married. Not an ex, a late
# spouse, or "мой муж" said of a friend's ("её муж" names no spouse of the writer's).
_SPOUSE = prefiltered(r"(?<!\w)(?:моя (?:жена|супруга)|мой (?:муж|супруг)|мою жену|моего мужа|моей жен\w+|моим мужем|"
                      r"моя дружина|мій чоловік|мою дружину|мого чоловіка|eşim(?:le|e|i|in)?|karım(?:la|a|ı)?|kocam(?:la|a|ı)?|"
                      r"زوجي|زوجتي|وزوجي|وزوجتي)(?!\w)|(?:제 |내 |우리 )?(?:남편|아내|와이프)(?:이|가|은|는|도|하고|랑|과|와)", _I)
_EX = prefiltered(r"(?<!\w)(?:бывш\w+|колишн\w+|покойн\w+|покійн\w+|eski|rahmetli|السابق\w*|الراحل\w*|المرحوم\w*)(?!\w)|"
                  r"전 (?:남편|아내)|돌아가신|kaybettim|умер\w*|помер\w*|توفي\w*|توفيت", _I)


# ---- gender ----------------------------------------------------------------------------------------------------

_RU_ADVERB = r"(?:(?:не|уже|вже|очень|дуже|так|сильно|давно|раньше|тоже|теж|всегда|завжди|никогда|ніколи|просто|сама|сам)\s+)*"
_RU_F_WORDS = ("замужем", "беременна", "вагітна", "рада", "готова", "одинока", "разведена", "уверена", "больна",
               "здорова", "счастлива", "заміжня", "мама", "мать", "женщина", "жінка", "девушка", "домохозяйка",
               "медсестра", "пенсионерка", "вдова", "удова", "розлучена", "одружена", "втомлена", "пенсіонерка", "студентка", "учительница", "вчителька", "продавщица")
# Masculine job titles double as the generic ("я учитель" is said by women too): only adjectives and role words here.
_RU_M_WORDS = ("женат", "рад", "готов", "одинок", "разведён", "разведен", "уверен", "болен", "здоров", "счастлив",
               "одружений", "розлучений", "вдовец", "вдівець", "отец", "папа", "мужчина", "чоловік", "парень", "батько")
_RU_PAST = prefiltered(rf"(?<!\w)я\s+{_RU_ADVERB}([а-яіїєґё']{{2,}}?)(ла|лась|лася|л|лся|в|вся)(?!\w)", _I)
_RU_SELF = prefiltered(r"(?<!\w)(?:я\s+(сама|сам)|живу\s+(?:\w+\s+)?(одна|один))(?!\w)", _I)
# A clause that opens (after "no", "never", a negation or an object) on a past verb has dropped its subject; in a reply
# that subject is the speaker. Not after a noun ("депрессия не прошла"): only the words below may come first.
_RU_DROPPED_PAST = prefiltered(
    r"^\s*(?:(?:ні|нет|да|так|ну|но|а|і|и|ніколи|никогда|вже|уже|ещё|еще|ще|давно|раньше|раніше|тоже|теж|собі|себе|себя|"
    r"нічого|ничего|такого|никому|нікому|ни разу|жодного разу|к врачам|к врачу|до лікаря|до лікарів|у врача|у лікаря|"
    r"не)[\s,.!…-]+)+([а-яіїєґё']{2,}?)(ла|лась|лася|л|лся|в|вся)(?!\w)", _I)
_RU_THIRD = prefiltered(r"(?<!\w)(?:он|она|оно|они|він|вона|воно|вони|кто|хто|все|всё|всі|мама|папа|муж|жена)(?!\w)", _I)
_RU_ROLE = prefiltered(rf"(?<!\w)я\s+{_RU_ADVERB}(?:—\s*|-\s*)?([а-яіїєґё]+)(?!\w)", _I)
# "bir kızım" / "bir adamım" (I am a girl / a man); without "bir", "kızım" is "my daughter".
_TR_GIRL_MAN = prefiltered(r"(?<!\w)bir\s+(?:\w+\s+)?(kız|adam|erkek)(?:ım|im)(?!\w)", _I)
_TR_GENDER = prefiltered(r"(?<!\w)(?:bir\s+)?(kadın|erkek|erkeğ|anne(?:si)?|baba(?:sı)?|ev hanımı)(?:ım|im|yım|yim|ğim|y[ıi]m)(?!\w)", _I)
# Russian marital words only one sex says, in a reply that drops "я" ("Не замужем.", "Женат, двое детей").
_RU_MARITAL_SEX = prefiltered(r"^\s*(?:(?:не|уже|вже|давно|ещё|еще)\s+)*(замужем|заміжня|женат|одружений|одружена)(?!\w)", _I)
_AR_GENDER = prefiltered(r"(?:أنا|انا)\s+(امرأة|إمرأة|بنت|فتاة|أم|ام|رجل|شاب|شب|أب|اب|ممرضة|معلمة|مدرّسة|طالبة|طبيبة|مهندسة|"
                         r"محاسبة|موظفة|متزوجة|مطلقة|أرملة|عزباء|حامل|ربة منزل|ربة بيت|متقاعدة|محامية|مبرمجة|سكرتيرة|خياطة)"
                         r"(?!\w)")
_AR_FEMALE = {"امرأة", "إمرأة", "بنت", "فتاة", "أم", "ام"}
_AR_MALE = {"رجل", "شاب", "شب", "أب", "اب"}
# A woman's marital word, job, feeling or pregnancy said in a reply without "أنا" ("يعني مخطوبة تقريباً", "أشتغل
# ممرضة", "تعبانة جداً"): the feminine form is the speaker's. The masculine forms also name people in general.
_AR_FEMININE_SAID = prefiltered(r"(?<![\w])(?:متزوجة|مطلقة|أرملة|ارملة|مخطوبة|عزباء|و?(?:تعبانة|خايفة|زعلانة|مرتاحة|مبسوطة|"
                                r"متضايقة|قلقانة|ممرضة|معلمة|موظفة|مهندسة|طبيبة|محاسبة|صيدلانية|حامل))(?![\w])")
# Marital status is an adjective agreeing with the speaker: a woman says "متزوجة", "مطلقة", so the masculine form
# said after "أنا" in the same message is a man's (unlike job nouns, whose masculine doubles as the generic).
_AR_MARRIED_MALE = prefiltered(r"(?:(?<![\w])|(?<=(?<![\w])و))(متزوج|مطلق|أرمل|ارمل|عازب|أعزب|اعزب|مخطوب)(?![\w])")
_AR_FEMININE_SELF = prefiltered(r"(?:أنا|انا)\s+\S+ة(?![\w])")
_KO_GENDER = prefiltered(r"(여자|여성|남자|남성|엄마|아빠)(?:예요|이에요|입니다|야|이야|고|인데|긴|라서)")


def _gender(text: str, personal: bool) -> list[Triple]:
    if match := _TR_GIRL_MAN.search(text):  # before the look for someone else: "kızım" alone is "my daughter"
        return [("Gender", "Female" if match.group(1).lower() == "kız" else "Male", "value")]
    if _OTHER.search(text):
        return []
    if match := _RU_SELF.search(text):  # "я сама из Екатеринбурга", "живу одна": the speaker agrees
        return [("Gender", "Female" if (match.group(1) or match.group(2)).lower() in {"сама", "одна"} else "Male", "value")]
    if personal and (word := text.strip(" .,!?;:…").lower()) and (word in _RU_F_WORDS or word in _RU_M_WORDS):
        return [("Gender", "Female" if word in _RU_F_WORDS else "Male", "value")]  # "Мне 67, пенсионерка, ..."
    if personal and not _RU_THIRD.search(text) and (match := _RU_DROPPED_PAST.match(text)) \
            and match.group(1).lower() + match.group(2).lower() not in {"сила", "мила"} \
            and (not match.group(2).startswith("в") or match.group(1).lower().endswith(("а", "и", "і", "у", "о"))):
        # "Ні, ніколи собі нічого не робила", "к врачам не ходил": a reply's past verb with no subject is the speaker's
        return [("Gender", "Female" if match.group(2).lower().startswith("ла") else "Male", "value")]
    if (match := _RU_PAST.search(text)) and match.group(1).lower() + match.group(2).lower() not in {"знов", "нов", "сила", "мила"}:
        ending = match.group(2)
        if ending.startswith("ла"):
            return [("Gender", "Female", "value")]
        if ending in {"л", "лся"} or ending in {"в", "вся"} and match.group(1).endswith(("а", "и", "і", "у", "о")):
            return [("Gender", "Male", "value")]
    if match := _RU_ROLE.search(text):
        word = match.group(1).lower()
        if word in _RU_F_WORDS:
            return [("Gender", "Female", "value")]
        if word in _RU_M_WORDS:
            return [("Gender", "Male", "value")]
        if len(word) >= 5 and not _RU_THIRD.search(text) and not word.startswith(("небинарн", "трансгендерн", "агендерн")):
            # a short participle or an adjective agrees with "я": "я растерян" / "я растеряна", "я уставший" /
            # "я уставшая"
            if word.endswith(("ена", "ана", "яна", "ая", "яя")):
                return [("Gender", "Female", "value")]
            if word.endswith(("ен", "ан", "ян", "ый", "ий")):
                return [("Gender", "Male", "value")]
    if personal and (match := _RU_MARITAL_SEX.match(text)):
        return [("Gender", "Female" if match.group(1).lower() in {"замужем", "заміжня", "одружена"} else "Male", "value")]
    if match := _TR_GENDER.search(text):
        return [("Gender", "Female" if match.group(1).lower() in {"kadın", "anne", "annesi", "ev hanımı"} else "Male", "value")]
    if match := _AR_GENDER.search(text):
        return [("Gender", "Male" if match.group(1) in _AR_MALE else "Female", "value")]
    if (match := _AR_MARRIED_MALE.search(text)) and re.search(r"(?:أنا|انا)\s", text) and not _AR_FEMININE_SELF.search(text):
        return [("Gender", "Male", "value")]  # "أنا مهندس ... ومتزوج": a man says his marital status in the masculine
    if personal and _AR_FEMININE_SAID.search(text):
        return [("Gender", "Female", "value")]
    if match := _KO_GENDER.search(text):
        return [("Gender", "Female" if match.group(1) in {"여자", "여성", "엄마"} else "Male", "value")]
    return []


def bare_gender(text: str) -> str | None:
    """A one-word gender answer: "женщина", "erkek", "أنثى", "남자"."""
    word = text.strip(" .!,?").lower()
    if word in {"женщина", "жінка", "девушка", "женский", "kadın", "kadınım", "امرأة", "أنثى", "انثى", "بنت", "여자",
                "여성", "여자요", "여자예요"}:
        return "Female"
    if word in {"мужчина", "чоловік", "парень", "мужской", "erkek", "erkeğim", "رجل", "ذكر", "남자", "남성", "남자요",
                "남자예요"}:
        return "Male"
    return None


# ---- profession ---------------------------------------------------------------------------------------------

_RU_JOBS = (r"учител\w*|преподавател\w*|врач\w*|медсестр\w*|медбрат\w*|водител\w*|программист\w*|бухгалтер\w*|"
            r"инженер\w*|продав\w+|кассир\w*|повар\w*|официант\w*|курьер\w*|строител\w*|электрик\w*|сантехник\w*|"
            r"механик\w*|юрист\w*|адвокат\w*|менеджер\w*|дизайнер\w*|охранник\w*|уборщи\w+|няня|няней|парикмахер\w*|"
            r"полицейск\w+|фермер\w*|грузчик\w*|таксист\w*|сварщик\w*|фармацевт\w*|психолог\w*|журналист\w*|"
            r"архитектор\w*|слесар\w+|домохозяйк\w+|воспитател\w+|экономист\w*|секретар\w+|кладовщик\w*|"
            r"вчител\w*|викладач\w*|лікар\w*|водієм|водій|програміст\w*|інженер\w*|касир\w*|кухар\w*|офіціант\w*|"
            r"кур'єр\w*|будівельник\w*|прибиральниц\w+|перукар\w*|домогосподарк\w+|продавчин\w+")
_RU_JOB = prefiltered(rf"(?<!\w)(?:(?:я|я\s*[—-])\s+(?:сейчас\s+|зараз\s+)?(?:{_RU_JOBS})(?!\w)|(?:работаю|працюю)\s+(?:сейчас\s+|зараз\s+)?"
                      rf"(?:{_RU_JOBS})(?!\w)(?:\s+(?:в|на|у)\s+[\w-]+)?|(?:работаю|працюю)\s+(?:в|на|у)\s+[\w-]+(?:\s+[\w-]+)?)", _I)
_TR_JOBS = (r"öğretmen|hemşire|doktor|şoför|mühendis|muhasebeci|garson|aşçı|kasiyer|satış elemanı|tezgahtar|kurye|"
            r"inşaat işçisi|fabrika işçisi|işçi|polis|asker|avukat|programcı|yazılımcı|yazılım mühendisi|temizlikçi|"
            r"kuaför|berber|elektrikçi|tesisatçı|tamirci|çiftçi|esnaf|memur|bakıcı|taksici|sekreter|eczacı|psikolog|"
            r"gazeteci|mimar|satıcı|depo görevlisi|güvenlik görevlisi|kaynakçı|ev hanımı|emekli|öğrenci|serbest çalışan")
_TR_JOB = prefiltered(rf"(?<!\w)(?:{_TR_JOBS})(?:y?[ıiuü]m|ğim|ğım)(?!\w)|(?<!\w)(?:{_TR_JOBS}) olarak çalışıyorum|"
                      rf"(?<!\w)(?:bir\s+)?[\w]+(?:da|de|ta|te) çalışıyorum|(?<!\w)(?:{_TR_JOBS})\s+olarak\s+çalışıyorum", _I)
_AR_JOBS = (r"ممرضة|ممرض|معلمة|معلم|مدرّس|مدرس|طبيبة|طبيب|سائق|مهندسة|مهندس|محاسبة|محاسب|نادلة|نادل|طباخة|طباخ|كاشير|"
            r"بائعة|بائع|عاملة نظافة|عامل نظافة|عامل بناء|عاملة|عامل|شرطي|جندي|محامية|محامي|مبرمجة|مبرمج|حلاق|كهربائي|"
            r"سباك|ميكانيكي|مزارع|موظفة|موظف|ربة منزل|ربة بيت|متقاعدة|متقاعد|طالبة|طالب|صيدلانية|صيدلي|صحفية|صحفي|"
            r"سكرتيرة|خياطة|خياط|حارس أمن|حارس|مندوب مبيعات|مصممة|مصمم|مطور|مطورة")
_AR_JOB = prefiltered(rf"(?:(?:أنا|انا)\s+(?:{_AR_JOBS})|(?:أعمل|اعمل|أشتغل|اشتغل|بشتغل|شغلي|وظيفتي|مهنتي)\s+(?:ك|ب)?"
                      rf"(?:{_AR_JOBS})|(?:أعمل|اعمل|أشتغل|اشتغل|بشتغل)\s+في\s+\S+(?:\s+\S+)?)[اً]*", _I)
_KO_JOBS = (r"간호사|교사|선생님|의사|운전기사|택시 기사|택배 기사|버스 기사|기사|엔지니어|개발자|프로그래머|회계사|요리사|셰프|"
            r"웨이터|판매원|점원|캐셔|경찰관|경찰|군인|변호사|공무원|회사원|직장인|사무직|디자이너|미용사|청소부|환경미화원|"
            r"배관공|정비사|농부|자영업자|자영업|사업가|가정주부|주부|대학원생|대학생|학생|약사|기자|건축가|공장 노동자|"
            r"생산직|경비원|노동자|건설 노동자|보육교사|요양보호사|프리랜서|알바생|배달원|배달 기사")
_KO_JOB = prefiltered(rf"(?:{_KO_JOBS})(?=\s*(?:이에요|예요|입니다|이야|야|이고|고|로 일|으로 일|일을|인데|이라서|라서|$))|"
                      r"\S+(?:에서|에서는) (?:일해|일하고|근무|알바)\S*|(?:편의점|식당|카페|공장|마트) 알바", _I)
_JOBLESS = prefiltered(r"безработн\w+|без работы|не работаю|потерял\w* работу|без роботи|не працюю|безробітн\w+|"
                       r"втратив\w* роботу|işsiz\w*|çalışmıyorum|işimi kaybettim|عاطل\w*|بدون عمل|بدون شغل|ما عندي شغل|"
                       r"ما عندي عمل|لا أعمل|ما بشتغل|فقدت عملي|خسرت شغلي|백수|무직|실직|실업|일 안 해|일을 안 해|"
                       r"회사를 그만뒀|직장을 잃", _I)
_RETIRED = prefiltered(r"на пенсии|на пенсії|пенсионер\w*|пенсіонер\w*|emekliyim|emekli oldum|متقاعد\w*|은퇴했|은퇴한", _I)


def _profession(text: str, personal: bool) -> list[Triple]:
    if _PLAN.search(text):
        return []  # "хочу стать врачом", "doktor olmak istiyorum", "의사가 되고 싶어요": a plan
    if (match := _JOBLESS.search(text)) and _about_user(text, match, personal):
        return [("Profession", "Unemployed", "value")]
    if (match := _RETIRED.search(text)) and _about_user(text, match, personal):
        return [("Profession", "Retired", "value")]
    if _PAST.search(text):
        return []
    for pattern in (_RU_JOB, _TR_JOB, _AR_JOB, _KO_JOB):
        match = next((m for m in pattern.finditer(text) if _about_user(text, m, personal or pattern is _TR_JOB)), None)
        if match:
            value = re.sub(r"^(?:я\s*[—-]?\s*|(?:أنا|انا)\s+)", "", " ".join(match.group(0).split()), flags=_I)
            return [("Profession", value, "value")]
    if personal and (job := bare_profession(text)):
        return [("Profession", job, "value")]
    return []


def bare_profession(text: str) -> str | None:
    """A job named alone in reply to the work question ("водитель", "öğretmen", "ممرضة", "간호사")."""
    said = text.strip(" .!,?")
    if len(said.split()) <= 3 and re.fullmatch(rf"(?:{_RU_JOBS}|{_TR_JOBS}|{_AR_JOBS}|{_KO_JOBS})(?:[اً]*|y?[ıiuü]m|요)?",
                                               said, _I):
        return said
    return None


# ---- money, health, mental health, self-harm ------------------------------------------------------------------

_MONEY = prefiltered(
    r"(?:нет|без)\s+(?:долгов|кредитов|сбережений|накоплений|денег)|(?:в|по уши в)\s+долгах|долг(?:и|ов|ах|ам|а)?(?!\w)|задолжен\w*|кредит\w*|ипотек\w*|"
    r"денег (?:нет|не хватает|совсем нет)|(?:сбережений|накоплений|заощаджень) (?:нет|немає)|не хватает денег|на мели|от зарплаты до зарплаты|"
    # pay said by its size, either word order, Russian or Ukrainian: "зарплата маленькая", "низька зарплатня"
    r"(?:маленьк\w+|низк\w+|низьк\w+|хорош\w+|небольш\w+|невелик\w+|мизерн\w+|мізерн\w+|копійчан\w+|копеечн\w+) "
    r"(?:зарплат\w+|заробіт\w+|зп|пенси\w+|пенсі\w+)|(?:зарплат\w+|заробіт\w+|зп|пенси\w+|пенсі\w+)\s+(?:у (?:меня|мене)\s+|"
    r"в мене\s+|моя\s+|тут\s+)?(?:(?:очень|дуже|совсем|зовсім)\s+)?(?:маленьк\w+|низк\w+|низьк\w+|хорош\w+|небольш\w+|"
    r"невелик\w+|мизерн\w+|мізерн\w+|копійчан\w+|копеечн\w+|\d[\d\s]*\w*)|хорошо зарабатываю|"
    r"(?:зарабатываю|заробляю)\s+(?:нормально|неплохо|хорошо|прилично|добре|мало|копейки|гроші)|iyi kazanıyorum|"
    r"az kazanıyorum|راتبي (?:كويس|منيح|ممتاز)|دخلي (?:جيد|كويس|قليل|محدود)|돈을 (?:잘|꽤) 벌\S*|월급이 (?:괜찮|많)\S*|финансово (?:тяжело|трудно|нормально)|"
    r"бедн\w+|(?:немає|без)\s+(?:боргів|заощаджень|грошей)|борг\w*|грошей (?:немає|не вистачає)|не вистачає грошей|"
    r"від зарплати до зарплати|іпотек\w*|"
    r"borcum (?:yok|var)|borçluyum|borç\w*|kredi kartı borcu|hiç param yok|param yok|beş parasızım|meteliksizim|"
    r"birikimim (?:yok|var)|maaşım (?:düşük|az|yetmiyor|iyi)|asgari ücret\w*|geçinemiyorum|ay sonunu getiremiyorum|"
    r"maddi durumum (?:kötü|iyi|zor)|"
    r"(?:عندي|علي|عليّ|لدي) (?:ديون|دين)|ديون|مديون\w*|ما عندي (?:فلوس|مصاري|مال)|ليس لدي (?:مال|نقود)|مفلس\w*|"
    r"(?:بدون|ما عندي|لا توجد|ليس لدي) مدخرات|راتبي (?:قليل|ضعيف|لا يكفي|ما يكفي|جيد)|قرض|وضعي المادي (?:صعب|سيء|جيد)|"
    r"빚\S*|대출\S*|카드값|돈이 (?:없|부족)\S*|저축(?:한 돈)?이 없\S*|월급이 (?:적|작)\S*|최저임금|파산|형편이 어려\S*|"
    r"생활비가 부족\S*",
    _I,
)
_HEALTH = prefiltered(
    r"сахарн\w+ диабет\w*|диабет\w*|астм\w+|гипертони\w+|высокое давление|рак(?:ом|а)?(?!\w)|онколог\w+|мигрен\w+|артрит\w*|"
    r"беременн\w+|эпилепси\w+|болит спина|проблемы (?:со спиной|с сердцем)|щитовидк\w+|хроническ\w+ болезн\w+|"
    r"цукров\w+ діабет\w*|діабет\w*|гіпертоні\w+|високий тиск|мігрен\w+|вагітн\w+|болить спина|проблеми з серцем|"
    r"şeker hastas\w+|diyabet\w*|astım\w*|tansiyon\w*|kanser\w*|migren\w*|hamile\w*|bel fıtığı|kalp (?:hastas\w+|rahatsızlığı)|"
    r"epilepsi\w*|romatizma\w*|tiroid\w*|kronik hastalı\w+|bel ağrısı|sırt ağrısı|"
    r"مرض السكر|السكري|سكري|الربو|ربو|ضغط الدم|ضغط دم|عندي ضغط|سرطان|الصداع النصفي|صداع نصفي|الشقيقة|حامل(?!\s*(?:ل|شهادة))|"
    r"التهاب المفاصل|الصرع|صرع|مشاكل في القلب|أمراض القلب|الغدة الدرقية|آلام الظهر|ديسك|مرض مزمن|"
    r"당뇨\S*|천식|고혈압|암 (?:환자|진단|투병)|암이에요|편두통|임신\S*|관절염|허리 디스크|디스크|허리가 아파\S*|"
    r"심장병|갑상선\S*|뇌전증|만성 질환",
    _I,
)
_HEALTHY = prefiltered(r"(?<!\w)(?:здоров|здорова|здоровий)(?!\w)|ничем не болею|нічим не хворію|sağlıklıyım|sağlığım iyi|hiçbir hastalığım yok|"
                       r"صحتي (?:جيدة|كويسة|بخير|تمام)|لا أعاني من أي مرض|ما عندي أي مرض|건강해요|건강합니다|아픈 데 없\S*", _I)
_MENTAL = prefiltered(
    r"депресси\w+|тревожн\w+ расстройств\w+|тревожност\w+|паническ\w+ атак\w*|биполярн\w+|птср|сдвг|антидепрессант\w+|"
    r"(?:хожу|ходжу) (?:к|до) (?:психотерапевт\w+|психолог\w+|психіатр\w+|психиатр\w+)|выгорани\w+|"
    r"депресі\w+|тривожн\w+ розлад\w*|тривожність|панічн\w+ атак\w*|біполярн\w+|антидепресант\w+|вигоранн\w+|"
    r"depresyon\w*|anksiyete\w*|kaygı bozukluğu|panik atak\w*|bipolar|tssb|dehb|antidepresan\w*|"
    r"terapiye gidiyorum|psikiyatrist\w*|tükenmişlik|"
    r"اكتئاب|الاكتئاب|اضطراب القلق|نوبات هلع|نوبات الهلع|ثنائي القطب|اضطراب ما بعد الصدمة|فرط الحركة|"
    r"مضادات الاكتئاب|طبيب نفسي|معالج نفسي|"
    r"우울증|불안장애|공황장애|공황\S*|조울증|양극성|트라우마|항우울제|정신과|상담(?:을)? 받\S*|번아웃|ADHD|PTSD",
    _I,
)
_MENTAL_NONE = prefiltered(r"психически здоров\w*|с психикой вс[её] (?:нормально|в порядке)|ruhsal (?:bir )?sorunum yok|"
                           r"لا أعاني من (?:أي )?مشاكل نفسية|ما عندي مشاكل نفسية|정신적으로 (?:괜찮|문제 없)\S*", _I)
_SH_NO = prefiltered(r"никогда не (?:резал\w*|причинял\w*|наносил\w*|делал\w*)|не (?:резал\w*|причинял\w*) себ\w*|"
                     r"ніколи не (?:різал\w*|завдавал\w*|робил\w*)|kendime (?:hiç )?zarar vermedim|hiç kendime zarar vermedim|"
                     r"kendime hiç zarar vermedim|kendimi (?:hiç )?kesmedim|لم (?:أؤذ|اؤذ|أؤذي)\S* نفسي|ما (?:أذيت|اذيت|آذيت) نفسي|"
                     r"أبدا لم|자해(?:한|해 본)? 적(?:은|이)? 없\S*|자해 경험(?:은|이)? 없\S*|자해(?:는|를)? 안 했\S*", _I)
_SH_YES = prefiltered(r"резал\w* себ\w*|резалась|резался|причинял\w* себе вред|наносил\w* себе|селфхарм\w*|самоповрежд\w+|"
                      r"різал\w* себе|завдавал\w* собі шкод\w*|самоушкоджен\w+|kendime zarar verdim|kendimi kestim|"
                      r"kendime zarar veriyordum|(?:أذيت|اذيت|آذيت|جرحت) نفسي|إيذاء النفس|كنت أجرح نفسي|자해했\S*|"
                      r"자해한 적(?:이)? 있\S*|자해 경험(?:이)? 있\S*|손목을 그었\S*", _I)
_NEGATION = prefiltered(r"(?<!\w)(?:нет|не|без|ні|немає|ніколи|никогда|yok|değil|hiç|hiçbir|لا|ما|ليس|لست|بدون|أبدا|ابدا|"
                        r"لم)(?!\w)|(?:없|아니|안 )", _I)


# A condition named as a topic ("читаю про депрессию", "depresyon hakkında", "عن الاكتئاب", "우울증에 대해"): not the user's.
_TOPIC_BEFORE = prefiltered(r"(?<!\w)(?:про|о|об|обо|насчёт|насчет|عن|حول)\s+\S*$", _I)
_TOPIC_AFTER = prefiltered(r"^\S*\s*(?:hakkında|ile ilgili|에 대해|에 관해|에 대한|이란|란)", _I)


def _topic(text: str, match: re.Match[str]) -> bool:
    return bool(_TOPIC_BEFORE.search(text[:match.start()]) or _TOPIC_AFTER.match(text[match.end():]))


def _unparticle(word: str) -> str:
    """A Korean noun without the particle after it ("당뇨가" -> "당뇨", "빚이" -> "빚")."""
    return re.sub(r"(?<=[\uac00-\ud7af])(?:이|가|은|는|을|를|도)$", "", word)


def _conditions(text: str, personal: bool) -> list[Triple]:
    facts: list[Triple] = []
    if personal and (gender := bare_gender(text)):
        facts.append(("Gender", gender, "value"))
    if (match := _MONEY.search(text)) and _about_user(text, match, personal):
        said = dict.fromkeys(_unparticle(" ".join(m.group(0).split())) for m in _MONEY.finditer(text))
        facts.append(("Economic Status", ", ".join(list(said)[:3]), "value"))
    if (match := _HEALTHY.search(text)) and _about_user(text, match, personal) and not _HEALTH.search(text):
        facts.append(("Health Status", "No conditions reported", "no"))
    elif (match := _HEALTH.search(text)) and _about_user(text, match, personal) and not _topic(text, match):
        named = ", ".join(dict.fromkeys(_unparticle(m.group(0)) for m in _HEALTH.finditer(text)))
        before = text[max(0, match.start() - 14):match.start()]
        after = text[match.end():match.end() + 8]
        if _NEGATION.search(before) or re.match(r"\s*(?:yok|없)", after) or re.search(r"(?:нет|немає)\s*$", text):
            facts.append(("Health Status", "No conditions reported", "no"))
        else:
            facts.append(("Health Status", named, "value"))
    if (match := _MENTAL_NONE.search(text)) and _about_user(text, match, personal):
        facts.append(("Mental Health Status", "None reported", "no"))
    elif (match := _MENTAL.search(text)) and _about_user(text, match, personal) and not _topic(text, match):
        named = ", ".join(dict.fromkeys(_unparticle(m.group(0)) for m in _MENTAL.finditer(text)))
        before = text[max(0, match.start() - 14):match.start()]
        after = text[match.end():match.end() + 8]
        if _NEGATION.search(before) or re.match(r"\s*(?:yok|없)", after):
            facts.append(("Mental Health Status", "None reported", "no"))
        else:
            facts.append(("Mental Health Status", named, "value"))
    if (match := _SH_NO.search(text)) and _about_user(text, match, personal):
        facts.append(("Past Self-Harm History", "None", "no"))
    elif (match := _SH_YES.search(text)) and _about_user(text, match, personal):
        facts.append(("Past Self-Harm History", "Yes", "yes"))
    return facts



# ---- feelings and schooling -------------------------------------------------------------------------------------

# Feeling words said of oneself ("я очень устала", "yorgunum", "تعبان", "너무 지쳤어요"). A negation before a word that
# is good ("не очень хорошо", "iyi değilim", "مش منيح", "안 괜찮아요") is one phrase with it: not good. Words that only
# answer "how are you feeling?" ("нормально", "iyiyim", "بخير", "괜찮아요") are `mild`: in reply to another question they
# describe what was asked (money, health), not a feeling.
_FEEL_STRONG = (
    r"устал\w*|вымотан\w*|измотан\w*|выгорел\w*|грустн\w*|грущу|тоскливо|тоска|одиноко|тревожн\w*|тревога|тревожусь|"
    r"беспокоюсь|волнуюсь|страшно|боюсь|злюсь|зл(?:ой|ая)|раздражен\w*|раздражён\w*|бесит|подавлен\w*|безнадёжн\w*|"
    r"безнадежн\w*|опустошен\w*|опустошён\w*|пусто|в стрессе|стресс|напряжен\w*|на нервах|в отчаянии|растерян\w*|"
    r"потерян\w*|счастлив\w*|спокойн\w*|"
    r"втомлен\w*|втомився|втомилася|сумно|сумую|самотньо|тривожно|боюся|злий|пригнічен\w*|безнадійн\w*|"
    r"щаслив\w*|спокійн\w*|"
    r"yorgun\w*|bitkin\w*|tükendim|tükenmiş\w*|üzgün\w*|mutsuz\w*|mutlu\w*|yalnız(?:ım|ız| hissediyorum)|endişeli\w*|"
    r"kaygılı\w*|korkuyorum|korkmuş\w*|sinirli\w*|öfkeli\w*|stresli\w*|stres altında\w*|kötüyüm|kötü hissediyorum|"
    r"umutsuz\w*|çaresiz\w*|bunaldım|bunalmış\w*|gergin\w*|moralim bozuk|keyifsiz\w*|huzursuz\w*|sakinim|"
    r"تعبان\w*|متعب\w*|مرهق\w*|حزين\w*|زعلان\w*|مكتئب\w*|وحيد\w*|قلقان\w*|قلق(?!\s*(?:ال|عام))|خايف\w*|خائف\w*|متوتر\w*|"
    r"زفت|بالحضيض|مضغوط\w*|يائس\w*|محبط\w*|مقهور\w*|غاضب\w*|معصب\w*|زهقان\w*|مضايق\w*|مخنوق\w*|مبسوط\w*|سعيد\w*|"
    r"피곤\S*|지쳤\S*|지쳐\S*|우울해\S*|우울하\S*|슬퍼\S*|슬프\S*|외로워\S*|외롭\S*|불안해\S*|불안하\S*|무서워\S*|"
    r"걱정돼\S*|걱정이에요|화가 나\S*|짜증\S*|스트레스\S*|행복해\S*|힘들어\S*|힘들\S*|답답해\S*|막막해\S*|허무해\S*|공허\S*|"
    r"멘붕\S*|절망\S*"
)
_FEEL_MILD = (
    r"нормально|хорошо|отлично|так себе|не очень|норм|плохо|хреново|паршиво|ужасно|добре|так собі|не дуже|погано|жахливо|"
    r"iyiyim|iyi(?:\s+hissediyorum)?|idare eder|fena değil\w*|eh işte|kötüyüm|kötü hissediyorum|"
    r"بخير|منيح\w*|كويس\w*|تمام|ماشي الحال|زين|"
    r"괜찮아요|괜찮\S*|좋아요|그저 그래요|그냥 그래요|별로예요|별로\S*|그럭저럭\S*"
)
_FEEL_NEGATED = prefiltered(r"(?:(?<!\w)(?:не|ні|не дуже|не очень|pek|hiç|مش|مو|موش|لست|ما|ليس)\s+(?:\w+\s+)?|"
                            r"(?:별로|전혀|하나도)?\s*안\s+)$", _I)
_FEEL_NEGATED_AFTER = prefiltered(r"^\s*(?:değil\w*|olmuyor)", _I)
# Arabic joins "and" to the next word ("خايف ومقهور"): a feeling word may follow a و.
_FEEL_RE = prefiltered(rf"(?<!\w)(?:و(?=[\u0600-\u06ff]{{3}}))?(?:{_FEEL_STRONG})(?!\w)|(?<!\w)(?P<mild>{_FEEL_MILD})(?!\w)", _I)
# Feelings about something else ("боюсь за сына" is a worry, kept; "страшно интересно" is no feeling): an adverb use.
_NOT_FEELING = prefiltered(r"^\s*(?:расстройств\w*|розлад\w*|bozukluğu|интересн\w*|красив\w*|вкусн\w*|дорог\w*|знаю|understand|разбираюсь|работает|учусь|"
                           r"плат\w+|зарабатыва\w*|живём|живем|ödüyor|kazanıyor|çalışıyor|maaş|راتب|شغل|돈을|월급)", _I)


def feelings(text: str, personal: bool, mild: bool = True) -> str | None:
    """The feeling words of a Russian, Ukrainian, Turkish, Arabic or Korean clause, from the first to the last,
    negation included ("не очень хорошо", "iyi değilim", "별로 안 괜찮아요"), or None. `mild`: also words that only
    answer "how are you feeling?" ("нормально", "iyiyim", "괜찮아요")."""
    if not _SCRIPT.search(text) or _OTHER.search(text) or _PAST.search(text) and not personal:
        return None
    spans: list[tuple[int, int]] = []
    for match in _FEEL_RE.finditer(text):
        strong = not match.group("mild")
        negated = bool(_FEEL_NEGATED.search(text[:match.start()])) or bool(_FEEL_NEGATED_AFTER.match(text[match.end():]))
        if (strong or mild or negated) and not _NOT_FEELING.match(text[match.end():]) \
                and _about_user(text, match, personal):
            start = match.start()
            if negated and (neg := _FEEL_NEGATED.search(text[:match.start()])):
                start = neg.start()
            end = match.end()
            if (after := _FEEL_NEGATED_AFTER.match(text[end:])):
                end += after.end()
            spans.append((start, end))
    if not spans:
        return None
    phrase = text[spans[0][0]:spans[-1][1]]
    if len(phrase.split()) > 8:
        phrase = ", ".join(text[s:e] for s, e in spans)
    return " ".join(phrase.split()).strip(" ,.;:!?")


# Schooling: a degree, a school finished or left, a student's year ("высшее образование", "lise mezunuyum", "بكالوريوس",
# "대학교 3학년"). Past tense is how schooling is told, so the past does not rule it out; someone else's does.
_SCHOOL = prefiltered(
    r"(?<!\w)(?:(?:высшее|среднее|средне-специальное|неполное высшее|среднее специальное|профессиональное) образование|"
    r"(?:вища|середня|неповна вища|середня спеціальна) освіта|без (?:высшего|вищої) (?:образования|освіти)|"
    r"(?:закончил\w*|окончил\w*|закінчив\w*|закінчила|бросил\w*|кинув|кинула|не закончил\w*|не закінчив\w*)\s+"
    r"(?:\w+\s+)?(?:школу|школи|университет|універсітет|університет|институт|інститут|колледж|коледж|техникум|технікум|"
    r"училище|вуз|аспирантуру|магистратуру|магістратуру|\d+\s*класс\w*|\d+\s*клас\w*)|"
    r"\d+\s*(?:классов|класів)|студент\w*(?:\s+\w+\s+курса)?|(?:учусь|навчаюсь|навчаюся)\s+(?:в|на|у)\s+\S+(?:\s+\S+)?|"
    r"(?:на\s+)?(?:первом|втором|третьем|четвертом|четвёртом|пятом|последнем|першому|другому|третьому|"
    r"четвертому|останньому|\d-?м)\s+курс[еі]|бакалавр\w*|магистр\w*|магістр\w*|аспирант\w*|аспірант\w*|кандидат наук|диплом\w*|"
    r"(?:üniversite|lise|ilkokul|ortaokul|meslek lisesi|önlisans|yüksek lisans|lisans)\s*(?:mezunu\w*|öğrencisi\w*|"
    r"son sınıf\w*|\d\.\s*sınıf\w*|birinci sınıf\w*|okuyorum|terk\w*|bitirdim|bitirmedim|yarıda bıraktım)|"
    r"üniversitede okuyorum|okulu bıraktım|liseyi bitirmedim|mezunuyum|yüksek lisans\w*|doktora\w*|"
    r"شهادة (?:جامعية|ثانوية|البكالوريا)|بكالوريوس|ماجستير|دكتوراه|الثانوية العامة|ثانوية عامة|التوجيهي|دبلوم|"
    r"طالب جامعي|طالبة جامعية|طالب في الجامعة|طالبة في الجامعة|(?:أدرس|ادرس|بدرس|بدرس)\s+(?:في|ب)\S*\s*(?:ال)?جامع\S*|"
    r"خريج\S*|تخرجت|ما كملت (?:دراستي|المدرسة|الجامعة|تعليمي)|لم أكمل (?:دراستي|تعليمي|المدرسة|الجامعة)|"
    r"سنة (?:أولى|ثانية|ثالثة|رابعة|أخيرة) (?:جامعة|في الجامعة)|"
    r"대학원생|대학생|고등학생|고졸|대졸|중졸|초졸|학사|석사\S*|박사\S*|전문대\S*|대학교?\s*(?:\d학년|졸업\S*|중퇴\S*|다니\S*|"
    r"다녀\S*)|고등학교\s*(?:졸업\S*|중퇴\S*|\d학년)|\d학년|휴학\s*중\S*|검정고시\S*)",
    _I,
)


def _education(text: str, personal: bool) -> list[Triple]:
    match = _SCHOOL.search(text)
    if not match or not _about_user(text, match, personal) or _PLAN.search(text):
        return []
    said = dict.fromkeys(_unparticle(" ".join(m.group(0).split())) for m in _SCHOOL.finditer(text))
    return [("Education Level", ", ".join(list(said)[:2]), "value")]


def read_clause(text: str, personal: bool) -> list[Triple]:
    """Every fact these languages' words state in one clause; nothing for a clause in another script or language."""
    if not _SCRIPT.search(text):
        return []
    text = text.translate(EASTERN_DIGITS)
    if re.search(r"[?？؟]\s*$", text) and not personal:
        return []  # a question about a topic ("что такое депрессия?") states nothing about the user
    feeling = feelings(text, personal)
    return (_age(text, personal) + _marital(text, personal) + _gender(text, personal) + _profession(text, personal)
            + _conditions(text, personal) + _education(text, personal)
            + ([("Emotional State", feeling, "value")] if feeling else []))


# ---- cues: declines, wave-aways, yes / no, fillers --------------------------------------------------------------

DECLINE = (r"не хочу (?:говорить|отвечать|об этом|рассказывать|это обсуждать|называть|указывать|сообщать)|"
           r"не готов\w* (?:говорить|обсуждать|отвечать|рассказывать|об этом)|(?:об этом|про это) (?:я )?(?:говорить|"
           r"рассказывать) не (?:готов\w*|хочу|буду)|(?:أفضّل|أفضل|افضل) عدم (?:الإجابة|الاجابة|الرد|الكلام|التحدث)|предпочитаю не (?:говорить|отвечать)|"
           r"(?:это )?личное(?!\w)|не (?:ваше|твоё|твое) дело|без комментариев|не скажу|пропусти(?:м|те)?(?!\w)|"
           r"не хочу (?:казати|говорити|відповідати|про це)|це особисте|не ваша справа|не твоя справа|пропустімо|пропустимо|"
           r"söylemek istemiyorum|söylemeyeyim|cevap vermek istemiyorum|konuşmak istemiyorum|^bu özel$|özel bir konu|özel hayatım|(?:seni|sizi) ilgilendirmez|"
           r"yorum yok|^(?:geç|geçelim)$|"
           r"ما بدي (?:احكي|أحكي|أقول|اقول|جاوب)|ما (?:بحب|بحبش|بحبذ) (?:احكي|أحكي|اتكلم|أتكلم|اتحدث|أتحدث)|"
           r"لا (?:أريد|اريد|أحب|احب|أرغب|ارغب) (?:أن |ان |في )?(?:أتحدث|اتحدث|أتكلم|اتكلم|أحكي|احكي|الكلام|التكلم)|لا أريد (?:أن أقول|الإجابة|أن أجيب|التحدث|الحديث)|لا اريد (?:ان اقول|الاجابة)|"
           r"ما (?:ابغى|أبغى|ابي|أبي) (?:اقول|أقول|أتكلم|اتكلم)|هذا (?:أمر )?خاص|(?:شي|شيء) خاص|ليس من شأنك|"
           r"(?:مو|مش|موش) شغلك|بدون تعليق|^(?:تخطى|التالي)$|"
           r"말하고 싶지 않\S*|말하기 싫\S*|대답하고 싶지 않\S*|대답 안 할\S*|비밀이에요|비밀입니다|(?:사적인|개인적인) (?:거|부분)(?:라서|이라|예요|입니다)|"
           r"^패스$|넘어가\S*|노코멘트|알려주기 싫\S*|말 안 할래\S*")
WAVE_AWAY = (r"просто ответ\w*|ответь\w* на (?:мой )?вопрос|зачем (?:тебе|вам) (?:это )?знать|зачем (?:ты |вы )?(?:это )?спрашива\w+|"
             r"какая разница|при ч[её]м (?:тут|здесь)|(?:хватит|перестань\w*) спрашивать|просто дай відповідь|"
             r"просто відповід\w*|навіщо (?:тобі|вам) (?:це )?знати|яка різниця|"
             r"sadece (?:soruma )?cevap ver|soruma cevap ver|(?:neden|niye|niçin) soruyorsun\w*|ne alaka\w*|ne fark eder|"
             r"sormayı bırak|"
             r"(?:فقط|بس) (?:أجب|اجب|جاوب\w*)|جاوب على سؤالي|جاوبني بس|(?:لماذا|ليش|ليه) (?:تسأل|بتسأل|بدك تعرف|تريد أن تعرف|عايز تعرف)|"
             r"ما علاقة|(?:شو|ما) دخل (?:هذا|هاد|ذلك)|(?:ما|شو) الفرق|"
             r"그냥 (?:대답|답)해\S*|질문에 (?:대답|답)해\S*|왜 (?:물어|알아야)\S*|(?:그게 )?무슨 상관\S*|상관없잖아\S*|그만 물어\S*")
YES_WORDS = ("да|ага|да было|было|было дело|так|так було|evet|evet oldu|evet var|نعم|ايوه|أيوه|ايوة|أيوة|إي|اي|"
             "اه|آه|네|예|응|있어요|네 있어요|있습니다")
NO_WORDS = ("нет|нету|неа|никогда|нет никогда|ни разу|нет ни разу|нет не было|не было|ні|ніколи|нічого|"
            "жодного разу|ні ніколи|hayır|yok|hiç|hiçbir zaman|asla|hayır hiç|hiç olmadı|hayır yok|لا|أبدا|ابدا|لا أبدا|"
            "لا ابدا|لا شيء|لا شي|ولا مرة|لا ما في|아니요|아니|아뇨|없어요|없습니다|없어|한 번도 없어요|전혀요|아니요 없어요|"
            "절대 없어요|아뇨 없어요")
FILLER_WORDS = ("не знаю|незнаю|хз|ок|окей|ладно|может быть|возможно|не знаю даже|не знаю точно|bilmiyorum|bilmem|tamam|"
                "belki|لا أعرف|لا اعرف|ما بعرف|مش عارف|ما اعرف|ماعرف|لا ادري|لا أدري|ربما|يمكن|طيب|تمام|모르겠어요|"
                "몰라요|글쎄요|아마|알겠어요|잘 모르겠어요")

# ---- English glosses --------------------------------------------------------------------------------------------

GLOSSES: dict[str, tuple[tuple[str, str], ...]] = {
    "Profession": (
        (r"медсестр\w*|медбрат\w*|hemşire\w*|ممرض\w*|간호사", "nurse"),
        (r"учител\w*|вчител\w*|преподавател\w*|викладач\w*|öğretmen\w*|معلم\w*|مدرس\w*|교사|선생님|보육교사", "teacher"),
        (r"врач\w*|лікар\w*|doktor\w*|طبيب\w*|의사", "doctor"),
        (r"водител\w*|водій|водієм|şoför\w*|سائق\w*|운전기사|기사", "driver"),
        (r"таксист\w*|taksici\w*|택시 기사", "taxi driver"),
        (r"программист\w*|програміст\w*|programcı\w*|yazılımcı\w*|مبرمج\w*|مطور\w*|개발자|프로그래머", "programmer"),
        (r"бухгалтер\w*|muhasebeci\w*|محاسب\w*|회계사", "accountant"),
        (r"инженер\w*|інженер\w*|mühendis\w*|مهندس\w*|엔지니어", "engineer"),
        (r"продав\w+|кассир\w*|касир\w*|kasiyer\w*|satış elemanı|tezgahtar\w*|satıcı\w*|بائع\w*|كاشير|판매원|점원|캐셔",
         "sales or cashier"),
        (r"повар\w*|кухар\w*|aşçı\w*|طباخ\w*|요리사|셰프", "cook"),
        (r"банкир\w*|в банке|у банку|bankacı\w*|bankada|في بنك|في البنك|은행원|은행에서", "bank employee"),
        (r"официант\w*|офіціант\w*|garson\w*|نادل\w*|웨이터", "waiter"),
        (r"курьер\w*|кур'єр\w*|kurye\w*|배달\S*|택배 기사|مندوب", "delivery driver"),
        (r"строител\w*|будівельник\w*|inşaat işçisi\w*|عامل بناء|건설 노동자", "construction worker"),
        (r"склад\w*|кладовщик\w*|depoda|depo görevlisi\w*", "warehouse worker"),
        (r"завод\w*|фабрик\w*|fabrika\w*|مصنع|공장|생산직", "factory worker"),
        (r"магазин\w*|markette|markete|marketi|mağaza\w*|محل|متجر|편의점|마트", "shop worker"),
        (r"уборщи\w+|прибиральниц\w+|temizlikçi\w*|عامل\w* نظافة|청소부|환경미화원", "cleaner"),
        (r"охранник\w*|güvenlik görevlisi\w*|حارس\w*|경비원", "security guard"),
        (r"полицейск\w+|polis\w*|شرطي|경찰\S*", "police officer"),
        (r"юрист\w*|адвокат\w*|avukat\w*|محامي\w*|변호사", "lawyer"),
        (r"парикмахер\w*|перукар\w*|kuaför\w*|berber\w*|حلاق|미용사", "hairdresser"),
        (r"домохозяйк\w+|домогосподарк\w+|ev hanımı\w*|ربة (?:منزل|بيت)|주부|가정주부", "homemaker"),
        (r"студент\w*|öğrenci\w*|طالب\w*|대학생|학생|대학원생", "student"),
        (r"memur\w*|موظف\w*|공무원", "civil servant or employee"),
        (r"회사원|직장인|사무직", "office worker"),
        (r"менеджер\w*", "manager"), (r"дизайнер\w*|مصمم\w*|디자이너", "designer"),
        (r"электрик\w*|elektrikçi\w*|كهربائي", "electrician"), (r"механик\w*|tamirci\w*|ميكانيكي|정비사", "mechanic"),
        (r"сантехник\w*|tesisatçı\w*|سباك|배관공", "plumber"), (r"фермер\w*|çiftçi\w*|مزارع|농부", "farmer"),
        (r"işçi\w*|عامل\w*|노동자", "worker"), (r"asker\w*|جندي|군인", "soldier"),
        (r"eczacı\w*|صيدلي\w*|фармацевт\w*|약사", "pharmacist"), (r"알바\S*|아르바이트", "part-time job"),
        (r"자영업\S*|esnaf\w*", "self-employed"), (r"요양보호사|bakıcı\w*|няне?й?", "caregiver"),
        (r"больниц\w+|лікарн\w+|hastane\w*|مستشفى|병원", "hospital"),
        (r"школ\w+|okul\w*|مدرسة|학교", "school"), (r"식당|ресторан\w*|restoran\w*|مطعم", "restaurant"),
        (r"카페|кафе|kafe\w*|مقهى", "cafe"),
    ),
    "Economic Status": (
        (r"(?:нет|без|немає)\s+(?:долгов|кредитов|боргів)|borcum yok|لا ديون|빚(?:은|이)? 없\S*", "no debt"),
        (r"(?:нет|без|немає)\s+(?:сбережений|накоплений|заощаджень)|(?:сбережений|накоплений|заощаджень) (?:нет|немає)|birikimim yok|(?:بدون|ما عندي|لا توجد|ليس لدي) مدخرات|"
         r"저축(?:한 돈)?이 없\S*", "no savings"),
        (r"долг\w*|борг\w*|borç\w*|borc\w*|ديون|دين|مديون\w*|빚\S*", "debt"),
        (r"кредит\w*|kredi\w*|قرض|대출\S*|카드값", "loans or credit"),
        (r"ипотек\w*|іпотек\w*", "mortgage"),
        (r"денег (?:нет|не хватает|совсем нет)|не хватает денег|нет денег|на мели|грошей (?:немає|не вистачає)|"
         r"не вистачає грошей|param yok|beş parasızım|meteliksizim|ما عندي (?:فلوس|مصاري|مال)|ليس لدي (?:مال|نقود)|مفلس\w*|"
         r"돈이 (?:없|부족)\S*|파산", "broke"),
        (r"на жизнь хватает|хватает на жизнь|на життя вистачає|вистачає на життя|geçinip gidiyoruz|geçiniyoruz", "enough to live on"),
        (r"скрутно|туго с деньгами|туго|сутужно", "tight"),
        (r"(?<!\w)(?:средне|середньо|орта halli)(?!\w)", "average"),
        (r"от зарплаты до зарплаты|від зарплати до зарплати|geçinemiyorum|ay sonunu getiremiyorum|لا يكفي|ما يكفي|yetmiyor|"
         r"형편이 어려\S*|생활비가 부족\S*|финансово (?:тяжело|трудно)|maddi durumum (?:kötü|zor)|وضعي المادي (?:صعب|سيء)",
         "struggling"),
        (r"(?:маленьк\w+|низк\w+|низьк\w+|небольш\w+|невелик\w+|мизерн\w+|мізерн\w+|копійчан\w+|копеечн\w+) "
         r"(?:зарплат\w+|заробіт\w+|зп)|(?:зарплат\w+|заробіт\w+|зп)\s+(?:у (?:меня|мене)\s+|в мене\s+|моя\s+)?"
         r"(?:(?:очень|дуже|совсем|зовсім)\s+)?(?:маленьк\w+|низк\w+|низьк\w+|небольш\w+|невелик\w+|мизерн\w+|мізерн\w+|"
         r"копійчан\w+|копеечн\w+)", "low salary"),
        (r"зарплат\w*|maaş\w*|راتب\w*|월급\S*|asgari ücret\w*|최저임금", "salary"),
        (r"бедн\w+", "poor"),
        (r"хорошо зарабатываю|(?:зарабатываю|заробляю)\s+(?:нормально|неплохо|хорошо|прилично|добре)|iyi kazanıyorum|"
         r"راتبي (?:كويس|منيح|ممتاز)|دخلي (?:جيد|كويس)|돈을 (?:잘|꽤) 벌\S*|월급이 (?:괜찮|많)\S*", "earns decently"),
        (r"(?:зарабатываю|заробляю)\s+(?:мало|копейки)|az kazanıyorum|دخلي (?:قليل|محدود)", "low income"),
    ),
    "Health Status": (
        (r"диабет\w*|діабет\w*|şeker hastas\w+|diyabet\w*|السكري|سكري|مرض السكر|당뇨\S*", "diabetes"),
        (r"астм\w+|astım\w*|ربو|الربو|천식", "asthma"),
        (r"гипертони\w+|гіпертоні\w+|высокое давление|високий тиск|tansiyon\w*|ضغط(?: ال)?دم|عندي ضغط|고혈압",
         "high blood pressure, hypertension"),
        (r"гипотиреоз\w*|гіпотиреоз\w*|hipotiroid\w*|قصور الغدة الدرقية|갑상선 기능 저하\S*", "hypothyroidism"),
        (r"рак\w*|онколог\w+|kanser\w*|سرطان|암", "cancer"),
        (r"мигрен\w+|мігрен\w+|migren\w*|صداع نصفي|الصداع النصفي|الشقيقة|편두통", "migraine"),
        (r"беременн\w+|вагітн\w+|hamile\w*|حامل|임신\S*", "pregnant"),
        (r"артрит\w*|التهاب المفاصل|관절염|romatizma\w*", "arthritis"),
        (r"эпилепси\w+|epilepsi\w*|صرع|الصرع|뇌전증", "epilepsy"),
        (r"спин\w+|bel fıtığı|bel ağrısı|sırt ağrısı|الظهر|ديسك|디스크|허리\S*", "back problems"),
        (r"серд\w+|серц\w+|kalp\w*|القلب|심장병", "heart condition"),
        (r"щитовидк\w+|tiroid\w*|الغدة الدرقية|갑상선\S*", "thyroid condition"),
    ),
    "Emotional State": (
        (r"(?:не|ні)\s+(?:очень|дуже)(?:\s+(?:хорошо|добре))?|(?:не|ні)\s+(?:хорошо|добре|нормально)|"
         r"(?:pek\s+|hiç\s+)?iyi değil\w*|(?:مش|مو|موش)\s+(?:كتير\s+)?(?:منيح\w*|كويس\w*|زين|تمام)|لست بخير|"
         r"(?:별로\s*|전혀\s*)?안\s*괜찮\S*|별로\S*", "not great"),
        (r"так себе|так собі|idare eder|eh işte|ماشي الحال|그저 그래요|그냥 그래요|그럭저럭\S*", "so-so"),
        (r"нормально|норм|хорошо|добре|fena değil\w*|iyi\w*|بخير|منيح\w*|كويس\w*|تمام|زين|괜찮\S*|좋아요", "okay"),
        (r"плохо|хреново|паршиво|ужасно|погано|жахливо|kötü\w*", "bad"),
        (r"زفت|سيئة جدا|بالحضيض", "awful"),
        (r"устал\w*|втомлен\w*|втомився|втомилася|yorgun\w*|تعبان\w*|متعب\w*|피곤\S*", "tired"),
        (r"вымотан\w*|измотан\w*|выгорел\w*|bitkin\w*|tükendim|tükenmiş\w*|مرهق\w*|지쳤\S*|지쳐\S*", "exhausted"),
        (r"грустн\w*|грущу|тоскливо|тоска|сумно|сумую|üzgün\w*|mutsuz\w*|keyifsiz\w*|moralim bozuk|حزين\w*|زعلان\w*|"
         r"슬퍼\S*|슬프\S*|moralim (?:çok |biraz |epey )?bozuk", "sad"),
        (r"motivasyonum yok", "unmotivated"),
        (r"подавлен\w*|пригнічен\w*|مكتئب\w*|우울해\S*|우울하\S*", "low, depressed"),
        (r"одиноко|самотньо|yalnız\w*|وحيد\w*|외로워\S*|외롭\S*", "lonely"),
        (r"тревожн\w*|тревога|тревожусь|беспокоюсь|волнуюсь|тривожно|endişeli\w*|kaygılı\w*|huzursuz\w*|قلقان\w*|قلق|"
         r"불안해\S*|불안하\S*|걱정\S*", "anxious, worried"),
        (r"고민(?:이에요|이야|입니다|이다|돼요|되네요|이네요|중이에요|중입니다)", "torn, worried"),
        (r"страшно|боюсь|боюся|korkuyorum|korkmuş\w*|خايف\w*|خائف\w*|무서워\S*", "afraid"),
        (r"злюсь|зл(?:ой|ая)|злий|раздражен\w*|раздражён\w*|бесит|sinirli\w*|öfkeli\w*|غاضب\w*|معصب\w*|화가 나\S*|짜증\S*",
         "angry, irritated"),
        (r"в стрессе|стресс|напряжен\w*|на нервах|stresli\w*|stres altında\w*|متوتر\w*|مضغوط\w*|스트레스\S*",
         "stressed"),
        (r"gergin\w*", "tense, on edge"),
        (r"безнадёжн\w*|безнадежн\w*|безнадійн\w*|umutsuz\w*|يائس\w*|절망\S*", "hopeless"),
        (r"в отчаянии|çaresiz\w*|막막해\S*", "desperate, helpless"),
        (r"опустошен\w*|опустошён\w*|пусто|허무해\S*|공허\S*", "empty"),
        (r"растерян\w*|потерян\w*", "lost"), (r"محبط\w*", "frustrated"), (r"مقهور\w*", "crushed"),
        (r"bunaldım|bunalmış\w*|مخنوق\w*|مضايق\w*|زهقان\w*|답답해\S*", "overwhelmed, fed up"),
        (r"힘들어\S*|힘들\S*|멘붕\S*", "struggling"),
        (r"счастлив\w*|щаслив\w*|mutlu\w*|مبسوط\w*|سعيد\w*|행복해\S*", "happy"),
        (r"спокойн\w*|спокійн\w*|sakinim", "calm"),
    ),
    "Education Level": (
        (r"высшее образование|вища освіта|üniversite mezunu\w*|شهادة جامعية|대졸", "university degree"),
        (r"неполное высшее|неповна вища", "some university"),
        (r"(?:средне-специальное|среднее специальное|профессиональное) образование|середня спеціальна|колледж|коледж|"
         r"техникум|технікум|училище|meslek lisesi|önlisans|دبلوم|전문대\S*", "college or vocational school"),
        (r"среднее образование|середня освіта|lise mezunu\w*|الثانوية العامة|ثانوية عامة|شهادة ثانوية|التوجيهي|고졸",
         "high school"),
        (r"\d+\s*(?:классов|класів)|ilkokul\w*|ortaokul\w*|중졸|초졸", "primary or middle school"),
        (r"без (?:высшего|вищої)|не закончил\w*|не закінчив\w*|бросил\w*|кинув|кинула|bitirmedim|yarıda bıraktım|terk\w*|"
         r"okulu bıraktım|ما كملت|لم أكمل|중퇴\S*", "did not finish"),
        (r"студент\w*|üniversite öğrencisi\w*|üniversitede okuyorum|طالب\w* (?:جامعي\w*|في الجامعة)|대학생|"
         r"\w+\s+курс[еі]|\d\.\s*sınıf\w*|سنة \S+ (?:جامعة|في الجامعة)|\d학년", "university student"),
        (r"бакалавр\w*|lisans|بكالوريوس|학사", "bachelor's degree"),
        (r"магистр\w*|магістр\w*|магистратур\w*|yüksek lisans\w*|ماجستير|석사\S*", "master's degree"),
        (r"аспирант\w*|аспірант\w*|кандидат наук|doktora\w*|دكتوراه|박사\S*", "doctorate"),
        (r"университет\w*|університет\w*|институт\w*|інститут\w*|вуз|üniversite\w*|جامع\S*|대학교?", "university"),
        (r"школ\w*|lise|고등학\S*|고등학생", "school"),
        (r"휴학\s*중\S*", "on leave"), (r"검정고시\S*", "high school equivalency"), (r"خريج\S*|تخرجت|mezun\w*", "graduate"),
    ),
    "Mental Health Status": (
        (r"депресси\w+|депресі\w+|depresyon\w*|اكتئاب|الاكتئاب|우울증", "depression"),
        (r"тревожн\w+|тривожн\w+|anksiyete\w*|kaygı bozukluğu|اضطراب القلق|불안장애", "anxiety"),
        (r"паническ\w+ атак\w*|панічн\w+ атак\w*|panik atak\w*|نوبات (?:ال)?هلع|공황\S*", "panic attacks"),
        (r"биполярн\w+|біполярн\w+|ثنائي القطب|조울증|양극성", "bipolar disorder"),
        (r"птср|tssb|اضطراب ما بعد الصدمة|트라우마", "PTSD"),
        (r"сдвг|dehb|فرط الحركة", "ADHD"),
        (r"окр(?!\w)|обсессивно\S*|обсесивно\S*|obsesif kompulsif\w*|الوسواس القهري|강박\S*", "OCD"),
        (r"антидепрессант\w+|антидепресант\w+|antidepresan\w*|مضادات الاكتئاب|항우울제", "antidepressants"),
        (r"психотерапевт\w+|психолог\w+|психиатр\w+|психіатр\w+|terapiye|terapide|psikiyatrist\w*|طبيب نفسي|معالج نفسي|정신과|상담\S*",
         "in therapy"),
        (r"выгорани\w+|вигоранн\w+|tükenmişlik|번아웃", "burnout"),
    ),
}
