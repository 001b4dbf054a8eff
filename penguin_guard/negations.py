"""What a user says they do not have, in every language the extractor reads: no money worries, no illness, no
diagnosis, no partner (issue 12).

Why a module of its own: a negation is a value ("no diagnoses", "pas de souci d'argent", "没有什么别的病"), and the
other rules look for the thing named (a condition, a debt), then for a negation near it. When the thing is only named
to be denied, and with the words other languages deny it in ("keine Geldsorgen", "para sıkıntım yok", "진단받은 적
없어요"), they read nothing, or worse: "no money problems" read as having no money. Each pattern here names a kind of
fact and denies it at once, so it cannot be read the other way round.

`denied(text)` returns (attribute, label, start) triples (money said in another language keeps the user's words,
glossed: "Keine Geldsorgen (no money problems)"); attribute_rules checks that the words are the user's
(not "my brother has no money problems") and wraps them into Facts with the project's labels.
"""

from __future__ import annotations

import re

from penguin_guard.regex_prefilter import prefiltered

# Japanese denies after the word: "落ち込んでない" (not low), "疲れてない", "借金はない" (no debt), "悲しくありません".
# Read by attribute_rules (a denied feeling is not stored as the feeling) and value_gloss (glossed "not ...", "no ...").
DENIED_AFTER_JA = prefiltered(r"(?:で|て|く)?(?:い)?(?:は|が|も)?(?:ない|ありません|ません|なかった|なくて)")

__all__ = ["MONEY_FINE", "denied"]

_I = re.IGNORECASE

MONEY_FINE = "No money problems"

_MONEY = prefiltered(
    # English, Spanish, Portuguese, French, German, Italian, Dutch, Polish, Hinglish
    r"\b(?:no|not any|don'?t have any|without) (?:real |big |major |serious )?(?:money|financial|cash) (?:problems?|worries|"
    r"issues|troubles|stress|concerns)\b|\bmoney (?:isn'?t|is not|'s not|is no) (?:really )?(?:an? )?(?:issue|problem|"
    r"worry|concern)\b|"
    r"\b(?:sin|no tengo|sem|não tenho|nao tenho) (?:ningún |nenhum )?(?:problemas?|preocupaci\w+|apuros?) (?:de dinero|"
    r"económicos?|financieros?|de dinheiro|financeiros?)\b|\bel dinero no es (?:un )?problema|\bdinheiro não é (?:um )?problema|"
    r"\b(?:pas de|aucun|aucuns|pas de gros) (?:souci|soucis|problème|problèmes) (?:d'argent|financiers?)|"
    r"\bl'argent n'est pas un (?:problème|souci)|"
    r"\bkeine (?:geldsorgen|geldprobleme|finanziellen (?:sorgen|probleme))\b|\bgeld ist kein (?:problem|thema)\b|"
    r"\b(?:nessun|senza|non ho) (?:problema|problemi|preoccupazion[ei]) (?:di soldi|economic[oi]|di denaro)\b|"
    r"\bi soldi non sono un problema|"
    r"\bgeen (?:geldzorgen|geldproblemen|financiële (?:zorgen|problemen))\b|"
    r"\b(?:nie mam|bez|żadnych) (?:problemów|kłopotów) (?:finansowych|z pieniędzmi)\b|"
    r"\b(?:paison|paise|paiso|money|paisa) (?:ki|ka|ke) koi (?:dikkat|problem|tension|tangi|issue) (?:nahi|nahin)\b|"
    # Russian, Ukrainian, Turkish, Arabic, Korean, Chinese, Japanese
    r"(?:с деньгами|по деньгам|финансовых) проблем нет|нет (?:проблем с деньгами|финансовых проблем)|"
    r"з грошима проблем немає|немає (?:проблем з грошима|фінансових проблем)|"
    r"(?<!\w)(?:para|maddi) (?:sıkıntım|sorunum|problemim|derdim) yok|"
    r"(?:ما عندي|ليس لدي|ليس عندي|لا توجد|ما في) (?:أي |اي )?(?:مشاكل|مشكلة) (?:مالية|مادية|بالفلوس|في الفلوس)|"
    r"돈(?:은|이)? (?:문제|걱정)(?:는|가)? 없|경제적(?:으로)? (?:문제|어려움)(?:은|이|는)? 없|"
    r"(?:钱|经济|财务)(?:方面|上)?(?:也)?(?:没|没有)(?:什么)?(?:问题|压力)|"
    r"お金(?:の|に|は)?(?:問題|心配|不安)?(?:は|も)?(?:ない|ありません|困って(?:いない|いません|ない))",
    _I,
)
_ILLNESS = prefiltered(
    r"\b(?:no tengo (?:ninguna )?enfermedad(?:es)?|no tengo problemas de salud|pas de (?:problème|souci)s? de santé|"
    r"pas de maladie|aucune maladie|não tenho (?:nenhuma )?doença|não tenho problemas de saúde|"
    r"keine (?:gesundheitlichen probleme|krankheit|beschwerden)|nessuna malattia|(?:non ho|senza) (?:nessuna |alcuna )?"
    r"malatti[ae]|(?:nessun problema|non ho problemi|senza problemi) di salute|geen (?:ziektes?|aandoeningen|"
    r"gezondheidsproblemen|klachten)|kerngezond|koi (?:health problem|health issue|rog) (?:nahi|nahin)|"
    r"clean bill of health|never (?:really )?(?:been )?sick)\b|"
    r"(?:никаких|нет) (?:болезней|хронических (?:болезней|заболеваний)|заболеваний)|(?:болезней|заболеваний) нет|"
    r"(?:жодних|немає) (?:хвороб|захворювань)|(?:хвороб|захворювань) немає|"
    r"(?<!\w)(?:kronik )?(?:bir )?(?:hastalığım|sağlık sorunum|sağlık problemim) yok|"
    r"(?:ليس|ما) (?:عندي|لدي|فيني) (?:أي |اي )?(?:مرض|أمراض|امراض|مشاكل صحية)|لا أعاني من (?:أي )?(?:مرض|أمراض)|"
    r"(?:지병|병|질환|건강 문제)(?:은|이|는|가)? 없|"
    r"(?:没|没有)(?:什么)?(?:别的|其他的?)?(?:病|疾病|慢性病|健康问题)|身体(?:也)?(?:没|没有)(?:什么)?(?:问题|毛病)|"
    r"(?:持病|病気)(?:は|も)?(?:ありません|ない|なし)",
    _I,
)
_DIAGNOSIS = prefiltered(
    r"\b(?:nunca me (?:han )?diagnostic\w+|nessuna diagnosi|(?:non ho|mai avuto) (?:nessuna |alcuna |una )?diagnosi|"
    r"mai diagnosticat[oa]|geen diagnose|(?:nie mam|brak|żadnej) diagnozy)\b|"
    r"(?:никаких|нет) диагноз\w*|диагноз\w* нет|(?:не ставили|не поставили) (?:никаких |мне )?диагноз\w*|"
    r"диагноз\w* (?:мне )?не (?:ставили|поставили)|(?:жодних|немає) діагноз\w*|діагноз\w* (?:немає|не ставили)|"
    r"(?<!\w)(?:tanı|teşhis) (?:konmadı|konulmadı|almadım|yok)|(?:hiçbir|herhangi bir) (?:tanı|teşhis)(?:m)? yok|"
    r"(?:لم|ما) (?:يتم )?(?:تشخيصي|شخصوني|اتشخصت|يشخصني)|(?:ما عندي|ليس لدي|ليس عندي|لا يوجد) (?:أي |اي )?تشخيص|"
    r"진단(?:을|은)?\s?받(?:은|아 본|아본) ?적(?:은|이)? ?없|진단(?:은|이)? 없|"
    r"診断(?:は|を)?(?:受けていません|されていません|されたことは(?:ありません|ない)|ない|なし)",
    _I,
)
_ENGLISH = prefiltered(r"(?:no|not|don'?t|without|money)\b", _I)
_PARTNER = prefiltered(
    r"\b(?:(?:i )?(?:don'?t|do not) have (?:a |any )?|no |not seeing (?:a |any )?|without (?:a )?)(?:partner|boyfriend|"
    r"girlfriend|husband|wife|spouse|significant other|bf|gf)\b|"
    r"\b(?:no tengo|sin) (?:pareja|novio|novia|marido|esposo|esposa)\b|"
    r"\b(?:não tenho|nao tenho|sem) (?:namorad[oa]|parceir[oa]|marido|esposa|companheir[oa])\b|"
    r"\bje n'ai pas de (?:copain|copine|partenaire|mari|conjointe?|compagne|compagnon)\b|\bsans (?:conjoint|partenaire)\b|"
    r"\b(?:keinen|keine) (?:partner(?:in)?|freund(?:in)?|ehemann|ehefrau|lebensgefährt\w*)\b|"
    r"\bnon ho (?:un |una |il |la )?(?:compagn[oa]|ragazz[oa]|fidanzat[oa]|marito|moglie|partner)\b|"
    r"\bgeen (?:partner|vriend(?:in)?|relatie)\b|"
    r"\bnie mam (?:męża|żony|partnera|partnerki|chłopaka|dziewczyny)\b|"
    r"нет (?:парня|девушки|мужа|жены|партн[её]ра)|немає (?:хлопця|дівчини|чоловіка|дружини|партнера)|"
    r"(?<!\w)(?:sevgilim|eşim|partnerim) yok|(?:ما عندي|ليس لدي|ليس عندي|ماليش) (?:حبيب|حبيبة|زوج|زوجة|شريك)|"
    r"(?:남자친구|여자친구|애인|남편|아내)(?:가|이|는|은)? 없|没(?:有)?(?:对象|男朋友|女朋友|老公|老婆)|"
    r"(?:彼氏|彼女|恋人|パートナー)(?:は|が|も)?(?:いない|いません)",
    _I,
)
# A denial that goes on to name what there is ("no diagnosis but my therapist thinks it's ADHD") is no denial.
_BUT = prefiltered(
    r"\b(?:but|except|apart from|pero|salvo|excepto|mas|mais|sauf|aber|außer|ma|tranne|maar|behalve|ale|"
    r"oprócz|lekin)\b|но(?!\w)|але(?!\w)|ama(?!\w)|لكن|但|可是|不过|けど|が、|지만",
    _I,
)


def denied(text: str) -> list[tuple[str, str, int]]:
    """(attribute, label, start) for every kind of fact the clause denies having."""
    if _BUT.search(text):
        return []
    found: list[tuple[str, str, int]] = []
    for attribute, label, pattern in (
        ("Economic Status", MONEY_FINE, _MONEY),
        ("Health Status", "No conditions reported", _ILLNESS),
        ("Mental Health Status", "None reported", _DIAGNOSIS),
        ("Marital Status", "Single", _PARTNER),
    ):
        match = pattern.search(text)
        if match and attribute == "Economic Status" and not _ENGLISH.match(match.group(0)):
            # money has no label the guard reads: the user's words, with the English ones after them
            found.append(
                (attribute, f"{' '.join(match.group(0).split())} ({MONEY_FINE.lower()})", match.start())
            )
        elif match:
            found.append((attribute, label, match.start()))
    return found
