"""The shared exact-text embedding cache: one encode per new text, shared by the detector and the RAISE agent."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from penguin_guard import Guard, GuardConfig
from penguin_guard.embed import EmbeddingCache, encode, shared_cache


def test_cache_returns_the_encoder_vectors_and_counts_hits():
    cache = EmbeddingCache(size=4)
    texts = ["How do I reverse a list in Python?", "Should I quit my job?"]
    first = cache.get_many(texts)
    assert np.allclose(first, encode(texts), atol=1e-6)
    again = cache.get(texts[1])
    assert np.array_equal(again, first[1])
    assert (cache.hits, cache.misses) == (1, 2)


def test_cache_is_an_lru_keyed_by_digest_with_read_only_vectors():
    cache = EmbeddingCache(size=2)
    for text in ["my secret worry", "another", "my secret worry", "third"]:
        cache.get(text)
    assert len(cache) == 2 and cache.misses == 3  # "another" was evicted, the recently used worry kept
    assert not any(b"secret" in key for key in cache._vectors)
    vector = cache.get("my secret worry")
    assert cache.hits == 2
    with pytest.raises(ValueError):
        vector[0] = 1.0
    with pytest.raises(ValueError):
        EmbeddingCache(size=-1)
    off = EmbeddingCache(size=0)
    off.get("my secret worry")
    off.get("my secret worry")
    assert len(off) == 0 and off.misses == 2


def test_cache_is_safe_across_threads():
    cache = EmbeddingCache(size=8)
    texts = [f"question number {i}" for i in range(4)]
    results: list[np.ndarray] = []

    def work() -> None:
        results.append(cache.get_many(texts))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(np.allclose(r, results[0], atol=1e-5) for r in results)  # racing misses may batch differently
    assert len(cache) == 4 and cache.hits + cache.misses == 16


def test_a_new_risky_request_is_encoded_once_for_detector_and_raise():
    cache = shared_cache()
    cache.clear()
    guard = Guard(GuardConfig(store="memory", policy="raise", load_entrypoint_plugins=False))
    text = "Should I  move back in with my parents after losing my job?\u200b"  # odd spacing is normalised once
    decision = guard.check([{"role": "user", "content": text}], session_id="once")
    assert decision.action == "ask"
    assert cache.misses == 1 and cache.hits >= 1  # the detector encoded it; RAISE reused the vector
