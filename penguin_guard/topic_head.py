"""Is a self-contained turn about its episode's request, or a new everyday request? (Stages.on_topic)

A logistic regression on the pair of multilingual-e5 vectors ([turn * request, |turn - request|, cosine]), built by
scripts/build_topic_head.py on retired blind conversation rounds and ordinary assistant tasks. Why not a cosine: e5's
cosines of unrelated sentences sit near 0.8 and of follow-ups near 0.85, too close to separate by a cut-off; the
pair's features say what a new everyday request looks like next to the request it follows. It only ever decides
between "keep the background" and "pass unchanged" for a turn the risk detector already finds not risky.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

import numpy as np

HEAD_FILE = "data/topic_head.npz"

log = logging.getLogger(__name__)


def pair_features(turn: np.ndarray, request: np.ndarray) -> np.ndarray:
    """What the head reads of a (turn, request) pair of L2-normalised vectors."""
    return np.concatenate([turn * request, np.abs(turn - request), [float(turn @ request)]]).astype(np.float32)


@dataclass(frozen=True)
class TopicHead:
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    cutoff: float  # P(new) at or above which the turn is a new request

    def p_new(self, turn: np.ndarray, request: np.ndarray) -> float:
        z = (pair_features(turn, request) - self.mean) / self.scale
        return float(1.0 / (1.0 + np.exp(-(z @ self.weights + self.bias))))

    def on_topic(self, turn: np.ndarray, request: np.ndarray) -> bool:
        return self.p_new(turn, request) < self.cutoff


@cache
def load_topic_head() -> TopicHead | None:
    """The shipped head, or None when the file is absent or unreadable (the cosine test decides then)."""
    return read_topic_head(resources.files("penguin_guard").joinpath(HEAD_FILE))


def read_topic_head(path: Traversable) -> TopicHead | None:
    """A head file, or None when it is absent or unreadable."""
    if not path.is_file():
        return None
    try:
        with path.open("rb") as handle, np.load(handle) as arrays:
            return TopicHead(mean=arrays["mean"], scale=arrays["scale"], weights=arrays["weights"],
                             bias=float(arrays["bias"]), cutoff=float(arrays["cutoff"]))
    except (OSError, ValueError, KeyError) as exc:
        log.warning("topic head unreadable (%s): the cosine topic test decides", type(exc).__name__)
        return None
