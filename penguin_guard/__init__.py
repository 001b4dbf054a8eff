"""penguin-guard: a personalized-safety guardrail for chat assistants (PENGUIN benchmark, RAISE agent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import Answer, Ask, Decision, Profile, RiskAssessment

__version__ = "0.1.0"

if TYPE_CHECKING:
    from penguin_guard.guard import Guard

__all__ = ["Answer", "Ask", "Decision", "Guard", "GuardConfig", "Profile", "RiskAssessment", "hookimpl", "__version__"]


def __getattr__(name: str) -> Any:
    # Guard pulls in the detector and its encoder lazily; keep `import penguin_guard` light.
    if name == "Guard":
        from penguin_guard.guard import Guard

        return Guard
    raise AttributeError(name)
