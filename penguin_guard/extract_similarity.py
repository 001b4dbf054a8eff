"""Does a clause answer the asked question in words no rule reads? A nearest-prototype vote with MiniLM.

Why: people answer "what do you do for work?" with "I fix HVAC systems for a living" and "how are things
financially?" with "we get by, barely". No keyword list covers these, but their sentence embeddings sit near
short answers written for each attribute (scripts/data/extraction_prototypes.jsonl). The encoder is the one the
risk detector already loads (penguin_guard.embed, shared cache), so a reply costs one short batch encode
(~2-5 ms) and only when the rules read nothing in it for the asked attribute.

Why conservative: a wrong value is worse than a missing one (it shapes advice and is never asked again), so a
clause counts only when its nearest class is the asked attribute, by a margin over every other class including
"other" (plans, places, other people: "my rent is due next week"). The vote never answers Age, Gender or Past
Self-Harm History (numbers, labels and a yes need the rules), and never volunteers another attribute. The value
stored is the clause as said. Any failure to load the encoder or the prototypes turns this step off (rules only).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

__all__ = ["CLASSES", "ELIGIBLE", "MARGIN", "MIN_SCORE", "Prototypes", "answering_clause", "load_prototypes"]

log = logging.getLogger(__name__)

CLASSES: tuple[str, ...] = (
    "Profession", "Economic Status", "Health Status", "Mental Health Status", "Emotional State", "Education Level",
    "Marital Status", "other",
)
ELIGIBLE = frozenset(CLASSES) - {"other"}
MIN_SCORE = 0.40  # mean cosine to the asked class's 3 nearest prototypes
MARGIN = 0.08  # over the best other class
TOP_K = 3
MAX_CLAUSES = 8  # a long reply: only its first clauses that no rule read are encoded


@dataclass(frozen=True)
class Prototypes:
    vectors: np.ndarray  # (n, 384) float32, L2-normalised
    labels: np.ndarray  # (n,) index into classes
    classes: tuple[str, ...]
    digest: str
    min_score: float
    margin: float

    def scores(self, vectors: np.ndarray) -> np.ndarray:
        """(clauses, classes): each class's mean cosine over its TOP_K nearest prototypes."""
        sims = vectors @ self.vectors.T
        out = np.zeros((len(vectors), len(self.classes)), dtype=np.float32)
        for index in range(len(self.classes)):
            members = sims[:, self.labels == index]
            k = min(TOP_K, members.shape[1])
            out[:, index] = np.sort(members, axis=1)[:, -k:].mean(axis=1) if k else -1.0
        return out


@cache
def load_prototypes() -> Prototypes | None:
    """The bundled prototypes (data/extraction/prototypes.npz), or None with one warning."""
    ref = resources.files("penguin_guard").joinpath("data/extraction/prototypes.npz")
    try:
        with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            classes = tuple(str(c) for c in data["classes"])
            if classes != CLASSES:
                raise RuntimeError("prototypes.npz has other classes; run scripts/build_extraction_prototypes.py")
            return Prototypes(vectors=data["vectors"].astype(np.float32), labels=data["labels"].astype(np.int64),
                              classes=classes, digest=str(data["digest"]), min_score=float(data["min_score"]),
                              margin=float(data["margin"]))
    except (FileNotFoundError, KeyError, RuntimeError, ValueError) as exc:
        log.warning("extraction prototypes unavailable (%s); the extractor uses its rules only", type(exc).__name__)
        return None


def prototype_digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def answering_clause(texts: list[str], asked: str) -> int | None:
    """The index of the clause in `texts` that best answers `asked`, or None when none clearly does."""
    if asked not in ELIGIBLE or not texts:
        return None
    prototypes = load_prototypes()
    if prototypes is None:
        return None
    texts = texts[:MAX_CLAUSES]
    try:
        from penguin_guard.embed import cached_encode

        vectors = np.asarray(cached_encode(texts), dtype=np.float32)
    except Exception as exc:  # no encoder here: the rules alone decide
        log.warning("encoder unavailable for the extractor (%s); rules only", type(exc).__name__)
        return None
    scores = prototypes.scores(vectors)
    column = prototypes.classes.index(asked)
    others = np.delete(scores, column, axis=1).max(axis=1)
    passing = (scores[:, column] >= prototypes.min_score) & (scores[:, column] - others >= prototypes.margin)
    if not passing.any():
        return None
    return int(np.argmax(np.where(passing, scores[:, column], -np.inf)))
