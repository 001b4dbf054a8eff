"""penguin-guard: a personalized-safety guardrail for chat assistants (PENGUIN benchmark, RAISE agent).

Everything a user or a plugin author needs is importable from here; the rest is internal.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from penguin_guard.config import GuardConfig
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import (
    Answer,
    Ask,
    Decision,
    Extraction,
    PolicyStep,
    Profile,
    RiskAssessment,
    SessionState,
)

__version__ = "0.1.0"

if TYPE_CHECKING:
    from penguin_guard.crisis_check import CrisisSignal
    from penguin_guard.guard import Guard, Prepared, decision_of
    from penguin_guard.llm import LLMError
    from penguin_guard.messages import InvalidMessagesError
    from penguin_guard.plugins import UnknownPluginError
    from penguin_guard.session import SessionStore, StoreUnavailable

# Loaded on first use: Guard pulls in the detector and its encoder, so `import penguin_guard` stays light.
_LAZY = {
    "Guard": "penguin_guard.guard",
    "Prepared": "penguin_guard.guard",
    "decision_of": "penguin_guard.guard",
    "CrisisSignal": "penguin_guard.crisis_check",
    "InvalidMessagesError": "penguin_guard.messages",
    "LLMError": "penguin_guard.llm",
    "SessionStore": "penguin_guard.session",
    "StoreUnavailable": "penguin_guard.session",
    "UnknownPluginError": "penguin_guard.plugins",
}

__all__ = [
    # the guard
    "Guard",
    "GuardConfig",
    "Prepared",
    "decision_of",
    "Decision",
    "RiskAssessment",
    # errors
    "InvalidMessagesError",
    "LLMError",
    "StoreUnavailable",
    "UnknownPluginError",
    # sessions
    "SessionState",
    "SessionStore",
    # writing plugins
    "hookimpl",
    "Answer",
    "Ask",
    "PolicyStep",
    "Extraction",
    "Profile",
    "CrisisSignal",
    "__version__",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value  # once per name; the module object is the cache
        return value
    raise AttributeError(f"module 'penguin_guard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
