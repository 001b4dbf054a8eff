"""Explicit-crisis detection by patterns: suicidal intent, current self-harm, imminent danger.

The implementation lives in `penguin_guard.crisis.engine`; this package re-exports its public API.
"""

from __future__ import annotations

from penguin_guard.crisis.engine import CRISIS_KINDS, CrisisMatch, find_crisis, has_crisis_cue, normalize

__all__ = ["CRISIS_KINDS", "CrisisMatch", "find_crisis", "has_crisis_cue", "normalize"]
