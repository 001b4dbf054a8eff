"""Rates with 95% Wilson intervals, and the JSONL sets they are counted on, shared by the evaluations (judgement,
extraction, safety answers, conversations)."""

from __future__ import annotations

import json
import math
from pathlib import Path


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for hits/n (sensible at 0 and n, unlike the normal approximation)."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(hits: int, n: int) -> str:
    """"hits/n = rate [low, high]", or "n/a" when there is nothing to count."""
    low, high = wilson(hits, n)
    return f"{hits}/{n} = {hits / n:.3f} [{low:.3f}, {high:.3f}]" if n else "n/a"


def read_jsonl(path: Path) -> list[dict]:
    """The records of a JSONL set, blank lines skipped."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
