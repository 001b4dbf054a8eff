"""The guard's hook for RAISE: acts when `GuardConfig.policy == "raise"`, defers otherwise."""

from __future__ import annotations

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import PolicyStep, Profile, RiskAssessment
from penguin_guard.raise_policy import agent


@hookimpl(trylast=True)
def penguin_next_step(
    query: str, risk: RiskAssessment, profile: Profile, asked_this_request: int, config: GuardConfig
) -> PolicyStep | None:
    if config.policy != "raise":
        return None
    return agent.next_step(query, risk, profile, asked_this_request, config)
