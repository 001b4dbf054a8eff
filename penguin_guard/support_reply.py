"""Support replies: crisis words written to comfort, check on or advise someone else in crisis.

Peer-support posts ("please don't do it tonight, call 988, I'm here") share nearly every word with a crisis, and
the crisis head and rules escalate many of them (on real r/SuicideWatch data, about half of the users who only
write to support others). Teaching them to the head as "no crisis" pulled real crises down with them, because
people in crisis also write in the second person and about their past (benchmarks/RESULTS.md, round 31). So this
reader never removes a crisis: it only turns an escalation into the safety check-in, which shows the resources at
once and escalates on anything but a clear "no" (crisis_check.builtin_signals). It is an opt-in,
`GuardConfig(support_replies="check_in")`, for deployments whose traffic is peer support: with the crisis head C35
it cut look-alikes escalated 8 -> 6 of the fresh round 37's 198 and supportive r/SuicideWatch users escalated 39 ->
19 of 108, but it also sent 6 of 248 real posts labelled "Suicidal", and 11 of 45 real users labelled as having
attempted, to the check-in instead of an escalation (benchmarks/RESULTS.md, rounds 35-37).

Model: a logistic regression on the tuned crisis encoder's pooled vector of the window the crisis head reads as
most crisis-like (the head has usually just embedded that window, so the vector comes from its cache). Built by
scripts/build_support_reader.py, its cut-off chosen out of fold so that few training crises would be routed.
Without the file or the tuned encoder's backend, nothing is routed (recall first).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from penguin_guard import crisis_encoder
from penguin_guard.crisis_head import CrisisHead

log = logging.getLogger(__name__)

__all__ = ["SupportReader", "load_reader", "reads_as_support"]


@dataclass(frozen=True)
class SupportReader:
    weights: np.ndarray  # (dimension,) on the tuned encoder's L2-normalised pooled vector
    bias: float
    cutoff: float  # P(support reply) at or above which a crisis becomes the safety check-in

    def probability(self, vector: np.ndarray) -> float:
        return float(1.0 / (1.0 + np.exp(-(float(vector @ self.weights) + self.bias))))


def reads_as_support(head: CrisisHead | None, text: str) -> bool:
    """Whether `text`, which the head or a rule found to be a crisis, reads as written to support someone else."""
    reader = load_reader()
    if reader is None or head is None or head.tuned is None or not crisis_encoder.available():
        return False
    window = head.most_crisis_like_window(text)
    if window is None:
        return False
    return reader.probability(head.tuned.vector(window)) >= reader.cutoff


@cache
def load_reader() -> SupportReader | None:
    """The bundled reader, or None (with one warning) when its file is missing: crises then always escalate."""
    ref = resources.files("penguin_guard").joinpath("data/crisis/support_reply.npz")
    try:
        with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            return SupportReader(weights=data["weights"].astype(np.float32), bias=float(data["bias"]),
                                 cutoff=float(data["cutoff"]))
    except FileNotFoundError:
        log.warning("support-reply reader not found (data/crisis/support_reply.npz); every crisis escalates")
        return None
