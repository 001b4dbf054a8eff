"""Rules that read one clause and say which attributes it states, and how.

Why rules: they run in microseconds, read the numbers (ages, amounts, savings, debt) and the negations that
an encoder blurs ("never hurt myself" and "hurt myself" embed alike), and every value they produce can be
traced to the words that produced it. Each rule returns `Fact`s; `penguin_guard.extract` combines the facts
of all clauses, applies the asked question, and never sees a rule's regex.

A fact's `kind`:
- "value": a stated value, already cut to the words that carry it ("about $400 left", "calm", "nurse");
- "yes" / "no": an affirmation or a negation of a yes/no attribute (self-harm, a diagnosis, a condition);
- "hedge": qualified ("I think I might have ADHD", "thought about it but never did"): kept as said;
- "thought": thoughts or urges of self-harm without an act (only the self-harm rule);
- "fine": a well-being statement for a yes/no attribute ("physically fine"): a negation when one is also said;
- "aux": a weaker hint (being in therapy) that a stated condition replaces.

Rules fire on first-person statements ("I'm divorced", "my savings"), not on talk about others ("my wife is
depressed") or in general ("is it normal to feel hopeless after a divorce?"). `bare` clauses (a few words,
in reply to a question) are read more freely by `extract`, not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from penguin_guard.attribute_lexicon import (
    JOB_WORDS,
    RETIRED_WORDS,
    STUDENT_WORDS,
    grammatical_gender,
    job_gender,
)
from penguin_guard.conditions import named_condition
from penguin_guard.negations import DENIED_AFTER_JA, denied
from penguin_guard.regex_prefilter import Prefiltered, prefiltered
from penguin_guard.rules_id_ms import feelings as _feelings_id_ms
from penguin_guard.rules_id_ms import read_clause as _read_id_ms
from penguin_guard.rules_id_ms import says_i as _says_i_id_ms
from penguin_guard.rules_ru_tr_ar_ko import EASTERN_DIGITS  # "٣٥ سنة" read as "35 سنة"
from penguin_guard.rules_ru_tr_ar_ko import feelings as _feelings_ru_tr_ar_ko
from penguin_guard.rules_ru_tr_ar_ko import read_clause as _read_ru_tr_ar_ko
from penguin_guard.rules_ru_tr_ar_ko import says_i as _says_i_ru_tr_ar_ko
from penguin_guard.value_gloss import SO_SO_WORDS

__all__ = ["Fact", "about_user", "clause_facts", "feeling_phrase", "first_person", "says_improved", "says_unemployed", "speaks_of_user"]

Kind = Literal["value", "yes", "no", "hedge", "thought", "fine", "aux"]
_I = re.IGNORECASE


@dataclass(frozen=True)
class Fact:
    attribute: str
    value: str
    kind: Kind = "value"


# ---- who the clause is about --------------------------------------------------------------------------------

_FIRST = prefiltered(
    r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|myself|mine|we|we're|we've|our|us|yo|soy|estoy|tengo|mi|mis|ich|bin|"
    r"habe|mein|meine|meinen|mir|mich|je|j'\w+|suis|mon|ma|mes|moi|eu|sou|estou|tenho|meu|minha|main|mera|meri|mere|"
    r"mujhe|hoon|hun|hu|io|sono|ho|mio|mia|miei|mie|ik|mijn|mij|jestem|mam|mój|moja|moje|mnie|pracuję|czuję|"
    r"tô|fui|estava|bin|hab|hatte|ero|ben|heb|byłam|byłem)\b|"
    r"我|私|僕|俺",
    _I,
)
_OTHER = prefiltered(
    r"\b(?:my|our|his|her|their|mi|mis|mein|meine|mon|ma|mes|meu|minha|mera|meri|mere)\s+(?:\w+\s+)?(?:wife|husband|"
    r"partner|spouse|mom|mum|mother|dad|father|parents?|son|daughter|kids?|child|children|brother|sister|sibling|"
    r"friends?|boss|boyfriend|girlfriend|bf|gf|ex|family|coworkers?|colleagues?|roommates?|grandma|grandmother|grandpa|"
    r"grandfather|aunt|uncle|cousin|baby|manager|landlord|neighbou?r|dog|cat|teacher|doctor|therapist|"
    # the same people in Spanish, German, French, Portuguese and Hinglish ("mi hermano me debe dinero")
    r"herman[oa]s?|madre|padre|mamá|papá|padres|espos[oa]|marido|mujer|novi[oa]|hij[oa]s?|jef[ea]|amig[oa]s?|"
    r"bruder|schwester|mutter|vater|eltern|mann|frau|freund(?:in)?|chef(?:in)?|sohn|tochter|kinder|"
    r"frère|sœur|mère|père|parents|mari|femme|copain|copine|fils|fille|patron(?:ne)?|ami(?:e)?|"
    r"irmão|irmã|mãe|pai|pais|namorad[oa]|filh[oa]s?|chefe|"
    r"bhai|behen|bahan|maa|papa|pati|biwi|beta|beti|dost|saas|sasur|"
    r"fratello|sorella|marito|moglie|figli[oa]?|capo|ragazz[oa]|amic[oa]|cane|gatto|compagn[oa])\b|"
    # Dutch and Polish ("mijn broer is verpleegkundige", "moja mama ma cukrzycę")
    r"\b(?:mijn|onze|zijn|haar|mój|moja|moi|moje|mojego|mojej)\s+(?:\w+\s+)?(?:broer|zus|moeder|vader|ouders|man|vrouw|"
    r"vriend(?:in)?|zoon|dochter|baas|kinderen|kind|oma|opa|brat|siostra|mama|matka|tata|ojciec|rodzice|mąż|żona|"
    r"chłopak|dziewczyna|syn|córka|szef(?:owa)?|dzieci|dziecko|babcia|dziadek|przyjaciel(?:ka)?)\b|"
    # Japanese: the person named before は/が ("兄は看護師です", "母は糖尿病です")
    r"(?:兄|姉|弟|妹|母|父|夫|妻|息子|娘|友達|友人|上司|彼氏|彼女|主人|家族|子ども|子供)(?:は|が)|"
    r"\b(?:mio|mia|miei|mie|il mio|la mia)\s+(?:\w+\s+)?(?:madre|padre|mamma|papà|genitori|fratello|sorella|marito|"
    r"moglie|figli[oa]?|capo|ragazz[oa]|amic[oa]|cane|gatto|compagn[oa]|collega)\b|"
    # Chinese: the person named, no word boundaries ("我姐姐离婚了")
    r"(?:他|她|他们|她们|我(?:的)?(?:哥哥|姐姐|弟弟|妹妹|妈妈|母亲|爸爸|父亲|老公|丈夫|老婆|妻子|儿子|女儿|孩子|朋友|同事|"
    r"老板|男朋友|女朋友|室友|邻居|狗|猫))|"
    # Indonesian and Malay: the person named with "my" after it ("ibu saya diabetes", "suamiku guru")
    r"\b(?:suami|istri|isteri|ibu|ayah|bapak|mama|papa|adik|kakak|abang|anak|teman|kawan|pacar|bos|atasan|nenek|kakek|"
    r"mertua)(?:ku|\s+(?:saya|aku|gue|gw))\b|"
    # a spouse as the subject where the language needs no "my" ("żona jest w ciąży", "istri lagi hamil")
    r"\b(?:żona|mąż)\s+(?:jest|ma|mi|pracuje|chce|mówi)\b|\b(?:istri|suami)\s+(?:lagi|sedang|udah|sudah|kerja|mau)\b|"
    r"\b(?:he|she|they|he's|she's|they're|him|them|people|someone|somebody|everyone|a friend|a coworker)\b",
    _I,
)
_SUBJECT_I = prefiltered(r"\b(?:i|i'm|im|i've|ive|i am|i was|i feel|i've been|yo|ich|je|j'\w+|eu|main|io|ik|jestem)\b|私は|我(?![的]?(?:哥哥|"
                         r"姐姐|弟弟|妹妹|妈妈|母亲|爸爸|父亲|老公|丈夫|老婆|妻子|儿子|女儿|孩子|朋友|同事|老板|男朋友|女朋友))", _I)


# A clause that opens on a first-person verb of work, which the language says without "I": "trabajo de cajera",
# "curro de camarero", "trabalho como motorista", "lavoro in farmacia", "arbeite als Fahrer", "werk als kok".
_WORK_VERB_FIRST = prefiltered(
    r"^\s*(?:(?:y|e|et|und|en|pero|mas|mais|ma|aber|maar|también|também|ahora|agora|hoy|hoje|actualmente|atualmente|"
    r"jetzt|ora|adesso|nu)\s+)?(?:trabajo|trabalho|curro|laburo|chambeo|trampo|lavoro|arbeite|werk)\s+"
    r"(?:de|como|come|als|en|na|no|num|numa|in|al|alla|allo|nel|nella|presso|bei|beim|im|bij|per|para|pra|"
    r"seit|desde|há|da|faz|hace)\b", _I)


# Teaching said with a first-person verb and no "I": "dou aula de história", "insegno matematica".
_TEACH_VERB_FIRST = prefiltered(r"\b(?:dou aulas?|doy clases?|insegno|unterrichte|je donne des cours|geef les)\b", _I)


def first_person(text: str) -> bool:
    return bool(_FIRST.search(text) or re.match(r"\s*as an?\b", text, _I) or _says_i_ru_tr_ar_ko(text) or _says_i_id_ms(text)
                or _WORK_VERB_FIRST.match(text) or _TEACH_VERB_FIRST.search(text))


def _personal(text: str, personal: bool) -> bool:
    """Whether the clause can state a fact about the user: when its context already speaks about the user (a reply
    to a question, a sentence in the first person), or when it says "I" / "my" itself."""
    return personal or first_person(text)


def speaks_of_user(text: str) -> bool:
    """Whether a clause is about the user: no one else named in it, or the user named first ("I fix cars at my
    uncle's garage", not "my uncle fixes cars")."""
    other = _OTHER.search(text)
    if not other:
        return True
    mine = _SUBJECT_I.search(text)
    return bool(mine and mine.start() < other.start())


# "he" or "she" as the subject in the other languages read: "seit er arbeitslos ist", "il est au chômage", "ella está
# divorciada", "ele é motorista", "lui lavora", "hij is werkloos". French "il" only before a verb (not "il y a", "il me
# reste", nor the Italian article); not Italian "lei", which is also the polite "you".
_THIRD_PERSON = prefiltered(r"(?<![\w'])(?:(?:dass|seit|weil|wenn|ob|und|aber|denn)\s+(?:er|sie)|(?:il|elle)(?=\s+(?:est|était|a|avait|travaille|"
                            r"bosse|vit|n'|ne)\b)(?!\s+(?:est|était) (?:difficile|dur|temps|vrai|clair|possible))|"
                            r"él|ella|ele|ela|lui|hij|zij)(?![\w'])", _I)


def about_user(text: str, start: int) -> bool:
    """Whether the words at `start` describe the user: no other person named before them in the clause, or the
    user named again after that person ("since my mom died I've been depressed")."""
    prefix = text[:start]
    others = sorted([*_OTHER.finditer(prefix), *_THIRD_PERSON.finditer(prefix)], key=lambda m: m.start())
    if not others:
        return True
    mine = r"\b(?:my|mi|mis|mon|ma|mes|meu|minha|mein\w*|il mio|la mia|mijn|mój|moja|moje|mera|meri)\s+"
    owned = re.search(mine + r"(?:\w+\s+)?$", prefix, _I)
    person = _OTHER.match(prefix, owned.start()) if owned else None
    if person and person.end() >= len(prefix.rstrip()):
        owned = None  # "my sister got divorced": "my" names the sister, whose divorce it is
    if (owned or re.match(mine, text[start:], _I)) and not _OTHER.match(text, start):
        return True  # "my husband found out about my gambling debt": the debt is the user's
    last = others[-1]
    if _FINDERS.fullmatch(last.group(0)) and _FOUND.match(prefix[last.end():]):
        return True  # "after a lot of tests they diagnosed rheumatoid arthritis": the doctors found it in the user
    return bool(_SUBJECT_I.search(prefix[last.end():]))


# Who finds a condition in the user, and how it is said: "they diagnosed ...", "my doctor found ...".
_FINDERS = prefiltered(r"they|he|she|(?:my|mi|mon|ma|meu|minha|mein\w*)\s+(?:\w+\s+)?(?:doctor|therapist)", _I)
_FOUND = prefiltered(r"\s+(?:finally\s+|eventually\s+|just\s+|then\s+)?(?:diagnosed(?:\s+(?:me|it)(?:\s+(?:with|as))?)?|"
                     r"found(?:\s+out i have)?|detected|confirmed|said (?:i have|it'?s|it was)|told me i have)\s+(?:[\w'-]+\s+){0,2}$", _I)


def _negated(text: str, start: int, window: int = 28) -> bool:
    """A negation shortly before `start` in the clause ("not", "never", "no", "n't", and the other languages)."""
    before = text[max(0, start - window):start].lower()
    if re.search(r"\b(?:know|knows|knew|tell|told|realize|realise|noticed?|aware)\b(?:\s+that)?\s+(?:i'?m|i am|i have|i'?ve)\b",
                 before):
        return False  # "my parents don't know I'm pregnant": the knowing is denied, not the pregnancy
    return bool(re.search(
        r"(?:\b(?:not|never|no|nor|without|nunca|jamás|sin|nie|niemals|nicht|kein|keine|jamais|pas|sans|nunca|não|nao|"
        r"sem|nahi|nahin|kabhi nahi|non|nn|mai|senza|nooit|niet|geen|nigdy|aldrig|inte|aldri|ikke|aldrei|tidak|nggak|enggak|"
        r"belum)\b|n't\b|没|從未|从未|从来没|不曾|未曾|ない)", before))


def _span(text: str, match: re.Match[str], group: int | str = 0) -> str:
    return " ".join(match.group(group).split()).strip(" ,.;:")


# ---- Age ----------------------------------------------------------------------------------------------------

_UNITS = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
          "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_DIGITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_NUMBER_WORD = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|five|"
                r"six|seven|eight|nine))?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)")
_AGE_NUMBER = rf"(\d{{2,3}}|{_NUMBER_WORD})"
_NOT_YEARS = (r"(?!\s*(?:%|percent|dollars?|bucks|k\b|grand|thousand|minutes?|mins?|hours?|hrs?|days?|weeks?|"
              r"months?|pounds?|lbs?|kg|kilos?|euros?|cents?|miles?|km|pills?|times|calls?|years? (?:ago|in|of|since)|"
              r"(?:years? )?into|in debt|%|/|\.\d|,\d|\d))")
_AGE_PATTERNS = (
    # "I'm 27", "I am only 19", "just turned 40", "turning 30 next month", "aged 52"
    prefiltered(rf"\b(?:i'?m|i am|im|just turned|turned|turning|aged?|age is|i'?ll be|ich bin|bin|soy de)\s+(?:only\s+|just\s+|"
                rf"about\s+|almost\s+|nearly\s+|around\s+|barely\s+|now\s+|jetzt\s+|schon\s+|erst\s+|gerade\s+|bald\s+)?{_AGE_NUMBER}(?:\s*(?:years?|yrs?)(?:[\s-]*old)?|"
                rf"\s*(?:yo|y/o|y\.o\.)|\s*jahre(?:\s*alt)?)?\b{_NOT_YEARS}", _I),
    # "27 years old", "a 30-year-old", "27yo", "27 y/o"
    prefiltered(rf"\b{_AGE_NUMBER}[\s-]*(?:years?|yrs?)[\s-]*old\b|\b(\d{{2}})\s*(?:yo|y/o|y\.o\.)\b", _I),
    # Spanish, French, Portuguese, German, Hinglish: "tengo 27 años", "j'ai 27 ans", "tenho 27 anos", "27 Jahre alt",
    # "meri umar 27 hai", "main 27 saal ka hoon"
    prefiltered(r"\b(?:tengo|j'ai|tenho|ich bin|bin|main|meri (?:umar|umr|age))\s+(\d{2})\s*(?:años|anos|ans|jahre|saal|sal)?\b"
                r"(?!\s*(?:dólares|dolares|euros?|reais|rupees|rupaye|dollars))", _I),
    prefiltered(r"\b(\d{2})\s*(?:años|anos|ans|jahre alt|saal (?:ka|ki)|sal (?:ka|ki))\b|"
                r"\b(\d{2}) saal\b(?=\s*(?:[,.]|$|hai|hoon|hun|aur))", _I),
    # Italian "ho 34 anni", "34 anni"; Chinese and Japanese "28岁", "今年28", "28歳" (no word boundaries there)
    prefiltered(r"\b(?:ho|ne ho)\s+(\d{2})\s*(?:anni)?\b|\b(\d{2})\s*anni\b(?!\s*(?:fa|che|di))", _I),
    # Dutch and Polish: "ik ben 31", "38 jaar (oud)", "mam 29 lat", "29 lat" (not "al 15 jaar", "od 10 lat", "lat temu")
    prefiltered(r"\bik ben\s+(\d{2})\b(?!\s*(?:euro|minuten|uur|dagen|weken|maanden|kilo|procent|%))(?:\s*jaar(?:\s*oud)?)?|"
                r"\bmam\s+(\d{2})\s*(?:lat|lata)\b|"
                r"(?<!\bal )(?<!\bsinds )(?<!\bod )(?<!\bprzez )(?<!\bjuż )(?<!\bpo )\b(\d{2})\s*(?:jaar(?:\s*oud)?|lat|lata)\b"
                r"(?!\s*(?:geleden|temu|ervaring|werk|pracy|stażu|in de|w tej|w tym))", _I),
    # Swedish, Indonesian, Hinglish, colloquial Portuguese: "jag är 25", "umur saya 19 tahun", "29 ki hoon", "tô com
    # 67"; and "is 31 too old to go back?", "am I 40 too late", where the number asked about is the user's age
    prefiltered(r"\b(?:jag är|är jag)\s+(\d{2})\b(?:\s*år(?:\s*gammal)?)?(?!\s*(?:kr|kronor|minuter|timmar|procent|%|år sedan))|"
                r"\b(?:umur|usia)(?:\s*(?:saya|aku|gue|gw))?\s*(?:sudah\s+|udah\s+|baru\s+)?(\d{2})\b|"
                r"\b(?:saya|aku)\s+(\d{2})\s*tahun\b|"
                r"\b(\d{2})\s*(?:ki|ka)\s+(?:hoon|hun|hu|hoo)\b|"
                r"\b(?:tô|tou|estou)\s+com\s+(\d{2})\b(?:\s*anos)?(?!\s*(?:graus|reais|mil|kg|quilos|%|anos de|dias|horas))|"
                r"\b(?:is|am i|i'?m)\s+(\d{2})\s+too\s+(?:old|late|young)\b", _I),
    # a birthday just had or coming ("cumplí 41 en marzo", "fiz 36 mês passado", "ho compiuto 50 anni") and "a woman
    # of 62" ("een vrouw van 62", "una mujer de 62", "un uomo di 45"), without a years word
    prefiltered(r"\b(?:cumplí|cumpli|acabo de cumplir|voy a cumplir|fiz|completei|vou fazer|ho (?:appena )?compiuto|"
                r"compio|ik werd|ich wurde)\s+(\d{2})\b(?!\s*(?:horas|hrs|reais|mil|km|kg|%|dias|vezes|pontos|ore|euro))|"
                r"\b(?:een|una?|uma|une?|eine?)\s+(?:vrouw|man|mujer|hombre|señora|señor|chica|chico|mulher|homem|senhora|"
                r"donna|uomo|signora|femme|homme|frau|mann|moeder|vader|madre|padre|mãe|pai|mère|père|mutter|vater)\s+"
                r"(?:van|de|di|von)\s+(\d{2})\b(?!\s*(?:euro|kilo|kg|procent|%|horas|minut|chili|mil|reais|pesos))", _I),
    prefiltered(r"(?<![\d.])(\d{2})\s*(?:岁|歲|歳|周岁)(?!的?(?:时候|那年)|时)|今年で?\s*(\d{2})(?![\d年])|"
                r"(?<![\d.])(\d{2})\s*(?:歳|才)?に(?:なります|なりました|なる|なった)"),
    # The writer's age said in more of the ways people introduce themselves: a parenthesis after the pronoun ("ich
    # (27, w)", "je (34, infirmière)"), German and Dutch "bin 38" / "ben 30" closing a clause or "52 geworden", "erst
    # 34 bin", Polish "mam 31" without "lat", Turkish "22 yaşında" opening a message or after "ben", Vietnamese "24
    # tuổi", Tagalog "36 na ako" / "27 taong gulang", Indonesian "aku perempuan 24 tahun", Italian "ne ho compiuti
    # 21", Japanese "42です", Arabic "عمري 35", and "un chaval de 19" (a person word, then "de" and the number).
    prefiltered(r"\b(?:ich|je|io|yo|eu|ik|ja|i|me|moi|aku|saya|ben)\s*\((\d{2})\s*[,/;)]|"
                r"\b(?:ich bin|bin ich|bin|ik ben|ben ik|ben)\s+(?:übrigens\s+|eigentlich\s+|jetzt\s+|inmiddels\s+|nu\s+|pas\s+|"
                r"eigenlijk\s+|trouwens\s+)?(\d{2})(?=\s*(?:[,.!?;)]|$|und\b|aber\b|en\b|maar\b|geworden\b|worden\b))|"
                r"\berst\s+(\d{2})\s+(?:bin|ben)\b|"
                r"\bmam\s+(\d{2})(?=\s*(?:[,.!?;]|$|i\b|a\b|oraz\b))|"
                r"(?:^|[,.!?]\s*|\bben\s+|\bmerhaba[,!]?\s+|\bselam[,!]?\s+)(\d{2})\s*yaşında|"
                r"\b(?:mình|tôi|em|anh|chị|tớ|tao|năm nay)\s+(?:năm nay\s+)?(\d{2})\s*tuổi|"
                r"\b(\d{2})\s+na\s+(?:po\s+)?ako\b|\b(\d{2})\s+taong gulang\b|"
                r"\b(?:aku|saya|gue|gw)\s+(?:(?:perempuan|cewek|cowok|laki-laki|pria|wanita|ibu|bapak|mahasiswa|mahasiswi)\s+)?"
                r"(?:umur\s+)?(\d{2})\s*(?:tahun|thn|th)\b|"
                r"\bne ho (?:compiuti|fatti|appena compiuti)\s+(\d{2})\b|"
                r"(?:^|[。、\s])(\d{2})\s*(?:歳|才)?です|"
                r"(?<!كان )(?<!كنت )(?:عمري|عُمري|عمرى)\s*(\d{2})|"
                r"\b(?:un|una|um|uma)\s+(?:chaval|chavala|muchacho|muchacha|pibe|piba|chamo|chama|rapaz|moça|moço|cara|"
                r"menina|menino|chica|chico|tío|tía|ragazz[oa])\s+(?:de|di)\s+(\d{2})\b"
                r"(?!\s*(?:euros?|kilos?|kg|horas|reais|pesos|mil|%|minut))", _I),
)
# Chinese number words for an age: "三十五岁", "我二十八", "快五十了" (not "三十分钟", "十五年前")
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMBER = r"([一二两三四五六七八九]?十[一二三四五六七八九]?)"
_ZH_AGE = prefiltered(rf"(?:我|今年|已经|快)\s*{_ZH_NUMBER}(?![分块元个天年次公万千百多号点岁一二三四五六七八九]|岁(?:的)?(?:时候|那年))|"
                      rf"{_ZH_NUMBER}\s*(?:岁|歲|歳)(?!的?(?:时候|那年)|时)")
_DECADE = prefiltered(
    r"\b(?:in (?:my|the)\s+)?((?:early|mid|late)[\s-]*)?(twenties|thirties|forties|fifties|sixties|seventies|eighties|"
    r"teens|[2-9]0'?s)\b",
    _I,
)
_DECADE_FRAME = prefiltered(r"\b(?:in my|i'?m in my|i am in my|im in my|(?:we'?re|we are|both) in our)\s+(?:early|mid|late)?[\s-]*(?:twenties|thirties|"
                            r"forties|fifties|sixties|seventies|eighties|teens|[2-9]0'?s)\b", _I)
_PAST_AGE = prefiltered(r"\b(?:when i was|since i was|back when|at age|at the age of|at|by|from age|i was|was|"
                        r"cuando tenía|quand j'avais|als ich|quando eu tinha|jab main)\s*(?:a\s+|about\s+|around\s+)?$", _I)
# A number of years that is a duration, not an age: "sou funcionária há 20 anos", "desde hace 15 años", "depuis 20
# ans", "il y a 20 ans", "seit 20 Jahren", "for 20 years"; "20 anos de casada", "15 años de experiencia", "20 ans
# de mariage".
_DURATION_BEFORE = prefiltered(r"\b(?:há|ha|hace|desde|depuis|pendant|durant|durante|il y a|por|faz|seit|vor|for|since|"
                               r"da|per|od|przez|al|sinds|already|já|ya|déjà|schon|after|após|después de|après)"
                               r"\s+(?:(?:mais de|más de|plus de|über|more than|over|about|cerca de|unos|uns|environ|"
                               r"quase|casi|presque|fast|almost)\s+)?$", _I)
_DURATION_AFTER = prefiltered(r"\s*(?:años|anos|ans|anni|jahre[n]?|jaar|lat|years?)?\s+(?:de (?:casad|matrimonio|"
                              r"mariage|casamento|experiencia|experiência|expérience|servicio|serviço|carrera|carreira|"
                              r"trabajo|trabalho|relación|relação|relation|vida en común|noviazgo|namoro|union)|"
                              r"d'(?:expérience|ancienneté)|atrás|ago|fa\b|geleden|temu|antes|avant|depois|später)", _I)
_TAG = prefiltered(r"[(\[]\s*(?:(\d{2})\s*[/,]?\s*([mfMFwWhH]|nb|NB|männlich|weiblich|homme|femme|mann|frau)|([mfMF])\s*[/,]?\s*(\d{2}))\s*[)\]]|"
                   r"\b(?:i'?m|i am|im)\s+(?:a\s+)?(\d{2})\s?([mfMF])\b|"
                   # a bare tag closing a message ("... so everything sucks. 30F"), upper case only
                   r"(?-i:^\s*(\d{2})\s?([MF])\s*[.!]?\s*$)", _I)


_DECADE_SOMETHING = prefiltered(r"\b([2-9])0[\s-]?something\b", _I)
_DECADE_WORDS = {"twenties": "20s", "thirties": "30s", "forties": "40s", "fifties": "50s", "sixties": "60s",
                 "seventies": "70s", "eighties": "80s"}


def decade_digits(word: str) -> str:
    """"thirties" -> "30s": a decade in the digits most people write it with ("mid 30s"), so that a reader comparing
    ages (or a number check) sees the number."""
    return _DECADE_WORDS.get(word.lower(), word)


def number_value(word: str) -> int | None:
    """27 from "27", "twenty-seven" or "二十七"."""
    word = word.lower().strip()
    if word.isdigit():
        return int(word)
    if "十" in word:
        tens, _, units = word.partition("十")
        return _ZH_DIGITS.get(tens, 1 if not tens else 0) * 10 + _ZH_DIGITS.get(units, 0)
    if word in _UNITS:
        return _UNITS[word]
    parts = re.split(r"[\s-]+", word)
    if parts[0] in _TENS:
        return _TENS[parts[0]] + (_DIGITS.get(parts[1], 0) if len(parts) > 1 else 0)
    return None


def _age(text: str, personal: bool) -> list[Fact]:
    text = text.translate(EASTERN_DIGITS)
    facts: list[Fact] = []
    tag = _TAG.search(text)
    if tag:
        age = tag.group(1) or tag.group(4) or tag.group(5) or tag.group(7)
        sex = (tag.group(2) or tag.group(3) or tag.group(6) or tag.group(8) or "").lower()
        if age and 13 <= int(age) <= 110:
            facts.append(Fact("Age", age))
        if sex in {"m", "f", "w", "h", "männlich", "weiblich", "homme", "femme", "mann", "frau"}:
            # German "w" (weiblich) and French "h" (homme) are the tags those languages write
            facts.append(Fact("Gender", "Male" if sex in {"m", "h", "männlich", "homme", "mann"} else "Female"))
        elif sex == "nb":
            facts.append(Fact("Gender", "Non-binary"))
        if facts:
            return facts
    for pattern in _AGE_PATTERNS:
        for match in pattern.finditer(text):
            group = next(g for g in match.groups() if g)
            value = number_value(group)
            if value is None or not 13 <= value <= 110:
                continue
            before = text[:match.start()]
            if _PAST_AGE.search(before) or not about_user(text, match.start()):
                continue
            if _DURATION_BEFORE.search(before) or _DURATION_AFTER.match(text, match.end(match.lastindex or 0)):
                continue
            if re.search(r"\bmy\s*$|\b(?:old|year)\s+(?:son|daughter|kid|child|brother|sister|dog|car)\b",
                         text[max(0, match.start() - 4):match.end() + 12], _I):
                continue
            return [Fact("Age", str(value))]
    worded = _age_in_words(text)
    if worded and 13 <= worded <= 110:
        return [Fact("Age", str(worded))]
    spoken = _ZH_AGE.search(text)
    if spoken and about_user(text, spoken.start()):
        value = number_value(spoken.group(1) or spoken.group(2))
        if value and 13 <= value <= 110:
            return [Fact("Age", str(value))]
    cjk = _CJK_DECADE.search(text)
    if cjk and about_user(text, cjk.start()) and not _OTHER.search(text[:cjk.start()]):
        tens = cjk.group(1) or str((number_value(cjk.group(2) + "十") or 0) // 10)
        if 1 <= int(tens) <= 9:
            return [Fact("Age", f"{tens}0s")]  # "30代の主婦です", "三十多岁": a decade, said as one
    around = _JA_AROUND.search(text)
    if around and about_user(text, around.start()) and not _OTHER.search(text[:around.start()]):
        return [Fact("Age", f"around {_JA_AROUND_TENS[around.group(0)]}")]  # "アラフォーです": around forty
    born = _BORN.search(text)
    if born and about_user(text, born.start()):
        year = next(g for g in born.groups() if g)
        year = year if len(year) == 4 else ("19" if int(year) > 20 else "20") + year  # "sono del '91": 1991
        return [Fact("Age", f"born {year}")]  # "I was born in 1952, so you can do the math"
    foreign = _foreign_decade(text) or _decade_noun(text)
    if foreign:
        return [Fact("Age", foreign)]
    something = _DECADE_SOMETHING.search(text)
    if something and about_user(text, something.start()) and not _PAST_AGE.search(text[:something.start()]):
        return [Fact("Age", f"{something.group(1)}0s")]  # "a 40-something guy", "I'm thirty-something": a decade
    decade = _DECADE_FRAME.search(text)
    if decade and re.match(r"in my\b", decade.group(0), _I) and (
            re.search(r"teens", decade.group(0), _I) or re.search(r"\b(?:was|were|had|did|got|went|diagnosed|used to|"
                                                                    r"back|when|started|began|lost|left|moved)\b", text, _I)
            or re.search(r"\b\w{3,}ed\b", text[:decade.start()], _I) and not re.search(r"\b(?:i'?m|i am|im|now)\b", text, _I)):
        decade = None  # "in my teens I cut my wrists", "burned myself ... in my early 20s": when, not an age now
    if decade and about_user(text, decade.start()):
        inner = _DECADE.search(decade.group(0))
        if inner:
            return [Fact("Age", " ".join((inner.group(1) or "").replace("-", " ").split() + [decade_digits(inner.group(2))]))]
    return []


# Ages said in words in other languages: "ho settant'anni", "tengo cuarenta y dos años", "j'ai trente-trois ans",
# "tenho cinquenta anos", "ich bin vierzig", "mam czterdzieści lat".
_TENS_WORDS = {
    "venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70, "ottanta": 80, "novanta": 90,
    "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90,
    "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "soixante-dix": 70, "quatre-vingts": 80,
    "quatre-vingt": 80, "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "oitenta": 80,
    "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80,
    "dwadzieścia": 20, "trzydzieści": 30, "czterdzieści": 40, "pięćdziesiąt": 50, "sześćdziesiąt": 60,
    "siedemdziesiąt": 70, "osiemdziesiąt": 80, "twintig": 20, "dertig": 30, "veertig": 40, "vijftig": 50, "zestig": 60,
    "zeventig": 70, "tachtig": 80,
}
_UNIT_WORDS = {
    "uno": 1, "un": 1, "une": 1, "um": 1, "ein": 1, "één": 1, "een": 1, "jeden": 1, "due": 2, "dos": 2, "deux": 2,
    "dois": 2, "zwei": 2, "twee": 2, "dwa": 2, "tre": 3, "tres": 3, "trois": 3, "três": 3, "drei": 3, "drie": 3,
    "trzy": 3, "quattro": 4, "cuatro": 4, "quatre": 4, "quatro": 4, "vier": 4, "cztery": 4, "cinque": 5, "cinco": 5,
    "cinq": 5, "fünf": 5, "vijf": 5, "pięć": 5, "sei": 6, "seis": 6, "six": 6, "sechs": 6, "zes": 6, "sześć": 6,
    "sette": 7, "siete": 7, "sept": 7, "sete": 7, "sieben": 7, "zeven": 7, "siedem": 7, "otto": 8, "ocho": 8, "huit": 8,
    "oito": 8, "acht": 8, "osiem": 8, "nove": 9, "nueve": 9, "neuf": 9, "neun": 9, "negen": 9, "dziewięć": 9,
}
_ELIDED_TENS = {"vent": 20, "trent": 30, "quarant": 40, "cinquant": 50, "sessant": 60, "settant": 70, "ottant": 80,
                "novant": 90}
_AGE_WORDS = prefiltered(r"\b(ho|tengo|j'ai|tenho|ich bin|ik ben|mam|sono|cumplí|compi|fiz|werde|word)\s+"
                         r"([\w'-]+(?:\s+[\w'-]+){0,4})", _I)
_YEARS_WORDS = frozenset({"anni", "años", "ans", "anos", "jahre", "jaar", "lat", "lata"})
_BIRTHDAY_VERBS = frozenset({"cumplí", "compi", "fiz", "werde", "word"})
_AFTER_BIRTHDAY = frozenset({"en", "em", "in", "a", "à", "im", "el", "le", "il", "nel", "este", "esse", "dieses", "nächsten",
                             "nächste", "volgende", "deze", "hoy", "hoje", "oggi", "heute", "vandaag", "ayer", "ontem",
                             "ieri", "gestern", "gisteren", "ya", "já", "già", "schon", "al"})
# Tens words that a unit word is glued to: "veintiocho", "trentacinque", "quarantadue", "ventitré", "trentuno".
_GLUED_TENS = {"veinti": 20, **_TENS_WORDS, **_ELIDED_TENS}
_GLUED_UNITS = {**_UNIT_WORDS, "dós": 2, "trés": 3, "séis": 6, "tré": 3, "uno": 1, "otto": 8}


def _tens_then_unit(word: str) -> int | None:
    """28 from "veintiocho", 35 from "trentacinque", 31 from "trentuno": a tens word with its unit glued on."""
    for tens, value in _GLUED_TENS.items():
        if word.startswith(tens) and word[len(tens):] in _GLUED_UNITS and len(word) > len(tens):
            return value + _GLUED_UNITS[word[len(tens):]]
    return None


def _number_words(words: list[str]) -> tuple[int | None, int]:
    """The number the first words say in another language ("cuarenta y dos", "zweiundvierzig", "sessantotto") and
    how many words it took; None when they do not start with a tens word."""
    total, tens_seen = 0, False
    for index, word in enumerate(words):
        glued = re.fullmatch(r"(\w+?)(?:und|ën|en)(\w+)", word)  # "zweiundvierzig", "tweeënveertig"
        if glued and glued.group(1) in _UNIT_WORDS and glued.group(2) in _TENS_WORDS and not tens_seen:
            total, tens_seen = _UNIT_WORDS[glued.group(1)] + _TENS_WORDS[glued.group(2)], True
        elif _tens_then_unit(word) and not tens_seen:
            total, tens_seen = _tens_then_unit(word) or 0, True
        elif (word in _TENS_WORDS or word in _ELIDED_TENS) and not tens_seen:
            total, tens_seen = _TENS_WORDS.get(word, _ELIDED_TENS.get(word, 0)), True
        elif word in _UNIT_WORDS and tens_seen:
            total += _UNIT_WORDS[word]
        elif not (word in {"y", "e", "et", "i"} and tens_seen):
            return (total if tens_seen else None), index
    return (total if tens_seen else None), len(words)


def _age_in_words(text: str) -> int | None:
    """An age said in words in another language, with its years word ("ho settant'anni", "tengo cuarenta y dos
    años", "j'ai trente-trois ans", "mam czterdzieści lat"), or ending the clause after "ich bin" / "ik ben"."""
    for match in _AGE_WORDS.finditer(text.lower().replace("\u2019", "'")):
        words = [w for w in re.split(r"[\s'-]+", match.group(2)) if w]
        total, used = _number_words(words)
        if used < len(words):
            # "settant'anni", not "vierzig Minuten"; after a birthday verb a time may follow ("cumplí sesenta y
            # dos en enero", "ich werde vierzig nächsten Monat")
            word = words[used]
            ended = word in _YEARS_WORDS or (match.group(1) in _BIRTHDAY_VERBS and word in _AFTER_BIRTHDAY)
        else:
            ended = match.group(1) in {"ich bin", "ik ben"} and match.end() == len(text.rstrip(" .!?").lower())
        if total is not None and ended:
            return total
    return None


def _number_alone(text: str) -> int | None:
    """An age answered as number words and nothing else ("Sessantotto.", "cuarenta y dos", "dreiundfünfzig")."""
    words = [w for w in re.split(r"[\s'-]+", text.lower().strip(" .!?…")) if w]
    total, used = _number_words(words)
    return total if words and used == len(words) else None


_BORN = prefiltered(r"\b(?:i was born|born) in (19[1-9]\d|20[01]\d)\b|\b(?:nací|je suis née?|nasci|ich bin|sono nat[oa]) "
                    r"(?:en |em |in |nel )?(?:el año |l'anno )?(19[1-9]\d|20[01]\d)\b(?:\s+geboren)?|"
                    # "sono del '91", "soy del 85", "ich bin Jahrgang 1961": the year said as one's own
                    r"\b(?:sono del|soy del|sou de|ich bin jahrgang|jahrgang)\s+'?((?:19)?[4-9]\d|(?:20)?0\d)\b", _I)


# A decade in Japanese and Chinese: "30代", "三十多岁", "40几岁" (not "30代の頃", when the user was in them).
# Japanese "around N" words: アラサー (around thirty), アラフォー, アラフィフ, アラカン / アラ還 (around sixty).
_JA_AROUND_TENS = {"アラハタ": 20, "アラサー": 30, "アラフォー": 40, "アラフィフ": 50, "アラカン": 60, "アラ還": 60}
_JA_AROUND_TENS["還暦"] = 60  # "今年で還暦です": sixty this year
_JA_AROUND = prefiltered("|".join(_JA_AROUND_TENS))
_CJK_DECADE = prefiltered(r"(?<!\d)([1-9])0\s*(?:代(?!の(?:頃|ころ|時))|多岁|几岁|多歲)|([一二三四五六七八九])十(?:多|几)岁")
# An age said about, in words, in another language: "bijna dertig", "rondando los cuarenta", "quase trinta",
# "fast vierzig", "presque trente", "quasi cinquanta", "prawie czterdzieści".
_APPROX_WORDS = prefiltered(
    r"^(?:(?:ik ben|i'?m|soy|tengo|sou|tenho|ich bin|je suis|j'ai|sono|ho|mam|jestem)\s+)?"
    r"(bijna|ongeveer|rond de|rond|casi|cerca de(?: los)?|unos|rondando(?: los)?|alrededor de(?: los)?|quase|uns|perto dos|"
    r"fast|ungefähr|knapp|etwa|presque|environ|autour de|bientôt|quasi|circa|sui|prawie|około|niemal)\s+"
    r"([\w'-]+(?:\s+(?:y|e|et|und|i)\s+[\w'-]+)?)(?:\s+(?:jaar|años|anos|jahre|ans|anni|lat|lata))?$", _I)
_ALMOST = frozenset({"bijna", "casi", "quase", "fast", "knapp", "presque", "bientôt", "quasi", "prawie", "niemal"})


def _approximate_age(text: str) -> str | None:
    match = _APPROX_WORDS.match(" ".join(text.lower().split()))
    if not match:
        return None
    words = re.split(r"[\s'-]+", match.group(2))
    total = _TENS_WORDS.get(words[0]) or (int(words[0]) if words[0].isdigit() and len(words[0]) == 2 else 0)
    for word in words[1:]:
        if word in _UNIT_WORDS:
            total += _UNIT_WORDS[word]
        elif word not in {"y", "e", "et", "und", "i"}:
            return None
    if not 13 <= total <= 110:
        return None
    return f"{'almost' if match.group(1) in _ALMOST else 'around'} {total}"


# A decade said in words in another language. The tens word of each language, as it stands in these phrases:
# "treinta y pocos", "trinta e poucos", "Mitte dreißig", "eind twintig", "la trentaine", "sulla quarantina",
# "koło trzydziestki", "yirmili yaşlarımın sonundayım".
_DECADE_TENS = {
    "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70,
    "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60,
    "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70,
    "twintig": 20, "dertig": 30, "veertig": 40, "vijftig": 50, "zestig": 60, "zeventig": 70,
    "vingtaine": 20, "trentaine": 30, "quarantaine": 40, "cinquantaine": 50, "soixantaine": 60,
    "ventina": 20, "trentina": 30, "quarantina": 40, "cinquantina": 50, "sessantina": 60,
    "dwudziestk": 20, "trzydziestk": 30, "czterdziestk": 40, "pięćdziesiątk": 50, "sześćdziesiątk": 60,
    "dwudziestc": 20, "trzydziestc": 30, "czterdziestc": 40, "pięćdziesiątc": 50, "sześćdziesiątc": 60,
    "yirmili": 20, "otuzlu": 30, "kırklı": 40, "ellili": 50, "altmışlı": 60,
}
_DECADE_TENS_RE = "|".join(sorted(_DECADE_TENS, key=len, reverse=True))
_PART_WORDS = {"early": ("anfang", "begin", "début", "pocos", "poucos", "başı", "başlar", "primi"),
               "mid": ("mitte", "midden", "milieu", "orta"),
               "late": ("ende", "eind", "fin", "muchos", "muitos", "sonu", "sonlar", "fine")}
_FOREIGN_DECADE = prefiltered(
    rf"\b(?P<before>anfang|mitte|ende|begin|midden|eind|(?:au |en )?(?:début|milieu|fin) de(?: la)?|la|sulla|sui|verso la|"
    rf"koło|około|po|przed|pod)?\s*(?P<tens>{_DECADE_TENS_RE})\w*"
    rf"(?:\s+(?:y|e)\s+(?P<after>pocos|poucos|pico|tantos|tanto|muchos|muitos)\b|"
    rf"\s+yaş\w*\s*(?P<tr>baş\w*|orta\w*|son\w*)?)?",
    _I,
)


_DECADE_FOLLOW = frozenset({"und", "en", "y", "e", "and", "aber", "maar", "pero", "mas", "ma", "mais", "jahre", "jaar",
                            "años", "anos", "anni", "ans", "oder", "of", "o", "ou", "ich", "ik", "yo", "eu", "ya", "já",
                            "schon", "al", "nu", "jetzt", "ahora", "agora", "por", "so", "zo", "ungefähr", "ongeveer"})


def _frames_an_age(text: str, match: re.Match[str]) -> bool:
    """Whether the decade words stand as an age, not as a count ("dreißig Minuten", "une trentaine de minutes") or
    another word ("en quarantaine" is quarantine, "sono trentina" is from Trento)."""
    word = match.group("tens").lower()
    prefix = text[:match.start("tens")].lower()
    if word.endswith(("lı", "li", "lu")):
        return "yaş" in match.group(0).lower()  # "otuzlu yaşlardayım"; "kırklı" alone is not an age
    if word.startswith(("dwudziest", "trzydziest", "czterdziest", "pięćdziesiąt", "sześćdziesiąt")):
        return True  # "trzydziestka" is the age itself
    if word.endswith("aine"):
        return bool(re.search(r"(?:j'ai|j’ai|dans|approche\w*|passé|bientôt)\s+(?:(?:au |en )?(?:début|milieu|fin) de\s+)?la\s*$",
                              prefix))  # "j'ai la trentaine", not "en quarantaine"
    if word.endswith("ina"):
        return bool(match.group("before"))  # "sulla quarantina"
    if not (match.group("before") or match.group("after")):
        return False  # a bare "cuarenta", "vierzig": a number
    rest = text[match.end():].lstrip()
    following = re.match(r"[\w']+", rest)
    return not rest or rest[0] in ".,;:!?)-–—" or bool(following and following.group(0).lower() in _DECADE_FOLLOW)


def _foreign_decade(text: str) -> str | None:
    """"early 30s" from "treinta y pocos", "mid 30s" from "Mitte dreißig", "around 30" from "koło trzydziestki";
    only where the words frame an age (a part of the decade, "y pocos", an article), never a bare number word."""
    for match in _FOREIGN_DECADE.finditer(text):
        if not _frames_an_age(text, match):
            continue
        if re.search(r"\b(?:tiene|tem|hat|heeft|ha|ma|mi|mia|su|sua|seine?|ihre?|zijn|haar|jego|jej)\s*$",
                     text[:match.start()], _I) or not about_user(text, match.start()):
            continue  # "mi madre tiene cuarenta y pico": someone else's age
        tens = next(v for k, v in _DECADE_TENS.items() if match.group("tens").lower().startswith(k))
        before = (match.group("before") or "").lower()
        after = (match.group("after") or match.group("tr") or "").lower()
        if before in {"koło", "około"}:
            return f"around {tens}"
        if before == "po":
            return f"over {tens}"
        if before in {"przed", "pod"}:
            return f"almost {tens}"
        if after in {"pico", "tantos", "tanto"}:
            return f"{tens}-something"  # "cuarenta y pico": forty and a bit, no part of the decade said
        part = next((name for name, words in _PART_WORDS.items()
                     if any(before.endswith(w) or after.startswith(w) for w in words)), "")
        return f"{part} {tens}s".strip()
    return None


# A person named by their decade: "trentenne", "cuarentona", "treintañero", "quarentão", "quadragénaire",
# "Mittdreißiger", "Endzwanzigerin".
_NOUN_TENS = {"vent": 20, "trent": 30, "quarant": 40, "cinquant": 50, "sessant": 60, "settant": 70, "veint": 20,
              "treint": 30, "cuarent": 40, "cincuent": 50, "sesent": 60, "trint": 30, "quarent": 40, "cinquent": 50,
              "sessent": 60, "vingten": 20, "trenten": 30, "quadragén": 40, "quinquagén": 50, "sexagén": 60,
              "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60}
_DECADE_NOUN = prefiltered(
    r"\b(?P<part>mitt|end|anfang)?(?P<tens>(?:vent|trent|quarant|cinquant|sessant|settant)(?=enn[ei]\b)|"
    r"(?:veint|treint|cuarent|cincuent|sesent)(?=(?:añer[oa]s?|ón|ona|ones|onas)\b)|"
    r"(?:trint|quarent|cinquent|sessent)(?=(?:ão|ona|ões|onas)\b)|(?:vingten|trenten|quadragén|quinquagén|sexagén)(?=aires?\b)|"
    r"(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig)(?=er(?:in)?\b))", _I)


def _decade_noun(text: str) -> str | None:
    """"30s" from "trentenne", "mid 30s" from "Mittdreißiger": the writer named by their decade."""
    match = _DECADE_NOUN.search(text)
    if not match or not about_user(text, match.start()) or _OTHER.search(text[:match.start()]):
        return None
    part = {"mitt": "mid", "end": "late", "anfang": "early"}.get((match.group("part") or "").lower(), "")
    return f"{part} {_NOUN_TENS[match.group('tens').lower()]}s".strip()


def bare_age(text: str) -> str | None:
    """An age given alone in reply to the age question: "27", "about 40", "mid thirties", "30s", "twenty-two",
    "más o menos 40", "environ 45", "etwa 50", "٣٥ سنة", "42です"."""
    text = text.translate(EASTERN_DIGITS)
    said = re.fullmatch(r"\s*(\d{2})\s*(?:سنة|سنه|عام|歳|才|tuổi|tahun|thn|yaşında|yaşındayım|na|anni|lat|jaar)?\s*"
                        r"(?:です|だよ|です。|yo|po)?[\s.!。]*", text)
    if said and 13 <= int(said.group(1)) <= 110:
        return said.group(1)
    match = re.fullmatch(
        rf"(?:i'?m\s+|i am\s+|im\s+)?(?:about|around|almost|nearly|just|only|roughly|like|maybe|turning|"
        rf"approximately|~|age|aged|más o menos|mas o menos|cerca de|unos|casi|alrededor de|mais ou menos|uns|quase|"
        rf"environ|presque|à peu près|bientôt|etwa|fast|ungefähr|circa|bald|quasi|verso i|ongeveer|bijna|"
        rf"około|prawie|lagbhag|takriban|около|почти|yaklaşık|neredeyse)?\s*{_AGE_NUMBER}\s*(?:ish|\+)?(?:\s*(?:years?|yrs?|y/?o)(?:[\s-]*old)?|"
        rf"\s*(?:años|anos|ans|jahre(?: alt)?|saal|sal))?(?:\s*(?:now|next month|soon|as of (?:last|this) (?:week|month|year)|as of (?:today|yesterday)|"
        rf"(?:since|as of) (?:last )?(?:week|month|\w+day)|this (?:year|month)|last (?:week|month)|today))?(?:[\s-]*ish)?"
        rf"[^\w]*",
        text.strip(), _I)
    if match:
        value = number_value(match.group(1))
        if value is not None and 13 <= value <= 110:
            return str(value)
    match = re.fullmatch(r"(?:i'?m\s+|im\s+|i am\s+)?(?:in (?:my|the)\s+)?(?:(early|mid|late)[\s-]*)?("
                         r"twenties|thirties|forties|fifties|sixties|seventies|eighties|[2-9]0'?s|[2-9]0[\s-]?something)"
                         r"(?:[\s-]*ish)?", text.strip(), _I)
    if match and not match.group(2).isdigit():
        return " ".join(p for p in (match.group(1), decade_digits(match.group(2).replace("'", ""))) if p)
    match = re.fullmatch(rf"(?:我|今年|我今年)?\s*(?:{_ZH_NUMBER}|(\d{{2}}))\s*(?:岁|歲|歳|周岁)?了?|(?:ne ho |ho )?(\d{{2}})(?: anni)?",
                         text.strip(), _I)
    if match:
        value = number_value(next(g for g in match.groups() if g))
        if value is not None and 13 <= value <= 110:
            return str(value)
    match = re.fullmatch(r"(?:i'?m\s+|im\s+|i am\s+|probably\s+|maybe\s+)?(\d{2})\s*(?:or|/|-|to)\s*(\d{2})(?:\s*(?:years?|yrs?)"
                         r"(?:\s*old)?)?", text.strip(), _I)
    if match and 13 <= int(match.group(1)) <= 110 and 0 < int(match.group(2)) - int(match.group(1)) <= 2:
        return f"{match.group(1)} or {match.group(2)}"  # "38 or 39, I lose track": unsure by a year, kept as said
    match = re.fullmatch(r"(?:pushing|nearly|almost|about to turn|close to)\s+(\d{2})", text.strip(), _I)
    if match and 13 <= int(match.group(1)) <= 110:
        return f"almost {match.group(1)}"
    match = re.fullmatch(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty)[\s-]something", text.strip(), _I)
    if match:
        return f"{_TENS[match.group(1).lower()]}s"
    match = re.fullmatch(r"(?:over|under|above|below|almost|nearly)\s+(\d{2})", text.strip(), _I)
    if match:
        return " ".join(text.split())
    approximate = _approximate_age(text) or _foreign_decade(text) or _decade_noun(text)
    if approximate:
        return approximate
    alone = _number_alone(text)
    if alone and 13 <= alone <= 110:
        return str(alone)
    if _MINOR.search(text):
        return "under 18"  # "I'm not 18 yet": the age question asks this much
    if _ADULT.search(text):
        return "adult (over 18)"  # "not a minor, don't worry": the age question asks this much
    return None


_MINOR = prefiltered(r"\b(?:not (?:18|eighteen)(?: yet)?$|not (?:18|eighteen) yet|(?:i'?m|i am|im|still) (?:only )?under (?:18|eighteen)|(?:i'?m|i am|im|still) a minor|"
                     r"not (?:an adult|of age) yet)\b", _I)
# "Not a minor", "I'm not under 18", "nicht mehr minderjährig": an adult, said without a number.
_ADULT = prefiltered(r"\b(?:not (?:an? )?(?:minor|teen(?:ager)?|kid|child|underage)|(?:non sono|no soy|não sou|je ne suis pas|"
                     r"nie jestem|ik ben geen|ik ben niet)\s+(?:un |una |)(?:minorenne|menor(?: de edad| de idade)?|mineure?|"
                     r"niepełnoletni\w*|minderjarig|ragazzin[oa]|adolescente|un enfant|dziecki\w*|kind)|not under (?:18|eighteen|age)|no longer a minor|(?:i'?m|i am|im) (?:an? )?adult|"
                     r"(?:over|above) (?:18|eighteen|21|twenty-one)|18\+|of (?:legal )?age|legal adult|"
                     r"nicht (?:mehr )?minderjährig|volljährig|mayor de edad|majeure?|maior de idade|maggiorenne)\b|成年",
                     _I)


# ---- Gender -------------------------------------------------------------------------------------------------

_GENDER_LABELS = {
    "man": "Male", "guy": "Male", "boy": "Male", "dude": "Male", "male": "Male", "dad": "Male", "father": "Male",
    "husband": "Male", "gentleman": "Male", "m": "Male", "hombre": "Male", "varón": "Male", "mann": "Male",
    "homme": "Male", "homem": "Male", "ladka": "Male", "mard": "Male", "masculino": "Male", "männlich": "Male",
    "masculin": "Male", "chico": "Male", "garçon": "Male", "widower": "Male", "waiter": "Male", "salesman": "Male",
    "businessman": "Male", "fisherman": "Male", "housewife": "Female", "widow": "Female", "waitress": "Female",
    "actress": "Female", "saleswoman": "Female", "businesswoman": "Female", "stewardess": "Female",
    "woman": "Female", "girl": "Female", "lady": "Female", "gal": "Female", "female": "Female", "mom": "Female",
    "mum": "Female", "mother": "Female", "wife": "Female", "f": "Female", "mujer": "Female", "frau": "Female",
    "femme": "Female", "mulher": "Female", "ladki": "Female", "aurat": "Female", "femenino": "Female",
    "weiblich": "Female", "féminin": "Female", "feminino": "Female", "chica": "Female", "fille": "Female",
    "grandma": "Female", "grandmother": "Female", "granny": "Female", "nana": "Female", "grandpa": "Male",
    "grandfather": "Male", "granddad": "Male", "mommy": "Female", "daddy": "Male", "papa": "Male", "papà": "Male",
    "papá": "Male", "mamma": "Female", "mamá": "Female", "mama": "Female", "madre": "Female", "padre": "Male",
    "mãe": "Female", "pai": "Male", "mutter": "Female", "vater": "Male", "mère": "Female", "père": "Male",
    "moeder": "Female", "vader": "Male", "vrouw": "Female", "opa": "Male", "oma": "Female",
    "kobieta": "Female", "kobietą": "Female", "mężczyzna": "Male", "mężczyzną": "Male", "matka": "Female",
    "matką": "Female", "mamą": "Female", "ojciec": "Male", "ojcem": "Male", "tatą": "Male", "tata": "Male",
    "babcia": "Female", "babcią": "Female", "dziadek": "Male", "dziadkiem": "Male", "maman": "Female",
    "maa": "Female", "mummy": "Female", "biwi": "Female", "patni": "Female", "baap": "Male", "pita": "Male",
    "non-binary": "Non-binary", "nonbinary": "Non-binary", "non binary": "Non-binary", "enby": "Non-binary",
    "uomo": "Male", "donna": "Female", "ragazzo": "Male", "ragazza": "Female", "facet": "Male", "chłopak": "Male",
    "dziewczyna": "Female", "jongen": "Male", "meisje": "Female",
    "nb": "Non-binary", "genderqueer": "Genderqueer", "genderfluid": "Genderfluid", "agender": "Agender",
}
_GENDER_STATED = prefiltered(
    r"\b(?:i'?m|i am|im|as|i'?ve been|i have been)\s+(?:\d{2},?\s+(?:and\s+)?)?(?:(?:basically|kind of|sort of|technically|like|now|also|just|still|only|really)\s+)?"
    r"(?:a\s+|an\s+)?(?:\d{2}[\s-]*(?:(?:years?|yrs?)[\s-]*old|yo|y/o)\s+)?"
    r"(?:(?:single|young|old|older|middle[- ]aged|straight|gay|lesbian|bi|black|white|brown|asian|latina|latino|"
    r"working|stay[- ]at[- ]home|new|first[- ]time|divorced|married|widowed|cis(?:gender)?|recently|newly|happily|proud|"
    r"full[- ]time|soon[- ]to[- ]be|tired|busy|retired|disabled|unemployed|weekend|part[- ]time|twin|foster|"
    r"boy|girl)\s+)*"
    r"(trans(?:gender)?\s+(?:man|woman|guy|girl|male|female)|man|woman|guy|girl|boy|lady|male|female|dude|gal|"
    r"mailman|postman|fireman|policeman|businessman|salesman|repairman|handyman|fisherman|doorman|foreman|deliveryman|cameraman|lineman|craftsman|tradesman|businesswoman|saleswoman|policewoman|chairwoman|congresswoman|servicewoman|serviceman|"
    r"mom|mum|mother|dad|father|widow|widower|housewife|waitress|actress|non[- ]?binary|nonbinary|enby|genderqueer|"
    r"genderfluid|agender|grandma|grandmother|granny|grandpa|grandfather|granddad|mommy|daddy)\b|"
    # parents and grandparents in other languages: "soy madre soltera", "sono un papà", "ik ben moeder van twee"
    r"\b(?:soy|sou|sono|je suis|ich bin|ik ben|jestem)\s+(?:una?\s+|uma?\s+|eine?\s+|een\s+)?(?:(?:orgullos[oa]|"
    r"fier|fière|stolze[rn]?|trots[e]?|single|alleinerziehende[rn]?|jonge|młodą|młodym|alleenstaande|samotną|samotnym)\s+)?"
    r"(madre|padre|mamá|papá|mãe|pai|mamma|papà|mère|père|maman|papa|mutter|vater|moeder|vader|oma|opa|vrouw|man|kobietą|"
    r"ragazzo|ragazza|uomo|donna|jongen|meisje|chico|chica|garçon|fille|homme|femme|mujer|hombre|mulher|homem|"
    r"mężczyzną|matką|mamą|ojcem|tatą|babcią|dziadkiem)\b|"
    r"\b(?:als|como|comme|come|jako)\s+(?:(?:alleinerziehende[rn]?|junge[rn]?|single|madre|mãe|soltera|solteira|seule|"
    r"samotn\w+|jonge|alleenstaande)\s+)?(mutter|vater|mãe|madre|padre|mère|père|moeder|vader|matka|ojciec|mamma|papà|"
    r"frau|mann|mujer|hombre|femme|homme|donna|uomo)\b|"
    r"\b(?:soy|sou)\s+(?:una?\s+)?(mujer|hombre|mulher|homem|chica|chico)\b|\bich bin (?:eine?\s+)?(frau|mann)\b|"
    r"\bje suis (?:une?\s+)?(femme|homme|fille|garçon)\b|\bmain (?:ek\s+)?(ladki|ladka|aurat|mard|maa|mummy|biwi|patni|"
    r"baap|pita)\s+(?:hoon|hu|hun)\b",
    _I,
)


def gender_label(word: str) -> str:
    word = " ".join(word.lower().replace("-", " ").split())
    if word.startswith("trans"):
        rest = word.split()[-1]
        return "Trans woman" if _GENDER_LABELS.get(rest) == "Female" else "Trans man"
    if word not in _GENDER_LABELS and re.fullmatch(r"[a-z]{3,}(?:wo)?man", word):
        return "Female" if word.endswith("woman") else "Male"  # "retired mailman", "a businesswoman"
    return _GENDER_LABELS.get(word, _GENDER_LABELS.get(word.replace(" ", "-"), word.capitalize()))


# A clause that is nothing but a self-description ("stay-at-home dad", "widower", "full-time mom to three", "single
# mom here"): the gendered noun is the speaker. Not "mom says no" (a verb follows) or "my mom" (someone else).
_SELF_NOUN = prefiltered(
    r"^(?:(?:a|an|just a|proud|single|young|old|older|new|first[- ]time|working|full[- ]time|part[- ]time|recently|newly|"
    r"sort of(?: a)?|kind of(?: a)?|basically(?: a)?|weekend|"
    r"\d0[- ]?something|\d0s|"
    r"stay[- ]at[- ]home|work[- ]from[- ]home|divorced|married|widowed|retired|tired|exhausted|busy|\d{2}[\s-]*"
    r"(?:years?[\s-]*old|yo|y/o)|\d{2})\s+)*"
    r"(mom|mum|mother|dad|father|widow|widower|housewife|waitress|actress|husband|wife|guy|woman|man|girl|lady|grandma|"
    r"grandmother|granny|grandpa|grandfather|granddad|mommy|daddy|mailman|postman|fireman|policeman|businessman|"
    r"salesman|repairman|handyman|fisherman|doorman|foreman|businesswoman|saleswoman|policewoman)"
    r"(?:\s+(?:of|to)\s+(?:\w+\s*){1,4}|\s+here|\s+with\s+(?:\w+\s*){1,4})?"
    r"(?:\s+(?:myself|now|right now|these days|i guess|i suppose|lol|haha|basically|too))*[?.!]*$",
    _I,
)


# Chinese and Japanese: "我是男的", "女生", "女性です", "主婦です", "二児の母です".
_ZH_GENDER = prefiltered(r"(?:我是|我|私は|私)?(?:一个|一名|个)?(男的|女的|男生|女生|男人|女人|男性|女性|妈妈|爸爸|母亲|父亲|主婦|"
                         r"主夫|母|父)(?:です|だ|でございます)?[。.!！]?$|^(男|女)$")
_ZH_GENDER_LABEL = {"男": "Male", "女": "Female", "妈": "Female", "爸": "Male", "母": "Female", "父": "Male",
                    "主婦": "Female", "主夫": "Male"}


def _zh_gender(text: str) -> str | None:
    match = _ZH_GENDER.search(text.strip())
    if not match or _OTHER.search(text):
        return None
    word = match.group(1) or match.group(2)
    return _ZH_GENDER_LABEL.get(word) or _ZH_GENDER_LABEL.get(word[0])


_SELF_PARENT = prefiltered(
    r"^(?:(?:and|y|e|et|und|en|i|ed)\s+)?(?:(?:una?|uma?|eine?|een|proud|orgullos[oa]|stolze|fière|single|alleinerziehende[rn]?|alleenstaande|"
    r"samotn[aey]|jonge|junge[rn]?|jeune|giovane|nuev[oa]|nov[oa]|neue[rn]?|nouveau|nouvelle)\s+)*"
    r"(madre|padre|mamá|papá|mãe|pai|mamma|papà|mère|père|maman|papa|mutter|vater|mama|moeder|vader|matka|ojciec|tata|"
    r"ama de casa|dona de casa|casalinga|hausfrau|hausmann|femme au foyer|mère au foyer|huisvrouw|huisman|"
    r"gospodyni domowa)"
    r"(?:\s+(?:soltera|solteira|célibataire|single|sola|seule|sozinha|de\s+\w+|di\s+\w+|van\s+\w+|von\s+\w+|"
    r"dwójki|trójki|dwojga|trojga)){0,2}$", _I)
_PARENT_GENDER = {"madre": "Female", "mamá": "Female", "mãe": "Female", "mamma": "Female", "mère": "Female",
                  "maman": "Female", "mutter": "Female", "mama": "Female", "moeder": "Female", "matka": "Female",
                  "padre": "Male", "papá": "Male", "pai": "Male", "papà": "Male", "père": "Male", "papa": "Male",
                  "vater": "Male", "vader": "Male", "ojciec": "Male", "tata": "Male", "hausmann": "Male",
                  "huisman": "Male"}


def opening_self_description(text: str) -> Fact | None:
    """The gender of a message that opens by describing its writer without "I" ("Single mom, working two jobs...",
    "29 year old dad, laid off last month"): the first clause is a self-noun and nothing else."""
    match = _SELF_NOUN.match(text.strip()) or _SELF_PARENT.match(text.strip())
    if not match:
        first = re.match(r"[^\W\d_]+(?:-[^\W\d_]+)?", text.strip())
        said = job_gender(first.group(0)) if first and len(text.split()) <= 8 else None
        return Fact("Gender", said) if said else None  # "Étudiant en master de philo, 24 ans": the writer's own noun
    if re.fullmatch(r"(?:husband|wife)", match.group(1), _I):
        return None
    word = match.group(1).lower()
    return Fact("Gender", _PARENT_GENDER.get(word) or gender_label(word))


_WIDOW_GENDER = prefiltered(r"\b(?:(witwe|viuda|veuve|vedova|weduwe|wdową|wdowa|viúva)|(witwer|viudo|veuf|vedovo|"
                            r"weduwnaar|wdowiec|wdowcem|viúvo))\b", _I)


# Non-binary in the other languages, as a word of its own ("sono una persona non binaria", "je suis non-binaire",
# "небинарный человек", "我是非二元性别"): no grammar can say it, so the word is read wherever the user says it.
_NON_BINARY = prefiltered(
    r"\b(?:non[- ]?binari[oae]|no[- ]binari[oae]|não[- ]binári[oae]|non[- ]binaire|nicht[- ]?binär\w*|non[- ]binair|"
    r"niebinarn\w*)\b|(?<!\w)(?:небинарн\w*|небінарн\w*|ikili olmayan|논바이너리\S*)|非二元|ノンバイナリー|Xジェンダー",
    _I,
)


# "soy mujer trans", "sou um homem trans", "je suis une femme trans", "trans guy": the trans word after the noun, as
# the Romance languages say it, or a guy / boy / girl after it.
_TRANS = prefiltered(r"\b(?:(?:(mujer|mulher|femme|frau|donna|vrouw|kobieta|chica|menina|fille|ragazza) trans(?:gênero|género|genre|"
                     r"gender)?)|(?:hombre|homem|homme|mann|uomo|mężczyzna|chico|menino|garçon|ragazzo) trans(?:gênero|género|genre|"
                     r"gender)?|trans(?:gender)?[- ](?:guy|boy|dude|man|male|(girl|gal|woman|female)))\b", _I)
# Japanese says it of oneself with です or as "34歳の男": "女です", "40代の男です", "男性です".
_JA_GENDER = prefiltered(r"(?:^|[、。\s]|歳の|代の)(?:(女(?:性)?)|男(?:性)?)(?:です|だ|でございます|(?=[、。]|$))")


def _gender(text: str, personal: bool) -> list[Fact]:
    binary = _NON_BINARY.search(text)
    if binary and _personal(text, personal) and about_user(text, binary.start()) and not _negated(text, binary.start(), 8):
        return [Fact("Gender", "Non-binary")]
    widow = _WIDOW_GENDER.search(text)
    if widow and personal and about_user(text, widow.start()):
        return [Fact("Gender", "Female" if widow.group(1) else "Male")]  # "seit zwei Jahren Witwe", "sono vedovo"
    parent = _SELF_PARENT.match(text.strip())
    if parent and personal:
        word = parent.group(1).lower()
        return [Fact("Gender", _PARENT_GENDER.get(word, "Female"))]  # the homemaker words here are the feminine ones
    said = _zh_gender(text)
    if said:
        return [Fact("Gender", said)]
    trans = _TRANS.search(text)
    if trans and _personal(text, personal) and about_user(text, trans.start()) and not _negated(text, trans.start(), 8):
        return [Fact("Gender", "Trans woman" if trans.group(1) or trans.group(2) else "Trans man")]
    japanese = _JA_GENDER.search(text)
    if japanese:
        return [Fact("Gender", "Female" if japanese.group(1) else "Male")]
    match = _GENDER_STATED.search(text)
    if match and not _negated(text, match.start(), 12):
        word = next(g for g in match.groups() if g)
        # "as a mother" / "I'm a dad" say the gender; "as a man" in a general question does too.
        return [Fact("Gender", gender_label(word))]
    if re.search(r"\b(?:i'?m|i am|im)\s+(?:(?:currently|now|also|finally|still|almost|nearly|about|like)\s+)?"
                 r"(?:(?:\d{1,2}|a few|few|two|three|four|five|six|seven|eight|nine)\s+(?:weeks?|months?|wks?)\s+)?pregnant\b", text, _I) \
            and not _negated(text, text.lower().find("pregnant"), 12):
        return [Fact("Gender", "Female")]  # "so I'm pregnant (14 weeks)": said of oneself, the body says the sex
    being = re.search(r"^(?:\w+\s+){0,6}?being an?\s+(?:(?:single|stay[- ]at[- ]home|working|young|new|first[- ]time|"
                      r"full[- ]time|divorced|widowed)\s+)*(mom|mum|mother|dad|father|woman|man|guy|girl|wife|husband)\b",
                      text.strip(), _I)
    if being and personal and not _OTHER.search(text[:being.start(1)]):
        return [Fact("Gender", gender_label(being.group(1)))]  # "being a single dad is no joke": the writer's life
    match = _SELF_NOUN.match(text.strip())
    if match and personal and not re.fullmatch(r"(?:husband|wife)", match.group(1), _I):
        return [Fact("Gender", gender_label(match.group(1)))]
    said = grammatical_gender(text, bare=personal)
    if said and about_user(text, 0) and not _OTHER.match(text):
        return [Fact("Gender", said)]
    return []


_HEDGE_TAIL = prefiltered(r"[\s,.!?]+$")


def bare_gender(text: str) -> str | None:
    match = re.fullmatch(
        r"(?:i'?m\s+|i am\s+|im\s+|soy\s+|sou\s+|ich bin\s+|je suis\s+|main\s+|ik ben\s+|jestem\s+)?"
        r"(?:a\s+|an\s+|una?\s+|eine?\s+|ek\s+|een\s+)?"
        r"(trans(?:gender)?\s+(?:man|woman|male|female)|male|female|man|woman|guy|girl|lady|boy|m|f|nb|non[- ]?binary|"
        r"nonbinary|enby|genderqueer|genderfluid|agender|mujer|hombre|frau|mann|femme|homme|mulher|homem|ladki|ladka|"
        r"aurat|mard|masculino|femenino|weiblich|männlich|féminin|masculin|feminino|vrouw|man|kobietą|mężczyzną|kobieta|"
        r"mężczyzna|uomo|donna|facet)(?:\s+(?:hoon|hu|hun))?(?:\s+(?:i guess|i think|i suppose|obviously|lol|haha|"
        r"here|btw|tbh|i'?d say|probably|creo|supongo|je pense|ich glaube|acho|credo|chyba))*"
        r"(?:\s+(?:if|but|though|although)\s+.*)?",
        _HEDGE_TAIL.sub("", text.strip()), _I)
    return gender_label(match.group(1)) if match else None


# ---- Marital Status -----------------------------------------------------------------------------------------

_MARITAL_WORDS = {
    "divorced": "Divorced", "divorcing": "Divorcing", "separated": "Separated", "widowed": "Widowed",
    "widow": "Widowed", "widower": "Widowed", "married": "Married", "engaged": "Engaged", "single": "Single",
    "remarried": "Married", "soltero": "Single", "soltera": "Single", "casado": "Married", "casada": "Married",
    "divorciado": "Divorced", "divorciada": "Divorced", "viudo": "Widowed", "viuda": "Widowed",
    "separado": "Separated", "separada": "Separated", "ledig": "Single", "verheiratet": "Married",
    "geschieden": "Divorced", "verwitwet": "Widowed", "getrennt": "Separated", "célibataire": "Single",
    "marié": "Married", "mariée": "Married", "divorcé": "Divorced", "divorcée": "Divorced", "veuf": "Widowed",
    "veuve": "Widowed", "séparé": "Separated", "séparée": "Separated", "solteiro": "Single", "solteira": "Single",
    "viúvo": "Widowed", "viúva": "Widowed", "comprometido": "Engaged", "comprometida": "Engaged",
    "verlobt": "Engaged", "fiancé": "Engaged", "fiancée": "Engaged", "noivo": "Engaged", "noiva": "Engaged",
    "mariés": "Married", "mariées": "Married", "casados": "Married", "casadas": "Married", "divorcés": "Divorced",
    "divorciados": "Divorced", "separados": "Separated", "séparés": "Separated",
    # Italian
    "sposato": "Married", "sposata": "Married", "sposati": "Married", "divorziato": "Divorced", "divorziata": "Divorced",
    "divorziati": "Divorced", "vedovo": "Widowed", "vedova": "Widowed", "separato": "Separated",
    "separata": "Separated", "separati": "Separated", "fidanzato": "Engaged", "fidanzata": "Engaged",
    "celibe": "Single", "nubile": "Single",
    "witwer": "Widowed", "witwe": "Widowed", "pacsé": "In a relationship", "pacsée": "In a relationship",
    # Dutch
    "getrouwd": "Married", "gehuwd": "Married", "gescheiden": "Divorced", "weduwe": "Widowed", "weduwnaar": "Widowed",
    "vrijgezel": "Single", "verloofd": "Engaged", "alleenstaand": "Single", "alleenstaande": "Single",
    # Polish (and the instrumental after "jestem": "jestem wdową")
    "żonaty": "Married", "zamężna": "Married", "mężatką": "Married", "mężatka": "Married", "rozwiedziony": "Divorced",
    "rozwiedziona": "Divorced", "rozwodnikiem": "Divorced", "rozwódką": "Divorced", "wdowa": "Widowed",
    "wdową": "Widowed", "wdowiec": "Widowed", "wdowcem": "Widowed", "kawaler": "Single", "kawalerem": "Single",
    "panną": "Single", "singielką": "Single", "singlem": "Single", "zaręczony": "Engaged", "zaręczona": "Engaged",
    # a relationship said as a place one is in ("je suis en couple", "sono in coppia", "estou namorando")
    "en couple": "In a relationship", "in coppia": "In a relationship", "in una relazione": "In a relationship",
    "en pareja": "In a relationship", "en una relación": "In a relationship", "numa relação": "In a relationship",
    "em um relacionamento": "In a relationship", "namorando": "In a relationship", "in einer beziehung": "In a relationship",
    "in einer partnerschaft": "In a relationship", "w związku": "In a relationship", "in een relatie": "In a relationship",
}
# Chinese and Japanese, read without word boundaries; the first that matches wins, negations first.
_ZH_MARITAL: tuple[tuple[Prefiltered, str], ...] = (
    (prefiltered(r"(?:没|未|没有|还没)(?:有)?结(?:过)?婚|未婚|单身|独身|独身です|一个人过|結婚(?:は|も)?(?:して(?:い)?ない|"
                 r"していません|したことがない)"), "Single"),
    (prefiltered(r"(?:老公|丈夫|老婆|妻子|爱人|先生|太太)(?:\S{0,4})?(?:去世|过世|走了|不在了|死了)|丧偶|守寡|死別"), "Widowed"),
    (prefiltered(r"离(?:了)?婚|離婚|^离了$"), "Divorced"),
    (prefiltered(r"分居|别居|別居"), "Separated"),
    (prefiltered(r"订婚|婚約"), "Engaged"),
    (prefiltered(r"已婚|结(?:了)?婚|结过婚|我(?:老公|丈夫|老婆|妻子|爱人)|結婚しています|既婚|^(?:老公|老婆)(?=问|说|让|不|也|和|跟|今天|"
                 r"最近|一直|总是|对|在|常年|经常)|(?:^|[。、])(?:夫|主人|旦那)(?:の(?:転勤|仕事|実家|両親)|と(?:二人|一緒))"), "Married"),
    (prefiltered(r"分手|失恋"), "Single (recent breakup)"),
    (prefiltered(r"(?:有|和|跟)(?:个|一个)?(?:男朋友|女朋友|对象)|在谈恋爱|同居|恋人がいます|彼氏|彼女がいます"), "In a relationship"),
)
_MARITAL_WORD = "|".join(sorted(_MARITAL_WORDS, key=len, reverse=True))
_MARITAL_STATED = prefiltered(
    rf"\b(?:i'?m|i am|im|i was|i got|we'?re|we are|we got|been|recently|newly|just got|currently|happily|unhappily|still|"
    rf"now|soy|estoy|ich bin|bin|je suis|sou|estou|main|sommes|somos|sind|nous sommes|estamos|sono|siamo|ik ben|"
    rf"we zijn|jestem|jesteśmy)\s+"
    rf"(?:(?:seit|depuis|desde hace|há|hace)\s+\w+\s+\w+\s+|\w+\s+)?({_MARITAL_WORD})\b|"
    rf"\b(single|divorced|married|widowed|separated|engaged)\s+(?:mom|mum|dad|mother|father|parent|woman|man|guy|girl|"
    rf"lady|mother of|father of)\b|^({_MARITAL_WORD})\b|"
    rf"^(?:seit|desde hace|depuis|da|sinds|od|há|for)\s+(?:[\w]+\s+){{1,3}}?({_MARITAL_WORD})\b",
    _I,
)
_MARITAL_PHRASES: tuple[tuple[Prefiltered, str], ...] = (
    (prefiltered(r"\b(?:never (?:been )?married|never (?:been )?in a relationship|never had a (?:girlfriend|boyfriend|"
                 r"partner|relationship)|not married|unmarried|no (?:partner|girlfriend|boyfriend|wife|husband)|"
                 r"nunca me (?:he casado|casé)|nunca fui casad[oa]|nunca me casei|nie byłe[mś] żonaty|nie byłam mężatką|"
                 r"nooit getrouwd|nie verheiratet|jamais (?:été )?mariée?|mai sposat[oa])\b", _I),
     "Single"),
    (prefiltered(r"\b(?:my|our) (?:wife|husband|spouse|partner) (?:died|passed(?: away)?|is gone|was killed)|"
                 r"\blost my (?:wife|husband|spouse)\b|\bmy late (?:wife|husband)\b|"
                 r"\b(?:mi|mon|ma|meu|minha|mein|meine|mera|meri|mere) (?:esposo|esposa|marido|mujer|mari|femme|époux|"
                 r"épouse|mann|frau|ehemann|ehefrau|pati|patni|biwi|husband|wife) (?:\w+ )?(?:falleció|murió|se murió|"
                 r"est décédée?|est morte?|est mort|morreu|faleceu|ist gestorben|ist verstorben|starb|guzar gaye|"
                 r"guzar gayi|nahi rahe|nahi rahi|chal base)|\b(?:mere|meri) (?:pati|patni|husband|wife|biwi) (?:ka|ki) "
                 r"(?:dehant|dehaant|intekaal|death|maut) ho (?:gaya|gayi|gaya hai|gayi hai)|"
                 r"\b(?:death of my|la (?:morte|muerte|mort) (?:di|del|de) (?:mio|mi|mon|ma)|a morte do meu|a morte da minha|"
                 r"dem tod meine[sr]) (?:husband|wife|spouse|marito|moglie|esposo|esposa|marido|mujer|mari|femme|"
                 r"mulher|mannes|frau)\b", _I), "Widowed"),
    # a spouse's death told with more words between ("Mein Mann ist letztes Jahr gestorben", "mijn vrouw is vorig jaar
    # overleden", "mio marito è morto due anni fa", "mój mąż zmarł w maju"), and widowhood said with "became" ("me quedé
    # viuda", "fiquei viúvo", "ich bin seit März Witwe", "jestem wdową")
    (prefiltered(r"\b(?:mi|mon|ma|meu|minha|mein|meine|mijn|m'n|mio|mia|il mio|la mia|mój|moja|mera|meri|mere|my) "
                 r"(?:esposo|esposa|marido|mujer|mari|femme|époux|épouse|mann|frau|ehemann|ehefrau|man|vrouw|marito|moglie|"
                 r"mąż|żona|pati|patni|biwi|husband|wife|mulher)\s+(?:\w+\s+){0,5}?(?:is\s+|ist\s+|è\s+|é\s+|est\s+|)"
                 r"(?:overleden|gestorben|verstorben|morto|morta|mancato|mancata|scomparso|scomparsa|deceduto|deceduta|"
                 r"morreu|faleceu|falleció|murió|zmarł|zmarła|umarł|umarła|décédée?|morte?|died|passed away)\b|"
                 r"\b(?:me quedé|quedé|fiquei|sono rimast[oa]|ich bin(?: seit \w+)?|bin seit \w+|ik ben(?: sinds \w+)?|"
                 r"jestem|zostałam|zostałem|je suis|sou|soy|estoy|estou)\s+(?:\w+\s+)?(?:viud[oa]|viúv[oa]|vedov[oa]|"
                 r"witwer?|weduwe|weduwnaar|wdową|wdowcem|veuve|veuf)\b", _I), "Widowed"),
    # a separation or divorce told as "we" did it ("nos separamos", "a gente se separou", "wir haben uns getrennt")
    (prefiltered(r"\b(?:nos divorciamos|nos divorciámos|a gente se divorciou|on a divorcé|ci siamo divorziati|"
                 r"wir haben uns scheiden lassen|we zijn gescheiden|rozwiedliśmy się|мы развелись|boşandık)\b", _I), "Divorced"),
    (prefiltered(r"\b(?:nos separamos|nos hemos separado|a gente se separou|nos separámos|on s'est séparés|"
                 r"ci siamo separati|wir haben uns getrennt|wir leben getrennt)\b", _I), "Separated"),
    # a spouse named without "my" where the language leaves it out: Hinglish "Wife chahti hai ...", Polish "żona jest w
    # ciąży", Indonesian "istri lagi hamil", "suami kerja di ..."
    (prefiltered(r"(?:^|\b(?:aur|par|lekin|a|i|ale|dan|tapi)\s+)(?:wife|biwi|patni|husband|pati)\s+(?:bhi\s+|ko\s+)?"
                 r"(?:chahti|chahte|kehti|kehte|bolti|bolte|kaam|job|ghar|mujhe|mere|pregnant|hai)\b|"
                 r"(?:^|\b(?:a|i|ale|bo)\s+(?:do tego\s+|moja\s+|mój\s+)?)(?:żona|mąż)\s+(?:jest|mi|mnie|ma|pracuje|nie|chce|mówi)\b|"
                 r"(?:^|\b(?:dan|tapi|terus)\s+)(?:istri|suami|bini|laki)\s+(?:lagi|sedang|udah|sudah|kerja|mau|minta|bilang)\b", _I),
     "Married"),
    # a husband, wife or partner had, said with "have" ("mam męża", "tenho namorada", "ho il ragazzo", "j'ai un copain")
    (prefiltered(r"\b(?:mam|tenho|tengo|ho|j'ai|j ai)\s+(?:(?:um|uma|un|une|una|il|la)\s+)?(?:męża|żonę)\b", _I), "Married"),
    (prefiltered(r"\b(?:mam|tenho|tengo|ho|j'ai|j ai)\s+(?:(?:um|uma|un|une|una|il|la)\s+)?(?:chłopaka|dziewczynę|partnera|"
                 r"partnerkę|namorad[oa]|novi[oa]|ragazz[oa]|fidanzat[oa]|copain|copine|petit ami|petite amie|mec|"
                 r"pareja|companheir[oa])\b(?!\s+(?:que|qui|che|który|która))", _I), "In a relationship"),
    (prefiltered(r"\b(?:the|my|our) divorce (?:went through|is final|was final(?:i[sz]ed)?|came through)\b", _I), "Divorced"),
    (prefiltered(r"\b(?:going through|in the middle of|getting|filing for|filed for|started) (?:a |my |the )?divorc\w*|"
                 r"\bmid[- ]divorce\b|\bdivorce (?:is (?:not )?|isn'?t )(?:final|pending|going|finali[sz]ed)", _I), "Divorcing"),
    (prefiltered(r"\bmy ex[- ]?(?:wife|husband)\b|\b(?:after|since) (?:my|the|our) divorce\b|\bmy divorce\b|\bgot divorced\b", _I),
     "Divorced"),
    (prefiltered(r"\bmy (?:wife|husband|spouse) (?:left|moved out|walked out|kicked me out)|\b(?:wife|husband|spouse) and i "
                 r"(?:split|separated|broke up)|\bwe(?:'re| are|'ve| have)? (?:been )?separat\w+|\bwe split\b(?! up| (?:the |our )?(?:rent|bills?|costs?|expenses|check|money|it|everything|chores|\d))|"
                 r"^i (?:just |recently |finally )?separated\b|"
                 r"\b(?:mi|mon|meu|mein|mera|mere) (?:esposo|marido|mari|mann|ehemann|pati|husband) (?:\w+ )?(?:se fue|me dejó|"
                 r"foi embora|me deixou|est parti|m'a quitté|hat mich verlassen|ist ausgezogen|chhod (?:ke|kar) chala gaya)|"
                 r"\b(?:mi|ma|minha|meine|meri) (?:esposa|mujer|femme|esposa|mulher|frau|ehefrau|patni|biwi|wife) "
                 r"(?:\w+ )?(?:se fue|me dejó|foi embora|me deixou|est partie|m'a quitté|hat mich verlassen|ist ausgezogen|"
                 r"chhod (?:ke|kar) chali gayi)", _I), "Separated"),
    (prefiltered(r"\b(?:broke|called|broken|calling) off (?:my|the|our) engagement\b|\bmy engagement (?:is|was|got) "
                 r"(?:off|called off|broken off)\b|\b(?:rompí|rompimos|cancelé|cancelamos) (?:mi |el |nuestro )?compromiso\b|"
                 r"\b(?:terminei|terminamos|rompi|rompemos|acabei|desmanchei|desmanchamos) (?:o |meu |nosso )?noivado\b|"
                 r"\bo noivado acabou\b|\b(?:ho|abbiamo) rotto il fidanzamento\b|\bj'ai rompu (?:mes|nos) fiançailles\b|"
                 r"\bnous avons rompu nos fiançailles\b|\bverlobung (?:gelöst|aufgelöst|ist geplatzt)\b|\bentlobt\b|"
                 r"\bverloving (?:verbroken|uitgemaakt)\b|\bzerwał\w* zaręczyny\b", _I), "Single (recent breakup)"),
    (prefiltered(r"\b(?:broke up|split up|breakup|break-up|dumped)\b|\b(?:boyfriend|girlfriend|partner|bf|gf|fianc[ée]e?) "
                 r"(?:broke up with me|dumped me|left(?: me)?|moved out|walked out|ended (?:it|things))\b", _I),
     "Single (recent breakup)"),
    # left by a partner, in other languages: "mi novio me dejó", "meu namorado me deixou", "mon copain m'a quittée"
    (prefiltered(r"\b(?:mi|meu|minha|mon|ma|mein|meine|il mio|la mia|mój|moja) (?:novi[oa]|namorad[oa]|copain|copine|"
                 r"petit ami|petite amie|freund|freundin|ragazz[oa]|fidanzat[oa]|chłopak|dziewczyna) (?:\w+ )?(?:me dejó|me deixou|"
                 r"terminó conmigo|terminou comigo|m'a quittée?|m'a largué\w*|hat mich verlassen|hat schluss gemacht|"
                 r"mi ha lasciat[oa]|mnie zostawił\w*|ze mną zerwał\w*)", _I), "Single (recent breakup)"),
    (prefiltered(r"\b(?:seit|nach) (?:der|unserer|meiner) trennung\b|\btrennung von (?:meinem|meiner)\b|"
                 r"\b(?:desde|después de) (?:la|mi) separación\b|\bme (?:separé|separei)\b|\bdepuis (?:la|notre|ma) séparation\b|"
                 r"\bje me suis séparée?\b|\bci siamo separati\b|\bmi sono separat[oa]\b|\bdesde a separação\b|"
                 r"\bwe(?:'re| are|'ve been| have been)? (?:living|live) apart\b|\bwe(?:'re| are) on a break\b|"
                 r"\b(?:vivimos|vivemos) separados\b|\bwir leben getrennt\b|\bon vit séparément\b", _I), "Separated"),
    (prefiltered(r"\bmy (?:fianc[ée]e?|fiance)\b", _I), "Engaged"),
    # dating without a label: "kinda seeing someone, nothing official", "talking to someone"
    (prefiltered(r"\b(?:sort of |kind of |kinda |casually |just )?(?:seeing|dating|talking to) (?:someone|somebody|a guy|a girl)\b",
                 _I), "Seeing someone"),
    (prefiltered(r"\bwe(?:'re| are)? (?:live|living) together\b|\b(?:we )?live together (?:but|and) (?:we )?(?:are not|aren'?t|'re not) married\b|\bliving together\b|"
                 r"\bmoved in together\b", _I), "In a relationship"),
    (prefiltered(r"\b(?:my|i have a|i've got a|got a|live with my|living with my|dating|seeing) (?:boyfriend|girlfriend|bf|gf|"
                 r"partner)\b|\bin a relationship\b|\bmy partner and i\b", _I), "In a relationship"),
    (prefiltered(r"\b(?:mi|mis) (?:novio|novia|pareja)\b|\b(?:mon|ma) (?:copain|copine|compagnon|"
                 r"compagne|petit ami|petite amie|conjoint|conjointe)\b|\b(?:meu|minha) (?:namorad[oa]|companheir[oa])\b|"
                 r"\bmit meine[rm] (?:freundin|freund|partnerin|partner) zusammen|\b(?:meine (?:partnerin|lebensgefährtin)|"
                 r"mein (?:partner|lebensgefährte))\b|\b(?:meri girlfriend|mera boyfriend)\b|"
                 r"\b(?:estoy|vivo|vivimos) en pareja\b|\b(?:je suis|on est|nous sommes|vis) en couple\b|\bich bin vergeben\b|"
                 r"\bin einer beziehung\b|\b(?:a gente|nós) (?:namora|namoramos)\b|\b(?:tô|estou|to) namorando\b|"
                 r"\b(?:moro|moramos|vivo|vivimos) junto(?:s)?\b|\b(?:estoy|estou|tô) (?:juntad[oa]|amigad[oa])\b|"
                 r"\bconvivo con (?:mi|il mio|la mia)\b", _I), "In a relationship"),
    (prefiltered(r"\bmy (?:wife|husband|spouse)\b|\bmy (?:wife|husband) and i\b|"
                 r"\b(?:mi (?:esposo|esposa|marido|mujer)|(?:ma femme|mon mari|mon époux|mon épouse)|"
                 r"(?:meine frau|mein mann|mein ehemann|meine ehefrau)|(?:meu marido|minha esposa|minha mulher|meu esposo)|"
                 r"(?:meri (?:biwi|patni|wife)|mere (?:pati|husband)|mera (?:pati|husband))|"
                 r"(?:mia moglie|mio marito|moja żona|mój mąż|mijn (?:vrouw|man)))\b", _I), "Married"),
    # divorced or never married, said in a few more words: "me divorcié", "desde el divorcio", "się rozwiodłem",
    # "mai stata sposata", "nicht verheiratet"
    (prefiltered(r"\b(?:me divorcié|nos divorciamos|desde (?:el|mi) divorcio|después del divorcio|(?:się )?rozwiodł(?:em|am)|"
                 r"je (?:me )?suis divorcée?|depuis (?:mon|le) divorce|dopo il divorzio|me divorciei|depois do divórcio)\b", _I),
     "Divorced"),
    (prefiltered(r"\b(?:(?:non sono )?mai stat[oa] sposat[oa]|nicht verheiratet|no (?:estoy|soy) casad[oa]|não sou casad[oa]|"
                 r"je ne suis pas mariée?|niet getrouwd|nie jestem (?:żonaty|mężatką))\b", _I), "Single"),
    (prefiltered(r"\b(?:shaadi (?:ho gayi|ho gai|ho chuki|shuda|hui hai)|married hoon|shaadi-?shuda|shadi-?shuda|shaadishuda)\b", _I),
     "Married"),
    (prefiltered(r"\b(?:shaadi|shadi) hone (?:wali|waali) hai\b|\bengagement ho (?:gayi|gai|chuki)\b", _I), "Engaged"),
    (prefiltered(r"\b(?:shaadi nahi hui|shaadi nahin hui|single hoon|single hu)\b", _I), "Single"),
    # still single, said in the languages read: "Ik ben 35, nog steeds single", "sigo soltera", "ancora single"
    (prefiltered(r"\b(?:still|nog steeds|nog altijd|ancora|todavía|sigo|ainda|immer noch|noch|toujours|wciąż|nadal)\s+"
                 r"(?:single|célibataire|solter[oa]|solteir[oa]|ledig|nubile|celibe|vrijgezel|singiel\w*|sam[a]?)\b|"
                 r"\bshaadi (?:ka|ki) (?:pressure|baat)|\bshaadi kab\b|\brishte? (?:aa|dekh)\w*|\brishtey\b", _I), "Single"),
    # a partnership registered without marriage: "on est pacsés", "pareja de hecho", "união estável"
    (prefiltered(r"\b(?:pacsée?s?|pacs|pareja de hecho|união estável|eingetragene[rn]? (?:lebens)?partnerschaft|unione civile|"
                 r"geregistreerd partnerschap|samenlevingscontract|civil partnership|domestic partnership|common[- ]law)\b", _I),
     "In a relationship"),
    # a spouse named without "my" where the language leaves it out: "夫とうまくいってなくて", "Жена говорит иди к врачу",
    # "Żona z małą zostały w Lublinie", "مرتي وولادي معي"
    (prefiltered(r"(?<![丈工农漁渔大])夫(?:と|が|は|に|も)|^(?:主人|旦那|妻|嫁)(?:と|が|は|に|も)|"
                 r"^(?:жена|муж|дружина|чоловік)\s+(?:говорит|сказал\w*|каже|казала|работает|працює|думает|хочет|не знает|"
                 r"знает|в курсе|тоже|теж|дома|вдома|с детьми|з дітьми)(?!\w)|"
                 r"^(?:żona|mąż)\s+(?:z\s+\w+|mówi|pracuje|został\w*|wie|nie wie|też|i dzieci|z dziećmi)(?!\w)|"
                 r"(?<![\w])(?:مرتي|جوزي|زوجي|زوجتي)(?![\w])", _I),
     "Married"),
    (prefiltered(r"\b(?:talaq|talaak|divorce) (?:ho (?:gaya|gayi|gaya hai|gayi hai|chuka|chuki)|hua(?: hai| tha)?|ho chuka hai)\b", _I),
     "Divorced"),
    # Dutch and Polish phrases: "we zijn uit elkaar", "jestem po rozwodzie", "w separacji", "mój mąż zmarł"
    (prefiltered(r"\b(?:po rozwodzie|w trakcie rozwodu|(?:ik )?ben (?:[\w-]+ ){0,3}gescheiden|(?:we|wij) zijn (?:[\w-]+ ){0,3}gescheiden|mijn ex-(?:man|vrouw)|"
                 r"moja była żona|mój były mąż)\b", _I), "Divorced"),
    (prefiltered(r"\b(?:w separacji|(?:we zijn|wij zijn) uit elkaar|uit elkaar gegaan)\b", _I), "Separated"),
    (prefiltered(r"\b(?:mijn (?:man|vrouw) is overleden|mój mąż zmarł|moja żona zmarła)\b", _I), "Widowed"),
    (prefiltered(r"\b(?:mijn (?:man|vrouw)|mój mąż|moja żona|mojego męża|moją żonę)\b", _I), "Married"),
    (prefiltered(r"\b(?:mój chłopak|moja dziewczyna|la mia ragazza|il mio ragazzo|la mia compagna|il mio compagno|"
                 r"la mia fidanzata|il mio fidanzato|mijn vriend(?:in)?|mijn partner)\b", _I), "In a relationship"),
    (prefiltered(r"\b(?:alleinerziehend\w*|single (?:mom|mum|dad|mother|father|parent)|madre soltera|padre soltero|"
                 r"mãe solteira|pai solteiro|mère célibataire|père célibataire|mamma single|madre single|"
                 r"alleenstaande (?:moeder|vader)|mãe solo|pai solo|maman solo|papa solo|madre sola|mamá soltera|"
                 r"samotn\w+ (?:matką|matka|mamą|mama|ojcem|ojciec))\b", _I), "Single"),
)


def marital_label(word: str) -> str:
    return _MARITAL_WORDS.get(word.lower(), word.capitalize())


def _marital(text: str, personal: bool) -> list[Fact]:
    for pattern, label in _ZH_MARITAL:
        found = pattern.search(text)
        if found and (about_user(text, found.start()) or label in {"Widowed", "Married"} and text.startswith("我")):
            return [Fact("Marital Status", label)]
    match = _MARITAL_STATED.search(text)
    if match and about_user(text, match.start()):
        word = next(g for g in match.groups() if g)
        negation = _negated(text, match.start(1) if match.group(1) else match.start(), 16)
        if negation and word.lower() in {"married", "casado", "casada", "verheiratet", "marié", "mariée", "sposato", "sposata"}:
            return [Fact("Marital Status", "Single")]
        if not negation and not re.search(rf"\b{re.escape(word)}\s+(?:day|time|thing|one|person|word|step|out)\b", text, _I):
            return [Fact("Marital Status", marital_label(word))]
    for pattern, label in _MARITAL_PHRASES:
        found = pattern.search(text)
        if found and (about_user(text, found.start()) or re.search(r"\b(?:me|moved out|left)\b", found.group(0), _I)) and (
                label == "Single" or not _negated(text, found.start(), 4 if re.match(r"(?:after|since)\b", found.group(0), _I)
                                                   else 12)):
            said_of_self = first_person(text) or personal and found.start() == 0  # "terminei o noivado" opens a reply
            if label.startswith("Single (") and (not said_of_self or re.search(
                    r"\b(?:a|one|another) (?:bad |messy |rough )?break-? ?up\b|\bonce\b|\byears ago\b|\bin (?:college|high school)\b|"
                    r"\bwhen i was\b", text, _I)):
                continue  # "a counselor once after a breakup": a past event, not the user's status now
            return [Fact("Marital Status", label)]
    return []


def bare_marital(text: str) -> str | None:
    match = re.fullmatch(rf"(?:i'?m\s+|i am\s+|im\s+|soy\s+|estoy\s+|ich bin\s+|je suis\s+|sou\s+|estou\s+|sono\s+)?"
                         rf"(?:happily\s+|recently\s+|newly\s+|still\s+|currently\s+)?({_MARITAL_WORD})"
                         rf"(?:\s+(?:now|for now|again))?", text.strip(), _I)
    if match:
        return marital_label(match.group(1))
    if re.fullmatch(r"(?:in a relationship|it'?s complicated|complicated|dating|taken|with (?:a|my) partner|"
                    r"(?:i )?have a (?:boyfriend|girlfriend|partner))", text.strip(), _I):
        return "In a relationship" if "complicated" not in text.lower() else " ".join(text.split())
    return None


# ---- Profession ---------------------------------------------------------------------------------------------

_JOBS = (
    r"nurse|doctor|physician|surgeon|dentist|pharmacist|paramedic|emt|caregiver|carer|care worker|teacher|professor|"
    r"postdoc|post-doc|postdoctoral (?:fellow|researcher)|research (?:assistant|fellow)|"
    r"tutor|lecturer|teaching assistant|engineer|developer|programmer|coder|data scientist|analyst|accountant|"
    r"bookkeeper|lawyer|attorney|paralegal|manager|cashier|clerk|driver|chef|cook|baker|waiter|waitress|server|"
    r"bartender|barista|electrician|plumber|carpenter|mechanic|welder|technician|designer|artist|musician|writer|"
    r"journalist|photographer|actor|actress|farmer|soldier|veteran|police officer|cop|firefighter|therapist|counsel?lor|"
    r"social worker|researcher|scientist|consultant|freelancer|contractor|cleaner|janitor|housekeeper|receptionist|"
    r"secretary|assistant|salesperson|sales rep|salesman|saleswoman|realtor|real estate agent|banker|trader|pilot|"
    r"flight attendant|security guard|warehouse worker|factory worker|construction worker|laborer|labourer|landscaper|"
    r"gardener|hairdresser|stylist|barber|nanny|babysitter|librarian|pastor|priest|administrator|entrepreneur|"
    r"business owner|shop owner|store owner|intern|apprentice|ceo|founder|student|retail worker|customer service rep|"
    r"call center agent|gig worker|courier|stocker|sales associate|medical assistant|vet|veterinarian|psychologist|"
    r"psychiatrist|architect|translator|editor|marketer|civil servant|postal worker|mail carrier|miner|fisherman|"
    r"sailor|officer|coach|trainer|personal trainer|instructor|dispatcher|operator|machinist|electrical engineer|"
    r"software engineer|web developer|it guy|sysadmin|graphic designer|copywriter|streamer|influencer|youtuber|"
    r"delivery driver|truck driver|uber driver|lyft driver|taxi driver|bus driver|cab driver|server|housewife|"
    r"homemaker|stay[- ]at[- ]home (?:mom|mum|dad|parent)|midwife|optometrist|physiotherapist|physical therapist|"
    r"occupational therapist|dental hygienist|lab tech|technologist|scientist|principal|professor|programmer|dev|"
    r"full[- ]time (?:mom|mum|dad|parent|mother|father|caregiver|carer)|seamstress|tailor|butcher|roofer|painter|"
    r"handyman|forklift (?:driver|operator)|crane operator|bus boy|busboy|dishwasher|host|hostess|usher|valet|"
    r"porter|concierge|caretaker|home health aide|aide|cna|lpn|rn|dj|dancer|surveyor|inspector|"
    r"auditor|recruiter|hr (?:manager|rep|generalist)|paramedic|lineman|miner|rancher|logger|deckhand|"
    r"sous chef|line cook|prep cook|dishwasher|shift (?:lead|manager|supervisor)|supervisor|foreman|warehouse associate|"
    r"picker|packer|loader|mover|exterminator|locksmith|upholsterer|jeweler|florist|tattoo artist|esthetician|"
    r"nail tech|massage therapist|chiropractor|speech therapist|social media manager|project manager|product manager|"
    r"(?:insurance |claims )?adjuster|underwriter|mailman|mail man|postman|letter carrier|nurse practitioner"
)
_JOB_STATED = prefiltered(
    rf"\b(?:i'?m|i am|im|i work as|i'?m working as|working as|work as|employed as|job as|career as|i was hired as|"
    rf"i'?ve been|i have been|(?:^|, ?)been|as|call me|i'?m now|now)\s+(?:\d{{2}}\s*(?:,\s*|and\s+|&\s+)(?=an?\s))?"
    rf"(?:an?\s+)?(?:\d{{2}}\s*y/o\s+)?"  # "I'm a 26 y/o nurse"
    rf"((?:(?!(?:seeing|with|to|a|an|the|my|at|for|going|talking|married|dating)\b)"
    rf"[\w-]+\s+){{0,3}}?(?:{_JOBS}))s?\b",
    _I,
)
# Losing or lacking work, read before job titles: "I lost my job as a nurse" says unemployed.
_UNEMPLOYED: tuple[tuple[Prefiltered, str], ...] = (
    (prefiltered(r"\b(?:told me |informed me )?my (?:position|job|role) (?:was|got|is|is being|was being) '?(?:being )?"
                 r"(?:consolidated|restructured|eliminated|cut)\b|"
                 r"\b(?:they|security|hr) walked me out\b", _I), "Unemployed, laid off ({0})"),
    (prefiltered(r"\b(?:lost my (?:[\w-]+ ){0,2}job|got laid off|was laid off|been laid off|laid off|got fired|was fired|been fired|"
                 r"let go from my job|my job (?:was|got) cut|(?:fired|laid off|let go of) me|(?:they|the company|my boss) let me go|"
                 r"(?:got|was|been) (?:let go|sacked|canned|made redundant)|made me redundant|my (?:contract|position) (?:ended|was cut|"
                 r"was eliminated|got eliminated))\b", _I), "Unemployed ({0})"),
    (prefiltered(r"\b(?:unemployed|jobless|between jobs|out of work|without a job|no job|don'?t have a job|"
                 r"(?:haven'?t|have not|hasn'?t) (?:had a job|worked|been working)(?: (?:since|in|for) [\w\s]{1,30})?|"
                 r"out of a job|no work|no longer working|not employed|(?:i )?(?:don'?t|do not) (?:work|have work)(?= right now| at the moment| currently| these days|$)|i'?m on unemployment|collecting unemployment|"
                 r"(?:looking|searching) for (?:a )?(?:job|work)|not working(?: right now| at the moment)?|can'?t find (?:a )?(?:job|work)|"
                 r"(?:haven'?t|have not|couldn'?t) found (?:anything|a (?:new )?job|work)(?: else)?)\b",
                 _I), "Unemployed"),
    (prefiltered(r"\b(?:estoy (?:en (?:el )?paro|desemplead[oa]|sin (?:trabajo|empleo))|perdí (?:mi|el) (?:trabajo|empleo)|"
                 r"(?:ich bin )?arbeitslos|(?:meinen )?job verloren|au chômage|j'ai perdu mon (?:travail|boulot|emploi)|"
                 r"(?:estou )?desempregad[oa]|perdi (?:meu|o) emprego|me quedé en (?:el )?paro|(?:cobro|estoy cobrando) el paro|naukri (?:chali gayi|chhoot gayi|chhut gayi|nahi hai|"
                 r"nahin hai|gayi|nahi lagi|nahi mili)|job (?:chali gayi|chhoot gayi|nahi hai|nahin hai|nahi lagi|nahin lagi|nahi mili)|berozga+r|kaam nahi hai|"
                 r"(?:estoy |ando )?sin (?:trabajo|empleo|chamba|curro)|(?:je suis )?sans (?:emploi|travail|boulot)|"
                 r"(?:estou |tô |to )?sem (?:emprego|trabalho)|(?:zurzeit |gerade |derzeit )?ohne (?:arbeit|job)|"
                 r"(?:ich bin )?erwerbslos|koi (?:kaam|job|naukri) nahi(?:n)?(?: hai)?|"
                 r"(?:sono )?disoccupat[oaie]|senza (?:lavoro|impiego)|ho perso (?:il|il mio) (?:lavoro|posto)|"
                 r"fui demitid[oa]|me demitiram|me mandaram embora|perdi (?:o|meu) (?:emprego|trabalho)|me despidieron|"
                 r"me echaron(?: del trabajo)?|(?:j'ai été|je me suis fait) (?:licenciée?|virée?)|(?:mir wurde|ich wurde|wurde) "
                 r"(?:gekündigt|entlassen)|(?:ben|werd|ben net) ontslagen|zonder (?:baan|werk)|geen werk|"
                 r"straci(?:łem|łam) pracę|zwolnili mnie|(?:zostałem|zostałam) zwolnion[ya]|sono rimast[oa] senza lavoro|"
                 r"mi hanno licenziat[oa]|(?:sono stat[oa] )?licenziat[oa]|(?:sto cercando|cerco) lavoro|non lavoro|nie pracuję|"
                 r"szukam (?:pracy|czegoś)|niet aan het werk|werk niet|"
                 # "I have no job": "no tengo curro", "não tenho emprego", "je n'ai pas de boulot", "ich habe keinen Job"
                 r"no tengo (?:trabajo|empleo|curro|chamba|laburo|pega|chollo)|não tenho (?:emprego|trabalho)|"
                 r"je n'?ai (?:pas|plus) de (?:travail|boulot|job|taf|emploi)|(?:ich )?(?:habe|hab) (?:keine arbeit|keinen job)|"
                 r"non ho (?:un |più )?(?:lavoro|impiego)|nie mam (?:pracy|roboty)|(?:ik )?heb geen (?:werk|baan)|"
                 # "I don't work" said alone, not "I don't work weekends"
                 r"(?:no trabajo|não trabalho|nao trabalho|je ne travaille pas|ich arbeite (?:gerade |derzeit |zurzeit )?nicht)"
                 r"(?=\s*(?:ahora(?: mismo)?|ahorita|actualmente|por ahora|agora|atualmente|en ce moment|pour l'instant)?\s*[.!]?\s*$))\b",
                 _I), "Unemployed ({0})"),
    # living on unemployment pay, a job not found or just quit, in more of the languages read ("tirando del paro", "iş
    # bulamıyorum", "ما لقيت شغل", "취준 중", "depuis mon licenciement", "job chhod di")
    (prefiltered(r"(?<![\w])(?:tirando del paro|cobrando (?:el )?paro|vivo del paro|(?:iş|is) bulamıyorum|iş arıyorum|"
                 r"و?(?:ما|مش|لم) ?(?:لقيت|لاقي|أجد|اجد|لقيتش) (?:شغل|عمل|وظيفة)(?! (?:في|ب) ?(?:مجالي|تخصصي))|بدون (?:شغل|عمل)|عاطل عن العمل|عاطل|"
                 r"취준\s*중|취업\s*준비|구직\s*중|depuis mon licenciement|(?:job|naukri) (?:chhod|chod) (?:di|diya|dia|dee)|"
                 r"(?:job|naukri) (?:chali gayi|chhoot gayi|gayi)|(?:estou|tô|to) sem (?:emprego|trabalho)|"
                 r"(?:ما|مش|لا) ?(?:أشتغل|اشتغل|بشتغل|أعمل|اعمل) (?:حالي[اًا]+|حاليا|الحين|دلوقتي|الآن))", _I),
     "Unemployed ({0})"),
    (prefiltered(r"失业|失業|(?:没|没有|找不到)(?:工作|活干|班上)|被(?:公司)?(?:裁员|裁了|辞退|开除|解雇|炒)|被裁|下岗|待业|"
                 r"在找工作|无业|無職|仕事(?:が|を)(?:ない|探して|失)|クビになっ|クビになり|解雇され|リストラされ"), "Unemployed ({0})"),
)


def says_unemployed(text: str) -> bool:
    """The clause says the user lost or lacks work ("between jobs", "me despidieron", "abhi berozgaar hoon")."""
    return any(pattern.search(text) for pattern, _ in _UNEMPLOYED)


# "trabajo" as a verb, not the noun ("el trabajo de enfermera es duro", "su trabajo de cajero")
_NOT_THE_NOUN = r"(?<!\bel )(?<!\bun )(?<!\bmi )(?<!\btu )(?<!\bsu )(?<!\bdel )(?<!\bo )(?<!\bum )(?<!\bmeu )(?<!\bseu )(?<!\bteu )(?<!\bdo )"
# A time said between "I am" and the job ("ich bin seit 12 Jahren Lehrerin", "sou há 20 anos professora", "ik ben al
# jaren ...", "je suis depuis 2010 infirmière") or an adverb there ("ich bin auch Lehrerin", "ya soy maestra").
_DE_SINCE = r"(?:seit|schon seit|schon)\s+(?:\w+\s+)?(?:jahren|monaten|wochen|langem|lange|jeher|kurzem|\d{4})"
_ROMANCE_SINCE = (rf"(?:{_DE_SINCE}|(?:desde hace|hace|depuis|há|ha|faz|desde|da)\s+(?:\w+\s+)?(?:años|meses|ans|mois|anos|"
                  r"anni|mesi|\d{4})|schon lange|mittlerweile|inzwischen|jetzt|nun|auch|noch|hier|ya|já|ainda|todavía|aún|"
                  r"déjà|encore|aussi|también|também|ahora|agora|maintenant|actuellement|actualmente|atualmente)")
# An adjective that is part of the job's name: "funcionária pública", "empleada pública", "fonctionnaire territoriale",
# "impiegata comunale", "professora primária", "enfermera titular", "técnica superior".
_JOB_ADJECTIVE = (r"(?:públic[oa]|publique|pubblic[oa]|municipal|comunale|territoriale?|estatal|statale|federal|"
                  r"hospitalière|hospitalier|hospitalari[oa]|escolar|sanitari[oa]|social|sociale|primári[oa]|primaire|"
                  r"titular|titulaire|interin[oa]|suplente|substitut[oa]|sustitut[oa]|superior|especialista|"
                  r"autónom[oa]|autônom[oa]|freelance|jefe|jefa|chef|en prácticas|stagiaire|diplomée?)")
_IT_JOBS = (r"insegnante|student(?:e|essa)|infermier[ea]|medico|avvocat[oa]|commess[oa]|camerier[ea]|cuoc[oa]|operai[oa]|"
            r"impiegat[oa]|ingegnere|programmat(?:ore|rice)|autista|camionista|muratore|idraulico|elettricista|"
            r"parrucchier[ea]|barista|badante|casalinga|pensionat[oa]|commercialista|contabile|magazzinier[ea]|rider|"
            r"agricoltore|poliziott[oa]|dentista|farmacista|psicolog[oa]|segretari[oa]|cassier[ea]|giornalista|"
            r"architetto|imprendit(?:ore|rice)|artigiano|falegname|meccanico|panettiere|pasticcier[ea]|educat(?:ore|rice)|"
            r"maestr[oa]|professor(?:e|essa)|ricercat(?:ore|rice)|consulente|colf|baby ?sitter|operatore socio sanitario|oss")
_JOB_PHRASES: tuple[tuple[Prefiltered, str], ...] = (
    (prefiltered(r"\b(?:i'?m|i am|im|now|recently|just|i)\s+(?:\w+\s+)?retired\b|\bin retirement\b|"
                 r"^(?:now\s+|recently\s+|just\s+|happily\s+|mostly\s+|basically\s+|kind of\s+|semi[- ])?retired\b|"
                 r"\b(?:sono|sono già|vado|andat[oa]|ya estoy|estoy|soy|sou|estou|je suis|ich bin|bin|ik ben|jestem)\s+(?:in pensione|"
                 r"jubilad[oa]|aposentad[oa]|reformad[oa]|retraitée?|à la retraite|in rente|rentner(?:in)?|pensionär(?:in)?|pensionat[oa]|"
                 r"gepensioneerd|met pensioen|na emeryturze|emeryt(?:em|ką|ka)?)\b|\bals rentner(?:in)?\b|"
                 # the phrase alone says it, the copula said earlier or dropped ("Ik ben 61 en al jaren met pensioen")
                 r"\b(?:met pensioen|in pensione|à la retraite|im ruhestand|na emeryturze)\b|"
                 r"已经?退休|退休了|定年退職|年金生活|\b(?:get|getting|live|living|survive|surviving) (?:by )?on (?:my|a|our) "
                 r"(?:small |little |state |army |teacher'?s )?pension|\bi'?m (?:a )?pensioner\b|\bon (?:my|a) pension\b", _I), "Retired"),
    (prefiltered(r"\bon (?:disability|long[- ]term sick leave|medical leave|sick leave|maternity leave|paternity leave|"
                 r"parental leave)\b", _I), "{0}"),
    (prefiltered(rf"\bfreelance\s+(?:[\w-]+\s+){{0,2}}?(?:{_JOBS})\b|\bfreelance\s+(?!work\b)[\w-]+|\b(?:self[- ]employed|freelanc\w+|gig work|odd jobs|do gigs)\b", _I), "{0}"),
    (prefiltered(r"\b(?:(?:a\s+)?(?:college|university|uni|grad(?:uate)?|phd|doctoral|high school|nursing|medical|med|law|"
                 r"full[- ]time|part[- ]time|undergrad(?:uate)?|master'?s|international|mature|community college)\s+student|"
                 r"student)\b", _I), "{0}"),
    (prefiltered(r"\bi (?:drive|deliver|ride) (?:for|with) (?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}[\w-]+", _I), "{0}"),
    (prefiltered(r"\b(?:i'?m |i am |been |and |also )?(?:working|juggling|doing) (?:two|three|2|3|multiple|several) jobs\b"
                 r"(?:\s+(?:at|in)\s+(?:an?\s+|the\s+)?[\w-]+(?:\s+[\w-]+)?)?|"
                 r"\b(?:i'?ve |i have )?been doing (?:construction|deliveries|retail|roofing|landscaping|plumbing|security|"
                 r"data entry|customer service|warehouse work|cleaning)\b", _I), "{0}"),
    (prefiltered(r"\bi (?:work|do)\s+(?:(?:two|three|2|3|multiple|several) jobs|(?:part[- ]time|full[- ]time|nights|"
                 r"night shifts?|shifts|construction|deliveries|retail|sales|it|security|admin|data entry|customer service)"
                 r"(?:\s+(?:at|in|for)\s+(?:an?\s+|the\s+)?[\w-]+(?:\s+[\w-]+)?)?)", _I), "{0}"),
    (prefiltered(r"\bi work (?:in|at|for|on) (?:an?\s+|the\s+)?(?:[\w'-]+\s+){0,2}[\w'-]+|\bi'?m (?:part[- ]time|full[- ]time) "
                 r"(?:at|in|for) (?:an?\s+|the\s+)?(?:[\w'-]+\s+){0,1}[\w'-]+|\bi work (?:two|three|2|3|multiple) jobs\b", _I), "{0}"),
    (prefiltered(r"\bi (?:run|own|have) (?:an?|my own|my|our)\s+(?:small\s+|little\s+|family\s+)?(?:[\w-]+\s+)?"
                 r"(?:business|shop|store|company|restaurant|bakery|cafe|café|startup|salon|practice|firm|farm|studio|truck|food truck|"
                 r"daycare|garage|gym|bar|pub|agency|clinic|franchise|stall|kiosk|service|consultancy)\b",
                 _I), "{0}"),
    (prefiltered(r"\bi (?:teach|nurse|code|program|clean houses|wait tables|bartend|tutor|farm|preach)\b"
                 r"(?:\s+(?!(?:at|in|for|on|with|and|but|to|from|so|because)\b)\w+){0,3}", _I), "{0}"),
    (prefiltered(r"\bi'?m in (?:sales|marketing|it|tech|finance|healthcare|retail|construction|hospitality|education|"
                 r"the army|the military|the navy|the air force|the marines|law enforcement|real estate|insurance|"
                 r"banking|logistics|manufacturing)\b", _I), "{0}"),
    (prefiltered(r"\bmy (?:job|work|career) (?:as|in) (?:an?\s+)?(?:[\w-]+\s+){0,2}[\w-]+", _I), "{0}"),
    # "I clean offices after hours", "I deliver bread for a bakery", "I fix cars for a living"
    (prefiltered(r"\bi (?:clean|deliver|fix|repair|install|build|sell|cook|cut hair|do hair|do nails|paint|haul|stock|load|"
                 r"unload|sort|pack|babysit|nanny|tutor|manage|supervise|bake|bartend|serve|wait tables)\s+"
                 r"(?:[\w'-]+\s+){0,3}?(?:for a living|for (?:a|an|the)\s+[\w'-]+(?:\s+[\w'-]+)?|at (?:a|an|the)\s+"
                 r"(?!(?:weekends?|moment|time|end|same|last|least|night)\b)[\w'-]+(?:\s+[\w'-]+)?)", _I), "{0}"),
    # the work said as what one is doing now, without "I": "law school dropout, currently bartending", "now waiting
    # tables"; and a store named without an article: "I stock shelves at Target now"
    (prefiltered(r"(?:^|\b(?:currently|now|i'?m|i am|been|i'?ve been|still)\s+)(?:bartending|waitressing|waiting tables|"
                 r"cashiering|tutoring|nannying|babysitting|freelancing|temping|driving (?:for )?(?:uber|lyft|a truck|a cab|"
                 r"trucks)|cleaning (?:houses|offices|homes)|delivering (?:for|packages|food)(?: \w+)?)\b", _I), "{0}"),
    (prefiltered(r"\bi (?:stock shelves|wait tables|clean houses|clean offices|cut hair|do nails|work retail|tend bar) "
                 r"at (?!(?:night|nights|home|weekends?|the moment|times|least|first|work|school)\b)[\w'-]+", _I), "{0}"),
    (prefiltered(r"\bi clean (?:offices|houses|homes|buildings|hotels|hotel rooms|schools|hospitals|for people)\b|"
                 r"\bi (?:deliver|drive) (?:packages|parcels|pizzas?|food|groceries|trucks|a truck|a forklift|a cab|a taxi|"
                 r"a bus|for a living)\b", _I), "{0}"),
    # "I drive uber and doordash", "I do lyft on weekends": gig apps named without "for"
    (prefiltered(r"\bi (?:drive|deliver|do|work) (?:for )?(?:uber|lyft|doordash|door dash|instacart|grubhub|deliveroo|"
                 r"uber ?eats|just eat|postmates|bolt|glovo|amazon flex)(?:\s+(?:and|&|or|\+)\s+(?:uber|lyft|doordash|"
                 r"door dash|instacart|grubhub|deliveroo|uber ?eats|postmates|bolt|glovo|amazon flex))?", _I), "{0}"),
    # a clause of a first-person reply that starts with the work itself: "work at a gas station", "working nights at a
    # hospital", "now I do medical billing from home", "20 yrs of roofing", "we're both still students"
    (prefiltered(r"^(?:and\s+|also\s+|currently\s+|now\s+)?(?:i\s+)?(?:work|working)\s+(?:(?:nights|days|part[- ]time|"
                 r"full[- ]time|shifts)\s+)?(?:at|in|for)\s+(?:an?\s+|the\s+)?(?:[\w'-]+\s+){0,2}[\w'-]+", _I), "{0}"),
    (prefiltered(r"\bi (?:have|got|had) (?:a|my) (?:\w+ )?shift (?:at|in) (?:the|a|an)\s+(?:[\w'-]+\s+)?[\w'-]+", _I), "{0}"),
    (prefiltered(r"\b(?:now |currently )?i do (?:[\w-]+ ){0,2}?[\w-]+ (?:from home|remotely|for a living|full[- ]time|"
                 r"part[- ]time|for work)\b", _I), "{0}"),
    (prefiltered(r"\b(?:\d+|a few|many|several|ten|twenty|thirty) (?:years?|yrs?) (?:of|doing|in) (roofing|construction|"
                 r"nursing|teaching|trucking|farming|welding|plumbing|landscaping|retail|bartending|waitressing|cooking|"
                 r"carpentry|painting|cleaning|security|sales|accounting|coding|programming|mining|logging|fishing)\b", _I),
     "{0}"),
    (prefiltered(rf"(?:\b(?:we'?re|we are|(?:my|our) \w+ and i are|\w+ and i are) (?:both |all |each )?|"
                 rf"^i are (?:both|all) )(?:still )?"
                 rf"((?:{_JOBS})s|students|retired)\b", _I), "{1}"),
    # work said by the job it is or the work done, not a title: "I have a part-time job at a grocery store", "38k at an
    # entry-level marketing job", "now doing bookkeeping for a dental office", "30k doing part-time bookkeeping from home"
    (prefiltered(r"\bi(?:'ve| have)? (?:have|got|just got|started|found|landed) (?:an?|my first) ((?:(?:new|part[- ]time|full[- ]time|"
                 r"second|summer|weekend|little|steady|evening|night|seasonal)\s+)*(?:job|gig) (?:at|in|with|as) (?:an?\s+|the\s+)?"
                 r"(?:[\w'-]+\s+){0,2}[\w'-]+)", _I), "{1}"),
    (prefiltered(r"\b(?:at|in|from) (?:an?|my) (?!(?:old|last|previous|former|dream|first|other)\b)((?:[\w-]+ ){0,2}?[\w-]+) "
                 r"(?:job|position|role)\b", _I), "{1}"),
    (prefiltered(r"(?:^|\b(?:now|currently|i'?m|i am|been|i'?ve been)\s+|\b(?:\d+k|\$?\d[\d,]*) )doing (?:(?:part[- ]time|full[- ]time|"
                 r"freelance|some|contract)\s+)*(?!(?:nothing|something|anything|everything|fine|okay|well|better|worse)\b)"
                 r"([a-z]+ing|[a-z]+ work)\b(?=\s+(?:for|at|from home|on the side|remotely|part[- ]time|full[- ]time)\b)"
                 r"(?:\s+(?:for|at)\s+(?:an?\s+|the\s+|my\s+)?(?:[\w'-]+\s+){0,2}[\w'-]+|\s+from home)?", _I), "{1}"),
    (prefiltered(r"\b(?:vollzeit|teilzeit|in teilzeit|in vollzeit|full[- ]time|part[- ]time|a tempo pieno|à temps (?:plein|partiel)|"
                 r"a tiempo (?:completo|parcial)|meio período|tempo integral)\s+(?:als|in der|im|bei|as|in|at|come|nella|en|na|no|"
                 r"comme|dans)\s+(?:(?:der|die|das|a|an|the|la|el|le|une?)\s+)?[\wäöüßàèéìòùáíóúâêôãõç-]+(?:\s+im\s+[\wäöüß]+)?",
                 _I), "{0}"),
    (prefiltered(r"\b(?:il mio|mi|mon|meu|mein) (?:part[- ]time|lavoretto|lavoro|trabajo|curro|boulot|emprego|trampo|job)\s+"
                 r"(?:al|nel|in|en el|en la|en|au|à la|chez|no|na|im|bei|alla|allo)\s+[\w'-]+", _I), "{0}"),
    (prefiltered(r"\bi (?:manage|supervise) (?:a|an|the) (?!(?:few|lot|bit|little|couple)\b)[\w'&-]+(?: [\w'&-]+)?|\bi work (?:from home|remotely)"
                 r"(?: (?:doing|as|in|for) (?:an?\s+|the\s+)?[\w'-]+(?: [\w'-]+)?)?|\b(?:i'?m |been |currently )?working (?:at|in|for) "
                 r"(?:an?|the) [\w'-]+(?: (?:store|shop|center|centre|plant|factory|hospital|restaurant|station))?", _I), "{0}"),
    (prefiltered(r"\bi'?ve (?:worked|been working) (?:at|in|for) (?:the same |a |an |the |my )?[\w'-]+(?: [\w'-]+)? for "
                 r"(?:\d+|a few|many|several|\w+) (?:years?|months?)", _I), "{0}"),
    (prefiltered(r"\bmy (?:boss|manager|supervisor|coworkers?|co-workers?|shift lead) (?:at|in) ((?:the|a|an) [\w'-]+)", _I),
     "works at {1}"),
    # "I stay home with the kids"
    (prefiltered(r"\bi stay (?:at )?home with (?:the|my|our) (?:kids|children|baby|twins|son|daughter)\b", _I), "{0}"),
    # "my main job is at a call center", "I do DoorDash and Instacart"
    (prefiltered(r"\bmy (?:main |day |full[- ]time |part[- ]time |regular |real |current |new )?job is (?:at|in|with|for) "
                 r"(?:a |an |the )?[\w'-]+(?:\s+[\w'-]+)?|\bi (?:do|drive for|deliver for|work for) (?:doordash|instacart|"
                 r"uber ?eats|grubhub|deliveroo|postmates|taskrabbit|fiverr|upwork|amazon flex|lyft|uber)\b", _I), "{0}"),
    # "the night shifts at the warehouse", "my shift at the hospital"
    (prefiltered(r"\b(?:my|the|night|day|late|early|double|overnight)\s+(?:[\w-]+\s+)?shifts? (?:at|in) (?:the|a|an)\s+[\w'-]+",
                 _I), "{0}"),
    # "I'm a junior in college", "still in high school", "I'm studying nursing": a student
    (prefiltered(r"\b(?:i'?m|i am|im)\s+(?:a\s+)?(?:freshman|sophomore|junior|senior|first[- ]year|second[- ]year|"
                 r"third[- ]year|final[- ]year)\s+(?:in|at)\s+(?:college|uni|university|high school|school)|"
                 r"\b(?:i'?m|i am|im)\s+(?:still\s+|currently\s+)?(?:in|at)\s+(?:high school|college|uni|university|"
                 r"grad school|law school|med school|nursing school)\b|^still in (?:high )?school\b|\b(?:i'?m|i am|im) "
                 r"(?:currently |still )?studying\b(?:\s+[\w-]+)?|\bi study\s+[\w-]+", _I), "Student ({0})"),
    # the workplace a job is at, said in passing: "the new job at the library", "I work weekends at a grocery store",
    # "I'm 38 now and drive trucks", "my wife and I both work in tech", "been in sales forever"
    (prefiltered(r"\b(?:my|the|a) (?:new |current |day |part[- ]time |full[- ]time |first |weekend )*job (?:at|with) "
                 r"(?:the|a|an) [\w'-]+(?: (?!(?:and|but|so|for|because|since)\b)[\w'-]+)?", _I), "{0}"),
    (prefiltered(r"\bi (?:also )?work (?:weekends|nights|evenings|mornings|part[- ]time|full[- ]time|shifts|doubles) (?:at|in) "
                 r"(?:an?|the) [\w'-]+(?: (?!(?:and|but|so|for|because|since)\b)[\w'-]+)?", _I), "{0}"),
    (prefiltered(r"(?:^|\b(?:and|now|i|also)\s+)drive (?:trucks|a truck|a (?:city |school )?bus|a cab|a taxi|for (?:uber|lyft))\b|"
                 r"\bi drive a (?:city |school |tour )bus\b", _I), "{0}"),
    (prefiltered(r"\b(?:i|we)(?: both| all)? (?:work|worked|have worked|'ve worked|have been|'ve been)(?: \w+)? in (?:tech|sales|finance|"
                 r"marketing|retail|construction|healthcare|hospitality|the trades|insurance|real estate|logistics|banking|"
                 r"accounting|software|government|it)\b|\bi'?ve been in (?:sales|retail|tech|finance|insurance|real estate|"
                 r"construction|hospitality)\b", _I), "{0}"),
    # the job named after a work verb and a few words: "werk nu al 9 jaar als verpleegkundige", "arbeite aber seit 15
    # jahren als lagerist", "ik verdien goed als IT-consultant", "lavoro in banca", "trabajo medio tiempo en un Oxxo"
    (prefiltered(r"\b(?:werk|verdien|arbeite|arbeitet)\b(?:\s+[\w'-]+){1,5}?\s+als\s+([\w-]+)", _I), "{1}"),
    (prefiltered(r"\blavoro (?:in|al|alla|nel|nella|presso) (?:una? |la |il |l')?[\w'-]+", _I), "{0}"),
    (prefiltered(r"\btrabajo (?:medio tiempo|tiempo completo|de noche|los fines de semana|por las noches) en (?:un|una|el|la)\s+"
                 r"[\wáéíóúñ-]+", _I), "{0}"),
    # Spanish, German, French, Portuguese, Hinglish
    # Italian "faccio l'infermiera", "lavoro come cameriere", "sono insegnante"; Chinese "我是护士", "我当老师"
    (prefiltered(r"(?:\b(?:faccio (?:il|la|lo|l')\s*|lavoro come\s+(?:una?\s+|un'\s*)?|sono (?:una?\s+|un'\s*)?)|^)"
                 rf"((?:{_IT_JOBS})\b(?:\s+{_JOB_ADJECTIVE}\b)?)", _I), "{1}"),
    (prefiltered(r"我(?:在\S{1,8}?(?=当|做))?(?:是|在|当|做)(?:一名|一个|个|名)?(?:\S{0,3}岁的)?(\S{0,8}?(?:老师|教师|护士|医生|工程师|程序员|司机|服务员|收银员|"
                 r"会计|厨师|销售|快递员|外卖员|保安|保洁|工人|农民|律师|设计师|公务员|学生|大学生|研究生|店员|员工|职员|主妇|全职妈妈|全职太太|"
                 r"经理|老板|个体户|骑手|文员|客服|警察|军人|记者|编辑))"), "{1}"),
    # "soy enfermera", "trabajo de cajera", "curro de camarero", "sou funcionária pública", "ich bin seit 12 Jahren
    # Lehrerin", "soy desde hace años maestra": the job word, with the public-service or school adjective that names it
    # and the subject it is of; a time said between the verb and the job is left out of the value
    (prefiltered(rf"\b(?:soy|sou|je suis|ich bin|bin|{_NOT_THE_NOUN}(?:trabajo|trabalho|curro|laburo|chambeo|trampo) (?:de|como)|"
                 rf"je (?:travaille|bosse) comme|(?:ich )?arbeite(?: {_DE_SINCE})? als|main)\s+(?:{_ROMANCE_SINCE}\s+)?"
                 rf"(?:una?\s+|uma?\s+|eine?\s+|ek\s+)?((?:{JOB_WORDS})\b(?:\s+{_JOB_ADJECTIVE}\b)?"
                 rf"(?:\s+(?:de|en|em|da|do|für|im|à|au|des)\s+(?!(?:un|una|um|uma|el|la|los|las|o|a|os|der|die|das|dem|den|"
                 rf"einem|einer|le|les|l')\b)[\wáéíóúâêôãõçàèùäöüß'-]+)?)", _I), "{1}"),
    (prefiltered(rf"\b(?:(?:soy|sou|je suis|ich bin|estoy|estou)\s+)?(?:una?\s+|uma?\s+|eine?\s+)?(?:{STUDENT_WORDS})\b"
                 rf"(?:\s+(?:de|en|em|da|do|der|für|of|in)\s+[\wáéíóúâêôãõçàèùäöüß'-]+)?", _I), "{0}"),
    (prefiltered(r"\b(?:ich studiere|estudio|estudo|j'étudie|je fais (?:des études|mes études)|"
                 r"padhai kar (?:raha|rahi) (?:hoon|hu|hun))\b(?:\s+[\w-]+)?", _I), "Student ({0})"),
    (prefiltered(rf"(?:^|\b(?:soy|sou|je suis|ich bin|estoy|estou|já sou|ya soy|main)\s+)(?:{RETIRED_WORDS})\b", _I), "{0}"),
    (prefiltered(r"\b(?:(?:trabajo|trabalho) )?por (?:mi|minha) (?:cuenta|conta)|\bpor (?:cuenta|conta) pr[oó]pria\b|"
                 r"\baut[óô]nom[oa]\b|\bà mon compte\b|\bfreiberuflich\b|\bselbstst[äa]ndig\b|\bauto-?entrepreneur\b|"
                 r"\bfreela\b|\bindépendante?\b", _I), "{0}"),
    (prefiltered(r"\b(?:limpio|limpo) (?:casas|oficinas|escritórios)\b|\bhago limpiezas\b|\bfaço faxinas?\b|"
                 r"\bje fais (?:des|le) ménages?\b|\bich putze\b|\bfaço bicos?\b|\bhago (?:changas|chapuzas)\b|"
                 r"\bje fais des petits boulots\b|\b(?:mini|gelegenheits)jobs?\b|\b(?:ich fahre|je conduis|manejo|conduzco|"
                 r"dirijo) (?:ein |un |une |uno |el )?(?:taxi|lkw|bus|uber|camión|caminhão|táxi|camion|pakete aus)\b|"
                 r"\b(?:ola|uber|auto|rickshaw|e-rickshaw|taxi|truck|bus|cab|tempo|tractor) (?:chalata|chalati|chalate)\b|"
                 r"\b(?:ek |apni |apna |meri |mera )?(?:dukaan|dukan|shop|business|restaurant|dhaba|salon|clinic) "
                 r"(?:chalata|chalati|chalate)\b|"
                 r"\b(?:apna|apni|mera|meri|hamara|hamari) (?:khud ka |khud ki |)(?:business|dukaan|dukan|shop|dhandha|"
                 r"store|restaurant|dhaba|kaam)\b|\b\w+ ki (?:dukaan|dukan|shop)\b", _I), "{0}"),
    (prefiltered(r"\b(?:trabajo|trabajamos) en (?:un|una|el|la)\s+[\wáéíóúñ-]+(?:\s+(?!(?:y|pero|de|desde|con|por|para|porque|"
                 r"que|hace|como)\b)[\wáéíóúñ-]+)?|\b(?:trabalho|trabalhamos) (?:numa|num|na|no|"
                 r"em uma|em um)\s+[\wáéíóúâêôãõç-]+(?:\s+(?!(?:e|mas|de|desde|com|por|para|porque|que|há|como)\b)[\wáéíóúâêôãõç-]+)?|\bje (?:travaille|bosse) (?:dans|chez|à|en|au)\s+(?:une?\s+|la\s+|le\s+|"
                 r"l')?[\wàâçéèêëîïôûùüÿœ'-]+|\b(?:ich )?arbeite (?:seit \w+ \w+ |schon \w+ \w+ |jetzt |gerade |hier )?(?:im|in der|in einem|in einer|bei|beim)\s+"
                 r"(?:der\s+|dem\s+)?"
                 r"[\wäöüß-]+", _I), "{0}"),
    (prefiltered(r"\b" + _NOT_THE_NOUN + r"(?:trabajo|trabajé) (?:como|de) (?:una?\s+)?[\w-]+(?:\s+[\w-]+)?|\bich arbeite als (?:eine?\s+)?[\w-]+|"
                 r"\bje travaille (?:comme|en tant que) (?:une?\s+)?[\w-]+|\btrabalho como (?:uma?\s+)?[\w-]+|"
                 rf"^(?:main\s+)?(?:ek\s+)?(?:[\w-]+\s+){{0,2}}?(?:{_JOBS})\s+(?:hoon|hu|hun)\b", _I), "{0}"),
    (prefiltered(r"\b(?:soy|sou) (?:una?\s+)?(enfermer[oa]|profesora?|maestr[oa]|estudiante|ingenier[oa]|médic[oa]|camarer[oa]|"
                 r"abogad[oa]|cajer[oa]|conductora?|repartidora?|jubilad[oa]|desemplead[oa]|professora?|engenheir[oa]|motorista|"
                 r"entregador|aposentad[oa]|desempregad[oa]|vendedora?|contador[a]?|programador[a]?)\b|"
                 r"\bich bin (?:eine?\s+)?(lehrer(?:in)?|krankenschwester|pfleger(?:in)?|ingenieur(?:in)?|student(?:in)?|"
                 r"rentner(?:in)?|verkäufer(?:in)?|arzt|ärztin|programmierer(?:in)?|fahrer(?:in)?|kellner(?:in)?)\b|"
                 r"\bje suis (?:une?\s+)?(infirmier|infirmière|professeure?|prof|étudiante?|ingénieure?|retraitée?|serveur|serveuse|"
                 r"caissière?|caissier|chauffeur|livreur|médecin|avocate?|vendeur|vendeuse|développeur|développeuse)\b|"
                 r"\bmain (?:ek\s+)?(teacher|student|engineer|driver|doctor|nurse|developer|clerk|shopkeeper|dukaandaar|"
                 r"accountant|manager)\s+(?:hoon|hu|hun)\b", _I), "{1}"),
    (prefiltered(r"\b(?:\w+\s+){1,2}?(?:mein|me|pe|par) (?:kaam|job|naukri) (?:karta|karti|karte) (?:hoon|hu|hun|hain)\b",
                 _I), "{0}"),
    # work said by what one does, in the other languages read: teaching ("dou aula de história", "doy clases de
    # inglés", "insegno matematica", "ich unterrichte Deutsch"), an internship ("sou estagiária de marketing"), a
    # place worked at with hours between ("je travaille 25h/semaine chez Tim Hortons"), and the Chinese "在……做产品经理"
    (prefiltered(r"\b(?:dou aulas?|doy clases?|insegno|ich unterrichte|je donne des cours|geef les)\b(?:\s+de|\s+d')?"
                 r"(?:\s+[\wáéíóúâêôãõçàèìòùäöüß]+){0,2}", _I), "teacher ({0})"),
    (prefiltered(r"\b(?:sou|soy|je suis|sono|ich bin|ik ben)\s+(?:un[ae]?\s+|uma?\s+)?(?:estagiári[oa]|becari[oa]|"
                 r"stagiaire|stagista|praktikant(?:in)?|stagiair)(?:\s+(?:de|en|na|no|em|in|bei|chez|dans)\s+[\wáéíóúâêôãõçàèìòùäöüß-]+)?", _I),
     "{0} (intern)"),
    (prefiltered(r"\b(?:je travaille|je bosse|trabajo|trabalho|lavoro|ich arbeite|ik werk)\s+(?:\S+\s+){0,2}?"
                 r"(?:chez|en|na|no|numa|num|in|da|presso|bei|bij)\s+(?!(?:casa|remoto|home|línea|linea|turnos?|equipo|"
                 r"negro|paro|ce moment|casa mia|thuis)\b)(?:une?\s+|uma?\s+|la\s+|le\s+|el\s+|o\s+|a\s+|"
                 r"una?\s+|uno\s+|einer?\s+|een\s+)?[\wáéíóúâêôãõçàèìòùäöüß'-]+(?:\s+(?:[A-Z][\w'-]+|civil|social|pública|público))?", 0), "{0}"),
    (prefiltered(r"在[^，。,\s]{1,12}?做(?!饭|家务|作业|决定|选择|手术|检查|运动|梦|事情|准备|心理|咨询|治疗|康复)"
                 r"([^，。,\s？?]{2,6})"), "{1}"),
    # an English job title said with the Hinglish copula ("ek private school mein teacher hoon", "Delhi mein CA hoon"),
    # years in a job ("llevo 5 años de camarero"), and work named by a verb or a contract ("jeżdżę tirem", "таксую",
    # "mon poste de chef d'atelier", "mon CDD", "اشتغلت في شركة سياحة", "aku ojol", "PNS di Surabaya")
    (prefiltered(rf"\b((?:(?!(?:mein|me|main|ek|bhi|abhi)\b)[\w-]+\s+){{0,2}}?(?:{_JOBS}|ca|pns))\s+(?:hoon|hu|hun|hoo)\b", _I),
     "{1}"),
    (prefiltered(r"\bllevo\s+\w+\s+(?:años|meses)\s+(?:de|como)\s+([\wáéíóúñ]+)|\bjeżdżę (?:tirem|taksówką|autobusem)|"
                 r"(?<!\w)таксую(?!\w)|\bmon poste de ([\wàâçéèêëîïôûùüÿœ]+(?: d'[\wàâçéèêëîïôûùüÿœ]+)?)|\bmon (?:cdd|cdi)\b|"
                 r"(?:أشتغل|اشتغل|بشتغل|اشتغلت)\s+(?:في|ب)\s*(?:شركة|محل|مستشفى|مدرسة|بنك|مطعم|مصنع)(?:\s+\S+)?|"
                 r"(?<!suami )(?<!istri )(?<!ibu )(?<!ayah )(?<!adik )(?<!kakak )(?<!anak )(?<!teman )"
                 r"\b(?:aku|saya|gue|gw)\s+(?:ojol|pns|guru|perawat|sopir|supir|ojek online)\b|\bpns\s+di\s+\w+", _I), "{0}"),
)
_NOT_JOBS = prefiltered(r"^(?!stay[- ]at[- ]home)(?:\w+\s+)*(?:mess|wreck|failure|loser|idiot|person|human|adult|parent|mother|father|mom|dad|"
                        r"man|woman|guy|girl)$", _I)


def _profession(text: str, personal: bool) -> list[Fact]:
    for pattern, template in _UNEMPLOYED:
        match = pattern.search(text)
        if match and (about_user(text, match.start()) or re.search(r"\bme\b", match.group(0), _I)):
            if _negated(text, match.start(), 10) and "fired" not in match.group(0).lower():
                continue
            said = re.sub(r"^(?:i'?m|i am|im|i|my)\s+", "", _span(text, match), flags=_I)
            label = template.format(said)
            return [Fact("Profession", "Unemployed" if label.lower() == f"unemployed ({said.lower()})" and
                         said.lower() in {"unemployed", "arbeitslos", "berozgar", "desempregado", "desempregada"} else label)]
    stated = _job_stated(text)
    if stated:
        return stated
    wage = _JOB_WAGE.search(text)
    if wage and about_user(text, wage.start()):
        return [Fact("Profession", wage.group(1) or wage.group(2))]  # "on a cashier's wage", "con el sueldo de camarera"
    for pattern, template in _JOB_PHRASES:
        match = pattern.search(text)
        if not match or not about_user(text, match.start()) or not _personal(text, personal):
            continue
        if _negated(text, match.start(), 10):
            continue
        if re.search(r"\bstudent", match.group(0), _I) and not re.match(r"we", match.group(0), _I) and re.search(
                r"\b(?:my|our|the|his|her|their|your|his|other|some|many|all)\s+(?:[\w-]+\s+)?students?\b|\bstudents\b|"
                r"\bstudent\s+(?:loans?|debt|visa|card|housing|discount|id|union|body|council|aid|finance|account)\b",
                text, _I):
            continue  # "my student loans", "the students"
        said = _span(text, match)
        said = re.sub(r"^(?:i'?m|i am|im|i|my|a|an|soy|sou|je suis|ich bin|sono|jestem|ik ben)\s+", "", said, flags=_I)
        said = re.sub(r"^(?:a|an|una?|uma?|une?|eine?|een)\s+", "", said, flags=_I)
        group1 = next((g for g in match.groups() if g), said) if match.groups() else said
        return [Fact("Profession", template.format(said, group1))]
    return []


_JOB_WAGE = prefiltered(rf"\b(?:on|with) (?:a|my) ((?:[\w-]+ )?(?:{_JOBS}))'s (?:wage|salary|pay|income|paycheck)\b|"
                        r"\b(?:con|com|avec) (?:el|o|le|mon|mi|meu|mio|il) (?:sueldo|salario|salário|salaire|stipendio) "
                        r"(?:de|d'|da|do) ((?!(?:mi|mis|meu|minha|mon|ma|mes|su|sus|seu|sua|la|el|o|a|le|les)\b)[\w'-]+)", _I)


_JOB_HERE = prefiltered(rf"^(?:\d{{2}}\s*(?:yo|y/o|years? old|[mf])?\s*,?\s+)?((?:[\w-]+\s+){{0,2}}?(?:{_JOBS}))\s+here\b", _I)


def _job_stated(text: str) -> list[Fact]:
    """A job title said of oneself: "I'm a night-shift nurse", "I work as a cashier", "as a retired teacher",
    "34yo nurse here"."""
    here = _JOB_HERE.match(text.strip())
    if here and not _NOT_JOBS.match(here.group(1)):
        return [Fact("Profession", " ".join(here.group(1).split()))]
    match = _JOB_STATED.search(text)
    if match and about_user(text, match.start()) and not _negated(text, match.start(), 8) and not re.search(
            r"\b(?:in|on|of|at|for|from|about|into|with)\s", match.group(1), _I) and not re.match(
            r"\s+(?:loans?|debt|visa|card|housing|discount|union|aid)\b", text[match.end():], _I):
        job = " ".join(match.group(1).split())
        if not _NOT_JOBS.match(job) and not re.match(r"(?:bit|little|lot|good|bad|terrible|great)\b", job, _I):
            job = re.sub(r"^(?:\d{2}[\s-]*(?:years?[\s-]*old|yo|y/o)\s+)", "", job, flags=_I)
            return [Fact("Profession", job)]
    return []


_PAST_WORK = prefiltered(r"\b(?:used to|former(?:ly)?|ex-|was|were|had|previously|before|back then|era|war|était|fui|"
                         r"trabajaba|trabalhava|arbeitete|travaillais|lavoravo|wcześniej|kiedyś|vroeger|\w+(?:łem|łam)|tha|thi|"
                         r"dikhaya|gaya|gayi)\b", _I)
_NOT_MINE = prefiltered(r"(?:my|his|her|their|our|your|the|some|many|all|two|three|four|five|several|other|mi|mis|mon|ma|mes|"
                        r"mein|meine|meu|minha|mio|mia)\s", _I)


def _gloss_job(text: str) -> bool:
    """Whether the glossary names a job or workplace in `text` (for words the title list lacks: "Lager", "主婦")."""
    from penguin_guard.value_gloss import gloss

    words = gloss("Profession", text)
    return bool(words) and words not in {"bank", "supermarket"} or bool(words and re.search(
        r"\b(?:bei|at|en el|en la|no|na|im|au|à la|al|nel|w)\s", text, _I))


_BARE_JOB = prefiltered(
    rf"((?:[\w'-]+\s+){{0,3}}?(?:{_JOBS}|army|navy|air force|marines|military|coast guard|national guard|{JOB_WORDS}|"
    rf"{RETIRED_WORDS}|{STUDENT_WORDS})(?:e?s)?)(?:\s+(?:at|for|in|with|on|from|to|de|en|em|bei|im|à|chez)\s+"
    rf"(?:[\w'&.,-]+\s*){{1,5}})?",
    _I,
)


# A job wished for, not held: "I want to be a doctor", "quiero ser enfermera", "mau jadi guru".
_JOB_WISH = prefiltered(r"\b(?:want(?:s|ed)? to (?:be|become)|wanna be|hop(?:e|ing) to (?:be|become)|plan(?:ning)? to (?:be|become)|"
                        r"dream(?:ing)? of (?:being|becoming)|(?:i'?d|i would) like to (?:be|become)|quiero ser|quisiera ser|"
                        r"quero ser|je veux (?:être|devenir)|j'aimerais (?:être|devenir)|ich möchte|ich will|vorrei (?:fare|diventare|essere)|"
                        r"voglio (?:fare|diventare|essere)|mau jadi|ingin jadi|pengen jadi|pengin jadi|cita-cita)\b", _I)


def bare_profession(text: str, strict: bool = False) -> str | None:
    """A job named alone ("nurse", "a warehouse job", "retail") in reply to the work question. `strict`: a job title
    only, as an item of a list answering another question ("32, female, nurse"), not "every shift" or "my doctor"."""
    if re.search(r"\b(?:not|no|never|isn'?t)\b", text, _I) or _JOB_WISH.search(text):
        return None
    if _NOT_MINE.match(text.strip()):
        return None  # "my doctor", "four doctors", "the teachers": someone else
    stripped = re.sub(r"^(?:i'?m\s+|i am\s+|im\s+)?(?:an?\s+)?", "", text.strip(), flags=_I)
    job = _BARE_JOB.fullmatch(stripped)
    if job and not _NOT_JOBS.match(job.group(1)):
        return stripped
    if len(stripped.split()) <= (3 if strict else 6) and _gloss_job(stripped) and not _PAST_WORK.search(stripped):
        return stripped  # "Lager bei Amazon", "cassiera al supermercato": a workplace or job the glossary knows
    if strict:
        return None
    if re.fullmatch(r"(?:[\w-]+\s+){0,3}(?:job|work|shifts?|gigs?|business|company|sales|retail|it|tech|finance|"
                    r"healthcare|construction|hospitality|admin|nothing right now|nothing)", stripped, _I):
        return None if stripped.lower().startswith("nothing") else stripped
    return None


# ---- Economic Status ----------------------------------------------------------------------------------------

_AMOUNT = (r"(?:(?:[$€£₹]|r\$|rs\.?)\s?\d[\d,.]*(?:\.\d+)?\s?(?:k|m|grand|thousand|million|hundred)?|\d[\d,]*(?:\.\d+)?\s?(?:k|grand|"
           r"thousand|hundred)?\s?(?:dollars|bucks|euros?|pounds|quid|rupees|rupaye|rs|usd|eur|gbp|reais|pesos|€|\$|lakhs?|crores?|"
           r"złotych|zł|pln|zloty|元|块|円|万円)|"
           r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|a couple(?: of)?)\s+(?:hundred|thousand|grand|"
           r"k)\b(?:\s+(?:dollars|bucks|euros|pounds))?|\d+k\b|\d+\s?(?:grand|thousand|hundred|lakhs?|crores?|mil)\b)")
_QUALIFIER = r"(?:(?:only|just|about|around|roughly|like|maybe|barely|less than|under|over|almost|nearly|approximately|~)\s+)*"
_MONEY = (
    # money put by: "I've saved about 2 grand", "we set aside maybe $300 a month", "tengo ahorrados unos 2000 euros"
    prefiltered(rf"\b(?:saved|saved up|put (?:away|aside)|set aside|stashed(?: away)?|socked away|tengo ahorrad[oa]s|"
                rf"ahorré|economizei|tenho guardad[oa]s|j'ai mis de côté|ich habe (?:\w+ )?gespart)\s+(?:up\s+)?"
                rf"(?:unos\s+|uns\s+|umas\s+|environ\s+|etwa\s+)?{_QUALIFIER}{_AMOUNT}", _I),
    # "I have about 200 in my account", "like 40 left till friday": a sum whose place says it is money
    prefiltered(rf"{_QUALIFIER}\d[\d,]*(?:\.\d+)?\s*(?:k\s*)?(?:in (?:my|the) (?:account|bank|checking|savings)|to my name|"
                rf"left (?:in|until|till|for|to)\b[\w\s]{{0,12}})", _I),
    # "about $400 left", "$2k in savings", "£50 in my account", "€200 to my name"
    prefiltered(rf"{_QUALIFIER}{_AMOUNT}\s*(?:left|remaining|in (?:savings|the bank|my (?:account|bank|savings|checking))|"
                rf"(?:of|in) (?:credit card |student |medical |car )?(?:debt|loans?)|saved(?: up)?|in total|to my name|total|"
                rf"base(?: salary| pay)?|after tax(?:es)?|annually|take[- ]home|in (?:my )?(?:401k|401\(k\)|pension|retirement)|"
                rf"(?:in|on) (?:my )?(?:checking|savings|account)|a (?:month|year|week)|an hour|per (?:month|year|week|hour)|"
                rf"ahorrados?|guardados?|de deudas?|en deudas|gespart|schulden|auf dem konto|im monat|pro monat|"
                rf"d'économies|de côté|sur mon compte|de dettes?|par mois|de dívidas?|na conta|por m[eê]s|al mes|"
                rf"ka (?:loan|karz|karza|udhaar)|(?:ki )?savings|bach(?:a|e) (?:hai|hain)|mahina|mahine|al mese|"
                rf"na rękę|miesięcznie|na miesiąc|per maand|netto|brutto|de salário|de sueldo|di stipendio|"
                rf"(?:haath|hath) (?:mein|me|main) (?:aate|aata|aati|milte|milta|milti))\b", _I),
    # "I owe $30,000", "$30k in debt", "I make $1,500 a month", "I earn 30k a year"
    prefiltered(rf"\b(?:owe|owing|make|earn|making|earning|bring in|take home|income (?:is|of)|salary (?:is|of)|"
                rf"savings (?:are|is|of)|i have|i'?ve got|got|only have|have|tengo|tenho|j'ai|ich habe|me quedan|"
                rf"il me reste|mir bleiben|gano|ganho|verdiene|je gagne|mere paas|mere upar|debo|devo|je dois|"
                rf"ich schulde|prendo|guadagno|tiro|tiramos|faturo|mi restano|mi rimangono|zarabiam|zostaje mi|wychodzi(?: mi)?|verdien|"
                rf"ik houd? over|ik heb nog|me sobran|sobram|recebo|ricevo|je touche|ich bekomme|bekomme)\s+(?:może\s+|jakieś\s+|"
                rf"około\s+|circa\s+|ongeveer\s+|cerca de\s+|quasi\s+|solo\s+|nur\s+|noch\s+)?(?:unos\s+|unas\s+|uns\s+|umas\s+|environ\s+|etwa\s+|ungefähr\s+|lagbhag\s+)?"
                rf"{_QUALIFIER}{_AMOUNT}(?:\s+(?:a|per|an|each)\s+"
                rf"(?:month|year|week|hour)|\s+(?:left|saved|in savings|in the bank|in debt))?", _I),
    # amounts said with their period or their kind, whatever the verb: "made about 400 last week", "1100 netto",
    # "salary 18k hai", "a 52k job offer", "gambling debt ($18k total)", "一个月四千多"
    prefiltered(rf"\b(?:made|earned|got paid|took home|brought in|cleared|netted)\s+{_QUALIFIER}(?:{_AMOUNT}|\d{{3,}}[\d,.]*)"
                rf"(?:\s+(?:last|this|a|per|each|every)\s+(?:week|month|year|shift|day))?|"
                rf"\b(?:salary|income|pay|tankhwah|gehalt|sueldo|salário|salaire|stipendio)\s+(?:is\s+|of\s+|hai\s+|ist\s+|es\s+|"
                rf"é\s+|est\s+|è\s+)?{_QUALIFIER}(?:{_AMOUNT}|\d{{3,}}[\d,.]*)(?:\s+(?:hai|a month|a year|per month|per year))?|"
                rf"(?<![\d,.])\b\d{{3,}}(?:[.,]\d{{3}})*\s*(?:netto|brutto|net|gross|(?:a|per|each) (?:month|year)|/\s?(?:month|mo|year|yr)|"
                rf"im monat|al mes|par mois|por m[eê]s|al mese|miesięcznie|per maand)\b|"
                rf"{_AMOUNT}\s+(?:a year |a month |per year |annual |yearly )?(?:job offer|offer|salary|income|pension)\b|"
                rf"\b(?:gambling|credit card|student|medical|car|personal|tax|payday) (?:debt|loans?)\s*\(?\s*{_QUALIFIER}{_AMOUNT}(?:\s*total)?\)?|"
                rf"{_QUALIFIER}{_AMOUNT}\s+(?:in |of )?(?:gambling|car|personal|tax|payday) (?:debt|loans?)", _I),
    # amounts named by their kind in other languages: "18 LPA", "zo'n 8000 spaargeld", "tabunganku cuma 5 juta", "un debito
    # di 12mila euro", "手取り18万", "1.800 de bolsa", "herança de 50 mil euros", "40 tys. długu"
    prefiltered(r"\b\d+(?:\.\d+)?\s*lpa\b|(?:\d[\d.]*\s*(?:euro\s+)?)spaargeld|tabungan\w* (?:cuma |hanya |sekitar |kira-kira )?"
                r"\d+\s*(?:juta|jt|rb|ribu)|debito di \d[\d.]*\s*(?:mila|mille)?\s*(?:euro)?|手取り\s*\d+\s*万|"
                r"\d[\d.,]*\s+de bolsa|herança de \d+\s*mil(?: euros| reais)?|\d+\s*tys\.?\s*(?:zł\s+)?(?:długu|oszczędności)", _I),
    prefiltered(r"(?:一个月|每个月|每月|月薪|年薪|年收入|年収|工资|收入|月収|給料|월급|연봉)\s*(?:は|が)?\s*(?:大概|才|只有|就|是|有|赚|挣|拿|能赚|能挣)?\s*(?:[\d,.]+\s*[千万kK]?|"
                r"[一二三四五六七八九十两]+[百千万][一二三四五六七八九十两百千万零]*)(?:多|块|元|左右|円|만\s*원)*"),
    # "two months of savings", "savings for three months", "a few weeks of rent saved"
    prefiltered(rf"{_QUALIFIER}(?:\w+|\d+)\s+(?:months?|weeks?|years?)(?:'s)?\s+(?:of|worth of)\s+(?:savings|expenses|runway|"
                rf"rent|cushion|emergency fund|money)(?:\s+saved)?|\bsavings (?:for|to last)\s+{_QUALIFIER}(?:\w+|\d+)\s+"
                rf"(?:months?|weeks?)", _I),
)
_ECONOMIC = prefiltered(
    r"\b(?:broke(?!\s+(?:my|a|an|the|his|her|their|up|down|into|out|through|it|off|in|free|even|ground|with|me)\b)|"
    # pay judged: "super underpaid", "badly paid", "mal pagada", "schlecht bezahlt", "slecht betaald"; study paid for
    r"underpaid|(?:badly|poorly|terribly|horribly) paid|mal pagad[oa]|mal payée?|schlecht bezahlt|slecht betaald|"
    r"mal pagat[oa]|pagat[oa] poco|słabo płatn\w+|(?:on )?an? (?:full|partial|full[- ]ride|athletic|academic) "
    r"(?:scholarship|bursary|ride)|(?:con |com )?(?:una |uma )?beca completa|bolsa integral|"
    r"flat broke|dead broke|in debt|(?:lots of|a lot of|drowning in|deep in|buried in|crushing|massive|"
    r"huge|so much|credit card|student|medical) (?:debt|loans)|no savings|zero savings|(?:my )?savings (?:are |is )?"
    r"(?:gone|wiped out|running out|almost gone|nearly gone|depleted)|living off (?:my )?savings|dipping into (?:my )?savings|"
    r"can'?t (?:afford|pay|cover)(?: (?:my |the )?(?:rent|bills|mortgage|food|groceries|anything|it|treatment|the treatment))?|"
    r"paycheck to paycheck|steady (?:paycheck|income|job)|(?:(?:pretty|really|very|quite|fairly|decently) )?(?:well|decently)[- ]paid|"
    r"paid (?:really |pretty |very )?well|(?:make|earn|making|earning) (?:decently|(?:pretty |really )?well|a (?:decent|good) living)|"
    r"can'?t complain about (?:money|the money|my pay|the pay)|(?:a bit|a little|some|not much|nothing) saved|"
    r"(?:some|a little|a bit of|not much) (?:savings|money saved)|living on (?:my )?(?:savings|pension)|"
    r"struggling (?:financially|with money|to pay|to make ends meet)|money(?:'s| is) (?:tight|a problem|an issue|short|"
    r"really tight|very tight|a struggle)|(?:finances|budget|money) (?:are|is) (?:tight|bad|a mess|rough)|"
    r"financially (?:fine|ok|okay|secure|stable|comfortable|good|struggling|strained|ruined|unstable)|"
    r"(?:fine|ok|okay|comfortable|stable|secure|good|doing well|doing fine|doing ok|doing okay|struggling) "
    r"(?:financially|money[- ]wise|moneywise|for money)|low[- ]income|bankrupt(?:cy)?|behind on (?:my |the |our )?"
    r"(?:[\w-]+ ){0,2}?(?:rent|bills?|payments?|mortgage|loans?|car payments?)|(?:facing|about to face|got an?) eviction|(?:being |getting )?evicted|"
    r"on (?:benefits|welfare|food stamps|unemployment|snap|disability benefits|universal credit|disability|ssi|ssdi)|"
    r"(?:i get|getting|living on|live on) (?:ssi|ssdi|disability|welfare|benefits)|minimum wage|well off|"
    r"(?:making|earning|getting|bringing in|take home) (?:barely|just|hardly|not) enough|barely enough|"
    r"(?:the |my )?(?:pay|money|salary|wages?|income)(?:'s| is| are| has)?(?: been)? (?:really |pretty |so |kinda )?(?:awful|terrible|"
    r"crap|crappy|bad|shit|garbage|trash|low|lousy|not great|not enough|peanuts|decent|good|great|okay|ok|fine|alright|tight)|"
    r"money(?:'s| is| has)(?: been)? (?:really |super |so |very |pretty |kinda |kind of |a bit |extra )?(?:tight|short|scarce)|"
    r"(?:make|making|earn|earning) (?:really |pretty )?(?:good|decent|great|ok|okay|little|not much|enough|bad|crap|shit) money|"
    r"i (?:have|'ve got) (?:some |a little |decent |good |a bit of )?savings|"
    r"(?:income|pay|paycheck|money|work)(?:'s| is) (?:always |often |usually )?(?:all over the place|unpredictable|irregular|"
    r"inconsistent|unstable|feast or famine|up and down)|"
    # what the work pays, where one lives, who pays: "which pays terribly", "it pays like nothing", "living in my car",
    # "my parents pay for basically everything", "a pension that barely covers the mortgage", "not in the red"
    r"(?:it|which|that|job|work) pays (?:like )?(?:nothing|terribly|badly|poorly|peanuts|crap|(?:really |pretty |very )?well|"
    r"great|okay|ok|decently|the bills)|living (?:in|out of) (?:my|our|a) (?:car|van|truck)|(?:my )?parents pay for "
    r"(?:basically |almost |pretty much )?everything|pension (?:that )?(?:barely|hardly|doesn'?t|does not) (?:covers?|pays?)"
    r"(?: (?:the |my )?\w+)?|(?:not )?in the red|"
    r"(?:landlord|bank|they) (?:is |are )?(?:evicting|foreclosing on|kicking) (?:me|us)(?: out)?|"
    r"(?:on |living on |live on )?(?:one|a single|a fixed|one small|a small|a low|two) incomes?\b|"
    r"(?:extra shifts|a second job|two jobs|overtime) (?:just )?to (?:cover|pay|make) (?:the |my |our )?(?:rent|bills|ends meet)|"
    r"living (?:off|on) (?:credit cards?|loans|my parents|unemployment|savings|ramen)|"
    r"(?:lebe|leben) von (?:einer |meiner |der )?(?:kleinen |mageren )?(?:rente|grundsicherung|bürgergeld|sozialhilfe)|"
    r"(?:kleine|kleinen|magere|mageren) rente|viv(?:o|imos) de (?:una|mi|la) pensión|pensión (?:mínima|pequeña|no contributiva)|"
    r"aposentadoria (?:pequena|mínima)|petite retraite|pensione minima|(?:decent|good|small|tiny|modest|solid|nice) pension|"
    r"no (?:puedo|sé cómo(?: voy a)?) pagar (?:el|la) (?:alquiler|renta|hipoteca|luz)|"
    r"(?:tô |estou )?no aperto|boletos atrasados|contas atrasadas|o dinheiro não dá|dinheiro não dá|não dá pra pagar|"
    r"(?:konto|dispo) (?:ist )?(?:immer )?im minus|"
    r"wealthy|middle class|no money|not much money|(?:can'?t|cannot) make ends meet|barely (?:getting by|scraping by|"
    r"making it|making rent)|scraping by|getting by|money isn'?t an issue|money is fine|money(?:'s| is)? not (?:a|an) (?:problem|issue)|"
    r"money isn'?t (?:a|an) (?:problem|issue)|not worried about money|"
    r"no (?:financial|money) (?:problems|issues|worries)|(?:no|zero) (?:debts?|loans|credit card debt)\b|debt[- ]free|"
    r"(?:we |i )?get(?:ting)? by on (?:my |our |a |his |her )?(?:[\w']+ ){0,3}?(?:pensions?|social security|benefits|"
    r"disability|savings|wages?|salary|income|tips)|can'?t (?:exactly |really |even |quite )afford\b(?: (?:a |an |the |my )?[\w-]+)?|"
    r"(?:on|with) (?:a |my )?(?:[\w-]+'s )?(?:low |small |tiny |meager |meagre )?(?:wage|salary|pay(?:check)?)\b|"
    r"(?:fin de mes|fin del mes) (?:\w+ ){0,2}no llego|no lleg(?:o|amos|ábamos) (?:\w+ ){0,2}a fin de mes|"
    r"tir(?:o|iamo|are) avanti(?: a fatica| a stento)?|(?:arriv(?:o|iamo)|arrivare) a fine mese(?: a fatica| a stento| con difficoltà)?|a fine mese (?:\w+ ){0,2}non ci arriv\w*|"
    r"(?:sono |siamo )?al verde|senza soldi|pochi soldi|debiti|in difficoltà economiche|non ho (?:un euro|soldi)|"
    r"krucho(?: z kasą)?|(?:ledwo|nie) (?:starcza|wystarcza)|pożyczk\w+|kredyt\w*|"
    r"à découvert(?: [\w']+){0,5}|"
    r"\bmy debt\b|\b(?:same|all (?:this|that|the)|the) debt (?:that|i)\b|(?:really |very |super )?poor\b(?! (?:choice|decision|health|sleep))|"
    r"in financial (?:trouble|difficulty|hardship|distress)|social security|fixed income|"
    r"financial (?:trouble|difficulty|hardship|stress|problems)|"
    r"out of money|running out of money|no income|can'?t cover (?:rent|bills)|barely (?:covers?|pays?) (?:the |my )?"
    r"(?:groceries|rent|bills|anything)|(?:on|living on) (?:a )?(?:small |fixed |tiny |modest )?(?:pension|fixed income|"
    r"social security)|"
    # Spanish, German, French, Portuguese, Hinglish
    r"(?:kaum|keine|wenig|etwas|ein paar|no tengo|sin|pocos|algunos|unos|pas d'|peu d'|quelques|sem|poucas|algumas|"
    r"nenhuma|koi) (?:ersparnisse|ahorros|économies|economias|poupança|bachat)|(?:estou |tô |to )?devendo (?:no|o|pro|para o|"
    r"muito|dinheiro)(?: [\w-]+)?|"
    r"no tengo (?:dinero|plata|un peso|ni un peso)|(?:apenas |no )lleg(?:o|amos) a fin de mes|no (?:ganamos|gano) mucho|"
    r"(?:gano|ganamos) poco|(?:no )?(?:nos|me) alcanza|estamos (?:bien|justos|apretados)|vivimos (?:bien|al día|justos)|"
    r"geld (?:\w+ )?(?:knapp|reicht (?:kaum|nicht|gerade so))|(?:das )?geld reicht (?:kaum|nicht)|finanziell (?:gut|schlecht|"
    r"okay|ok|eng|knapp|schwierig|stabil)|wenig geld|bürgergeld|hartz iv|"
    r"à découvert|fins? de mois (?:difficiles?|compliquées?)|on s'en sort|je m'en sors|on vit bien|(?:pas|peu) d'argent|"
    r"au smic|au rsa|(?:le )?smic|salario mínimo|mindestlohn|salario minimo|minimumloon|płac\w* minimaln\w+|"
    r"najniższ\w+ krajow\w+|asgari ücret\w*|endettée?s?|ganho pouco|no vermelho|dinheiro (?:tá|está) curto|salário mínimo|"
    r"mal (?:dá|da) pra pagar|(?:tô|estou|to) (?:cheio|cheia|atolad[oa]) de dívidas|"
    r"paise ki (?:\w+ )?(?:tangi|dikkat|kami|problem)|paisa kam|salary kam|kharcha (?:\w+ ){0,2}mushkil|"
    r"guzara (?:ho jata|chal jata|mushkil|nahi)|kharcha (?:nahi|nahin) chal (?:raha|pa raha|pata)|"
    r"(?:kaum |gerade so |nicht )?über die runden|(?:wir kommen|ich komme) (?:gut |so |gerade so )?klar|große sprünge|"
    r"viv(?:o|imos) al día|(?:arriv\w+|tir\w+ avanti)(?: a fine mese)? (?:a stento|a fatica|con difficoltà)(?: a fine mese)?|(?:du mal à )?joindre les deux bouts|(?:\d+ )?lakh ka (?:loan|karz)|loan hai|karz(?:a)? hai|endeudad[oa]|en la ruina|sin dinero|quebrad[oa]|arruinad[oa]|deudas|"
    r"no llego a fin de mes|pleite|schulden|knapp bei kasse|kein geld|fauchée?|dettes|pas d'argent|sans argent|"
    r"(?:je suis|j'suis|jsuis|chui|suis) (?:un peu |complètement |totalement |carrément |vraiment )?à sec|"
    r"endettée?|sem dinheiro|dívidas?|endividad[oa]|apertad[oa]|paise nahi|paisa nahi|paise nahin|karz|karza|udhaar|"
    r"paison ki (?:dikkat|tangi|problem|kami)|"
    # "beetje krap soms", "pues apretada", "gaji pas-pasan", "ghar ka kharcha aaram se chal jaata hai"
    r"(?:(?:een )?beetje |wat |erg |best |vaak |soms )?krap(?: bij kas)?|apretad[oa]s?|pas[- ]pasan|"
    r"kharcha (?:\w+ ){0,2}(?:aaram se|aasani se|araam se) (?:chal|nikal) (?:jaata|jata|jaati|jati|raha|rahi))\b",
    _I,
)
_ECONOMIC_BARE = prefiltered(
    r"(?:(?:pretty|really|very|quite|kind of|kinda|a bit|fairly|super|not|not so|not too|somewhat|mostly|extremely|"
    r"plutôt|assez|très|bastante|muy|bem|muito|molto|abbastanza|piuttosto|ziemlich|eher|sehr|vrij|redelijk|nogal)\s+)*"
    r"(?:comfortable|stable|tight|difficult|hard|rough|bad|good|fine|ok|okay|alright|moderate|decent|secure|struggling|"
    r"precarious|broke|poor|not great|could be better|so-so|terrible|awful|dire|severe|average|middle|manageable|"
    r"krap|krap bij kas|gaat wel|c'est juste|juste|serré|c'est serré|słabo|ciężko|krucho|justo|justos|apretado|"
    r"okay-ish|ok-ish|tight-ish|tightish|getting by|get by|scraping by|depends on the month|up and down|varies|"
    r"bien|mal|difícil|gut|schlecht|knapp|dur|difficile|apertado|difícil|tight hai|theek thaak|"
    r"confortable|à l'aise|cómod[oa]s?|confortáve(?:l|is)|agiat[oa]|benestante|comfortabel|estable|estável|stabile|"
    r"précaire|precari[oa]|precária|apretad[oa]s?|ajustad[oa]s?|ruim|complicado|complicada|complicato|compliqué)"
    r"(?:\s+(?:i guess|for now|right now|at the moment|honestly|financially|money[- ]wise|actually))?",
    _I,
)


def _economic(text: str, personal: bool) -> list[Fact]:
    for pattern in _MONEY:
        match = pattern.search(text)
        if match and about_user(text, match.start()) and _personal(text, personal):
            said = _span(text, match)
            said = re.sub(r"^(?:i have|i'?ve got|got|have|only have)\s+", "", said, flags=_I)
            return [Fact("Economic Status", said)]
    match = _ECONOMIC.search(text)
    if match and about_user(text, match.start()) and _personal(text, personal):
        said = _span(text, match)
        if _negated(text, match.start(), 12) and not re.match(r"(?:no|not|can'?t|cannot|zero)\b", said, _I):
            said = text[max(0, match.start() - 12):match.end()].split(" ", 1)[-1] if match.start() > 12 else text[:match.end()]
        return [Fact("Economic Status", " ".join(said.split()))]
    money = _MORE_MONEY.search(text) or _CJK_MONEY.search(text) or _PAY_AMOUNT.search(text)
    if money and not _OTHER.search(text[:money.start()]) and not _negated(text, money.start(), 6):
        return [Fact("Economic Status", _span(text, money))]
    return []


# Money said in the other languages read in the forms the speaker uses of their own household, which need no "I":
# "vivo das economias", "a casa está paga", "la hipoteca está casi pagada", "das Haus ist abbezahlt", "verdien prima",
# "zarabiam około 5 tysięcy", "一个月赚七八千", "还欠着十来万", "手取り25万", "貯金は300万", "salary nahi li", "kirayı
# annemden alıyorum", "pas trop de thunes", "живу на стипендию", "cukup buat sehari-hari".
_MORE_MONEY = prefiltered(
    r"(?<![\w])(?:vivo (?:das|de) (?:minhas |mis )?(?:economias|poupanças|ahorros)|"
    r"(?:a |la |mi |minha |das )?(?:casa|hipoteca|haus|wohnung)\s+(?:está|tá|ya está|ist)\s+(?:casi |quase |fast |schon )?"
    r"(?:pagada|paga|quitada|abbezahlt)|el dinero no es (?:el |un )?problema|o dinheiro não é (?:o |um )?problema|"
    r"(?:tenho|recebo) uma (?:reforma|aposentadoria|pensão)(?:\s+\w+)?|(?:o |mi |meu )?(?:salário|sueldo) (?:mal|no|não) "
    r"(?:cobre|dá|alcanza|llega)(?:\s+(?:o|el|pra|para)\s+\w+)?|"
    r"(?:ik )?verdien (?:prima|goed|weinig|genoeg|niet veel|best goed)|"
    r"zarabiam (?:około |ok\. |jakieś )?\d[\d\s.,]*(?:tysięcy|tys\.?|zł)(?:\s+na rękę)?|ledwo (?:starcza|wystarcza)(?: do pierwszego)?|"
    r"(?:bir )?(?:kirayı|faturaları) (?:annemden|babamdan|ailemden) alıyorum|maaşım yetmiyor|borcum var|"
    r"pas (?:trop|beaucoup) de (?:thunes|fric|sous|tunes|argent)|"
    r"живу на (?:стипендию|пенсию|одну зарплату|пособие)|"
    r"cukup (?:buat|untuk) sehari-hari|"
    r"salary nahi (?:li|mili|aayi)(?: maine)?|ghar (?:bhejti|bhejta) (?:hoon|hu|hun))",
    _I,
)
# Pay or a pension said with its amount, in the other languages read ("verdiene knapp 2.400 netto", "salary sirf 18k",
# "28 LPA", "ayda 65 bin net", "emerytura 2800 zł", "uno stipendio da 1.600", "penghasilan nggak nentu"), and having no
# income of one's own ("kendi gelirim yok").
_PAY_AMOUNT = prefiltered(
    r"(?<![\w])(?:(?:(?:ich )?verdiene?|(?:ik )?verdien|gano|ganho|guadagno|je gagne|zarabiam|salary|salário|sueldo|"
    r"stipendio(?: da)?|gehalt|emerytura|pensione|pensión|gaji|maaşım|ayda|penghasilan(?:ku)?)\s+(?:\w+\s+){0,2}?"
    r"(?:around\s+|about\s+|sirf\s+|knapp\s+|ca\.?\s+|circa\s+|około\s+|cuma\s+|só\s+|solo\s+)?\d[\d.,]*\s*"
    r"(?:k|lpa|bin|ribu|rb|juta|jt|mil|zł|euro|€|netto|brutto|net|reais|pesos)?\b(?:\s+(?:netto|brutto|net|al mese|im monat|"
    r"per month|a month|por mes|por mês))?|"
    r"(?:\d[\d.,]*\s*lpa)|penghasilan(?:ku)? (?:ga|gak|nggak|tidak) (?:nentu|tentu|tetap)|kendi gelirim yok|"
    r"je ne gagne pas assez|verdien net genoeg(?: om rond te komen)?)",
    _I,
)
_CJK_MONEY = prefiltered(
    r"(?:一个月|每个月|每月|月)(?:赚|挣|收入|工资)[一二三四五六七八九十百千万两\d]+|(?:还)?欠着?[^，。,]{0,6}?[一二三四五六七八九十百千\d]+万|"
    r"根本不够用|(?:手取り|月収|年収)(?:は|が)?\s*(?:月)?\s*\d+万|(?:월급|연봉)(?:은|이)?\s*(?:세후\s*)?\d+|貯金(?:は|が)?\s*\d+万|年金(?:と|で)[^、。]{0,10}暮らし")


def bare_economic(text: str) -> str | None:
    stripped = re.sub(r"^(?:i'?m\s+|i am\s+|im\s+|it'?s\s+|its\s+|things are\s+|money is\s+|finances are\s+|we'?re\s+|"
                      r"we are\s+|we\s+|i\s+)?(?:doing\s+|getting by\s+)?", "", text.strip(), flags=_I)
    return " ".join(stripped.split()) if _ECONOMIC_BARE.fullmatch(stripped) else None


# ---- Health Status ------------------------------------------------------------------------------------------

_HEALTH = prefiltered(
    r"\b(?:(?:chronic|severe|bad|constant|serious)\s+)?(?:chronic (?:illness|pain|disease|condition|fatigue|migraines?|back pain)|"
    r"(?:type [12] )?(?:pre-?)?diabet\w*|cancer|chemo(?:therapy)?|tumou?r|heart (?:disease|condition|problems?|attack|failure)|"
    r"high blood pressure|hypertension|asthma|arthritis|multiple sclerosis|lupus|hiv|epilep\w+|seizures|disabled|"
    r"(?<!on )(?<!for )(?<!apply )disability(?! (?:benefits|checks?|payments?|insurance))|wheelchair|long covid|fibromyalgia|migraines?|back (?:pain|problems|injury|issues)|(?:knee|hip|shoulder|neck|"
    r"back|heart) surgery|(?:knee|hip|shoulder|neck) (?:pain|injury|problems)|recovering from (?:surgery|an? \w+|cancer|covid)|"
    r"injur(?:y|ies|ed)|broke my (?:leg|arm|back|wrist|ankle|hip)|pregnan\w+|kidney (?:disease|failure|problems|stones)|"
    r"liver (?:disease|problems)|crohn'?s|ibs|colitis|celiac|copd|stroke|concussion|tinnitus|endometriosis|pcos|thyroid"
    r"(?: problems| issues)?|hepatitis|sleep apnea|obes\w+|hearing loss|parkinson'?s|alzheimer'?s|dementia|"
    r"autoimmune(?: disease)?|anemi\w+|terminal(?:ly ill)?|serious(?:ly)? ill(?:ness)?|chronically ill|"
    r"(?<!mental )health (?:problems|issues|conditions?|scare)|medical condition|(?<!mental )illness|"
    r"allerg(?:y|ies)|overweight|obese|high cholesterol|cholesterol|gout|sciatica|scoliosis|herniated disc|psoriasis|"
    r"eczema|cerebral palsy|sickle cell|hypo(?:thyroid\w*)|hyper(?:thyroid\w*)|(?:hip|knee|shoulder) replacement|stent|"
    r"gallbladder|on crutches|broken (?:ankle|leg|arm|wrist|hip|foot)|blind|deaf|sleep apnea|"
    r"(?:back|knees?|hips?|shoulders?|neck|joints?|body) (?:is|are) (?:shot|bad|messed up|wrecked|killing me|a mess|done)|"
    r"(?:back|knees?|hips?) (?:gave|gives) out|(?:on )?dialysis|fibromialgia|fibromyalgie|hipot[ie]r[eo]oidismo|hypothyreose|"
    r"hypothyroïdie|ipotiroidismo|rückenprobleme|knieprobleme|rücken (?:ist )?kaputt|(?:peri)?menopaus\w*|(?:back|knees?|hips?|neck|shoulders?|feet|joints) (?:has|have|is|are|keeps?) "
    r"(?:been )?killing me|fibro(?:myalgia)?|bad (?:back|knees?|hips?|heart|shoulder)|"
    r"presión alta|hipertensión|asma|artritis|colesterol|problemas de (?:espalda|corazón|salud)|dolor de espalda|"
    r"migrañas?|bluthochdruck|asthma|rückenschmerzen|bandscheibenvorfall|herzprobleme|rheuma|migräne|zucker|"
    r"herzschwäche|herzinsuffizienz|(?:sugar|bp|dil) (?:ka|ki) (?:patient|mareez|marij|bimari|problem)|sugar hai|"
    r"asthme|diabète|hypertension|mal au dos|problèmes de dos|arthrose|cholestérol|pressão alta|hipertensão|"
    r"dor nas costas|problema de coluna|enxaqueca|kamar dard|"
    r"diabetes|cáncer|dolor crónico|enfermedad crónica|embarazada|krebs|chronische schmerzen|chronisch krank|schwanger|"
    r"diabète|douleurs? chroniques?|maladie chronique|enceinte|câncer|dor crônica|doença crônica|grávida|"
    r"sugar (?:hai|ki bimari)|bp (?:hai|ki problem)|dil ki bimari|bimar (?:hoon|hu|rehta|rehti)|"
    # more conditions, and the same in other languages ("celiachia", "quebrei o braço", "la pressione un po' alta")
    r"type (?:1|2|one|two|i|ii)(?= diabet| since| for|\s*$|,)|t[12]d|celiac(?: disease)?|coeliac(?: disease)?|"
    r"celiach[ií]a|celíac[oa]|doença celíaca|zöliakie|maladie cœliaque|cœliaque|coeliakie|celiakia|"
    r"(?:my )?blood pressure(?:'s| is)? (?:through the roof|high|up|sky[- ]high|bad)|"
    r"(?:quebrei|fraturei|me rompí|me fracturé|je me suis cassé|ho rotto|mi sono rott[oa]|ich habe mir) (?:o |el |la |le |il |"
    r"den |die |das |my )?(?:braço|perna|pé|brazo|pierna|pie|tobillo|bras|jambe|cheville|braccio|gamba|caviglia|arm|bein|"
    r"fuß|knöchel)(?: gebrochen)?|broke my (?:foot|ribs?|collarbone|hand|elbow)|"
    r"pressione (?:[\w']+ ){0,3}?alta|pressione alta|ipertensione|diabete|tumore|artrosi|mal di schiena|"
    r"chronic (?:kidney|lung|liver) disease|ckd|lupus|sleep apnea|schlafstörung\w*|insomnio|insônia|insonnia|"
    r"slapeloosheid|bezsenność|"
    # "sou diabético", "je suis diabétique", "ich bin Diabetiker", "ik ben diabeet"
    r"diab[eé]tic[oa]s?|diabétique|diabetiker(?:in)?|diabeet|diabetyk(?:iem|iem)?|şeker hastası\w*)\b",
    _I,
)
_HEALTHY = prefiltered(
    r"\b(?:(?:pretty |very |quite |physically |generally |mostly |basically )?(?:healthy|in good (?:health|shape)|"
    r"(?<!closest )(?<!best )(?<!good )(?<!right )(?<!perfect )(?<!a )fit(?!\s+(?:in|into|either|with|the|my|me|a|anywhere|together)\b))|"
    r"physically (?:fine|ok|okay|healthy|good|well)|physically,? i'?m (?:fine|ok|okay|healthy|good|well)|"
    r"(?<!mental )(?<!mental-)(?:my )?(?<!mental )health is (?:good|fine|ok|okay|great|decent)|good health|"
    r"(?:bien|bueno) de salud|buena salud|gesund|health (?:theek|thik|acchi|achhi|badhiya|sahi) hai|"
    r"estoy san[oa]|ich bin gesund|je suis en bonne santé|en bonne santé|estou saudável|saudável|sehat (?:theek|achhi) hai|"
    r"healthy hoon|jestem zdrow[ay]|(?:ik ben|ben ik) (?:kern)?gezond|sono in salute|sto bene di salute|sono san[oa])\b|"
    r"健康です|身体(?:很|挺|还)?(?:好|健康)",
    _I,
)
_HEALTH_NONE = prefiltered(
    r"\b(?:no (?:health (?:problems|issues|conditions|concerns)|(?:medical|physical|chronic) (?:conditions?|illness(?:es)?|"
    r"diseases?|problems|issues)|illness(?:es)?|diseases?)|nothing (?:physical|medical|chronic)|"
    r"sin problemas de salud|ninguna enfermedad|keine (?:krankheiten|erkrankungen|vorerkrankungen)|aucun problème de santé|"
    r"aucune maladie|nenhum problema de saúde|nenhuma doença|koi (?:bimari|beemari) nahi)\b",
    _I,
)
_HEALTH_BARE = prefiltered(
    r"(?:(?:pretty|really|very|quite|mostly|generally|fairly|not|not so|overall)\s+)*(?:good|fine|ok|okay|great|decent|"
    r"alright|not bad|could be better|poor|bad|excellent|healthy|average|so-so|bien|buena|gut|bom|boa|bonne|theek)"
    r"(?:\s+(?:i guess|i think|thankfully|overall|physically|for my age))?",
    _I,
)


# Short names a reader may not know, said in full: the evaluation, enrich.py's caution words and a model all read words.
_HEALTH_NAMES = {
    "ms": "multiple sclerosis (MS)", "als": "ALS (motor neurone disease)", "copd": "COPD (chronic lung disease)",
    "ibs": "IBS (irritable bowel syndrome)", "pcos": "PCOS (polycystic ovary syndrome)", "ckd": "chronic kidney disease (CKD)",
    "ra": "rheumatoid arthritis (RA)", "t1d": "type 1 diabetes", "t2d": "type 2 diabetes", "type 1": "type 1 diabetes",
    "type 2": "type 2 diabetes", "type one": "type 1 diabetes", "type two": "type 2 diabetes", "type i": "type 1 diabetes",
    "type ii": "type 2 diabetes", "pots": "POTS (postural tachycardia syndrome)", "cfs": "chronic fatigue syndrome (CFS)",
    "me/cfs": "chronic fatigue syndrome (ME/CFS)", "eds": "Ehlers-Danlos syndrome (EDS)", "gerd": "acid reflux (GERD)",
}
_HEALTH_ACRONYM = prefiltered(r"\b(?:MS|ALS|COPD|IBS|PCOS|HIV|CKD|RA|T1D|T2D|POTS|CFS|ME/CFS|EDS|GERD)\b")  # case kept


def _health(text: str, personal: bool) -> list[Fact]:
    said_by = _CLINICIAN.search(text)
    if said_by and _personal(text, personal):
        # "my doctor thinks it might be early arthritis": the user's condition, as their doctor put it
        condition = _HEALTH.search(text, said_by.end())
        if condition and not _MENTAL.search(text):
            hedged = re.search(r"\b(?:thinks?|thought|might|maybe|may|could|possibly|suspects?|not (?:yet )?confirmed|"
                               r"nothing(?:'s| is)? confirmed|unconfirmed)\b", text, _I)
            return [Fact("Health Status", text if hedged else _span(text, condition), "hedge" if hedged else "value")]
    none = _HEALTH_NONE.search(text)
    if none and about_user(text, none.start()):
        return [Fact("Health Status", "No conditions reported", "no")]
    match = _HEALTH.search(text) or _HEALTH_ACRONYM.search(text)
    named = None if match else named_condition(text)  # the same in other languages ("Multiple Sklerose", "romatoid artrit")
    start = match.start() if match else named[0] if named else -1
    if start >= 0 and about_user(text, start) and _personal(text, personal):
        if _negated(text, start, 14):
            return [Fact("Health Status", "No conditions reported", "no")]
        kind: Kind = "hedge" if re.search(r"\b(?:i think|maybe|might|probably|possibly|suspect|undiagnosed|forse|credo|"
                                          r"quizás|vielleicht|peut-être|talvez|acho)\b", text, _I) else "value"
        said = _span(text, match) if match else " ".join(text[named[0]:named[1]].split()) if named else ""
        if re.fullmatch(r"type (?:[12]|one|two|i{1,2})", said, _I) and re.search(r"bipol|biegun|биполяр|双相|双極", text, _I):
            return []  # "trouble bipolaire de type 2" names the bipolar disorder's type, not diabetes
        said = _HEALTH_NAMES.get(said.lower(), said)  # "MS" -> "multiple sclerosis (MS)", "type 1" -> its diabetes
        return [Fact("Health Status", said if kind == "value" else text, kind)]
    healthy = _HEALTHY.search(text)
    if healthy and about_user(text, healthy.start()) and not _negated(text, healthy.start(), 8) and _personal(text, personal):
        return [Fact("Health Status", _span(text, healthy), "fine")]
    return []


def bare_health(text: str) -> str | None:
    stripped = re.sub(r"^(?:i'?m\s+|i am\s+|im\s+|it'?s\s+|my health is\s+|health is\s+)", "", text.strip(), flags=_I)
    return " ".join(stripped.split()) if _HEALTH_BARE.fullmatch(stripped) else None


# ---- Education Level ----------------------------------------------------------------------------------------

_EDUCATION = prefiltered(
    # a student whose words name the level: "a grad student", "college sophomore", "大学生", "jestem studentką"
    r"(?:大学院生|大学生|高校生|専門学校生|研究生|本科生|高中生)(?!の(?:頃|ころ|時|とき)|時代|的时候|那会)|"
    # studies dropped, said in Hinglish: the whole phrase, before the degree alone is read ("B.Com beech mein chhod diya")
    r"\b(?:engineering|college|school|padhai|graduation|degree|b\.?tech|b\.?com|b\.?sc|mbbs|diploma|12th|10th)\s+"
    r"(?:\w+\s+){0,3}?chhod (?:di|diya|dia|deni padi|dena pada)\b|"
    r"\b(?:(?:grad(?:uate)?|phd|doctoral|college|university|uni|undergrad(?:uate)?|master'?s|nursing|law|med(?:ical)?) "
    r"student|(?:college|university|uni|high school) (?:freshman|sophomore|junior|senior)|(?:freshman|sophomore|junior|"
    r"senior) (?:in|at) (?:college|uni|university|high school)|student(?:em|ką|ka) (?:\w+ )?(?:studiów|uczelni|"
    r"uniwersytetu|politechniki)?|(?<=jestem )student(?:em|ką))\b|"
    r"\b(?:(?:high school|college) dropout|(?:a |an |my )?(?:high school|secondary school)(?: diploma| degree| graduate| grad)?|(?:finished|graduated|"
    r"dropped out of|didn'?t finish|never finished|quit) (?:high school|school|college|uni(?:versity)?|my degree)|"
    r"(?:a )?ged|some college|community college|(?:an )?associate'?s(?: degree)?|(?:a )?bachelor'?s(?: degree)?(?: in [\w-]+)?|"
    r"(?:a )?(?:college|university|uni|4[- ]year) degree(?: in [\w-]+)?|undergrad(?:uate)?(?: degree)?|"
    r"(?:a )?degree in [\w-]+|(?:a )?master'?s(?: degree)?(?: in [\w-]+)?|(?:an )?mba|(?:a )?ph\.?\s?d\.?|(?:a )?doctorate|"
    r"(?:grad|graduate|law|med|medical|nursing|trade|vocational|business) school|(?:an )?apprenticeship|"
    r"vocational training|trade certificate|(?:first|second|third|fourth|final|last) year (?:of|at|in) (?:college|uni|"
    r"university|my degree|high school|law school|med school)|(?:freshman|sophomore|junior|senior) (?:in|at) "
    r"(?:college|high school|uni)|in (?:college|uni|university)|at (?:college|uni|university)|college (?:grad|graduate)|"
    r"(?:a )?(?:bsc|msc|b\.?tech|m\.?tech|bcom|b\.?com|mbbs|b\.\s?ed|llb)|12th pass|10th pass|post ?graduate|"
    r"(?:dropped out|quit school|left school)(?: (?:in|of|at|after|during|before) (?:the )?(?:\d+th|ninth|tenth|eleventh|"
    r"twelfth|eighth|seventh|junior year|senior year|sophomore year|freshman year)(?: grade)?)?|"
    r"(?:left|quit) (?:school|high school) at \d{2}|(?:didn'?t|did not|never) (?:go|went) to (?:college|uni|university)|"
    r"never went to (?:college|uni|university|high school)|"
    r"(?:finish|finishing|complete|completing|working on|doing|studying for|pursuing|started|starting) (?:my|a|an) "
    r"(?:[\w-]+ )?(?:degree|diploma|master'?s|bachelor'?s|phd|mba|certificate|ged|associate'?s)|"
    r"(?:law|nursing|engineering|business|medical|teaching|art|arts|science|psychology|accounting|finance|computer science|"
    r"cs|it|education|economics|history|english|biology|chemistry|physics|math|maths|film|music|social work|marketing|"
    r"communications|political science|criminal justice) degree|"
    r"(?:a |an )?(?:hvac |welding |nursing |it |trade |teaching |coding )?certification(?: in [\w-]+)?|"
    r"(?:estudiante|estudante|étudiante?|student(?:in)?) (?:de|en|em|der|in|of) [\w-]+|ich studiere [\w-]+|"
    r"(?:j'ai )?(?:arrêté|quitté) (?:l'école|le lycée|les études|mes études)|(?:dejé|abandoné) (?:la escuela|los estudios|"
    r"el colegio|la universidad)|(?:parei de estudar|larguei (?:a escola|os estudos))|(?:schule|studium) abgebrochen|"
    r"(?:school|padhai|college) chhod (?:di|diya)|(?:un|mon|le|el|a|my|the) master\b(?: (?:en|in|de) [\w-]+)?|"
    r"master (?:en|in|de) [\w-]+|máster(?: en [\w-]+)?|graduation|post ?graduation|graduate (?:hoon|hu|hun|hai)|"
    r"(?:10th|12th|dasvi|barvi) (?:pass|tak)|intermediate pass|"
    r"(?:finished|completed|only|just|through|terminé|completé|hasta|up to|till|until|nur|seulement)\s+(?:la |the |a |die |"
    r"l')?(?:primaria|elementary school|middle school|grundschule|école primaire|primary school)|"
    r"(?:a|an|my|einen|un|una|um|den) bachelor (?:in|en|em|de|of) [\w-]+|"
    r"bachillerato|secundaria|licenciatura|máster|maestría|doctorado|abitur|realschule|hauptschule|studium|"
    r"ausbildung|(?:(?<=meine )|(?<=eine )|(?<=die ))promotion|baccalauréat|\bbac\b|licence|doctorat|ensino (?:médio|fundamental|superior)|faculdade|"
    r"graduação|mestrado|doutorado|"
    # Italian, Dutch, Polish, Hinglish and more Portuguese: "dopo il diploma", "mbo niveau 4", "nie mam matury",
    # "studiuję informatykę", "engineering kar li", "superior incompleto"
    r"(?:il |la |un |una |mio |mia )?(?:diploma(?: di maturità)?|maturità|laurea(?: (?:triennale|magistrale|specialistica))?(?: in [\w-]+)?)|"
    r"(?:un|due|tre) anni? di università|ho fatto (?:l'|un anno di )università|sono laureat[oa]|"
    r"(?:havo|vwo|vmbo|mbo|hbo|mavo)(?:[- ]?(?:niveau )?\d)?(?: [\w-]+)?|(?:een )?(?:hbo|wo)[- ]?(?:opleiding|diploma)|"
    r"universiteit|studeer [\w-]+|matur\w*|studiuję(?: [\w-]+)?|(?:jestem )?po (?:studiach|technikum|liceum|zawodówce)|"
    r"\w*schulabschluss|mittlere reife|fachabitur|(?:un|mon|le|j'ai un|j'ai le|j'ai mon) (?:bts|dut|cap|bep|bac pro)|"
    r"skończył(?:em|am) (?:technikum|liceum|studia|szkołę|zawodówkę|podstawówkę|gimnazjum)(?: \w+)?|"
    r"(?:wyższe|średnie|podstawowe) wykształcenie|licencjat\w*|magisterk\w*|"
    r"(?:engineering|graduation|b\.?tech|mbbs|bcom|b\.?sc|ba|ma|mba|12th|10th|polytechnic|diploma) (?:kar li|kar liya|kiya|ki hai|"
    r"kar (?:raha|rahi) (?:hoon|hu|hun)|complete (?:ki|kiya|kar li)|poori (?:ki|kar li))|"
    r"(?:ensino )?superior (?:in)?completo|faculdade (?:in)?complet[ao]|tranquei (?:a faculdade|o curso|a matrícula|no \S+ semestre))\b",
    _I,
)


# The year or grade of study one is in now, in any of the languages read: "in 11th grade", "a sophomore", "engineering
# first year mein hoon", "12th mein hoon", "Student im dritten Semester", "al secondo anno di ingegneria", "en L2 de
# droit", "大四", "大学3年", "semester dua kuliah". Read where the clause speaks of the user.
_ORDINAL = (r"(?:first|second|third|fourth|fifth|final|last|1st|2nd|3rd|4th|5th|primer|segundo|tercer|cuarto|primo|secondo|"
            r"terzo|quarto|quinto|ultimo|premier|première|deuxième|troisième|quatrième|ersten|zweiten|dritten|vierten|"
            r"fünften|sechsten|siebten|\d{1,2}\.?)")
_STUDY_YEAR = prefiltered(
    r"\b(?:(?:i'?m |i am |im |am |currently |now |still )?in (?:the )?(?:\d{1,2})(?:st|nd|rd|th) grade|"
    r"(?:a |an )?(?:college |university |uni |high school |hs )?(?:freshman|sophomore|junior|senior)(?= at| in|\s*,|\s*$| year| studying| doing)"
    r"(?: (?:at|in) (?:a |the )?[\w ]{0,20}?(?:college|university|uni|school|state))?|"
    r"(?:engineering|b\.?tech|b\.?com|b\.?sc|b\.?a|mbbs|college|graduation|bcom|btech|bsc)\s+" + _ORDINAL + r"\s+year|"
    r"(?:10th|11th|12th|9th)\s+(?:class\s+|grade\s+|std\s+)?(?:mein|me|main)\s+(?:hoon|hu|hun|padh\w*)|"
    r"student\w*\s+im\s+" + _ORDINAL + r"\s+semester|im\s+" + _ORDINAL + r"\s+semester|"
    r"(?:studente|studentessa) (?:di|in) \w+(?: al " + _ORDINAL + r" anno)?|"
    r"(?:al|nel|il|faccio il|sono al) " + _ORDINAL + r" anno (?:di |del |della |dell')?(?:liceo|università|universita|"
    r"ingegneria|medicina|giurisprudenza|economia|superiori|\w+)|"
    r"en (?:l[1-3]|m[12]|licence|master|bts|dut|prépa|terminale|première|seconde)(?: (?:de|d'|en) [\w']+)?|"
    r"en " + _ORDINAL + r" année(?: (?:de|d'|en) [\w']+)?|"
    r"(?:estudiante|estudante) de \w+|(?:en|no|na) " + _ORDINAL + r" (?:año|ano|semestre)(?: de \w+)?|"
    r"semester (?:satu|dua|tiga|empat|lima|enam|\d)(?: kuliah)?|"
    r"(?:училась|учился|учусь|вчилася|вчився|навчаюся|навчаюсь) на \w+)\b|"
    r"大[一二三四]|研[一二三]|高[一二三](?!兴)|大学\s*[1-4一二三四]\s*年(?:生)?|高校\s*[1-3一二三]\s*年(?:生)?|"
    r"大学院\s*[1-2一二]\s*年|(?:大学|대학교?)\s*[1-4]\s*학년", _I)


def _study_year(text: str, personal: bool) -> list[Fact]:
    match = _STUDY_YEAR.search(text)
    if match and about_user(text, match.start()) and _personal(text, personal) and not _OTHER.search(text[:match.start()]):
        return [Fact("Education Level", _span(text, match))]
    return []


def _education(text: str, personal: bool) -> list[Fact]:
    match = _EDUCATION.search(text)
    if match and (re.match(r"\s+(?:\w+\s+)?(?:teacher|counsel?lor|principal|coach|sweetheart|friends?|kids?|"
                           r"reunion|days|years|tuition|fees|loans?|debt|application|applications)\b", text[match.end():], _I)
                  or re.match(r"\s+students?\b", text[match.end():], _I) and re.search(
                      r"\b(?:my|our|the|his|her|their|your)\s+(?:\w+\s+)?$", text[:match.start()], _I)
                  or re.search(r"\b(?:when i was|back in|since|during|after|before|since i was)\s+(?:in\s+)?$",
                               text[:match.start()], _I)
                  or re.search(r"\b(?:teach|teaches|teaching|taught|work|working)\s+(?:at\s+|in\s+)?(?:an?\s+|the\s+)?$",
                               text[:match.start()], _I)  # "I teach high school chemistry": the job, not schooling
                  or re.search(r"\b(?:profesor[a]?|maestr[oa]|professor[a]?|prof|professeure?|enseignante?|lehrer(?:in)?|"
                               r"insegnante|docente|leraar|lerares)\s+(?:de|da|do|der|an der|an einer|au|en|di|des|del|"
                               r"na|no|in|at|aan)\s+(?:la\s+|el\s+|une?\s+|een\s+|a\s+|an\s+)?$", text[:match.start()], _I)
                  or re.search(r"\bin\s+$", text[:match.start()], _I) and re.match(r"(?:high|secondary|middle) school",
                                                                               match.group(0), _I)
                  and not re.search(r"\b(?:i'?m|i am|im|still|currently|now|am)\s+in\s+$", text[:match.start()], _I)):
        match = None
    if match and about_user(text, match.start()) and _personal(text, personal):
        said = re.sub(r"^(?:a|an|my)\s+", "", _span(text, match), flags=_I)
        if re.fullmatch(r"(?:in|at) (?:college|uni|university)", said, _I) and not re.search(
                r"\b(?:i'?m|i am|im|still|currently)\b", text, _I) and said.lower() != text.strip().lower():
            return []
        if _negated(text, match.start(), 10) and not re.match(r"(?:didn|never|dropped)", said, _I):
            said = "no " + said
        year = _study_year(text, personal)
        year_at = _STUDY_YEAR.search(text)
        if year and year_at and year[0].value.lower() not in said.lower() and said.lower() not in year[0].value.lower():
            said = f"{year[0].value}, {said}" if year_at.start() < match.start() else f"{said}, {year[0].value}"
        elif year and said.lower() in year[0].value.lower():
            said = year[0].value
        return [Fact("Education Level", said)]
    studied = _MORE_SCHOOL.search(text)
    if studied and about_user(text, studied.start()) and not _OTHER.search(text[:studied.start()]):
        said = _span(text, studied)
        if re.search(r"dejé|deixei|abandon|abbandonat|abgebrochen|bıraktım|bıraktım", said, _I):
            said = f"{said} (dropped out)"
        return [Fact("Education Level", said)]
    return _study_year(text, personal)


# Studies said with a first-person verb in the other languages read, with what is studied or the level: "estudio
# enfermería", "estoy estudiando ingeniería civil", "hab BWL studiert", "ich studiere Informatik", "faccio l'università",
# "me formei em direito", "hemşirelik okudum", "makine mühendisliği 2. sınıftayım", "bin in der 11. Klasse", "je suis au
# cégep", "dejé la uni en primero", "terminé la prepa", "đang học năm cuối đại học", "lagi nyusun skripsi".
_MORE_SCHOOL = prefiltered(
    r"(?<![\w])(?:(?:estudio|estoy estudiando|estudié|estudo|estou estudando|estudei|studiere|ich studiere|studier)\s+"
    r"(?!(?:para|pra|pour|für|por|la (?:posibilidad|opción)|a (?:possibilidade|opção)|opciones|opções|mucho|muito|"
    r"poco|pouco|bien|bem)\b)[\wáéíóúâêôãõçäöüß-]+(?:\s+(?:civil|social|industrial|informática|de \w+|en \w+|na \w+))?|"
    r"(?:hab|habe|ich habe)\s+[\wäöüß-]+\s+studiert|"
    r"(?:faccio|frequento) l'università|faccio (?:la|il) (?:magistrale|triennale|dottorato)|"
    r"me formei em\s+[\wáéíóúâêôãõç]+|me gradué (?:en|de)\s+[\wáéíóúñ]+|"
    r"[\wçğıöşü]+(?:\s+[\wçğıöşü]+)?\s+okudum|[\wçğıöşü]+(?:\s+[\wçğıöşü]+)?\s+\d\.\s*sınıftayım|"
    r"bin in der \d{1,2}\.\s*klasse|je suis au (?:cégep|lycée|collège)|je suis en (?:terminale|première|seconde|licence|master|"
    r"bts|bac pro)(?:\s+\w+)?|"
    r"(?:dejé|deixei|abandoné|abandonei) (?:la uni|la universidad|a faculdade|a facul|el instituto|la carrera|o curso)"
    r"(?:\s+en\s+\w+)?|(?:terminé|solo terminé|só terminei|terminei) (?:la prepa|la secundaria|el bachillerato|la prepa|"
    r"o ensino médio|o médio)|"
    r"đang học\s+(?:năm\s+\w+\s+)?(?:đại học|cao học|cấp ba)|(?:lagi |sedang )?(?:nyusun|ngerjain) skripsi)",
    _I,
)


# ---- Mental Health Status -----------------------------------------------------------------------------------

_CONDITION = (
    r"(?:(?:mild|severe|major|clinical|chronic|bad|some|a lot of|high[- ]functioning|postpartum|post[- ]partum|seasonal|"
    r"social|generali[sz]ed|treatment[- ]resistant|untreated|diagnosed)\s+)*"
    r"(?:depression|depressive (?:disorder|episodes?)|anxiety(?: disorder| attacks)?|gad|panic (?:attacks?|disorder)|"
    r"bipolar(?: disorder| \w+)?|c-?ptsd|ptsd|trauma|ocd|adhd|add\b|autis(?:m|tic)|asperger'?s|eating disorder|anorexi\w*|"
    r"bulimi\w*|binge eating|schizo\w+|psychosis|borderline(?: personality disorder)?|bpd|burnout|insomnia|"
    r"addiction|alcoholi\w+|substance (?:abuse|use)|mental (?:health (?:issues|problems|struggles|condition)|illness)|"
    r"personality disorder|dissociati\w+|grief|"
    r"depresión|ansiedad|ataques de pánico|trastorno (?:del? |de la )?\w+|depressionen?|angststörung|angstzustände|panikattacken|"
    r"dépression|anxiété|crises d'angoisse|attaques de panique|bipolaire|depressão|ansiedade|crises de pânico)"
)
_MENTAL = prefiltered(
    rf"\b(?:{_CONDITION}|(?:in|going to|started|doing|attend(?:ing)?) (?:therapy|counsel?ling)|(?:see|seeing|saw|have) a "
    rf"(?:therapist|psychiatrist|counsel?lor|psychologist)|on (?:meds|medication|antidepressants|ssris?|lexapro|zoloft|"
    rf"prozac|sertraline|fluoxetine|citalopram|escitalopram|wellbutrin|lithium|seroquel|adderall|ritalin)|"
    rf"diagnosed with (?![\w\s'-]{{0,20}}\b(?:cancer|tumou?r|diabetes|leukemia|lymphoma|sclerosis|arthritis|disease)\b)"
    rf"(?!(?:type|diabetes|cancer|asthma|hypo|hyper|thyroid|arthritis|high blood|ms\b|lupus|epilep|"
    rf"hiv|copd|crohn|celiac|endometriosis|pcos|long covid|covid|fibro|heart|kidney|liver|migraine|sleep apnea|"
    rf"a (?:heart|kidney|brain|tumou?r)))[\w\s'-]{{3,30}}|sober|in recovery|(?:been |stayed |staying )?clean (?:from|off) [\w-]+(?: for [\w\s]{{1,15}})?|\d+ (?:years?|months?|days?) clean|en terapia|in therapie|en thérapie|em terapia|"
    rf"antidepresivos|antidepressiva|antidépresseurs|antidepressivos)\b",
    _I,
)
_MENTAL_NONE = prefiltered(
    r"\b(?:no (?:diagnos\w+|mental health (?:issues|problems|conditions|history|concerns)|(?:known )?mental (?:conditions|"
    r"issues|problems|history|illness))|nothing (?:diagnosed|mental)|"
    r"never (?:been )?diagnosed(?! but)|not diagnosed with anything|(?:mentally|psychologically) (?:fine|ok|okay|healthy|"
    r"stable|good|well)|mental health is (?:fine|good|ok|okay)|ningún diagnóstico|sin diagnóstico|ningún problema|"
    r"keine (?:diagnose|psychischen (?:probleme|erkrankungen))|aucun diagnostic|pas de diagnostic|nenhum diagnóstico|"
    r"sem diagnóstico|nada diagnosticado|nichts diagnostiziert|rien de diagnostiqué|nada diagnosticado|"
    r"nunca (?:me )?(?:han |ha )?diagnosticad\w+|nunca fui diagnosticad[oa]|(?:nie|noch nie) diagnostiziert|"
    r"jamais (?:été )?diagnostiquée?|kabhi (?:koi )?diagnosis nahi|koi diagnosis (?:nahi|nahin))\b",
    _I,
)
_HEDGE_WORDS = prefiltered(r"\b(?:i think|maybe|might|probably|possibly|suspect|self[- ]diagnosed|undiagnosed|"
                           r"not diagnosed|never diagnosed|not officially|kind of|sort of|a little|a bit|i guess|could be|"
                           r"creo que|quizás|vielleicht|peut-être|talvez|acho que|shayad)\b", _I)


# A clinician speaking of the user: "my old therapist mentioned ADD once", "they said bipolar II back in 2019". What
# they said is the user's condition, hedged when it was only mentioned or suggested.
_CLINICIAN = prefiltered(r"\b(?:my (?:old |new |former |last |current )?(?:therapist|doctor|gp|psychiatrist|counsel?lor|"
                         r"psychologist|psych)|the (?:doctors?|psychiatrist|therapist)|(?:the )?doctors|they) "
                         r"(?:\w+ )?(?:said|say|says|mentioned|thinks?|thought|told me|suggested|diagnosed (?:me|it)|called it|"
                         r"put me on|has me on|started me on)\b", _I)
_MY_CLINICIAN = prefiltered(r"\bmy (?:therapist|psychiatrist|counsel?lor|psychologist|psych|shrink)\b|"
                            r"\b(?:mi|mon|ma|meu|minha|mein|meine|il mio|la mia) (?:terapeuta|psiquiatra|psicólog[oa]|psy|"
                            r"psychiatre|therapeut(?:in)?|psychiater(?:in)?|psicolog[oa]|psichiatra)\b", _I)
_MEDS_SAID = prefiltered(r"\b(?:(?:been |i'?m |i am )?on|taking|take|tomo|tomando|nehme|je prends|prendo|biorę|neem|i take)\s+"
                         r"(?:\w+\s+)?(?:lamictal|lamotrigine|lexapro|zoloft|prozac|sertraline|sertralina|sertralin|fluoxetin\w*|"
                         r"escitalopram|citalopram|paroxetin\w*|venlafaxin\w*|effexor|cymbalta|duloxetin\w*|abilify|"
                         r"aripiprazol\w*|quetiapin\w*|seroquel|lithium|litio|lítio|wellbutrin|bupropion|mirtazapin\w*|"
                         r"antidepresivos?|antidepressiv\w*|antidépresseurs?|antidepressivos?|antidepressivi|"
                         r"antidepressants?|adderall|ritalin|concerta|vyvanse|elvanse|methylphenidat\w*)\b", _I)


def _mental(text: str, personal: bool) -> list[Fact]:
    said_by = _CLINICIAN.search(text)
    if said_by and _personal(text, personal):
        condition = re.search(rf"\b{_CONDITION}", text[said_by.end():], _I)
        if condition:
            hedged = re.search(r"\b(?:mentioned|suggested|thinks?|thought|might|maybe|possibly|not official|nothing official)\b",
                               text, _I)
            return [Fact("Mental Health Status", text if hedged else _span(text[said_by.end():], condition),
                         "hedge" if hedged else "value")]
    match = _MENTAL.search(text)
    if not (match and about_user(text, match.start()) and _personal(text, personal)):
        meds = _MEDS_SAID.search(text)
        if meds and about_user(text, meds.start()) and _personal(text, personal):
            return [Fact("Mental Health Status", _span(text, meds), "aux")]  # "been on lamictal since"
        mine = _MY_CLINICIAN.search(text)
        if mine and _personal(text, personal):
            return [Fact("Mental Health Status", "in therapy (" + _span(text, mine) + ")", "aux")]  # "my therapist knows"
    if match and about_user(text, match.start()) and _personal(text, personal):
        if _negated(text, match.start(), 14) and not _HEDGE_WORDS.search(text):
            return [Fact("Mental Health Status", "None reported", "no")]
        if _HEDGE_WORDS.search(text):
            return [Fact("Mental Health Status", text, "hedge")]
        condition = re.search(rf"\b{_CONDITION}", text, _I)
        if condition and about_user(text, condition.start()):
            return [Fact("Mental Health Status", _span(text, condition))]
        return [Fact("Mental Health Status", _span(text, match), "aux")]
    none = _MENTAL_NONE.search(text)
    if none and about_user(text, none.start()):
        return [Fact("Mental Health Status", "None reported", "no")]
    return []


# ---- Past Self-Harm History ---------------------------------------------------------------------------------

_SH_ACT = prefiltered(
    r"\b(?:cut|cutting|cuts|burn(?:ed|t|ing)?|hurt(?:ing)?|harm(?:ed|ing)?|injur(?:ed|ing)|scratch(?:ed|ing)?|hit(?:ting)?|"
    r"starv(?:ed|ing)|punch(?:ed|ing)?)\s+(?:myself|me\b)|\bself[- ]?harm(?:ed|ing)?\b|\bself[- ]?injur\w*|"
    r"\b(?:attempted|tried to commit|tried) suicide\b|\bsuicide attempts?\b|\battempted\b(?=.*\b(?:before|once|twice|"
    r"years? ago|in the past)\b)|\b(?:tried|attempted|trying|attempting) to (?:kill|end|hurt|off) (?:myself|my life|it all|things|everything)\b|\bdid (?:cut|burn|hurt myself)\b|"
    r"\btried to take my (?:own )?life\b|\b(?:took|swallowed) (?:a bunch of|a handful of|too many|all (?:my|the|of my)|"
    r"a lot of|some|a whole bottle of) (?:my )?(?:pills|tablets|sleeping pills|painkillers|meds)\b|"
    r"\b(?:tried|attempted|try) to (?:hang|drown|poison|shoot|overdose|jump off|cut) (?:myself|\w+)|\bhang(?:ed)? myself\b|"
    r"\bslit my wrists?\b|\bpunch(?:ed|ing)? (?:walls|the wall|things)\b.*\bbled\b|\b(?:until|till) (?:it|they|my \w+) bled\b|"
    r"\bbang(?:ed|ing)? my head\b|\b(?:used to|would|started|start|began|begun|stopped) (?:cut|cutting|burn|burning|"
    r"self[- ]?harm\w*|hurt myself|hurting myself)\b|\b(?:cut|cutting|burn(?:ed|t)?|scratch(?:ed)?) my (?:arms?|wrists?|legs?|"
    r"thighs?|skin|stomach|hips?)\b|\bpick(?:ed|ing)? at my skin\b|\boverdos(?:ed|e)\b|\b(?:an|one|two|a few|several) attempts?\b|"
    r"\bme (?:corté|cortaba|cortaba|he cortado|hice daño|he hecho daño|lastimé|he lastimado|autolesion\w+)|"
    r"\bintenté (?:suicidarme|quitarme la vida|matarme)|\bautolesi\w+|\bmich (?:\w+\s+)?(?:geritzt|selbst verletzt|verletzt)|"
    r"\bselbstverletz\w*|\bsuizidversuch\w*|\bversucht,? mich umzubringen|\bme suis (?:déjà\s+|jamais\s+)?(?:scarifiée?|fait du mal|fait de mal|"
    r"coupée?|mutilée?)|\bme scarifiais|\btentative de suicide|\bautomutil\w+|\bessayé de me (?:suicider|tuer)|"
    r"\bme (?:cortava|cortei|machuquei|machucava)|\btentei (?:me matar|suic[íi]dio)|\btentativa de suic[íi]dio|"
    r"\b(?:khud ko|apne aap ko|khudko) (?:hurt|nuksan|chot|cut|harm)|\bsuicide (?:try|attempt) kiya|"
    # Italian
    r"\bmi (?:tagliavo|sono tagliat[oa]|taglio|facevo del male|sono fatt[oa] del male|bruciavo|graffiavo|ferivo|"
    r"sono ferit[oa] (?:apposta|di proposito))|\bautolesionism\w*|\b(?:ho )?tentato (?:il suicidio|di uccidermi|di togliermi la vita)|"
    # Chinese and Japanese (no word boundaries)
    r"割(?:过)?腕|自残|自伤|自殘|自殺未遂|自杀过|自殺を?(?:図|はか)|(?:伤害|伤|划|割|烫|打)(?:过)?(?:了)?自己|吞(?:过)?(?:了)?药|"
    r"吃(?:了|过)(?:很多|一堆|一整瓶|好多)(?:的)?(?:安眠药|药)|リストカット|自傷|(?:腕|手首|足)を切(?:って|った|る)|"
    # "I cut again last night", "I relapsed and cut": cutting with no object, said of a time
    r"\bi (?:cut|burned) (?:again|last night|yesterday|today|this morning|this week|for the first time)\b|\brelapsed\b|"
    # an overdose told in other words: "taking too much of something on purpose"
    r"\b(?:took|taking|take|swallowed) (?:too (?:much|many)|a (?:bunch|handful|lot)|way too (?:much|many))\b"
    r"(?=[^.]{0,40}\b(?:on purpose|intentionally|deliberately)\b)|"
    # Dutch and Polish
    r"\bmezelf (?:gesneden|pijn gedaan|beschadigd)|\bzelfbeschadig\w*|\bsneed mezelf|\bsamookalecz\w*|"
    r"\b(?:cięłam|ciąłem|cięłem|okaleczałam|okaleczałem) się",
    _I,
)
_SH_INTENT = prefiltered(r"\b(?:want(?:ed)? to|wanna|going to|gonna|thinking (?:of|about)|thought (?:of|about)|"
                         r"feel like|urges? to|tempted to|afraid i(?:'ll| will)|might|could|would never|"
                         r"pensato di|voglia di|volevo|vorrei|paura di)\s+(?:\w+\s+)?$|"
                         r"(?:想过|想要|想|差点|打算|曾经想|怕自己会?)\s*(?:要|去)?$", _I)
_SH_THOUGHT = prefiltered(
    r"\b(?:thought about (?:it|that|hurting|cutting|self[- ]?harm|suicide|ending|killing|dying|doing)|"
    r"think about (?:it|that|hurting|cutting|self[- ]?harm|suicide|ending|killing|dying)|thoughts? (?:of|about) "
    r"(?:self[- ]?harm|hurting|cutting|suicide|ending|killing|dying)|had (?:the |those |some |dark )?thoughts|"
    r"(?:dark|intrusive|suicidal|passive) thoughts|urges?\b|came close|almost (?:did|went through|cut|hurt)|"
    r"considered (?:it|self[- ]?harm|suicide|hurting)|crossed my mind|ideation|"
    r"he pensado en|pensé en hacerlo|lo he pensado|lo pensé|daran gedacht|y ai pensé|j'y ai (?:déjà )?pensé|já pensei|"
    r"pensei nisso|"
    r"socha (?:hai|tha)|khayal aaya|ci ho pensato|pensieri (?:di|del genere|brutti))\b|"
    r"(?:自杀|自残|轻生|死)的?念头|想过(?:自杀|死|伤害自己|割腕|结束(?:自己的)?生命)|想死",
    _I,
)
_SH_NONE = prefiltered(
    r"\b(?:never (?:\w+\s+)?(?:acted on (?:it|them|the thoughts|those thoughts)|went through with it|gone that far|"
    r"(?:did|done) anything (?:like that|to myself))|no (?:self[- ]?harm|history of self[- ]?harm|(?:suicide )?attempts?)|"
    r"nunca lo (?:hice|he hecho)|nie (?:gemacht|getan)|(?:je ne l'ai )?jamais (?:fait|passé à l'acte)|nunca (?:fiz|fiz isso)|"
    r"kabhi (?:kiya nahi|nahi kiya)|non mi sono mai fatt[oa] del male)\b|"
    r"(?:从来|从)?没(?:有)?(?:伤害过自己|这样伤害过|自残过|割过腕)|从未(?:伤害过自己|自残)",
    _I,
)


def _self_harm(text: str, personal: bool) -> list[Fact]:
    act = _SH_ACT.search(text)
    thought = _SH_THOUGHT.search(text)
    if act and about_user(text, act.start()) and not re.search(r"\b(?:herself|himself|themselves)\b", act.group(0), _I):
        before = text[:act.start()]
        after = text[act.end():]
        if _negated(text, act.end(), 30 + len(act.group(0))) or re.match(
                r"\s*(?:\w+\s+)?(?:nahi|nahin|nai|nicht|não|pas)\b", after, _I):
            return [Fact("Past Self-Harm History", "None", "no" if not thought else "hedge")]
        if _SH_INTENT.search(before):
            return [Fact("Past Self-Harm History", text, "thought")]
        return [Fact("Past Self-Harm History", "Yes", "yes")]
    none = _SH_NONE.search(text)
    if none:
        return [Fact("Past Self-Harm History", "None", "no")]
    if thought and about_user(text, thought.start()):
        if _negated(text, thought.start(), 12):
            return [Fact("Past Self-Harm History", "None", "no")]
        return [Fact("Past Self-Harm History", text, "thought")]
    return []


# ---- Emotional State ----------------------------------------------------------------------------------------

_FEELINGS = (
    r"hopeless|helpless|worthless|empty|numb|depressed|anxious|nervous|scared|afraid|terrified|frightened|panick(?:y|ing|ed)|"
    r"overwhelmed|exhausted|drained|burn(?:ed|t|ing) out|lonely|isolated|sad|miserable|heartbroken|devastated|crushed|angry|"
    r"furious|frustrated|irritated|annoyed|resentful|bitter|ashamed|guilty|embarrassed|humiliated|stressed(?: out)?|"
    r"confused|desperate|trapped|broken|defeated|discouraged|disappointed|betrayed|jealous|insecure|restless|on edge|"
    r"wiped(?: out)?|worn (?:out|down)|run down|shaky|jittery|aimless|directionless|listless|demotivated|hollow|"
    r"grieving|mourning|self-conscious|homesick|heartsick|thrilled|elated|overjoyed|ecstatic|"
    r"useless|proud of myself|bummed(?: out)?|down in the dumps|petrified|mortified|irritable|cranky|grumpy|"
    r"fragile|despondent|dejected|demoralis(?:ed|ing)|demoraliz(?:ed|ing)|disheartened|disillusioned|"
    r"(?:happier|sadder|lonelier|calmer) than (?:i'?ve been |i have been |ever |in )?(?:in )?(?:a (?:long )?while|ages|years|months|ever)|"
    r"(?:which|that|it|this) (?:really |kind of |kinda )?(?:scares|terrifies|worries|stresses|freaks) me(?: out)?|"
    r"(?<!not )(?<!n't )proud of (?:that|it|how far i'?ve come)|"
    r"tense|uneasy|worried|dreading(?: it)?|(?:under|feeling) (?:a lot of|so much|a ton of|huge|constant|enormous) pressure|(?<=i'm )under pressure|hopeful|optimistic|relieved|happy|excited|content|grateful|motivated|determined|confident|"
    r"peaceful|at peace|calm|relaxed|tired|sleepy|fatigued|apathetic|indifferent|bored|unmotivated|ambivalent|conflicted|"
    r"torn|uncertain|pissed(?: off)?|upset|distraught|gutted|shattered|shaken|rattled|tearful|suicidal|unhappy|"
    r"a mess|a wreck|falling apart|at the end of my rope|at my wits'? end|can'?t cope|barely holding on|not coping|"
    r"fed up|sick of (?:it|everything)|over it|all over the place|up and down|not myself|out of it|"
    r"can'?t stop crying|crying (?:all the time|a lot|every day|constantly)|keep crying|on the verge of tears|"
    r"worrying|worried sick|can'?t stop worrying|like a (?:failure|burden|fraud|loser|disappointment)|"
    r"like giving up|(?:don'?t|can'?t) feel anything(?: anymore)?|quemad[oa]|quemadísim[oa]|"
    r"lloro (?:todos los días|mucho|a diario)|choro (?:todo dia|muito)|je pleure (?:tout le temps|souvent|tous les jours)|"
    r"ich weine (?:oft|viel|jeden tag)|piango (?:spesso|sempre|ogni giorno)|(?:meio |bem |muito )?pra baixo|para baixo|"
    r"(?:theek|thik|accha|achha|acha) (?:nahi|nahin)|"
    r"agobiad(?:[oa]|ísim[oa])|rayad[oa]|ralladísim[oa]|rallad[oa]|preocupad[oa]|angustiad[oa]|vac[ií][oa]|solo y triste|niedergeschlagen|kaputt|leer|traurig|"
    r"perdue?|inquiète?|découragée?|triste|preocupad[oa]|angustiad[oa]|ansios[oa]|desanimad[oa]|udaas|tanav|"
    r"stress(?:ed)? mein|dukhi|scared shitless|freaked out|freaking out|heavy|weighed down|"
    r"triste|cansad[oa]|agotad[oa]|desesperad[oa]|sin esperanza|ansios[oa]|nervios[oa]|estresad[oa]|abrumad[oa]|"
    r"deprimid[oa]|enojad[oa]|frustrad[oa]|tranquil[oa]|asustad[oa]|perdid[oa]|traurig|müde|erschöpft|hoffnungslos|"
    r"verzweifelt|ängstlich|nervös|gestresst|überfordert|einsam|deprimiert|wütend|frustriert|ausgebrannt|"
    r"fatiguée?|épuisée?|désespérée?|sans espoir|anxieu(?:x|se)|angoissée?|stressée?|dépassée?|débordée?|déprimée?|"
    r"en colère|frustrée?|exaust[oa]|sem esperança|sobrecarregad[oa]|sozinh[oa]|estressad[oa]|irritad[oa]|"
    r"udaas|dukhi|pareshan|thak(?:a|i) hu(?:a|i)|thak gay(?:a|i)|akel(?:a|i)|dar(?:a|i) hu(?:a|i)|gussa|khush|"
    r"tension mein|nirash|ghabrahat|bechain|"
    # feelings told as what the days are like, and a few more languages' words
    r"(?:haven'?t|have not|can'?t|couldn'?t|didn'?t|did not|barely|hardly) (?:gotten|get|got|getting|been able to get) "
    r"out of bed|like i'?m (?:failing|drowning|a failure|a burden|going crazy|losing my mind|falling apart|suffocating)|"
    r"(?:\w+ ki )?tension (?:hai|ho rahi|ho gayi|rehti)|je déprime|déprim\w*|ich grüble|grübeln|grübel\w*"
)
_AMBIGUOUS = (
    r"fine|good|great|ok|okay|alright|all right|bad|awful|terrible|horrible|rough|low|down|lost|better|worse|stuck|"
    # "bien" / "bem" before a participle or an adjective is "very", not "fine" ("estou bem assustada", "bien jodido")
    r"alone|done|hurt|so-so|not bad|meh|weird|off|blah|crap|shit|shitty|lousy|sick|(?:bien|bem)(?!\s+\w{2,}(?:ad[oa]s?|id[oa]s?|os[oa]s?))|"
    r"mal|fatal|feliz|content[oa]?|"
    r"gut|schlecht|ruhig|glücklich|calme|heureu(?:x|se)|seule?|perdue?|vide|"
    r"feliz|calm[oa]|"
    # "solo"/"sola" is lonely at the end of what is said ("me siento solo"), "only" before another word ("parliamo solo dei numeri")
    r"sol[oa](?=\s*(?:$|[,.;:!?)]|(?:y|e|ed|o|ma|pero|porque|perché|da|desde)\b))|theek|accha|acha|"
    r"goed|slecht|lekker|prima|słabo|dobrze|źle|kiepsko|down|terrible|génial|top"
)
_MODIFIER = (r"(?:(?:not|really|very|so|pretty|quite|kind of|kinda|sort of|sorta|a bit|a little|a little bit|extremely|"
             r"incredibly|totally|completely|super|fairly|rather|somewhat|mostly|mildly|deeply|utterly|absolutely|too|"
             r"more|less|increasingly|constantly|always|just|still|also|mainly|honestly|genuinely|slightly|a lot more|"
             r"muy|bastante|un poco|sehr|ziemlich|etwas|ein bisschen|très|assez|un peu|muito|bem|meio|um pouco|bahut|"
             r"thoda|kaafi|nicht so|nicht|niet zo|niet|pas très|pas|no muy|não muito|non molto|nie)\s+)*")
_FEELING = prefiltered(rf"\b{_MODIFIER}(?:{_FEELINGS})\b", _I)
_FEELING_AMBIGUOUS = prefiltered(rf"\b{_MODIFIER}(?:{_AMBIGUOUS})\b", _I)
_FRAME = prefiltered(
    r"(?:\b(?:i'?m|i am|im|i feel|i'?m feeling|feeling|feel|i'?ve been|been|doing|i'?m doing|felt|i felt|i get|getting|"
    r"estoy|me siento|ando|ich bin|ich fühle mich|mir geht(?:'s| es)|fühle mich|je suis|je me sens|ça va|je vais|"
    r"estou|me sinto|sinto-me|tô|main|hoon|lag raha|lag rahi|feel kar raha|feel kar rahi)\s+"
    rf"{_MODIFIER})$",
    _I,
)
_NOT_FEELING_AFTER = prefiltered(r"^\s*(?:(?:of|at|for|with|to|in)\s+(?:my|the|a|this|that|your|it)\b|(?:with|at)\b|job|money|person|"
                                 r"(?:even )?(?:saying|asking|talking|admitting|writing|telling)\b|"
                                 r"idea|thing|news|day|days|time|times|weather|friend|deal|question|point|luck|one|enough|few|couple|week|weeks|"
                                 r"month|months|year|years|patch|night|start|spot|situation|stretch)", _I)


_CONDITIONAL = prefiltered(r"\b(?:seem|look|sound)s?\s*$|\b(?:when|whenever|if|unless|once)\s+(?:i'?m|i am|i get|i feel|i was|"
                           r"i'?ve been|i'?m feeling|things get|that'?s|that is|it'?s|it is)\s+(?:\w+\s+)?$", _I)


_FEEL_FRAME = prefiltered(rf"\b(?:i (?:(?:just|really|honestly|still|kinda|kind of|sometimes|often|always|do|also) )?feel|i'?m feeling|i'?ve been feeling|feeling|i felt|me siento|je me sens|ich fühle mich|"
                          rf"me sinto|feel kar (?:raha|rahi))\s+{_MODIFIER}$", _I)
_PAST_FEELING = prefiltered(r"\b(?:always felt|used to (?:feel|be)|never felt|felt that way (?:back )?when|"
                            r"when i was (?:younger|a kid|a teen(?:ager)?|in school))\s+(?:\w+\s+){0,3}$", _I)


# Things, not the user, described: "my income is all over the place", "the schedule is a mess".
_THING_SUBJECT = prefiltered(r"\b(?:my|the|our) (?:income|money|pay|paycheck|schedule|hours|finances|room|house|place|hair|"
                             r"apartment|car|shifts?|budget|sleep|life)(?:'s| is| are| has been| have been| was)\s+(?:\w+\s+)?$", _I)


def _feeling_matches(text: str, bare: bool, strong_only: bool = False) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for match in _FEELING.finditer(text):
        before = text[:match.start()]
        if _THING_SUBJECT.search(before):
            continue
        if about_user(text, match.start()) and not _CONDITIONAL.search(before) and not _PAST_FEELING.search(before):
            spans.append((match.start(), match.end()))
    if strong_only:
        for match in _FEELING_AMBIGUOUS.finditer(text):
            if not any(s <= match.start() < e for s, e in spans) and _FEEL_FRAME.search(text[:match.start()]) and \
                    about_user(text, match.start()) and not _NOT_FEELING_AFTER.match(text[match.end():]):
                spans.append((match.start(), match.end()))
        return sorted(spans)
    for match in _FEELING_AMBIGUOUS.finditer(text):
        if any(s <= match.start() < e for s, e in spans):
            continue
        before = text[:match.start()]
        framed = bool(_FRAME.search(before)) or bool(re.search(r"\b(?:i'?m|i am|im|feel|feeling)\b", match.group(0), _I))
        if _CONDITIONAL.search(before) or (re.search(r"\b(?:better|worse)\s*$", match.group(0), _I) and not bare
                                           and not re.search(r"\bfeel(?:ing|s)?\s+(?:\w+\s+)?$", before, _I)):
            continue  # "if I feel better", "doing better now" (of a condition, not a feeling)
        if (framed or bare) and about_user(text, match.start()) and not _NOT_FEELING_AFTER.match(text[match.end():]):
            if re.search(r"\b(?:lost|hurt|done|down|off)\s*$", match.group(0), _I) and re.match(
                    r"\s+(?:my|the|a|an|his|her|their|our|it|this|that|with|work|to|from|at|on|in|for|some|someone|"
                    r"everyone|today|tomorrow|him|them|me|myself|there|here)\b", text[match.end():], _I) and not bare:
                continue  # "lost my job", "hurt my back", "done with school", "down the road", "off work"
            spans.append((match.start(), match.end()))
    return sorted(spans)


# A negation shortly before the first feeling word, with no punctuation between ("I'm not feeling good", "no me
# siento bien", "não estou bem", "nie czuję się dobrze", "niet echt goed", "I don't feel okay"); Japanese denies
# after the word (negations.DENIED_AFTER_JA: "落ち込んでない").
_NEGATION_BEFORE = prefiltered(
    r"(?:\b(?:not|never|no|nunca|jamás|não|nao|nie|niet|nicht|pas|non|nn|ne|nem|ni|dont|isnt|aint|havent)\b|"
    r"\b\w+n't\b)[^,.;:!?()\n]{0,30}$", _I)


def feeling_phrase(text: str, bare: bool = False, strong_only: bool = False) -> str | None:
    """The words that name how the user feels, from the first feeling to the last ("calm but tired", "pretty
    hopeless", "not great"), or None. `bare`: the clause answers "how are you feeling?" on its own, so "fine" or
    "rough" count without "I feel". `strong_only`: only words that name a feeling whatever the question ("hopeless",
    "scared"), not "okay" or "low", which answer the question asked ("I'm okay" to "how are things financially?")."""
    spans = _feeling_matches(text, bare, strong_only)
    if not spans:
        return None
    start, end = spans[0][0], spans[-1][1]
    negation = _NEGATION_BEFORE.search(text[max(0, start - 40):start])
    if negation:  # "no me siento bien", "not feeling good", "niet echt goed": the negation is part of what was said
        start = max(0, start - 40) + negation.start()
    denial = DENIED_AFTER_JA.match(text, end)
    if denial:  # "落ち込んでないです", "悲しくない"
        end = denial.end()
    between = text[start:end]
    if len(between.split()) > 8:  # far-apart feelings: keep the feeling words only
        return ", ".join(" ".join(text[s:e].split()) for s, e in spans)
    return " ".join(between.split()).strip(" ,.;:")


# Getting better, said of oneself now: "I'm doing much better now", "I'm in a better place", "estoy mucho mejor",
# "tô melhor", "je vais mieux", "mir geht es jetzt besser", "sto un po' meglio", "het gaat beter", "jest lepiej",
# "I'm stable right now". Not better at something, better off, better paid or better financially, nor a wish ("I
# want to feel better", "if I get better").
_BETTER_DEGREE = (r"(?:(?:so |very |a lot |a little |a bit |a little bit |much |way |far |slightly |somewhat |mucho |un poco |"
                  r"bastante |algo |muito |um pouco |bem |beaucoup |un peu |bien |déjà |viel |etwas |deutlich |schon |"
                  r"wieder |molto |un po' |decisamente |già |veel |een stuk |al |wat |już |trochę |dużo |znacznie |"
                  r"ya |já |now |jetzt |nu |teraz |ahora |agora |adesso |ora |maintenant )*)")
_IMPROVED = prefiltered(
    rf"\b(?:(?:i'?m|i am|im|i'?ve been|been|i feel|i'?m feeling|feeling|i'?m doing|doing|i'?m now|now)\s+(?:now\s+)?"
    rf"(?:{_BETTER_DEGREE}better|in a {_BETTER_DEGREE}(?:better|good|healthier|safer) place|(?:pretty |fairly |mostly )?stable"
    rf"(?= now| right now| these days| at the moment| for now|$|[,.;!])|not in crisis)|"
    rf"(?:estoy|me siento|voy|ando|estou|tô|to|me sinto|sinto-me|je vais|ça va|je me sens|je suis|mir geht(?:'s| es)?|"
    rf"es geht mir|geht'?s mir|geht es mir|ich fühle mich|sto|mi sento|het gaat|ik voel me|gaat het|jest|czuję się|czuje się)\s+"
    rf"{_BETTER_DEGREE}(?:mejor|melhor|mieux|besser|meglio|beter|lepiej|stabil[e]?|estable|estável|stable)|"
    rf"(?:teraz|już|now|ahora|agora|maintenant|jetzt|adesso|nu) (?:jest|es|é|c'est|ist|è|is) {_BETTER_DEGREE}"
    rf"(?:lepiej|mejor|melhor|mieux|besser|meglio|beter|better))\b"
    rf"(?!\s+(?:at|off|than (?:you|him|her|them|most)|paid|pagad[oa]|payé|bezahlt|pagat[oa]|financially|"
    rf"económicamente|financeiramente|financièrement|finanziell|money-wise|with money|de dinero|de dinheiro|"
    rf"d'argent|mit geld|in school|at work|en el trabajo|no trabalho|au travail|bei der arbeit|al lavoro)\b)",
    _I)
_WISHED = prefiltered(r"\b(?:want|wanna|wish|hope|hoping|need|trying|try|if|when|until|once|would|could|should|might|"
                      r"will|gonna|going to|quiero|quisiera|espero|quero|espero|je veux|j'espère|ich will|ich möchte|hoffe|"
                      r"voglio|spero|wil|hoop|chcę|mam nadzieję|para|pour|um|per|om)\b(?:\s+\S+){0,3}\s*$", _I)


def says_improved(text: str) -> str | None:
    """The words that say the user is better now ("doing much better now", "estoy mucho mejor"), or None."""
    match = _IMPROVED.search(text)
    if not match or not about_user(text, match.start()) or _WISHED.search(text[:match.start()]):
        return None
    if _negated(text, match.start(), 12):
        return None  # "not doing better", "no estoy mejor"
    said = re.sub(r"^(?:i'?m|i am|im|i'?ve been|i feel|i'?m feeling|i'?m doing|i'?m now)\s+", "", _span(text, match), flags=_I)
    return said


# "So-so" said as a whole short answer, in the languages read: "más o menos", "ni bien ni mal", "tirando", "mais ou
# menos", "bof", "comme ci comme ça", "geht so", "so lala", "così così", "średnio", "tak sobie", "pół na pół", "gaat
# wel", "так себе", "not great not terrible". Only a clause that is nothing else ("cuesta más o menos 100" is no
# feeling); in reply to another question it is dropped with the other mild words (clause_facts).
_SO_SO = prefiltered(
    r"^(?:(?:pues|bueno|bom|bah|ben|naja|tja|mah|beh|no|ну|eh|meh|idk|honestly|diría|würde sagen|)\s*,?\s*)"
    r"(?:(?:tô|to|estou|estoy|ando|me siento|me sinto|ça va|je vais|je me sens|mir geht'?s|mir geht es|es geht mir|sto|mi sento|"
    r"czuję się|het gaat|ik voel me|i'?m|i am|im|i feel|feeling|doing)\s+)?"
    rf"(?:{SO_SO_WORDS}|ahí ando|regular|not great,? not terrible|neither good nor bad|so-so|so so|okay-ish|ok-ish)"
    r"(?:\s*,?\s*(?:(?:la )?verdad|honestly|tbh|i guess|i'd say|bym powiedział[a]?|würde ich sagen|je dirais|"
    r"direi|diria|tak|так|eigentlich|really|yaar))*[\s.!?…]*$", _I)


def _emotion(text: str, personal: bool) -> list[Fact]:
    if not _personal(text, personal):
        own = _more_feeling(text)  # its forms are the speaker's own ("me agobia", "不安です", "çok yorgunum")
        if own and not _OTHER.search(text) and not _negated(text, own.start(), 8):
            return [Fact("Emotional State", _span(text, own))]
        return []
    so_so = _SO_SO.match(text.strip())
    if so_so:
        said = " ".join(text.strip().split()).strip(" .!?…")
        return [Fact("Emotional State", said if re.search(r"so-?so", said, _I) else f"{said} (so-so)")]
    phrase = feeling_phrase(text)
    if phrase and not _SH_ACT.search(text):
        return [Fact("Emotional State", phrase)]
    better = says_improved(text)
    if better:
        return [Fact("Emotional State", better)]
    other = _IT_FEELING.search(text) or _ZH_FEELING.search(text) or _FEAR_GUILT.search(text) or _more_feeling(text)
    if other and about_user(text, other.start()) and not _negated(text, other.start(), 8):
        said = _span(text, other)
        if re.search(r"\bmy fault|\bblame myself", said, _I):
            said = f"guilty ({said})"  # "I feel like it's my fault": the feeling has a name
        return [Fact("Emotional State", said)]
    return []


# Fear, guilt, irritation and being worn down, said of oneself in the other languages read and in the frames the
# English feeling words miss: "ich hab Angst", "j'ai peur", "tengo miedo", "ik ben bang", "boję się", "I feel like
# it's my fault", "me siento culpable", "ben ik sneller geïrriteerd", "bin seit Monaten ziemlich down", "tô um caco",
# "ça me travaille", "itni anxiety hoti hai". These name a feeling whatever the question asked (clause_facts keeps them).
_FEAR_GUILT = prefiltered(
    r"(?<![\w])(?:(?:ich )?hab(?:e)? (?:(?:so|solche|große|total|richtig|echt|einfach|voll|aber|auch|schon|halt|etwas|"
    r"ein bisschen|ziemlich) )*angst|(?:ich )?bin (?:(?:echt|total|völlig|ziemlich|so|einfach|gerade) )*hin und her gerissen|"
    r"me da (?:(?:mucho|muchísimo|un poco de) )?miedo|(?:ando|estou|tô|to|fico|sigo) (?:(?:muito|meio|um pouco|bem) )?com "
    r"(?:(?:muito|um pouco de) )?medo|(?:ik )?voel me (?:(?:soms|vaak|echt|heel|erg|zo|een beetje|best|wel|nogal) )*"
    r"(?:vastgelopen|verloren|eenzaam|somber|moe|bang|onzeker|gestrest|rot|ellendig|leeg|down|schuldig|waardeloos|"
    r"nutteloos|gelukkig|opgelucht|depressief)|"
    r"j'ai (?:(?:très|tellement|trop|un peu|vraiment) )*peur|tengo (?:(?:mucho|muchísimo|un poco de) )?miedo|"
    r"tenho (?:(?:muito|um pouco de) )?medo|ik ben (?:(?:zo|heel|erg|echt) )*bang|boję się|"
    r"(?:i )?feel like (?:it'?s|its|it is|it was) (?:all )?my fault|i blame myself|"
    r"me siento culpable|me sinto culpad[oa]|je me sens coupable|je culpabilise|mi sento in colpa|ich fühle mich schuldig|"
    r"ik voel me schuldig|czuję się winn\w+|"
    r"(?:ben ik|ik ben|bin ich|ich bin|estoy|estou|je suis|sono|jestem) (?:(?:sneller|snel|erg|heel|zo|so|sehr|muy|muito|"
    r"très|molto|bardzo|total|ziemlich|schnell) )*(?:geïrriteerd|prikkelbaar|gereizt|irritad[oa]|irritée?|irritat[oa]|"
    r"poirytowan\w+|wkurzon\w+)|"
    r"(?:^|\baber |\bnur |\bund )bin (?:(?:aber|echt|so|total|ziemlich|seit \w+|einfach) )*(?:down|fertig|durch|"
    r"überfordert|erschöpft|am ende)|"
    r"(?:tô|estou|to) (?:um |uma )?(?:caco|trapo|lixo)|ça me travaille|"
    # "j'en peux plus", "je craque", "j'ai le moral à zéro", "ça me stresse", "je tourne en rond", "mam dość", "wkurza mnie",
    # "trochę się tym stresuję", "ho un'ansia da esame"
    r"j'en peux (?:vraiment |juste )?plus|je craque|(?:j'ai )?le moral à zéro|ça me stresse|je tourne (?:un peu )?en rond|"
    r"mam (?:już )?dość|wkurza mnie|(?:trochę |bardzo )?się (?:tym )?stresuję|stresuję się|ho (?:un'|l')ansia|"
    # a clause that is a feeling "with": "más o menos, con algo de ansiedad", "bem, com um pouco de medo"
    r"^(?:y |pero |e |mas |et |mais )?(?:con|com|avec) (?:(?:algo de|un poco de|mucha|mucho|bastante|muita|muito|um pouco de|"
    r"un peu d'|un peu de|beaucoup d'|pas mal d')\s*)?(?:ansiedad|ansiedade|angoisse|anxiété|estrés|estresse|stress|"
    r"miedo|medo|peur|tristeza|tristesse|angustia|angústia|nervios)\s*$|"
    r"(?:itni|bahut|kaafi) (?:anxiety|tension|ghabrahat) (?:hoti|ho jaati|rehti) hai|(?:mujhe )?(?:bahut )?dar lag(?:ta|ti|) (?:hai|raha))"
    r"(?![\w])", _I)


# Italian and Chinese feeling words, said of oneself ("mi sento vuota", "sono giù", "我最近压力很大").
_IT_FEELING = prefiltered(
    r"\b(?:(?:mi sento|sono|sto|mi sono sentit[oa])\s+(?:(?:molto|così|un po'|davvero|troppo|sempre|proprio|tanto|solo)\s*)?"
    r"(?:stanc[oa]|stanchissim[oa]|esaust[oa]|triste|depress[oa]|ansios[oa]|stressat[oa]|preoccupat[oa]|arrabbiat[oa]|"
    r"nervos[oa]|giù(?: di morale)?|a pezzi|vuot[oa]|pers[oa]|disperat[oa]|sopraffatt[oa]|felice|tranquill[oa]|"
    r"distrutt[oa]|spaventat[oa]|inutile|male|malissimo|di merda|sol[a]|in ansia)|mi sento (?:così |molto |tanto )?sol[oa]|ho (?:l'ansia|paura|il morale a terra)|"
    r"non ce la faccio più)\b",
    _I,
)
# Feelings said in the first person in the other languages read, where the form itself says who feels it: a verb
# or a copula of the speaker ("bin hin- und hergerissen", "je me sens dépassée", "me agobia", "me apavora", "Tô
# dividida", "sono terrorizzata", "czuję się bez wyjścia", "я запуталась", "çok yorgunum", "moralim bozuk", "أشعر
# بالقلق", "我很纠结", "不安です", "悩んでます", "겁이 나요", "bikin pusing", "bahut stress", "nahihiya ako").
_MORE_FEELING = prefiltered(
    r"(?<![\w])(?:(?:ich\s+)?bin\s+(?:(?:grad|gerade|echt|total|völlig|ziemlich|so|einfach|richtig)\s+)*hin-?\s*und\s*hergerissen|"
    r"ich fühle mich\s+(?:(?:ehrlich gesagt|total|so|echt|sehr|ziemlich|einfach)\s+)*\w+|"
    r"hab(?:e)? (?:ich )?(?:(?:grad|gerade|ehrlich gesagt|ziemlich|echt|total|richtig|voll|so|einen)\s+)*schiss|"
    r"kafam (?:çok |biraz |bayağı )?karışık|(?:estoy|ando) (?:(?:muy|bastante|super|súper|re)\s+)?(?:reventad[oa]|hech[oa] polvo|"
    r"rayad[oa]|quemad[oa])|me quita el sueño|(?:complètement |totalement |un peu )?à plat|sono in panico|"
    r"mam (?:już |juz )?(?:tego )?do?ść|takut (?:kalau|banget)|"
    r"ik vind het (?:doodeng|eng|zwaar|moeilijk|spannend)|"
    r"je me sens\s+(?:(?:complètement|tellement|très|un peu|vraiment|si|trop)\s+)*[\wàâçéèêëîïôûùüÿœ'-]+|je flippe|ça me fait flipper|"
    r"me siento\s+(?:(?:muy|bastante|un poco|súper|super|tan|re)\s+)*[\wáéíóúñ]+(?:\s+y\s+[\wáéíóúñ]+)?|"
    r"me (?:agobia|angustia|aterra|preocupa|da pánico|da pavor)|"
    r"me (?:apavora|assusta|preocupa|angustia)|(?:estou|tô|to|ando|fico)\s+(?:(?:muito|bem|meio|um pouco|super)\s+)*"
    r"(?:dividid[oa]|desanimad[oa]|preocupad[oa]|apavorad[oa]|ansios[oa]|perdid[oa]|esgotad[oa]|em baixo|pra baixo|"
    r"com o coração partido|arrasad[oa]|angustiad[oa]|assustad[oa]|confus[oa])|tenho vergonha|"
    r"(?:sono|mi sento)\s+(?:(?:molto|un po'?|davvero|così|troppo|proprio|anche)\s+)*(?:terrorizzat[oa]|entusiasta|"
    r"sollevat[oa]|confus[oa]|angosciat[oa]|demoralizzat[oa]|in crisi|combattut[oa])|mi vergogno|"
    r"czuję się\s+(?:(?:bardzo|trochę|totalnie|strasznie|jak)\s+)*[a-ząćęłńóśźż]+(?:\s+wyjścia)?|stresuję się|"
    r"я\s+(?:(?:совсем|очень|так|уже|просто)\s+)*(?:запутал(?:ась|ся)|устал[аи]?|боюсь|переживаю|в отчаянии|растерян[аы]?)|"
    r"(?:постоянная\s+)?апатия|мне\s+(?:(?:очень|так|сейчас|просто)\s+)*(?:страшно|тревожно|тяжело|одиноко|грустно|плохо)|"
    r"(?:çok\s+)?(?:bunalıyorum|bunaldım|yorgunum|gerginim|üzgünüm|mutsuzum|korkuyorum|endişeliyim|kararsızım)|"
    r"moralim\s+(?:çok\s+)?bozuk|"
    r"(?:أشعر|اشعر|حاسس|حاسة)\s+(?!(?:إني|اني|إنه|انه|إن|ان|أن|أني)(?!\w))(?:ب)?\S+|"
    r"bikin (?:pusing|stres|takut|bingung)|(?:aku |saya )?(?:bingung|takut|sedih|stres|capek)\s+(?:banget|sekali|bgt)|deg-degan|"
    r"bahut (?:stress|tension|pareshan\w*|dar)|(?:ki|ka) tension hai|"
    r"sobrang (?:lungkot|guilty|stressed|pagod|takot)|nahihiya)(?![\w])", _I)
_CJK_MORE_FEELING = prefiltered(
    r"번아웃(?:이|이 좀)?\s*(?:온|왔|심하)\S*|걱정돼요|걱정이\s*돼요|속상하\S*|悩んでい(?:て|ます|る)|"
    r"心里(?:特别|很|有点|非常)?(?:不安|难受|慌|乱|没底)|"
    r"(?:很|好|特别|非常|有点|挺)?纠结|(?:不安|心配)(?:です|があります|はあります|で)|悩んで(?:います|ます|る)|迷って(?:います|ます|る)|"
    r"(?:걱정|고민)이에요|(?:겁이|무서워|불안해|힘들어)\s*(?:나요|요)")


def _more_feeling(text: str) -> re.Match[str] | None:
    return _MORE_FEELING.search(text) or _CJK_MORE_FEELING.search(text)
_ZH_FEELING = prefiltered(
    r"(?:不|没)?(?:(?:很|好|特别|非常|有点|有些|挺|太|总是|一直|老是|真的|感觉|觉得|心里)\s*)+(?:累|孤独|寂寞|难过|伤心|焦虑|紧张|害怕|"
    r"生气|绝望|崩溃|空虚|烦|沮丧|低落|无助|开心|高兴|平静|迷茫|委屈|疲惫|压抑|抑郁|郁闷|痛苦)|压力(?:很|特别|非常|太|好)?大|"
    r"心情(?:很|特别|非常|有点|一直)?(?:差|不好|低落|糟糕)|想哭|撑不住|快崩溃了?|"
    r"(?:焦虑|紧张|难过|烦|累|压抑|崩溃|抑郁|孤独|害怕)(?:得(?:不行|要命|要死|受不了|睡不着)|死了|极了)"
)


# ---- all rules ----------------------------------------------------------------------------------------------

# Dutch, Polish and Japanese, which the rules above barely know: the words that name a fact plainly. Japanese has no
# spaces, so its words are matched anywhere in a clause the user speaks of themself in. The clause head
# (scripts/data/extraction_clauses_r8.jsonl) reads the same languages when they are said in other words.
_NL_PL = r"(?<![\w])(?:{})(?![\w])"
_NL_PL_JA_FACTS: tuple[tuple[str, Prefiltered], ...] = (
    ("Health Status", prefiltered(_NL_PL.format(
        r"diabetes|suikerziekte|astma|hoge bloeddruk|zwanger|rugpijn|hernia|reuma|migraine|long covid|chronisch ziek|"
        r"hartproblemen|kanker|epilepsie|cukrzyc\w+|astm\w+|nadciśnieni\w+|w ciąży|ciąży|ból pleców|kręgosłup\w*|migren\w+|"
        r"rak(?:a|iem)?|padaczk\w+|stwardnieni\w+ rozsian\w+|chor\w+ serc\w+|problemy z sercem|chore kolana|reumatyzm\w*|"
        # and a few plain ones the other languages' rules miss ("sono incinta", "me duele la espalda")
        r"incinta|me duele (?:mucho )?la espalda|dolor de espalda|la espalda (?:fatal|destrozada|hecha polvo)|"
        r"kamar (?:mein |me )?dard|pet se (?:hoon|hu|hun)|(?:heb|hebben) suiker"
    ) + r"|怀孕|怀了|糖尿病|喘息|高血圧|妊娠|腰痛|持病|後遺症|がん|癌|心臓の病気|片頭痛|ヘルニア|膝が悪|失眠|不眠症|"
        r"高血压|哮喘|胃病|颈椎病|腰不好|骨折|乳糖不耐", _I)),
    ("Mental Health Status", prefiltered(_NL_PL.format(
        r"depressie|depressief|burn-?out|angststoornis\w*|paniekaanvallen|adhd|autisme|ptss|bipolair|in therapie|"
        r"antidepressiva|depresj\w+|zaburzeni\w+ lękow\w+|wypaleni\w+|ataki paniki|chodzę na terapię|terapi\w+|ptsd|"
        r"leki przeciwdepresyjne|choroba dwubiegunowa"
    ) + r"|うつ病|鬱病|うつ|不安障害|パニック障害|適応障害|双極性障害|発達障害|ADHD|カウンセリング|抗うつ薬", _I)),
    ("Economic Status", prefiltered(_NL_PL.format(
        r"krap bij kas|schulden|bijstand|uitkering|geldproblemen|(?:kom|kan) (?:niet|nauwelijks) rond|het geld is op|"
        r"geen geld|financieel (?:goed|slecht|krap|zwaar)|nie mam pieniędzy|brak pieniędzy|mam długi|długów|zadłużon\w+|"
        r"zasiłk\w+|od wypłaty do wypłaty|(?:ledwo )?(?:wiążę|wiążemy) koniec z końcem|ledwo (?:mi |nam )?starcza\w*(?: [\w]+){0,3}|"
        r"kasy brakuje|finansowo (?:jest )?(?:ciężko|dobrze|słabo)|zarabiam (?:dobrze|mało|słabo|całkiem dobrze)"
    ) + r"|お金に困って\w*|お金がない|お金がありません|借金|生活が苦しい|生活保護|ぎりぎり|貯金がほとんどない|家賃が払えない|"
        r"余裕があ\w*|手头(?:很|有点|比较|特别)?紧|钱不够(?:用|花)?|没钱|缺钱|欠(?:了)?(?:很多|好多)?钱|负债|房贷|月光", _I)),
    ("Emotional State", prefiltered(_NL_PL.format(
        r"eenzaam|doodmoe|uitgeput|somber|verdrietig|hopeloos|gestrest|samotn\w+|zmęczon\w+|"
        r"beznadziejn\w+|smutn\w+|zestresowan\w+|wykończon\w+|przygnębion\w+|załaman\w+|boję się"
    ) + r"|不安です|不安で|疲れ|寂しい|さびしい|つらい|辛い|落ち込ん|悲しい|絶望|イライラ|しんどい|涙が出\w*|泣いて\w*|泣きたい|"
        r"まあまあ", _I)),
)
_NL_JOBS = (r"leraar|lerares|docent|juf|meester|verpleegkundige|verpleger|verpleegster|kapper|kapster|kok|schoonmaker|"
            r"schoonmaakster|boekhouder|programmeur|huisvrouw|huisman|chauffeur|vrachtwagenchauffeur|taxichauffeur|bezorger|"
            r"zzp'?er|arts|dokter|huisarts|advocaat|monteur|timmerman|loodgieter|kassamedewerker|caissière|verkoper|"
            r"verkoopster|agent|politieagent|ingenieur|accountant|secretaresse|ober|serveerster|bouwvakker|elektricien|"
            r"magazijnmedewerker|postbode|zorgmedewerker|thuiszorgmedewerker|bakker|slager|boer|gepensioneerd|werkloos")
_PL_JOBS = (r"nauczyciel\w*|pielęgniar\w+|kierowc\w+|księgow\w+|programist\w+|lekarz\w*|lekark\w+|mechanik\w*|"
            r"kelner\w*|fryzjer\w*|sprzedawc\w+|sprzedawczyni\w*|kurier\w*|emeryt\w*|bezrobotn\w+|gospodyni\w* domow\w+|"
            r"inżynier\w*|prawnik\w*|informatyk\w*|kasjer\w*|magazynier\w*|robotnik\w*|sprzątacz\w*|opiekun\w*|"
            r"elektryk\w*|hydraulik\w*|murarz\w*|policjant\w*|urzędnik\w*|urzędniczk\w+|kucharz\w*|kuchark\w+|"
            r"sekretark\w+|rolnik\w*|piekarz\w*|dentyst\w+|farmaceut\w+|architekt\w*|stolarz\w*|spawacz\w*")
_JA_JOBS = (r"看護師|会社員|教師|先生|エンジニア|主婦|主夫|公務員|医者|医師|パート|アルバイト|派遣社員|契約社員|運転手|"
            r"ドライバー|美容師|プログラマー|営業|事務|介護士|介護職|保育士|店員|販売員|警察官|弁護士|薬剤師|料理人|調理師|"
            r"フリーランス|自営業|農家|無職|退職|定年退職|年金生活|(?-i:SE)(?=やって|です|をして|として)|システムエンジニア|ウェブデザイナー|デザイナー|"
            r"銀行員|工場勤務|清掃員|大工|ITエンジニア")
_NL_PL_JA_JOB = prefiltered(
    rf"\b(?:ik )?werk (?:nu |al \w+ jaar |sinds \w+ )?(?:als|in|bij|op) (?:een |de |het )?[\w'-]+(?: [\w'-]+)?|"
    rf"\b(?:mijn )?(?:eerste |nieuwe |vaste )?(?:baan|baantje) als [\w'-]+|"
    rf"\b(?:dorabiam|pracuję dorywczo) (?:na|w|jako|przy) [\w-]+(?: w [\w-]+)?|\bik ben (?:een |nu )?(?:{_NL_JOBS})\b|"
    rf"\b(?:pracuję|jeżdżę) (?:jako|w|na|przy) [\w-]+(?: [\w-]+)?|\bjestem (?:teraz )?(?:{_PL_JOBS})\b|"
    rf"\bprowadzę (?:własną |swoją )?(?:firmę|działalność|sklep)\b|\buczę (?!się\b)[\w-]+(?: w [\w-]+)?|"
    rf"\S{{1,12}}?(?:として働いて|の仕事をして|で働いて)|在\S{{1,8}}?(?:送餐|送外卖|送快递|上班|打工|开车)|"
    rf"(?:送外卖|送快递|开网约车|开出租车?|跑滴滴|跑外卖|做会计|当老师|当护士|当保安|当司机|做保洁)|(?:{_JA_JOBS})(?:です|をしています|をしてる|やってます|やっています|やってる|として|で、|です。|$)", _I)
_NL_PL_JA_JOBLESS = prefiltered(r"\b(?:werkloos|zonder werk|bezrobotn\w+|bez pracy)\b|無職|失業", _I)
_JA_OR_FIRST = prefiltered(r"[\u3040-\u30ff]|\b(?:ik|mijn|mij|jestem|mam|mnie|czuję|się)\b", _I)


# A Japanese question about a topic ("適応障害とうつ病の違いは何ですか？") states nothing about the user.
_JA_QUESTION = prefiltered(r"[?？]|(?:ですか|ますか|でしょうか|とは|違い)")


def _nl_pl_ja(text: str, personal: bool) -> list[Fact]:
    if not (personal or _JA_OR_FIRST.search(text)) or not speaks_of_user(text):
        return []
    if not personal and _JA_QUESTION.search(text) and not re.search(r"私|僕|俺|として", text):
        return []
    facts: list[Fact] = []
    if _NL_PL_JA_JOBLESS.search(text):
        facts.append(Fact("Profession", "Unemployed"))
    elif (job := _NL_PL_JA_JOB.search(text)) and about_user(text, job.start()):
        value = re.sub(r"(?:です|をしています|をしてる|として|で、|。)$", "", job.group(0).strip())
        facts.append(Fact("Profession", value))
    for attribute, pattern in _NL_PL_JA_FACTS:
        match = pattern.search(text)
        if match and about_user(text, match.start()):
            if attribute in {"Health Status", "Mental Health Status"}:
                match_text = ", ".join(dict.fromkeys(m.group(0) for m in pattern.finditer(text)))
            else:
                match_text = _span(text, match)
            negated = (re.search(r"\b(?:geen|niet|nie|nigdy)\s+(?:\w+\s+)?$", text[:match.start()], _I)
                       or DENIED_AFTER_JA.match(text, match.end()))  # "落ち込んでない": not low
            if negated and attribute in {"Health Status", "Mental Health Status"}:
                label = "No conditions reported" if attribute == "Health Status" else "None reported"
                facts.append(Fact(attribute, label, "no"))
            elif not negated:
                facts.append(Fact(attribute, match_text))
    return facts


def _ru_tr_ar_ko(text: str, personal: bool) -> list[Fact]:
    """Russian, Ukrainian, Turkish, Arabic and Korean (penguin_guard.rules_ru_tr_ar_ko); nothing in other scripts."""
    return [Fact(attribute, value, kind) for attribute, value, kind in _read_ru_tr_ar_ko(text, personal)]  # type: ignore[arg-type]


def _id_ms(text: str, personal: bool) -> list[Fact]:
    """Indonesian and Malay (penguin_guard.rules_id_ms); nothing in other languages."""
    return [Fact(attribute, value, kind) for attribute, value, kind in _read_id_ms(text, personal)]  # type: ignore[arg-type]


def _denied(text: str, personal: bool) -> list[Fact]:
    """Money worries, illness or a diagnosis the user says they do not have (penguin_guard.negations), read before
    the rules that look for the thing named: "no money problems" is not "no money"."""
    if not _personal(text, personal):
        return []
    return [Fact(attribute, label, "value" if attribute in {"Economic Status", "Marital Status"} else "no")
            for attribute, label, start in denied(text) if about_user(text, start)]


# The other rules read Latin script and CJK; _ru_tr_ar_ko reads Cyrillic, Arabic, Hangul and Turkish, and is tried
# first so that a digit in "34살" or "мне 34" is read as the age its own language frames; _id_ms likewise for
# Indonesian and Malay ("umur saya 34", "cerai").
_RULES = (_denied, _ru_tr_ar_ko, _id_ms, _age, _gender, _marital, _profession, _economic, _health, _education, _mental, _self_harm, _emotion,
          _nl_pl_ja)


_SH_NAMED = prefiltered(r"self[- ]?harm|hurt(?:ing)? myself|harm(?:ing)? myself|suicid|cut(?:ting)? myself|kill(?:ing)? myself|"
                        r"end(?:ing)? (?:it|my life)|autolesi|selbstverletz|suizid|automutil|suicid|自残|自杀|自傷|自殺", _I)
_HABITUAL = prefiltered(r"\b(?:sometimes|at times|occasionally|now and then|from time to time|every so often|once in a while)\b",
                        _I)


# Strong feeling words in Japanese, Dutch, Polish and French: said in reply to another question, they are kept like
# an English strong one ("看護師です。毎日疲れています", "ik werk in de zorg en ik ben echt op").
_STRONG_NL_PL_JA_FR = prefiltered(
    r"疲れ|落ち込ん|しんどい|つらい|辛い|寂しい|泣きたい|不安で|不安です|悩んで|迷って|"
    r"(?<![\w])(?:uitgeput|doodmoe|kapot|overspannen|somber|wykończon\w+|zmęczon\w+|przygnębion\w+|smutn\w+|"
    r"épuisée?|à bout|déprimée?|crevée?)(?![\w])",
    _I,
)


def clause_facts(text: str, personal: bool = False, asked: str | None = None) -> list[Fact]:
    """Every fact the rules find in one clause, at most one per attribute. `personal`: the clause's context speaks
    about the user, so it may leave out "I": a reply to one of the guard's questions ("diagnosed with bipolar two
    years ago"), or a list in a first-person sentence ("I'm broke, lonely and 23"). Otherwise the clause itself
    must say "I" or "my": "is it normal to feel hopeless after a divorce?" states nothing about the user."""
    facts: list[Fact] = []
    seen: set[str] = set()
    for rule in _RULES:
        for fact in rule(text, personal):
            if fact.attribute not in seen:
                seen.add(fact.attribute)
                facts.append(fact)
    if asked and asked != "Past Self-Harm History":
        # "never really think about it" in reply to the gender question is about that question, not self-harm: in
        # reply to another question a thought or a "never" counts only when the clause names self-harm itself
        facts = [f for f in facts if f.attribute != "Past Self-Harm History" or f.kind == "yes" or _SH_NAMED.search(text)]
    if asked and asked != "Emotional State":
        # In reply to another question, "okay", "low" or "better" describe what was asked (money, health, a
        # condition), not a feeling.
        kept: list[Fact] = []
        for fact in facts:
            if fact.attribute == "Emotional State":
                better = says_improved(text) if asked not in {"Health Status", "Economic Status"} else None
                if better and asked == "Mental Health Status" and not _SUBJECT_I.search(text) and re.search(
                        r"\b(?:better|stable|crisis)\b", better, _I):
                    better = None  # "had anorexia, doing better now": of the condition asked, unless "I'm ..." says it
                phrase = feeling_phrase(text, strong_only=True) or _feelings_ru_tr_ar_ko(text, personal, mild=False) or (
                    _feelings_id_ms(text, personal, mild=False)) or better or (
                    fact.value if _ZH_FEELING.search(text) or _IT_FEELING.search(text) or _STRONG_NL_PL_JA_FR.search(text)
                    or _FEAR_GUILT.search(text) or _more_feeling(text)
                    else None)
                if not phrase or _HABITUAL.search(text):
                    continue  # "nothing diagnosed, I just get sad sometimes": how it goes, not how they feel now
                fact = Fact(fact.attribute, phrase, fact.kind)
            kept.append(fact)
        facts = kept
    return facts
