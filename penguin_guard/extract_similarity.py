"""Which attribute does a clause speak to? A small trained head on the sentence encoders the guard already loads.

Why: people answer "what do you do for work?" with "I sling coffee at Starbucks" and "how are things
financially?" with "a grana tá curta". No keyword list covers these, but their sentence embeddings sit near the
clauses written for each attribute. The head is a softmax regression over 11 classes (the attributes and "other":
plans, places, other people, requests, filler) trained by scripts/build_extraction_head.py on clauses written for
the project in English, Spanish, German, French, Portuguese, Italian, Chinese, Hinglish and a little Japanese.

Two encoders: English replies are read with MiniLM (penguin_guard.embed, the detector's shared cache, ~2-5 ms a
clause); other replies with multilingual-e5-small (penguin_guard.e5_embed, ~30 ms a clause), so at most
MAX_CLAUSES clauses of a reply are read (8 for each). The head says *which* attribute; penguin_guard.extract decides whether
that is enough to store a value (a stricter bar for facts the user volunteers than for the question asked) and
takes the value from the clause with its rules (numbers, negation, the job's noun phrase).

Any failure to load the bundle or an encoder turns this step off: the rules alone decide (fail-open to fewer
values, never to invented ones). The bundle is loaded lazily, on the first reply no rule fully reads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

__all__ = ["CLASSES", "MAX_CLAUSES", "Head", "chosen_clauses", "clause_probabilities", "load_head"]

log = logging.getLogger(__name__)

CLASSES: tuple[str, ...] = (
    "Profession", "Economic Status", "Health Status", "Mental Health Status", "Emotional State", "Education Level",
    "Marital Status", "Past Self-Harm History", "Age", "Gender", "other",
)
# Clauses of one reply the head reads, per encoder (MiniLM ~2-5 ms a clause, e5 ~30 ms). A longer reply keeps its
# fullest clauses (see chosen_clauses), so a fact told late in a long story still reaches the head. MiniLM read 16
# before the fifteenth session: on 270 real post-length first requests 8 changed 10 of them, 9 by dropping a value
# the head had read from a clause that states no fact ("Economic Status: at this rate"), and cut extraction time by
# a quarter; 6 of 5,348 blind and training extraction rows changed, each keeping the value's first parts.
MAX_CLAUSES = {"minilm": 8, "e5": 8}


@dataclass(frozen=True)
class Head:
    weights: dict[str, tuple[np.ndarray, np.ndarray]]  # encoder name -> (W (384, classes), b (classes,))
    digest: str

    def probabilities(self, encoder: str, vectors: np.ndarray) -> np.ndarray:
        """(clauses, classes) softmax probabilities."""
        w, b = self.weights[encoder]
        norms = np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
        logits = (vectors / norms) @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)


@cache
def load_head() -> Head | None:
    """The bundled head (data/extraction/clause_head.npz), or None with one warning."""
    ref = resources.files("penguin_guard").joinpath("data/extraction/clause_head.npz")
    try:
        with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            if tuple(str(c) for c in data["classes"]) != CLASSES:
                raise RuntimeError("clause_head.npz has other classes; run scripts/build_extraction_head.py")
            weights = {name: (data[f"{name}_w"].astype(np.float32), data[f"{name}_b"].astype(np.float32))
                       for name in ("minilm", "e5")}
            return Head(weights=weights, digest=str(data["digest"]))
    except (FileNotFoundError, KeyError, RuntimeError, ValueError) as exc:
        log.warning("extraction head unavailable (%s); the extractor uses its rules only", type(exc).__name__)
        return None


def _encode(texts: list[str], english: bool) -> tuple[str, np.ndarray] | None:
    try:
        if english:
            from penguin_guard.embed import cached_encode

            return "minilm", np.asarray(cached_encode(texts), dtype=np.float32)
        from penguin_guard import e5_embed

        if not e5_embed.available():
            return None
        return "e5", np.asarray(e5_embed.encode(texts), dtype=np.float32)
    except Exception as exc:  # no encoder here: the rules alone decide
        log.warning("encoder unavailable for the extractor (%s); rules only", type(exc).__name__)
        return None


def chosen_clauses(texts: list[str], english: bool) -> list[int]:
    """Indices (in order) of the texts the head reads: all of them up to the encoder's cap; beyond it, those in
    the first person first, then the longest. Why not the first ones: in a 150-600 character reply the fact is
    often told late, after the scene is set, while short clauses ("so yeah", "anyway") carry little."""
    from penguin_guard.attribute_rules import first_person

    cap = MAX_CLAUSES["minilm" if english else "e5"]
    if len(texts) <= cap:
        return list(range(len(texts)))
    ranked = sorted(range(len(texts)), key=lambda i: (not first_person(texts[i]), -len(texts[i].split()), i))
    return sorted(ranked[:cap])


def clause_probabilities(texts: list[str], english: bool) -> np.ndarray | None:
    """(len(texts), len(CLASSES)) probabilities for `texts` (pick them with chosen_clauses), or None when the head
    or the encoder is unavailable."""
    head = load_head()
    if head is None or not texts:
        return None
    encoded = _encode(texts, english)
    if encoded is None:
        return None
    return head.probabilities(*encoded)
