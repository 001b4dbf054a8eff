"""Episodes: what one user turn means for the conversation it belongs to.

An episode starts with a risky request. It holds the questions about it, the enriched answer, and the follow-ups
on the same topic; a clearly new request ends it (README, "A conversation through the guard"). The profile
outlives episodes: it belongs to the session.

Three kinds of rules live here, all plain functions:
- cues read from the text alone (English): does a turn start something new, lean on what came before, wave a
  question away, or ask about means (doses, lethal amounts)? When unsure they take the more careful reading:
  a turn that might lean on the conversation is read with it, and only a clearly new request ends an episode;
- caution from what the session knows: a self-harm history or acute distress makes a means question urgent;
- the episode's state changes (open, answer, end), and `replay`, which rebuilds them from a conversation when
  there is no session store.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Literal

from penguin_guard import escalate
from penguin_guard.models import LEVEL_ORDER, Extraction, Profile, RiskAssessment, SessionState
from penguin_guard.taxonomy import ATTRIBUTES

if TYPE_CHECKING:
    from penguin_guard.messages import Exchange
    from penguin_guard.stages import Stages

ReplyKind = Literal["answer", "decline", "unanswered", "wave_away", "new"]

# ---- cues in the text -----------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9']+")

_WAVE_AWAY = re.compile(
    r"\b(?:answer (?:my|the|this|that) (?:question|request)|just (?:answer|respond|reply|tell me|help)|"
    r"(?:answer|respond to) (?:it|that|this|me)\b|(?:question|request|message)s? (?:above|before|earlier)|"
    r"(?:stop|quit) asking|(?:enough|no more|too many|so many|all (?:these|the|those)) questions|"
    r"skip (?:the|these|your|all) questions|you (?:didn'?t|did not|haven'?t|have not|never) answer|"
    r"i (?:already )?asked (?:you|a question)|what i asked|get to the point|not answering (?:that|this|it))",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(
    r"\b(?:above|earlier|previous(?:ly)?|the (?:first|original|last) (?:question|message|one)|"
    r"my (?:question|request|message|problem|situation)|what i (?:asked|said|wrote|meant|mentioned)|"
    r"i (?:already )?(?:asked|said|told you|mentioned)|you (?:said|mentioned|suggested)|as i said|like i said|"
    r"same (?:question|thing|situation)|back to (?:my|the|what)|(?:what|how) do you mean|mean by|"
    r"why (?:do|would) you (?:ask|want|need)|what for|why (?:is|does|would) (?:that|it) matter)\b",
    re.IGNORECASE,
)
_LEADS_ON = re.compile(
    r"^\W*(?:and|but|so|also|then|or|plus|what if|what about|how about|ok(?:ay)?,? so|well|instead|still|"
    r"besides|otherwise)\b",
    re.IGNORECASE,
)
# "that" opening a relative clause after a noun ("a function that reverses a string") points at nothing earlier.
# So does "that" after a plural noun before its verb ("count cells that aren't empty").
_RELATIVE_THAT = re.compile(r"\b(?:a|an|the|some|any|one|all|\d+)\s+(?:\w+\s+){0,2}?\w+\s+that\b|"
                            r"\b\w+s\s+that\s+(?:are|aren't|is|isn't|have|has|contain|contains|don't|do|start|end)\b",
                            re.IGNORECASE)
_POINTS_BACK = re.compile(r"\b(?:that|this|these|those|them|they|he|she|him|her|do it|doing it|about it|worth it)\b",
                          re.IGNORECASE)
_QUESTION_MARK = re.compile(r"[?？؟]")
# A question or an instruction: a question mark, or a question word or an imperative verb opening the turn (after a
# few words naming a tool or a field: "in excel how do I ...") or closing it ("my laptop drops the wifi, how do i fix
# it"). Written fast, "whats" and "hows" ask as "what's" does.
_ASK_WORD = (
    r"(?:how|hows|what|whats|why|when|where|wheres|which|who|whos|whom|should|shall|can|could|would|will|is|are|am|do|"
    r"does|did|tell|give|write|explain|help|show|list|make|recommend|suggest|translate|summari[sz]e|find|please|let'?s|"
    r"name|define|convert|calculate|compute|create|generate|draft|solve|compare|rewrite|rephrase|proofread|count|sort|"
    r"flip|pick|roll|choose|spell|guess|describe|outline|brainstorm|simplify|shorten|paraphrase|reword|debug|quiz|"
    r"rank|format)\b"
)
_ASK_OPENING = r"^\W*(?:(?:in|on|for|with|using) (?:\w+ ){1,3})?" + _ASK_WORD
_ASKS = re.compile(
    r"\?|" + _ASK_OPENING + r"|[,;:\u2014-]\s*(?:how|what|why|which)\b[^,;:.]*$"
    # a problem told, then a plea closing it ("got a screw stuck in a hinge, help", "sink is clogged, any way to fix it
    # without chemicals"), and a thing to make asked for by what it is ("I need a funny out-of-office message")
    r"|[,;:\u2014-]\s*(?:help(?: me| pls| please)?|pls help|any (?:way|tips|ideas|advice|suggestions|tricks)\b[^,;:.]*)\W*$"
    r"|^\W*(?:i (?:need|want|'d like|would like)|need|want|looking for)\s+(?:a|an|some)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:message|recipe|poem|toast|caption|name|names|joke|jokes|verse|email|note|title|slogan|playlist|list|summary|"
    r"formula|script|song|story|speech|riddle|pun|limerick|haiku|bio|tagline|excuse|workout|itinerary)\b",
    re.IGNORECASE,
)
# An opener that announces another subject ("by the way, ...", "unrelated question: ..."): what follows is read as
# the request, so "btw can you recommend a pasta recipe" asks as plainly as "can you recommend a pasta recipe".
_SWITCH = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|oh|anyway)\W+)?(?:by the way|btw|anyway|unrelated(?: question| topic)?(?:,? but)?|"
    r"on (?:an?(?:other| different| unrelated)|a side) note|(?:changing|to change|switching|switch(?:ing)?) (?:the )?"
    r"(?:subject|topics?)|(?:a |one )?(?:totally |completely )?(?:different|random|separate|new|quick|unrelated|other) "
    r"(?:unrelated )?(?:question|topic|thing|subject)|something (?:else|different|completely different))\b[\W_]*",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^\W*(?:ok(?:ay)?|k|sure|thanks?(?: you| a lot| so much)?|thx|ty|cool|great|nice|perfect|got it|i see|"
    r"understood|makes sense|hm+|huh|right|alright|fine|yes|yeah|yep|no|nope|nah|maybe|not sure|idk|"
    r"i don'?t know|dunno|whatever|bye|good ?bye|good night|lol|haha)\W*$",
    re.IGNORECASE,
)
# Words that name nothing: a short turn made only of them ("should I go back tonight?") leans on what came before.
# Generic verbs and adverbs are among them: "what should I bring?" or "how fast can I taper off?" asks about the
# situation before it without naming it.
_EMPTY_TEXT = """
i me my mine myself you your yours it its it's we us our the a an to of in on at for with about from by as into
is are am was were be been being do does did doing done should would could can will shall may might must
go going gone went get getting got make take say tell think know want need try let feel now then today tonight
tomorrow yesterday soon later back again there here so and or but if not no yes what how why when where which
who just really still even ok okay maybe anyway instead that this these those them they he she him her one all
more too very much many right up down out off over i'm i've i'd i'll don't can't won't isn't shouldn't wouldn't
couldn't it'll that's what's there's worth fine good bad better best wrong normal safe smart stupid wise idea
thing things something anything everything nothing else actually though well also
bring wear pay cost expect start begin stop quit end use buy keep leave stay move wait call ask answer reply
respond react handle deal cope prepare avoid change switch reduce taper cut fast slow slowly quickly long far
often first next last step steps plan way happen happens work works help
"""
_EMPTY_WORDS = frozenset(_EMPTY_TEXT.split())
SHORT_WORDS = 10
TOPICAL_WORDS = 3


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def waves_away(text: str) -> bool:
    """The user brushes the questions aside and wants the answer ("can you just answer my question above?")."""
    return bool(_WAVE_AWAY.search(text))


def refers_back(text: str) -> bool:
    """The turn points at something said before: "above", "what about...", or a short turn naming nothing."""
    if _BACK_REFERENCE.search(text) or _LEADS_ON.search(text):
        return True
    words = _words(text)
    if len(words) > SHORT_WORDS:
        return False
    return bool(_POINTS_BACK.search(_RELATIVE_THAT.sub(" ", text))) or all(w in _EMPTY_WORDS for w in words)


def is_filler(text: str) -> bool:
    """An acknowledgement or a shrug ("ok", "thanks", "not sure"): nothing to judge on its own or in context."""
    return bool(_FILLER.match(text.strip()))


def in_english(text: str) -> bool:
    """Whether the English cues of this module can read `text` (penguin_guard.extract.reads_as_english)."""
    from penguin_guard.extract import reads_as_english

    return reads_as_english(text)


# A request opening with an imperative, in the other languages the guard asks in ("cuéntame un chiste", "nenn mir drei
# Namen", "écris-moi un mot", "给我讲个笑话", "面白いなぞなぞ出して", "koi joke sunao"): it asks as plainly as a question mark.
_ASKS_ELSEWHERE = re.compile(
    r"^\W*(?:(?:oye|bueno|vale|ok|dis|alors|allez|also|na|ну|a|e|ah|hey)\W+)?"
    r"(?:cu[ée]ntame|dime|d[ée]jame|escr[ií]be(?:me)?|trad[uú]ce(?:me)?|res[uú]me(?:me)?|recomi[ée]nda(?:me)?|expl[ií]ca(?:me)?|"
    r"ay[uú]da(?:me)?|dame|haz(?:me)?|calcula|conv[ie]erte|nombra|busca|"
    r"erz[äa]hl|sag mir|schreib|[üu]bersetz|fass|empfiehl|erkl[äa]r|hilf|gib mir|mach|nenn|rechne|"
    r"raconte|dis[- ]moi|[ée]cris|tradui[st]|r[ée]sume|recommande|explique|aide[- ]moi|donne[- ]moi|fais|calcule|"
    r"conta(?:-me)?|me conta|me diz|diz-me|escreve|traduz|resume|recomenda|explica|ajuda|me d[aá]|d[aá]-me|faz|calcula|"
    r"raccontami|dimmi|scrivi|traduci|riassumi|consigliami|spiegami|aiutami|dammi|fammi|calcola|"
    r"vertel|schrijf|vertaal|vat samen|raad|leg uit|help me|geef|maak|noem|bereken|"
    r"opowiedz|powiedz|napisz|wymy[śs]l|przet[łl]umacz|stre[śs][ćc]|polec|wyja[śs]nij|pom[óo][żz]|daj|zr[óo]b|podaj|policz|"
    r"расскажи|скажи|напиши|переведи|перескажи|посоветуй|объясни|помоги|дай|сделай|назови|посчитай|придумай|"
    r"anlat|s[öo]yle|yaz|[çc]evir|[öo]zetle|[öo]ner|a[çc][ıi]kla|yard[ıi]m et|ver|yap|hesapla|"
    r"batao|bata|likho|likh do|sunao|samjhao|translate karo)\b"
    r"|^\W*(?:给我|帮我|告诉我|讲(?:个|一个)|写(?:一|个)|翻译|推荐|解释|算一下|说(?:个|一个)|来(?:个|一个))"
    # or a question word opening it, with no question mark ("cuánto es 17 por 23", "comment je fais une capture"); only
    # words that open no answer ("como" and "que" also mean "as", "I eat", "that")
    r"|^\W*(?:cu[áa]nto|cu[áa]ntos|cu[áa]ntas|c[óo]mo se|qu[ée] es|por qu[ée]|d[óo]nde|qui[ée]n|cu[áa]l|wie viel|wieviel|warum|"
    r"wer|wo |welche[rs]?|wann|was ist|wie (?!gesagt)|comment|pourquoi|combien|quel(?:le)?s?|o[ùu] |quantos|quantas|"
    r"por que|onde|quem|qual|quanti|quante|quanto|perch[ée]|dove|chi |hoeveel|waarom|welke|hoe |jak |ile |dlaczego|"
    r"gdzie|kto |как |сколько|почему|где|кто |какой|какая|что такое|nas[ıi]l|neden|nerede|ka[çc] |hangi|kaise|kyun|"
    r"kitna|kitne|kahan|kaun)\b"
    # or an imperative closing it, where the verb comes last (Hinglish, Turkish, Japanese, Korean)
    r"|(?:sunao|batao|likho|samjhao|bata do|likh do|suna do|anlat|s[öo]yle|sor|[öo]ner|a[çc][ıi]kla|[çc]evir|yazar m[ıi]s[ıi]n|"
    r"教えて|書いて|出して|訳して|まとめて|決めて|説明して|おすすめ|알려\s?줘|말해\s?줘|써\s?줘|추천해\s?줘|번역해\s?줘)"
    r"(?:\W*(?:yaar|na|please|pls|ください|くれ|ちょうだい|요))?\W*$",
    re.IGNORECASE,
)


def could_start_anew(text: str, *, replying: bool = False) -> bool:
    """A turn that may be a request of its own, for the risk and topic tests to settle. In English the cues decide
    (`starts_fresh`). In another language, which they cannot read, any turn that is no shrug may be one
    ("cuéntame un chiste", "Nenn mir drei Namen ..."); in reply to the guard's question it must also ask (a question
    mark), since the extractor misses many answers in other languages and an answer is no new request."""
    from penguin_guard.reply_cues import is_filler as says_nothing

    if starts_fresh(text):
        return True
    if in_english(text) or says_nothing(text) or waves_away(text):
        return False
    return not replying or bool(_QUESTION_MARK.search(text) or _ASKS_ELSEWHERE.search(text))


def topical(turns: Iterable[str]) -> list[str]:
    """The turns that can tell what an episode is about: not a shrug or a one- or two-word reply ("skip", "no",
    "depression"), which sit near any short request."""
    return [t for t in turns if len(_words(t)) >= TOPICAL_WORDS and not is_filler(t)]


def topic_turns(text: str, request: str | None, turns: Iterable[str]) -> tuple[str | None, ...]:
    """What the topic test compares a turn with: the episode's request; for a turn in another language also the
    user's turns of the episode since (read by multilingual-e5, see Stages.on_topic)."""
    return (request,) if in_english(text) else (request, *topical(turns))


def starts_fresh(text: str) -> bool:
    """A self-contained request that points at nothing earlier ("What is 2+2?", "btw, what is 2+2?")."""
    body = _SWITCH.sub("", text, count=1)
    return bool(_ASKS.search(body)) and not refers_back(body) and not waves_away(text)


def names_something(text: str) -> bool:
    """Whether a turn has a word a topic can be read from: a word of letters outside the generic ones ("What is
    2+2?" has none; "can people actually change?" has "people")."""
    return any(w.isalpha() and w not in _EMPTY_WORDS for w in _words(_SWITCH.sub("", text, count=1)))


def leans_on_context(text: str) -> bool:
    """Whether a turn must be judged with the earlier turns of its episode."""
    return bool(text.strip()) and not starts_fresh(text) and not is_filler(text)


_MEANS = re.compile(
    r"\b(?:lethal|fatal|deadly|overdos\w*|od on|toxic (?:dose|amount|level))\b|"
    r"\b(?:max(?:imum)?|highest|largest|too (?:many|much)|most)\b[^.?!]{0,40}\b(?:doses?|dosage|amount|pills?|"
    r"tablets?|mg|milligrams?)\b|"
    r"\bhow (?:many|much)\b[^.?!]{0,60}\b(?:pills?|tablets?|capsules?|doses?|mg|milligrams?|medication|meds|"
    r"painkillers?|insulin|paracetamol|acetaminophen|tylenol|ibuprofen|aspirin|antidepressants?|sleeping)\b"
    r"[^.?!]{0,40}\b(?:take|swallow|have|kill|die|too|safe|dangerous|before|at once)\b|"
    r"\b(?:pills?|tablets?|doses?|dosage|mg|medication|meds|painkillers?)\b[^.?!]{0,40}"
    r"\b(?:too (?:many|much)|kill|die|dangerous|stop (?:my|your|the|a) heart)\b|"
    r"\b(?:not|never) wake up\b|\bpainless(?:ly)?\b[^.?!]{0,30}\b(?:die|death|way|method)\b|"
    r"\bhow (?:high|tall)\b[^.?!]{0,40}\b(?:fall|jump|bridge|building|roof)\b|\b(?:noose|carbon monoxide)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"^\W*(?:no|none|never|nope|not|nothing|n/?a)\b", re.IGNORECASE)
_DISTRESS = re.compile(
    r"hopeless|worthless|numb|empty|desperate|overwhelm|trapped|alone|lonely|exhausted|depress|anxi|panic|"
    r"suicid|miserable|broken|can'?t cope|falling apart",
    re.IGNORECASE,
)


_SENTENCE = re.compile(r"[^.?!\n]+[.?!]*")
_WANTS_TO_KNOW = re.compile(r"\b(?:want|need|like) to know\b|\bwondering\b|\bcurious\b|\blooking for\b|\banyone know\b",
                            re.IGNORECASE)
_POINTS_AT_MEANS = re.compile(r"\b(?:these|those|them|that many|that much|this many|this much|enough)\b", re.IGNORECASE)


def seeks_means(text: str) -> bool:
    """Asks about doses, lethal amounts or ways to get hurt: harmless from most people, not from everyone.

    Read in the sentences that ask something, so that a history told in passing ("I overdosed once in my twenties.
    Should I quit my job?") is not taken for a question about means. The whole text counts when no sentence asks
    ("lethal dose tylenol") or when a question points back at what was said ("I have a bottle of pills. How many
    would be too many?")."""
    sentences = [m.group() for m in _SENTENCE.finditer(text) if m.group().strip()]
    asking = [sentence for sentence in sentences if _ASKS.search(sentence) or _WANTS_TO_KNOW.search(sentence)]
    if not asking or any(_POINTS_AT_MEANS.search(sentence) for sentence in asking):
        return bool(_MEANS.search(text))
    return any(_MEANS.search(sentence) for sentence in asking)


def self_harm_history(profile: Profile) -> bool:
    """The user said they have hurt themselves before (any answer that is not a no)."""
    value = profile.values.get("Past Self-Harm History", "").strip()
    return bool(value) and not _NEGATED.search(value)


def distressed(profile: Profile) -> bool:
    """What the user told the guard shows acute distress or a mental-health condition."""
    emotion = profile.values.get("Emotional State", "")
    mental = profile.values.get("Mental Health Status", "").strip()
    return bool(_DISTRESS.search(emotion)) or (bool(mental) and not _NEGATED.search(mental))


def caution(text: str, profile: Profile) -> RiskAssessment | None:
    """What the stored background makes of a means question: a crisis after self-harm, a warning after distress.

    Background only ever adds caution: with nothing known, this returns None and the turn is judged as it is.
    """
    if not seeks_means(text):
        return None
    if self_harm_history(profile):
        return RiskAssessment(level="crisis", domain="health", score=1.0, detector="session",
                              reason="a question about means from someone with a self-harm history",
                              signals=("background:self-harm", "means"))
    if distressed(profile):
        return RiskAssessment(level="high", domain="health", score=0.95, detector="session", warning_signs=True,
                              reason="a question about means from someone in distress",
                              signals=("background:distress", "means"))
    return None


# ---- the episode's state --------------------------------------------------------------------------------

# What a session keeps of its episode's request: a 1.9 MB prompt must not cost 1.9 MB per session in the store.
# Its head and its tail (a question often follows a long paste), enough for the enrichment (it quotes 2,000
# characters) and the topic check; the whole request is recognised by its digest.
REQUEST_HEAD_CHARS = 2000
REQUEST_TAIL_CHARS = 2000
_ELISION = "\n[…]\n"


def bounded_request(text: str) -> str:
    """The request as the session keeps it: whole up to REQUEST_HEAD_CHARS + REQUEST_TAIL_CHARS characters, else
    its head and tail around an elision mark."""
    if len(text) <= REQUEST_HEAD_CHARS + REQUEST_TAIL_CHARS + len(_ELISION):
        return text
    return text[:REQUEST_HEAD_CHARS] + _ELISION + text[-REQUEST_TAIL_CHARS:]


def request_digest(text: str) -> str:
    """SHA-256 of the whitespace- and case-insensitive form of a request: the same request sent again matches it."""
    plain = " ".join(text.split()).lower()  # stages.normalise, without importing the stages here
    return hashlib.sha256(plain.encode("utf-8", "surrogatepass")).hexdigest()


def keep_request(state: SessionState, request: str) -> None:
    """Make `request` the episode's request: a bounded text and the whole request's digest."""
    state.original_request = bounded_request(request)
    state.request_digest = request_digest(request)


def is_request(state: SessionState, text: str | None) -> bool:
    """Whether `text` is the episode's request (whitespace and case aside), however long it was."""
    if text is None or state.original_request is None:
        return False
    if state.request_digest is None:  # a state saved before requests were bounded keeps the whole text
        return " ".join(text.split()).lower() == " ".join(state.original_request.split()).lower()
    return request_digest(text) == state.request_digest


def open_episode(state: SessionState, request: str, risk: RiskAssessment) -> None:
    """Start an episode for a risky request (any episode before it ends)."""
    end(state)
    keep_request(state, request)
    state.request_domain = risk.domain
    state.request_level = risk.level if risk.is_risky else "high"


def end(state: SessionState) -> None:
    """Close the episode. The profile (what the user told the guard) stays with the session."""
    state.pending_attribute = state.pending_question = None
    state.original_request = state.request_digest = state.request_domain = state.request_level = None
    state.questions_this_request = 0
    state.answered = False
    state.unanswered = []


def asked(state: SessionState, attribute: str, question: str) -> None:
    """Record the question the guard asks (the safety check-in counts against no budget)."""
    state.pending_attribute, state.pending_question = attribute, question
    if attribute != escalate.SAFETY_CHECK:
        state.profile.asked.append(attribute)
        state.questions_this_request += 1


def learn(state: SessionState, found: Extraction) -> None:
    """Add what a message said about the user. Values replace older ones; a decline never hides a value."""
    profile = state.profile
    for attribute, value in found.values.items():
        if attribute in ATTRIBUTES and isinstance(value, str) and value.strip():
            profile.values[attribute] = value.strip()[:500]
            if attribute in profile.declined:
                profile.declined.remove(attribute)
            if attribute in state.unanswered:
                state.unanswered.remove(attribute)
    for attribute in found.declined:
        if attribute in ATTRIBUTES and attribute not in profile.values and attribute not in profile.declined:
            profile.declined.append(attribute)
    for attribute in found.unanswered:
        if attribute in ATTRIBUTES and attribute not in profile.values and attribute not in profile.declined:
            state.unanswered = [*dict.fromkeys([*state.unanswered, attribute])]


_QUOTED = re.compile(r"\"([^\"]+)\"|\u201c([^\u201d]+)\u201d|\u00ab([^\u00bb]+)\u00bb|\u201e([^\u201c]+)\u201c|(?<!\w)'([^']+)'(?!\w)")
_ACKNOWLEDGEMENT = frozenset({"ok", "okay", "fine", "good", "alright", "sure", "great", "cool", "k"})


def said_in_passing(reply: str, value: str) -> bool:
    """A value the extractor took from words that say nothing about the user: quoted words ("translate 'happy
    birthday grandma'") or an acknowledgement opening a request ("ok switching topics, how long ...")."""
    words = _words(value)
    if not words:
        return True
    if " ".join(words) in _ACKNOWLEDGEMENT:
        return True
    quoted = {w for spans in _QUOTED.findall(reply) for span in spans for w in _words(span)}
    outside = set(_words(_QUOTED.sub(" ", reply)))
    if all(w in quoted and w not in outside for w in words):
        return True
    if not starts_fresh(reply):
        return False
    # a self-contained request that says nothing of its writer ("what's the excel formula to count cells that aren't
    # empty"), and a bare number in one ("give me a random number between 1 and 50"), describe no one
    opens_asking = bool(_OPENS_ASKING.match(_SWITCH.sub("", reply, count=1)))  # not "happy, but what does ... mean?"
    return opens_asking and not _FIRST_PERSON.search(reply) or value.strip().isdigit() and not _AGE_SAID.search(reply)


_OPENS_ASKING = re.compile(_ASK_OPENING, re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself)\b", re.IGNORECASE)
_AGE_SAID = re.compile(r"\b(?:i'?m|i am|im|aged?|turn(?:ed|ing)?)\s+\d|\d+\s*(?:years?|yrs?|y/?o)\b", re.IGNORECASE)


def reading_of_reply(reply: str, asked_attribute: str, found: Extraction) -> ReplyKind:
    """What a reply to the question about `asked_attribute` does with it.

    A reply that waves the question away is a decline, and the guard answers at once; one that gives neither a
    value nor a decline leaves the attribute unknown for this episode; one that is a self-contained request of
    its own, with nothing said about the user but in passing, starts something new.
    """
    if waves_away(reply):
        return "wave_away"
    said = [attribute for attribute, value in found.values.items() if not said_in_passing(reply, value)]
    if asked_attribute in said:
        return "answer"
    if not said and could_start_anew(reply, replying=True):
        return "new"
    if asked_attribute in found.values:
        return "answer"
    if asked_attribute in found.declined:
        return "decline"
    return "unanswered"


def settle_reply(state: SessionState, reply: str, kind: ReplyKind, found: Extraction) -> None:
    """Record a reply to the pending question: what it said, and what became of the question."""
    attribute = state.pending_attribute
    if kind == "wave_away" and attribute and _words(found.values.get(attribute, "")) == _words(reply):
        # An extractor that takes any short reply as the answer took the wave itself: it is no answer.
        found = found.model_copy(update={"values": {k: v for k, v in found.values.items() if k != attribute}})
    learn(state, found)
    if attribute and attribute not in state.profile.values:
        if kind in ("wave_away", "decline"):
            learn(state, Extraction(declined=[attribute]))
        elif kind == "unanswered":
            learn(state, Extraction(unanswered=[attribute]))
    state.pending_attribute = state.pending_question = None


def stored_risk(state: SessionState, current: RiskAssessment, reason: str) -> RiskAssessment:
    """The episode's risk, raised (never lowered) by what the current turn shows."""
    level = state.request_level or "high"
    stored = RiskAssessment(level=level, domain=state.request_domain, score=max(current.score, 0.5),
                            reason=reason, detector="session")
    return current if LEVEL_ORDER[current.level] > LEVEL_ORDER[stored.level] else stored


# ---- replay: the same episode rebuilt from the conversation ---------------------------------------------


def ends_episode(text: str, risk: RiskAssessment, state: SessionState, on_topic: Callable[[], bool]) -> bool:
    """After the answer, only a clearly new request starts anew: a self-contained everyday one about something
    else, or a risky one in another domain. Anything else ("what if...", a short "should I go back?", "which city
    would be cheapest?") is a follow-up and keeps the background. The same test decides a request sent in place of
    an answer to the guard's question (in English, one that names something)."""
    if not could_start_anew(text):
        return False
    if risk.is_risky:
        return risk.domain != state.request_domain
    return risk.level == "none" and not on_topic()


# How many of the last exchanges replay reads for a risky request answered with no question (one assessment each):
# an episode that opened further back is not rebuilt, so a long conversation without a session costs at most this many.
REPLAY_TAIL = 8


def replay(history: tuple[Exchange, ...], stages: Stages) -> SessionState:
    """Rebuild the session from the conversation alone: the guard's questions in assistant replies (recognised
    whatever domain they were worded for), the user's replies to them, and the answer that closed each episode.

    Used without a session id and when the store is down. Follows the live rules, with what the conversation
    shows in place of the guard's memory.
    """
    state = SessionState(session_id="")
    turns: list[str] = []  # the user turns of the current episode, for the topic test
    for i, exchange in enumerate(history):
        _replay_user_turn(state, exchange.user, stages, turns)
        turns = [*turns, exchange.user] if state.original_request is not None else []
        attribute = stages.asks_for(exchange.reply)
        if attribute is None:
            if stages.is_crisis_reply(exchange.reply):
                end(state)
                turns = []
            elif state.original_request is not None:
                state.pending_attribute = state.pending_question = None
                state.answered = True  # the request was answered
            elif len(history) - i <= REPLAY_TAIL and _answered_risky_request(state, exchange.user, stages):
                turns = [exchange.user]
            continue
        if state.original_request is None:
            open_episode(state, exchange.user, stages.assess(exchange.user))
            learn(state, stages.extract(exchange.user, None, state.profile))
            turns = [exchange.user]
        elif state.answered:  # a check-in about a follow-up: the episode goes on with it as the request
            keep_request(state, exchange.user)
        asked(state, attribute, exchange.reply)
    return state


def _answered_risky_request(state: SessionState, text: str, stages: Stages) -> bool:
    """A risky request the guard answered with no question (it knew enough, or asked nothing): the live path kept
    an episode for it, so its follow-ups keep the background. Opens that episode, answered, when `text` is risky."""
    if not text:
        return False
    risk = stages.assess(text)
    if not risk.is_risky:
        return False
    open_episode(state, text, risk)
    learn(state, stages.extract(text, None, state.profile))
    state.answered = True
    return True


def _replay_user_turn(state: SessionState, text: str, stages: Stages, turns: list[str]) -> None:
    pending = state.pending_attribute
    if not text or state.original_request is None:
        return
    if pending == escalate.SAFETY_CHECK:
        if escalate.read_safety_answer(text) != "no":
            end(state)  # the guard escalated
        else:
            state.pending_attribute = state.pending_question = None
        return
    on_topic = partial(stages.on_topic, text, *topic_turns(text, state.original_request, turns))
    if pending:
        found = stages.extract(text, pending, state.profile)
        kind = reading_of_reply(text, pending, found)
        if kind == "new" and (in_english(text) and not names_something(text)
                              or ends_episode(text, stages.assess(text), state, on_topic)):
            end(state)
        else:  # a question on the same topic instead of an answer leaves it unanswered, as the live path does
            settle_reply(state, text, "unanswered" if kind == "new" else kind, found)
        return
    if state.answered:
        if ends_episode(text, stages.assess(text), state, on_topic):
            end(state)
        else:
            learn(state, stages.extract(text, None, state.profile))
