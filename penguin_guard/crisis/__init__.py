"""Explicit-crisis detection by patterns: suicidal intent, current self-harm, imminent danger.

The rules are data, one file per language in `rules/<lang>.yaml` (each rule with the examples it must match
and the look-alikes it must not); `engine` loads them once and scans text. This package re-exports the public API.
"""

from __future__ import annotations

from penguin_guard.crisis.engine import CRISIS_KINDS, CrisisMatch, find_crisis, has_crisis_cue, normalize

__all__ = ["CRISIS_KINDS", "CrisisMatch", "find_crisis", "has_crisis_cue", "normalize"]
