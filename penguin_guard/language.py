"""Is this turn English? A router, not a language identifier.

The English detector (MiniLM) is fast and good on English; the multilingual one (multilingual-e5-small) reads
every language but costs ~10x more per turn. This check only decides which of the two reads a turn, so it is
tuned to be cheap (a few microseconds, no model) and to send anything doubtful to the multilingual encoder:
a wrong "not English" costs milliseconds, a wrong "English" costs recall.

How: a turn is English when most of its letters are ASCII and English function words outnumber those of the
other languages the project sees most (Romance, Germanic, Slavic in Latin script, Indonesian, Hinglish and
Turkish). Turns with no function words of another language (code, names, "keep going") count as English; a mixed
turn counts as English only when English function words are at least twice as many.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

# Short, frequent words that are almost never words of the other list's languages.
_ENGLISH_WORDS = """
a about after all am an and any are as at be been being but by can can't could did didn't do does doesn't don't
for from get got had has have having he her him his how i i'd i'll i'm i've if in into is isn't it it's its just
know like me more my myself no not now of off on or our out really she should so some than that that's the their
them then there they this those to too up us very was wasn't we were what when where which who why will with
would you your yourself
"""
_ENGLISH = frozenset(_ENGLISH_WORDS.split())

# The same for the Latin-script languages the project sees most, by language (guess_language reads them apart).
_FUNCTION_WORDS = {
    "es": """el la los las un una unos unas y o pero que de del en por para mi mis tu su sus es soy estoy está estás
             fue muy más ya no sí yo me te se lo le nos cuando como porque también tengo tiene hay hacer quiero debería
             puedo mucho nada todo""",
    "fr": """le les un une des et ou mais que qui de du dans avec pour sans mon mes ton ta sa ses est suis sont était
             très je tu il elle nous vous ils on ne me te se au aux ce cette j'ai c'est parce aussi dois faut veux
             rien""",
    "pt": """o os as um uma e ou mas que de do da dos das em no na com por para sem meu minha eu você ele ela é sou
             estou está foi muito mais não sim quando como porque também tenho há fazer quero devo posso nada tudo
             isso isto""",
    "de": """der das ein eine einen und oder aber dass von zu im mit für ohne mein meine dein ich du er sie es wir
             ihr ist sind sehr mehr nicht ja nein wenn wie weil auch habe soll sollte kann will nichts alles mich
             mir""",
    "it": """il lo gli un una e che di del della nel senza mio mia io tu lui lei è sono ero molto più non sì quando
             perché anche devo posso voglio niente tutto""",
    "nl": """het een en maar dat van met voor zonder mijn ik jij hij zij wij is zijn was heel meer niet ja nee als
             omdat ook heb moet kan wil niets alles niks geen nog wel verder gewoon eigenlijk""",
    "pl": """i w z na do że nie tak jest jestem się mnie mój moja ale czy co jak bo już bardzo mam mogę muszę
             chcę""",
    "id": """yang dan di ke dari dengan untuk tidak saya aku kamu dia kami ini itu ada akan bisa harus mau sudah
             belum juga karena kalau apa bagaimana sangat""",
    "hi-Latn": """mujhe mera meri mere hai hain tha thi kya nahi nahin aur ki ka ke ko se mein bhi kuch kaise kyun
                  kyunki karna karu karun chahiye raha rahi rahe hoon hu hun tum aap yaar bahut abhi ab toh""",
    "tr": """ve bir bu da de ile için ama çok değil sen o ne nasıl çünkü mi mı var yok""",
}
_BY_LANGUAGE = {language: frozenset(words.split()) for language, words in _FUNCTION_WORDS.items()}
_OTHER = frozenset().union(*_BY_LANGUAGE.values())


# Letters English words almost never carry (café and naïve aside, which bring no foreign function word).
_ACCENTED = frozenset("áàâãäåçéèêëíìîïñóòôõöøœúùûüßğışżźćńłęąěščřžůý")


def is_english(text: str) -> bool:
    """True when `text` reads as English (or has nothing language-specific in it)."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return True
    if sum(ch.isascii() for ch in letters) / len(letters) < 0.9:
        return False
    words = [w.lower() for w in _WORD.findall(text)]
    english = sum(w in _ENGLISH for w in words)
    other = sum(w in _OTHER and w not in _ENGLISH for w in words)
    if other and any(ch in _ACCENTED for ch in text.casefold()):
        return False  # "Devo largar a faculdade no último ano?": one foreign function word plus accents
    return other == 0 or english >= 2 * other


# Scripts that name their language (or two: Arabic and Persian, Russian and Ukrainian, told apart by their letters),
# and letters only one of the Latin-script languages here uses.
_SCRIPTS = (
    ("ko", re.compile(r"[\uac00-\ud7af\u1100-\u11ff]")),
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("zh", re.compile(r"[\u4e00-\u9fff]")),
    ("hi", re.compile(r"[\u0900-\u097f]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
)
_PERSIAN = re.compile(r"[\u067e\u0686\u0698\u06af\u06cc\u06a9]")  # پ چ ژ گ and the Persian yeh and kaf
_UKRAINIAN = re.compile(r"[іїєґІЇЄҐ]")
_LETTERS = (
    ("vi", re.compile(r"[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.IGNORECASE)),
    ("tr", re.compile(r"[ğışĞİŞ]")),
    ("pl", re.compile(r"[ąęłńśźżĄĘŁŃŚŹŻ]")),
)
SCRIPT_SHARE = 0.3  # of a message's letters: a few look-alike letters in English ("kіll" with a Cyrillic і) are no language


def guess_language(text: str) -> str | None:
    """The language a message is most likely written in, for text the guard writes back (the safety check-in and
    the background questions): "en", one of the languages above by script or by function words, or None when
    unsure. A guess, cheap and conservative: a caller falls back to English on None."""
    letters = sum(ch.isalpha() for ch in text)
    if not letters:
        return None
    for language, script in _SCRIPTS:
        if len(script.findall(text)) >= SCRIPT_SHARE * letters:
            if language == "ar" and _PERSIAN.search(text):
                return "fa"
            if language == "ru" and _UKRAINIAN.search(text):
                return "uk"
            return language
    for language, special in _LETTERS:
        if len(special.findall(text)) >= 2 or special.search(text) and not is_english(text):
            return language
    if is_english(text):
        return "en"
    words = [w.lower() for w in _WORD.findall(text)]
    scores = {language: sum(w in found for w in words) for language, found in _BY_LANGUAGE.items()}
    ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
    best, runner_up = ranked[0], ranked[1]
    return best[0] if best[1] >= 2 and best[1] > runner_up[1] else None
