"""Encode the extractor's answer prototypes and write penguin_guard/data/extraction/prototypes.npz.

    .venv/bin/python scripts/build_extraction_prototypes.py

Data: scripts/data/extraction_prototypes.jsonl, written for the project: short free-form answers per attribute
that name no keyword the rules read ("I fix HVAC systems for a living", "we get by, barely"), and "other" clauses
(plans, places, other people, logistics) that answer nothing about the user. No evaluation data is used.

What is stored: the MiniLM vectors of the prototypes (float16, L2-normalised), their class, the class names, a
digest of the prototype file (tests check that the bundle matches it), and the decision cut-offs:
- `min_score`: the asked class's score (mean cosine to its 3 nearest prototypes) must reach it;
- `margin`: and beat every other class, "other" included, by this much.
The cut-offs are set by hand (see penguin_guard/extract_similarity.py for why they are conservative) and
checked on scripts/data/extraction_train.jsonl with benchmarks/extraction_eval.py.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from penguin_guard.embed import encode  # noqa: E402
from penguin_guard.extract_similarity import CLASSES, MARGIN, MIN_SCORE  # noqa: E402

DATA = ROOT / "scripts" / "data" / "extraction_prototypes.jsonl"
OUT = ROOT / "penguin_guard" / "data" / "extraction" / "prototypes.npz"


def main() -> int:
    raw = DATA.read_bytes()
    rows = [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]
    unknown = {r["label"] for r in rows} - set(CLASSES)
    if unknown:
        raise SystemExit(f"unknown labels in {DATA.name}: {sorted(unknown)}")
    vectors = encode([r["text"] for r in rows])
    labels = np.array([CLASSES.index(r["label"]) for r in rows], dtype=np.int16)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        OUT,
        vectors=vectors.astype(np.float16),
        labels=labels,
        classes=np.array(CLASSES),
        digest=np.array(hashlib.sha256(raw).hexdigest()),
        min_score=np.float32(MIN_SCORE),
        margin=np.float32(MARGIN),
    )
    counts = {c: int((labels == i).sum()) for i, c in enumerate(CLASSES)}
    print(f"wrote {OUT.relative_to(ROOT)}: {len(rows)} prototypes {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
