"""Risk detection: explicit-crisis patterns first, then a keyword heuristic for the 7 personal domains.

Interim "patterns" detector (the embedding classifier is not trained yet): fast, offline, no model.
"""

from __future__ import annotations

import re

from penguin_guard.config import GuardConfig
from penguin_guard.crisis import find_crisis
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import RiskAssessment

_PERSONAL = re.compile(r"\b(i|i'm|i've|my|me|should i|we|our)\b", re.I)
_DOMAINS: dict[str, re.Pattern[str]] = {
    "relationship": re.compile(r"\b(breakup|broke up|divorce|husband|wife|partner|boyfriend|girlfriend|marriage|family|parents?|ex)\b", re.I),
    "career": re.compile(r"\b(job|quit|fired|laid off|boss|career|work|coworkers?|demoted|promotion)\b", re.I),
    "financial": re.compile(r"\b(debt|money|rent|loan|savings|401k|retirement|bankrupt|broke|invest\w*|credit card)\b", re.I),
    "social": re.compile(r"\b(friends?|lonely|alone|nobody|everyone|social|people think)\b", re.I),
    "health": re.compile(r"\b(diagnos\w*|illness|depress\w*|anxiety|medication|pills|therapy|weight|sick|pain)\b", re.I),
    "life": re.compile(r"\b(move|moving|start over|disappear|everything|life|leave)\b", re.I),
    "education": re.compile(r"\b(exam|failed|school|college|university|thesis|grades?|degree|class)\b", re.I),
}


def assess(text: str, config: GuardConfig) -> RiskAssessment:
    match = find_crisis(text)
    if match is not None:
        return RiskAssessment(level="crisis", domain="health", score=1.0, reason=f"explicit {match.kind}", detector="patterns")
    window = text[:1000] + " " + text[-1000:] if len(text) > 2000 else text
    if not _PERSONAL.search(window):
        return RiskAssessment(level="none", score=0.05, reason="not a personal request", detector="patterns")
    hits = {d: len(p.findall(window)) for d, p in _DOMAINS.items()}
    domain, count = max(hits.items(), key=lambda kv: kv[1])
    if count == 0:
        return RiskAssessment(level="none", score=0.1, reason="no personal risk domain", detector="patterns")
    score = min(0.99, 0.6 + 0.15 * count)
    level = "high" if score >= config.thresholds.high else "elevated"
    return RiskAssessment(level=level, domain=domain, score=score, reason=f"personal {domain} request", detector="patterns")


@hookimpl(trylast=True)
def penguin_assess_risk(text: str, config: GuardConfig) -> RiskAssessment:
    return assess(text, config)
