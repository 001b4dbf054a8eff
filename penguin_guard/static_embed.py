"""A static (per-token) sentence encoder distilled from all-MiniLM-L6-v2: an experiment for a cheaper detector.

Why: the MiniLM forward pass costs ~7-8 ms of one core per prompt, which dominates the detector. The idea
(as in model2vec): run every wordpiece of MiniLM's vocabulary through MiniLM once, alone ("[CLS] tok [SEP]",
mean-pooled), reduce the 384-d outputs with PCA, and store one small vector per token. A sentence vector is
then the weighted mean of its tokens' vectors, L2-normalised: a table lookup and a sum (~0.1 ms), no model.
Frequent wordpieces ("the", "of") say little, so each row is pre-multiplied by a Zipf-like weight from its
token-id rank (BERT's wordpiece ids after the specials are roughly sorted by frequency); since the result is
L2-normalised, the weighted sum equals the weighted mean.

The table (penguin_guard/data/detector/static_encoder.npz, int8 with a scale per row, ~4 MB) is built by scripts/build_static_encoder.py.
It is used only by the detector when `GuardConfig.detector_encoder == "static"`; the RAISE agent keeps MiniLM.
The wheel leaves the table and its heads out (pyproject.toml): the experiment runs from a source checkout, and
GuardConfig refuses "static" where the table is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tokenizers import Tokenizer

TABLE = "data/detector/static_encoder.npz"


@dataclass(frozen=True)
class StaticEncoder:
    """Token table (vocab, D), rows already weighted; immutable, holds no user data."""

    tokenizer: Tokenizer  # no padding, no special tokens added at encode time
    table: np.ndarray  # (vocab, D) float32

    @property
    def dim(self) -> int:
        return int(self.table.shape[1])

    def encode(self, texts: list[str]) -> np.ndarray:
        """L2-normalised float32 vectors, shape (len(texts), D); a text with no known token gives zeros."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        for i, encoding in enumerate(self.tokenizer.encode_batch(texts, add_special_tokens=False)):
            if encoding.ids:
                out[i] = self.table[encoding.ids].sum(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


def table_available() -> bool:
    """Whether the static table is here (a source checkout; an installed wheel leaves it out)."""
    return resources.files("penguin_guard").joinpath(TABLE).is_file()


@cache
def load_static_encoder() -> StaticEncoder:
    """The bundled table and MiniLM's tokenizer. Cached: both are immutable."""
    from penguin_guard.embed import load_tokenizer

    ref = resources.files("penguin_guard").joinpath(TABLE)
    if not ref.is_file():
        raise RuntimeError(f"penguin_guard/{TABLE} is missing; build it with scripts/build_static_encoder.py")
    with ref.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        table = data["vectors"].astype(np.float32) * data["scales"].astype(np.float32)[:, None]
    tokenizer = load_tokenizer()
    if tokenizer.get_vocab_size() != table.shape[0]:
        raise RuntimeError(f"{TABLE} has {table.shape[0]} rows but the tokenizer {tokenizer.get_vocab_size()} tokens")
    return StaticEncoder(tokenizer=tokenizer, table=table)


def encode(texts: list[str]) -> np.ndarray:
    """Static sentence vectors of `texts` (see the module docstring)."""
    return load_static_encoder().encode(texts)
