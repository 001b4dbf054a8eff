"""Explicit-crisis detection by patterns: suicidal intent, current self-harm, imminent danger.

Why patterns and not the classifier: a crisis must never be missed because a model was unsure, must be cheap
enough to scan a whole 1 MB prompt, and must be auditable. The patterns look for *first-person, present*
intent ("I want to kill myself", "me quiero morir", "死にたい"), means at hand ("the pills are lined up"), an
overdose already taken, or someone threatening to kill the user. They deliberately skip idioms ("this bug is
killing me", "kill -9", "dying to see it"), accidents ("I cut myself chopping onions"), the past ("I used to
self-harm"), and third-person, fiction, translation or statistics contexts ("the suicide scene in Romeo and
Juliet", "suicide rates in Japan").

How it stays fast: the text is casefolded once, then each rule is only tried on a small window around the hits
of its *anchors* (short literal strings found with `str.find`, which runs at memory speed). Every rule uses
bounded repetition only, so no input can make the `re` engine backtrack catastrophically; windows are
de-duplicated so repetitive input costs little. A `CrisisMatch` names the rule, never the user's text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["CRISIS_KINDS", "CrisisMatch", "find_crisis", "has_crisis_cue", "normalize"]

CRISIS_KINDS: tuple[str, ...] = ("suicidal", "self_harm", "imminent_danger")
# When several rules fire, the most urgent kind is reported.
_PRIORITY = {"imminent_danger": 3, "suicidal": 2, "self_harm": 1}
_REASONS = {
    "suicidal": "explicit suicidal intent",
    "self_harm": "current self-harm",
    "imminent_danger": "imminent danger",
}


@dataclass(frozen=True, slots=True)
class CrisisMatch:
    """Which rule fired. Holds no user text, so it is safe to log."""

    kind: str  # "suicidal" | "self_harm" | "imminent_danger"
    lang: str  # BCP-47-ish tag of the rule: "en", "es", "hi", "hi-Latn", "zh", ...
    pattern: str  # rule name, e.g. "en.kill_myself"

    @property
    def reason(self) -> str:
        return _REASONS[self.kind]


# --------------------------------------------------------------------------------------------------------------
# Normalisation. Casefold + whitespace collapse on the whole text (C speed); accent stripping and script
# folding only on the small windows the rules see.

_FOLD: dict[int, str] = {}
for _cp in list(range(0xC0, 0x250)) + list(range(0x1E00, 0x1F00)):
    _ch = chr(_cp)
    _base = "".join(c for c in unicodedata.normalize("NFKD", _ch) if not unicodedata.combining(c))
    if _base and _base != _ch and _base.isascii():
        _FOLD[_cp] = _base.lower()
_FOLD.update({ord(k): v for k, v in {"ł": "l", "ø": "o", "đ": "d", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe"}.items()})
_FOLD.update({cp: None for cp in range(0x300, 0x370)})  # stray combining accents (decomposed input)
_FOLD.update({ord(c): "'" for c in "\u2019\u2018\u02bc\u0060\u00b4\u2032"})
_FOLD.update({ord(c): '"' for c in "\u201c\u201d\u00ab\u00bb\u201e"})
_FOLD[ord("ё")] = "е"
_FOLD[0x093C] = None  # Devanagari nukta: ख़ुदकुशी == खुदकुशी
_FOLD[0x0640] = None  # Arabic tatweel
_FOLD.update({cp: None for cp in range(0x064B, 0x0653)})  # Arabic harakat
_FOLD.update({ord(c): "ا" for c in "أإآٱ"})
_FOLD.update({ord("ى"): "ي", ord("ؤ"): "و", ord("ئ"): "ي"})


# Folded on the whole text: Latin accents, apostrophes, quotes, ё and the Devanagari nukta (rare characters, so
# a substitution that only calls back on them is far cheaper than str.translate over 1 MB). Arabic folding is
# frequent, so it happens on the rule windows only.
_GLOBAL_FOLD = {chr(k): (v or "") for k, v in _FOLD.items() if not 0x0600 <= k <= 0x06FF}
_GLOBAL_FOLD_RE = re.compile("[" + "".join(re.escape(c) for c in _GLOBAL_FOLD) + "]")


def normalize(text: str) -> str:
    """The form every rule is written against: casefolded, single-spaced, accents and apostrophes folded."""
    return _fold(_prepare(text))


def _prepare(text: str) -> str:
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    text = " ".join(text.split()).casefold()
    return text if text.isascii() else _GLOBAL_FOLD_RE.sub(_global_fold_char, text)


def _global_fold_char(match: re.Match[str]) -> str:
    return _GLOBAL_FOLD[match.group()]


def _fold(text: str) -> str:
    return text if text.isascii() else text.translate(_FOLD)


# --------------------------------------------------------------------------------------------------------------
# Rules.


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    kind: str
    lang: str
    anchors: tuple[str, ...]
    regex: re.Pattern[str]
    requires: re.Pattern[str] | None  # must also appear in the window (corroboration)
    context_checks: bool  # apply the negation / fiction / translation checks


_RULES: list[_Rule] = []


def _rule(
    name: str,
    kind: str,
    anchors: Iterable[str],
    pattern: str,
    *,
    requires: str | None = None,
    context_checks: bool = True,
) -> None:
    lang = name.split(".", 1)[0]
    # Patterns are written in normalised form; folding the source keeps accented spellings in the source legal.
    regex = re.compile(_fold(pattern))
    anchor_list = tuple(dict.fromkeys(_prepare(a) for a in anchors))
    _RULES.append(
        _Rule(
            name=name,
            kind=kind,
            lang=lang,
            anchors=anchor_list,
            regex=regex,
            requires=re.compile(_fold(requires)) if requires else None,
            context_checks=context_checks,
        )
    )


# ---- English building blocks (normalised text: lowercase, single spaces, straight apostrophes) ----------------

_MYSELF = r"(?:my ?self|myslef|mysef|meself|my slef)"
_ADV = r"(?:just|really|honestly|seriously|literally|kinda|kind of|sort of|so|still|actually|truly|genuinely|often|sometimes|always|secretly|desperately|only|lowkey|fr|deeply|all|even|finally|now|badly|truly)"
_INTENT = (
    r"(?:want(?:s|ed)? to|wanna|wana|wnat to|wan to|want too|going to|gonna|gunna|goin to|goin|bout to|about to|"
    r"plan(?:ning)? (?:on|to)|planning|ready to|decided to|deciding to|trying to|try to|tempted to|need to|needs to|"
    r"have to|got to|gotta|will|'ll|ll|should|might|may|could just|ima|imma|i'ma|finna|"
    r"thinking (?:about|of)|think (?:about|of)|thought (?:about|of)|thoughts of|dream (?:about|of)|"
    r"fantasi[sz]e about|fantasi[sz]ing about|urge to|urges to|way to|ways to|"
    r"how (?:to|do i|can i|should i|would i|could i|would you|do you)|best way to|easiest way to|quickest way to|"
    r"painless(?:ly)?(?: way)? to|considering|contemplating|help me|let me|just|can't stop thinking about|"
    r"cant stop thinking about|keep thinking about|been thinking about)"
)
_SUI_ADJ = r"(?:suicidal|suicdal|sucidal|suicidle|suisidal|suicidial|suacidal|suicidel|suiscidal|suicial|sucicidal|suicidall)"
_SUI_N = r"(?:suicide|suicde|sucide|suiside|suiscide|sucicide|suicid|sewer ?slide|su[i1!*]c[i1!*]de|s\*icide|su\*\*ide|unalive)"
_SUI_ANCHORS = ("suicid", "suicd", "sucid", "suisid", "suiscid", "sucicid", "suacid", "suicial", "sewer", "su1c", "s*ic", "su*", "su!c")
_PAST = (
    r"(?:years ago|when i was|in the past|back then|a long time ago|as a (?:kid|child|teen|teenager)|"
    r"in (?:high school|college|my teens|my twenties|\d{4})|before i (?:got|met|started)|once before|last year|"
    r"\d+ years ago)"
)
_NOT_ABOUT = (
    r"(?:prevention|rates?|statistics|stats|awareness|hotlines?|bombers?|bombing|squad|scenes?|notes? in|"
    r"in (?:the|literature|film|films|movies|books|japan|history|media|fiction|novels|art|society|teens|teenagers|men|women)|"
    r"as a (?:topic|theme|concept|subject)|risk factors|risk assessment|research|data|policy|policies|essay|paper|"
    r"for (?:my|a|an|the) (?:thesis|essay|paper|class|course|project|article|research|book|novel|story|report|job|work|assignment|presentation)|"
    r"forest|game|mission|squad|pact in|is (?:a|the|an) (?:leading|common|major))"
)

# ---- English: suicidal --------------------------------------------------------------------------------------

_KILL_VERB = (
    r"(?:kill|kil|kll|klil|killing|kiling|murder|murdering|off|offing|unalive|unaliving|end|ending|hang|hanging|"
    r"shoot|shooting|drown|drowning|poison|poisoning|stab|stabbing|suffocate|suffocating|electrocute|gas|"
    r"throw|throwing)"
)
_rule(
    "en.kill_myself",
    "suicidal",
    ("myself", "my self", "myslef", "mysef", "meself", "my slef"),
    rf"\b{_INTENT} (?:{_ADV} ){{0,2}}(?:go (?:and )?)?{_KILL_VERB} ?{_MYSELF}\b"
    r"(?! (?:laughing|in the foot|in (?:work|coffee|alcohol|booze|wine|music|books|tv|games|studying|debt|paperwork|my work|the gym)|"
    r"with (?:work|coffee|studying|exercise|workouts?|training|homework)|at (?:work|the gym|the office|school)|"
    r"over (?:this|that|a|the)|for (?:this|that|a|the|my|it|nothing)|to (?:finish|get|make|meet|pass|please)|trying to|"
    r"off (?:a|the|my) (?:couch|bed|floor|chair)|into (?:work|a project|my work|studying)|out there|together|up|a favor|"
    r"(?:a|some) (?:break|treat|drink|coffee)|at (?:a|the) (?:party|wall)))",
)
_rule(
    "en.throw_myself_under",
    "suicidal",
    ("myself", "my self"),
    rf"\b(?:throw|throwing|threw|hurl|fling) {_MYSELF} (?:off|from|under|in front of|onto) (?:a|the|this|that|my) "
    r"(?:\w+ ){0,2}?(?:bridge|roof|building|balcony|cliff|train|bus|truck|car|traffic|tracks|window|overpass|ledge|tower|subway|metro)",
)
_rule(
    "en.kms",
    "suicidal",
    ("kms",),
    r"(?:\b(?:gonna|going to|want to|wanna|wana|about to|bout to|ima|imma|i'ma|finna|should|might|will|i'll|ill|"
    r"just|literally|i|im|i'm|to|might just|could) (?:just |literally |actually |fr |really |prob |probably )?kms\b"
    r"(?! (?:away|from|north|south|east|west|of|per|long|range|drive))|\bkms (?:tonight|today|now|fr|for real|rn|soon)\b)",
)
_rule(
    "en.unalive",
    "suicidal",
    ("unaliv",),
    r"\b(?:want to|wanna|wana|going to|gonna|about to|thinking (?:about|of)|plan to|planning to|should|will|'ll|"
    r"ll|might|ima|imma|to|i|i'm|im|i just|i might|i will|how do i|how to|ways to|ready to|decided to) "
    r"(?:just |really |finally |go )?unaliv(?:e|ing)\b(?! (?:him|her|them|the|a|his|their|you|it|people|enemies|npcs?|characters?|zombies?|monsters?|bosses?)\b)",
)
_DIE_NOT = (
    r"(?! (?:my|his|her|their|your|the|it|its|our) (?:hair|beard|eyebrows|clothes|shirt|jeans|wool|fabric))"
    r"(?! (?:at home|with dignity|of old age|old\b|peacefully when|when i'?m old|a hero|for (?:my|our|the|a|this|that)|"
    r"in (?:my|a) (?:own )?(?:bed|home) when|laughing|of (?:embarrassment|boredom|laughter|shame|cringe|curiosity|excitement|happiness)|"
    r"on (?:this|that) hill|happy|in battle|in the game|in (?:minecraft|fortnite|the video game)|first in))"
)
_rule(
    "en.want_to_die",
    "suicidal",
    ("to die", "2 die", "na die", "to be dead", "not exist", "stop existing", "not be alive", "cease to exist",
     "disappear", "be gone forever", "not be here", "not wake up", "wanna die", "wana die", "want die",
     "wants die", "wnat", "want 2"),
    rf"\b(?:i|i'm|im|part of me|a part of me|i am|sometimes i|honestly i|i've|ive) (?:{_ADV} ){{0,3}}"
    r"(?:want|wanna|wana|wnat|want's|wants|wanted|need|needs|wish|would like|long|crave|crave to|am longing|'m longing|"
    r"keep wanting|just want|been wanting|have been wanting|'ve been wanting|ve been wanting|pray) "
    r"(?:(?:so|so badly|badly|to|2) ){0,2}"
    r"(?:to |2 )?(?:die|be dead|not (?:exist|be alive|be here anymore|be here any more|wake up|live anymore)|"
    r"stop (?:existing|living|being alive)|cease to exist|disappear (?:forever|permanently|for good)|be gone forever)\b"
    + _DIE_NOT,
)
_rule(
    "en.wish_dead",
    "suicidal",
    ("wish",),
    r"\bi (?:(?:just|really|honestly|sometimes|often|seriously|so|still|kinda|always|truly) ){0,2}wish (?:that )?i "
    r"(?:could (?:just )?(?:die|be dead)|would (?:just )?(?:die|not wake up|never wake up)|'d (?:just )?(?:die|never wake up|not wake up)|"
    r"had died|didn't (?:exist|wake up)|did not (?:exist|wake up)|wouldn't wake up|would not wake up|"
    r"could (?:just )?(?:stop existing|disappear forever|not exist|never wake up|fall asleep (?:and never wake up|forever))|"
    r"wasn't alive|weren't alive|was not alive|were not alive|never existed|could end it|could end my life|could kill myself|"
    r"had the courage to (?:die|end it|kill myself))\b",
)
_rule(
    "en.wish_was_dead",
    "suicidal",
    ("wish",),
    r"\bi (?:(?:just|really|honestly|sometimes|often|seriously|so|still|kinda|always|truly) ){0,2}wish (?:that )?i (?:was|were) "
    r"(?:dead|gone forever|not alive|never born and|in my grave|six feet under)\b",
)
_rule(
    "en.ready_to_die",
    "suicidal",
    ("to die", "be dead", "just die", "i die", "to be dead"),
    r"\bi(?:'m| am|m)? (?:(?:just|really|so|truly|finally|completely) ){0,2}(?:ready|prepared|deserve|deserving|meant|destined|supposed) "
    r"to (?:die|be dead)\b(?! for\b)" + _DIE_NOT
    + r"|\bi (?:should|need to|have to|must|ought to|might as well|may as well|just want to|'d rather just) (?:just |really |probably |honestly )?(?:die|be dead)\b(?! (?:for|than|rather|if)\b)"
    + _DIE_NOT
    + r"|\bi (?:hope|pray|wish) (?:that )?i (?:die|get hit by a (?:car|bus|truck)|don't wake up|do not wake up|never wake up|won't wake up|wont wake up|dont wake up|just die)\b"
    r"(?! (?:before i get old|laughing|of)\b)",
)
_rule(
    "en.better_off_dead",
    "suicidal",
    ("off dead", "better dead", "be dead"),
    r"\b(?:i'?d|i would|i'?m|i am|im|i'll|i will|everyone would be|everybody would be|it would be)? ?(?:be |just be |honestly be |probably be |really be )?"
    r"(?:better off|better) dead\b|\bi (?:should|would rather|'d rather) be dead\b(?! than (?:wear|eat|be seen|go|listen|watch))",
)
_BETTER_SUBJ = (
    r"(?:everyone|everybody|every one|they|the world|world|people|everyone (?:around me|i know|i love)|all of them|"
    r"my (?:\w+ ){0,3}?(?:family|kids|children|parents|loved ones|friends|siblings|son|daughter|wife and kids|husband and kids)|"
    r"the (?:kids|family)|you all|y'all|my whole family|this world)"
)
_rule(
    "en.better_off_without_me",
    "suicidal",
    ("without me", "if i was", "if i were", "if i died", "if i wasn't", "if i weren't", "if i didn't", "if i killed",
     "if i disappeared", "with me gone", "with me dead", "if i wasnt", "if i werent", "if i was gone", "if i were gone"),
    rf"\b{_BETTER_SUBJ} ?(?:'d|d| would| will|'ll| are|'re| might| could| is|'s)(?: (?:all|honestly|really|probably|genuinely|definitely|just|truly|seriously|so|be|actually|likely|surely)){{0,3}} "
    r"(?:(?:so much|much|way|a lot|far|all|a|so) )?(?:better(?: place)?|happier|fine|relieved)(?: off)? "
    r"(?:without me|if i (?:was|were|wasn't|weren't|wasnt|werent|was not|were not|died|was dead|were dead|was gone|were gone|didn't exist|did not exist|"
    r"killed myself|disappeared forever|wasn't around|weren't around|wasn't here|weren't here|was never born|never existed)|with me (?:gone|dead|out of the picture))\b"
    r"(?! (?:at|in|on) (?:the|this|that|my) (?:job|company|team|office|meeting|project|party|trip|wedding)\b)"
    r"|\b(?:would|will) (?:everyone|everybody|my (?:\w+ ){0,2}?(?:family|kids|children|parents)|they|the world|people) "
    r"(?:really |honestly |actually )?be (?:better off|happier) (?:without me|if i (?:died|was gone|were gone|was dead|killed myself))\b"
    r"|\b(?:no one|nobody|no-one) (?:would|will) (?:even |really )?(?:care|notice|miss me|be sad|cry) if i (?:died|was gone|were gone|was dead|killed myself|ended it)\b",
)
_rule(
    "en.dont_want_live",
    "suicidal",
    ("to live", "wanna live", "wana live", "wanna exist", "be alive", "to exist", "keep living", "be here anymore", "be here any more",
     "this earth", "this world", "this planet", "live anymore", "exist anymore", "to be alive", "living anymore"),
    r"\bi (?:(?:just|really|honestly|seriously|genuinely|truly|literally|kinda|simply|even|actually) ){0,2}"
    r"(?:don't|dont|do not|no longer|don't even|dont even|don't really|dont really|don't wanna|dont wanna|dont want|don't want|"
    r"can't|cant|cannot|can not) (?:really |even |actually )?(?:want|wanna|wish|keep|bear|stand|do|go on) ?(?:to )?"
    r"(?:live\b(?! (?:in|with|near|at|on|there|here|alone|like|abroad|together|off|by|under|so|far|close|paycheck|downtown|"
    r"somewhere|anywhere|nearby|outside|inside|a lie|out of|through|as|without|the rest|my life|that|this|in fear|that way|this way|"
    r"with(?:out)? (?:him|her|them)|apart|next|upstairs|downstairs|in a|in the|on the|for (?:my|the|someone))\b)|"
    r"be alive|exist\b(?! (?:in|on|as|with|for)\b)|keep living|go on living|continue living|be here anymore|be here any more|"
    r"be on this (?:earth|planet)|be in this world|living anymore|exist anymore|keep existing|be alive anymore|live anymore|living)"
    r"(?! (?:at|in) (?:this|my|the) (?:job|company|school|city|town|country|house|place|relationship|class|team|office|marriage|family|apartment)\b)",
)
_rule(
    "en.no_reason_to_live",
    "suicidal",
    ("to live", "living", "alive", "go on", "going on", "exist", "worth living", "live for"),
    r"\b(?:i have|i've got|i got|i've|ive|i have got|i see|i can't see|i cant see|i can't find|i cant find|i don't see|"
    r"i dont see|i don't have|i dont have|i no longer have|i have no|i've no|ive no|there's|theres|there is|i see no|"
    r"i don't have any|i dont have any|i can't think of (?:a|any)|i cant think of (?:a|any)|i've lost (?:my|any|all)|ive lost (?:my|any|all)|i lost (?:my|any|all)|"
    r"i'm losing (?:my|the)|i am losing (?:my|the)|what's|whats|what is)"
    r" (?:(?:really|honestly|literally|just|absolutely|no|any|nothing|no more|even|the|a|single) ){0,3}"
    r"(?:reason|reasons|point|purpose|will|desire|motivation|meaning|sense) (?:left )?(?:to|in|for|of) "
    r"(?:live|living|go on|going on|being alive|be alive|stay alive|staying alive|keep living|exist|existing|keep going|carry on|me being alive|life)\b"
    r"(?! (?:in|with|near|at|on|here|there|like that|this way|that way|in this)\b)(?!\?? (?:philosoph|question|essay|debate))"
    r"|\b(?:i have|i've got|i've|ive|i have got|i got|there's|theres|there is) (?:really |honestly |literally |absolutely )?nothing (?:left )?(?:to live for|worth living for)"
    r"|\bmy life (?:is not|isn't|isnt|is no longer|ain't|aint|is just not|isn't really|is not really) worth (?:living|anything|it)\b(?! (?:if|unless|without (?:money|a job|a car)))"
    r"|\blife (?:is not|isn't|isnt|is no longer|ain't) worth living (?:anymore|any more|for me)"
    r"|\bi(?:'m| am|m) (?:so |just |really |completely |honestly |literally )?(?:tired|sick|exhausted) of (?:living|being alive|existing|life itself|breathing|waking up every day)\b"
    r"(?! (?:in|with|here|like|at|on|paycheck|under|next|near|among|around)\b)"
    r"|\bi(?:'m| am|m) (?:so |just |really |completely |honestly |literally |officially )?done (?:with (?:life|living|being alive|existing|this life|it all|everything and everyone)|living)\b"
    r"(?! (?:as|in|at|here|there|like|with|paycheck|under)\b)",
)
_rule(
    "en.wake_up",
    "suicidal",
    ("wake up", "wake-up", "waking up", "wake again"),
    r"\b(?:i )?(?:(?:just|really|honestly|seriously|sometimes|often) ){0,2}(?:don't|dont|do not|never) (?:want|wanna|wish|plan|intend) (?:to )?wake (?:up|again)\b"
    r"(?=\s*(?:$|[.,!?;:)\u2026]|(?:ever )?again|anymore|any more|ever|tomorrow\s*(?:$|[.,!?;]|morning\s*(?:$|[.,!?;]))|and i|but i|i |lol|tbh|honestly|some days|most days|from|after))"
    r"|\b(?:i )?(?:(?:really|just|secretly|honestly) )?(?:hope|hoping|wish|pray|praying|want) (?:that )?i (?:don't|dont|do not|won't|wont|will not|never|wouldn't|would not|didn't|did not|can't) (?:ever )?wake (?:up|again)\b"
    r"|\bi (?:\w+ ){0,4}?(?:go to sleep|fall asleep|sleep|close my eyes) (?:and|forever and) (?:never|not|don't|dont|do not) (?:ever )?(?:wake up|open them again|wake again)"
    r"|\b(?:i'm|im|i am|i've been|ive been|i) (?:(?:going|planning|about|ready) to )?(?:go to sleep|sleep) (?:forever|permanently) (?:tonight|now)\b",
)
_rule(
    "en.end_my_life",
    "suicidal",
    ("my life", "my own life", "own life", "my existence"),
    r"\b(?:end|ending|take|taking|ended|terminate|terminating|finish|finishing|stop) my (?:own )?(?:life|existence)\b"
    r"(?! (?:as (?:a|an|i know|we know)|savings|story|insurance|in (?:a|the) (?:city|town|country)|with (?:him|her|them|my (?:ex|job))|"
    r"back|over|around|into my own hands|into my hands|in my hands|seriously|for granted|easy|slowly with|away from|apart|together|out of)\b)"
    r"(?<!take my life)(?<!taking my life)"
    r"|\b(?:take|taking) my (?:own )?life\b(?= *(?:$|[.,!?;]|tonight|today|now|soon|this week|and|but|because|so|if|when|i|with|by|away\b(?! from)))"
    r"|\btake my own life\b",
)
_LEAD_END = (
    r"(?:i|i'm|im|i am|i'll|ill|i will|gonna|going to|want to|wanna|wana|about to|ready to|plan(?:ning)? to|decided to|"
    r"need to|should|might|thinking (?:about|of)|think about|thought about|tempted to|going to just|just going to|have to|"
    r"way to|ways to|how to|how do i|how can i|could|will|'ll|ll|tonight i|i'm going to|finally|try to|"
    r"it's time to|its time to|time to|the courage to|the guts to|the nerve to)"
)
_rule(
    "en.end_it_all",
    "suicidal",
    ("end it", "ending it", "end everything", "ending everything", "end this life", "end all of this", "end all this"),
    rf"\b{_LEAD_END} (?:just |finally |really |actually |simply |go ahead and )?(?:end|ending) "
    r"(?:it all|it all tonight|everything (?:tonight|now|right now|once and for all|for good|today)|this life|all of this|all this|"
    r"it (?:tonight|right now|for good|forever|permanently|once and for all|today)|it\b(?= *(?:$|[.!?]|now\b|tonight|so\b|because|before|and (?:die|kill))))"
    r"(?! (?:with|between|for (?:us|them|him|her)|on (?:a|good)|and (?:move|start|go|try|travel|find|begin|leave))\b)"
    r"(?!(?: (?:\w+)){0,3} (?:with (?:him|her|them|my (?:ex|bf|gf|boyfriend|girlfriend|partner|husband|wife|fiance|fiancee))|relationship|marriage|engagement|friendship))",
)
_rule(
    "en.suicidal_self",
    "suicidal",
    _SUI_ANCHORS,
    rf"\b(?:i'm|im|i am|i feel|i'm feeling|im feeling|i am feeling|i've been|ive been|i have been|i keep feeling|i keep getting|"
    rf"i get|i'm getting|im getting|i become|i'm becoming|i feel so|been feeling|i start feeling|i'm starting to feel|i'm still|i'm so) "
    rf"(?:(?:so|very|really|extremely|super|pretty|kinda|kind of|a bit|a little|slightly|quite|incredibly|increasingly|actively|passively|"
    rf"more|feeling|really really|still|always|constantly|lowkey|getting|being|so so|seriously|genuinely|honestly|fucking|again|literally) ){{0,3}}"
    rf"{_SUI_ADJ}\b(?! (?:before|in the past|years ago|when i was|as a (?:teen|kid|child|teenager)|in (?:high school|college|my teens|\d{{4}})|back then|once|last year|before but)\b)",
)
_rule(
    "en.suicidal_thoughts",
    "suicidal",
    _SUI_ANCHORS,
    rf"\b(?:i'm|im|i am|i've been|ive been|i have been|i keep|i still|i|i've|ive|i've started|i started|i'm still|im still|i constantly|i often|i always) "
    rf"(?:(?:still|constantly|always|really|been|now|currently|again|often|frequently|recently|lately|started|keep) ){{0,2}}"
    rf"(?:having|getting|have|get|experiencing|fighting|battling|struggling with|dealing with|plagued by|overwhelmed by|consumed by|haunted by) "
    rf"(?:(?:really|very|such|so|many|lots of|a lot of|constant|intense|strong|serious|bad|active|passive|some|these|the|more|frequent|"
    rf"recurring|daily|dark|horrible|scary|more and more|nonstop|non-stop) ){{0,2}}"
    rf"(?:{_SUI_ADJ}|{_SUI_N}) (?:thoughts|ideation|ideations|urges|feelings|tendencies|impulses|thinking)\b"
    rf"(?! (?:before|in the past|years ago|when i was|as a (?:teen|kid|child|teenager)|in (?:high school|college|my teens|\d{{4}})|back then|once|last year)\b)",
)
_rule(
    "en.thinking_suicide",
    "suicidal",
    _SUI_ANCHORS + ("killing myself", "killing my self", "ending my life", "ending it all", "taking my own life", "taking my life"),
    r"\bi(?:'m|m| am|'ve been|ve been| have been| keep| can't stop| cant stop| can not stop| cannot stop| seriously| really| constantly|"
    r" always| often| sometimes| still| now| even| honestly| literally| genuinely| actually| started| began| couldn't stop| can't help)? "
    r"(?:(?:really|seriously|constantly|always|often|sometimes|still|now|actively|been|keep|even|started|thinking|kind of|kinda) ){0,2}"
    r"(?:think|thinking|thought|considering|consider|contemplating|contemplate|planning|plan|plotting|researching|googling|obsessing|"
    r"fantasizing|fantasising|dreaming|daydreaming|weighing|looking into|looking up|searching|reading about|deciding on|toying with|flirting with) "
    r"(?:(?:about|of|over|on|seriously about|a lot about|more about|constantly about|really about|up|into|with|the idea of|ways of) ){0,2}"
    rf"(?:{_SUI_N}|killing {_MYSELF}|ending my (?:own )?life|ending it all|ending everything|taking my (?:own )?life|committing {_SUI_N}|"
    rf"my (?:own )?{_SUI_N}|my death|my own death|dying by {_SUI_N}|how to (?:die|kill {_MYSELF}|end it)|ways to (?:die|kill {_MYSELF}|end it))\b"
    rf"(?! {_NOT_ABOUT}\b)(?! {_PAST})",
)
_rule(
    "en.commit_suicide",
    "suicidal",
    _SUI_ANCHORS,
    r"\b(?:i|i'm|im|i am|i'll|ill|gonna|going to|want to|wanna|wana|about to|ready to|plan(?:ning)? to|decided to|need to|should|"
    r"might|how (?:do i|can i|to|should i|would i|could i)|best way to|easiest way to|painless way to|quickest way to|ways to|thinking (?:about|of)|"
    r"will|'ll|ll|tempted to|try to|trying to|attempt(?:ing)? to|going to just|think i'll|think i will|i'm going to|i am going to|"
    r"tonight i will|tonight i'll|have decided to|i'm ready to|might just|urge to|urges to) "
    rf"(?:just |finally |really |actually |go |go and )?(?:commit|committing|attempt|attempting|do|doing|die by|go through with) {_SUI_N}\b"
    rf"(?! (?:in (?:minecraft|the game|game|fortnite|gta|roblox|sims|the sims)|squad|missions?|run|bombing|prevention|hotline|by (?:a|the) (?:cop|police)\b))",
)
_rule(
    "en.suicide_plan",
    "suicidal",
    _SUI_ANCHORS + ("goodbye letter", "goodbye note", "farewell letter", "farewell note", "goodbye messages", "goodbye letters"),
    rf"\bmy (?:own )?(?:{_SUI_N}) (?:note|letter|plan|attempt tonight|method|date|is planned|is tonight)s?\b(?! (?:in|from) (?:the|my) (?:story|novel|book|script|game))"
    rf"|\b(?:i|i've|ive|i have|i'm|im|i am|i just) (?:already |just |finally |now )?(?:wrote|written|writing|write|drafted|drafting|finished|left|leaving|prepared|preparing|typed|typing|recorded|recording|planned|planning|picked|chosen|chose|set) "
    rf"(?:my|a|the|out my|up my) (?:{_SUI_N} |goodbye |farewell |final |last )(?:note|letter|message|video|date|method|plan)s?\b"
    r"(?! (?:for|in|from) (?:the|my|a) (?:story|novel|book|script|game|character|class|play)\b)",
)
_rule(
    "en.method_seeking",
    "suicidal",
    ("way to", "ways to", "method", "how many", "how much", "lethal", "way of"),
    rf"\b(?:painless|painlessly|easiest|quickest|fastest|best|surest|most (?:painless|effective|reliable|peaceful|certain)|peaceful|quick|easy|simple|effective|reliable) "
    rf"(?:way|ways|method|methods|means) (?:to|of|for) (?:die|dying|kill (?:myself|yourself|oneself|my self)|killing (?:myself|yourself|oneself)|commit {_SUI_N}|committing {_SUI_N}|{_SUI_N}|"
    r"end (?:my|your|one's|ones) life|ending (?:my|your|one's) life|end it(?: all)?|not wake up|go to sleep forever|overdose|od)\b(?! (?:in|for) (?:a|the|my) (?:game|novel|story|book)\b)"
    r"|\bhow (?:many|much) (?:\w+ ){1,4}?(?:would|does|do|will|should|is|to) (?:it take to |i need to (?:take )?(?:to )?|i have to take to |take to |need to |enough to |it take for me to )?"
    r"(?:die|kill myself|kill my self|overdose|od|never wake up|not wake up|end my life|end it|be (?:fatal|lethal) for me)\b"
    r"(?<!\bwater to die)(?! (?:in|for) (?:a|the) (?:game|novel|story|movie|plant)\b)",
)
_rule(
    "en.jump_intent",
    "suicidal",
    ("jump", "leap", "step off", "step in front", "stepping in front", "throw myself", "throwing myself"),
    r"\b(?:i'm|im|i am|i'll|ill|i will|going to|gonna|want to|wanna|wana|about to|ready to|plan(?:ning)? to|thinking (?:about|of)|"
    r"should i|should|might|i|i just want to|i'm going to|tempted to|urge to|decided to|i'm about to|to) (?:just |finally |go )?"
    r"(?:jump|jumping|leap|leaping|step|stepping|walk|walking|throw myself|throwing myself|throw my self|lie down|lay down|lying down) "
    r"(?:off|from|in front of|into|onto|under|out of|down|on) (?:a|the|this|my|that|an|some) (?:\w+ ){0,2}?"
    r"(?:bridge|roof|rooftop|building|balcony|cliff|train|bus|truck|lorry|car|traffic|tracks|railway|window|overpass|ledge|tower|"
    r"skyscraper|parking garage|subway|metro|highway|motorway|freeway|tube)\b"
    r"(?! (?:into (?:the|a) (?:lake|water|sea|ocean|river|pool|snow|hay)|in (?:hawaii|mexico|minecraft|the game|gta)|with (?:a|my) (?:parachute|wingsuit|friends|bungee)|for fun|on (?:my|a|the) (?:bike|skateboard|board|skis)|to catch|to make it|before it leaves|at the last|at (?:the|my) stop)\b)"
    r"(?<!\bjump on the train)(?<!\bjump on the bus)(?<!\bjump on a train)(?<!\bjump on a bus)",
)
_rule(
    "en.drive_crash",
    "suicidal",
    ("drive", "driving", "crash", "crashing", "swerve", "swerving", "steer"),
    r"\b(?:want to|wanna|going to|gonna|thinking (?:about|of)|tempted to|urge to|i'll|should|just|might|i keep wanting to|i want to|"
    r"i'm going to|about to|plan to|planning to) (?:just )?(?:drive|driving|crash|crashing|swerve|swerving|steer|steering) "
    r"(?:my car |the car |my truck )?(?:off (?:a|the) (?:cliff|bridge|road|overpass)|into (?:a|the|oncoming) (?:tree|wall|traffic|truck|pole|river|barrier|semi|lake|bridge pillar)|into oncoming|head on into)\b",
)

# ---- English: self-harm ------------------------------------------------------------------------------------

_SH_BODY = r"(?:my ?self|myself|myslef|my (?:arms?|wrists?|thighs?|legs?|skin|stomach|body|hips?|forearms?|hands?|face))"
_SH_AFTER_NOT = (
    # "when" usually introduces an accident ("when cooking"), unless an emotional trigger follows it.
    r"(?! (?:at|in|during|while|when(?! (?:things|it gets|everything|i'?m (?:sad|upset|angry|stressed|overwhelmed|anxious|alone|lonely|"
    r"depressed|low|numb)|i (?:feel|get) (?:sad|upset|angry|stressed|overwhelmed|anxious|bad|low|numb|empty|lonely)|i can'?t))|doing|playing|lifting|running|working out|by accident|accidentally|if|lifting|on accident|"
    r"shaving|cooking|chopping|slicing|making|opening|with (?:the|a|my) (?:knife|kitchen|can|paper|scissors|razor while|weights)|"
    r"on (?:the|a|my|some) (?:stove|pan|oven|iron|grill|knife|counter|glass|paper|can|nail|fence|metal|edge|hot)|at the gym|"
    r"emotionally|financially|mentally by|by (?:working|staying|eating|drinking|not|overthinking|comparing)|with (?:words|thoughts|guilt|work|junk food|food|sugar)|"
    r"over (?:it|this|him|her|them)|more than|like that|by overtraining|because (?:of|i) (?:the|trip|fell|tripped))\b)"
)
_rule(
    "en.self_harm_urge",
    "self_harm",
    ("myself", "my self", "my arm", "my wrist", "my thigh", "my leg", "my skin", "my body", "my stomach", "my hip", "my forearm"),
    r"\b(?:want|wanna|wana|wanted|wants|need|needs|urge|urges|urging|craving|crave|tempted|temptation|itching|feel like|felt like|feeling like|"
    r"thinking (?:about|of)|trying not|try not|trying so hard not|struggling not|fighting the urge|resisting the urge|can't stop myself from|"
    r"keep wanting|been wanting|fantasi[sz]ing about|fantasi[sz]e about|thoughts of|thoughts about|dreaming of|dreaming about) "
    r"(?:to )?(?:(?:really|badly|so badly|just|again|so) )?"
    rf"(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|punch|punching|bruise|bruising|carve|carving|mutilate|mutilating|"
    rf"slice|slicing|scar|scarring|bleed|bash|bashing|bang my head) {_SH_BODY}(?: (?:again|up|open|badly|deeply|tonight|deep|with))?\b"
    + _SH_AFTER_NOT,
)
_rule(
    "en.self_harm_plan",
    "self_harm",
    ("myself", "my self", "my arm", "my wrist", "my thigh", "my leg", "my skin"),
    r"\b(?:i'm|im|i am|i'll|ill|i will|going to|gonna|about to|plan(?:ning)? to|ready to|decided to|i'm going to) "
    rf"(?:(?:just|finally|really|probably) )?(?:cut|carve|mutilate|slice|burn|harm|scar) {_SH_BODY}\b(?: (?:again|tonight|deep|deeply|open|up))?"
    r"(?! (?:on|with|while|when|shaving|cooking|chopping|if|by accident|accidentally|making|opening|at|in|doing)\b)",
)
_rule(
    "en.self_harm_ongoing",
    "self_harm",
    ("myself", "my self", "my arm", "my wrist", "my thigh", "my leg", "my skin", "my body", "my stomach", "my hip"),
    r"\bi(?:'ve|ve| have|'m|m| am)? (?:(?:been|started|start|keep|kept|began|begin|continue|still|secretly|recently|now|again|even|"
    r"constantly|always|often|sometimes|currently|regularly|every (?:day|night)|nightly|daily) ){1,3}(?:to )?"
    rf"(?:cut|cutting|burning|hurting|harming|hitting|punching|bruising|carving|mutilating|burn|hurt|harm|hit|carve|scratching|slicing|scarring|"
    rf"picking at|bashing|banging my head) {_SH_BODY}\b(?: (?:again|on purpose|deliberately|intentionally|until|with|to))?"
    + _SH_AFTER_NOT,
)
_rule(
    "en.self_harm_recent",
    "self_harm",
    ("myself", "my self", "my arm", "my wrist", "my thigh", "my leg", "my skin"),
    r"\bi (?:just |finally |also |then )?(?:cut|carved|sliced|burned|burnt|hurt|hit|punched|scarred|bruised|mutilated|harmed) "
    rf"{_SH_BODY} (?:(?:again|on purpose|deliberately|intentionally|purposely|purposefully|for the first time in (?:months|weeks|years|a while|ages)|really badly again|"
    r"so badly|so deep|deep|deeply|to feel something|to cope|to punish myself|because i (?:deserve|hate|needed|wanted))\b"
    r"(?! (?:while|when|shaving|cooking|chopping|in the kitchen|at|on (?:the|a|my)|with (?:the|a|my) (?:can|paper|knife while|kitchen)|by accident|making|opening|doing|playing|lifting|running)\b)|"
    r"(?:last night|tonight|today|this morning|an hour ago|earlier|yesterday)\b(?! (?:while|when|shaving|cooking|chopping|in the kitchen|at|on|with|by|making|opening|doing|playing|lifting|running|cleaning|fixing|working|gardening)\b))",
    requires=r"\b(?:again|on purpose|deliberately|intentionally|purposely|deep|deeply|relapse|clean|streak|urge|blood|bleed|bleeding|scars?|hide|hiding|"
    r"feel something|cope|punish|deserve|hate myself|razor|blade|cuts?\b|wounds?|numb|self[\s-]?harm|nobody knows|no one knows|can't stop|cant stop|"
    r"sorry|ashamed|again)",
)
_rule(
    "en.self_harm_word",
    "self_harm",
    ("self harm", "self-harm", "selfharm", "self injur", "self-injur", "self mutilat", "self-mutilat", "self hurt"),
    r"\bi(?:'m|m| am|'ve been|ve been| have been| been| still| currently| now| keep| started| start| begin| began| often| sometimes| regularly| am still| have started|'ve started| continue to)? "
    r"(?:(?:still|currently|now|actively|secretly|recently|again|constantly|been|started|keep|often|sometimes|regularly|starting|beginning|back to|kind of|kinda) ){0,2}"
    r"(?:self[\s-]?harm(?:ing|s|ed again)?|self[\s-]?injur(?:e|ing|y)|self[\s-]?mutilat(?:e|ing)|self[\s-]?hurt(?:ing)?)\b"
    r"(?! (?:in the past|years ago|when i was|before|as a|in (?:high school|college|my teens)|scars?|history|awareness|research|prevention|"
    r"support groups?|resources|statistics|rates)\b)",
)
_rule(
    "en.self_harm_urges",
    "self_harm",
    ("self harm", "self-harm", "selfharm", "cutting", "cut again", "relapse", "relapsed"),
    r"\b(?:i'm|im|i am|i have|i've|ive|i get|i'm getting|i keep getting|having|fighting|battling|resisting|struggling with|i still get|i still have) "
    r"(?:(?:really|very|so|strong|bad|intense|constant|the|these|such|some|awful|overwhelming|crazy) ){0,2}(?:self[\s-]?harm|sh|cutting|burning) (?:urges|thoughts|cravings)\b"
    r"|\b(?:want|wanna|need|urge|urges|tempted|craving|itching|feel like|thinking (?:about|of)|trying not|struggling not|going|gonna|about|close) "
    r"(?:to )?(?:self[\s-]?harm(?:ing)?|relapse (?:on|into|with) (?:self[\s-]?harm|cutting|sh))\b"
    r"(?! (?:as|in|for|research|essay|topic|awareness|prevention|statistics|in teens)\b)"
    r"|\b(?:i|i've|ive|i have|i'm|im|i just) (?:just |finally |totally |completely )?(?:relapsed|had a relapse|slipped|broke my (?:\w+ )?streak) "
    r"(?:(?:on|with|into|in) )?(?:\w+ ){0,2}?(?:self[\s-]?harm(?:ing)?|cutting|cuts|burning myself|hurting myself|sh)\b"
    r"|\bi (?:(?:started|began|am|'m|m|have been|'ve been|ve been|just started|keep) )?(?:cutting|self[\s-]?harming) again\b"
    r"(?! (?:for|carbs|weight|calories|sugar|on|my hair|hair|the|coupons|back|costs|expenses|class|classes)\b)",
)
_rule(
    "en.cut_wrists",
    "suicidal",
    ("wrist", "vein", "slit my", "slitting my"),
    r"\b(?:cut|cutting|slit|slitting|slash|slashing|slice|slicing|open(?:ing)? up|open) (?:open )?(?:my|both my|both of my) (?:own )?(?:wrists?|veins?)\b"
    r"(?! (?:on|while|when|by accident|accidentally|during|with (?:a|the) (?:can|paper|glass)|playing|at work|opening|in (?:a|the) (?:accident|kitchen))\b)"
    r"|\bslit (?:my|both my) (?:throat|arms?)\b",
)

# ---- English: imminent danger ------------------------------------------------------------------------------

_DRUGS = (
    r"(?:pills|pill|tablets|tabs|capsules|caps|meds|medication|medications|medicine|painkillers|pain killers|sleeping pills|sleep meds|"
    r"antidepressants|tylenol|paracetamol|acetaminophen|ibuprofen|advil|aspirin|xanax|benzos|valium|klonopin|ambien|oxy|oxycodone|"
    r"percocet|insulin|lithium|seroquel|zoloft|prozac|lexapro|codeine|morphine|fentanyl|heroin|opioids|opiates|sertraline|"
    r"quetiapine|lorazepam|diazepam|clonazepam|alprazolam|gabapentin|tramadol|melatonin gummies|sleeping tablets|antihistamines|benadryl|"
    r"diphenhydramine|ativan|adderall|vicodin|hydrocodone|methadone|nyquil|cough syrup|zopiclone|promethazine)"
)
_NUM = r"(?:\d{2,3}(?! ?(?:mg|milligrams?|ml|mcg|micrograms?|g|grams?|units?|iu|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|percent|%)\b)|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|twenty[- ]?\w+|thirty|thirty[- ]?\w+|forty|fifty|sixty|seventy|eighty|ninety|a hundred|hundred|dozens? of|dozens)"
_rule(
    "en.overdose_taken",
    "imminent_danger",
    ("pill", "tablet", "tabs", "capsule", "meds", "medication", "medicine", "painkiller", "pain killer", "tylenol", "paracetamol",
     "acetaminophen", "ibuprofen", "advil", "aspirin", "xanax", "benzo", "valium", "klonopin", "ambien", "oxy", "percocet", "insulin",
     "lithium", "seroquel", "zoloft", "prozac", "lexapro", "codeine", "morphine", "fentanyl", "heroin", "opioid", "opiate", "sertraline",
     "quetiapine", "lorazepam", "diazepam", "clonazepam", "alprazolam", "gabapentin", "tramadol", "benadryl", "antihistamine",
     "diphenhydramine", "ativan", "adderall", "vicodin", "hydrocodone", "methadone", "nyquil", "cough syrup", "zopiclone", "promethazine",
     "melatonin", "antidepressant"),
    r"\bi(?:'ve|ve| have| just| already| literally| think i| might have| may have|'m pretty sure i)? (?:(?:just|already|literally|purposely|deliberately|intentionally|also|then|now|finally) ){0,2}"
    r"(?:took|taken|swallowed|downed|ate|popped|chugged|drank|necked|took like|took about|took around|overdosed on|od'?d on|od'?ed on|consumed) "
    r"(?:like |about |around |almost |over |nearly |at least |maybe |probably |roughly |more than )?"
    rf"(?:a (?:whole |full |entire |big |huge |massive )?(?:bunch|handful|bottle|bottles|lot|ton|load|pack|packet|box|strip|month's supply|months supply|"
    rf"week's supply|weeks supply|fistful|jar|container|sheet|blister pack|stash|pile|heap|shitload) (?:of )?|"
    rf"the (?:whole|entire|rest of the|rest of my|full) (?:bottle|pack|packet|box|strip|jar|container|prescription|supply|stash|blister pack|sheet) (?:of )?|"
    rf"(?:an? )?(?:entire|whole|full) (?:bottle|pack|packet|box|strip|jar|prescription|supply|sheet|blister pack) (?:of )?|"
    rf"{_NUM} |way too many |way too much |so many of |too many of my |two (?:whole )?(?:bottles|packs|boxes|strips) (?:of )?)"
    rf"(?:(?:my|of my|of the|the|of|his|her|extra|strength|extra-strength|strong|prescription|sleeping|pain|\w+) ){{0,3}}?{_DRUGS}\b"
    r"(?! (?:over (?:the|a|two|three|several|many) (?:days?|weeks?|months?|years?)|in (?:a|one|the) (?:day|week|month|year)\b(?! ago)|this (?:week|month|year)|last (?:week|month|year)|as prescribed|for (?:my|the) (?:back|headache|migraine|cold|flu|pain)|throughout)\b)",
)
_rule(
    "en.overdose_all_my",
    "imminent_danger",
    ("pill", "tablet", "meds", "medication", "medicine", "painkiller", "sleeping", "antidepressant", "insulin"),
    r"\bi(?:'ve|ve| have| just| already)? (?:(?:just|already|literally|purposely|deliberately|intentionally|then) ){0,2}"
    r"(?:took|taken|swallowed|downed|ate|popped|necked|consumed|injected) all (?:of )?(?:my|the|his|her|mom's|dad's|our|these|those|my remaining) "
    rf"(?:\w+ )?{_DRUGS} (?:at once|in one go|together|at the same time|tonight|and (?:washed|now|i want|i'm waiting|i am waiting|laid down|went to bed)|"
    r"to (?:die|end it|sleep forever|not wake up|never wake up|kill myself))\b"
    # Swallowing a whole supply is an overdose whatever follows ("I swallowed all my sleeping pills an hour ago").
    rf"|\bi(?:'ve|ve| have| just| already)? (?:just )?(?:swallowed|downed|necked) all (?:of )?(?:my|the|these|those) (?:\w+ )?{_DRUGS}\b",
)
_rule(
    "en.overdosed",
    "imminent_danger",
    ("overdos", "od", "o.d"),
    r"\bi(?:'ve|ve| have| just| think i| might have| may have| already| probably| accidentally|'m|m| am)? (?:(?:just|already|accidentally|literally|purposely|deliberately|intentionally|now|think i|might have|may have|probably) ){0,2}"
    r"(?:overdosed|overdosing|od'?d|od'?ed|o\.d\.?'?d|took an (?:overdose|od)|taken an (?:overdose|od)|had an overdose|taking an overdose|in the middle of an overdose)\b"
    r"(?! (?:in \d{4}|years ago|last year|when i was|before|once|a few years|as a teen|in (?:high school|college|the past)|on (?:chocolate|coffee|caffeine|sugar|netflix|memes|anime|tv|cake|candy|carbs|love))\b)"
    r"|\b(?:want|wanna|wana|going|gonna|plan(?:ning)?|about|thinking (?:about|of)|decided|ready|tempted|how (?:to|do i|can i)|i'll|i will|i'm going|urge|need) "
    r"(?:to )?(?:just )?(?:overdose|od)\b(?! on (?:chocolate|coffee|caffeine|sugar|netflix|memes|anime|tv|cake|candy|carbs|love|cuteness|kpop)\b)",
)
_rule(
    "en.poison",
    "imminent_danger",
    ("bleach", "antifreeze", "poison", "pesticide", "weed killer", "drain cleaner", "ammonia", "lighter fluid"),
    r"\bi(?:'ve| have| just)? (?:just |already |accidentally )?(?:drank|drunk|swallowed|ingested|took|drink|ate) (?:some |a (?:bottle|cup|glass|bunch|lot) of |half a bottle of |the )?"
    r"(?:bleach|antifreeze|rat poison|poison|pesticide|weed killer|drain cleaner|ammonia|lighter fluid|weedkiller)\b"
    r"|\b(?:want|wanna|going|gonna|about|plan(?:ning)?|thinking (?:about|of)) (?:to )?(?:drink|swallow) (?:some |the )?(?:bleach|antifreeze|rat poison|poison|pesticide|weed killer|drain cleaner)\b",
)
_rule(
    "en.means_gun",
    "imminent_danger",
    ("gun", "pistol", "rifle", "shotgun", "revolver", "firearm"),
    r"\b(?:i|i've|ive|i have|i'm|im|i am|i just) (?:(?:got|have|holding|bought|loaded|just|already|now|finally|sitting here with|sitting with|found|grabbed|took|am holding) ){0,2}"
    r"(?:a|the|my|his|her|my dad's|my father's|dad's|a loaded|my husband's|my brother's) (?:loaded )?(?:gun|pistol|handgun|rifle|shotgun|revolver|firearm)\b"
    r"[^.!?\n]{0,60}?\b(?:to my (?:head|temple|chin|chest)|in my mouth|under my chin|pointed at (?:me|myself|my head)|cocked|"
    r"for myself|to (?:end it|kill myself|end my life|use on myself|do it)|and (?:i'm|im|i am) (?:ready|going to|gonna|thinking|about to|scared of what)|"
    r"and i (?:want to die|can't do this|cant do this|don't want to live|dont want to live)|safety (?:is )?off|one bullet|a bullet (?:in|for))",
)
_rule(
    "en.means_rope",
    "imminent_danger",
    ("noose", "rope", "belt around", "cord around", "scarf around"),
    r"\b(?:i|i've|ive|i have|i'm|im|i am|i just) (?:(?:already|just|finally|got|have|made|tied|bought|set|put|hung|set up|prepared|tested|attached) ){1,2}"
    r"(?:a|the|my) (?:noose|rope (?:up|ready|around my neck|to (?:the|a) (?:beam|ceiling|rafter|tree|door|banister|rail)))\b"
    r"|\b(?:the|my) (?:noose|rope) (?:is|'s|s) (?:ready|tied|up|hanging|set|around my neck)\b"
    r"|\b(?:rope|noose|belt|cord|scarf) (?:is |'s )?(?:around|round) my neck\b"
    # "I have a rope and I know where I'm going to do it": the means plus a stated plan to use them.
    r"|\bi(?: have|'ve got|ve got| got| bought| found) (?:a|the|some) (?:rope|noose)\b[^.!?\n]{0,60}?"
    r"\b(?:do it|end it|end this|end things|end my life|hang myself|use it on myself)\b"
    r"(?! (?:myself|yourself|right|properly|safely|for|with)\b)",
)
_rule(
    "en.means_pills_ready",
    "imminent_danger",
    ("pill", "tablet", "meds", "medication", "painkiller"),
    r"\b(?:the|my|all (?:my|the|of my)|these|all these|a pile of|enough|a bunch of|a handful of|all of the) (?:\w+ )?(?:pills|tablets|meds|medication|painkillers) "
    r"(?:are |is |(?:i )?(?:have|got) )?(?:all )?(?:lined up|counted out|laid out|in front of me|in my hand|in my hands|ready (?:to (?:take|go|swallow)|on the table|next to me|beside me)|"
    r"saved up|stockpiled|to (?:end it|die|overdose|kill myself|never wake up|end my life))\b"
    r"|\b(?:i've|ive|i have|i'm|im|i am|i) (?:been )?(?:stockpiling|stockpiled|saving up|saved up|hoarding|hoarded|collecting|collected|stashing|stashed) "
    r"(?:my |all my |some |up |enough |a lot of |lots of )?(?:\w+ )?(?:pills|meds|tablets|medication|sleeping pills|painkillers)\b"
    r"(?! (?:for (?:the|my|a) (?:trip|travel|vacation|holiday|winter|emergenc|shortage|pharmacy)|in case of|because of the shortage)\b)",
)
_rule(
    "en.on_the_ledge",
    "imminent_danger",
    ("ledge", "bridge", "roof", "balcony", "railing", "cliff", "tracks", "overpass", "edge of"),
    r"\b(?:i'm|im|i am|i) (?:(?:standing|sitting|up|right|currently|now|out|here) ){0,2}(?:on|at|by|near) (?:the|a|this|my|top of (?:the|a|my)) "
    r"(?:edge of (?:the|a|this) )?(?:ledge|bridge|roof|rooftop|balcony|railing|cliff|tracks|train tracks|railway|platform edge|overpass|"
    r"building|parking garage|tower|edge)\b[^\n]{0,120}?\b(?:jump|jumping|let go|step off|fall|goodbye|can't do this|cant do this|"
    r"kill myself|end it|die|this is it|no one will miss me|nobody will miss me|final|last time)\b",
    requires=r"\b(?:jump|let go|step off|goodbye|can't do this|cant do this|kill myself|end it|die|this is it|miss me|final|last time)\b",
)
_rule(
    "en.last_message",
    "suicidal",
    ("goodbye", "last message", "final message", "farewell"),
    r"\b(?:this is my (?:last|final) (?:message|goodbye|post|words|note)|(?:goodbye|bye) (?:everyone|world|forever|cruel world)|"
    r"by the time (?:you|anyone|someone) (?:reads?|sees?|finds?) this,? i(?:'ll| will) (?:be )?(?:dead|gone))\b"
    r"[^\n]{0,160}",
    requires=r"\b(?:die|dead|gone|kill|end|pills|rope|jump|miss me|sorry|forgive|love you all|can't do this|cant do this|anymore|tonight|won't be here|wont be here)\b",
)
_THREAT_SUBJ = (
    r"(?:he|she|they|my (?:ex|ex-husband|ex husband|ex-wife|ex wife|ex-boyfriend|ex boyfriend|ex-girlfriend|ex girlfriend|husband|wife|"
    r"boyfriend|girlfriend|partner|bf|gf|stepdad|stepfather|stepmom|stepmother|roommate|neighbor|neighbour|landlord|dealer|brother|"
    r"father|dad|son|uncle|cousin|pimp|fiance|fiancé|fiancee|spouse|brother-in-law|father-in-law|baby daddy|baby's father|stalker)|"
    r"someone|somebody|a (?:man|guy|woman|stranger|person|gang)|this (?:guy|man|person|woman)|the (?:guy|man|person|people|loan shark|dealer)|people|"
    r"the loan sharks?|loan sharks?|a loan shark|my (?:abuser|attacker|rapist))"
)
_TRIVIAL_IF = (
    r"(?! if i (?:forget|forgot|spoil|spoiled|spoiler|eat|ate|touch|beat|win|lose|tell (?:anyone|anybody|him|her) about the (?:surprise|party|gift)|"
    r"am late|'m late|m late|come home late|don't finish|miss|missed|mess up|screw up|break|broke|fail|failed|scratch|dent|get another|"
    r"wear|cut my hair|dye|show up late|bring|forget to)\b)(?! (?:lol|lmao|haha|jk|hah|xd|😂)\b)"
)
_rule(
    "en.threat_kill_me",
    "imminent_danger",
    ("kill me", "murder me", "shoot me", "stab me", "strangle me", "choke me", "end me", "slit my throat", "to death", "kill us",
     "killing me", "bury me", "death threat", "beat me"),
    r"\b(?:threaten(?:ed|ing|s)?|threat(?:s)?|swore|swears|promised|promising|vowed|vows) (?:me )?(?:again )?(?:to |that (?:he|she|they)(?:'ll| will| would|'d| is going to| was going to) )"
    r"(?:(?:really|actually|literally|finally) )?(?:kill|murder|shoot|stab|strangle|choke|slit my throat|end|beat me to death|burn me|bury|kill us|kill me and)(?: me| us)?\b"
    + _TRIVIAL_IF
    + r"|\b(?:threaten(?:ed|ing|s)?|threatened me|is threatening me|keeps threatening me) with (?:a (?:gun|knife|machete|weapon|bat|axe)|death|murder|killing me)\b"
    + rf"|\b{_THREAT_SUBJ} (?:(?:keeps|kept|just|has|had|always|literally|actually|again|now|then|also|even|constantly|repeatedly) ){{0,2}}"
    r"(?:says|said|saying|told me|tells me|texted(?: me)?|messaged(?: me)?|wrote|screamed|yelled|shouted|warned(?: me)?|swore|is saying|keeps saying|"
    r"whispered|promised|called me and said|left a voicemail saying|sent me a message saying|posted) (?:that )?(?:if i (?:leave|go|tell|call|report|don't|dont|try)[^.!?\n]{0,40}? )?"
    r"(?:he|she|they) ?(?:'ll|will|would|'d|d|is going to|'s going to|s going to|was going to|is gonna|'s gonna|s gonna|were going to|are going to|gonna|"
    r"can|could|wants to|want to|plans to|is coming to|'s coming to|was coming to|is gonna come and|will come and|'ll come and|will find me and|'ll find me and|will hunt me down and) "
    r"(?:(?:\w+) )?(?:kill|murder|shoot|stab|strangle|end|slit my throat|bury|beat me to death|kill me and)(?: me| us)?\b" + _TRIVIAL_IF,
)
_rule(
    "en.going_to_kill_me",
    "imminent_danger",
    ("kill me", "murder me", "shoot me", "stab me", "strangle me"),
    rf"\b{_THREAT_SUBJ} ?(?:'s|s| is|'re|re| are| was| were| will| 'll|'ll| has| keeps) (?:(?:going|gonna|about|trying|coming|here|outside|back|planning|actually|really) )?"
    r"(?:to |and )?(?:really |actually |literally |try to |going to |gonna )?(?:kill|murder|shoot|stab|strangle) (?:me|us)\b",
    requires=r"(?:scared|terrified|afraid|hiding|hide|help me|please help|call (?:the )?(?:police|cops|911|999|112)|called (?:the )?(?:police|cops)|locked (?:myself )?in|lock(?:ed)? the door|"
    r"has a (?:gun|knife|weapon)|with a (?:gun|knife|weapon)|got a (?:gun|knife)|outside my|banging on|pounding on|right now|coming for me|break(?:ing)? (?:in|the door|down)|"
    r"beat me|hit me|choked me|strangled me|threaten|restraining order|protective order|blood|bleeding|shaking|he's drunk|he is drunk|she's drunk|i'm trapped|im trapped|can't get out|cant get out|won't let me leave)",
)
_WEAPON = r"(?:gun|knife|pistol|rifle|shotgun|machete|weapon|blade|axe|bat|baseball bat|hammer|crowbar|firearm|handgun|revolver)"
_rule(
    "en.weapon_at_me",
    "imminent_danger",
    ("gun", "knife", "pistol", "rifle", "shotgun", "machete", "weapon", "blade", "axe", "bat", "hammer", "crowbar", "firearm", "revolver"),
    rf"\b{_THREAT_SUBJ} ?(?:'s|s)? ?(?:(?:has|had|is|just|got|grabbed|pulled|pulled out|took out|is holding|holding|pointing|pointed|waving|brandishing|"
    rf"came at me with|is coming at me with|coming at me with|threatening me with|threatened me with|chased me with|is chasing me with|attacked me with|swung|is swinging|went for me with|"
    rf"is standing (?:outside|at my door) with|is outside (?:my (?:house|door|window|apartment|room) )?with|showed up with|broke in with) ){{1,2}}"
    rf"(?:a|his|her|their|the|my|a kitchen|a big|a loaded) {_WEAPON}\b"
    r"(?:[^.!?\n]{0,60}?(?:at me|on me|to my (?:head|throat|neck|chest|face)|and (?:is|he's|she's|says|said|threatening|screaming|coming|yelling)|"
    r"outside my|in (?:my|the|our) (?:house|room|apartment|kitchen|hallway|bedroom|home)|right now|i'm (?:scared|terrified|hiding)|im (?:scared|terrified|hiding)|help|"
    r"kill me|hurt me|threatening me|coming for me)|(?<=came at me with a knife)|(?<=came at me with a gun))",
)
_rule(
    "en.attack_now",
    "imminent_danger",
    ("breaking", "banging", "kicking", "pounding", "smashing", "forcing", "climbing", "getting in", "trying to get",
     "in my house", "in my home", "in my apartment", "in my flat", "in my room", "in my bedroom", "inside my", "hitting me", "beating me", "choking me", "strangling me", "stabbing me", "attacking me", "assaulting me", "raping me",
     "kicking me", "punching me", "breaking in", "breaking into", "break in", "break into", "banging on my", "kicking my door",
     "kicking in", "kicking down", "smashing my", "trying to get in", "forcing his way", "forcing her way", "forcing their way"),
    rf"\b{_THREAT_SUBJ} ?(?:'s|s| is| are|'re|re) (?:(?:currently|literally|still|now|right now|actually) )?"
    r"(?:hitting|beating|choking|strangling|stabbing|attacking|assaulting|raping|kicking|punching|slapping|dragging|smothering) me\b"
    r"(?! (?:at|in|on (?:points|the scoreboard)|up|over the head with (?:facts|logic)|with (?:facts|logic|emails|questions|messages|texts|notifications)|"
    r"to it|to the punch|in (?:chess|games|arguments|sales)|every time we play)\b)"
    + rf"|\b{_THREAT_SUBJ} ?(?:'s|s| is| are|'re|re) (?:(?:currently|literally|trying to|trying|now|right now|still|actively) ){{0,2}}"
    r"(?:break(?:ing)?|kick(?:ing)?|bang(?:ing)? on|pound(?:ing)? on|forc(?:e|ing)|smash(?:ing)?|get(?:ting)?|climb(?:ing)?) "
    r"(?:(?:in|into|down|through|my way) )?(?:my|our|the) (?:house|home|apartment|flat|room|door|window|windows|bedroom|front door|back door|bathroom door|place)\b"
    r"(?! (?:to (?:fix|repair|deliver|check)|for (?:the|a) (?:inspection|repair|delivery))\b)"
    r"|\b(?:someone|somebody|a (?:man|guy|stranger|person|burglar|intruder)|an intruder|people|men|two men|intruders|burglars) (?:is|are|'s|s) "
    r"(?:in my (?:house|home|apartment|flat|room|bedroom)|inside my (?:house|home|apartment)|breaking in)\b(?! (?:to (?:fix|repair|deliver)|for))",
)

# ---- Spanish ------------------------------------------------------------------------------------------------

_rule(
    "es.quiero_morir",
    "suicidal",
    ("morir", "matarme", "matar", "suicid", "quitarme la vida", "vivir", "despertar", "sin mi", "existir", "acabar con"),
    r"\b(?:(?:yo )?(?:me )?quiero (?:morir(?:me)?|matarme|suicidarme|quitarme la vida|desaparecer para siempre|dejar de existir|acabar con (?:mi vida|todo))|"
    r"(?:ya )?no quiero (?:seguir )?(?:vivir|viviendo|existir|estar vivo|estar viva|despertar(?:me)?(?: mas| nunca| manana)?)\b(?! (?:en|con|aqui|alli|cerca|asi|solo|sola|lejos|temprano)\b)|"
    r"(?:voy a|pienso|estoy pensando en|he pensado en|quiero|planeo|tengo ganas de|tengo pensado|me dan ganas de|me gustaria) "
    r"(?:en )?(?:suicidarme|matarme|quitarme la vida|acabar con mi vida|acabar con todo esta noche|el suicidio|tirarme (?:de|por|al|del) (?:un|el|la) (?:puente|edificio|ventana|balcon|tren|metro)|tirarme (?:por la ventana|al tren|al metro|del puente))|"
    r"me (?:voy a|quiero) (?:matar|suicidar|tirar (?:de|por|al|del) (?:un|el|la) (?:puente|edificio|ventana|balcon|tren|metro))\b(?! (?:estudiando|trabajando|de risa|a trabajar|a estudiar|en el gym|de hambre|corriendo|entrenando)\b)|"
    r"(?:estarian|estaria|estarias|vivirian|seria|serian) (?:todos |todas |mucho |mas )?(?:mejor|mas felices|felices) sin mi|"
    r"(?:tengo|estoy teniendo|tengo muchos|me vienen) (?:muchos |muchas |unos )?(?:pensamientos|ideas|ganas) (?:suicidas|de (?:morir|matarme|suicidarme))|"
    r"no (?:tengo|le veo|encuentro|hay) (?:ninguna |ningun )?(?:razon|razones|motivo|motivos|sentido) (?:para|a|en) (?:vivir|seguir (?:vivo|viva|viviendo)|la vida|seguir)|"
    r"(?:soy|estoy|me siento) (?:muy )?suicida|"
    r"(?:voy a|quiero) (?:terminar|acabar) con (?:todo|mi vida)(?: esta noche| hoy| ya)?\b(?! (?:el|la|los|las|este|esta|mi (?:novio|novia|pareja|relacion|trabajo))\b))",
)
_rule(
    "es.autolesion",
    "self_harm",
    ("corto", "cortando", "cortarme", "cortado", "corte", "autolesion", "lastim", "hago dano", "hice dano", "hacerme dano", "daño", "dano", "quemo", "quemarme"),
    r"\b(?:me (?:estoy )?(?:corto|cortando|lastimo|lastimando|autolesiono|autolesionando|quemo|quemando|hago dano|estoy haciendo dano)|"
    r"me (?:corte|he cortado|hice dano|lastime|queme) (?:otra vez|de nuevo|a proposito|los brazos|las munecas|las piernas)|"
    r"(?:quiero|necesito|tengo ganas de|voy a) (?:cortarme|lastimarme|hacerme dano|autolesionarme|quemarme)|"
    r"(?:volvi a|empece a|sigo) (?:cortarme|autolesionarme|lastimarme|hacerme dano))\b"
    r"(?! (?:el|la|las|los|un|una|con (?:el|la|un|una) (?:cuchillo|papel|lata|vidrio)|al|mientras|cocinando|afeitando|afeitandome|en (?:la|el) (?:rodilla|pie|dedo|mano|cocina|gimnasio)|jugando|corriendo)\b)",
)
_rule(
    "es.sobredosis",
    "imminent_danger",
    ("pastillas", "pildoras", "sobredosis", "medicamentos", "matarme", "pastilla"),
    r"\b(?:me )?(?:tome|he tomado|trague|me tome|me trague|me he tomado) (?:todas (?:las|mis)|muchas|un frasco de|un bote de|una caja de|un monton de|\d{2,}|veinte|treinta|cuarenta|cincuenta) (?:\w+ )?(?:pastillas|pildoras|medicamentos|pastis)\b"
    r"|\b(?:tome|he tomado|me tome) una sobredosis\b"
    r"|\b(?:me )?(?:amenaza|amenazo|amenazaba|esta amenazando|ha amenazado|amenazo de muerte) (?:con )?(?:matarme|de muerte)\b"
    r"|\b(?:dice|dijo|me dijo|me dice) que (?:me va a matar|me matara|va a matarme)\b"
    r"|\b(?:tiene|trae|saco|tenia) (?:un|una) (?:pistola|arma|cuchillo|navaja)\b[^.!?\n]{0,60}(?:matarme|me va a matar|me apunta|contra mi|ayuda)",
)

# ---- French -------------------------------------------------------------------------------------------------

_rule(
    "fr.veux_mourir",
    "suicidal",
    ("mourir", "tuer", "suicid", "en finir", "vivre", "reveill", "réveill", "sans moi", "mes jours", "ma vie", "exister"),
    r"\b(?:je (?:veux|voudrais|souhaite) (?:juste |vraiment |tellement )?(?:mourir|me tuer|me suicider|en finir|disparaitre pour toujours|ne plus exister|ne plus vivre|ne plus me reveiller|mettre fin a (?:mes jours|ma vie))|"
    r"j'?ai (?:vraiment |tellement |juste )?envie de (?:mourir|me tuer|me suicider|en finir|disparaitre pour toujours|mettre fin a (?:mes jours|ma vie))|"
    r"je vais (?:me tuer|me suicider|en finir|mettre fin a (?:mes jours|ma vie)|me jeter (?:du|d'un|sous|par))|"
    r"je (?:pense|songe|reflechis) (?:serieusement )?(?:a|au) (?:me suicider|me tuer|suicide|mourir|en finir|mettre fin a (?:mes jours|ma vie))|"
    r"je (?:ne )?veux (?:plus|pas) (?:vivre|exister|me reveiller)\b(?! (?:ici|la|avec|comme|a|en|dans|chez|tot)\b)|"
    r"(?:je n'ai |j'ai )?plus (?:envie|aucune envie) de vivre|"
    r"(?:ils|elles|tout le monde|ma famille|mes enfants|mes parents) (?:seraient|serait|vivraient|vivrait) (?:bien )?(?:mieux|plus heureux|plus heureuse|plus heureuses) sans moi|"
    r"je suis (?:tres |vraiment )?suicidaire|j'?ai des (?:pensees|idees) (?:suicidaires|noires de suicide)|"
    r"(?:aucune|pas de|plus de|plus aucune) raison de vivre)\b",
)
_rule(
    "fr.automutilation",
    "self_harm",
    ("scarifi", "mutil", "coupe", "fais du mal", "faire du mal", "bruler", "brûler", "brule"),
    r"\bje me (?:scarifie|mutile|fais du mal|brule|coupe)\b(?! (?:les|le|la|en|avec|a la|au|des|un|une|souvent les|en cuisinant|en me rasant)\b)"
    r"|\bje (?:veux|vais|voudrais|dois) me (?:faire du mal|couper|scarifier|mutiler|bruler)\b(?! (?:les|le|la|en|avec|au|des)\b)"
    r"|\bj'?ai envie de me (?:faire du mal|couper|scarifier|mutiler|bruler)\b(?! (?:les|le|la|en|avec|au|des)\b)"
    r"|\bje me suis (?:encore |de nouveau |a nouveau )?(?:scarifie|mutile|scarifiee|mutilee|coupee? (?:encore|expres|volontairement|les (?:bras|poignets|veines|cuisses)))"
    r"|\bj'?ai recommence (?:a me (?:scarifier|couper|mutiler|faire du mal)|la scarification)",
)
_rule(
    "fr.danger",
    "imminent_danger",
    ("tuer", "medicaments", "médicaments", "cachets", "comprimes", "comprimés", "pilules", "overdose", "surdose"),
    r"\b(?:il|elle|mon (?:mari|copain|ex|pere|beau-pere|compagnon)|ma (?:femme|copine|ex)|quelqu'un|on) (?:m'a |me )?(?:menace|menacee|a menace|menace de mort)(?: de me tuer| de mort)?\b(?<!\bmenace)(?<!menacee)"
    r"|\bmenace de me tuer\b|\bm'a menacee? de mort\b|\bmenace(?:e)? de mort par (?:mon|ma)\b"
    r"|\bj'?ai (?:pris|avale|prise|avalee) (?:toute?s? (?:mes|les)|une boite de|une plaquette de|plein de|trop de|beaucoup trop de|un tube de|\d{2,}) (?:\w+ )?(?:medicaments|cachets|comprimes|pilules|somniferes|anxiolytiques|doliprane|paracetamol)\b(?! (?:aujourd'hui comme|comme prevu|comme prescrit)\b)"
    r"|\bj'?ai fait une (?:overdose|surdose|tentative de suicide ce soir|tentative de suicide aujourd'hui)\b",
)

# ---- German -------------------------------------------------------------------------------------------------

_rule(
    "de.sterben",
    "suicidal",
    ("sterben", "tot sein", "umbring", "bringe mich", "bring mich", "werde mich", "werd mich", "ohne mich", "waren alle", "wären alle", "mein leben", "meinem leben", "ich will nicht mehr", "toten", "toeten", "töten", "das leben nehmen", "selbstmord", "suizid", "leben", "aufwachen", "besser dran", "ende setzen", "ende machen"),
    r"\b(?:ich (?:will|mochte|moechte|wurde gerne|wuerde gerne|wunsche mir|wuensche mir|wurde am liebsten|wuerde am liebsten) (?:einfach |nur |so sehr |wirklich |endlich )?"
    r"(?:sterben|tot sein|nicht mehr (?:leben|aufwachen|da sein|existieren|weiterleben)|mich umbringen|mich toten|mich toeten|mir das leben nehmen|selbstmord begehen|suizid begehen|nie wieder aufwachen|mein leben beenden)|"
    r"ich (?:bringe|bring|werde mich|werd mich) (?:mich )?um\b|ich (?:werde|werd) mich (?:heute nacht |heute |jetzt )?(?:umbringen|toten|toeten)|"
    r"ich (?:denke|dachte) (?:oft |standig |staendig |ernsthaft |daruber nach, )?(?:an|uber|ueber) (?:selbstmord|suizid|den tod|mich umzubringen)|"
    r"ich (?:bin|fuhle mich|fuehle mich) (?:so |sehr |total )?(?:suizidal|selbstmordgefahrdet|selbstmordgefaehrdet)|"
    r"ich habe (?:oft |standig |staendig |wieder )?(?:suizidgedanken|selbstmordgedanken)|"
    r"ich (?:will|mag|kann) nicht mehr leben|ich will nicht mehr\b(?= *(?:$|[.!]|ich kann nicht mehr|und ich))|"
    r"(?:ohne mich )?(?:waren|waeren|ware|waere) (?:alle|sie|meine familie|meine kinder|alle anderen) (?:ohne mich )?besser dran|"
    r"(?:meinem|mein) leben (?:ein ende (?:setzen|machen|bereiten)|beenden)|"
    r"(?:ich|mich) (?:von (?:einer|der) brucke|von (?:einer|der) bruecke|vor (?:einen|den) zug) (?:springen|werfen|zu werfen|zu springen))\b",
)
_rule(
    "de.selbstverletzung",
    "self_harm",
    ("ritz", "geritzt", "schneide mich", "mich selbst", "mit dem ritzen", "mit selbstverletzung", "habe mich", "hab mich", "verletze mich", "selbstverletz", "mir weh", "verbrenne mich"),
    r"\bich (?:ritze|schneide|verletze|verbrenne) mich\b(?! (?:beim|in den|an (?:der|dem|einem)|mit dem (?:messer|papier) beim|aus versehen)\b)"
    r"|\bich (?:will|muss|mochte|moechte|werde) mich (?:ritzen|selbst verletzen|schneiden|verletzen|verbrennen)\b"
    r"|\bich (?:habe|hab) mich (?:wieder|schon wieder|heute|gestern) (?:geritzt|selbst verletzt|geschnitten)"
    r"|\bich (?:verletze mich selbst|fuge mir (?:selbst )?(?:schmerzen|verletzungen) zu|ritze mich)"
    r"|\bich (?:habe|hab) (?:wieder )?(?:mit dem ritzen|mit selbstverletzung) (?:angefangen|begonnen)",
)
_rule(
    "de.gefahr",
    "imminent_danger",
    ("umzubringen", "toten", "töten", "umbringen", "tabletten", "pillen", "medikamente", "uberdosis", "überdosis", "ueberdosis"),
    r"\b(?:droht|drohte|hat gedroht|bedroht mich|droht mir)\b[^.!?\n]{0,40}?(?:mich umzubringen|mich zu toten|mich zu toeten|mit dem tod|mich abzustechen|mich zu erschiessen)"
    r"|\bich (?:habe|hab) (?:gerade |eben |schon )?(?:alle(?: meine| die)?|eine(?: ganze)? packung|viele|zu viele|eine handvoll|\d{2,}|zwanzig|dreissig|funfzig) (?:\w+ )?(?:tabletten|pillen|medikamente|schlaftabletten) (?:genommen|geschluckt|eingenommen)"
    r"|\bich (?:habe|hab) (?:gerade |eben )?eine uberdosis (?:genommen)?",
)

# ---- Portuguese ---------------------------------------------------------------------------------------------

_rule(
    "pt.quero_morrer",
    "suicidal",
    ("morrer", "matar", "suicid", "viver", "acordar", "sem mim", "minha vida", "a vida"),
    r"\b(?:(?:eu )?(?:so )?quero (?:morrer|me matar|matar-me|me suicidar|suicidar-me|sumir para sempre|acabar com (?:a minha|minha) vida|tirar (?:a minha|minha) (?:propria )?vida|deixar de existir)|"
    r"(?:eu )?vou (?:me matar|me suicidar|acabar com tudo|acabar com (?:a minha|minha) vida|tirar (?:a minha|minha) (?:propria )?vida|me jogar (?:da|de uma|do|na frente))\b(?! (?:de (?:rir|estudar|trabalhar)|estudando|trabalhando)\b)|"
    r"(?:eu )?nao (?:quero|aguento) mais viver|nao quero (?:mais )?(?:viver|existir|acordar)\b(?! (?:em|com|aqui|ali|perto|assim|sozinh|cedo)\b)|"
    r"(?:penso|estou pensando|tenho pensado|ando pensando) em (?:me matar|suicidio|me suicidar|morrer|acabar com (?:a minha|minha) vida|tirar (?:a minha|minha) vida)|"
    r"(?:estariam|ficariam|seriam|viveriam) (?:todos )?(?:melhor(?:es)?|mais felizes) sem mim|"
    r"(?:tenho|estou tendo) pensamentos suicidas|(?:estou|sou|me sinto) suicida|"
    r"nao (?:tenho|vejo|ha) (?:nenhum |nenhuma )?(?:motivo|razao|sentido) (?:para|pra|em) (?:viver|continuar vivo|continuar viva|continuar))\b",
)
_rule(
    "pt.automutilacao",
    "self_harm",
    ("corto", "cortei", "cortando", "cortar", "machuc", "automutil", "mutilo", "ferir"),
    r"\b(?:(?:eu )?me (?:corto|cortei de novo|corto de novo|machuco|automutilo|mutilo|cortando|machucando)|estou me (?:cortando|machucando|mutilando|automutilando)|"
    r"quero me (?:cortar|machucar|ferir|mutilar)|voltei a me (?:cortar|machucar|mutilar|automutilar)|me cortei (?:de novo|de proposito|nos bracos|nos pulsos))\b"
    r"(?! (?:o|a|os|as|el|la|las|los|un|una|um|uma|com (?:a|o) (?:faca|papel|lata)|no|na|cozinhando|fazendo|fazendo a barba|sem querer|jogando|correndo)\b)",
)
_rule(
    "pt.perigo",
    "imminent_danger",
    ("matar", "remedios", "remédios", "comprimidos", "pilulas", "pílulas", "overdose"),
    r"\b(?:ameacou|ameaca|esta ameacando|ameacando|ameacou de) (?:me )?(?:de )?(?:me matar|matar-me|morte)\b"
    r"|\b(?:disse|falou|diz|fala) que vai me matar\b"
    r"|\b(?:tomei|engoli|tomei todos|eu tomei) (?:todos os (?:meus )?|todas as (?:minhas )?|um monte de|muitos|varios|uma cartela de|um frasco de|uma caixa de|\d{2,}) ?(?:\w+ )?(?:remedios|comprimidos|pilulas|calmantes)\b"
    r"|\btomei uma overdose\b",
)

# ---- Italian ------------------------------------------------------------------------------------------------

_rule(
    "it.voglio_morire",
    "suicidal",
    ("morire", "uccid", "suicid", "finita", "vita", "vivere", "svegliar", "senza di me", "ammazz"),
    r"\b(?:(?:io )?(?:voglio|vorrei) (?:solo |davvero )?(?:morire|uccidermi|suicidarmi|farla finita|togliermi la vita|sparire per sempre|non esistere piu|ammazzarmi|non svegliarmi piu)|"
    r"mi (?:voglio |vado a )?(?:uccido|ammazzo|uccidere|ammazzare|suicido|suicidare)\b(?! (?:di|dal|dalle|dalla) (?:lavoro|studio|fatica|risate|ridere)\b)|"
    r"(?:sto pensando|penso|ho pensato|continuo a pensare) (?:di|al|a) (?:uccidermi|suicidarmi|suicidio|farla finita|togliermi la vita|ammazzarmi)|"
    r"non (?:voglio|ce la faccio a) (?:piu )?vivere\b(?! (?:qui|in|con|cosi|da sol)\b)|non voglio piu svegliarmi|"
    r"(?:starebbero|starebbe|sarebbero|vivrebbero) (?:tutti )?(?:meglio|piu felici) senza di me|"
    r"(?:vado a|voglio|sto per|stasera) farla finita|"
    r"(?:ho|sto avendo) (?:dei )?pensieri suicid[ia]|sono (?:molto )?suicida|non ho (?:nessun|piu nessun|alcun) motivo per vivere)\b",
)
_rule(
    "it.autolesionismo",
    "self_harm",
    ("taglio", "tagliando", "tagliarmi", "tagliata", "tagliato", "faccio del male", "farmi del male", "autolesion", "brucio"),
    r"\b(?:mi (?:taglio|sto tagliando|faccio del male|autolesiono|brucio|sto facendo del male)|(?:voglio|devo|sto per|ho voglia di) (?:tagliarmi|farmi del male|autolesionarmi|bruciarmi)|"
    r"mi sono (?:tagliata|tagliato) (?:di nuovo|ancora|apposta|le braccia|i polsi)|ho ricominciato a (?:tagliarmi|farmi del male|autolesionarmi))\b"
    r"(?! (?:i|il|le|la|lo|con (?:il|la|un|una) (?:coltello|carta)|mentre|cucinando|facendo|radendomi|per sbaglio)\b)",
)
_rule(
    "it.pericolo",
    "imminent_danger",
    ("uccidermi", "ammazzarmi", "di morte", "pillole", "pastiglie", "compresse", "farmaci", "overdose"),
    r"\b(?:minaccia(?:to)?|minacciava|ha minacciato|mi minaccia) (?:di )?(?:uccidermi|ammazzarmi|morte)\b|\bmi ha minacciat[oa] di morte\b"
    r"|\bho (?:preso|ingoiato) (?:tutte le|un (?:intero )?flacone di|una scatola di|troppe|un sacco di|\d{2,}) (?:mie )?(?:\w+ )?(?:pillole|pastiglie|compresse|farmaci|sonniferi)\b"
    r"|\bho preso un'?overdose\b",
)

# ---- Dutch --------------------------------------------------------------------------------------------------

_rule(
    "nl.dood",
    "suicidal",
    ("dood", "zelfmoord", "suicid", "suïcid", "van kant", "leven", "wakker", "zonder mij", "mezelf", "einde"),
    r"\b(?:ik wil (?:gewoon |echt |zo graag )?(?:dood|niet meer leven|zelfmoord plegen|sterven|niet meer wakker worden|er niet meer zijn|mezelf (?:van kant maken|doden|ombrengen|iets aandoen)|er een einde aan maken|een einde aan mijn leven maken)|"
    r"ik (?:ga|denk erover om|ben van plan om|overweeg om) (?:zelfmoord (?:te )?plegen|mezelf (?:van kant (?:te )?maken|(?:te )?doden|iets aan (?:te )?doen|om (?:te )?brengen)|er een einde aan (?:te )?maken)|"
    r"ik denk (?:vaak |steeds |serieus )?(?:aan|over) zelfmoord|ik ben (?:erg |heel )?suicidaal|ik heb (?:veel )?(?:zelfmoordgedachten|suicidale gedachten)|"
    r"(?:iedereen|ze|mijn familie|mijn kinderen) (?:is|zijn|zou|zouden) (?:beter af|gelukkiger) (?:zijn )?zonder mij|zonder mij (?:zijn ze|is iedereen) beter af|"
    r"ik wil niet meer (?:leven|bestaan))\b",
)
_rule(
    "nl.zelfbeschadiging",
    "self_harm",
    ("mezelf", "zelfbeschadig", "snij", "kras"),
    r"\bik (?:snij|kras|verwond|beschadig|brand) mezelf\b(?! (?:bij|met het (?:mes|papier) bij|tijdens|per ongeluk|in mijn vinger)\b)"
    r"|\bik wil mezelf (?:snijden|krassen|pijn doen|verwonden|beschadigen|iets aandoen)\b"
    r"|\bik heb mezelf (?:weer|opnieuw|expres) (?:gesneden|gekrast|verwond|pijn gedaan)"
    r"|\bik (?:doe aan|ben weer begonnen met) (?:zelfbeschadiging|krassen|snijden)\b",
)
_rule(
    "nl.gevaar",
    "imminent_danger",
    ("vermoorden", "doden", "dood te maken", "om te brengen", "pillen", "tabletten", "medicijnen", "overdosis"),
    r"\b(?:dreigt|dreigde|heeft gedreigd) (?:mij|me|ermee) (?:te )?(?:vermoorden|doden|dood te maken|om te brengen|mij te vermoorden|me te vermoorden)"
    r"|\bik heb (?:net |zojuist )?(?:al mijn|een hele (?:strip|doos|pot)|veel te veel|heel veel|\d{2,}) (?:\w+ )?(?:pillen|tabletten|medicijnen|slaappillen) (?:ingenomen|geslikt|genomen)"
    r"|\bik heb (?:net |zojuist )?een overdosis (?:genomen)?",
)

# ---- Polish -------------------------------------------------------------------------------------------------

_rule(
    "pl.umrzec",
    "suicidal",
    ("umrze", "umrzeć", "zabic", "zabić", "zabije", "zabiję", "samobój", "samoboj", "zyc", "żyć", "beze mnie", "obudzi"),
    r"\b(?:(?:ja )?chce (?:juz |po prostu |naprawde )?(?:umrzec|sie zabic|popelnic samobojstwo|odebrac sobie zycie|zniknac na zawsze|przestac istniec|skonczyc ze soba)|"
    r"(?:zabije sie|popelnie samobojstwo|odbiore sobie zycie|skoncze ze soba)\b(?! (?:na (?:tych|tej|tym)|o)\b)|"
    r"(?:mysle|mysle powaznie|ciagle mysle|czesto mysle) o (?:samobojstwie|smierci|zabiciu sie|odebraniu sobie zycia)|"
    r"(?:nie chce|juz nie chce|nie chce juz) (?:dluzej )?(?:zyc|istniec|sie obudzic)\b(?! (?:w|z|tu|tam|tak|sam|sama)\b)|"
    r"(?:mam|miewam) mysli samobojcze|(?:jestem|czuje sie) (?:bardzo )?(?:samobojczo|w kryzysie samobojczym)|"
    r"(?:wszystkim|rodzinie|im) (?:bedzie|byloby) lepiej beze mnie)\b",
)
_rule(
    "pl.samookaleczenie",
    "self_harm",
    ("tne sie", "tnę się", "okalecz", "samookalecz", "pocielam", "pociąłem", "pocialem", "pocięłam", "krzywde", "krzywdę", "ciac", "ciąć", "pociac", "pociąć", "sie samookalecz", "się samookalecz", "wrocilam", "wróciłam", "wrocilem", "wróciłem"),
    r"\b(?:(?:znowu |ciagle )?tne sie|(?:znowu |ciagle )?okaleczam sie|(?:znowu )?(?:pocielam|pocialem) sie|chce sie (?:ciac|pociac|okaleczyc)|"
    r"(?:chce|zamierzam) (?:zrobic sobie|sobie zrobic) krzywde|robie sobie krzywde|wrocilam do samookaleczania|wrocilem do samookaleczania|(?:znowu )?sie samookaleczam)\b",
)
_rule(
    "pl.zagrozenie",
    "imminent_danger",
    ("zabije", "zabiję", "smiercia", "śmiercią", "tabletk", "lekow", "leków", "przedawk"),
    r"\b(?:grozi|grozil|grozila|grozi mi)(?:,)? (?:ze|że) mnie zabij(?:e|e)\b|\bgrozi mi smiercia\b|\b(?:powiedzial|powiedziala|mowi), ?ze mnie zabije\b"
    r"|\b(?:lyknelam|lyknalem|polknelam|polknalem|wzielam|wzialem|zazylam|zazylem) (?:wszystkie|cale opakowanie|opakowanie|garsc|mnostwo|\d{2,}) (?:\w+ )?(?:tabletek|tabletki|tabletki nasenne|lekow|leki|pigulek|pigulki)\b"
    r"|\b(?:przedawkowalam|przedawkowalem)\b",
)

# ---- Turkish ------------------------------------------------------------------------------------------------

_rule(
    "tr.olmek",
    "suicidal",
    ("olmek", "ölmek", "olmak", "ölmak", "intihar", "kendimi", "oldur", "öldür", "yasamak", "yaşamak", "uyanmak", "bensiz", "olmasam", "hayatima", "hayatıma"),
    r"\b(?:(?:ben )?(?:sadece |gercekten |artik )?(?:olmek|olmak) istiyorum|intihar (?:etmek istiyorum|edecegim|etmeyi dusunuyorum|etmeye karar verdim|edecegim bu gece)|"
    r"kendimi (?:oldurmek istiyorum|oldurecegim|oldurmeyi dusunuyorum|asmak istiyorum|asacagim)|"
    r"(?:artik )?yasamak istemiyorum|(?:artik |bir daha )?uyanmak istemiyorum|intihari dusunuyorum|intihar dusunceleri?m (?:var|oluyor)|"
    r"hayatima son (?:vermek istiyorum|verecegim|vermeyi dusunuyorum)|"
    r"(?:herkes|ailem|onlar) bensiz daha (?:iyi|mutlu) (?:olur|olurdu|olacak)|ben olmasam (?:herkes|ailem) daha (?:iyi|mutlu))\b",
)
_rule(
    "tr.kendine_zarar",
    "self_harm",
    ("kendime zarar", "kendimi kes", "jilet"),
    r"\b(?:kendime zarar (?:veriyorum|verdim yine|vermek istiyorum|verecegim|vermeye basladim)|kendimi (?:kesiyorum|kestim yine|kesmek istiyorum|kesecegim|yine kestim)|"
    r"jiletle kendimi (?:kesiyorum|kestim|kesmek istiyorum))\b",
)
_rule(
    "tr.tehlike",
    "imminent_danger",
    ("oldurmekle", "öldürmekle", "oldurecegini", "öldüreceğini", "ilac", "ilaç", "hap"),
    r"\bbeni (?:oldurmekle|olumle) tehdit (?:ediyor|etti|ediyorlar)\b|\bbeni oldurecegini (?:soyledi|soyluyor|soyleyip)"
    r"|\b(?:butun|tum|bir kutu|bir avuc|cok fazla) (?:\w+ )?(?:ilaclarimi|ilaclari|haplarimi|haplari|ilac|hap) (?:ictim|yuttum|aldim)\b",
)

# ---- Hindi (romanised / Hinglish) ---------------------------------------------------------------------------

_rule(
    "hi-Latn.marna",
    "suicidal",
    ("marna", "mrna", "mar jana", "marjana", "khudkushi", "khudkhushi", "khud kushi", "aatmahatya", "atmahatya", "suicide", "jeena", "jina",
     "jeene", "khud ko", "apni jaan", "zindagi khatam", "jindagi khatam", "mar jaun", "mar jau", "mar jaunga", "mar jaungi"),
    r"\b(?:(?:main|mai|mein|me|mien|mujhe|mje|muje) (?:ab |bas |sach mein |sach me )?(?:marna|mrna|mar jana|marjana) (?:chahta|chahti|chahata|chahati|chaahta|chaahti|chahu|chahunga|chahungi|hai|h|he)\b|"
    r"(?:khudkushi|khudkhushi|khud kushi|aatmahatya|atmahatya|suicide) (?:karna|karne|kar lunga|kar lungi|karunga|karungi|kar lu|kar loon|karne ka soch|karne wala|karne wali|kar leta|kar leti)|"
    r"(?:mujhe|muje|mje|main|mai) (?:ab )?(?:jeena|jina|zinda rehna|jeene ka) (?:nahi|nahin|nhi|nai) (?:chahta|chahti|hai|h|he|mann)|"
    r"(?:jeene|jine) (?:ki|ka) (?:koi )?(?:wajah|vajah|iccha|ichha|mann) (?:nahi|nahin|nhi) (?:hai|bachi|raha)|"
    r"khud ko (?:maar|mar|khatam) (?:dunga|dungi|dena|lena|lunga|lungi|dalunga|dalungi|daalunga|daalungi)|"
    r"(?:apni|apna) (?:jaan|zindagi|jindagi|jivan) (?:le lunga|le lungi|lena chahta|lena chahti|khatam kar (?:dunga|dungi|lunga|lungi)|de dunga|de dungi)|"
    r"(?:zindagi|jindagi) khatam (?:karna chahta|karna chahti|kar dunga|kar dungi|kar lunga|kar lungi)|"
    r"(?:main|mai) mar (?:jaunga|jaungi|jaun|jau) (?:toh|to) (?:sab|sabko|sabka|sab ko) (?:accha|acha|behtar)|"
    r"(?:mere|mera) (?:bina|bagair) (?:sab|sabko|sab log|sab ki) (?:khush|behtar|acchi|achi) )",
)
_rule(
    "hi-Latn.khud_ko_nuksan",
    "self_harm",
    ("khud ko", "hath kaat", "haath kaat", "nas kaat", "kalai kaat", "nas kat", "hath kat", "haath kat"),
    r"\b(?:khud ko (?:nuksan|nuksaan|chot|hurt|zakhmi|takleef) (?:pahuncha(?:ti|ta|na|ungi|unga|ya|yi)?|de raha|de rahi|deta|deti|karta|karti|kar raha|kar rahi)|"
    r"(?:hath|haath|nas|nass|kalai|baazu|bazu) (?:kaat|kat) (?:li|liya|lunga|lungi|raha|rahi|dunga|dungi|leta|leti|liye|lena chahta|lena chahti))\b",
)
_rule(
    "hi-Latn.khatra",
    "imminent_danger",
    ("jaan se", "maar dalega", "maar dalegi", "maar dega", "goliyan", "goliya", "dawai", "dawaiyan"),
    r"\bjaan se (?:maar(?:ne)?|mar(?:ne)?) (?:ki )?(?:dhamki|dhamkee|dunga|dega|degi|dalega|dalegi|dalunga)\b"
    r"|\b(?:usne|wo|woh|vo|mera pati|mere pati|mera ex|mera boyfriend) (?:mujhe )?(?:maar (?:dalega|dalegi|dalne ki dhamki)|marne ki dhamki)"
    r"|\b(?:saari|sari|bahut saari|bahut sari|puri|poori|ek poori) (?:\w+ )?(?:goliyan|goliya|dawai|dawaiyan|tablets|pills) (?:kha li|kha lee|le li|le lee|kha gaya|kha gayi|nigal li)\b",
)

# ---- Scripts without word spaces or with combining marks: substring patterns, no \b ------------------------

_rule(
    "hi.marna",
    "suicidal",
    ("मरना", "मर जाना", "आत्महत्या", "खुदकुशी", "सुसाइड", "जीना", "जीने", "ज़िंदा", "जिंदा", "खुद को", "ज़िंदगी", "जिंदगी", "बिना", "अपनी", "अपना"),
    r"(?:(?:मैं|मै|मुझे) (?:अब |बस )?(?:मरना|मर जाना) (?:चाहता|चाहती|है)|(?:आत्महत्या|खुदकुशी|सुसाइड) (?:करना|करने|कर लूंगा|कर लूंगी|कर लूँगा|कर लूँगी|करूंगा|करूंगी|करूँगा|करूँगी)|"
    r"(?:मुझे|मैं|मै) (?:अब )?(?:जीना|ज़िंदा रहना|जिंदा रहना) नहीं (?:चाहता|चाहती|है)|जीने की (?:कोई )?(?:वजह|इच्छा) नहीं|"
    r"(?:अपनी|अपना) (?:जान|जीवन|ज़िंदगी|जिंदगी) (?:ले लूंगा|ले लूंगी|ले लूँगा|ले लूँगी|लेना चाहता|लेना चाहती|खत्म कर)|"
    r"खुद को (?:मार|खत्म कर) (?:दूंगा|दूंगी|दूँगा|दूँगी|डालूंगा|डालूंगी|लूंगा|लूंगी)|(?:ज़िंदगी|जिंदगी) (?:खत्म|ख़त्म) (?:करना|कर दूंगा|कर दूंगी|कर लूंगा|कर लूंगी)|"
    r"मेरे बिना सब (?:खुश|बेहतर))",
    context_checks=False,
)
_rule(
    "hi.nuksan",
    "self_harm",
    ("खुद को", "नस", "नसें", "कलाई", "हाथ"),
    r"(?:खुद को (?:नुकसान|चोट|तकलीफ) (?:पहुंचा|पहुँचा|दे रहा|दे रही|देता|देती)|(?:नस|नसें|कलाई|हाथ) (?:काट|काटी|काटा) (?:ली|लिया|लूंगा|लूंगी|लूँगा|लूँगी|रहा|रही|दी))",
    context_checks=False,
)
_rule(
    "hi.khatra",
    "imminent_danger",
    ("जान से", "मुझे मार", "सारी", "सब", "बहुत सारी", "पूरी"),
    r"(?:जान से मार(?:ने)? (?:की धमकी|दूंगा|देगा|देगी|डालेगा)|मुझे मार डालने की धमकी|(?:सारी|सब|बहुत सारी|पूरी) (?:\S+ )?(?:गोलियां|गोलियाँ|दवाइयां|दवाइयाँ|दवाई|दवा) (?:खा ली|खा लीं|निगल ली|ले ली|ले लीं))",
    context_checks=False,
)
_rule(
    "zh.zisha",
    "suicidal",
    ("想死", "自杀", "自殺", "不想活", "活不下去", "结束", "結束", "轻生", "輕生", "寻死", "尋死", "跳楼", "跳樓", "了结", "了結", "没有我", "沒有我", "不想醒", "去死", "死了算了", "死了算"),
    r"(?:我[^。！？\n，,]{0,6}?(?<![不没沒别別])(?:想|要|准备|準備|打算|决定|決定|会|會|真的想|好想|很想|只想|就想)(?:去)?(?:死(?![你您他她它])(?!了你)|自杀|自殺|轻生|輕生|寻死|尋死|跳楼|跳樓|结束(?:自己的|我的)?(?:生命|一切)|結束(?:自己的|我的)?(?:生命|一切)|了结自己|了結自己|割腕|上吊|吃安眠药|吃安眠藥)|"
    r"(?<![他她])(?:我)?(?:真的|实在|實在|已经|已經)?(?:不想活了|不想再活|活不下去了|不想活下去|不想醒来|不想醒來|不想再醒)|"
    r"(?:我)?(?:有|一直有|总是有|總是有)(?:很强的|強烈的|强烈的)?(?:自杀|自殺)(?:的)?(?:念头|念頭|想法|冲动|衝動)|"
    r"(?:没有我|沒有我)(?:的话|的話)?[^。！？\n]{0,4}(?:他们|他們|大家|家人|所有人|全家)?(?:会|會)?(?:更好|更幸福|更开心|更開心|过得更好|過得更好)|"
    r"我(?:还不如|還不如|不如)(?:死了|去死)|死了算了)",
    context_checks=False,
)
_rule(
    "zh.zican",
    "self_harm",
    ("自残", "自殘", "割腕", "割自己", "伤害自己", "傷害自己", "划自己", "劃自己", "割手"),
    r"(?:我[^。！？\n，,]{0,6}?(?<![不没沒别別])(?:又|在|一直|经常|經常|想|忍不住|开始|開始|偷偷)?(?:自残|自殘|割腕|割自己|伤害自己|傷害自己|划自己|劃自己|割手)|"
    r"我(?:又|刚刚|剛剛|刚才|剛才)?(?:割腕了|自残了|自殘了|割了自己|划伤了自己|劃傷了自己))",
    context_checks=False,
)
_rule(
    "zh.weixian",
    "imminent_danger",
    ("杀了我", "殺了我", "杀我", "殺我", "安眠药", "安眠藥", "整瓶", "一瓶药", "一瓶藥", "很多药", "很多藥", "过量", "過量"),
    r"(?:(?:威胁|威脅|扬言|揚言|说要|說要|要)(?:要)?(?:杀了我|殺了我|杀死我|殺死我|弄死我)(?![吧啊呀]|的(?:游戏|遊戲|电影|電影)))"
    r"|(?:我)?(?:刚刚|剛剛|刚才|剛才|已经|已經)?(?:吃了|吞了|喝了|服了)(?:一整瓶|整瓶|一瓶|很多|大量|好多|所有的|全部的?|一大把|几十片|幾十片)(?:的)?(?:药|藥|安眠药|安眠藥|药片|藥片|止痛药|止痛藥)"
    r"|(?:我)?(?:吃|服)(?:药|藥)过量了|(?:我)?(?:吃|服)(?:藥|药)過量了",
    context_checks=False,
)
_rule(
    "ja.shinitai",
    "suicidal",
    ("死にたい", "死のう", "死ぬつもり", "自殺", "生きていたくない", "生きたくない", "生きていけない", "命を絶", "消えたい", "首を吊", "飛び降り", "いない方が", "いなくなった方が", "死んでしまいたい", "楽になりたい", "終わりにしたい"),
    r"(?:(?:もう|本当に|ほんとに|マジで|すごく|とても)?死にたい|死んでしまいたい|死のうと(?:思|考え)|死ぬつもり|自殺(?:したい|しよう|する(?:つもり|予定|こと(?:に決め|を考え))|を考えて|を計画|願望がある)|"
    r"(?:もう)?生きて(?:いたくない|たくない|いけない)|(?:もう)?生きたくない|命を絶(?:ちたい|とう|つつもり)|首を吊(?:りたい|ろう|る(?:つもり|予定))|"
    r"(?:から|ビルから|屋上から|橋から)?飛び降り(?:たい|よう|る(?:つもり|予定))|(?:私|僕|俺|自分)(?:が|は|なんて)(?:いない|いなくなった|死んだ)方が(?:みんな|家族|皆)?(?:幸せ|いい|楽)|"
    r"(?:全部|すべて|人生を?)終わりにしたい|(?:もう)?消えてしまいたい)",
    context_checks=False,
)
_rule(
    "ja.jisho",
    "self_harm",
    ("リストカット", "リスカ", "自傷", "手首を切", "腕を切", "自分を傷つけ"),
    r"(?:リストカット(?:を?した|して(?:る|いる|しまった)|がやめられ|したい)|リスカ(?:した|して(?:る|しまった)|したい|がやめられ)|自傷(?:行為を?(?:して|した|繰り返|やめられ)|してしまう|したい|がやめられ)|"
    r"(?:手首|腕)を(?:また)?切(?:った|ってしまった|りたい|ってる|っている)|自分を傷つけ(?:たい|てしまう|てる|ている|た))",
    context_checks=False,
)
_rule(
    "ja.kiken",
    "imminent_danger",
    ("殺すと", "殺される", "殺すって", "大量に", "全部", "ひと瓶", "一瓶", "たくさん", "オーバードーズ", "odし", "ｏｄし"),
    r"(?:殺すと(?:脅|言われ)|殺すって(?:脅|言われ|言って)|殺される(?:[！!]|助けて|かもしれない怖い)|"
    r"(?:薬|睡眠薬|錠剤)を(?:大量に|全部|ひと瓶|一瓶|たくさん)(?:飲んだ|飲んでしまった|飲みました)|オーバードーズ(?:した|しました|してしまった)|(?:od|ＯＤ)(?:した|しました|してしまった))",
    context_checks=False,
)

# ---- Russian (Cyrillic has word characters, so \b works) ----------------------------------------------------

_rule(
    "ru.umeret",
    "suicidal",
    ("умер", "покончить", "покончу", "убить себя", "убью себя", "суицид", "самоубийств", "жить", "без меня", "просыпаться",
     "проснуться", "сдохнуть", "исчезнуть", "существовать", "хочу", "у меня"),
    r"\b(?:(?:я )?(?:очень |просто |правда )?хочу (?:умереть|покончить с собой|убить себя|сдохнуть|исчезнуть навсегда|не жить|не просыпаться)|"
    r"(?:я )?(?:покончу|собираюсь покончить|решил покончить|решила покончить) с собой|(?:я )?убью себя|"
    r"(?:я )?(?:не хочу|больше не хочу|не хочу больше|не хочется) (?:больше )?(?:жить|просыпаться|существовать)\b(?! (?:в|с|так|здесь|тут|там|один|одна|рядом)\b)|"
    r"жить (?:больше )?не хочу|(?:я )?(?:думаю|часто думаю|постоянно думаю|задумываюсь) (?:о|об) (?:самоубийстве|суициде|смерти|том чтобы покончить с собой)|"
    r"у меня (?:суицидальные|суицидные) (?:мысли|намерения)|(?:всем|им|семье) (?:будет|было бы|станет) лучше без меня)",
)
_rule(
    "ru.selfharm",
    "self_harm",
    ("режу", "порез", "селфхарм", "себе", "навредить", "причинить", "причиняю", "наношу", "резать", "хочу", "занимаюсь"),
    r"\b(?:(?:я )?(?:снова |опять )?(?:режу себя|режу себе (?:руки|вены|запястья)|режусь)|(?:я )?(?:снова |опять )?порезал(?:а)? себя (?:снова|опять|специально|нарочно)|"
    r"хочу (?:резать себя|порезать себя|навредить себе|причинить себе (?:вред|боль))|(?:я )?(?:причиняю|наношу) себе (?:вред|боль|порезы)|(?:я )?занимаюсь селфхармом)",
)
_rule(
    "ru.danger",
    "imminent_danger",
    ("угрожает", "угрожал", "угрожала", "грозится", "грозился", "наглотал", "выпил", "принял", "передоз"),
    r"\b(?:угрожает|угрожал|грозится|грозился|угрожала) (?:меня )?(?:убить|зарезать|застрелить)(?: меня)?\b"
    r"|\b(?:наглотал(?:ся|ась)|выпил(?:а)? (?:все|целую пачку|пачку|упаковку|много)|принял(?:а)? (?:все|целую пачку|упаковку|много)) (?:\w+ )?(?:таблет\w*|снотворного|лекарств\w*)"
    r"|\bу меня передоз",
)

# ---- Arabic (normalised: no harakat, bare alef, ى->ي) ------------------------------------------------------

_rule(
    "ar.intihar",
    "suicidal",
    ("اموت", "أموت", "انتحر", "أنتحر", "سانتحر", "سأنتحر", "هنتحر", "الانتحار", "بالانتحار", "انتحار", "اقتل", "أقتل", "هقتل", "ساقتل",
     "سأقتل", "اعيش", "أعيش", "عيش", "الحياة", "حياتي", "بدوني", "غيري", "اريد", "أريد", "بدي"),
    r"(?:(?:انا )?(?:اريد|أريد|بدي|ابغي|أبغي|ابغى|عايز|عاوزه|عاوز|عايزه|نفسي) (?:ان |أن )?(?:اموت|أموت|انتحر|أنتحر|اقتل نفسي|أقتل نفسي|انهي حياتي|أنهي حياتي|الانتحار)|"
    r"(?:سانتحر|سأنتحر|راح انتحر|رح انتحر|هنتحر|هقتل نفسي|سأقتل نفسي|ساقتل نفسي|راح اقتل نفسي|رح اقتل نفسي)|"
    r"(?:افكر|أفكر|بفكر|اتفكر) (?:في|ب|بـ)\s?(?:الانتحار|قتل نفسي|انهاء حياتي|إنهاء حياتي)|"
    r"(?:لا اريد|لا أريد|ما بدي|مش عايز|مش عاوز|ما ابغي|ما أبغى|لم اعد اريد|لم أعد أريد) (?:ان |أن )?(?:اعيش|أعيش|عيش|الحياة|اكمل حياتي)|"
    r"(?:سيكونون|الكل|الجميع|عائلتي) (?:سيكون |سيكونون )?(?:افضل|أفضل) (?:حالا )?(?:بدوني|من غيري))",
    context_checks=False,
)
_rule(
    "ar.idha",
    "self_harm",
    ("نفسي", "اؤذي", "أؤذي", "اوذي", "بأذي", "باذي", "اجرح", "أجرح", "بجرح", "جرحت"),
    r"(?:(?:اؤذي|أؤذي|اوذي|بأذي|باذي|اجرح|أجرح|بجرح) نفسي|(?:اريد|أريد|بدي|عايز) (?:ان |أن )?(?:اؤذي|أؤذي|اوذي|اجرح|أجرح) نفسي|جرحت نفسي (?:مرة اخري|مرة أخرى|مجددا|عمدا))",
    context_checks=False,
)
_rule(
    "ar.khatar",
    "imminent_danger",
    ("هددني", "يهددني", "تهددني", "هددتني", "بيهددني", "بلعت", "اخذت", "أخذت", "شربت", "تناولت"),
    r"(?:(?:هددني|يهددني|تهددني|هددتني|بيهددني) (?:ب|بـ)\s?(?:القتل|قتلي|الموت)|(?:هددني|يهددني|تهددني) (?:بانه|بأنه|انه|أنه) (?:سيقتلني|حيقتلني|هيقتلني)|"
    r"(?:بلعت|اخذت|أخذت|شربت|تناولت) (?:كل|علبة|علبه|كمية كبيرة من|كثير من) (?:ال)?(?:حبوب|اقراص|أقراص|دواء|الدواء|ادوية|أدوية))",
    context_checks=False,
)

# --------------------------------------------------------------------------------------------------------------
# Context checks for the rules written against word-spaced scripts.

# A negation just before the match: "I'm not saying I want to die", "I'm not going to kill myself".
_NEGATED_BEFORE = re.compile(
    r"(?:\bnot|n't|\bnever|\bno|\bnunca|\bjamais|\bnie|\bniet|\bnicht|\bnie|\bnon|\bnao|\bне)"
    r" (?:(?:really|even|actually|ever|saying|that|gonna|going|planning|trying|think|thinking|said|say|one to|about to|like|"
    r"sure|suggesting|claiming|implying|that i|i|i'm|im|to) ){0,3}$"
)
# Fiction, quoting, translation and academic framing just before the match.
_FRAMED_BEFORE = re.compile(
    r"(?:\bmy (?:character|protagonist|narrator|villain|hero|heroine|oc|novel|story|book|screenplay|script|poem|song|lyrics|essay|thesis|students?|patient|client)\b|"
    r"\bthe (?:character|protagonist|narrator|villain|hero|heroine|speaker|poem|song|lyrics|scene|quote|line|poet|singer|author|play|novel)\b|"
    r"\bin (?:the|this|that|a) (?:movie|film|show|series|book|novel|play|song|game|episode|poem|scene|story|anime|manga|script)\b|"
    r"\b(?:fanfic|fan fiction|roleplay|role-play|role play|screenplay|short story|novel|lyrics?|poem|monologue|dialogue|tweet saying|meme)\b|"
    r"\b(?:how (?:do (?:you|i)|to|would you|can i) say|translate|translation of|what does|meaning of|the phrase|the word|the expression|"
    r"in (?:spanish|french|german|japanese|chinese|korean|italian|russian|arabic)|"
    r"(?:he|she|they) (?:said|says|wrote|writes|told (?:me|us|her|him)|screamed|texted|posted)|(?:his|her|their) (?:note|diary|letter) (?:said|says|read))\b)"
)
# A correction right after the match: "the best way to end it all... the story I mean, for my novel's last chapter".
_FRAMED_AFTER = re.compile(
    r"^[^.!?\n]{0,12}[.!?,\s]{1,6}(?:(?:i mean|i'm talking about|talking about) (?:the|my|a|his|her) "
    r"(?:story|novel|book|chapter|game|character|plot|scene|film|movie|script|level)"
    r"|(?:the )?(?:story|novel|book|chapter|game|plot|scene|script),? i mean)\b"
)
_REALITY = re.compile(r"\b(?:for real|irl|in real life|not (?:fiction|a story|joking|kidding)|i mean it|seriously though|no joke|honestly i)\b")


def _accept(rule: _Rule, window: str, match: re.Match[str]) -> bool:
    if rule.requires is not None and rule.requires.search(window) is None:
        return False
    if not rule.context_checks:
        return True
    before = window[max(0, match.start() - 60) : match.start()]
    if _NEGATED_BEFORE.search(before):
        return False
    framed = window[max(0, match.start() - 180) : match.start()]
    if _FRAMED_BEFORE.search(framed) and not _REALITY.search(window):
        # The match is a quote or a line of fiction, unless the user's own voice says otherwise after it.
        return False
    if _FRAMED_AFTER.search(window[match.end() : match.end() + 80]) and not _REALITY.search(window):
        return False
    return not _quoted(window, match)


def _quoted(window: str, match: re.Match[str]) -> bool:
    """True when the match sits inside double quotes that follow a framing verb (reported speech)."""
    before = window[: match.start()]
    if before.count('"') % 2 == 0:
        return False
    lead = before[: before.rfind('"')][-40:]
    return bool(re.search(r"\b(?:says?|said|sings?|sang|line|lyric|quote|wrote|writes|like|called|titled|phrase|word|means?)\W*$", lead))


# --------------------------------------------------------------------------------------------------------------
# Scanning.

_WINDOW = 300  # characters kept on each side of an anchor hit: more than any rule reaches from its anchor
_SKIP = 60  # a hit this close to the last evaluated hit of the same anchor lies inside that hit's window


def _trie_pattern(words: Iterable[str]) -> str:
    """One regex alternation shaped as a trie, so matching costs O(1) per position, not O(#anchors)."""
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alternatives = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alternatives:
            return ""
        body = alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(trie)


_BY_ANCHOR: dict[str, list[_Rule]] = {}
for _r in _RULES:
    for _a in _r.anchors:
        _BY_ANCHOR.setdefault(_a, []).append(_r)
# The gate returns the longest anchor at a position; the rules of every anchor that is a prefix of it apply.
_RULES_AT: dict[str, tuple[_Rule, ...]] = {
    a: tuple(dict.fromkeys(r for b, rules in _BY_ANCHOR.items() if a.startswith(b) for r in rules)) for a in _BY_ANCHOR
}

def _unspaced(anchor: str) -> bool:
    """Anchors in scripts written without spaces (Han, kana) can start anywhere; all others start a word."""
    return any("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in anchor)


# The text gets a leading space. Word-start anchors are searched right after an ASCII space or punctuation mark
# (or a few non-ASCII ones), which lets `re` skip straight to those characters; the lookahead keeps
# overlapping anchors ("my self harm").
_BOUNDARY = r"[\t\n -/:-@\[-^`{-~\u00a1\u00bf\u060c\u061f\u0964\u2013\u2014\u2026\u3000-\u3002\uff0c\uff01\uff1f]"
_SPACED_GATE = re.compile(_BOUNDARY + "(?=(" + _trie_pattern(a for a in _BY_ANCHOR if not _unspaced(a)) + "))")
_UNSPACED_GATE = re.compile("(" + _trie_pattern(a for a in _BY_ANCHOR if _unspaced(a)) + ")")


def _gate_hits(low: str) -> Iterable[tuple[int, str]]:
    """(position, anchor) for every anchor hit in `low` (which starts with a space)."""
    for match in _SPACED_GATE.finditer(low):
        yield match.start(1), match.group(1)
    if not low.isascii():
        for match in _UNSPACED_GATE.finditer(low):
            yield match.start(1), match.group(1)


def find_crisis(text: str) -> CrisisMatch | None:
    """The most urgent explicit crisis in `text` (any length), or None. Never returns or logs the text."""
    if not text:
        return None
    low = " " + _prepare(text)
    n = len(low)
    best: _Rule | None = None
    seen: set[tuple[str, str]] = set()
    last: dict[str, int] = {}
    for pos, anchor in _gate_hits(low):
        if pos - last.get(anchor, -_SKIP - 1) <= _SKIP:
            continue
        last[anchor] = pos
        rules = _RULES_AT[anchor]
        if best is not None and all(_PRIORITY[r.kind] <= _PRIORITY[best.kind] for r in rules):
            continue
        key = (anchor, low[max(0, pos - _WINDOW) : min(n, pos + len(anchor) + _WINDOW)])
        if key in seen:
            continue
        seen.add(key)
        best = _scan(_fold(key[1]), rules, best)  # Arabic folding; the rest was folded by _prepare
        if best is not None and best.kind == "imminent_danger":
            break
    return CrisisMatch(best.kind, best.lang, best.name) if best is not None else None


def _scan(window: str, rules: list[_Rule], best: _Rule | None) -> _Rule | None:
    """The most urgent rule (at least as urgent as `best`) that has an accepted match in `window`."""
    for rule in rules:
        if best is not None and _PRIORITY[rule.kind] <= _PRIORITY[best.kind]:
            continue
        for match in rule.regex.finditer(window):
            if _accept(rule, window, match):
                best = rule
                break
    return best


# --------------------------------------------------------------------------------------------------------------
# Weak cues: words that often accompany a crisis but do not prove one. They never escalate on their own; the
# embedding detector may use them to corroborate a very confident crisis prediction.

_CUE = re.compile(
    _fold(
        r"\b(?:suicid\w*|kill(?:ing)? ?my ?self|end(?:ing)? (?:it all|my life|everything)|take my (?:own )?life|die|dying|dead|death|"
        r"not (?:be )?(?:here|around|alive) (?:anymore|any more|tomorrow)|disappear(?: forever)?|give up on (?:life|everything)|"
        r"no (?:way out|point (?:in|to) (?:anything|living|going on|life)|reason to (?:live|go on|keep going))|can'?t go on|"
        r"goodbye|final (?:message|goodbye)|last (?:night|message) (?:alive|on earth)|burden (?:to|on) (?:everyone|my family|them)|"
        r"better off without me|self[\s-]?harm\w*|cutting|cut myself|overdos\w*|pills|noose|rope|bridge|ledge|hurt myself|"
        r"unalive|kms|sleep forever|not wake up|never wake up|wake up anymore|hopeless|worthless|empty|numb|tonight|"
        r"morir|suicid\w*|mourir|sterben|umbringen|morrer|morire|zelfmoord|umrzec|intihar|marna|khudkushi)\b"
        r"|死|自杀|自殺|自残|自殘|割腕|умер|суицид|самоуб|انتحار|اموت|आत्महत्या|मरना"
    )
)


def has_crisis_cue(text: str) -> bool:
    """Whether the (head and tail of the) text has a weak crisis cue. Corroboration only, never a verdict."""
    head = text[:4000] + " " + text[-4000:] if len(text) > 8000 else text
    return _CUE.search(normalize(head)) is not None
