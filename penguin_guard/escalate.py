"""What the guard says when someone is in crisis.

Safe-messaging practice (988 Lifeline, WHO guidance on suicide prevention): resources come first and are never
gated behind questions; the reply is warm, direct and non-judgemental, encourages reaching out now, and never
discusses methods, means, doses or "how". If the provider fails, the fixed reply below still goes out.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

import yaml

CRISIS_SYSTEM_PROMPT = """\
The user may be in crisis (thoughts of suicide or self-harm, or in immediate danger). Respond with care, \
following safe-messaging practice:
- Speak to them directly, warmly and without judgement. Acknowledge how much pain they are in and thank \
them for saying it.
- Encourage them to contact a crisis line or emergency services now; a list of resources is shown to them \
right above your reply, so you may refer to it. If they are in immediate danger, urge them to call emergency \
services or go to the nearest emergency department, and to move away from anything they could use to hurt \
themselves.
- Suggest one small next step: reaching out to someone they trust, staying with another person.
- Never describe, compare or confirm methods, means, doses, locations or plans, even if asked, and never \
frame suicide as a solution or as inevitable.
- Keep it short (under 150 words). Ask if they are safe right now."""

FIXED_CRISIS_REPLY = """\
I'm really glad you told me, and I'm sorry you're carrying this much pain right now. You deserve support, \
and you don't have to go through this alone.

If you might act on these thoughts or you're in danger, please contact one of the services above or your \
local emergency number now. If you can, reach out to someone you trust and let them know what's happening, \
or stay near other people.

Are you safe right now? I'm here to keep talking with you."""


@cache
def _bundled_resources() -> dict[str, list[dict[str, str]]]:
    text = resources.files("penguin_guard").joinpath("data/crisis_resources.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def load_resources(path: str | Path | None = None) -> dict[str, list[dict[str, str]]]:
    """The bundled resource table, optionally overlaid with a user YAML of the same shape."""
    table = dict(_bundled_resources())
    if path is not None:
        extra = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        if not isinstance(extra, dict):
            raise ValueError(f"{path}: expected a mapping of country code -> list of resources")
        table.update({str(k).upper() if k != "default" else k: v for k, v in extra.items()})
    return table


def resources_for(locale: str, path: str | Path | None = None) -> list[dict[str, str]]:
    """Resources for a locale such as "en-US", "de_DE" or "GB"; the international default otherwise."""
    table = load_resources(path)
    country = locale.replace("_", "-").split("-")[-1].upper() if locale else ""
    chosen = table.get(country) or []
    default = table.get("default") or []
    names = {item.get("name") for item in chosen}
    return [*chosen, *(item for item in default if item.get("name") not in names)]


def render_resources(locale: str, path: str | Path | None = None) -> str:
    lines = ["If you are in crisis or thinking about suicide, you can get help right now:"]
    for item in resources_for(locale, path):
        lines.append(f"- {item['name']}: {item['contact']}")
    return "\n".join(lines)


def crisis_reply(resources_block: str, supportive_text: str | None) -> str:
    """Resources first, then the model's supportive reply (or the fixed one when the provider failed)."""
    body = (supportive_text or "").strip() or FIXED_CRISIS_REPLY
    return f"{resources_block}\n\n{body}"


# ---- the safety check-in for warning signs -------------------------------------------------------------------
# Passive ideation, giving things away or asking about lethal means without stated intent sit between "high risk"
# and an explicit crisis. Clinicians' screeners (e.g. the Columbia protocol) ask directly; asking does not put
# the idea in anyone's head, and a plain yes/no lets the person say it. The resources are shown with the question.

SAFETY_CHECK = "safety_check"  # the pending "attribute" of a session waiting for the check-in's answer



@cache
def safety_check_questions() -> dict[str, str]:
    """The check-in question by language (data/safety_check.yaml): "en" and the languages guess_language names."""
    text = resources.files("penguin_guard").joinpath("data/safety_check.yaml").read_text(encoding="utf-8")
    return {str(language): " ".join(str(question).split()) for language, question in yaml.safe_load(text).items()}


SAFETY_CHECK_QUESTION = safety_check_questions()["en"]


def safety_check_text(resources_block: str, language: str | None = "en") -> str:
    """The check-in as the user sees it: the question, in the user's language when it is one of those written
    (English otherwise), then the resources."""
    question = safety_check_questions().get(language or "en", SAFETY_CHECK_QUESTION)
    return f"{question}\n\n{resources_block}"


_AFFIRM = re.compile(
    r"\b(?:yes|yeah|yea|yep|yup|ya|y|sometimes|kind of|kinda|sort of|a (?:little|bit)|maybe|i think so|i guess|"
    r"i (?:am|do|have|might)|honestly yes|often|always|every day|a lot|lately|si|sí|ja|oui|sim|haan|han|haa|evet|tak|"
    r"да|так|sì|iya|có|bazen|talvolta|a volte|soms|czasem|иногда|іноді|是|是的|有|想|会|はい|うん|네|응|예|हाँ|हां|जी|نعم|"
    r"ايوه|بله|آره|a veces|manchmal|parfois|às vezes|as vezes|kabhi kabhi)\b"
    r"|是|有时|はい|네|हाँ|हां|نعم|بله|آره"
)
# Before the answer: a short question or exclamation ("Seriously? No.", "Why is that even a question? No.", "Arre
# nahi!"), laughter and chat interjections ("lmaooo no", "kkkk nao", "mdr"), or a word of exasperation ("mais non").
# A lead-in that asks about being safe, okay or alive is no lead-in: "Am I safe? No." is not a denial; nor is one that
# is itself a yes ("yes? no? both").
_LEAD_IN = (r"(?:(?![^.?!]*\b(?:safe|ok|okay|fine|alright|hurt|harm|die|dead|death|kill|suicid\w*|threat\w*|live|"
            r"alive|life|end it|yes|yeah|yep|si|sí|ja|oui|sim|tak|evet|haan|да|kinda|kind of|sort of|sorta|maybe|a bit|"
            r"a little|sometimes|idk|dunno)\b)[^.?!]{0,45}[?!]+\s*)?")
_INTERJECTION = (
    r"(?:(?:what|huh|ffs|smh|good grief|lo+l|lmf?ao+|ha(?:ha)*h*|he(?:he)+|ja(?:ja)+|k{3,}|rs+|mdr|ptdr|xd+|um+|uh+|erm?|oh+|omg|wtf|wow|ugh|"
    r"jeez|geez|pfft|god|hell|ah+|eh|hmm+|seriously|really|come on|for (?:heaven'?s|god'?s|christ'?s|pete'?s) sake|"
    r"mais|ma|mas|pero|aber|arre|are|yaar|bhai|bro|dude|mano|kanka|que|honestly|franchement|sinceramente|ehrlich gesagt|"
    r"honestamente|ㅋ+|ㅎ+|哈+|笑|w{2,})\W+)*"
)
_DENY = re.compile(
    r"^\W*" + _LEAD_IN + _INTERJECTION +
    r"(?:no+|(?:no){2,}|nope|nah|naw|nn|nö|nee+|not any ?more|no longer|q(?:u[ée])? va|ni de broma|nada (?:de eso|disso)|"
    r"rien de tout [çc]a|nichts davon|niente del genere|ne(?=\W+(?:alles|echt|nix|nee))|neither|not me|not like that|never|no way|of course not|definitely not|absolutely not|"
    r"certainly not|not at all|claro que n[ãa]o|claro que no|por supuesto que no|bien s[uû]r que non|nat[üu]rlich nicht|"
    r"not even close|nothing like that|none of (?:that|those|this)|not suicidal|i'?m not|i am not|i don'?t|i do not|"
    r"i'?m (?:ok|okay|fine|safe|alright|all right)|i am (?:ok|okay|fine|safe)|nein|non|não|nao|nahi|nahin|nhi|nai|"
    r"hayır|hayir|yok|nie|tidak|nggak|gak|enggak|nee|không|нет|неа|не-а|нее|не,?\s+не|ні|不|没有|不是|木有|いいえ|いえ|ないない|"
    r"아니|아니요|아뇨|ㄴㄴ|いや|नहीं|لا|نه)\b"
    r"|^\W*" + _LEAD_IN + r"(?:(?:[哈呵嘿笑ㅋㅎ]+|うーん|んー|えーと|えっと|嗯+|呃|음+)\W*)?"
    r"(?:不|没有|不是|木有|いいえ|いえ|いや|ううん|ないない|ないです|ないよ|아니|아뇨|ㄴㄴ|नहीं|لا|نه)"
)
# Openers that begin like a denial and are none: not knowing, not being sure or okay, not wanting to say ("I don't
# know", "I'm not okay", "no sé", "não estou bem", "nie wiem", "不知道", "nahi pata", "لا أعرف"). Read as "no", they
# would let the conversation go on as usual for someone who denied nothing. Their words follow one another with
# no punctuation between: "não tô bem" is "I'm not fine", "Não, tô bem." is "no, I'm fine".
_NOT_A_DENIAL = re.compile(
    r"^\W*" + _INTERJECTION +
    r"(?:(?:no|not|nope)\s+(?:idea|clue|comment|sure|certain)\b|never ?mind|no ?one\b|"
    r"i (?:don'?t|do not) (?:really |even )?(?:know|want|wanna|care|remember|get|understand|see why|feel (?:anything|much|"
    r"like myself|nothing|safe|ok\b|okay|good|great|well|right|alright|all right)|(?:have|see) (?:any ?one|anybody|a (?:reason|"
    r"point|way)|any (?:reason|point|way|hope)|the point))|i (?:don'?t|do not) think (?!so\b)|"
    r"(?:i'?m|i am) not (?:really |so |that |very )?(?:sure|certain|ok\b|okay|fine|good|great|well|alright|all right|safe|"
    r"coping|doing|comfortable|ready|in a (?:good|great|safe)|(?:going to |gonna )?(?:answer|say|tell|talk|discuss|get into|"
    r"answering|saying|telling|talking|discussing|getting into))|"
    r"(?:i'?m|i am|im) (?:fine|ok|okay|good|alright|all right)\W*$|"
    r"no\s+(?:s[ée]\b|lo s[ée]|estoy (?:segur|bien)|me siento bien|quiero (?:hablar|contestar|responder|decir)|"
    r"sabr[ií]a|tengo (?:ni )?idea)|"
    r"n[ãa]o\s+(?:sei|tenho certeza|estou bem|t[ôo] bem|quero (?:falar|responder|dizer))|"
    r"non\s+(?:lo so|so\b|sono sicur|sto bene|voglio (?:parlar|rispond|dir)|saprei|mi va di)|"
    r"nie\s+(?:wiem|jestem pewn|czuj[ęe] si[ęe] dobrze|chc[ęe] o tym)|no\s+(?:to\s+)?tak\b|"
    r"(?:tidak|nggak|gak|enggak)\s+(?:tahu|tau|yakin|mau\b|baik)|nahi?n?\s+(?:pata|maloom|malum))"
    r"|^\W*(?:不(?:知道|清楚|确定|好|想|太|舒服|行)|没有?(?:想好|办法)|لا\s*(?:أعرف|اعرف|أدري|ادري))"
)
# A refusal opening the reply ("None of your business.", "Perché devo rispondere? Non è affar tuo."): it begins like a
# no and denies nothing.
_REFUSAL = re.compile(
    r"^\W*" + _LEAD_IN + _INTERJECTION +
    r"(?:none of your (?:business|concern)|not your (?:business|concern)|(?:i'?m|i am) not (?:answering|telling|saying)|"
    r"non (?:è|e'|sono) (?:affar|fatt)\w* tu\w*|no es (?:asunto|cosa) tuy\w*|no es de tu incumbencia|"
    r"(?:das )?geht dich nichts an|[çc]a ne te regarde pas|n[ãa]o (?:é|e) da (?:sua|tua) conta|nie twoja sprawa|"
    r"не тво[её] дело|не ваше дело)"
)
# What follows "I don't know" when what is not known is something else ("not sure why you ask", "je sais pas où aller").
_ABOUT_SOMETHING_ELSE = (
    r"(?!\s+(?:why|what|how|where|when|which|who|if you|por qu[ée]|warum|pourquoi|perch[ée]|dlaczego|почему|o[ùu]|quoi|"
    r"comment|qu[ée]|c[óo]mo|d[óo]nde|onde|o que|como|dove|cosa|come|wo|was|wie|gdzie|co|jak|что|как|куда|waar|wat|hoe|"
    r"ne zaman|nereye))"
)
# A no taken back by what follows a "but" (or "well", "mas", "pero", "bueno", "enfin"): a yes after all ("no... but
# sometimes", "não agora, mas ontem à noite sim"), an act of self-harm ("not suicidal, but I did cut last night"), or a
# danger from someone else ("he's on his way", "he said I'd be sorry"). Not knowing takes a no back wherever it
# stands, "but" or not (_UNSURE_LATER).
_TAKEN_BACK = re.compile(
    r"\b(?:but|though|although|well|actually|pero|bueno|aber|mais|enfin|mas|ma|bom|però|anche se|lekin|magar|par|ama|"
    r"но|ale|maar|しかし|でも|但是|可是|不过|그런데|근데|하지만|لكن|بس)\b.*(?:\b(?:sometimes|yes|yeah|maybe|kind of(?!\s+\w)|a veces|"
    r"manchmal|parfois|às vezes|a volte|soms|czasem|иногда|sí|sì|sim|oui|ja|haan|evet|tak|да|"
    r"coming (?:for|after|back|over|here)|on (?:his|her|their) way|outside (?:my|the) (?:door|house|room)|knife|gun|weapon|hurt me|kill me|threaten\w*|be sorry|regret it|pay for (?:it|this)|"
    r"cut(?:ting)?|hurt(?:ing)? myself|harm(?:ed|ing)? myself|burn(?:ed|t|ing)? myself|overdos\w*|took (?:\w+ )?pills|"
    r"relapsed|self[- ]harm|thought about it|think about it|thinking about it)\b|有时|想过|はい|네)"
)
# Not knowing anywhere after the no ("no. not really. i dunno", "Nein... also, keine Ahnung", "Nie... to znaczy, sama
# nie wiem") leaves it no clear no, unless what is not known is something else ("not sure why you ask").
_UNSURE_LATER = re.compile(
    r"\b(?:i ?dunno|idk|dunno|(?:i )?don'?t (?:really |even )?know|not (?:really )?sure|no idea|keine ahnung|wei(?:ß|ss) "
    r"(?:ich )?(?:es )?nicht|nie wiem|no s[ée]|no lo s[ée]|n[ãa]o sei|je (?:ne )?sais (?:pas|plus)|j'?sais pas|non lo so|"
    r"non so|не знаю|bilmiyorum|weet (?:ik )?(?:het )?niet|pata nahi|nahi pata|tidak tahu|gak tahu)\b"
    + _ABOUT_SOMETHING_ELSE + r"|不知道|わからない|分からない|모르겠"
)
# A threat someone said, in the words people use for it ("he'd sort me out", "me la fa pagare", "he'll make me pay").
_THREAT_SAID = re.compile(
    r"\b(?:sort (?:me|you) out|make me pay|get (?:even|back at me)|teach me a lesson|come after me|"
    r"(?:kill|hurt|harm) (?:himself|herself|themselves|themself)\b[^.?!]{0,30}\bif (?:i|we)\b|"
    r"me la (?:fa|far[àa]) pagare|me las? va a pagar|me las vas a pagar|vai me pagar|das wirst du bereuen|"
    r"tu vas le regretter|ты пожалеешь|pożałujesz)\b"
)
# The thoughts denied in plain words anywhere in the reply ("i failed a test, i'm not in danger", "Suicidal, no.",
# "...No, nothing of the sort."): a no, unless something takes it back. A threat denied alone ("Nobody's threatening
# me.") answers half the question and is none.
_DENIAL_ANYWHERE = re.compile(
    r"\b(?:(?:i'?m|i am) not (?:in (?:any )?danger|suicidal|going to (?:hurt|kill) myself)|"
    r"no(?:t| such)? thoughts? (?:like that|of that|of (?:suicide|hurting myself|ending (?:it|my life)))|"
    r"not suicidal|suicidal\W+no|nothing (?:like that|of the sort|of that sort))\b"
)
# A no after a reaction to being asked ("what kind of question is that. no", "Honestly I'm a bit offended. No.", "weird
# thing to ask but no"): the no closes the reply, and nothing before it speaks of the thoughts, a danger or a yes.
_NO_AFTER_A_REACTION = re.compile(
    r"^(?!.*\b(?:safe|ok|okay|fine|alright|hurt\w*|harm\w*|die|dead|death|kill\w*|suicid\w*|threat\w*|live|alive|life|"
    r"end it|yes|yeah|yep|kinda|sort of|sorta|maybe|sometimes|idk|dunno|thoughts?|think\w*|cut\w*|burn\w*|overdos\w*|pills?|"
    r"wish|want|plan\w*|tonight|hopeless|pointless|tired|done|anymore)\b)"
    r"(?=.*\b(?:question|ask|asking|asked|offend\w*|weird|odd|strange|random|rude|seriously|kidding|joking|wtf|jeez|why)\b)"
    r".{1,100}?(?:[.?!,;:]|\bbut)\s*(?:no+|nope|nah)\W*$"
)
# Thoughts kept after the no ("no plans or anything, just thoughts").
_STILL_THOUGHTS = re.compile(r"\b(?:just|only|mostly) (?:the |some )?thoughts\b|\bthoughts? (?:only|though)\b")
# A no that is no clear no after all: "I'm fine. Probably.", "i'm fine. i'm always fine", or asked back ("I don't think
# so?").
_NOT_SO_SURE = re.compile(
    r"\b(?:i'?m|i am) (?:fine|ok|okay|good)\b.{0,25}\b(?:probably|i guess|i think|i suppose|always fine|kind of|kinda|"
    r"sort of|maybe|or whatever)\b|^\W*(?:i (?:don'?t|do not) think so|probably not|i guess not)\s*\?(?![?!])|"
    r"^\W*(?:no+|not really)\s*\?(?![?!])\W*$"
)
# A threat denied in a clause after "but" takes nothing back: "but no one's threatening me", "nobody would hurt me".
_DENIED_THREAT = re.compile(
    r"\b(?:no ?one(?:'s| is| has)?|nobody(?:'s| is| has)?|not|\w*n'?t|never)\b[^.?!,;]{0,20}?"
    r"\b(?:threaten\w*(?:\s+to\s+(?:hurt|harm|kill)\w*)?|hurt\w*|kill\w*)\b(?: me)?"
)


def _denies(text: str) -> bool:
    """A denial opens the reply (and is no "I don't know" or "I'm not okay"), or the thoughts are denied in plain
    words in it ("Suicidal, no."); a threat denied alone ("Nobody's threatening me.") answers half the question."""
    return bool(_DENY.search(text) and not _NOT_A_DENIAL.search(text) and not _REFUSAL.search(text)
                or _DENIAL_ANYWHERE.search(text)
                or _NO_AFTER_A_REACTION.search(text))


def _takes_it_back(text: str) -> bool:
    """Something in the reply undoes its denial: a "but" and a yes, an act or a danger; not knowing; a threat said;
    a hedge on "I'm fine"; the denial asked back as a question."""
    return bool(_TAKEN_BACK.search(_DENIED_THREAT.sub(" ", text)) or _UNSURE_LATER.search(text)
                or _THREAT_SAID.search(text) or _NOT_SO_SURE.search(text) or _STILL_THOUGHTS.search(text))


def read_safety_answer(reply: str) -> str:
    """"no" when the reply clearly denies current thoughts of suicide or self-harm and a threat from someone else,
    "yes" when it affirms, else "unclear". Only a clear "no" lets the conversation go on as usual (see guard.py)."""
    text = " ".join(reply.casefold().split())
    if _denies(text) and not _takes_it_back(text):
        return "no"
    if _AFFIRM.search(text):
        return "yes"
    return "unclear"
