"""The crisis floor: the check the guard runs on every user turn before, and independent of, the risk detector.

A crisis must be caught whatever detector a deployment plugs in, so this check is not a plugin that could be
replaced or disabled. It reads the normalised text (penguin_guard.normalize) and combines, recall first:
- the explicit-crisis rules (penguin_guard.crisis), on the user's text and on its normalised form (a match the
  learned head reads as a look-alike gets the safety check-in rather than an escalation);
- the learned crisis head (penguin_guard.crisis_head): character n-grams in any language, for the wordings
  no rule foresaw, and for warning signs (passive ideation, giving things away, method-seeking);
- signals from `penguin_crisis_signals` plugins. A plugin can add a crisis or a warning; nothing can remove one.

A crisis signal escalates. Warning signs alone lead to a direct safety check-in (see turn.py). A concern (the
head's band below warning) only matters when the risk detector finds the request risky too: then the guard asks
its safety check-in rather than a background question.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict

from penguin_guard.crisis import find_crisis
from penguin_guard.models import RiskAssessment

if TYPE_CHECKING:
    from penguin_guard.config import Sensitivity

log = logging.getLogger(__name__)

_SUPPORT = "crisis words in what reads as support for someone else"

__all__ = ["CrisisSignal", "builtin_signals", "check", "collect_plugin_signals", "shows_concern"]


class CrisisSignal(BaseModel):
    """One reason to treat a turn as a crisis or as showing warning signs. Names a source, never user text."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["crisis", "warning", "concern"]
    source: str
    reason: str = ""


def builtin_signals(text: str, view: str, sensitivity: Sensitivity = "balanced",
                    warnings: bool = True, support_check_in: bool = False) -> list[CrisisSignal]:
    """The rules on `text` and on its normalised form `view`, then the learned head on `view`.

    A rule's match escalates unless the head reads every window as confidently no crisis (a story from years
    ago, someone else's words, a game): then it is a warning, and the safety check-in shows the resources at once
    and escalates on anything but a clear "no". Out of fold this kept 0 of the rules' training crises from
    escalating and about half of the training look-alikes they matched (scripts/build_crisis_head.py). With
    `support_check_in` (GuardConfig.support_replies), a crisis from a rule or the head that reads as written to
    support someone else gets that check-in too (penguin_guard.support_reply), except in a reply to the guard's
    own question (`warnings=False`).
    `sensitivity` (GuardConfig.crisis_sensitivity) sets how readily the head escalates on its own; with
    `warnings=False` (a reply to the guard's own question) the head looks for a crisis only, so it embeds nothing
    a crisis could not come of."""
    from penguin_guard.crisis_head import load_head
    from penguin_guard.support_reply import reads_as_support

    head = load_head(sensitivity)
    match = find_crisis(view) or (find_crisis(text) if view != text else None)
    if match is not None:
        if head is not None and head.reads_as_lookalike(view):
            return [CrisisSignal(kind="warning", source=f"rule:{match.pattern}",
                                 reason="crisis words the learned head reads as a look-alike")]
        if support_check_in and warnings and reads_as_support(head, view):
            return [CrisisSignal(kind="warning", source=f"rule:{match.pattern}", reason=_SUPPORT)]
        return [CrisisSignal(kind="crisis", source=f"rule:{match.pattern}", reason=match.reason)]
    verdict = head.classify(view, warnings=warnings) if head is not None else "none"
    if verdict == "crisis":
        if support_check_in and warnings and reads_as_support(head, view):
            return [CrisisSignal(kind="warning", source="crisis-head", reason=_SUPPORT)]
        return [CrisisSignal(kind="crisis", source="crisis-head", reason="crisis language (learned)")]
    if verdict == "warning":
        return [CrisisSignal(kind="warning", source="crisis-head", reason="warning signs of suicide risk")]
    return []


def shows_concern(view: str, sensitivity: Sensitivity = "balanced") -> bool:
    """The learned head's concern band on the normalised text: asked by the guard only of a request its risk
    detector finds risky (a background question would come next), since it may cost an embedding."""
    from penguin_guard.crisis_head import load_head

    head = load_head(sensitivity)
    return head is not None and head.shows_concern(view)


def collect_plugin_signals(results: Iterable[Any]) -> list[CrisisSignal]:
    """Flatten what `penguin_crisis_signals` implementations returned (a signal, a list of them, or None)."""
    signals: list[CrisisSignal] = []
    for result in results:
        items = result if isinstance(result, list | tuple) else [result]
        for item in items:
            if item is None:
                continue
            signals.append(item if isinstance(item, CrisisSignal) else CrisisSignal.model_validate(item))
    return signals


def check(signals: list[CrisisSignal]) -> RiskAssessment | None:
    """The floor's verdict: a crisis assessment, a warning-signs assessment, a concern (level "none": the detector
    decides, see Stages.assess), or None."""
    crises = [s for s in signals if s.kind == "crisis"]
    if crises:
        return RiskAssessment(level="crisis", domain="health", score=1.0, reason=crises[0].reason or "explicit crisis",
                              detector=crises[0].source, signals=tuple(s.source for s in signals))
    warnings = [s for s in signals if s.kind == "warning"]
    if warnings:
        return RiskAssessment(level="high", domain="health", score=0.95, warning_signs=True,
                              reason=warnings[0].reason or "warning signs", detector=warnings[0].source,
                              signals=tuple(s.source for s in warnings))
    concerns = [s for s in signals if s.kind == "concern"]
    if concerns:
        return RiskAssessment(concern=True, reason=concerns[0].reason, detector=concerns[0].source,
                              signals=tuple(s.source for s in concerns))
    return None
