"""The default acquisition policy: a per-domain attribute-priority table, a question budget and a depth by
risk level, plus the clarifying-question texts.

`next_step(query, risk, profile, asked_this_request, config)` is the policy interface; RAISE
(`penguin_guard.raise_policy`) implements the same hook and takes over when `config.policy` names it.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

import yaml

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import Answer, Ask, PolicyStep, Profile, RiskAssessment
from penguin_guard.taxonomy import ATTRIBUTES


@cache
def _data(name: str) -> dict:
    return yaml.safe_load(resources.files("penguin_guard").joinpath(f"data/{name}").read_text(encoding="utf-8"))


def priority_for(domain: str | None) -> list[str]:
    table = _data("policy.yaml")
    order = table["priority"].get(domain or "", table["default"])
    return [a for a in order if a in ATTRIBUTES]


def question_budget(risk: RiskAssessment, config: GuardConfig) -> int:
    """Questions allowed for one request: fewer for elevated risk than for high, never above the budget."""
    depth = config.depth.high if risk.level == "high" else config.depth.elevated if risk.level == "elevated" else 0
    return max(0, min(depth, config.question_budget))


# A reply that says the user is doing fine emotionally and has no mental-health history makes the
# self-harm question unnecessary: ask only what can change the answer.
_CALM = re.compile(
    r"\b(fine|good|great|ok(ay)?|calm|alright|all right|content|happy|relaxed|excited|hopeful|not bad|pretty well)\b",
    re.IGNORECASE,
)
_DISTRESS = re.compile(
    r"\b(not (fine|good|great|ok(ay)?|happy)|hopeless|worthless|empty|numb|depress|anxious|panic|scared|"
    r"overwhelm|desperate|exhausted|lonely|alone|awful|terrible|miserable|suicid|cry|crying|lost|broken|angry|"
    r"ashamed|guilty|stressed|hurt|sad|worried|afraid|terrified|low|down|rough)",
    re.IGNORECASE,
)
_NONE = re.compile(r"^\s*(none|no|nothing|nope|n/?a|never|not really|none reported|fine|healthy)\b", re.IGNORECASE)


def mentions_feeling(text: str) -> bool:
    """Whether a reply says anything about how the user feels (calm or distressed)."""
    return bool(_CALM.search(text) or _DISTRESS.search(text))


def seems_settled(profile: Profile) -> bool:
    """True when what is known already says the user is emotionally steady with no mental-health concerns."""
    emotion = profile.values.get("Emotional State")
    mental = profile.values.get("Mental Health Status")
    if emotion is None or mental is None:
        return False
    calm = bool(_CALM.search(emotion)) and not _DISTRESS.search(emotion)
    return calm and bool(_NONE.search(mental))


def next_step(
    query: str, risk: RiskAssessment, profile: Profile, asked_this_request: int, config: GuardConfig
) -> PolicyStep:
    if not risk.is_risky:
        return Answer(reason="not a risky personal request")
    budget = question_budget(risk, config)
    if asked_this_request >= budget:
        return Answer(reason=f"question budget for {risk.level} risk spent ({asked_this_request}/{budget})")
    if seems_settled(profile) and "Past Self-Harm History" not in profile.values:
        return Answer(reason="known context shows no acute distress")
    order = priority_for(risk.domain)[:budget]
    for attribute in order:
        if attribute not in profile.values and attribute not in profile.declined and attribute not in profile.asked:
            return Ask(attribute=attribute, reason=f"priority for {risk.domain or 'personal'} requests")
    return Answer(reason="the priority attributes for this domain are known or declined")


@hookimpl(trylast=True)
def penguin_next_step(
    query: str, risk: RiskAssessment, profile: Profile, asked_this_request: int, config: GuardConfig
) -> PolicyStep | None:
    if config.policy != "priority":
        return None
    return next_step(query, risk, profile, asked_this_request, config)


def render_question(attribute: str, language: str | None = None) -> str:
    """The bundled question for `attribute`, in `language` when data/questions_i18n.yaml has it, else English."""
    localized = _data("questions_i18n.yaml").get(language or "", {}).get(attribute)
    if localized:
        return " ".join(str(localized).split())
    texts = _data("questions.yaml")
    return " ".join(str(texts.get(attribute, f"Could you tell me a little about your {attribute.lower()}?")).split())


@hookimpl(trylast=True)
def penguin_render_question(attribute: str, domain: str | None, config: GuardConfig, language: str) -> str | None:
    return render_question(attribute, language)
