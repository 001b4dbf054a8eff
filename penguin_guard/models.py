"""Pydantic models at the package's boundaries: what the guard decides, and what a session remembers.

Attribute *values* live only in `Profile.values`; everything that is logged or returned to a caller (the
`Decision`) carries attribute *names* only.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from penguin_guard.taxonomy import Attribute, Domain

Level = Literal["none", "elevated", "high", "crisis"]
Action = Literal["pass", "ask", "enrich", "escalate"]

LEVEL_ORDER: dict[str, int] = {"none": 0, "elevated": 1, "high": 2, "crisis": 3}


class RiskAssessment(BaseModel):
    """How risky the latest user turn is, and in which personal domain."""

    model_config = ConfigDict(frozen=True)

    level: Level = "none"
    domain: Domain | None = None
    score: float = Field(0.0, ge=0.0, le=1.0, description="probability that the prompt is high-risk personal")
    reason: str = ""
    detector: str = ""
    # Warning signs of suicide risk short of an explicit crisis (passive ideation, giving things away,
    # method-seeking without stated intent): the guard asks a direct safety check-in first.
    warning_signs: bool = False
    # What fired (rule names, "crisis-head", plugin names): never the user's text, so safe to log.
    signals: tuple[str, ...] = ()

    @property
    def is_crisis(self) -> bool:
        return self.level == "crisis"

    @property
    def is_risky(self) -> bool:
        return self.level in ("elevated", "high")


class Profile(BaseModel):
    """What the guard knows about one user: attribute values plus what was asked and declined."""

    values: dict[str, str] = Field(default_factory=dict)
    asked: list[str] = Field(default_factory=list)
    declined: list[str] = Field(default_factory=list)

    def known(self) -> list[str]:
        return list(self.values)

    def remaining(self, attributes: tuple[str, ...] | list[str]) -> list[str]:
        """Attributes neither known nor declined, in the given order."""
        return [a for a in attributes if a not in self.values and a not in self.declined]

    def __repr__(self) -> str:  # never print values
        return f"Profile(known={self.known()}, asked={self.asked}, declined={self.declined})"

    __str__ = __repr__


class Ask(BaseModel):
    """Policy step: ask the user for one attribute."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["ask"] = "ask"
    attribute: Attribute
    reason: str = ""


class Answer(BaseModel):
    """Policy step: enough is known (or the budget is spent); answer now."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["answer"] = "answer"
    reason: str = ""


PolicyStep = Ask | Answer


class SessionState(BaseModel):
    """One session's memory. Stored by a SessionStore; values are sensitive and never logged."""

    session_id: str
    profile: Profile = Field(default_factory=Profile)
    pending_attribute: str | None = None
    pending_question: str | None = None
    original_request: str | None = None
    request_domain: str | None = None
    request_level: str | None = None
    questions_this_request: int = 0
    escalations: int = 0
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0

    def __repr__(self) -> str:
        return (
            f"SessionState(session_id={self.session_id!r}, {self.profile!r}, "
            f"pending={self.pending_attribute!r}, questions={self.questions_this_request})"
        )

    __str__ = __repr__


class Decision(BaseModel):
    """What the guard decided for one turn. Safe to log: it names attributes, never their values."""

    action: Action
    risk: RiskAssessment = Field(default_factory=RiskAssessment)
    question: str | None = None
    attribute: Attribute | None = None
    known_attributes: list[str] = Field(default_factory=list)
    declined_attributes: list[str] = Field(default_factory=list)
    questions_asked: int = 0
    reason: str = ""
    session_id: str | None = None
    # Set for enrich/escalate: the system message the upstream call gets (contains context values:
    # use it, do not log it). Excluded from dumps by default.
    system_message: str | None = Field(default=None, exclude=True, repr=False)
    # Set for escalate: the crisis resources block shown before anything else.
    crisis_resources: str | None = None

    def summary(self) -> dict:
        """The CLI's one-line JSON view."""
        return {
            "action": self.action,
            "domain": self.risk.domain,
            "level": self.risk.level,
            "score": round(self.risk.score, 4),
            "reason": self.reason or self.risk.reason,
            "question": self.question,
            "attribute": self.attribute,
            "known_attributes": self.known_attributes,
        }
