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
    # Signs of suicide risk below the warning band (the learned crisis head's "concern"): a risky request that shows
    # them gets the safety check-in instead of a background question; on its own it changes nothing.
    concern: bool = False
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


class Extraction(BaseModel):
    """What one user message says about the user, as the extractor hook returns it.

    `declined`: the user refused or waved the question away. `unanswered`: asked, but the reply neither
    answers nor declines it ("ok", "not sure", an unrelated fact); it stays unknown and is not asked again
    in this episode.
    """

    values: dict[str, str] = Field(default_factory=dict)
    declined: list[str] = Field(default_factory=list)
    unanswered: list[str] = Field(default_factory=list)


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
    """One session's memory. Stored by a SessionStore; values are sensitive and never logged.

    The profile lasts as long as the session. The rest describes the current *episode*: a risky request, the
    questions about it, its enriched answer and the follow-ups on the same topic (README, "A conversation
    through the guard"). An episode is open while `original_request` is set.
    """

    session_id: str
    profile: Profile = Field(default_factory=Profile)
    pending_attribute: str | None = None
    pending_question: str | None = None
    # The episode's request, bounded (head and tail of a long one: episode.bounded_request), and the whole
    # request's digest, by which the same request sent again is recognised.
    original_request: str | None = None
    request_digest: str | None = None
    request_domain: str | None = None
    request_level: str | None = None
    questions_this_request: int = 0
    # The request was answered (enriched): later turns on the same topic are follow-ups and get no questions.
    answered: bool = False
    # Asked in this episode and answered with neither a value nor a decline ("ok", "not sure"): not asked again.
    unanswered: list[str] = Field(default_factory=list)
    escalations: int = 0
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0

    def __repr__(self) -> str:
        return (
            f"SessionState(session_id={self.session_id!r}, {self.profile!r}, "
            f"pending={self.pending_attribute!r}, questions={self.questions_this_request}, answered={self.answered})"
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
