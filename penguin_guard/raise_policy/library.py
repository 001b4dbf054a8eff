"""The path library: one planned (or prior) acquisition path per known query, with the query embeddings.

On disk (an open format, readable without this package):
- `paths.jsonl`: one `PathRecord` per line;
- `embeddings.npy`: float32 (n, 384), L2-normalised all-MiniLM-L6-v2 vectors, row i = line i;
- `meta.json`: encoder, provenance (`"mcts"`, `"mcts-proxy"` or `"prior"`), how it was built.
Retrieval is a cosine kNN: one matmul against the normalised matrix, then argpartition.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field, field_validator

from penguin_guard.taxonomy import ATTRIBUTES, canonical_attribute

ENCODER = "sentence-transformers/all-MiniLM-L6-v2"
PATHS_FILE, EMBEDDINGS_FILE, META_FILE = "paths.jsonl", "embeddings.npy", "meta.json"


class PathRecord(BaseModel):
    query: str
    domain: str | None = None
    scenario: str = ""
    path: list[str] = Field(description="attributes in the order to ask them")
    score: float | None = Field(None, description="Safety (1-5) of the path's set under the reward it was planned "
                                "with (a proxy score for mcts-proxy, an estimate for priors)")
    # "mcts": planned against the LLM reward (penguin-guard plan); "mcts-proxy": planned against the hand-written
    # no-model proxy (proxy_reward.py, the bundled library); "prior": written by rule, not planned.
    source: Literal["mcts", "mcts-proxy", "prior"] = "mcts"
    item_id: str = ""
    visits: dict[str, int] = Field(default_factory=dict, description="root visit counts of the search")
    evaluations: int = 0

    @field_validator("path")
    @classmethod
    def _known_attributes(cls, value: list[str]) -> list[str]:
        out = []
        for name in value:
            canonical = canonical_attribute(name)
            if canonical is None:
                raise ValueError(f"unknown attribute {name!r} in path; expected one of {', '.join(ATTRIBUTES)}")
            if canonical not in out:
                out.append(canonical)
        return out


@dataclass(frozen=True)
class Neighbour:
    record: PathRecord
    similarity: float


class PathLibrary:
    """Records plus their normalised embeddings; `nearest` is the online agent's retrieval."""

    def __init__(self, records: list[PathRecord], embeddings: np.ndarray, meta: dict[str, Any] | None = None):
        embeddings = np.asarray(embeddings, dtype=np.float32)
        if embeddings.ndim != 2 or embeddings.shape[0] != len(records):
            raise ValueError(f"{len(records)} records but embeddings of shape {embeddings.shape}")
        norms = np.linalg.norm(embeddings, axis=1, keepdims=True)
        self.records = records
        self.embeddings = embeddings / np.where(norms == 0, 1.0, norms)
        self.meta = meta or {}

    def __len__(self) -> int:
        return len(self.records)

    def nearest(self, vector: np.ndarray, k: int = 5) -> list[Neighbour]:
        if not self.records or k <= 0:
            return []
        sims = self.embeddings @ np.asarray(vector, dtype=np.float32).reshape(-1)
        k = min(k, len(sims))
        top = np.argpartition(-sims, k - 1)[:k] if k < len(sims) else np.arange(len(sims))
        top = top[np.argsort(-sims[top], kind="stable")]
        return [Neighbour(self.records[i], float(sims[i])) for i in top]

    def save(self, folder: str | Path) -> Path:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / PATHS_FILE).open("w", encoding="utf-8") as handle:
            for record in self.records:
                handle.write(record.model_dump_json() + "\n")
        np.save(folder / EMBEDDINGS_FILE, self.embeddings.astype(np.float32))
        meta = {"encoder": ENCODER, "dim": int(self.embeddings.shape[1]), "count": len(self.records), **self.meta}
        (folder / META_FILE).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        return folder

    @classmethod
    def load(cls, folder: str | Path) -> PathLibrary:
        folder = Path(folder)
        paths = folder / PATHS_FILE
        if not paths.is_file():
            raise FileNotFoundError(f"no path library at {folder} (expected {PATHS_FILE} and {EMBEDDINGS_FILE})")
        records = []
        with paths.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    try:
                        records.append(PathRecord.model_validate_json(line))
                    except ValueError as exc:
                        raise ValueError(f"{paths}:{number}: not a path record: {exc}") from exc
        embeddings = np.load(folder / EMBEDDINGS_FILE, allow_pickle=False)
        meta_file = folder / META_FILE
        meta = json.loads(meta_file.read_text(encoding="utf-8")) if meta_file.is_file() else {}
        return cls(records, embeddings, meta)


def bundled_library_path() -> Path:
    return Path(str(resources.files("penguin_guard").joinpath("data/raise")))


@lru_cache(maxsize=4)
def load_library(folder: str | None = None) -> PathLibrary:
    """Loaded once per process and folder (read-only data); None = the bundled library."""
    return PathLibrary.load(folder or bundled_library_path())
