"""The online RAISE agent (paper-spec 5.2): retrieve planned paths for similar queries, then decide the next
step: ask for one attribute, or answer now.

Two modes, chosen by `policy_options["mode"]`:
- "fast" (default, no model call): a vote over the k retrieved paths. Each path votes for its attributes with
  weight `similarity * (0.5 + normalised path score) * decay**position`, so earlier steps of better, closer
  paths count more. The best attribute that is not known, declined or already asked is asked for, unless its
  share of the total vote (its expected gain) is below `min_gain`. One rule overrides the vote: once a
  mental-health condition is known (and the feeling is unknown or one tied to self-harm risk), Past Self-Harm
  History is asked next (`self_harm_signalled`); otherwise it is asked only where the retrieved paths rank it.
- "llm": the paper's modules through LiteLLM (see `penguin_guard.raise_policy.llm_mode`): a 0-5 completeness
  rating stops the dialogue at >= tau, else the model picks the next attribute with the retrieved paths as
  examples. Every failure (no answer, garbage, an invalid attribute) falls back to the fast mode's choice.

Both modes answer at once for prompts that are not risky, when the question budget is spent (B = 3 by
default, capped by the guard's question_budget and depth), and for merely "elevated" risk unless
`ask_when_elevated` is set. Attribute values are never logged; reasons name attributes only.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from penguin_guard.config import GuardConfig
from penguin_guard.models import Answer, Ask, PolicyStep, Profile, RiskAssessment
from penguin_guard.policy import priority_for, question_budget, seems_settled
from penguin_guard.raise_policy.library import Neighbour, PathLibrary, load_library

log = logging.getLogger(__name__)


class RaiseOptions(BaseModel):
    """`GuardConfig.policy_options` for policy "raise"."""

    model_config = ConfigDict(extra="forbid")

    mode: Literal["fast", "llm"] = "fast"
    library: str | None = Field(None, description="path library folder; None = the bundled one")
    k: int = Field(5, ge=1, le=50, description="retrieved neighbours")
    budget: int = Field(3, ge=0, le=10, description="B, questions per request (also capped by the guard)")
    # Tuned (9 pairs) for the question economy on held-out seed items with the bundled planned library
    # (benchmarks/question_economy.py): 1.80 questions per risky conversation, 1.91 at (0.7, 0.2).
    # A steeper decay follows the paper's stepwise gains, most of which come from the first question (C.6).
    min_gain: float = Field(0.2, ge=0, le=1, description="fast mode: stop when the best vote share is lower")
    decay: float = Field(0.5, gt=0, le=1, description="vote weight per path position")
    ask_when_elevated: bool = False
    skip_self_harm_when_settled: bool = True
    self_harm_when_signalled: bool = Field(True, description="fast mode: ask self-harm history next once a "
                                           "mental-health condition is known (see self_harm_signalled)")
    # LLM mode
    model: str | None = None
    params: dict[str, Any] = Field(default_factory=dict, description="extra LiteLLM kwargs (api_base, ...)")
    tau: int = Field(3, ge=0, le=5, description="stop when the completeness rating is >= tau")
    timeout: float = Field(15.0, gt=0)


def options_of(config: GuardConfig) -> RaiseOptions:
    try:
        options = RaiseOptions.model_validate(config.policy_options or {})
    except ValidationError as exc:
        raise ValueError(f"bad policy_options for policy 'raise': {exc.errors()[0]['msg']} "
                         f"({'.'.join(map(str, exc.errors()[0]['loc']))})") from exc
    if options.mode == "llm" and not options.model:
        raise ValueError("policy_options: mode 'llm' needs a model (any LiteLLM model string)")
    return options


def query_vector(text: str) -> np.ndarray:
    """The query's MiniLM embedding, from the cache shared with the detector (penguin_guard.embed).

    It is the detector's read of the text (its windows joined, at most READ_TOKENS tokens from head and tail),
    so a request the detector just flagged is not encoded a second time."""
    from penguin_guard import embed
    from penguin_guard.detect import window

    return embed.cached_encode([" ".join(window(text))], max_tokens=embed.READ_TOKENS)[0]  # the detector's read


def retrieve(query: str, library: PathLibrary, k: int, vector: np.ndarray | None = None) -> list[Neighbour]:
    return library.nearest(query_vector(query) if vector is None else vector, k)


def vote(neighbours: list[Neighbour], decay: float = 0.5, domain: str | None = None) -> dict[str, float]:
    """Similarity- and score-weighted, position-decayed votes of the retrieved paths (with no neighbours, the
    domain's priority table votes instead, so an empty library still asks sensible questions)."""
    if not neighbours:
        return {a: decay**i for i, a in enumerate(priority_for(domain))}
    votes: dict[str, float] = {}
    for neighbour in neighbours:
        quality = 0.5 if neighbour.record.score is None else (neighbour.record.score - 1.0) / 4.0
        weight = max(neighbour.similarity, 0.0) * (0.5 + quality)
        for position, attribute in enumerate(neighbour.record.path):
            votes[attribute] = votes.get(attribute, 0.0) + weight * decay**position
    return votes


def candidates(profile: Profile, domain: str | None, options: RaiseOptions) -> list[str]:
    """Attributes still worth asking, in the domain's priority order (the vote's tie-break)."""
    out = [a for a in priority_for(domain) if a not in profile.values and a not in profile.declined
           and a not in profile.asked]
    if options.skip_self_harm_when_settled and seems_settled(profile):
        out = [a for a in out if a != "Past Self-Harm History"]
    return out


SELF_HARM = "Past Self-Harm History"
# Feelings the self-harm literature ties to risk (hopelessness, shame, isolation, numbness); anger, frustration
# or worry alone do not make the question worth asking.
_SELF_HARM_FEELINGS = re.compile(
    r"\b(hopeless\w*|worthless|empty|numb|desperate|trapped|overwhelm\w*|ashamed|shame|lonely|alone|isolated|"
    r"miserable|broken|depress\w*|suicid\w*|sad|grie\w*|not (ok|okay|fine|good))\b", re.IGNORECASE)


def self_harm_signalled(profile: Profile) -> bool:
    """A mental-health condition is known, and the feeling is unknown or one tied to self-harm risk: the
    self-harm question comes next.

    Why: in the paper's profile model self-harm history depends on mental health (P(SH=Yes | severe depression or
    anxiety) >> P(SH=Yes | none), paper-spec 2.4), so it is worth a question when that points there, and not
    before; a known feeling such as "frustrated" or "calm" (not tied to self-harm risk) saves the question."""
    from penguin_guard.raise_policy.proxy_reward import salience

    emotion, mental = profile.values.get("Emotional State"), profile.values.get("Mental Health Status")
    return salience(mental) == 1.0 and (emotion is None or bool(_SELF_HARM_FEELINGS.search(emotion)))


def fast_choice(votes: dict[str, float], remaining: list[str]) -> tuple[str | None, float]:
    """(best remaining attribute, its share of all votes); (None, 0) when nothing remains."""
    if not remaining:
        return None, 0.0
    total = sum(votes.values())
    best = max(remaining, key=lambda a: votes.get(a, 0.0))  # max keeps the first of equals: priority order
    return best, (votes.get(best, 0.0) / total if total > 0 else 0.0)


def gate(risk: RiskAssessment, asked: int, config: GuardConfig, options: RaiseOptions) -> Answer | int:
    """An Answer when no question may be asked, else the number of questions still allowed."""
    if not risk.is_risky:
        return Answer(reason="not a risky personal request")
    if risk.level == "elevated" and not options.ask_when_elevated:
        return Answer(reason="risk is only elevated: answering with the guidance alone")
    budget = min(options.budget, question_budget(risk, config))
    if asked >= budget:
        return Answer(reason=f"question budget spent ({asked}/{budget})")
    return budget - asked


def next_step(
    query: str,
    risk: RiskAssessment,
    profile: Profile,
    asked_this_request: int,
    config: GuardConfig,
    library: PathLibrary | None = None,
    vector: np.ndarray | None = None,
) -> PolicyStep:
    """The RAISE decision for one turn. Never raises for model trouble; bad options raise ValueError."""
    options = options_of(config)
    gated = gate(risk, asked_this_request, config, options)
    if isinstance(gated, Answer):
        return gated
    try:
        library = library if library is not None else load_library(options.library)
        neighbours = retrieve(query, library, options.k, vector)
    except (OSError, ImportError, ValueError) as exc:  # missing library files or encoder: degrade, don't fail
        log.warning("RAISE retrieval unavailable (%s); voting with the domain priority table", type(exc).__name__)
        neighbours = []
    votes = vote(neighbours, options.decay, risk.domain)
    remaining = candidates(profile, risk.domain, options)
    best, share = fast_choice(votes, remaining)
    if options.mode == "llm":
        from penguin_guard.raise_policy.llm_mode import llm_step

        return llm_step(query, profile, remaining, neighbours, best, share, options)
    if options.self_harm_when_signalled and SELF_HARM in remaining and self_harm_signalled(profile):
        return Ask(attribute=SELF_HARM, reason="distress and a mental-health condition are known: self-harm "
                                               "history is asked next")
    if best is None:
        return Answer(reason="every attribute worth asking is known or declined")
    if share < options.min_gain:
        return Answer(reason=f"retrieved paths expect little from what is still unknown (best share {share:.2f})")
    return Ask(attribute=best, reason=f"RAISE: {len(neighbours)} similar planned paths rank it next "
                                      f"(share {share:.2f})")
