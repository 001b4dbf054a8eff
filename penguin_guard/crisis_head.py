"""The learned crisis head: linear models beside the crisis rules, on character n-grams and sentence embeddings.

Why character n-grams: they read every script and inflection ("me mato", "me voy a matar", "matarme") without
a tokenizer or an encoder, cost well under a millisecond, and catch the wordings no rule foresaw. Three classes:
"none", "warning" (passive ideation, giving things away, method-seeking without stated intent) and "crisis".
The weights (data/crisis/head.npz, ~1 MB) are built by scripts/build_crisis_head.py from prompts written for
the project, with cut-offs chosen out of fold so that no look-alike in training (past, fiction, idiom, someone
else, research) is escalated.

Long texts are read in overlapping windows of a few sentences and the most alarming window counts, so a crisis
buried in the middle of a long post is not diluted by the rest.
"""

from __future__ import annotations

import logging
import re
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

log = logging.getLogger(__name__)

__all__ = ["CLASSES", "HEAD_BITS", "CrisisHead", "features", "load_head", "windows"]

CLASSES: tuple[str, ...] = ("none", "warning", "crisis")
HEAD_BITS = 18  # 262,144 hashed features
_MASK = (1 << HEAD_BITS) - 1
_WORD = re.compile(r"\w+(?:'\w+)?")
_SPACE = re.compile(r"\s+")
# Sentence ends in Latin, CJK, Devanagari and Arabic scripts.
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f\u0964\u061f\n])\s*")
WINDOW_CHARS = 320
MAX_WINDOWS = 24  # a 1 MB prompt is read on its first and last windows only


def features(text: str) -> np.ndarray:
    """Unique hashed indices of the casefolded text's character 2-5-grams (inside word-padded text) and word
    1-2-grams (crc32: the same in every process)."""
    low = _SPACE.sub(" ", text.casefold()).strip()
    words = _WORD.findall(low)
    grams = ["w" + w for w in words] + [f"b{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    padded = f" {low} "
    for n in (2, 3, 4, 5):
        grams += ["c" + padded[i : i + n] for i in range(len(padded) - n + 1)]
    return np.fromiter({zlib.crc32(g.encode("utf-8", "replace")) & _MASK for g in grams}, dtype=np.int64)


def windows(text: str) -> list[str]:
    """The text itself when short; otherwise overlapping windows of whole sentences (~WINDOW_CHARS each)."""
    text = text.strip()
    if len(text) <= WINDOW_CHARS:
        return [text] if text else []
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
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
    pairs = [a + " " + b for a, b in zip(pieces, pieces[1:], strict=False)]
    found = pieces + pairs
    if len(found) > MAX_WINDOWS:
        half = MAX_WINDOWS // 2
        found = pieces[:half] + pieces[-half:]
    return found


def _softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=-1, keepdims=True)
    exp = np.exp(logits)
    return exp / exp.sum(axis=-1, keepdims=True)


@dataclass(frozen=True)
class CrisisHead:
    """Two linear heads averaged: character n-grams (any language) and MiniLM sentence embeddings (meaning, in
    English mostly). The embedding is computed only for windows the n-gram head finds at all alarming
    (`embed_above`), so an everyday prompt costs the n-gram pass alone."""

    weights: np.ndarray  # (2**HEAD_BITS, 3) float32: n-gram head
    bias: np.ndarray  # (3,)
    embed_weights: np.ndarray  # (384, 3): embedding head
    embed_bias: np.ndarray  # (3,)
    embed_above: float  # n-gram P(warning)+P(crisis) from which the embedding head is consulted
    crisis_cutoff: float  # combined P(crisis) at or above which a window is a crisis
    warning_cutoff: float  # combined P(warning) + P(crisis) at or above which a window shows warning signs

    def ngram_probabilities(self, pieces: list[str]) -> np.ndarray:
        rows = []
        for piece in pieces:
            found = features(piece)
            rows.append(self.weights[found].sum(axis=0) / np.sqrt(max(len(found), 1)) + self.bias)
        return _softmax(np.stack(rows))

    def probabilities(self, text: str) -> np.ndarray:
        """(windows, 3) combined class probabilities for each window of `text`."""
        pieces = windows(text)
        if not pieces:
            return np.zeros((0, 3), dtype=np.float32)
        probs = self.ngram_probabilities(pieces)
        alarming = np.flatnonzero(probs[:, 1] + probs[:, 2] >= self.embed_above)
        if len(alarming):
            from penguin_guard.embed import cached_encode

            vectors = cached_encode([pieces[i] for i in alarming])
            probs[alarming] = (probs[alarming] + _softmax(vectors @ self.embed_weights + self.embed_bias)) / 2
        return probs

    def classify(self, text: str) -> Literal["none", "warning", "crisis"]:
        probs = self.probabilities(text)
        if len(probs) == 0:
            return "none"
        if float(probs[:, 2].max()) >= self.crisis_cutoff:
            return "crisis"
        if float((probs[:, 1] + probs[:, 2]).max()) >= self.warning_cutoff:
            return "warning"
        return "none"


@cache
def load_head() -> CrisisHead | None:
    """The bundled head, or None (with one warning) when the file is missing: the rules still run."""
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
            )
    except FileNotFoundError:
        log.warning("crisis head not found (data/crisis/head.npz); the crisis rules run alone")
        return None
