"""One normalisation pass that every detector reads: the text as a person sees it, with obfuscation undone.

People who do not want a filter to notice them (and filters' own test suites) write "k1ll mys3lf",
"k i l l  m y s e l f", "su\u200bicide", "ѕuісіdе" with Cyrillic letters, or fullwidth / mathematical letters.
A person reads all of these as the plain words, so the detectors must too. The pass:

1. Unicode NFKC (fullwidth, mathematical and circled letters become ASCII; ligatures split).
2. Invisible characters removed: zero-width spaces and joiners, soft hyphens, bidi controls, BOM,
   variation selectors, and combining marks stacked on Latin letters ("zalgo").
3. Confusables folded to Latin inside words that are written mostly in Latin letters (a Russian or Greek
   word stays as it is).
4. Leetspeak undone inside words that mix letters with digits or symbols ("k1ll", "$uic1de", "0verdose"), but
   never in numbers, amounts or units ("18 pills", "10mg", "4pm", "covid19").
5. Spaced or dotted letters collapsed ("k i l l", "k.i.l.l", "k-i-l-l"); in a message spelt out letter by
   letter with wider gaps between words ("i  t o o k  m y  p i l l s"), every word, short ones too.
6. Letters stretched three or more times shortened ("diiiie", "killll", "pleeease").

Ordinary text comes out unchanged, so detectors trained on ordinary text see what they
were trained on. The normalised text is only ever read by detectors; what goes upstream is the user's own text.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import groupby

__all__ = ["normalize_for_detection", "was_obfuscated"]

# Zero-width and joiner characters, soft hyphen, bidi embeddings/overrides/isolates, word joiner and invisible
# operators, BOM, variation selectors, Mongolian vowel separator, Hangul fillers, combining grapheme joiner.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f"
    "\ufeff\uffa0\U000e0000-\U000e007f]"
)
# Combining marks after a Latin letter (or after another such mark): "s̴u̷i̶c̵i̸d̷e̶". NFKC has already composed
# the ordinary accented letters (é, ñ, ü), so what is left is decoration.
_ZALGO = re.compile(r"(?<=[A-Za-z])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+")

# Cyrillic and Greek letters that look like Latin ones (after casefolding), the ones used to dodge filters.
_CONFUSABLE = {
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ɡ": "g", "һ": "h",
    "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɩ": "i", "ı": "i",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ω": "w", "γ": "y", "μ": "u",
}
_CONFUSABLE_UPPER = {k.upper(): v.upper() for k, v in _CONFUSABLE.items() if len(k.upper()) == 1}
_FOLD_TABLE = str.maketrans({**_CONFUSABLE, **_CONFUSABLE_UPPER})
_CONFUSABLE_CHARS = set(_CONFUSABLE) | set(_CONFUSABLE_UPPER)

_LEET = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i", "|": "l", "€": "e"}
_LEET_CHARS = "".join(re.escape(c) for c in _LEET)
_TOKEN = re.compile(rf"[\w{_LEET_CHARS}]+")
# Numbers with a unit or ordinal ("10mg", "4pm", "2nd", "3x", "1.5l") and codes ("mp3", "h264", "b12").
_NUMERIC = re.compile(r"^(?:\d+[a-z]{0,3}|[a-z]{1,3}\d+[a-z]?|\d+(?:st|nd|rd|th))$", re.I)
# In text that already speaks leet, only a number with a unit or an ordinal stays a number ("10mg", "4pm", "2nd"):
# "5top", "0ver" and "5tep" are words there.
_AMOUNT = re.compile(r"^(?:\d+(?:mg|mcg|ml|g|kg|lbs?|oz|l|pm|am|h|hrs?|mins?|s|x|k|th|yo|yrs?|cm|mm|km|ft|m)?"
                     r"|\d*1st|\d*2nd|\d*3rd)$", re.I)
# Leet-speaking text writes the "'s" of "it's" and "dad's" as "'5".
_LEET_POSSESSIVE = re.compile(r"(?<=[^\W\d_])(['\u2019])5\b")
# A letter spelt out with separators: "k i l l", "k.i.l.l", "k-i-l-l", "k_i_l_l", "k*i*l*l" (at least 3 letters).
_SPACED = re.compile(r"(?<![\w])(?:[^\W\d_][ .\-_*·]){2,}[^\W\d_](?![\w])")
_WIDE_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
_STRETCHED_VOWEL = re.compile(r"([aeiouy])\1{2,}", re.I)
_STRETCHED_CONSONANT = re.compile(r"([b-df-hj-np-tvxz])\1{2,}", re.I)  # not w: "www."


def normalize_for_detection(text: str) -> str:
    """What the detectors read: `text` with invisible characters, look-alike letters, leetspeak, spacing
    tricks and stretched letters undone. Plain text comes back unchanged."""
    if not text:
        return text
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        text = _INVISIBLE.sub("", text)
        text = _ZALGO.sub("", text)
        if any(ch in _CONFUSABLE_CHARS for ch in text):
            text = _TOKEN.sub(_fold_confusables, text)
    if any(ch in _LEET for ch in text):
        undone = _TOKEN.sub(_undo_leet, text)
        if undone != text:  # the writer uses leetspeak: short words too ("t0", "b3"), until nothing changes, since
            # each letter restored can make a neighbour count as inside a word ("th15" -> "thi5" -> "this")
            for _ in range(3):
                again = _TOKEN.sub(lambda m: _undo_leet(m, min_letters=1, speaks_leet=True),
                                   _LEET_POSSESSIVE.sub(r"\1s", undone))
                if again == undone:
                    break
                undone = again
        text = undone
    if _WIDE_GAP.search(text) and _spelt_out(text):
        text = " ".join(_join_letters(group) for group in _WIDE_GAP.split(text))
    if _SPACED.search(text):
        text = _SPACED.sub(_join_spaced, text)
    text = _STRETCHED_VOWEL.sub(r"\1", text)
    return _STRETCHED_CONSONANT.sub(r"\1\1", text)


def was_obfuscated(text: str) -> bool:
    """Whether the pass changed more than canonical composition (a hint that someone tried to hide words)."""
    plain = unicodedata.normalize("NFC", text) if not text.isascii() else text
    return normalize_for_detection(text) != plain


def _fold_confusables(match: re.Match[str]) -> str:
    word = match.group()
    latin = sum(1 for ch in word if ch.isascii() and ch.isalpha())
    lookalike = sum(1 for ch in word if ch in _CONFUSABLE_CHARS)
    if lookalike == 0:
        return word
    other = sum(1 for ch in word if ch.isalpha() and not ch.isascii() and ch not in _CONFUSABLE_CHARS)
    # A word of only look-alike letters is folded only when it sits in Latin text: "уоu" in English, not "сон".
    if latin == 0 and (other or not _latin_context(match)):
        return word
    if other > latin:
        return word
    return word.translate(_FOLD_TABLE)


def _latin_context(match: re.Match[str]) -> bool:
    text = match.string
    around = text[max(0, match.start() - 40) : match.end() + 40]
    latin = sum(1 for ch in around if ch.isascii() and ch.isalpha())
    other = sum(1 for ch in around if ch.isalpha() and not ch.isascii() and ch not in _CONFUSABLE_CHARS)
    return latin > other


def _undo_leet(match: re.Match[str], min_letters: int = 2, speaks_leet: bool = False) -> str:
    """One token with its leet characters read as letters. `speaks_leet`: the text already uses leetspeak, so a
    token of letters and leet digits only (not a number with a unit) is a word: "51nc3", "541d", "4g0"."""
    word = match.group()
    letters = sum(1 for ch in word if ch.isalpha())
    numeric = _NUMERIC if min_letters > 1 else _AMOUNT  # in leet-speaking text "t0" is "to", "b3" is "be"
    if letters < min_letters or numeric.match(word) or not any(ch in _LEET for ch in word):
        return word
    if speaks_leet and word.isascii() and all(ch in _LEET for ch in word if ch.isdigit()):
        word = "".join(_LEET[ch] if ch.isdigit() else ch for ch in word)
    chars = list(word)
    changed = False
    for i, ch in enumerate(chars):
        if ch not in _LEET:
            continue
        left = i > 0 and chars[i - 1].isalpha()
        right = i + 1 < len(chars) and (chars[i + 1].isalpha() or chars[i + 1] in _LEET)
        inside = left and right
        # At a word's edge only digits (and "$" at the start) count: "0verdose", "$uicide", "suic1d3", but
        # never the "!" of "hello!" or the "@" of a handle.
        edge_letters = min(3, len(word) - 1)
        starts = i == 0 and right and letters >= edge_letters and (ch.isdigit() or ch == "$")
        ends = i == len(chars) - 1 and left and letters >= edge_letters and ch.isdigit()
        if inside or starts or ends:
            chars[i] = _LEET[ch]
            changed = True
    return "".join(chars) if changed else word


def _spelt_out(text: str) -> bool:
    """Whether most of the text's tokens are single characters (a message spelt out letter by letter), so that
    its single spaces separate letters and its wider gaps separate words."""
    tokens = text.split()
    return len(tokens) >= 6 and sum(len(token) == 1 for token in tokens) >= 0.6 * len(tokens)


def _join_letters(group: str) -> str:
    """The runs of single characters in `group` joined into words ("i want to k i l l" -> "i want to kill")."""
    words: list[str] = []
    for single, run in groupby(group.split(" "), key=lambda token: len(token) == 1):
        tokens = list(run)
        words += ["".join(tokens)] if single else tokens
    return " ".join(words)


def _join_spaced(match: re.Match[str]) -> str:
    return re.sub(r"[ .\-_*·]", "", match.group())
