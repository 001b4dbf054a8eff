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

Where the rules live: they are data, one file per language tag in `rules/<lang>.yaml` (format described at the top
of `rules/en.yaml`), read once at import. This module holds everything else: normalisation, loading and
compiling the rules, the anchor gate, the windows, the context checks (negation, fiction and translation
framing, quotes) and the weak cues.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

import yaml

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

_FOLD: dict[int, str | None] = {}  # str.translate: None deletes the character
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
# Rules: loaded from rules/<lang>.yaml and compiled once, at import.


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    kind: str
    lang: str
    anchors: tuple[str, ...]
    regex: re.Pattern[str]
    requires: re.Pattern[str] | None  # must also appear in the window (corroboration)
    context_checks: bool  # apply the negation / fiction / translation checks


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule as written in `rules/<lang>.yaml`, building blocks substituted, not yet compiled."""

    name: str  # "<lang>.<what>", e.g. "en.kill_myself"
    kind: str
    lang: str
    anchors: tuple[str, ...]
    pattern: str
    requires: str | None
    context_checks: bool
    match: tuple[str, ...]  # examples that must fire this rule
    no_match: tuple[str, ...]  # look-alikes that must not be a crisis at all
    source: str  # file name, for error messages


# Rule files load in this order; within a file, rules keep their order. The order decides which rule is reported
# when two rules of the same kind match one text. Files not listed here load after these, alphabetically.
_LANGUAGE_ORDER = ("en", "es", "fr", "de", "pt", "it", "nl", "pl", "tr", "hi-Latn", "hi", "zh", "ja", "ru", "ar")
_FILE_KEYS = {"defs", "anchor_sets", "rules"}
_RULE_KEYS = {"name", "kind", "anchors", "pattern", "requires", "context_checks", "match", "no_match"}
# A reference to a building block: <<NAME>>. Never valid regex syntax, so it cannot collide with `{0,2}` etc.
_REF = re.compile(r"<<([A-Za-z_][A-Za-z0-9_]*)>>")


class RuleFileError(ValueError):
    """A rule file that does not follow the format (raised at import, so a broken file fails loudly)."""


def _fragments(value: object, where: str) -> str:
    """A regex written as one string or as a list of fragments joined with nothing in between."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return "".join(value)
    raise RuleFileError(f"{where}: expected a string or a list of strings, got {value!r}")


def _strings(value: object, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise RuleFileError(f"{where}: expected a list of strings, got {value!r}")


def _expand(text: str, defs: dict[str, str], where: str, stack: tuple[str, ...] = ()) -> str:
    def sub(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in defs:
            raise RuleFileError(f"{where}: unknown building block <<{name}>>")
        if name in stack:
            raise RuleFileError(f"{where}: building block <<{name}>> refers to itself")
        return _expand(defs[name], defs, where, (*stack, name))

    expanded = _REF.sub(sub, text)
    if not stack and "<<" in expanded:
        raise RuleFileError(f"{where}: '<<' that is not a building block (names are ASCII: <<NAME>>)")
    return expanded


def _rule_files() -> list[tuple[str, str]]:
    """(language tag, YAML text) of every rule file, in load order."""
    folder = resources.files(__package__).joinpath("rules")
    found = {entry.name[: -len(".yaml")]: entry for entry in folder.iterdir() if entry.name.endswith(".yaml")}
    order = [lang for lang in _LANGUAGE_ORDER if lang in found] + sorted(set(found) - set(_LANGUAGE_ORDER))
    return [(lang, found[lang].read_text(encoding="utf-8")) for lang in order]


@functools.cache
def load_specs() -> tuple[RuleSpec, ...]:
    """Every rule of every rule file, building blocks substituted, in load order. Parsed once per process."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    specs: list[RuleSpec] = []
    names: set[str] = set()
    for lang, text in _rule_files():
        source = f"rules/{lang}.yaml"
        doc = yaml.load(text, Loader=loader) or {}
        if not isinstance(doc, dict) or set(doc) - _FILE_KEYS:
            raise RuleFileError(f"{source}: top-level keys must be among {sorted(_FILE_KEYS)}")
        defs = {str(k): _fragments(v, f"{source} defs.{k}") for k, v in (doc.get("defs") or {}).items()}
        sets = doc.get("anchor_sets") or {}
        anchor_sets = {str(k): _strings(v, f"{source} anchor_sets.{k}") for k, v in sets.items()}
        for entry in doc.get("rules") or []:
            name = entry.get("name") if isinstance(entry, dict) else None
            where = f"{source} {name or entry!r}"
            if not isinstance(name, str) or set(entry) - _RULE_KEYS:
                raise RuleFileError(f"{where}: a rule is a mapping with keys among {sorted(_RULE_KEYS)}")
            if name.split(".", 1)[0] != lang or "." not in name:
                raise RuleFileError(f"{where}: a rule name starts with its file's language tag: '{lang}.'")
            if name in names:
                raise RuleFileError(f"{where}: duplicate rule name")
            names.add(name)
            if entry.get("kind") not in CRISIS_KINDS:
                raise RuleFileError(f"{where}: kind must be one of {CRISIS_KINDS}")
            anchors: list[str] = []
            for anchor in _strings(entry.get("anchors"), f"{where} anchors"):
                ref = _REF.fullmatch(anchor)
                if ref is None:
                    anchors.append(anchor)
                elif ref.group(1) in anchor_sets:
                    anchors.extend(anchor_sets[ref.group(1)])
                else:
                    raise RuleFileError(f"{where}: unknown anchor set {anchor}")
            if not anchors:
                raise RuleFileError(f"{where}: a rule needs at least one anchor")
            requires = entry.get("requires")
            if requires is not None:
                requires = _expand(_fragments(requires, f"{where} requires"), defs, where)
            context_checks = entry.get("context_checks", True)
            if not isinstance(context_checks, bool):
                raise RuleFileError(f"{where}: context_checks is true or false")
            specs.append(
                RuleSpec(
                    name=name,
                    kind=entry["kind"],
                    lang=lang,
                    anchors=tuple(anchors),
                    pattern=_expand(_fragments(entry.get("pattern"), f"{where} pattern"), defs, where),
                    requires=requires,
                    context_checks=context_checks,
                    match=tuple(_strings(entry.get("match"), f"{where} match")),
                    no_match=tuple(_strings(entry.get("no_match"), f"{where} no_match")),
                    source=source,
                )
            )
    return tuple(specs)


def _compile(spec: RuleSpec) -> _Rule:
    # Patterns are written in normalised form; folding the source keeps accented spellings in the source legal.
    try:
        regex = re.compile(_fold(spec.pattern))
        requires = re.compile(_fold(spec.requires)) if spec.requires else None
    except re.error as exc:
        raise RuleFileError(f"{spec.source} {spec.name}: {exc}") from exc
    return _Rule(
        name=spec.name,
        kind=spec.kind,
        lang=spec.lang,
        anchors=tuple(dict.fromkeys(_prepare(a) for a in spec.anchors)),
        regex=regex,
        requires=requires,
        context_checks=spec.context_checks,
    )


_RULES: list[_Rule] = [_compile(spec) for spec in load_specs()]


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
_ANCHOR_ORDER = {a: i for i, a in enumerate(_BY_ANCHOR)}


def _rules_at(anchor: str) -> tuple[_Rule, ...]:
    """The rules of every anchor that is a prefix of `anchor` (itself included), in anchor then rule order."""
    prefixes = sorted((p for p in (anchor[:i] for i in range(1, len(anchor) + 1)) if p in _BY_ANCHOR), key=_ANCHOR_ORDER.__getitem__)
    return tuple(dict.fromkeys(r for p in prefixes for r in _BY_ANCHOR[p]))


# The gate returns the longest anchor at a position; the rules of every anchor that is a prefix of it apply.
# (Built from each anchor's own prefixes: comparing every pair of ~900 anchors took 50 ms at import.)
_RULES_AT: dict[str, tuple[_Rule, ...]] = {a: _rules_at(a) for a in _BY_ANCHOR}

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


def _scan(window: str, rules: Iterable[_Rule], best: _Rule | None) -> _Rule | None:
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
