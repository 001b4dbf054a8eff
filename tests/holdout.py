"""The detector's held-out prompts (tests/data/detector_holdout*.jsonl), shared by the detector tests."""

from __future__ import annotations

import json
from pathlib import Path

HOLDOUT_FILES = sorted((Path(__file__).parent / "data").glob("detector_holdout*.jsonl"))


def holdout_rows() -> list[dict]:
    """Every held-out row: {"text", "label": risky|benign|crisis, "domain"?}."""
    return [json.loads(line) for path in HOLDOUT_FILES for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def of(assessed: list[tuple[dict, object]], label: str) -> list[tuple[dict, object]]:
    """The (row, assessment) pairs of one label."""
    return [(row, risk) for row, risk in assessed if row["label"] == label]
