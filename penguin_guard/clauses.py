"""Splitting a reply into clauses, so that each fact in it is read on its own.

Why: one reply often carries several facts ("I'm 34, I lost my job in March and honestly I feel hopeless").
Read whole, the first rule that fires wins, a value swallows its neighbours, and a "no" early in the reply
negates a fact stated later. A clause here is the text between sentence ends, semicolons, dashes, commas and
the conjunctions "and", "but", "because", ... (English, Spanish, German, French, Portuguese, Italian, Hinglish
and Chinese, whose sentences and connectors come without spaces).
Each clause remembers the connector that introduced it, so that neighbouring clauses about the same thing can
be joined back as they were said ("calm" + "but" + "tired" -> "calm but tired").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from penguin_guard.regex_prefilter import prefiltered

__all__ = ["Clause", "clean", "join", "split_clauses"]

MAX_CHARS = 4000  # a reply longer than this is read on its first MAX_CHARS characters

# Abbreviations whose dots are not sentence ends.
_ABBREVIATIONS = prefiltered(
    r"\b(ph\.\s?d\.|m\.d\.|b\.a\.|m\.a\.|b\.sc\.|m\.sc\.|b\.s\.|m\.s\.|b\.tech\.?|m\.tech\.?|e\.g\.|i\.e\.|u\.s\.|u\.k\.|"
    r"mr\.|mrs\.|ms\.|dr\.|st\.|vs\.|approx\.|etc\.)",
    re.IGNORECASE,
)
_DOT = "\u2024"  # one-dot leader: stands in for an abbreviation's dot while splitting
# Sentence ends, semicolons, dashes between words, ellipses, line breaks.
# Chinese and Japanese end sentences without a space ("。", and "！" / "？" after NFKC): split right after them.
_SENTENCE = prefiltered(r"(?<=[.!?\u2026])\s+|(?<=[\u3002!?])(?=[^\s!?\u3002])|[;\n\r]+|\s+[-\u2013\u2014]+\s+|\.{2,}|"
                        r"\u2026|\u3002")
# A comma, except inside a number ("30,000").
# The ideographic comma, and a colon before a list; not a comma inside a short parenthesis ("ich (27, w)", "(asthma,
# migraines)"): what it holds is said of one thing.
_COMMA = prefiltered(r"(?:(?<!\d),|,(?!\d))(?![^(),\n]{0,25}\))|\u3001|\u060c|:(?=\s)|\uff1a")
# Conjunctions that start a new clause. "so" only before a subject ("so I", "so money"), since "so tired" is one;
# Portuguese "embora" (although) except in "foi embora" (left); French "car" (because) before a French word only
# ("my car payment" is one clause).
_CONJUNCTION = prefiltered(
    r"(?:\s+|(?<=[\u3400-\u9fff]))(and|but|although|though|because|cause|cuz|(?<!\ba )while|whereas|"
    # English "plus" before what it adds ("plus I'm broke"), not French "j'en peux plus de ..."
    r"plus(?=\s+(?:i|i'm|im|i've|my|we|the|a|an|it|he|she|they|now|also|money|rent|there's|there)\b)|yet(?=\s+\S)|except|"
    r"so(?=\s+(?:i|i'm|im|i've|we|my|now|it|that|things|money|life|everything)\b)|"
    # not inside a number said in words ("cuarenta y dos", "trinta e cinco", "vingt et un", "cuarenta y pico")
    r"y(?!\s+(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|pico|pocos|tantos|muchos)\b|\s+ya[.!]*\s*$)|pero|aunque|porque|"
    # not "hin- und hergerissen" (torn), one word said in two
    r"(?<!\bhin-)(?<!\bhin)und(?!\s*her)|"
    # German "aber" as a particle inside a clause ("hab aber Angst", "bin aber müde") does not start one
    r"(?<!\bhab )(?<!\bhabe )(?<!\bbin )(?<!\bist )(?<!\bwar )(?<!\bhatte )aber|weil|obwohl|"
    r"et(?!\s+une?\b)|mais(?!\s+ou\s+menos\b)|parce que|"  # not Portuguese "mais ou menos" (so-so)
    r"car(?=\s+(?:je|j'|il|elle|on|nous|vous|ils|elles|c'|ça|mon|ma|mes|le|la|les|tu|ce)\b)|"
    r"e(?!\s+(?:um|uma|dois|duas|três|quatro|cinco|seis|sete|oito|nove|uno|due|tre|quattro|cinque|sei|sette|otto|"
    r"poucos|tantos|muitos)\b)|mas(?!\s+o\s+menos\b)|"
    r"(?<!\bfoi )(?<!\bfui )(?<!\bvai )(?<!\bvou )(?<!\bir )(?<!\bforam )embora|aur|lekin|magar|kyunki|"
    # Italian "ma" (but) before an Italian word only (French "ma mère" is one clause)
    r"ma(?=\s+(?:non|sono|ho|mi|è|poi|anche|io|ora|adesso|forse|niente|sto|ci|in|per|da|lo|la|il)\b)|però|perché|"
    r"anche se|quindi|"
    # Dutch; Polish "i" (and) and "a" only before a Polish word (English "so i think" stays one clause)
    r"en(?=\s+(?:ik|ben|heb|werk|woon|zit|voel|mijn|ook|nu|dat|het|sinds)\b)|maar|omdat|hoewel|"
    r"i(?=\s+(?:jestem|mam|pracuję|czuję|nie|mój|moja|mieszkam|od|teraz|też|bo))|"
    r"ale(?=\s+(?:nie|jestem|mam|teraz|to|w|na|już|tylko|od|moja|mój|pracuję|czuję|czasem|chyba|jakoś|ciężko)\b)|"
    r"bo|ponieważ|chociaż|"
    # Chinese: no spaces around the connector ("我失业了但是还在找")
    r"但是|可是|不过|因为|所以|而且)(?:\s+|(?=[\u3400-\u9fff]))",
    re.IGNORECASE,
)
_LEADING_FILLER = prefiltered(
    r"^(?:(?:honestly|honest(?:ly)? speaking|tbh|to be honest|well|um+|uh+|erm|hmm+|like|i mean|actually|"
    r"basically|also|and|but|right now|currently|at the moment|these days|lately|anyway|oh|ah)\b[\s,]*)+",
    re.IGNORECASE,
)
# Laughter and texting tags after a clause ("broke as hell lol", "19 haha", "sui 40 ahah", "アラフォーです笑"): they say
# how, not what. Japanese and Korean laughter follows the last word without a space; Korean in both jamo forms, as
# NFKC (clean) turns "ㅋㅋ" (U+314B) into "ᄏᄏ" (U+110F).
_TRAILING_FILLER = prefiltered(r"(?:[\s,]+(?:lol+|lmf?ao+|rofl|ha(?:ha)+h?|he(?:he)+|ja(?:ja)+|ah(?:ah)+|jsjs\w*|k{3,}|rsrs\w*|"
                               r"wkwk\w*|xd+|ngl|tbh)|\s*(?:笑|(?<=[\u3040-\u30ff\u4e00-\u9fff])w{2,}|[ㅋᄏ]{2,}|[ㅎᄒ]{2,}))+\s*$",
                               re.IGNORECASE)
# A pronoun set in brackets after a word ("nonbinary (they/them)"): how to address the user, not a fact.
_PRONOUN_SET = prefiltered(r"\s*\((?:she|he|they|ze|xe|zie|it)/\w+(?:/\w+)?\)?", re.IGNORECASE)
_EDGE = " \t,.;:!\"'()[]{}-\u2013\u2014\u2026"


@dataclass(frozen=True)
class Clause:
    """One clause: its text (stripped of the connector and end punctuation), the connector before it, the
    sentence it belongs to, and whether that sentence is a question."""

    text: str
    joiner: str
    sentence: int
    question: bool

    @property
    def words(self) -> int:
        return len(self.text.split())


def clean(text: str) -> str:
    """One line of plain text: NFKC, straight apostrophes and quotes, single spaces."""
    text = unicodedata.normalize("NFKC", text or "")[:MAX_CHARS]
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = "".join(ch if unicodedata.category(ch)[0] != "C" or ch in "\n\r" else " " for ch in text)
    return re.sub(r"[ \t]+", " ", text).strip()


def strip_filler(text: str) -> str:
    """A clause without its leading "honestly", "well", "right now" and similar."""
    text = _PRONOUN_SET.sub("", text)
    return _TRAILING_FILLER.sub("", _LEADING_FILLER.sub("", text.strip(_EDGE)).strip(_EDGE)).strip(_EDGE)


def split_clauses(reply: str) -> list[Clause]:
    """The clauses of `reply`, in order. Empty pieces (punctuation, emoji-only) are dropped."""
    text = _ABBREVIATIONS.sub(lambda m: m.group(0).replace(".", _DOT), clean(reply))
    clauses: list[Clause] = []
    for number, sentence in enumerate(s for s in _SENTENCE.split(text) if s and s.strip(_EDGE)):
        question = sentence.rstrip().endswith("?")
        joiner = "."
        for comma_part in _COMMA.split(sentence):
            pieces = _CONJUNCTION.split(" " + comma_part + " ")
            # re.split with one group: [text, connector, text, connector, text, ...]
            for index in range(0, len(pieces), 2):
                if index:
                    joiner = pieces[index - 1].lower()
                piece = strip_filler(pieces[index].replace(_DOT, ".")).strip(_EDGE + "?")
                if piece and any(ch.isalnum() for ch in piece):
                    clauses.append(Clause(piece, joiner if clauses else "", number, question))
                    joiner = ","
            if joiner == ".":
                continue  # nothing kept yet in this sentence: the next piece still starts it
            joiner = ","
    return clauses


def join(parts: list[tuple[str, str]]) -> str:
    """Join (joiner, text) pairs back into one phrase: "calm" + ("but", "tired") -> "calm but tired"."""
    out = ""
    for joiner, text in parts:
        if not out:
            out = text
        elif joiner in {",", ".", ""}:
            out += ", " + text
        else:
            out += f" {joiner} {text}"
    return out
