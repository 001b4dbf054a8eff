"""The real public data in benchmarks/data/public/ is measured on, never trained on, so it must be what its
provenance file says it is: every file named in SOURCES.md with its licence, every row a text with its source, and
none of it inside the training data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "benchmarks" / "data" / "public"
FILES = sorted(PUBLIC.glob("*.jsonl"))
TRAINING = sorted((ROOT / "scripts" / "data").glob("*.jsonl")) + sorted((ROOT / "penguin_guard" / "data" / "detector").glob("*.jsonl"))


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_public_file_is_documented_with_its_licence(path):
    sources = (PUBLIC / "SOURCES.md").read_text(encoding="utf-8")
    summary = next(line for line in sources.splitlines() if line.startswith(f"| {path.name} |"))
    assert re.search(r"CC BY|Apache|MIT", summary), f"{path.name}: no licence in the summary table"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_row_is_a_text_with_its_source(path):
    records = rows(path)
    assert records
    assert all(isinstance(r["text"], str) and r["text"].strip() and len(r["text"]) <= 4000 for r in records)
    assert len({r["source"] for r in records}) == 1


def test_no_public_text_is_training_data():
    public = {r["text"].strip() for path in FILES for r in rows(path)}
    trained = {r["text"].strip() for path in TRAINING for r in rows(path) if isinstance(r.get("text"), str)}
    assert not public & trained
